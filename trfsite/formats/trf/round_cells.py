"""The round cells of a 001 line: ``OOOO C R`` every 10 columns from column 92.

The usual cells ("  12 w 1", "0000 - H") are read by a fast path; any other goes to
:func:`_slow_cell`, which reports every problem (``tests/trf/test_cell_paths.py``
keeps the two in agreement).
"""

from __future__ import annotations

from trfsite.formats import limits
from trfsite.formats.builders import RoundEntryBuilder, SpanBuilder, new_round_entry, new_span
from trfsite.formats.numbers import is_whole, reason_note, whole
from trfsite.formats.trf.fields import Sink, SourceLine, parse_int
from trfsite.model import Color, Outcome, RoundEntry, Span
from trfsite.results import Note

_COLORS: dict[str, Color] = {"w": Color.WHITE, "W": Color.WHITE, "b": Color.BLACK, "B": Color.BLACK}
_COLORS |= {"-": Color.NONE, " ": Color.NONE, "": Color.NONE}
_OUTCOMES: dict[str, Outcome] = {o.value: o for o in Outcome if o is not Outcome.UNKNOWN}
_OUTCOMES |= {o.value.lower(): o for o in Outcome if o is not Outcome.UNKNOWN}
_OUTCOMES |= {" ": Outcome.ZERO_BYE, "": Outcome.ZERO_BYE}
_NO_OPPONENT = frozenset({"    ", "0000", "   0", "  00", " 000", ""})
_GAME_RESULTS = frozenset("10=+-WDLwdl")
_BYE_RESULTS = frozenset("HFUZhfuz")
_MARKS = frozenset("wWbB-") | (frozenset(_OUTCOMES) - {" ", ""})

FIRST_CELL = 92  # column of round 1's opponent
CELL_WIDTH = 10
MAX_ROUNDS = limits.MAX_ROUNDS.limit  # round cells read per line (see _at_most_max_rounds)


def _is_junk(cell: str) -> bool:
    """A cell none of whose parts reads: no opponent number, colour or result."""
    opponent = cell[0:4]
    return (
        opponent not in _NO_OPPONENT
        and not is_whole(opponent.strip())
        and cell[5:6] not in _MARKS
        and cell[7:8] not in _MARKS
    )


def is_written_cell(cell: str) -> bool:
    """A cell as TRF writes it: an opponent (or 0000), a colour and a result, each in its
    column ('  12 w 1', '0000 - H'); a cell at the line's end may have lost its blanks."""
    cell = cell.ljust(8)
    opponent = cell[:4]
    return (
        # The fields read_cells has read as numbers need no reading again.
        (
            opponent in _OPPONENT_FIELDS
            or opponent in _NO_OPPONENT
            or whole(opponent.lstrip()) is not None
        )
        and cell[4] == " "
        and cell[6] == " "
        and cell[5] in _COLORS
        and cell[7] in _OUTCOMES
    )


def _without_junk_tail(line: SourceLine, text: str, sink: Sink) -> str:
    """The line without trailing text that holds no round cell, which is reported once.

    A damaged line (two lines run together, a note after the cells) must not become
    thousands of unreadable rounds.
    """
    end = len(text)
    while end > FIRST_CELL - 1:
        start = FIRST_CELL - 1 + (end - FIRST_CELL) // CELL_WIDTH * CELL_WIDTH
        # An opponent field read before is a number, so the cell is no junk: the usual
        # last cell, answered without _is_junk's call.
        if text[start : start + 4] in _OPPONENT_FIELDS or not _is_junk(text[start : start + 8]):
            break
        end = start
    if end == len(text):
        return text
    tail = text[end:]
    shown = tail if len(tail) <= 40 else tail[:37] + "..."
    sink.error(
        "round-cells-unreadable",
        line.number,
        end + 1,
        Note(
            "columns {first}-{last} hold {shown!r}, which is no round cell; expected "
            "cells 'OOOO C R' every 10 columns from column 92: this text is not read",
            first=end + 1,
            last=len(text),
            shown=shown,
        ),
    )
    return text[:end].rstrip()


