"""Games written back as PGN (the site's downloads) and lines as text (the game pages).

The export is normalised as the PGN standard's export format asks (8.1.1, 8.2): the
seven tags first in their order, then the others, movetext lines of at most 80
characters, a blank line between games.
"""

from __future__ import annotations

from collections.abc import Iterable

from trfsite.formats.pgn.reader import SEVEN_TAG_ROSTER, Line, PgnGame

# The common NAGs as annotators print them (PGN standard 10, glyphs of the Informant).
NAG_SYMBOLS = {
    1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "□", 10: "=", 13: "∞",
    14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "−+", 22: "⨀", 23: "⨀",
    32: "⟳", 33: "⟳", 36: "→", 37: "→", 40: "↑", 41: "↑", 132: "⇆", 133: "⇆", 146: "N",
}  # fmt: skip
_WIDTH = 80


def nag_text(nags: Iterable[int]) -> str:
    return "".join(NAG_SYMBOLS.get(nag, f" ${nag}") for nag in nags).strip()


def move_number(ply: int, white_first: bool = True, first_number: int = 1) -> tuple[int, bool]:
    """The move number of the ``ply``-th move (0-based) and whether White makes it."""
    offset = 0 if white_first else 1
    return first_number + (ply + offset) // 2, (ply + offset) % 2 == 0


def line_tokens(
    line: Line, ply: int = 0, white_first: bool = True, first_number: int = 1, glyphs: bool = False
) -> list[str]:
    """A line's movetext as tokens: numbers, moves, NAGs, ``{comments}``, variations in
    parentheses. ``ply``: the line's first move's index from the game's start;
    ``glyphs`` writes NAGs as symbols (``!?``) rather than ``$5``."""
    offset = ply + (0 if white_first else 1)
    if not line.comment and not line.annotations:
        return _plain_tokens(line.sans, offset, first_number)
    tokens: list[str] = []
    if line.comment:
        tokens.append(_comment(line.comment, glyphs))
    numbered = False  # a Black move after a comment or variation repeats its number
    notes = dict(line.annotations)  # the few annotated moves; most are plain
    for index, san in enumerate(line.sans):
        number, black = divmod(offset + index, 2)
        if not black:
            tokens.append(f"{first_number + number}.")
        elif not numbered:
            tokens.append(f"{first_number + number}...")
        tokens.append(san)
        numbered = True
        note = notes.get(index)
        if note is None:
            continue
        if note.nags:
            if glyphs:
                tokens[-1] += nag_text(note.nags)
            else:
                tokens.extend(f"${nag}" for nag in note.nags)
        if note.comment:
            tokens.append(_comment(note.comment, glyphs))
            numbered = False
        for variation in note.variations:
            inner = line_tokens(variation, ply + index, white_first, first_number, glyphs)
            tokens.append("(" + " ".join(inner) + ")")
            numbered = False
    return tokens


def _plain_tokens(sans: tuple[str, ...], offset: int, first_number: int) -> list[str]:
    """``line_tokens`` of a line without notes (most games' main lines), a move pair at
    a time: one number per pair, no annotation looked up per move."""
    tokens: list[str] = []
    start = 0
    number = first_number + offset // 2
    if offset % 2 and sans:
        tokens += (f"{number}...", sans[0])
        start, number = 1, number + 1
    end = len(sans) - (len(sans) - start) % 2  # after the last whole pair
    for index in range(start, end, 2):
        tokens += (f"{number}.", sans[index], sans[index + 1])
        number += 1
    if end < len(sans):
        tokens += (f"{number}.", sans[end])
    return tokens


def _comment(text: str, plain: bool) -> str:
    """A comment in braces (a ``}`` inside would end it early), or plain for a page."""
    return text if plain else "{" + text.replace("}", ")") + "}"


def wrap(tokens: Iterable[str], width: int = _WIDTH) -> str:
    """Tokens joined by spaces, in lines of at most ``width`` characters where each
    token is shorter (a long comment is broken at its spaces).

    A line is kept as its words and its length, joined once when full: 160,000 moves
    of a 2,000-game event's downloads are one append each, not a new string each.
    Tokens whose words are all non-empty (every move and number, most comments) are
    joined once and cut at the last space that fits: a look per line, not per word."""
    text = " ".join(tokens)
    if text[:1] == " " or text[-1:] == " " or "  " in text:  # an empty word
        return _wrap_words(text.split(" "), width)
    return _cut(text, width)


def _cut(text: str, width: int) -> str:
    """``text`` (words of at least a character, one space between them) in lines of at
    most ``width`` where each word is shorter; greedy, as ``_wrap_words``."""
    lines: list[str] = []
    start, size = 0, len(text)
    while size - start > width:
        cut = text.rfind(" ", start, start + width + 1)
        if cut < 0:  # the first word alone is longer than the width: a line of its own
            cut = text.find(" ", start)
            if cut < 0:
                break
        lines.append(text[start:cut])
        start = cut + 1
    lines.append(text[start:])
    return "\n".join(lines)


def _wrap_words(words: list[str], width: int) -> str:
    """The greedy wrap word by word, for words that may be empty (two spaces in a
    comment, an empty token): an empty word does not start a line."""
    lines: list[str] = []
    line: list[str] = []
    length = 0  # of the line's words joined; 0 also while its words are all empty
    for word in words:
        if not length:
            line = [word]
            length = len(word)
        elif length + 1 + len(word) > width:
            lines.append(" ".join(line))
            line = [word]
            length = len(word)
        else:
            line.append(word)
            length += 1 + len(word)
    if length:
        lines.append(" ".join(line))
    return "\n".join(lines)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def game_text(game: PgnGame, overrides: dict[str, str], white_first: bool = True) -> str:
    """One game in export format; ``overrides`` replace or add tags (the event's names)."""
    tags = dict(game.tags)
    tags.update({key: value for key, value in overrides.items() if value})
    result = tags.get("Result") or game.termination or "*"
    tags["Result"] = result
    ordered = [(name, tags.get(name, "?")) for name in SEVEN_TAG_ROSTER]
    ordered += sorted((name, value) for name, value in tags.items() if name not in SEVEN_TAG_ROSTER)
    header = "\n".join(f'[{name} "{_escape(value)}"]' for name, value in ordered)
    moves = line_tokens(game.main_line, 0, white_first) + [result]
    return f"{header}\n\n{wrap(moves)}\n"
