"""The people pages of a build, written incrementally.

Each event's people entries are kept in ``OUT/.trfsite-people.json`` under the
event's cache key, so a rebuild after one changed event reads only that event.
Every people page's context is hashed; a page whose hash did not change is
hard-linked from the previous output (byte-identical), the others are rendered.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from trfsite.pages.config import CONFIG_NAME, ConfigError, SiteConfig
from trfsite.pages.contexts import SiteInfo
from trfsite.pages.people_pages import SEARCH_FOLDER, PersonPlan, all_pages
from trfsite.pages.people_search import search_pieces
from trfsite.people.codec import entries_from_json, entries_to_json
from trfsite.people.entries import EventEntries
from trfsite.people.identity import Resolution, resolve
from trfsite.site.event_build import EventTask
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)

PEOPLE_CACHE = ".trfsite-people.json"
_FORMAT = 1


@dataclass(frozen=True, slots=True)
class PeopleCache:
    events: dict[str, EventEntries]  # event cache key -> its entries
    pages: dict[str, str]  # path under OUT -> digest of what made it


@dataclass(frozen=True, slots=True)
class PeopleReport:
    resolution: Resolution
    written: int  # rendered anew
    linked: int  # unchanged, taken from the previous output
    cache: PeopleCache


def load_cache(out: Path) -> PeopleCache:
    """The previous build's people cache; an unreadable one is an empty one."""
    try:
        raw = json.loads((out / PEOPLE_CACHE).read_text(encoding="utf-8"))
        if raw.get("format") != _FORMAT:
            return PeopleCache({}, {})
        events = {key: entries_from_json(data) for key, data in raw["events"].items()}
        pages = {str(path): str(digest) for path, digest in raw["pages"].items()}
    except FileNotFoundError:
        return PeopleCache({}, {})
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        logger.info("%s: people cache unreadable (%s); every people page is made", out, exc)
        return PeopleCache({}, {})
    return PeopleCache(events, pages)


def cache_text(cache: PeopleCache) -> str:
    body = {
        "format": _FORMAT,
        "events": {key: entries_to_json(cache.events[key]) for key in sorted(cache.events)},
        "pages": dict(sorted(cache.pages.items())),
    }
    return json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def _digest(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        encoded = part.encode("utf-8", "surrogatepass")
        digest.update(len(encoded).to_bytes(8, "big") + encoded)
    return digest.hexdigest()


def _same_as_before(previous: Path | None, path: str, data: bytes) -> bool:
    if previous is None:
        return False
    try:
        return (previous / path).read_bytes() == data
    except OSError:
        return False


_MADE: set[Path] = set()  # folders made in this process (thousands of links each)


def _reuse(previous: Path | None, path: str, writer: SiteWriter) -> bool:
    """Hard-link (else copy) ``path`` from the previous output; False if it is gone.

    ``path`` is one of the people pages' own paths (never from input), so the
    writer's per-file checks are not needed for these thousands of links.
    """
    if previous is None:
        return False
    source = os.path.join(previous, path)
    if os.path.islink(source) or not os.path.isfile(source):
        return False
    target = writer.root / path
    if target.parent not in _MADE:
        target.parent.mkdir(parents=True, exist_ok=True)
        _MADE.add(target.parent)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
    return True


def build_people(
    writer: SiteWriter,
    events: list[tuple[str, EventEntries]],
    config: SiteConfig,
    site: SiteInfo,
    theme_paths: tuple[Path, ...],
    fingerprint: str,
    previous: Path | None,
    old: PeopleCache,
) -> PeopleReport:
    """Resolve the archive's people and write their pages; raises ConfigError for bad
    ``[people]`` settings (before anything is published)."""
    from trfsite.render.environment import render_page
    from trfsite.site.event_build import environment

    resolution = resolve((entries for _, entries in events), config.people)
    if resolution.problems:
        raise ConfigError(config.path or CONFIG_NAME, list(resolution.problems))
    for finding in resolution.findings:
        logger.warning("%s", finding.format_text())
    env = environment(theme_paths, site.language, fingerprint)
    pages: dict[str, str] = {}
    written = linked = 0
    event_keys = {entries.file: key for key, entries in events}
    site_text = repr(site)
    for item in all_pages(resolution, site, event_keys):
        if isinstance(item, PersonPlan):
            digest = _digest(fingerprint, site_text, item.inputs)
        else:
            digest = _digest(fingerprint, item.template, repr(item.context))
        pages[item.path] = digest
        if old.pages.get(item.path) == digest and _reuse(previous, item.path, writer):
            linked += 1
            continue
        page = item.make() if isinstance(item, PersonPlan) else item
        data = render_page(env, page.template, page.context).encode("utf-8")
        if _same_as_before(previous, page.path, data) and _reuse(previous, page.path, writer):
            linked += 1  # its inputs changed, but not what it shows
            continue
        writer.write_bytes(page.path, data)
        written += 1
    for path, text in search_pieces(resolution, SEARCH_FOLDER):
        digest = _digest(text)
        pages[path] = digest
        if old.pages.get(path) == digest and _reuse(previous, path, writer):
            linked += 1
            continue
        writer.write_text(path, text)
        written += 1
    cache = PeopleCache(dict(events), pages)
    return PeopleReport(resolution, written, linked, cache)


def publish_people(
    writer: SiteWriter,
    out: Path,
    use_cache: bool,
    events: list[tuple[str, EventTask]],
    built: dict[str, EventEntries],
    config: SiteConfig,
    site: SiteInfo,
    fingerprint: str,
) -> int:
    """The people pages and their cache, beside the events in ``writer``; pages written.

    ``events`` is (cache key, task) for every event of the site, ``built`` the
    entries of those built just now. A reused event's entries come from the cache,
    else (an old cache, a damaged one) from its file again.
    """
    from trfsite.pages.people_entries import read_entries

    old = load_cache(out) if use_cache else PeopleCache({}, {})
    found = []
    for key, task in events:
        entries = built.get(key) or old.events.get(key)
        if entries is None:
            job = task.job
            entries = read_entries(job.data, job.source_name, job.slug, job.config)
        if entries is not None:
            found.append((key, entries))
    theme_paths = events[0][1].theme_paths if events else ()
    if not theme_paths:
        return 0
    report = build_people(
        writer, found, config, site, theme_paths, fingerprint, out if use_cache else None, old
    )
    writer.write_text(PEOPLE_CACHE, cache_text(report.cache))
    logger.info(
        "people: %d person(s), %d page(s) written, %d unchanged",
        len(report.resolution.people),
        report.written,
        report.linked,
    )
    return report.written + report.linked
