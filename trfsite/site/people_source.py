"""An archive's people entries read from disk, for ``trfsite people``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from trfsite.findings import Finding
from trfsite.pages.config import SiteConfig, load_config
from trfsite.pages.people_entries import read_entries
from trfsite.people.entries import EventEntries
from trfsite.site.discover import discover


@dataclass(frozen=True, slots=True)
class Archive:
    config: SiteConfig
    events: tuple[EventEntries, ...]
    unreadable: tuple[str, ...]  # files that are no tournament (their people are unknown)
    refused: tuple[Finding, ...] = ()  # files not read at all (see discover)


def read_archive(src: Path, config_path: Path | None = None) -> Archive:
    """Every event under ``src`` as people entries (the CLI's ``trfsite people``)."""
    folder = src if src.is_dir() else src.parent
    config = load_config(folder, config_path)
    events = []
    unreadable = []
    found = discover(src)
    for source in found.files:
        event_config = config.for_stem(source.path.stem)
        entries = read_entries(source.data, source.relative, source.slug, event_config)
        if entries is None:
            unreadable.append(source.relative)
        else:
            events.append(entries)
    return Archive(config, tuple(events), tuple(unreadable), found.refused)
