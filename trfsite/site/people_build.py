"""The people pages of a build, written incrementally.

Each event's people entries are kept in ``OUT/.trfsite-people.json`` under the
event's cache key, so a rebuild after one changed event reads only that event.
What makes each people page is hashed; a page whose hash did not change is
hard-linked from the previous output (byte-identical), the others are made.
Locally, by workers forked once the archive is resolved (``people_forked``); on
remote workers, in batches (``people_batches``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path

from trfsite.pages.config import CONFIG_NAME, ConfigError, SiteConfig
from trfsite.pages.contexts import SiteInfo
from trfsite.pages.people_pages import SEARCH_FOLDER, PeoplePlanner
from trfsite.pages.people_search import search_pieces
from trfsite.people.codec import entries_from_json, entries_to_json
from trfsite.people.entries import EventEntries
from trfsite.people.identity import Resolution, resolve
from trfsite.site.event_build import EventTask
from trfsite.site.people_batches import render_in_batches
from trfsite.site.people_files import PeopleJob, digest, forget_folders, reuse
from trfsite.site.people_forked import (
    SharesDone,
    other_pages_here,
    render_locally,
)
from trfsite.site.people_run import PeopleRun
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)

PEOPLE_CACHE = ".trfsite-people.json"
_FORMAT = 3  # JSON lines: the header (format, pages), then one line per event


@dataclass(frozen=True, slots=True)
class PeopleCache:
    events: dict[str, EventEntries]  # event cache key -> its entries
    pages: dict[str, str]  # path under OUT -> digest of what made it
    # event cache key -> its line in the cache file, written again as it was read
    # (encoding every event's entries again cost as much as the rebuild's pages)
    lines: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PeopleReport:
    resolution: Resolution
    written: int  # rendered anew
    linked: int  # unchanged, taken from the previous output
    cache: PeopleCache


def load_cache(out: Path) -> PeopleCache:
    """The previous build's people cache; an unreadable one is an empty one."""
    events: dict[str, EventEntries] = {}
    lines: dict[str, str] = {}
    try:
        with (out / PEOPLE_CACHE).open(encoding="utf-8") as cache:
            header = json.loads(cache.readline())
            if header.get("format") != _FORMAT:
                return PeopleCache({}, {})
            pages = {str(path): str(digest) for path, digest in header["pages"].items()}
            for line in cache:
                key, data = json.loads(line)
                events[str(key)] = entries_from_json(data)
                lines[str(key)] = line.rstrip("\n")
    except FileNotFoundError:
        return PeopleCache({}, {})
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        logger.info("%s: people cache unreadable (%s); every people page is made", out, exc)
        return PeopleCache({}, {})
    return PeopleCache(events, pages, lines)


def cache_text(cache: PeopleCache) -> str:
    header = {"format": _FORMAT, "pages": dict(sorted(cache.pages.items()))}
    out = [json.dumps(header, ensure_ascii=False, sort_keys=True, separators=(",", ":"))]
    for key in sorted(cache.events):
        line = cache.lines.get(key)
        if line is None:
            data = [key, entries_to_json(cache.events[key])]
            line = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        out.append(line)
    return "\n".join(out) + "\n"


def build_people(
    writer: SiteWriter,
    events: list[tuple[str, EventEntries]],
    config: SiteConfig,
    site: SiteInfo,
    theme_paths: tuple[Path, ...],
    run: PeopleRun,
    previous: Path | None,
    old: PeopleCache,
) -> Generator[None, None, PeopleReport]:
    """Resolve the archive's people and write their pages; raises ConfigError for bad
    ``[people]`` settings (before anything is published).

    Steps: it pauses once, when forked workers (if any) have their shares."""
    forget_folders()
    resolution = resolve((entries for _, entries in events), config.people)
    if resolution.problems:
        raise ConfigError(config.path or CONFIG_NAME, list(resolution.problems))
    for finding in resolution.findings:
        logger.warning("%s", finding.format_text())
    planner = PeoplePlanner(resolution, site, {entries.file: key for key, entries in events})
    pages: dict[str, str] = {}
    counts = [0, 0]  # written, linked

    def search() -> None:
        for path, text in search_pieces(resolution, SEARCH_FOLDER):
            pages[path] = made_of = digest(text)
            if old.pages.get(path) == made_of and reuse(previous, path, writer.root):
                counts[1] += 1
                continue
            writer.write_text(path, text)
            counts[0] += 1

    job = PeopleJob(
        planner,
        run.fingerprint,
        repr(site),
        old.pages,
        theme_paths,
        site.language,
        writer.root,
        previous,
    )
    done: list[SharesDone] = []

    def meanwhile() -> None:
        done.append(other_pages_here(job))
        search()

    if run.fork or (run.local and run.workers <= 1):
        done.append((yield from render_locally(job, run.workers, run.fork, meanwhile)))
    else:
        yield
        people = (item for person in resolution.people for item in planner.person_pages(person))
        digests, written, linked = render_in_batches(run.executor, run.workers, job, people)
        done.append(SharesDone(digests, written, linked))
        meanwhile()
    for share in done:
        pages.update(share.digests)
        counts[0] += share.written
        counts[1] += share.linked
    lines = {key: old.lines[key] for key, _ in events if key in old.lines}
    cache = PeopleCache(dict(events), pages, lines)
    return PeopleReport(resolution, counts[0], counts[1], cache)


def publish_people(
    writer: SiteWriter,
    out: Path,
    use_cache: bool,
    events: list[tuple[str, EventTask]],
    built: dict[str, EventEntries],
    config: SiteConfig,
    site: SiteInfo,
    run: PeopleRun,
) -> Generator[None, None, int]:
    """The people pages and their cache, beside the events in ``writer``; pages written.

    Steps (see ``people_step``): it pauses once its workers have started.

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
    report = yield from build_people(
        writer, found, config, site, theme_paths, run, out if use_cache else None, old
    )
    writer.write_text(PEOPLE_CACHE, cache_text(report.cache))
    logger.info(
        "people: %d person(s), %d page(s) written, %d unchanged",
        len(report.resolution.people),
        report.written,
        report.linked,
    )
    return report.written + report.linked
