"""What one event says about each of its players (picklable, display-neutral)."""

import datetime as dt
import enum
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from trfsite.model.frozen import frozen_record
from trfsite.people.packed import PackedTuple


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


@frozen_record
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
    entries: Sequence[PersonEntry]  # a tuple, or packed (``SharedValues``)
    # The round the ranks are after (None: unknown); below ``rounds``, the event is in
    # progress (a series counts it only when ``live``).
    after_round: int | None = None
    teams: tuple[TeamPlace, ...] = ()  # a team event's teams, by rank


_WIDTH = len(PersonEntry._fields)
# An entry's own texts, in no other entry: kept as they are, not numbered in the table.
_OWN = tuple(PersonEntry._fields.index(name) for name in ("record_text", "game_pages"))
_NUMBERED = tuple(at for at in range(_WIDTH) if at not in _OWN)
_WIDE = len(_NUMBERED)
_NARROW = 0xFFFF  # the largest number of an array("H")
_NO_CODES = array("I")  # never changed


class PackedEntries(PackedTuple[PersonEntry]):
    """An event's entries as numbers into a build's table of values (``SharedValues``).

    A tuple of 24 fields an entry cost the build process ~250 bytes more than these 2
    bytes a field (4 for a field whose numbers pass 65,535 in the event), and a
    1,000-event archive has 65,000 entries, kept from their event's build to the
    people step (issue 46). Each entry is made again when it is read (identity, the
    planner and the listings read them a few times each). Pickled as a plain tuple: a
    copy sent elsewhere does not carry the table.
    """

    __slots__ = ("_codes", "_count", "_own", "_table", "_wide", "_wide_codes")

    def __init__(
        self,
        table: list[object],
        count: int,
        codes: "array[int]",
        own: tuple[str, ...],
        wide: tuple[int, ...] = (),
        wide_codes: "array[int]" = _NO_CODES,
    ) -> None:
        self._table = table
        self._count = count
        # ``_NUMBERED``'s values of each entry, in turn, but those at ``wide`` (indexes
        # into ``_NUMBERED``), which are in ``wide_codes``.
        self._codes = codes
        self._wide = wide
        self._wide_codes = wide_codes
        self._own = own  # ``_OWN``'s values of each entry, in turn; () when all are ""

    def __len__(self) -> int:
        return self._count

    @property
    def held(self) -> int:
        """The bytes of the entries' numbers."""
        codes, wide = self._codes, self._wide_codes
        return len(codes) * codes.itemsize + len(wide) * wide.itemsize

    def _item(self, index: int) -> PersonEntry:
        get, wide = self._table.__getitem__, self._wide
        if not wide:
            start = index * _WIDE
            values = list(map(get, self._codes[start : start + _WIDE]))
        else:
            size = _WIDE - len(wide)
            values = list(map(get, self._codes[index * size : (index + 1) * size]))
            codes = self._wide_codes
            for n, at in enumerate(wide):  # ascending: each lands in its place
                values.insert(at, get(codes[index * len(wide) + n]))
        own = self._own
        for n, at in enumerate(_OWN):  # ascending: each lands in its place
            values.insert(at, own[index * len(_OWN) + n] if own else "")
        return PersonEntry._make(values)


class SharedValues:
    """A build's table of the values that the entries of many events repeat, each
    once, which ``PackedEntries`` number.

    An event's entries come from a worker (unpickled) or from the build state (JSON)
    with strings and numbers of their own: the build process then held a copy of a
    person's name, keys and ids for each event they played, and a ``"GER"`` for each
    entry. The table lives as long as its owner (one build), not the process.
    """

    __slots__ = ("_numbers", "_others", "_text", "values")

    def __init__(self) -> None:
        self.values: list[object] = []
        self._text: dict[str, int] = {}
        # By type and repr: 2, 2.0 and True, or 0.0 and -0.0, are equal keys, but each
        # is shown as itself.
        self._numbers: dict[tuple[type, str], int] = {}
        self._others: dict[object, int] = {}  # None, a KeyKind, national ids

    def event(self, event: EventEntries) -> EventEntries:
        """``event`` with its entries packed, their values numbered in the table."""
        return replace(event, entries=self.pack(event.entries))

    def pack(self, entries: Iterable[PersonEntry]) -> PackedEntries:
        codes = array("I")
        own: list[str] = []
        number = self._number
        for entry in entries:
            codes.extend([number(entry[at]) for at in _NUMBERED])
            own.extend(entry[at] for at in _OWN)  # type: ignore[misc]
        kept = tuple(own) if any(own) else ()
        count = len(codes) // _WIDE
        if not codes or max(codes) <= _NARROW:  # all, up to ~1,000 events (36,914 values)
            return PackedEntries(self.values, count, array("H", codes), kept)
        # Past 65,536 values, only the fields that number new values (names, keys, ids,
        # ratings) need 4 bytes: a federation or a rank was numbered early.
        wide = tuple(at for at in range(_WIDE) if max(codes[at::_WIDE]) > _NARROW)
        narrow = [at for at in range(_WIDE) if at not in wide]
        return PackedEntries(
            self.values,
            count,
            array("H", [codes[n * _WIDE + at] for n in range(count) for at in narrow]),
            kept,
            wide,
            array("I", [codes[n * _WIDE + at] for n in range(count) for at in wide]),
        )

    def _number(self, value: object) -> int:
        if type(value) is str:
            table: dict[Any, int] = self._text
            key: object = value
        elif isinstance(value, int | float):
            table, key = self._numbers, (type(value), repr(value))
        else:
            table, key = self._others, value
        found = table.get(key)
        if found is None:
            found = table[key] = len(self.values)
            self.values.append(value)
        return found
