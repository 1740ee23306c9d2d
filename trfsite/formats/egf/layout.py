"""Where a row's score columns end and its round tokens begin.

Round tokens are counted from the right, using the number of rounds, because
score columns come in any number and some of them look like tokens. Tables from
the EGD archive may put the results first and the scores after them; such a
table is read the same way from the other end.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from trfsite.formats.egf.lines import PlayerLine, Word
from trfsite.formats.egf.tokens import parse_score, parse_token

_ANY_ROW = 99999  # the most a result token's opponent number can be


@dataclass(frozen=True, slots=True)
class Layout:
    rounds: int
    rounds_first: bool  # the result cells come before the score columns


def find_layout(parsed: list[PlayerLine], rows: int, columns: list[str] | None) -> Layout:
    """How many rounds, and on which side of the score columns they stand.

    The side is the one where the rows' runs of result cells are longer: a table
    written results-first ends its rows with numbers, which are no result cells.
    """
    layout = _layout(parsed, rows, columns)
    if not layout.rounds and parsed:
        # Opponents beyond the last row (a table cut short) still mark result cells;
        # the checks then report them.
        layout = _layout(parsed, _ANY_ROW, columns)
    return layout


def _layout(parsed: list[PlayerLine], rows: int, columns: list[str] | None) -> Layout:
    trailing = sorted(_token_run(p.rest, rows) for p in parsed)
    leading = sorted(_token_run(tuple(reversed(p.rest)), rows) for p in parsed)
    if parsed and leading[len(leading) // 2] > trailing[len(trailing) // 2]:
        flipped = [replace(p, rest=tuple(reversed(p.rest))) for p in parsed]
        return Layout(count_rounds(flipped, rows, columns), True)
    return Layout(count_rounds(parsed, rows, columns), False)


def split_rest(
    rest: tuple[Word, ...], layout: Layout, columns: list[str] | None
) -> tuple[tuple[Word, ...], tuple[Word, ...]]:
    """(round tokens, score words) of a row, each in the order written."""
    if layout.rounds_first:
        tokens = tuple(reversed(round_words(tuple(reversed(rest)), layout.rounds, columns)))
        return tokens, rest[len(tokens) :]
    tokens = round_words(rest, layout.rounds, columns)
    return tokens, rest[: len(rest) - len(tokens)]


def count_rounds(parsed: list[PlayerLine], rows: int, columns: list[str] | None) -> int:
    """The number of rounds that makes the rows fit best, counting tokens from the right.

    Candidates are the lengths of the runs of tokens that end the rows, and the
    room a column header leaves after the scores it names. A score
    column can look like a token (``0=``, or ``12?`` for 12½), and a row may lack a
    token, so each candidate is charged for what it would break: words read as
    rounds that are not tokens, game tokens left among the scores, short rows and
    fewer scores than the column header names. The cheapest wins, then the most
    common, then the smallest.
    """
    if not parsed:
        return 0
    runs = Counter(_token_run(p.rest, rows) for p in parsed)
    # No more rounds than at least half of the rows reach: one stretched or run-together
    # row must not give every other player hundreds of unplayed rounds (issue 22).
    reached = sorted((_token_run(p.rest, rows) for p in parsed), reverse=True)
    most = reached[(len(reached) - 1) // 2]
    candidates = {c for c in runs if c <= most} or {most}
    if columns:
        # What the column header leaves for rounds, in case every row has a '0=' score.
        room = Counter(len(p.rest) - len(columns) for p in parsed).most_common(1)[0][0]
        candidates.add(max(0, min(room, max(most, 0) or room)))
    if len(candidates) == 1:
        return candidates.pop()

    def cost(rounds: int) -> tuple[int, int, int]:
        problems = 0
        for p in parsed:
            tokens = round_words(p.rest, rounds, columns)
            scores = p.rest[: len(p.rest) - len(tokens)]
            problems += len(tokens) < rounds
            problems += sum(parse_token(w.text) is None for w in tokens)
            problems += sum(_is_game_token(w.text, rows) for w in scores)
            problems += bool(columns) and len(scores) < len(columns or ())
        return problems, -runs[rounds], rounds

    return min(sorted(candidates), key=cost)


def _token_run(words: tuple[Word, ...], rows: int) -> int:
    count = 0
    for word in reversed(words):
        token = parse_token(word.text)
        if token is None or token.opponent > rows:
            break
        count += 1
    return count


def _is_game_token(text: str, rows: int) -> bool:
    token = parse_token(text)
    return token is not None and 0 < token.opponent <= rows


def round_words(rest: tuple[Word, ...], rounds: int, columns: list[str] | None) -> tuple[Word, ...]:
    """The last ``rounds`` words, unless the row is short of tokens.

    A row is short when a number (a score column) stands where a token should and
    the column header leaves no room for it among the scores; it then keeps only
    its tokens, and trfsite.validate.egf_checks reports the missing rounds.
    """
    if not rounds:
        return ()
    run = 0
    for word in reversed(rest[-rounds:]):
        if parse_token(word.text) is None:
            break
        run += 1
    if run < rounds and len(rest) > run:
        blocker = rest[len(rest) - run - 1].text
        named = len(columns) if columns else len(rest)
        if parse_score(blocker) is not None and len(rest) - run <= named:
            return rest[len(rest) - run :] if run else ()
    return rest[max(0, len(rest) - rounds) :]
