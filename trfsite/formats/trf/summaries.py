"""The informative team records 801 (variable width) and 802 (fixed width).

801's field widths depend on the tournament (number of teams, boards,
points), and real files disagree with the formulas of the TRF-2026 text by a
column here and there. So the header (team, nickname, match and game points)
is read word by word, and the rounds as fixed-width blocks starting two
blanks after the game points: opponent (``width`` digits), colour, one
result per board, one roster position per board. A line that does not fit
that grid is read word by word and reported.
"""

from __future__ import annotations

from trfsite.formats.numbers import is_whole
from trfsite.formats.trf import draft
from trfsite.formats.trf.fields import Sink, SourceLine, parse_int, parse_points
from trfsite.formats.trf.layout import Cut, Field, FieldError, Layout, words
from trfsite.formats.trf.team_records import Context, read_record
from trfsite.model import Color, TeamRoundSummary, TeamSummary
from trfsite.results import Note

BYES = frozenset({"PAB", "FPB", "HPB", "ZPB"})
_COLOURS = {"w": Color.WHITE, "b": Color.BLACK, "": Color.NONE}
_RESULT_CHARS = frozenset("10=+-WDLHFUZwdlhfuz ")
_RID_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ* ")


# --------------------------------------------------------------------------- 802
LAYOUT_802 = Layout(((5, 7), (9, 13), (15, 20), (22, 27)), ((0, 3), (4, 1), (6, 5)), 29, 13)


def _colour(item: Field) -> Color:
    colour = _COLOURS.get(item.text.lower())
    if colour is None:
        raise FieldError(
            item.column,
            Note(
                "the colour is {text!r}; expected 'w', 'b' or blank",
                text=item.text,
            ),
        )
    return colour


def _round_802(round_no: int, opponent: Field, colour: Field, points: Field) -> TeamRoundSummary:
    text = points.text
    forfeit = text[-1:] in ("f", "F")
    if forfeit:
        text = text[:-1]
    value = Field(points.column, text.strip()).points(
        Note("round {round_no}'s game points", round_no=round_no)
    )
    bye = ""
    team: int | None = None
    if opponent.text.upper() in BYES:
        bye = opponent.text.upper()
    elif opponent.text:
        team = opponent.int(Note("round {round_no}'s opponent", round_no=round_no))
    return TeamRoundSummary(round_no, team, bye, _colour(colour), value, forfeit)


def summary_802_from_cut(cut: Cut, line: SourceLine, context: Context) -> TeamSummary:
    team, nickname, mp, gp = cut.fixed
    rounds = tuple(_round_802(number, *block) for number, block in enumerate(cut.blocks, start=1))
    return TeamSummary(
        "802",
        team.int(Note("the team number")),
        nickname.text,
        mp.points(Note("the match points")),
        gp.points(Note("the game points")),
        rounds,
        line.span(),
    )


def _header(fields: list[Field]) -> tuple[int, str, float | None, float | None, int]:
    """team, nickname, match points, game points and the index of the first round word."""
    if len(fields) < 3:
        raise FieldError(5, Note("expected a team number, a nickname, match and game points"))
    team = fields[0].int(Note("the team number"))
    index = 1
    nickname = ""
    if parse_points(fields[1].text) is None:
        nickname = fields[1].text
        index = 2
    if index + 1 >= len(fields):
        raise FieldError(
            fields[-1].column,
            Note(
                "expected match and game points after the nickname",
            ),
        )
    mp = fields[index].points(Note("the match points"))
    gp = fields[index + 1].points(Note("the game points"))
    return team, nickname, mp, gp, index + 2


def _is_colour(fields: list[Field], index: int) -> bool:
    return index < len(fields) and fields[index].text.lower() in ("w", "b")


def summary_802_from_words(fields: list[Field], line: SourceLine, context: Context) -> TeamSummary:
    team, nickname, mp, gp, index = _header(fields)
    rounds: list[TeamRoundSummary] = []
    empty = Field(0, "")
    while index < len(fields):
        number = len(rounds) + 1
        opponent = fields[index]
        colour = empty
        index += 1
        if _is_colour(fields, index):
            colour = fields[index]
            index += 1
        if index >= len(fields):
            raise FieldError(
                opponent.column,
                Note(
                    "round {number} has no game points",
                    number=number,
                ),
            )
        rounds.append(_round_802(number, opponent, colour, fields[index]))
        index += 1
    return TeamSummary("802", team, nickname, mp, gp, tuple(rounds), line.span())


def read_802(line: SourceLine, sink: Sink, context: Context) -> TeamSummary | None:
    layouts = [(LAYOUT_802, summary_802_from_cut), (draft.LAYOUT_802, summary_802_from_cut)]
    return read_record(line, sink, context, layouts, summary_802_from_words)


