"""One large event on every core: prepared once, then a forked pool renders its pages.

With fewer events than workers, a build on this machine reads, checks and ranks
each event once, here (the checks beside the ranking, by a forked helper), then
forks a pool whose workers inherit it: each part renders every n-th page of those
that share work prepared per part (the player cards), then takes the single pages
one at a time, whichever part is free, so that the parts end together; the first
part is this process's.
The bulletin, the longest step, runs beside them in a process of its own, forked
first so that it starts at once.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from trfsite.memo import forget_all
from trfsite.pages.gather import PreparedEvent, part_of, prepare_event
from trfsite.pages.plan import PagePlan
from trfsite.pages.rows import EventSummary
from trfsite.site.event_build import (
    EventOutput,
    EventTask,
    build_event,
    build_event_alone,
    event_people,
    over_output_budget,
    paused_collector,
    render_event,
    warm_environment,
)
from trfsite.site.writer import SiteWriter

if TYPE_CHECKING:
    from trfsite.people.entries import EventEntries

logger = logging.getLogger(__name__)

# Set before the pool forks: its workers inherit them. _TAKEN counts the single pages
# taken by the parts (a multiprocessing.Value, shared with the workers).
_PREPARED: list[PreparedEvent] = []
_TAKEN: list[Any] = []


def can_split(executor: Executor, workers: int, events: int) -> bool:
    """Split each event between the workers: fewer events than workers, forking here."""
    return (
        workers > 1
        and events < workers
        and isinstance(executor, ProcessPoolExecutor)
        and multiprocessing.get_start_method() == "fork"
    )


def build_split(
    task: EventTask, workers: int, written: Callable[[EventSummary], None] | None = None
) -> EventOutput:
    """Every file of one event, its pages written by ``workers`` forked workers.

    ``task.out_root`` is where they write. ``written``: told the event's summary as soon
    as its files are all written, when they are the event's last (no part failed, no
    bulletin to wait for), before the workers and the event's objects go.
    """
    assert task.out_root is not None
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(1, mp_context=context) as alone:
        bulletin = None
        if task.job.want_bulletin:  # forked now, before the event is prepared here
            bulletin = alone.submit(build_event_alone, replace(task, only_bulletin=True))
        warm_environment(task)
        with paused_collector():  # the workers inherit it paused
            try:
                # The event's objects go when this call returns, before the collector
                # resumes: alive then, the collector's first pass went over all of them
                # (made while it was paused): 0.09 s of CPU at the open's end, one core's.
                ready = written if bulletin is None else None
                parts, people, failed_prepared = _prepared_parts(task, workers, context, ready)
            finally:
                _PREPARED.clear()
                _TAKEN.clear()
                forget_all()
        if bulletin is not None:
            parts.append(bulletin.result())
    whole = replace(
        parts[0],
        sizes=tuple(size for part in parts for size in part.sizes),
        pages=sum(part.pages for part in parts),
        pdf=any(part.pdf for part in parts),
        pdf_failure=next((part.pdf_failure for part in parts if part.pdf_failure), ""),
        people=people,
        packed=tuple(packed for part in parts for packed in part.packed),
    )
    if not failed_prepared:
        # The budget of the whole event, not of a part: which pages a part takes
        # depends on which part is free first, and the warnings must not.
        over = over_output_budget(whole.summary.source_name, whole.sizes)
        whole = replace(whole, warnings=whole.warnings + over)
    # Each part builds only its own pages, so a page whose context fails (an internal
    # error, which turns the event into its overview and validation pages) fails in
    # one part only; the parts' files do not fit together then. Nor do they when the
    # bulletin failed (rare): the parts' pages link to it.
    failed = not failed_prepared and any(part.failure for part in parts)
    if failed or whole.pdf_failure:
        return _rebuild_whole(task)
    return whole


def _prepared_parts(
    task: EventTask, workers: int, context: Any, written: Callable[[EventSummary], None] | None
) -> tuple[list[EventOutput], EventEntries | None, bool]:
    """The event prepared here and its parts rendered (by this process and ``workers`` - 1
    forked ones): (the parts' outputs, its people, whether it failed to be prepared).
    ``written``: see ``build_split``."""
    prepared = prepare_event(task.job, check_beside=True)
    _PREPARED[:], _TAKEN[:] = [prepared], [context.Value("i", 0)]
    if prepared.failed is not None:  # its overview and validation pages only
        return [render_event(task, part_of(prepared), bulletin=False)], None, True
    # This process renders the first part itself, beside the workers forked for the
    # others: it would only wait for them, and its own part needs no fork, no
    # copy-on-write of the event, no pipe back.
    pool = ProcessPoolExecutor(workers - 1, mp_context=context)
    try:
        calls = [pool.submit(_render_part, task, n, workers) for n in range(1, workers)]
        # Before its pages: the workers take more single pages meanwhile.
        people = event_people(prepared)
        parts = [_render_part(task, 0, workers)]
        parts += [call.result() for call in calls]
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise
    # The workers are done: their exit (each unmaps its copy of the event, 0.02-0.1 s at
    # the open's end) is not waited for; the pool's thread joins them, and this process
    # frees the event meanwhile.
    pool.shutdown(wait=False)
    if written is not None and not any(part.failure for part in parts):
        # What follows the files takes one core (the event's objects freed, its offline
        # copy): the caller's next step may run beside it.
        written(parts[0].summary)
    return parts, people, False


def _render_part(task: EventTask, part: int, parts: int) -> EventOutput:
    """Part ``part`` of ``parts`` of the prepared event (in a worker, which inherited
    it, or here): every ``parts``-th plan of those prepared per part, from the
    ``part``-th, then single pages, each taken when this part is free."""
    prepared = _PREPARED[0]
    dealt, single = deal(prepared.plans)
    mine = part_of(replace(prepared, plans=dealt[part::parts]))
    taken = (part_of(replace(prepared, plans=(single[n],))) for n in _taking(len(single)))
    return render_event(task, mine, bulletin=False, more=taken, of_split=True)


def deal(plans: Sequence[PagePlan]) -> tuple[tuple[PagePlan, ...], tuple[PagePlan, ...]]:
    """``plans`` as (those dealt every n-th, the single pages taken one at a time).

    A plan with a batch (a player card: a part explains its cards' players at once) is
    dealt; the others are taken, those after the last dealt plan first (the data
    files, among the heaviest), so that the last ones taken are the round pages, many
    and light: the parts end within a light page of each other.
    """
    last = max((n for n, plan in enumerate(plans) if plan.batch is not None), default=-1)
    dealt = tuple(plan for plan in plans if plan.batch is not None)
    single = [plan for plan in plans if plan.batch is None]
    before = len(single) - (len(plans) - 1 - last)  # the single pages before it
    return dealt, (*single[before:], *single[:before])


def _taking(count: int) -> Iterator[int]:
    """The indexes of the single pages this part takes, each when it asks for the next."""
    taken = _TAKEN[0]
    while True:
        with taken.get_lock():
            n = taken.value
            taken.value = n + 1
        if n >= count:
            return
        yield n


def _rebuild_whole(task: EventTask) -> EventOutput:
    """The event built again in one piece, here."""
    logger.debug("%s: parts disagree, building it whole", task.job.source_name)
    assert task.out_root is not None
    SiteWriter(task.out_root).remove_folder(task.job.slug)
    return build_event(task)
