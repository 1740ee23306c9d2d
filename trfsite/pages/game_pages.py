"""Game pages (``EVENT/games/R-B.html``) and the games as PGN downloads.

Each page draws the final position on the server (readers without JavaScript and
the print view see it) and embeds what each move does (``Replay.steps``), from which
the theme's viewer script steps through the main line without chess rules of its own.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from functools import cache, partial
from html import escape
from operator import itemgetter

from trfsite.formats.pgn import Line
from trfsite.formats.pgn.writer import game_text, line_tokens, move_number, nag_text
from trfsite.model import Tournament
from trfsite.pages.common import player_refs, ref_in
from trfsite.pages.contexts import BoardView, BulletinGame, DownloadFile, GamePage
from trfsite.pages.game_types import EventGame, EventGames, event_pgn
from trfsite.pages.lookups import players_by_id
from trfsite.pages.plan import EventData, PagePlan, meta_for
from trfsite.render.i18n import load_catalog
from trfsite.results import N_

FILES = "abcdefgh"
# White's pieces outlined, Black's filled, as diagrams print them; U+FE0E asks for the
# text form, lest a phone draw the black pawn as an emoji.
GLYPHS = {
    letter: glyph + "\ufe0e" for letter, glyph in zip("KQRBNPkqrbnp", "♔♕♖♗♘♙♚♛♜♝♞♟", strict=True)
}
# The 64 square names from a8 to h1, as a board is read (and a FEN placement written).
_SQUARES = tuple(f"{file}{rank}" for rank in range(8, 0, -1) for file in FILES)
# A placement's digits as that many empty squares ("."), its rank separators dropped:
# one character a square, from a8 to h1.
_EXPAND = str.maketrans({str(n): "." * n for n in range(1, 9)} | {"/": ""})
# The squares' names in their own order (a1, a2 ... h8), and the squares of a board
# (a8 to h1) taken in that order.
_NAME_ORDER = tuple(sorted(_SQUARES))
_BY_NAME = itemgetter(*(_SQUARES.index(name) for name in _NAME_ORDER))
# Each kind as the text alternative lists it: White's first, king to pawn, then Black's
# (as its upper-case letter).
_KINDS = tuple(
    (char, char.upper(), side) for side, kinds in enumerate(("KQRBNP", "kqrbnp")) for char in kinds
)
# What the board's text alternative calls each piece (and the viewer's script, for the
# positions it shows).
PIECE_NAMES = {
    "K": N_("king"),
    "Q": N_("queen"),
    "R": N_("rook"),
    "B": N_("bishop"),
    "N": N_("knight"),
    "P": N_("pawn"),
}
# Each square's markup for each thing that may stand on it; the theme colours the
# squares light and dark by their place among the board's 64.
_CELLS = {char: f"<span>{GLYPHS.get(char, '')}</span>" for char in ".KQRBNPkqrbnp"}


def _cells(placement: str) -> str:
    """A FEN placement as 64 characters, a8 to h1, "." for an empty square."""
    cells = placement.translate(_EXPAND)
    if len(cells) != 64:  # a placement the replay did not write: padded or cut to 64
        cells = (cells + "." * 64)[:64]
    return cells


def board_view(placement: str) -> BoardView:
    """A FEN placement's pieces for the text alternative: each side's king first, pawns
    last, each kind by its squares' names. The 64 squares are read once in the order of
    their names (a1, a2 ... h8), then each kind found in them by ``str.find``: no loop
    over the squares and no sort (2,000 pages)."""
    by_name = "".join(_BY_NAME(_cells(placement)))
    sides: tuple[list[tuple[str, str]], list[tuple[str, str]]] = ([], [])
    for char, letter, side in _KINDS:
        pieces = sides[side]
        at = by_name.find(char)
        while at >= 0:
            pieces.append((letter, _NAME_ORDER[at]))
            at = by_name.find(char, at + 1)
    return BoardView(placement, tuple(sides[0]), tuple(sides[1]))


@cache
def piece_names(language: str) -> dict[str, str]:
    """``PIECE_NAMES`` in ``language``: translated once, not on each of 2,000 pages."""
    catalog = load_catalog(language)
    return {letter: catalog.translate(name) for letter, name in PIECE_NAMES.items()}


def pieces_text(pieces: tuple[tuple[str, str], ...], names: dict[str, str]) -> str:
    """One side's pieces for the board's text alternative: ``"king e1, rook a3"``."""
    return ", ".join([f"{names[letter]} {square}" for letter, square in pieces])


def _first_move(fen: str) -> tuple[bool, int]:
    """Whether White moves first from the FEN ``fen``, and the first move's number."""
    fields = fen.split()
    number = fields[5] if len(fields) > 5 and fields[5].isdigit() else "1"
    return (len(fields) < 2 or fields[1] != "b"), max(1, int(number[:6]))