# --------------------------------------------------------------------------- 801
def block_width(team_width: int, boards: int) -> int:
    """Columns of one 801 round: opponent, colour, results, roster, with blanks between."""
    return team_width + 2 * boards + 6


def infer_boards(line: SourceLine) -> int:
    """Boards per match as seen in an 801 line: the length of a round's results."""
    fields = words(line.text, 5)
    for index in range(1, len(fields) - 1):
        if fields[index].text.lower() in ("w", "b") and is_whole(fields[index - 1].text):
            return len(fields[index + 1].text)
    return 0


def read_801(line: SourceLine, sink: Sink, team_width: int, boards: int) -> TeamSummary | None:
    """One 801 line; ``team_width`` digits per opponent and ``boards`` results per round."""
    fields = words(line.text, 5)
    try:
        team, nickname, mp, gp, index = _header(fields)
        if boards <= 0:
            boards = infer_boards(line)
        # 0-based index of round 1: two blanks after the game points.
        start = fields[index - 1].column + len(fields[index - 1].text) + 1
        rounds = _rounds_801_on_grid(line.text, start, team_width, boards)
        if rounds is None:
            rounds = _rounds_801_from_words(fields[index:])
            sink.warning(
                "record-columns-deviant",
                line.number,
                start + 1,
                Note(
                    "record 801's rounds are not in blocks of {block_width} "
                    "columns from column {column} ({team_width}-digit opponents, {boards} boards); "
                    "they were read word by word",
                    block_width=block_width(team_width, boards),
                    column=start + 1,
                    team_width=team_width,
                    boards=boards,
                ),
            )
    except FieldError as exc:
        sink.error(
            "record-unreadable",
            line.number,
            exc.column,
            Note(
                "record 801 cannot be read: {message}; the line is kept as written",
                message=exc.message,
            ),
        )
        return None
    return TeamSummary("801", team, nickname, mp, gp, rounds, line.span())


def _rounds_801_on_grid(
    text: str, start: int, width: int, boards: int
) -> tuple[TeamRoundSummary, ...] | None:
    """The rounds read as fixed blocks from 0-based index ``start``, or None if they do not fit."""
    if boards <= 0 or width <= 0:
        return None
    text = text.rstrip()
    step = block_width(width, boards)
    rounds: list[TeamRoundSummary] = []
    position = start
    while position < len(text):
        block = text[position : position + step].ljust(step)
        position += step
        raw_opponent = block[:width].strip()
        colour = _COLOURS.get(block[width + 1].lower().strip())
        results = block[width + 3 : width + 3 + boards]
        roster = block[width + 4 + boards : width + 4 + 2 * boards]
        separators = block[width] + block[width + 2] + block[width + 3 + boards] + block[-2:]
        if (
            colour is None
            or separators.strip()
            or (raw_opponent and parse_int(raw_opponent) is None)
            or not set(results) <= _RESULT_CHARS
            or not set(roster) <= _RID_CHARS
        ):
            return None
        opponent = parse_int(raw_opponent) if raw_opponent else None
        rounds.append(
            TeamRoundSummary(
                len(rounds) + 1,
                opponent,
                color=colour,
                board_results=results.rstrip(),
                board_players=roster.rstrip(),
            )
        )
    return tuple(rounds)


def _rounds_801_from_words(fields: list[Field]) -> tuple[TeamRoundSummary, ...]:
    rounds: list[TeamRoundSummary] = []
    index = 0
    while index < len(fields):
        opponent: int | None = None
        colour = Color.NONE
        if is_whole(fields[index].text) and _is_colour(fields, index + 1):
            opponent = int(fields[index].text)
            colour = _COLOURS[fields[index + 1].text.lower()]
            index += 2
        if index >= len(fields):
            raise FieldError(
                fields[-1].column,
                Note(
                    "round {n} has no board results",
                    n=len(rounds) + 1,
                ),
            )
        results = fields[index].text
        if not set(results) <= _RESULT_CHARS:
            raise FieldError(
                fields[index].column,
                Note(
                    "round {n}'s board results are {results!r}; expected one result code per board",
                    n=len(rounds) + 1,
                    results=results,
                ),
            )
        index += 1
        roster = ""
        if (
            index < len(fields)
            and len(fields[index].text) == len(results)
            and set(fields[index].text) <= _RID_CHARS
            and not _is_colour(fields, index + 1)
        ):
            roster = fields[index].text
            index += 1
        rounds.append(
            TeamRoundSummary(len(rounds) + 1, opponent, "", colour, None, False, results, roster)
        )
    return tuple(rounds)
