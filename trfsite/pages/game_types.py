"""An event's games matched to its pairings: the types every page that links a game reads
(made by ``pages.games``)."""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING

from trfsite.findings import Finding
from trfsite.model.frozen import frozen_record

if TYPE_CHECKING:  # the PGN reader is imported where an event has games (pages.games)
    from trfsite.formats.pgn import PgnGame, Replay


@frozen_record
class EventGame:
    """A game of the PGN files, matched to one pairing of the event."""

    game: PgnGame
    source: str  # the PGN file, under SRC
    round: int
    board: int  # as the round page numbers it
    white: int  # player ids, White as the PGN has it
    black: int
    replayed: Replay

    @property
    def path(self) -> str:
        """The game's page, relative to the event's folder."""
        return f"games/{self.round}-{self.board}.html"

    @property
    def result(self) -> str:
        return self.game.tag("Result").strip() or self.game.termination or "*"


@frozen_record
class EventGames:
    games: tuple[EventGame, ...] = ()  # in round and board order
    findings: tuple[Finding, ...] = ()
    # (round, player id) -> the game's page, relative to the event folder.
    pages: dict[tuple[int, int], str] = field(default_factory=dict)

    def page_of(self, round_no: int, pid: int) -> str:
        return self.pages.get((round_no, pid), "")

    def of_round(self, round_no: int) -> tuple[EventGame, ...]:
        return tuple(game for game in self.games if game.round == round_no)


NO_GAMES = EventGames()


def event_pgn(slug: str) -> str:
    """The event's PGN, relative to its folder (named by the event: saved, it says which)."""
    return f"games/{slug.rsplit('/', 1)[-1]}.pgn"
