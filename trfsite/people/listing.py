"""Each event's people entries: from the model and standings of an event built now,
or from the bytes of one whose entries are not cached (pure: no disk)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from trfsite.model import EventKind, Tournament
from trfsite.people.collect import KnownRatings, collect_event
from trfsite.people.entries import EventEntries
from trfsite.results import Standings

if TYPE_CHECKING:
    from trfsite.awards.event import EventAwards
    from trfsite.awards.settings import AwardSettings
    from trfsite.people.privacy import PrivacySettings
    from trfsite.standings.options import StandingsOptions

logger = logging.getLogger(__name__)


class EventSettings(Protocol):
    """What the entries read of an event's settings (``pages.config.EventConfig``)."""

    @property
    def people_splits(self) -> tuple[tuple[int, str], ...]: ...

    @property
    def unrated_rating(self) -> int | None: ...

    @property
    def awards(self) -> AwardSettings: ...

    @property
    def privacy(self) -> PrivacySettings: ...

    def options(self) -> StandingsOptions: ...


def entries_for(
    t: Tournament,
    config: EventSettings,
    file: str,
    slug: str,
    final: Standings | None,
    individual: Standings | None,
    awards: EventAwards | None = None,
    games: Mapping[tuple[int, int], str] | None = None,
) -> EventEntries:
    """The event's entries, ranked by its players' standings (a team event's individual).

    ``awards`` (the event page's) lend their rating changes and TPRs when they are
    the ones a person page shows: 0.06 s of a 2000-player open not spent twice.
    """
    standings = individual if final is not None and final.kind is EventKind.TEAM else final
    known = _known_ratings(t, config, final, awards)
    splits = dict(config.people_splits)
    return collect_event(t, standings, file, slug, splits, known, games, teams=final)


def _known_ratings(
    t: Tournament, config: EventSettings, final: Standings | None, awards: EventAwards | None
) -> KnownRatings | None:
    """The awards' ratings, if they equal what ``collect_event`` computes, else None.

    A person page's change and TPR ignore the event's K overrides and unrated rating
    (one person page spans events of different configs), and count every round: the
    awards' agree only without those, after the last round, for every player.
    """
    if (
        awards is None
        or final is None
        or not awards.ratings
        or config.awards.k_overrides
        or config.unrated_rating is not None
        or final.after_round != t.rounds
        or set(awards.ratings) != {player.id for player in t.players}
    ):
        return None
    changes = {
        pid: found.change.value
        for pid, found in awards.ratings.items()
        if found.change.games and found.change.value is not None
    }
    performances = {
        pid: int(found.performance.value)
        for pid, found in awards.ratings.items()
        if found.performance.value is not None
    }
    return KnownRatings(changes, performances)


def _rank(t: Tournament, config: EventSettings, teams: bool = False) -> Standings | None:
    """The players' standings (``teams``: a team event's team standings)."""
    from trfsite.standings.compute import compute_standings
    from trfsite.standings.options import StandingsOptions

    options = config.options()
    if t.kind is EventKind.TEAM and not teams:
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


def read_entries(data: bytes, file: str, slug: str, config: EventSettings) -> EventEntries | None:
    """One file's entries, read and ranked here (None when it is no tournament)."""
    from trfsite.formats import read_bytes

    t = read_bytes(data, file).tournament
    if t is None:
        return None
    if config.privacy.anonymise:
        from trfsite.people.privacy import anonymise

        t = anonymise(t, config.privacy)
    team_standings = _rank(t, config, teams=True) if t.kind is EventKind.TEAM else None
    splits = dict(config.people_splits)
    return collect_event(t, _rank(t, config), file, slug, splits, teams=team_standings)
