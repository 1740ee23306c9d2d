"""Running the events of a build: which to build, in how many tasks, and collecting them.

``plan_events`` decides which events the previous build already has; the others
are split into tasks (``split_tasks``: with fewer events than workers, an event
becomes page parts and a bulletin task), run through an executor in order
(``in_order``) and written as they arrive (``build_events``).
"""

from __future__ import annotations

import logging
import multiprocessing
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from trfsite.render.theme import find_theme, theme_chain
from trfsite.site import cache
from trfsite.site.event_build import (
    EventOutput,
    EventTask,
    Share,
    build_event,
    build_event_alone,
    merge_parts,
    share_event,
    unshare_event,
    warm_environment,
)
from trfsite.site.executors import forks, lower_priority, start_method, starts_later
from trfsite.site.people_step import PeopleStep
from trfsite.site.writer import SiteWriter

if TYPE_CHECKING:
    from trfsite.people.entries import EventEntries

logger = logging.getLogger(__name__)

Progress = Callable[[str, int, int], None]  # (stage, done, total)
_T = TypeVar("_T")
_R = TypeVar("_R")


def in_order(
    executor: Executor,
    workers: int,
    fn: Callable[[_T], _R],
    items: Iterable[_T],
    started: Callable[[], None] = lambda: None,
) -> Iterator[_R]:
    """``fn`` over ``items`` with a few calls ahead, results in order (bounded memory).

    ``started`` is called once the first calls are submitted.
    """
    window = max(2, 2 * workers)
    pending: deque[Future[_R]] = deque()
    for item in items:
        pending.append(executor.submit(fn, item))
        if len(pending) >= window:
            started()
            yield pending.popleft().result()
    started()
    while pending:
        yield pending.popleft().result()


@dataclass(slots=True)
class Plan:
    """Which events are reused from the previous output and which are built."""

    keys: dict[str, str]  # slug -> key
    reused: dict[str, cache.CacheEntry]  # slug -> entry
    build: list[EventTask]  # largest input first, for an even load at the end
    fingerprint: str = ""
    people: dict[str, EventEntries] = field(default_factory=dict)  # key -> entries built now


def plan_events(out: Path, use_cache: bool, tasks: list[EventTask], bulletin: bool) -> Plan:
    """Which events the previous build into ``out`` already has (``use_cache``: it may be read)."""
    if not tasks:
        return Plan({}, {}, [])
    bulletin_paths: tuple[Path, ...] = ()
    if bulletin:
        bulletin_paths = tuple(t.path for t in theme_chain(find_theme("bulletin")))
    fingerprint = cache.build_fingerprint(tasks[0].theme_paths, bulletin_paths)
    tasks = [replace(task, fingerprint=fingerprint) for task in tasks]
    keys = {task.job.slug: cache.event_key(fingerprint, task) for task in tasks}
    previous: dict[str, cache.CacheEntry] = {}
    if use_cache:
        previous = cache.load_manifest(out)
    reused = {}
    for task in tasks:
        entry = previous.get(keys[task.job.slug])
        if entry is not None and entry.slug == task.job.slug and cache.reusable(entry, out):
            reused[entry.slug] = entry
    build = [t for t in tasks if t.job.slug not in reused]
    build.sort(key=lambda t: -len(t.job.data))
    return Plan(keys, reused, build, fingerprint)


def splits(plan: Plan, workers: int) -> bool:
    """The events to build are fewer than the workers: each is split in parts."""
    return workers > 1 and len(plan.build) < workers


def split_tasks(
    plan: Plan, workers: int, out_root: Path | None, bulletin_apart: bool = False
) -> list[EventTask]:
    """The tasks to run: with fewer events than workers, each event is split in parts.

    A part reads and ranks the whole event but renders only every n-th page, so
    one large event uses every worker. An event with a bulletin gets one more
    task that makes only the PDF (the longest step) while the parts render the
    pages, which assume the PDF is made (see build_events). The bulletin comes
    second, after part 0: both start at once, and part 0 (which lists the
    players) is collected first, so the people pages need not wait for the PDF.
    With ``bulletin_apart`` the bulletin runs in a process of its own (see
    ``_shared_outputs``) and comes first; the pages still take every worker,
    since a long bulletin is laid out by two processes there.
    """
    tasks = []
    for task in plan.build:
        parts = workers if splits(plan, workers) else 1
        task = replace(task, out_root=out_root, parts=parts)
        if parts > 1 and task.job.want_bulletin:
            pages = [replace(task, part=part, share=Share.PAGES) for part in range(task.parts)]
            bulletin = replace(task, part=0, share=Share.BULLETIN)
            tasks += [bulletin, *pages] if bulletin_apart else [pages[0], bulletin, *pages[1:]]
        else:
            tasks.extend(replace(task, part=part, share=Share.ALL) for part in range(parts))
    return tasks


def rebuild_whole(writer: SiteWriter, task: EventTask) -> EventOutput:
    """The event built again in one piece, here.

    Each part builds only its own pages, so a page whose context fails (an
    internal error, which turns the event into its overview and validation
    pages) fails in one part only; the parts' files do not fit together then.
    Nor do they when the bulletin failed (rare): the parts' pages link to it.
    """
    logger.debug("%s: parts disagree, building it whole", task.job.source_name)
    writer.remove_folder(task.job.slug)
    whole = build_event(replace(task, out_root=None, part=0, parts=1, share=Share.ALL))
    for path, data in whole.files:
        writer.write_bytes(path, data)
    return replace(whole, files=())