def score_html(
    line: Line, sans: tuple[str, ...], white_first: bool, first_number: int
) -> tuple[str, str]:
    """The main line as the page's score, and its last move played (``"17.Rd8#"``).

    Written here rather than in the template, in one pass of a few string joins per
    move, and lean: a move the board plays is a bare ``<button>`` (its ply is its
    place among the score's buttons, its label the number before it and its first
    text, both read by the viewer), a move number and the White move after it are
    kept on one line by a ``<span class="m">``. A 2,000-game event must add at most
    a fifth to its build (issue 42), and the score was half of each page. ``sans``:
    the moves the board could play, as the replay writes them (letters, digits and
    signs: nothing to escape); the moves after them are shown as written, escaped,
    greyed, without a position.
    """
    parts: list[str] = []
    if line.comment:
        parts.append(f'<span class="comment">{escape(line.comment)}</span> ')
    played = len(sans)
    last = _move_label(sans[-1], played - 1, white_first, first_number) if sans else ""
    if not line.annotations and played == len(line.sans):
        parts.append(_plain_score(sans, white_first, first_number))
        return "".join(parts), last
    notes = dict(line.annotations)
    ply = 0 if white_first else 1
    number = first_number
    numbered = False
    for index, written in enumerate(line.sans):
        black = ply & 1
        ply += 1
        note = notes.get(index) if notes else None
        nags = ""
        if note is not None and note.nags:
            nags = f"<span>{escape(nag_text(note.nags))}</span>"
        if index < played:
            move = f"<button>{sans[index]}{nags}</button>"
        else:
            move = f'<span class="unplayed">{escape(written)}{nags}</span>'
        if not black:
            parts.append(f'<span class="m">{number}. {move}</span> ')
        elif numbered:
            parts.append(f"{move} ")
        else:
            parts.append(f'<span class="m">{number}... {move}</span> ')
        if black:
            number += 1
        numbered = True
        if note is None:
            continue
        if note.comment:
            parts.append(f'<span class="comment">{escape(note.comment)}</span> ')
            numbered = False
        for variation in note.variations:
            text = " ".join(line_tokens(variation, index, white_first, first_number, glyphs=True))
            parts.append(f'<span class="variation">({escape(text)})</span> ')
            numbered = False
    return "".join(parts), last


def _plain_score(sans: tuple[str, ...], white_first: bool, number: int) -> str:
    """``score_html``'s markup for a main line without annotations that the board plays
    to its end (most games), two moves at a time."""
    parts: list[str] = []
    start = 0
    if not white_first and sans:
        parts.append(f'<span class="m">{number}... <button>{sans[0]}</button></span> ')
        start, number = 1, number + 1
    end = len(sans) - (len(sans) - start) % 2  # after the last whole pair
    whites, blacks = sans[start:end:2], sans[start + 1 : end : 2]
    parts.extend(
        [
            f'<span class="m">{n}. <button>{white}</button></span> <button>{black}</button> '
            for n, white, black in zip(
                range(number, number + len(whites)), whites, blacks, strict=True
            )
        ]
    )
    number += len(whites)
    if end < len(sans):
        parts.append(f'<span class="m">{number}. <button>{sans[end]}</button></span> ')
    return "".join(parts)


