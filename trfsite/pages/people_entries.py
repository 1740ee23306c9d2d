"""Each event's people entries, made beside its pages (pure: model or bytes in)."""

from __future__ import annotations

import logging

from trfsite.model import EventKind, Tournament
from trfsite.pages.config import EventConfig
from trfsite.people.collect import collect_event
from trfsite.people.entries import EventEntries
from trfsite.results import Standings

logger = logging.getLogger(__name__)


def entries_for(
    t: Tournament,
    config: EventConfig,
    file: str,
    slug: str,
    final: Standings | None,
    individual: Standings | None,
) -> EventEntries:
    """The event's entries, ranked by its players' standings (a team event's individual)."""
    standings = individual if final is not None and final.kind is EventKind.TEAM else final
    return collect_event(t, standings, file, slug, dict(config.people_splits))


def _rank(t: Tournament, config: EventConfig) -> Standings | None:
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    options = config.options()
    if t.kind is EventKind.TEAM:
        options = StandingsOptions(
            rules=options.rules,
            unrated_rating=options.unrated_rating,
            system=options.system,
            individual=True,
        )
    try:
        return compute_standings(t, options)
    except Exception:  # points and ranks become null; the people stay
        logger.debug("standings of %s failed", t.name, exc_info=True)
        return None




def read_entries(data: bytes, file: str, slug: str, config: EventConfig) -> EventEntries | None:
    """One file's entries, read and ranked here (None when it is no tournament)."""
    from trfsite.formats import read_bytes

    t = read_bytes(data, file).tournament
    if t is None:
        return None
    return collect_event(t, _rank(t, config), file, slug, dict(config.people_splits))
