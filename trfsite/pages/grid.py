"""The round-robin grid's cells, columns and rows (built by ``crossgrid``).

Below the page contexts that carry a grid and the builder that fills one.
"""

from typing import NamedTuple

from trfsite.pages.rows import ColumnHead, Ref


class GridGame(NamedTuple):
    """One game (or team match) inside a cell, from the row participant's side."""

    round: int
    text: str  # "1", "½", "0", "+", "−" (forfeits); a team's game points, e.g. "2½"
    css: str  # "win", "draw", "loss" or "none" (not played yet)
    colour: str  # "w", "b", or "" when the file gives none
    forfeit: bool = False  # a forfeit (team: a match lost by forfeit)
    unrated: bool = False  # played, but not rated (TRF W, D, L: less than one move)
    game: str = ""  # the game's page, relative to the event folder

    @property
    def classes(self) -> str:
        """The CSS classes of the game: its result, and ``forfeit`` for forfeits."""
        return f"{self.css} forfeit" if self.forfeit else self.css


class GridCell(NamedTuple):
    """Row participant against column participant: every game between them, in round order."""

    column: int  # 1-based position of the column participant
    games: tuple[GridGame, ...]  # empty: they never met (e.g. a withdrawal)
    diagonal: bool = False  # the participant against itself

    @property
    def css(self) -> str:
        """``diagonal``, ``empty``, one game's classes, or the classes all games share."""
        if self.diagonal:
            return "diagonal"
        if not self.games:
            return "empty"
        kinds = {g.css for g in self.games}
        return self.games[0].css if len(kinds) == 1 else "mixed"


class GridColumn(NamedTuple):
    number: int  # the row position it stands for (1..N)
    ref: Ref  # name for the header's title, and the card


class GridRow(NamedTuple):
    position: int  # 1..N, the number its column is headed with
    rank: int  # final rank (equal for shared ranks)
    ref: Ref
    title: str  # chess title, "" for teams
    rating: int | None
    federation: str
    cells: tuple[GridCell, ...]  # one per column, the diagonal included
    points: float  # byes included
    tiebreaks: tuple[float | None, ...]  # aligned with CrossGrid.heads
    match_points: float | None = None  # team events
    game_points: float | None = None


class CrossGrid(NamedTuple):
    columns: tuple[GridColumn, ...]
    rows: tuple[GridRow, ...]  # final rank order
    heads: tuple[ColumnHead, ...]  # tie-break columns
    points_label: str
    is_team: bool
    games_per_pair: int  # 1 single, 2 double round robin (most games in one cell)
    shared_ranks: bool  # some rank is shared: rows then show rank and number apart

    @property
    def size(self) -> int:
        return len(self.rows)