def _move_label(san: str, ply: int, white_first: bool, first_number: int) -> str:
    """``"5.Ke3"``, ``"5...Ke3"``: the ``ply``-th move (0-based) with its number."""
    number, white = move_number(ply, white_first, first_number)
    return f"{number}.{'' if white else '..'}{san}"


def first_label(white_first: bool, first_number: int) -> str:
    """The first move's number as the score writes it (``"1."``, ``"23..."``): the
    viewer counts its move labels on from it."""
    return f"{first_number}." if white_first else f"{first_number}..."


def _stop_label(line: Line, ply: int, white_first: bool, first_number: int) -> str:
    """``"5.Ke3"``: the move the board stops before, "" when none."""
    if not 0 <= ply < len(line.sans):
        return ""
    return _move_label(line.sans[ply], ply, white_first, first_number)


def board_html(view: BoardView) -> str:
    """The 64 squares of the server-drawn board, a8 to h1."""
    cells = _CELLS
    return "".join([cells[char] for char in _cells(view.fen)])


def bulletin_games(
    t: Tournament, games: EventGames, chosen: tuple[tuple[int, int], ...]
) -> tuple[BulletinGame, ...]:
    """The games ``chosen`` ((round, board), as ``bulletin_games`` names them) that the
    event has, in that order, for the PDF."""
    by_key = {(game.round, game.board): game for game in games.games}
    players = players_by_id(t)
    made = []
    for key in chosen:
        game = by_key.get(key)
        if game is None:
            continue
        replayed = game.replayed
        white_first, first_number = _first_move(replayed.start)
        main = game.game.main_line
        shown = replace(main, sans=replayed.sans + main.sans[len(replayed.sans) :])
        tokens = line_tokens(shown, 0, white_first, first_number, glyphs=True)
        view = board_view(replayed.final)
        glyphs = [GLYPHS.get(char, "").replace("\ufe0e", "") for char in _cells(view.fen)]
        white, black = players.get(game.white), players.get(game.black)
        made.append(
            BulletinGame(
                round=game.round,
                board=game.board,
                white=white.name.strip() if white else game.game.tag("White"),
                black=black.name.strip() if black else game.game.tag("Black"),
                result=game.result,
                opening=_opening(game),
                ranks=tuple(tuple(glyphs[rank * 8 : rank * 8 + 8]) for rank in range(8)),
                score=" ".join([*tokens, game.result]),
                stop=_stop_label(main, replayed.stop_ply, white_first, first_number),
                placement=replayed.final,
            )
        )
    return tuple(made)


def _opening(game: EventGame) -> str:
    names = (game.game.tag("Opening"), game.game.tag("Variation"))
    named = " – ".join(part for part in names if part.strip())
    return " ".join(part for part in (game.game.tag("ECO").strip(), named) if part)


