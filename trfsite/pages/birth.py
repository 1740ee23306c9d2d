"""What the pages show of a player's birth ([privacy] birth, people/privacy.py).

By default no birth date at all: an age group's label (``U18``, ``S50``), from the
event's categories; ``birth = "year"`` shows the year alone. An anonymised player
shows neither.
"""

from __future__ import annotations

from trfsite.awards.categories import CategoryKind
from trfsite.awards.rating_change import birth_year
from trfsite.pages.plan import EventData
from trfsite.people.privacy import BirthShown

_AGE_KINDS = frozenset({CategoryKind.UNDER_AGE, CategoryKind.SENIOR})


def shows_year(data: EventData) -> bool:
    return data.job.config.privacy.birth is BirthShown.YEAR


def shown_births(data: EventData) -> dict[int, str]:
    """Player id -> the year of birth, or the age groups they play in (``U18``)."""
    t = data.tournament
    hidden = frozenset(t.anonymised)
    if shows_year(data):
        years = {p.id: birth_year(p) for p in t.players if p.id not in hidden}
        return {pid: str(year) for pid, year in years.items() if year}
    groups: dict[int, list[str]] = {}
    for ranking in data.awards.categories if data.awards else ():
        if ranking.category.kind in _AGE_KINDS:
            for line in ranking.lines:
                groups.setdefault(line.player_id, []).append(ranking.category.code)
    return {pid: ", ".join(codes) for pid, codes in groups.items() if pid not in hidden}