def _at_most_max_rounds(line: SourceLine, text: str, sink: Sink) -> str:
    """The line up to round MAX_ROUNDS's cell; more cells are one error, not read.

    No event has that many rounds; such a line is damaged (lines run together), and
    reading it would make thousands of rounds of pages and standings.
    """
    end = FIRST_CELL - 1 + MAX_ROUNDS * CELL_WIDTH
    if len(text) <= end:
        return text
    cells = (len(text) - FIRST_CELL) // CELL_WIDTH + 1
    sink.error(
        "round-cells-too-many",
        line.number,
        end + 1,
        Note(
            "the line has {cells} round cells; expected at most {max_rounds}: the line looks "
            "damaged (several lines run together?) and the cells from column {first} on "
            "are not read",
            cells=cells,
            max_rounds=MAX_ROUNDS,
            first=end + 1,
        ),
    )
    return text[:end].rstrip()


_NONZERO_DIGITS = frozenset("123456789")


def _names_opponent(cell: str) -> bool:
    """Unplayed rounds ('0000 - -', even shifted) name no opponent: no digit but 0. A
    shifted game ('    51 b' from a line pasted off its columns) does."""
    return not _NONZERO_DIGITS.isdisjoint(cell)


def _without_repeated_games(line: SourceLine, text: str, sink: Sink) -> str:
    """The line up to a game repeated more than MAX_REPEATED_GAMES times in a row.

    The same opponent, colour and result round after round is no pairing (a match
    alternates colours): a line pasted into itself, hundreds of rounds that say no
    more than the first, whose cells would cost every page and explanation.
    """
    starts = range(FIRST_CELL - 1, len(text), CELL_WIDTH)
    if len(starts) <= limits.MAX_REPEATED_GAMES.limit:
        return text  # too few cells to repeat a game more often than that: none to scan
    at = limits.repeated_game_at((text[start : start + 8] for start in starts), _names_opponent)
    if at is None:
        return text
    start = starts[at]
    sink.error(
        limits.MAX_REPEATED_GAMES.code,
        line.number,
        start + 1,
        limits.repeated_game_note(at + 1, text[start : start + 8], start + 1),
    )
    return text[:start].rstrip()


# Opponent fields already read ('  12' -> 12): a 2,000-player file repeats each about ten
# times. At most 11,110 keys (0-3 blanks, then digits), so it needs no bound.
_OPPONENT_FIELDS: dict[str, int] = {}


def _usual_parts(colour: str, result: str) -> tuple[Color, Outcome | None, Outcome | None]:
    """The colour of a cell ' C R' (its columns 5-8), its outcome against an opponent
    (None unless a game result) and without one (None unless a bye, or '-' and no colour)."""
    color = _COLORS[colour]
    game = _OUTCOMES[result] if result in _GAME_RESULTS else None
    unpaired = result == "-" and color is Color.NONE
    bye = _OUTCOMES[result] if result in _BYE_RESULTS else Outcome.ZERO_BYE if unpaired else None
    return color, game, bye


# Columns 5-8 of every usual cell (' w 1', ' - H'), read once: 132 keys. A cell whose
# columns 5-8 are not a key (cut short, shifted, unknown marks) is read by _slow_cell.
_USUAL_ENDS = {
    f" {colour} {result}": _usual_parts(colour, result)
    for colour in "wWbB- "
    for result in _GAME_RESULTS | _BYE_RESULTS
}

# Each round's (first column, last column) of its cell, for every line's spans: no two
# additions a cell.
_CELL_COLUMNS = list(
    zip(
        range(FIRST_CELL, FIRST_CELL + CELL_WIDTH * MAX_ROUNDS, CELL_WIDTH),
        range(FIRST_CELL + 7, FIRST_CELL + 7 + CELL_WIDTH * MAX_ROUNDS, CELL_WIDTH),
        strict=True,
    )
)
_LAST_USUAL_END = FIRST_CELL - 1 + limits.MAX_REPEATED_GAMES.limit * CELL_WIDTH


