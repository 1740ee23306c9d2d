"""Categories: who belongs where, and the standings within each.

A category is named by a short spelling the organiser writes in ``trfsite.toml``:

- ``women``: sex ``w`` or ``f`` in the file;
- ``U8`` ... ``U20`` (any ``U<age>``): born on or after the cut-off date minus
  that many years; ``S50``, ``S65`` (any ``S<age>``): born on or before it.
  Without a cut-off date ages go by the birth year, as FIDE youth and senior
  events do: in 2026 ``U18`` is born 2008 or later, ``S65`` 1961 or earlier;
- ``U2000`` (rating under 2000, unrated players included) or ``1800-1999``
  (a rating band, both ends included);
- ``fed:GER`` (a federation) and ``club:Name`` (a club, as the file spells it).
"""

import datetime as _dt
import enum
import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

from trfsite.formats.numbers import is_whole
from trfsite.model import Player, Tournament
from trfsite.results import Note, Standings

DEFAULT_AGE_GROUPS = ("U8", "U10", "U12", "U14", "U16", "U18", "U20", "S50", "S65")
_AGE = re.compile(r"^([US])(\d{1,2})$")
_UNDER = re.compile(r"^U(\d{3,4})$")
_BAND = re.compile(r"^(\d{3,4})-(\d{3,4})$")
_WOMEN = frozenset({"w", "f"})


class CategoryKind(enum.Enum):
    OVERALL = "overall"
    WOMEN = "women"
    UNDER_AGE = "under age"
    SENIOR = "senior"
    RATING = "rating"
    FEDERATION = "federation"
    CLUB = "club"


class Category(NamedTuple):
    code: str  # as written in the config, e.g. "U18", "fed:GER"
    kind: CategoryKind
    low: int = 0  # age, or the lowest rating
    high: int = 0  # the highest rating (bands)
    value: str = ""  # federation or club

    @property
    def label(self) -> Note:
        kind = self.kind
        if kind is CategoryKind.OVERALL:
            return Note("Overall")
        if kind is CategoryKind.WOMEN:
            return Note("Women")
        if kind is CategoryKind.UNDER_AGE:
            return Note("Under {age}", age=str(self.low))
        if kind is CategoryKind.SENIOR:
            return Note("Seniors {age}+", age=str(self.low))
        if kind is CategoryKind.RATING and self.low == 0:
            return Note("Rating under {rating}", rating=str(self.high + 1))
        if kind is CategoryKind.RATING:
            return Note("Rating {low}-{high}", low=str(self.low), high=str(self.high))
        if kind is CategoryKind.FEDERATION:
            return Note("Federation {name}", name=self.value)
        return Note("Club {name}", name=self.value)


def parse_category(code: str) -> Category:
    """A category from its spelling; ValueError saying what was expected."""
    text = code.strip()
    if text.lower() == "overall":
        return Category("overall", CategoryKind.OVERALL)
    if text.lower() == "women":
        return Category("women", CategoryKind.WOMEN)
    age = _AGE.match(text.upper())
    if age:
        kind = CategoryKind.UNDER_AGE if age.group(1) == "U" else CategoryKind.SENIOR
        return Category(text.upper(), kind, int(age.group(2)))
    under = _UNDER.match(text.upper())
    if under:
        return Category(text.upper(), CategoryKind.RATING, 0, int(under.group(1)) - 1)
    band = _BAND.match(text)
    if band and int(band.group(1)) <= int(band.group(2)):
        return Category(text, CategoryKind.RATING, int(band.group(1)), int(band.group(2)))
    for prefix, kind in (("fed:", CategoryKind.FEDERATION), ("club:", CategoryKind.CLUB)):
        if text.lower().startswith(prefix) and text[len(prefix) :].strip():
            return Category(text, kind, value=text[len(prefix) :].strip())
    raise ValueError(
        f"{code!r} is not a category; expected overall, women, U8-U20 or S50/S65 (any U<age>, "
        "S<age>), U2000 or 1800-1999 (ratings), fed:GER or club:<name>"
    )


def _birth(player: Player) -> tuple[int, int, int] | None:
    return _parse_birth(player.birth_date)


