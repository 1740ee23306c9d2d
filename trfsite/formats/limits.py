"""Budgets that keep the cost of one file proportional to its data.

A federation archive takes files from hundreds of clubs: one broken or hostile
upload (lines run together, a number of a thousand digits) must cost that file
alone, quickly. Each budget here has a finding code used where it is exceeded.
"""

from collections.abc import Callable, Iterable
from typing import NamedTuple

from trfsite.findings import Finding, Severity
from trfsite.results import Note


class Budget(NamedTuple):
    """One limit, the finding code reported when a file exceeds it, and why it exists."""

    name: str
    limit: int
    code: str
    reason: str


# Longest event in practice: a round robin of ~100 players. 999 is TRF's 3-digit round field.
MAX_ROUNDS = Budget("rounds", 999, "round-cells-too-many", "rounds per event")
# The largest opens have a few thousand players; 9999 is TRF's 4-digit starting rank.
MAX_PLAYERS = Budget("players", 9999, "players-too-many", "players per event")
# Players x rounds: every unplayed round is scored and explained. 2,000 players x 13
# rounds is 26,000; a declared count that would pass this is believed only if plausible.
MAX_PLAYER_ROUNDS = Budget(
    "player rounds", 100_000, "rounds-declared-implausible", "players x declared rounds"
)
# Findings of one code listed per file; the rest are counted in one note.
MAX_FINDINGS_PER_CODE = Budget(
    "findings per code", 200, "findings-capped", "findings of one kind listed per file"
)
# A TRF player line with 999 rounds is 10,081 characters; EGF lines are shorter.
MAX_LINE_LENGTH = Budget("line length", 12_000, "line-too-long", "characters per line")
# A Go row's score columns (MMS, SOS, SOSOS, ...): OpenGotha and MacMahon write up to
# ten or so; a row with hundreds of words beside its cells is damage (rows run together).
MAX_SCORE_COLUMNS = Budget(
    "score columns", 20, "egf-score-columns-too-many", "score words per Go row"
)
# The same game (opponent, colour, result) in rounds in a row: a match alternates
# colours, so two alike happen, and a file may write a 12-game match as one cell 12
# times; FIDE's example with its first cell pasted 300 times (85,000 cells, 900 KB)
# cost 30 s of CPU over the commands. Beyond this, the line is not read further.
MAX_REPEATED_GAMES = Budget(
    "repeated games", 20, "round-cells-repeated", "identical game cells in a row"
)
# A FIDE id has at most 10 digits; longer "numbers" are damage, and int() of thousands
# of digits is slow (Python refuses beyond 4,300).
MAX_DIGITS = Budget("digits", 15, "number-too-long", "digits in one number")
# The files one event writes (pages, JSON, CSV) must stay in proportion to a sane event.
MAX_EVENT_OUTPUT_BYTES = Budget(
    "output per event", 200 * 1024 * 1024, "event-output-too-large", "bytes written per event"
)

# The largest real events (a 2,000-player open, an Olympiad) are 100-400 KB: a file
# five times that is not read. Below it memory stays in proportion (the readers keep at
# most MAX_FINDINGS_PER_CODE findings of a kind while reading, not one per damaged cell).
MAX_FILE_BYTES = Budget("file size", 2 * 1024 * 1024, "file-too-large", "bytes per input file")
# trfsite.toml: a few KB in practice; read at most this much before parsing.
MAX_CONFIG_BYTES = Budget("config size", 1024 * 1024, "config-too-large", "bytes of trfsite.toml")
# Distinct tie-breaks of one event (record 202, 212, or the config's list): FIDE's
# examples use 3 to 6; each one is a column on every page and in every explanation.
MAX_TIEBREAKS = Budget("tie-breaks", 20, "tiebreaks-too-many", "distinct tie-breaks per event")