def game_page(data: EventData, game: EventGame, previous: str, following: str) -> GamePage:
    t = data.tournament
    refs = player_refs(t)
    players = players_by_id(t)
    white, black = players.get(game.white), players.get(game.black)
    replayed = game.replayed
    white_first, first_number = _first_move(replayed.start)
    main = game.game.main_line
    score, last = score_html(main, replayed.sans, white_first, first_number)
    final = board_view(replayed.final)
    names = piece_names(data.job.site.language)
    source = f"{game.source}:{game.game.line}"
    return GamePage(
        meta=meta_for(data.job, data.header.name, f"{game.path}", "rounds"),
        event=data.header,
        round=game.round,
        board=game.board,
        white=ref_in(refs, game.white),
        black=ref_in(refs, game.black),
        white_rating=(white.rating or None) if white else None,
        black_rating=(black.rating or None) if black else None,
        result=game.result,
        eco=game.game.tag("ECO").strip(),
        opening=" – ".join(
            part for part in (game.game.tag("Opening"), game.game.tag("Variation")) if part.strip()
        ),
        date=_pgn_date(game.game.tag("Date")),
        score=score,
        first=first_label(white_first, first_number),
        last_move=last,
        final=final,
        squares=board_html(final),
        piece_names=names,
        white_pieces=pieces_text(final.white, names),
        black_pieces=pieces_text(final.black, names),
        start=replayed.start.split()[0],
        steps=replayed.steps_text,
        stop=_stop_label(main, replayed.stop_ply, white_first, first_number),
        source=source,
        download=f"games/round-{game.round}.pgn",
        previous=previous,
        next=following,
    )


def pgn_of(data: EventData, games: tuple[EventGame, ...]) -> str:
    """The games in export format, with the event's own names and FIDE ids (and a FIDE
    id's rating) where the PGN lacked them. [privacy] is done by then: an anonymised
    player has neither name nor id here, and the game no tag that names them."""
    players = players_by_id(data.tournament)
    texts = []
    for game in games:
        overrides = {"Round": f"{game.round}.{game.board}"}
        if not game.game.tag("Event").strip("? "):
            overrides["Event"] = data.header.name
        for colour, pid in (("White", game.white), ("Black", game.black)):
            player = players.get(pid)
            if player is None:
                continue
            overrides[colour] = player.name.strip()
            if not player.fide_id.strip().strip("0"):
                continue  # a rating without a FIDE id is not an Elo
            if not game.game.tag(f"{colour}FideId"):
                overrides[f"{colour}FideId"] = player.fide_id.strip()
            if player.rating and not game.game.tag(f"{colour}Elo"):
                overrides[f"{colour}Elo"] = str(player.rating)
        white_first = _first_move(game.replayed.start)[0]
        texts.append(game_text(game.game, overrides, white_first))
    return "\n".join(texts)


def game_pages(data: EventData) -> list[PagePlan]:
    """A page per game, and the PGN of each round and of the event."""
    games = data.games
    if not games.games:
        return []
    slug = data.job.slug
    plans: list[PagePlan] = []
    for round_no in data.header.rounds:
        in_round = games.of_round(round_no)
        paths = [game.path for game in in_round]
        for index, game in enumerate(in_round):
            previous = paths[index - 1] if index else ""
            following = paths[index + 1] if index + 1 < len(paths) else ""
            plans.append(
                PagePlan(
                    f"{slug}/{game.path}",
                    "game.html",
                    partial(game_page, data, game, previous, following),
                )
            )
    plans.append(PagePlan(f"{slug}/{event_pgn(slug)}", "", partial(_downloads, data)))
    return plans


def _downloads(data: EventData) -> DownloadFile:
    """The event's PGN, and each round's beside it: every game exported once."""
    slug = data.job.slug
    rounds = []
    for round_no in data.header.rounds:
        in_round = data.games.of_round(round_no)
        if in_round:
            rounds.append((f"{slug}/games/round-{round_no}.pgn", pgn_of(data, in_round)))
    return DownloadFile("\n".join(text for _, text in rounds), tuple(rounds))


def _pgn_date(tag: str) -> str:
    """A PGN date for the page's ``date`` filter: a whole one as ISO (written out in the
    page's language), a partial one (``2024.??.??``) as far as it is known."""
    parts = tag.strip().split(".")
    if len(parts) == 3 and all(p.isdigit() for p in parts) and len(parts[0]) == 4:
        try:
            return dt.date(int(parts[0]), int(parts[1]), int(parts[2])).isoformat()
        except ValueError:
            pass  # 2024.02.30: shown as written
    return tag.strip().replace("??", "").strip(".")