# Each player is tested against every age group (an archive: ~190,000 tests), and
# birth dates repeat: each spelling is read once.
@functools.lru_cache(maxsize=8192)
def _parse_birth(text: str) -> tuple[int, int, int] | None:
    parts = text.split("/")
    if len(parts) != 3 or not all(is_whole(p) for p in parts) or int(parts[0]) == 0:
        return None
    year, month, day = (int(p) for p in parts)
    if month or day:
        try:
            _dt.date(year, month, day)
        except ValueError:  # 1990/13/45: the year alone is known
            return year, 0, 0
    return year, month, day


def belongs(
    category: Category, player: Player, year: int | None, cutoff: _dt.date | None = None
) -> bool:
    """Is ``player`` in ``category`` in an event of ``year`` (ages at ``cutoff`` if set)?"""
    kind = category.kind
    if kind is CategoryKind.OVERALL:
        return True
    if kind is CategoryKind.WOMEN:
        return player.sex.strip().lower() in _WOMEN
    if kind is CategoryKind.RATING:
        rating = player.rating or 0  # unrated players count as the lowest
        return category.low <= rating <= category.high
    if kind is CategoryKind.FEDERATION:
        return player.federation.strip().upper() == category.value.upper()
    if kind is CategoryKind.CLUB:
        return player.club.strip().casefold() == category.value.casefold()
    born = _birth(player)
    if born is None:
        return False
    if cutoff is not None and born[1] and born[2]:
        # The birthday of that many years before the cut-off (29 Feb -> 28 Feb).
        boundary = _years_before(cutoff, category.low)
        day = _dt.date(*born)
        return day >= boundary if kind is CategoryKind.UNDER_AGE else day <= boundary
    reference = cutoff.year if cutoff is not None else year
    if reference is None:
        return False
    return _by_birth_year(category, born[0], reference)


def _by_birth_year(category: Category, born_year: int, reference: int) -> bool:
    """An age group's rule without a cut-off day: the birth year against the event's."""
    if category.kind is CategoryKind.UNDER_AGE:
        return born_year >= reference - category.low
    return born_year <= reference - category.low


def _years_before(day: _dt.date, years: int) -> _dt.date:
    try:
        return day.replace(year=day.year - years)
    except ValueError:  # 29 February in a year without one
        return day.replace(year=day.year - years, day=28)


def default_categories(t: Tournament, year: int | None) -> tuple[Category, ...]:
    """Women and the age groups that some player belongs to."""
    found = []
    # Without a cut-off an age group is judged by the birth year alone (``belongs``):
    # some player is under U<age> when the youngest is, and over S<age> when the
    # oldest is. The birth years are read once, not once per group (nine groups
    # times 2,000 players of an open, on the path before its pages start).
    years = [born[0] for p in t.players if (born := _birth(p)) is not None]
    youngest, oldest = (max(years), min(years)) if years else (None, None)
    for code in ("women", *DEFAULT_AGE_GROUPS):
        category = parse_category(code)
        kind = category.kind
        if kind is CategoryKind.UNDER_AGE or kind is CategoryKind.SENIOR:
            nearest = youngest if kind is CategoryKind.UNDER_AGE else oldest
            some = (
                year is not None and nearest is not None and _by_birth_year(category, nearest, year)
            )
        else:
            some = any(belongs(category, p, year) for p in t.players)
        if some:
            found.append(category)
    return tuple(found)


class CategoryLine(NamedTuple):
    category_rank: int
    overall_rank: int
    player_id: int
    points: float


class CategoryStandings(NamedTuple):
    category: Category
    lines: tuple[CategoryLine, ...]


def category_standings(
    standings: Standings,
    categories: Sequence[Category],
    year: int | None,
    cutoff: _dt.date | None = None,
) -> tuple[CategoryStandings, ...]:
    """Each category's players in overall order; equal overall ranks share a category rank."""
    players = standings.tournament.player_index()
    found = []
    for category in categories:
        lines: list[CategoryLine] = []
        for row in standings.rows:
            player = players.get(row.id)
            if player is None or not belongs(category, player, year, cutoff):
                continue
            rank = len(lines) + 1
            if lines and lines[-1].overall_rank == row.rank:
                rank = lines[-1].category_rank
            lines.append(CategoryLine(rank, row.rank, row.id, row.points))
        found.append(CategoryStandings(category, tuple(lines)))
    return tuple(found)