# The standings after every round rank players x rounds again for each round: the work
# grows with players x rounds x rounds (a 90-player, 999-round table: 56 s). Beyond this
# sum of players x rounds over the rounds, the standings after each round (not the
# final ones) rank by points alone. A 2,000-player open of 20 rounds is 420,000; at
# 2,000,000 a damaged file of 300 players and 108 rounds took 25-34 s to build.
MAX_ROUND_RANKINGS = Budget(
    "rankings after each round", 500_000, "round-standings-by-points", "players x rounds, summed"
)
# A Go event's standings after round r show a results grid of players x r cells; over
# the pages of every round that is players x rounds^2 / 2. A 1,000-player congress of
# 10 rounds makes 55,000; beyond this, only the final standings show the grid. At
# 200,000 a 3.6 KB table of 4 players and 302 rounds (182,000 cells) took 3.5-10 s of
# CPU to build, most of it these cells.
MAX_ROUND_GRID_CELLS = Budget(
    "results grids", 60_000, "round-grids-omitted", "grid cells over the per-round pages"
)
# The pages of the standings after each round hold players x rounds rows: a 2,000-player
# open of 20 rounds is 40,000. A damaged file of 305 players and 303 rounds (92,000 rows)
# took 30 s of CPU to build. Beyond this, those pages are made for the last rounds only
# (as many as fit); every round's points are still computed for the other pages.
MAX_ROUND_STANDINGS_ROWS = Budget(
    "standings pages after each round", 40_000, "round-standings-pages-limited",
    "rows over the pages of the standings after each round",
)  # fmt: skip
# The cells an event's pages print, players x rounds: a 2,000-player open of 11 rounds
# is 22,000. A damaged file of 284 players stretched to 301 rounds (85,000 cells) took
# 25 s of CPU to build, two thirds of it the player cards' explanations and charts.
# Beyond this, the cards show the games alone; standings, crosstable and rounds as usual.
MAX_EVENT_CELLS = Budget(
    "cells per event", 40_000, "event-detail-omitted", "players x rounds shown in full"
)

# A large open publishes some 10,000 games in one file; more is damage or a database.
MAX_PGN_GAMES = Budget("games", 20_000, "pgn-games-too-many", "games per PGN file")
# 20,000 annotated games take some 30 MB; a larger PGN beside a tournament is a database.
MAX_PGN_BYTES = Budget("PGN size", 32 * 1024 * 1024, "pgn-too-large", "bytes per PGN file")

BUDGETS: tuple[Budget, ...] = (
    MAX_ROUNDS, MAX_PLAYERS, MAX_PLAYER_ROUNDS, MAX_LINE_LENGTH, MAX_SCORE_COLUMNS, MAX_DIGITS,
    MAX_REPEATED_GAMES,
    MAX_FINDINGS_PER_CODE, MAX_EVENT_OUTPUT_BYTES, MAX_FILE_BYTES, MAX_CONFIG_BYTES,
    MAX_TIEBREAKS, MAX_ROUND_RANKINGS, MAX_ROUND_GRID_CELLS, MAX_ROUND_STANDINGS_ROWS,
    MAX_EVENT_CELLS,
    MAX_PGN_GAMES, MAX_PGN_BYTES,
)  # fmt: skip


def find_budget(name: str) -> Budget:
    for budget in BUDGETS:
        if budget.name == name:
            return budget
    known = ", ".join(repr(budget.name) for budget in BUDGETS)
    raise KeyError(f"unknown budget {name!r}; known budgets: {known}")


def repeated_game_at(cells: Iterable[str], is_game: Callable[[str], bool]) -> int | None:
    """The index of the first cell that repeats the game of the MAX_REPEATED_GAMES cells
    before it (the same text, and ``is_game``: it names an opponent), or None.

    One rule for TRF lines and Go rows: unplayed rounds in a row (a player who withdrew)
    are never cut, since they name no opponent.
    """
    limit = MAX_REPEATED_GAMES.limit
    previous: str | None = None
    repeats = 0
    for index, cell in enumerate(cells):
        if cell != previous:
            previous, repeats = cell, 0
            continue
        repeats += 1
        if repeats >= limit and is_game(cell):
            return index
    return None


def repeated_game_note(round_no: int, cell: str, column: int) -> Note:
    """The message of MAX_REPEATED_GAMES' finding, for the cell that is not read."""
    return Note(
        "round {round_no}'s cell {cell!r} repeats the game of the {limit} rounds "
        "before it; expected at most {limit} identical games in a row (a pairing "
        "that repeats alternates colours): the line looks damaged and the cells "
        "from column {column} on are not read",
        round_no=round_no,
        cell=cell,
        limit=MAX_REPEATED_GAMES.limit,
        column=column,
    )


def within_line_length(text: str, number: int, file: str) -> tuple[str, Finding | None]:
    """The line cut to MAX_LINE_LENGTH, with an error when it was longer."""
    limit = MAX_LINE_LENGTH.limit
    if len(text) <= limit:
        return text, None
    finding = Finding(
        Severity.ERROR,
        MAX_LINE_LENGTH.code,
        Note(
            "the line is {count:,} characters long; expected at most {limit:,} (999 round "
            "cells fit in {full_line:,}): the line looks damaged and the text from column "
            "{next_column} on is not read",
            count=len(text),
            limit=limit,
            full_line=10081,
            next_column=limit + 1,
        ),
        file,
        number,
        limit + 1,
    )
    return text[:limit], finding
