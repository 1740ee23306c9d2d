"""The people pages of a build, written incrementally.

Each event's people entries are kept in ``OUT/.trfsite-people.json`` under the
event's cache key, so a rebuild after one changed event reads only that event.
Every people page's context is hashed; a page whose hash did not change is
hard-linked from the previous output (byte-identical), the others are rendered
in batches on the build's executor (the process pool or Dask, as events are),
while this process makes the next pages' contexts and writes what comes back.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import queue
import shutil
import stat
import threading
from collections import deque
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from pathlib import Path

from trfsite.pages.config import CONFIG_NAME, ConfigError, SiteConfig
from trfsite.pages.contexts import SiteInfo
from trfsite.pages.people_pages import (
    SEARCH_FOLDER,
    PeoplePage,
    PersonInput,
    PersonPlan,
    all_pages,
)
from trfsite.pages.people_search import search_pieces
from trfsite.people.codec import entries_from_json, entries_to_json
from trfsite.people.entries import EventEntries
from trfsite.people.identity import Resolution, resolve
from trfsite.site.event_build import EventTask, paused_collector
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)

PEOPLE_CACHE = ".trfsite-people.json"
_FORMAT = 2  # JSON lines: the header (format, pages), then one line per event


@dataclass(frozen=True, slots=True)
class PeopleCache:
    events: dict[str, EventEntries]  # event cache key -> its entries
    pages: dict[str, str]  # path under OUT -> digest of what made it
    # event cache key -> its line in the cache file, written again as it was read
    # (encoding every event's entries again cost as much as the rebuild's pages)
    lines: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PeopleRun:
    """Where the people pages are rendered: the executor the events were built on."""

    executor: Executor
    workers: int
    fingerprint: str  # of the theme and trfsite's code
    local: bool  # the workers share this disk: they write the pages themselves


@dataclass(frozen=True, slots=True)
class RenderBatch:
    """People pages for one worker; everything in it pickles (for Dask too)."""

    theme_paths: tuple[Path, ...]
    language: str
    fingerprint: str
    pages: tuple[PeoplePage | PersonInput, ...]  # a person page's context is made there too
    root: Path | None  # a local worker writes the pages there itself; a remote one returns them
    previous: Path | None  # the previous output, for pages that came out the same


@dataclass(frozen=True, slots=True)
class RenderedBatch:
    files: tuple[tuple[str, bytes], ...]  # (path, data) still to write: from a remote worker
    written: int
    linked: int


_BATCH = 40  # pages per call: enough to hide a call's cost, few enough to keep both cores busy


def render_batch(batch: RenderBatch) -> RenderedBatch:
    """Render (and, locally, write) the pages of ``batch``; runs in a worker."""
    from trfsite.render.environment import render_page
    from trfsite.site.event_build import environment

    env = environment(batch.theme_paths, batch.language, batch.fingerprint)
    _MADE.clear()
    files = []
    written = linked = 0
    # The collector would scan the forked worker's inherited objects again and again:
    # 0.45 -> 0.32 s CPU a thousand person pages.
    with paused_collector():
        for item in batch.pages:
            page = item.make() if isinstance(item, PersonInput) else item
            data = render_page(env, page.template, page.context).encode("utf-8")
            if batch.root is None:
                files.append((page.path, data))
            elif _place(batch.root, batch.previous, page.path, data):
                linked += 1
            else:
                written += 1
    return RenderedBatch(tuple(files), written, linked)


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


# Folders made by this batch or build (thousands of files each); emptied at the start of
# each, since a folder may be removed in between (an event rebuilt whole, see people_step).
_MADE: set[Path] = set()


def _folder_for(target: Path) -> None:
    if target.parent not in _MADE:
        target.parent.mkdir(parents=True, exist_ok=True)
        _MADE.add(target.parent)


def _reuse(previous: Path | None, path: str, root: Path) -> bool:
    """Hard-link (else copy) ``path`` from the previous output; False if it is gone.

    ``path`` is one of the people pages' own paths, made from ids or by
    ``name_key`` (never a name as written), so the writer's per-file checks are
    not needed for these thousands of files.
    """
    if previous is None:
        return False
    source = os.path.join(previous, path)
    try:
        if not stat.S_ISREG(os.lstat(source).st_mode):  # never a link planted there
            return False
    except OSError:
        return False
    target = root / path
    _folder_for(target)
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)
    return True


def _place(root: Path, previous: Path | None, path: str, data: bytes) -> bool:
    """Write a rendered page under ``root``; True when it was linked instead, because
    the previous output has the same bytes (its inputs changed, not what it shows)."""
    if _same_as_before(previous, path, data) and _reuse(previous, path, root):
        return True
    target = root / path
    _folder_for(target)
    target.write_bytes(data)
    return False


@dataclass(frozen=True, slots=True)
class LinkBatch:
    """Unchanged pages for a local worker to hard-link from the previous output."""

    previous: Path
    root: Path
    paths: tuple[str, ...]


def link_batch(batch: LinkBatch) -> tuple[str, ...]:
    """Link ``batch``'s pages (runs in a worker); the paths whose old file is gone."""
    _MADE.clear()
    return tuple(p for p in batch.paths if not _reuse(batch.previous, p, batch.root))


