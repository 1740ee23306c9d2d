"""The events of a build: which to build, and building them as they come.

``plan_events`` decides which events the previous build already has; the others
run through the executor, a few ahead and collected in order (``in_order``), or,
fewer than the workers, each on every core in turn (``split_event``).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from trfsite.model.frozen import mutable_record
from trfsite.render.theme import find_theme, load_theme, static_files, theme_chain
from trfsite.site import cache
from trfsite.site.build_sources import LateReads, save_sources
from trfsite.site.built_rounds import BuiltRounds
from trfsite.site.event_build import EventOutput, EventTask, build_event
from trfsite.site.linking import Listing
from trfsite.site.offline_zip import Packed, pack_static, write_offline_zip, zip_name
from trfsite.site.split_event import build_split, can_split
from trfsite.site.state import BuildState
from trfsite.site.state_cache import SourceStore
from trfsite.site.writer import SiteWriter

if TYPE_CHECKING:
    from trfsite.pages.rows import EventSummary
    from trfsite.people.entries import EventEntries

logger = logging.getLogger(__name__)

Progress = Callable[[str, int, int], None]  # (stage, done, total)
# The built events' files' listings held before they go to the build state: ~2.5 KB an
# event (JSON), 2.5 MiB per 1,000 held to the end of the build otherwise (issue 46).
LISTINGS_HELD = 256 * 1024
_T = TypeVar("_T")
_R = TypeVar("_R")


def in_order(
    executor: Executor, workers: int, fn: Callable[[_T], _R], items: Iterable[_T]
) -> Iterator[_R]:
    """``fn`` over ``items`` with a few calls ahead, results in order (bounded memory)."""
    window = max(2, 2 * workers)
    pending: deque[Future[_R]] = deque()
    for item in items:
        pending.append(executor.submit(fn, item))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


@mutable_record
class Plan:
    """Which events are reused from the previous output and which are built."""

    keys: dict[str, str]  # slug -> key
    reused: dict[str, cache.CacheEntry]  # slug -> entry
    build: list[EventTask]  # largest input first, for an even load at the end
    fingerprint: str = ""
    people: dict[str, EventEntries] = field(default_factory=dict)  # key -> entries built now
    previous: cache.Previous = field(default_factory=cache.Previous)  # the live build's
    rounds: BuiltRounds | None = None  # the rounds of ``people``'s entries (made by build_events)
    # The files discovery did not keep: ``build`` reads each task's as it is sent out.
    late: LateReads | None = None
    # The build state the built events' listings go to, ``listings_held`` bytes at a
    # time (``build_events``); None: held to the cache's save.
    state_file: Path | None = None
    listings_held: int = LISTINGS_HELD


def _put_listings(entries: list[cache.CacheEntry], held: list[int], state_file: Path) -> None:
    """The listings of the entries at ``held`` written to the build state, which the
    entries name instead (as those read from it); ``held`` emptied."""
    with BuildState(state_file) as state:
        state.put_listings((entries[i].key, entries[i].files.text or "") for i in held)
    where = str(state_file)
    for i in held:
        entry = entries[i]
        files = Listing(entry.files.folder, None, entry.files.seal, (where, entry.key))
        entries[i] = replace(entry, files=files)
    held.clear()


def _static_files(tasks: list[EventTask]) -> list[tuple[str, Path]]:
    """The theme's static files, which the events' pages load (one theme per build)."""
    if not tasks:
        return []
    return static_files(tuple(load_theme(path) for path in tasks[0].theme_paths))


def plan_events(
    out: Path,
    use_cache: bool,
    tasks: list[EventTask],
    bulletin: bool,
    state_file: Path,
    late: LateReads | None = None,
    sources: SourceStore | None = None,
) -> Plan:
    """Which events the previous build into ``out`` already has (``use_cache``: it and the
    build state ``state_file`` may be read); ``late``: the files discovery took unread,
    read here for the events to build and those whose people the state does not hold;
    ``sources``: what discovery found, saved in the state now (``save_sources``)."""
    if not tasks:
        return Plan({}, {}, [])
    bulletin_paths: tuple[Path, ...] = ()
    if bulletin:
        bulletin_paths = tuple(t.path for t in theme_chain(find_theme("bulletin")))
    fingerprint = cache.build_fingerprint(tasks[0].theme_paths, bulletin_paths)
    tasks = [replace(task, fingerprint=fingerprint) for task in tasks]
    parts = cache.KeyParts()
    keys = {task.job.slug: cache.event_key(fingerprint, task, parts) for task in tasks}
    previous = (
        cache.load_entries(out, state_file, set(keys.values())) if use_cache else cache.Previous()
    )
    folders = cache.live_folders(out) if previous.entries else frozenset()
    reused = {}
    for task in tasks:
        entry = previous.entries.get(keys[task.job.slug])
        if entry is not None and entry.slug == task.job.slug and entry.slug in folders:
            reused[entry.slug] = entry
    if late is not None:
        _read_needed(tasks, reused, keys, late, state_file, use_cache)
        tasks = [late.task(t) if t.job.slug in late.read else t for t in tasks]
        for task in tasks:
            slug = task.job.slug
            if slug in late.read:  # the key of the bytes read (a file changed meanwhile)
                keys[slug] = cache.event_key(fingerprint, task, parts)
                if slug in reused and reused[slug].key != keys[slug]:
                    del reused[slug]
    build = [t for t in tasks if t.job.slug not in reused]
    build.sort(key=lambda t: -late.size(t) if late is not None else -len(t.job.data))
    if not use_cache and tasks[0].job.site.people:
        # A build without the cache forgets the state before it writes the listings
        # of its events there (not at the people step, which would lose them).
        BuildState(state_file, fresh=True).close()
    if sources is not None:  # once the state is made afresh
        save_sources(state_file, sources)
    return Plan(
        keys,
        reused,
        build,
        fingerprint,
        previous=replace(previous, entries={}),
        late=late,
        state_file=state_file,
    )


def _read_needed(
    tasks: list[EventTask],
    reused: dict[str, cache.CacheEntry],
    keys: dict[str, str],
    late: LateReads,
    state_file: Path,
    use_cache: bool,
) -> None:
    """Read the files discovery took unread of the events reused whose people the build
    state does not hold (a site with people pages); those of the events to build are
    read as their tasks go out (``build_events``)."""
    unread = [task for task in tasks if late.unread(task)]
    held: set[str] = set()
    if unread and tasks[0].job.site.people and use_cache and state_file.is_file():
        with BuildState(state_file) as state:
            held = state.known_events()
    for task in unread:
        slug = task.job.slug
        if slug in reused and task.job.site.people and keys[slug] not in held:
            late.task(task)


def build_events(
    writer: SiteWriter,
    executor: Executor,
    workers: int,
    plan: Plan,
    progress: Progress | None,
    local: bool,
    written: Callable[[dict[str, EventSummary]], None] | None = None,
) -> list[cache.CacheEntry]:
    """Build the events that are not reused; their files are written as they arrive.

    ``written``: told the summaries of the events built (by slug) once all their files
    are written, before the last event's offline copy (a split event's before its
    processes end): what reads those files may start then.

    Local workers write their files into the temporary folder themselves, so
    the pages do not travel back through a pipe; remote ones return them. The
    players of each event built go to ``plan.people``, kept until the people pages
    packed (numbers into a table of the values they repeat: ``SharedValues``), their
    rounds apart on disk (``plan.rounds``).
    """
    from trfsite.people.entries import SharedValues

    # Each task's bytes are read as it goes out: the build holds those of the tasks
    # in flight, not the archive's.
    tasks = (
        replace(_with_bytes(plan, task), out_root=writer.root if local else None)
        for task in plan.build
    )
    summaries: dict[str, EventSummary] = {}
    told = written is None

    def done_writing(summary: EventSummary) -> None:
        nonlocal told
        summaries[summary.slug] = summary
        if not told and len(summaries) == len(plan.build):
            told = True
            assert written is not None
            written(summaries)

    outputs: Iterator[EventOutput]
    if local and can_split(executor, workers, len(plan.build)):
        outputs = (build_split(task, workers, done_writing) for task in tasks)
    else:
        outputs = in_order(executor, workers, build_event, tasks)
    entries = []
    sites = {task.job.slug: task.job.site for task in plan.build}
    static = _static_files(plan.build)
    static_packed: dict[str, Packed] | None = None
    shared = SharedValues()
    held: list[int] = []  # the entries whose listing is held, by their index
    held_bytes = 0
    for done, output in enumerate(outputs, start=1):
        for path, data in output.files:
            writer.write_bytes(path, data)
        done_writing(output.summary)
        # The event's folder is complete now: its offline copy is made from it, and
        # listed among its files so that the cache keeps it with the event. An event
        # that failed has only its validation page, nothing to take offline.
        if not output.summary.failed:
            site = sites[output.slug]
            if static_packed is None:  # the same in every copy: packed once
                static_packed = pack_static(static)
            packed = {**static_packed, **{p.arcname: p for p in output.packed}}
            size = write_offline_zip(writer.root, output.slug, static, site.base_url, packed)
            # Not kept: the cache's entry and the summary need only the sizes.
            output = replace(
                output, sizes=(*output.sizes, (zip_name(output.slug), size)), packed=()
            )
        key = plan.keys[output.slug]
        if output.people is not None:
            if plan.rounds is None:  # a site with people pages
                plan.rounds = BuiltRounds()
            plan.people[key] = shared.event(plan.rounds.take(key, output.people))
        entries.append(cache.entry_for(key, output))
        if plan.state_file is not None:
            held.append(len(entries) - 1)
            held_bytes += len(entries[-1].files.text or "")
            if held_bytes >= plan.listings_held:
                _put_listings(entries, held, plan.state_file)
                held_bytes = 0
        if output.pdf_failure:
            logger.warning("%s", output.pdf_failure)
        if progress:
            progress("events", done, len(plan.build))
    return entries


def _with_bytes(plan: Plan, task: EventTask) -> EventTask:
    """``task`` with its files' bytes, read now when discovery did not keep them; its
    key follows the bytes read (a file changed since discovery has another)."""
    if plan.late is None or not plan.late.unread(task):
        return task
    task = plan.late.built(task)
    plan.keys[task.job.slug] = cache.event_key(plan.fingerprint, task)
    return task


def log_outcomes(entries: Sequence[cache.CacheEntry], reused: Collection[str]) -> None:
    """With -v, what happened to each event (``reused``: the slugs taken unchanged)."""
    # Asked first: else nothing per event (issue 46).
    if logger.isEnabledFor(logging.INFO):
        for entry in entries:
            how = "reused from the previous build" if entry.slug in reused else "built"
            pdf = ", PDF" if entry.pdf else ""
            logger.info(
                "%s -> %s/: %s, %d page(s)%s, %d error(s), %d warning(s)%s",
                entry.summary.source_name,
                entry.slug,
                how,
                entry.pages,
                pdf,
                entry.errors,
                entry.warnings,
                f" ({entry.failure})" if entry.failure else "",
            )