def read_cells(line: SourceLine, sink: Sink) -> tuple[RoundEntry, ...]:
    """The round cells from column 92, 10 columns each: ``OOOO C R``."""
    text = line.text.rstrip()
    # The guards against damaged lines, each called only where it may find something:
    # a last cell whose opponent field was read before is no junk tail, and a line of at
    # most MAX_REPEATED_GAMES cells neither repeats a game that often nor has too many.
    last = FIRST_CELL - 1 + (len(text) - FIRST_CELL) // CELL_WIDTH * CELL_WIDTH
    if len(text) >= FIRST_CELL and text[last : last + 4] not in _OPPONENT_FIELDS:
        text = _without_junk_tail(line, text, sink)
    if len(text) > _LAST_USUAL_END:
        text = _at_most_max_rounds(line, text, sink)
        text = _without_repeated_games(line, text, sink)
    n = line.number
    cells: list[RoundEntry] = []
    append = cells.append
    opponents = _OPPONENT_FIELDS.get
    ends = _USUAL_ENDS.get
    columns = _CELL_COLUMNS
    make = object.__new__
    round_no = 0
    for start in range(FIRST_CELL - 1, len(text), CELL_WIDTH):
        cell = text[start : start + 8]
        # Fast path for the usual cells: "  12 w 1" and "0000 - U"; the rest is checked slowly.
        digits = cell[:4]
        opponent = opponents(digits)
        if opponent is None:
            opponent = whole(digits.lstrip())
            if opponent is not None:
                _OPPONENT_FIELDS[digits] = opponent
        usual = ends(cell[4:])
        if opponent is not None and usual is not None:
            outcome = usual[1] if opponent else usual[2]
            if outcome is not None:
                # new_span and new_round_entry, without their two calls: the cell's Span and
                # RoundEntry made and their slots stored here (22,000 cells in a large open).
                span = make(SpanBuilder)
                span.line = n
                span.column, span.end_column = columns[round_no]
                span.__class__ = Span  # type: ignore[assignment]
                round_no += 1
                entry = make(RoundEntryBuilder)
                entry.round = round_no
                entry.opponent = opponent or None
                entry.color = usual[0]
                entry.outcome = outcome
                entry.handicap = None
                entry.raw = cell
                entry.source = span  # type: ignore[assignment]
                entry.__class__ = RoundEntry  # type: ignore[assignment]
                append(entry)  # type: ignore[arg-type]
                continue
        round_no += 1
        append(_slow_cell(sink, n, start + 1, round_no, cell))
    return tuple(cells)


