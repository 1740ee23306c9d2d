"""Each event's people entries: made beside its pages, or read for ``trfsite people``."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from trfsite.model import EventKind, Tournament
from trfsite.people.collect import collect_event
from trfsite.people.entries import EventEntries
from trfsite.results import Standings
from trfsite.site.config import EventConfig, SiteConfig, load_config
from trfsite.site.discover import discover

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
    from trfsite.options import StandingsOptions
    from trfsite.standings import compute_standings

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


@dataclass(frozen=True, slots=True)
class Archive:
    config: SiteConfig
    events: tuple[EventEntries, ...]
    unreadable: tuple[str, ...]  # files that are no tournament (their people are unknown)


def read_archive(src: Path, config_path: Path | None = None) -> Archive:
    """Every event under ``src`` as people entries (the CLI's ``trfsite people``)."""
    folder = src if src.is_dir() else src.parent
    config = load_config(folder, config_path)
    events = []
    unreadable = []
    for source in discover(src).files:
        event_config = config.for_stem(source.path.stem)
        data = source.path.read_bytes()
        entries = read_entries(data, source.relative, source.slug, event_config)
        if entries is None:
            unreadable.append(source.relative)
        else:
            events.append(entries)
    return Archive(config, tuple(events), tuple(unreadable))


def read_entries(data: bytes, file: str, slug: str, config: EventConfig) -> EventEntries | None:
    """One file's entries, read and ranked here (None when it is no tournament)."""
    from trfsite.formats import read_bytes

    t = read_bytes(data, file).tournament
    if t is None:
        return None
    return collect_event(t, _rank(t, config), file, slug, dict(config.people_splits))
