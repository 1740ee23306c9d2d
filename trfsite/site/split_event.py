"""One large event on every core: prepared once, then a forked pool renders its pages.

With fewer events than workers, a build on this machine reads, checks and ranks
each event once, here (the checks beside the ranking, by a forked helper), then
forks a pool whose workers inherit it: each part renders every n-th page and writes
it, the first part in this process.
The bulletin, the longest step, runs beside them in a process of its own, forked
first so that it starts at once.
"""

from __future__ import annotations

import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace

from trfsite.memo import forget_all
from trfsite.pages.gather import PreparedEvent, part_of, prepare_event
from trfsite.site.event_build import (
    EventOutput,
    EventTask,
    build_event,
    build_event_alone,
    event_people,
    paused_collector,
    render_event,
    warm_environment,
)
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)

_PREPARED: list[PreparedEvent] = []  # set before the pool forks: its workers inherit it


def can_split(executor: Executor, workers: int, events: int) -> bool:
    """Split each event between the workers: fewer events than workers, forking here."""
    return (
        workers > 1
        and events < workers
        and isinstance(executor, ProcessPoolExecutor)
        and multiprocessing.get_start_method() == "fork"
    )


def build_split(task: EventTask, workers: int) -> EventOutput:
    """Every file of one event, its pages written by ``workers`` forked workers.

    ``task.out_root`` is where they write.
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
                _PREPARED[:] = [prepare_event(task.job, check_beside=True)]
                # This process renders the first part itself, beside the workers forked
                # for the others: it would only wait for them, and its own part needs
                # no fork, no copy-on-write of the event and no pipe back.
                with ProcessPoolExecutor(workers - 1, mp_context=context) as pool:
                    calls = [pool.submit(_render_part, task, n, workers) for n in range(1, workers)]
                    parts = [_render_part(task, 0, workers)]
                    people = event_people(_PREPARED[0])
                    parts += [call.result() for call in calls]
            finally:
                _PREPARED.clear()
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
    if len({part.failure for part in parts}) > 1 or whole.pdf_failure:
        return _rebuild_whole(task)
    return whole


def _render_part(task: EventTask, part: int, parts: int) -> EventOutput:
    """Every ``parts``-th page of the prepared event from the ``part``-th (in a worker,
    which inherited it, or here)."""
    return render_event(task, part_of(_PREPARED[0], part, parts), bulletin=False)


def _rebuild_whole(task: EventTask) -> EventOutput:
    """The event built again in one piece, here.

    Each part builds only its own pages, so a page whose context fails (an internal
    error, which turns the event into its overview and validation pages) fails in
    one part only; the parts' files do not fit together then. Nor do they when the
    bulletin failed (rare): the parts' pages link to it.
    """
    logger.debug("%s: parts disagree, building it whole", task.job.source_name)
    assert task.out_root is not None
    SiteWriter(task.out_root).remove_folder(task.job.slug)
    return build_event(task)