def _slow_cell(sink: Sink, n: int, column: int, round_no: int, cell: str) -> RoundEntry:
    """Any cell, with every problem reported."""
    raw_opponent = cell[0:4]
    opponent: int | None = None
    if raw_opponent not in _NO_OPPONENT:
        opponent = parse_int(raw_opponent.strip())
        if opponent is None and not sink.over_budget("round-opponent-not-number"):
            sink.error(
                "round-opponent-not-number",
                n,
                column,
                Note(
                    "round {round_no}'s opponent is {raw_opponent!r}; "
                    "expected a starting rank or 0000{reason}",
                    round_no=round_no,
                    raw_opponent=raw_opponent,
                    reason=reason_note(raw_opponent),
                ),
            )
        elif opponent == 0:
            opponent = None
    raw_color = cell[5:6]
    color = _COLORS.get(raw_color)
    if color is None and not sink.over_budget("round-colour-unknown"):
        sink.error(
            "round-colour-unknown",
            n,
            column + 5,
            Note(
                "round {round_no}'s colour is {raw_color!r}; expected 'w', 'b' or '-'",
                round_no=round_no,
                raw_color=raw_color,
            ),
        )
    color = color or Color.NONE
    raw_result = cell[7:8]
    outcome = _OUTCOMES.get(raw_result)
    if outcome is None:
        if not sink.over_budget("round-result-unknown"):
            sink.error(
                "round-result-unknown",
                n,
                column + 7,
                Note(
                    "round {round_no}'s result is {raw_result!r}; "
                    "expected one of 1 = 0 + - W D L H F U Z",
                    round_no=round_no,
                    raw_result=raw_result,
                ),
            )
        # Without an opponent the round scores nothing either way.
        outcome = Outcome.UNKNOWN if opponent is not None else Outcome.ZERO_BYE
    elif opponent is None and outcome is Outcome.FORFEIT_LOSS:
        # ``0000 - -``: an unpaired player (a team reserve, a "bye" dummy), not a forfeit.
        outcome = Outcome.ZERO_BYE
    misaligned = cell[4:5] not in (" ", "") or cell[6:7] not in (" ", "")
    if misaligned and not sink.over_budget("round-cell-misaligned"):
        sink.warning(
            "round-cell-misaligned",
            n,
            column,
            Note(
                "round {round_no}'s cell is {cell!r}; expected 'OOOO C R' "
                "at columns {column}-{last}",
                round_no=round_no,
                cell=cell,
                column=column,
                last=column + 7,
            ),
        )
    # After an unreadable opponent (reported above) the cell's parts are not reported again.
    report = sink if opponent is not None or raw_opponent in _NO_OPPONENT else None
    outcome = _check_cell(report, n, column, round_no, cell, opponent, outcome)
    # The builders: a damaged file's cells all come here (190,000 in 2 MB of garbage).
    return new_round_entry(
        round_no, opponent, color, outcome, None, cell, new_span(n, column, column + 7)
    )


def _check_cell(
    sink: Sink | None,
    n: int,
    column: int,
    round_no: int,
    cell: str,
    opponent: int | None,
    outcome: Outcome,
) -> Outcome:
    """Report cells whose parts contradict each other (to ``sink``, unless None); returns
    the outcome to keep."""
    if opponent is not None and cell[7:8] in (" ", ""):
        # A pairing without its result yet: validation says whether the round is
        # pending (info) or the result was forgotten (warning), see trfsite.progress.
        return Outcome.UNKNOWN
    if opponent is not None and outcome.is_bye:
        if sink is None or sink.over_budget("round-cell-inconsistent"):
            return outcome  # counted, not built: a garbage line has hundreds
        sink.warning(
            "round-cell-inconsistent",
            n,
            column,
            Note(
                "round {round_no}'s cell {cell!r} names an opponent and a bye; "
                "expected 0000 with a bye",
                round_no=round_no,
                cell=cell,
            ),
        )
    elif opponent is None and outcome.is_game:
        # Before H, F and Z existed, byes were written as results without an opponent.
        bye = _RESULT_AS_BYE[outcome.score_letter]
        if sink is None or sink.over_budget("round-bye-as-result"):
            return bye
        sink.warning(
            "round-bye-as-result",
            n,
            column,
            Note(
                "round {round_no}'s cell {cell!r} has a game result but no opponent; "
                "expected '0000 - {value}': it was read as that bye",
                round_no=round_no,
                cell=cell,
                value=bye.value,
            ),
        )
        return bye
    return outcome


_RESULT_AS_BYE = {"W": Outcome.FULL_BYE, "D": Outcome.HALF_BYE, "L": Outcome.ZERO_BYE}


def blank_cell(line: int, round_no: int) -> RoundEntry:
    """The cell of a round the line does not reach: equivalent to ``0000 - Z``."""
    column = FIRST_CELL + CELL_WIDTH * (round_no - 1)
    return new_round_entry(
        round_no, None, Color.NONE, Outcome.ZERO_BYE, None, "", new_span(line, column, column + 7)
    )