_LINKS = 500  # paths per worker call


class _Reuser:
    """Unchanged pages hard-linked from the previous output, beside the other work.

    Linking is kernel work (6,800 person pages of an archive rebuild: 0.2 s). Local
    workers, idle in a rebuild but for the changed event, link them in batches
    while this process makes the other pages' inputs (a thread here got little
    done: it waits for the interpreter lock this busy process holds). Remote
    workers do not share this disk: then a thread links them. A page whose old
    file is gone is handed back to be made.
    """

    def __init__(self, previous: Path, root: Path, run: PeopleRun) -> None:
        self.linked = 0
        self._previous, self._root, self._run = previous, root, run
        self._items: dict[str, PeoplePage | PersonPlan] = {}
        self._paths: list[str] = []
        self._sent: list[Future[tuple[str, ...]]] = []
        self._queue: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._missed: list[str] = []
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        if not run.local:
            self._thread = threading.Thread(target=self._run_thread, daemon=True)
            self._thread.start()

    def add(self, item: PeoplePage | PersonPlan) -> None:
        self._items[item.path] = item
        if self._thread is not None:
            self._queue.put(item.path)
            return
        self._paths.append(item.path)
        if len(self._paths) >= _LINKS:
            self._send()

    def _send(self) -> None:
        batch = LinkBatch(self._previous, self._root, tuple(self._paths))
        self._sent.append(self._run.executor.submit(link_batch, batch))
        self._paths = []

    def _run_thread(self) -> None:
        try:
            while (path := self._queue.get()) is not None:
                if not _reuse(self._previous, path, self._root):
                    self._missed.append(path)
        except BaseException as exc:  # re-raised in the building thread by finish()
            self._error = exc

    def finish(self) -> list[PeoplePage | PersonPlan]:
        """Wait for the links; the pages that could not be linked."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            if self._error is not None:
                raise self._error
        else:
            if self._paths:
                self._send()
            for sent in self._sent:
                self._missed.extend(sent.result())
        self.linked = len(self._items) - len(self._missed)
        return [self._items[path] for path in self._missed]


def build_people(
    writer: SiteWriter,
    events: list[tuple[str, EventEntries]],
    config: SiteConfig,
    site: SiteInfo,
    theme_paths: tuple[Path, ...],
    run: PeopleRun,
    previous: Path | None,
    old: PeopleCache,
) -> PeopleReport:
    """Resolve the archive's people and write their pages; raises ConfigError for bad
    ``[people]`` settings (before anything is published)."""
    _MADE.clear()
    resolution = resolve((entries for _, entries in events), config.people)
    if resolution.problems:
        raise ConfigError(config.path or CONFIG_NAME, list(resolution.problems))
    for finding in resolution.findings:
        logger.warning("%s", finding.format_text())
    pages: dict[str, str] = {}
    counts = [0, 0]  # written, linked
    event_keys = {entries.file: key for key, entries in events}
    site_text = repr(site)
    pending: deque[Future[RenderedBatch]] = deque()
    # Batches ahead, bounded memory. Local workers return only counts, so this process
    # may run far ahead: it makes the pages' inputs while the workers still render an
    # event, instead of feeding them one batch at a time once they are free.
    ahead = run.workers * (32 if run.local else 2)
    batch: list[PeoplePage | PersonInput] = []

    def store(rendered: RenderedBatch) -> None:
        counts[0] += rendered.written
        counts[1] += rendered.linked
        for path, data in rendered.files:
            counts[0 if not _place(writer.root, previous, path, data) else 1] += 1

    def send() -> None:
        root = writer.root if run.local else None
        pages = tuple(batch)
        job = RenderBatch(theme_paths, site.language, run.fingerprint, pages, root, previous)
        pending.append(run.executor.submit(render_batch, job))
        batch.clear()
        while len(pending) > ahead:
            store(pending.popleft().result())

    def make(item: PeoplePage | PersonPlan) -> None:
        batch.append(item.cut() if isinstance(item, PersonPlan) else item)
        if len(batch) >= _BATCH:
            send()

    reuser = _Reuser(previous, writer.root, run) if previous is not None else None
    try:
        for item in all_pages(resolution, site, event_keys):
            if isinstance(item, PersonPlan):
                digest = _digest(run.fingerprint, site_text, item.inputs)
            else:
                digest = _digest(run.fingerprint, item.template, repr(item.context))
            pages[item.path] = digest
            if reuser is not None and old.pages.get(item.path) == digest:
                reuser.add(item)
            else:
                make(item)
        if batch:
            send()  # ahead of the last links: the workers take calls in order
    finally:
        missed = reuser.finish() if reuser is not None else []
    for item in missed:
        make(item)
    counts[1] += reuser.linked if reuser is not None else 0
    if batch:
        send()
    # The search pieces here, while the workers render the last pages (in a rebuild,
    # those of the changed event's people, found last in the loop above).
    for path, text in search_pieces(resolution, SEARCH_FOLDER):
        digest = _digest(text)
        pages[path] = digest
        if old.pages.get(path) == digest and _reuse(previous, path, writer.root):
            counts[1] += 1
            continue
        writer.write_text(path, text)
        counts[0] += 1
    while pending:
        store(pending.popleft().result())
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
