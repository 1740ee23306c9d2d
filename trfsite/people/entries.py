"""What one event says about each of its players (picklable, display-neutral)."""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple


class KeyKind(enum.Enum):
    """Where an entry's own key came from, strongest first."""

    FIDE = "fide"
    EGD = "egd"
    NATIONAL = "nat"
    CONFIG = "config"  # a split in ``[people]``
    NAME = "name"


class GameRecord(NamedTuple):
    """One round of a player: the opponent's start number in the same event.

    A named tuple, not a dataclass: an archive's people cache holds millions of
    them, and a rebuild reads them all (made twice as fast).
    """

    round: int
    opponent: int | None  # None: a bye or an unpaired round
    color: str  # "w", "b" or ""
    outcome: str  # the model's Outcome value (TRF letter)


class PersonEntry(NamedTuple):
    """One player of one event, with everything identity and the person page need.

    A named tuple too: a rebuild reads every event's entries from the people cache
    (20,000 for 300 events), and a tuple is made ten times faster than a frozen
    dataclass of 22 fields.
    """

    start_number: int
    name: str
    own_key: str  # from this entry alone: an id, a config split, else name+federation+year
    key_kind: KeyKind
    folded_name: str
    fide_id: str
    egd_pin: str
    national_ids: tuple[str, ...]  # "GER-12345"
    federation: str
    birth_year: int | None
    title: str
    club: str
    rating: int | None
    grade: str  # Go
    points: float | None
    rank: int | None
    games: int
    performance: int | None
    rating_change: float | None
    line: int  # the player's line in the file (0 when unknown)
    record_text: str = ""  # the rounds, packed (see ``record``)
    team: str = ""
    game_pages: str = ""  # the player's games with a page: "R-B" each, space-separated
    sex: str = ""  # as the file writes it (a series' women category)

    @property
    def games_shown(self) -> tuple[tuple[int, str], ...]:
        """(round, the game's page under the event's folder) of each game with a page."""
        return tuple(
            (int(key.split("-", 1)[0]), f"games/{key}.html") for key in self.game_pages.split()
        )

    @property
    def record(self) -> tuple[GameRecord, ...]:
        """The player's rounds. Kept packed in one string: a rebuild reads every entry
        of the archive from the cache (137,000 rounds for 300 events) and unpacks the
        few of the people whose pages it makes."""
        return unpack_record(self.record_text)


def pack_record(games: Iterable[GameRecord]) -> str:
    """``round:opponent:color:outcome`` of each game, space-separated (no field holds
    either separator: numbers, ``w``/``b``/empty and the outcome's TRF letter)."""
    return " ".join(
        f"{g.round}:{'' if g.opponent is None else g.opponent}:{g.color}:{g.outcome}" for g in games
    )


def unpack_record(text: str) -> tuple[GameRecord, ...]:
    games = []
    for game in text.split():
        number, opponent, color, outcome = game.split(":")
        games.append(GameRecord(int(number), int(opponent) if opponent else None, color, outcome))
    return tuple(games)


class TeamPlace(NamedTuple):
    """A team's place in a team event (a team series ranks teams by name)."""

    name: str
    rank: int
    points: float


@dataclass(frozen=True, slots=True)
class EventEntries:
    """One event's players, as the people layer sees them."""

    file: str  # path under the source folder, forward slashes
    slug: str
    event: str
    date: dt.date | None
    game: str  # "chess" or "go"
    kind: str  # "individual", "team", "go"
    participants: int
    rounds: int
    entries: tuple[PersonEntry, ...]
    # The round the ranks are after (None: unknown); below ``rounds``, the event is in
    # progress (a series counts it only when ``live``).
    after_round: int | None = None
    teams: tuple[TeamPlace, ...] = ()  # a team event's teams, by rank


# The values many entries repeat across an archive: a person's name, keys and ids in
# each of their events, a federation or a rating in thousands. The rounds and game
# pages are the entry's own.
_SHARED_TEXT = tuple(
    PersonEntry._fields.index(name)
    for name in (
        "name",
        "own_key",
        "folded_name",
        "fide_id",
        "egd_pin",
        "federation",
        "title",
        "club",
        "grade",
        "team",
        "sex",
    )
)
_SHARED_NUMBERS = tuple(
    PersonEntry._fields.index(name)
    for name in ("birth_year", "rating", "points", "performance", "rating_change")
)


class SharedValues:
    """One object for each value that the entries of many events repeat.

    An event's entries come from a worker (unpickled) or from the build state (JSON)
    with strings and numbers of their own: the build process then held a copy of a
    person's name, keys and ids for each event they played, and a ``"GER"`` for each
    entry, 760 bytes an entry where 450 are shared (a 1,000-event archive's 70,000
    entries, kept from their event's build to the people pages). The table lives as
    long as its owner (one build), not the process.
    """

    __slots__ = ("_floats", "_ints", "_text")

    def __init__(self) -> None:
        self._text: dict[str, str] = {}
        self._ints: dict[int, int] = {}
        # By repr: 0.0 and -0.0 are equal keys, but each is shown as itself.
        self._floats: dict[str, float] = {}

    def event(self, event: EventEntries) -> EventEntries:
        """``event`` with its entries' repeated values taken from (or put in) the table."""
        return replace(event, entries=tuple(self.entry(entry) for entry in event.entries))

    def entry(self, entry: PersonEntry) -> PersonEntry:
        values: list[object] = list(entry)
        self.share(values)
        return PersonEntry._make(values)

    def share(self, values: list[object]) -> None:
        """An entry's values (in ``PersonEntry``'s order), the repeated ones replaced
        by the table's."""
        text, ints, floats = self._text.setdefault, self._ints.setdefault, self._floats
        for at in _SHARED_TEXT:
            value = values[at]
            values[at] = text(value, value)  # type: ignore[arg-type]
        for at in _SHARED_NUMBERS:
            value = values[at]
            kind = type(value)
            if kind is int:  # exactly: True stays True, 1.0 stays a float
                values[at] = ints(value, value)  # type: ignore[arg-type]
            elif kind is float:
                values[at] = floats.setdefault(repr(value), value)  # type: ignore[arg-type]
