"""The people pages on remote workers (Dask): their inputs go out in batches, the pages
come back and are written here.

Remote workers do not share this disk, so a thread here links the unchanged
pages from the previous output meanwhile. Local builds fork their workers after
the archive is resolved instead (see ``people_forked``).
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Iterable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path

from trfsite.pages.people_pages import PeoplePage, PersonInput, PersonPlan
from trfsite.site.event_build import paused_collector
from trfsite.site.people_files import PeopleJob, page_digest, place, reuse


@dataclass(frozen=True, slots=True)
class RenderBatch:
    """People pages for one worker; everything in it pickles."""

    theme_paths: tuple[Path, ...]
    language: str
    fingerprint: str
    pages: tuple[PeoplePage | PersonInput, ...]  # a person page's context is made there too


_BATCH = 40  # pages per call: enough to hide a call's cost, few enough to keep workers busy


def render_batch(batch: RenderBatch) -> tuple[tuple[str, bytes], ...]:
    """The pages of ``batch`` as (path, bytes); runs in a worker."""
    from trfsite.render.environment import render_page
    from trfsite.site.event_build import environment

    env = environment(batch.theme_paths, batch.language, batch.fingerprint)
    files = []
    with paused_collector():
        for item in batch.pages:
            page = item.make() if isinstance(item, PersonInput) else item
            files.append((page.path, render_page(env, page.template, page.context).encode()))
    return tuple(files)


class _Reuser:
    """Unchanged pages hard-linked from the previous output by a thread, beside the
    other work. A page whose old file is gone is handed back to be made."""

    def __init__(self, previous: Path, root: Path) -> None:
        self.linked = 0
        self._previous, self._root = previous, root
        self._items: dict[str, PeoplePage | PersonPlan] = {}
        self._queue: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._missed: list[str] = []
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def add(self, item: PeoplePage | PersonPlan) -> None:
        self._items[item.path] = item
        self._queue.put(item.path)

    def _run(self) -> None:
        try:
            while (path := self._queue.get()) is not None:
                if not reuse(self._previous, path, self._root):
                    self._missed.append(path)
        except BaseException as exc:  # re-raised in the building thread by finish()
            self._error = exc

    def finish(self) -> list[PeoplePage | PersonPlan]:
        """Wait for the links; the pages that could not be linked."""
        self._queue.put(None)
        self._thread.join()
        if self._error is not None:
            raise self._error
        self.linked = len(self._items) - len(self._missed)
        return [self._items[path] for path in self._missed]


def render_in_batches(
    executor: Executor, workers: int, job: PeopleJob, items: Iterable[PeoplePage | PersonPlan]
) -> tuple[dict[str, str], int, int]:
    """The person pages (and redirects) of ``items``, made on ``run``'s workers or linked;
    (digests, written, linked)."""
    digests: dict[str, str] = {}
    counts = [0, 0]  # written, linked
    pending: deque[Future[tuple[tuple[str, bytes], ...]]] = deque()
    ahead = workers * 2  # batches in flight: bounded memory
    batch: list[PeoplePage | PersonInput] = []

    def store(files: tuple[tuple[str, bytes], ...]) -> None:
        for path, data in files:
            counts[1 if place(job.root, job.previous, path, data) else 0] += 1

    def send() -> None:
        batch_job = RenderBatch(job.theme_paths, job.language, job.fingerprint, tuple(batch))
        pending.append(executor.submit(render_batch, batch_job))
        batch.clear()
        while len(pending) > ahead:
            store(pending.popleft().result())

    def make(item: PeoplePage | PersonPlan) -> None:
        batch.append(item.cut() if isinstance(item, PersonPlan) else item)
        if len(batch) >= _BATCH:
            send()

    reuser = _Reuser(job.previous, job.root) if job.previous is not None else None
    try:
        for item in items:
            digests[item.path] = digest = page_digest(job.fingerprint, job.site_text, item)
            if reuser is not None and job.old_pages.get(item.path) == digest:
                reuser.add(item)
            else:
                make(item)
    finally:
        missed = reuser.finish() if reuser is not None else []
    for item in missed:
        make(item)
    counts[1] += reuser.linked if reuser is not None else 0
    if batch:
        send()
    while pending:
        store(pending.popleft().result())
    return digests, counts[0], counts[1]