def build_events(
    writer: SiteWriter,
    executor: Executor,
    workers: int,
    plan: Plan,
    progress: Progress | None,
    people: PeopleStep,
    local: bool,
    started: Callable[[], None] = lambda: None,
) -> list[cache.CacheEntry]:
    """Build the events that are not reused; their files are written as they arrive.

    Local workers write their files into the temporary folder themselves, so
    the pages do not travel back through a pipe; remote ones return them.
    Once every event's first part is in, the people pages are made (see
    ``people_step``), while later parts may still be rendering.
    """
    entries = []
    shared = local and splits(plan, workers) and _forks_later(executor)
    tasks = split_tasks(plan, workers, writer.root if local else None, bulletin_apart=shared)
    if any(task.share is Share.BULLETIN for task in tasks):
        people.run = replace(people.run, fork=False)  # see PeopleRun.fork
    parts: list[EventOutput] = []
    bulletins: list[EventOutput] = []  # last among the parts: the pages' summary comes first
    done = firsts = 0
    outputs: Iterator[EventOutput]
    if shared:
        outputs = _shared_outputs(executor, tasks, plan, people, started)
    else:
        outputs = in_order(executor, workers, build_event, tasks, started)
    for task, output in zip(tasks, outputs, strict=True):
        for path, data in output.files:
            writer.write_bytes(path, data)
        (bulletins if task.share is Share.BULLETIN else parts).append(output)
        key = plan.keys[output.slug]
        if task.part == 0 and task.share is not Share.BULLETIN:  # it lists the players
            firsts += 1
            if output.people is not None:
                plan.people[key] = output.people
            if firsts == len(plan.build):
                people.make()
        if not task.closes_event:
            continue
        parts += bulletins
        whole = merge_parts(parts) if len(parts) > 1 else output
        if len({part.failure for part in parts}) > 1 or (len(parts) > 1 and whole.pdf_failure):
            whole = rebuild_whole(writer, task)
            if whole.people != plan.people.get(key):
                plan.people.pop(key, None)
                if whole.people is not None:
                    plan.people[key] = whole.people
                people.redo()
        parts, bulletins = [], []
        unshare_event(output.slug)
        entries.append(cache.entry_for(key, whole))
        if whole.pdf_failure:
            logger.warning("%s", whole.pdf_failure)
        done += 1
        if progress:
            progress("events", done, len(plan.build))
    return entries


def _forks_later(executor: Executor) -> bool:
    """The executor's workers are yet to start, as forks of this process."""
    return forks(executor) and starts_later(executor)


def _shared_outputs(
    executor: Executor,
    tasks: list[EventTask],
    plan: Plan,
    people: PeopleStep,
    started: Callable[[], None],
) -> Iterator[EventOutput]:
    """The split events' outputs, each event read and ranked once, here.

    Every part would otherwise read, validate and rank the whole event (0.6 s of
    a 2000-player open, on each core). Here the event is prepared before the
    workers fork, so they start with it; its players are known at once, so the
    people pages queue right behind the parts instead of waiting for part 0.
    The tasks are few (fewer events than workers), so all are submitted at once.

    A bulletin is the longest task (WeasyPrint: about 10 s of CPU for the open), so
    it does not wait for that: it starts first, in a process of its own forked
    before the event is prepared, and reads and ranks the event itself (what it
    needs of it: 0.2 s) on the core that would wait meanwhile. A long one is
    then laid out by that process and a fork of it (``trfsite.pdf.documents``).
    """
    apart: list[ProcessPoolExecutor] = []
    try:
        early: dict[int, Future[EventOutput]] = {}
        for index, task in enumerate(tasks):
            if task.share is Share.BULLETIN:
                context = multiprocessing.get_context(start_method(executor))
                own = ProcessPoolExecutor(1, mp_context=context)
                apart.append(own)
                early[index] = own.submit(build_event_alone, task)  # forks now
        if early:
            # the pool's workers yield the cores to the bulletins' processes
            lower_priority(executor, _BULLETIN_LEAD)  # before they start, with a task
        if plan.build:  # after the bulletins' forks: they need none of it and go first
            warm_environment(plan.build[0])
        for task in plan.build:
            key = plan.keys[task.job.slug]

            def listed(entries: EventEntries, key: str = key) -> None:
                plan.people[key] = entries
                if len(plan.people) == len(plan.build):
                    people.start()  # on the core that waits while the event is prepared

            prepared = share_event(task.job, listed)
            if prepared.people is None and plan.people.pop(key, None) is not None:
                people.redo()  # listed, then the event failed: its players go
            elif prepared.people is not None:
                plan.people[key] = prepared.people
        futures = [
            early.get(index) or executor.submit(build_event, task)
            for index, task in enumerate(tasks)
        ]
        started()
        if len(plan.people) == len(plan.build):
            people.make()
        for future in futures:
            yield future.result()
    finally:
        for own in apart:
            own.shutdown(cancel_futures=True)
        for task in plan.build:  # each is unshared once built; not when the build fails
            unshare_event(task.job.slug)


# How much lower the pages' workers run while a bulletin has its own process: the
# pages and the people pages are done long before the bulletin (2.9 s and 6.4 s of a
# 2000-player open); run beside it at the same priority, three processes shared two
# cores and the bulletin lost 0.3-0.5 s.
_BULLETIN_LEAD = 5
