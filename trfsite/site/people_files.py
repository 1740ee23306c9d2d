"""The people pages' files: rendered in batches on the build's executor (or here),
written under the build folder, or hard-linked from the previous output when
their bytes (or their inputs) did not change (``site.people`` decides which), or
left in place when the build's people folder came from the donor
(``site.people_donor``)."""

from __future__ import annotations

import os
import shutil
import stat
from collections import deque
from collections.abc import Collection, Iterable, Iterator
from concurrent.futures import Executor, Future
from pathlib import Path

from trfsite.memo import forget_all
from trfsite.model.frozen import frozen_record
from trfsite.people.listings import GroupInput
from trfsite.people.pages import PeoplePage, PersonInput
from trfsite.site.event_build import EventTask, environment, paused_collector
from trfsite.site.writer import write_file

_BATCH = 40  # pages per call: enough to hide a call's cost, few enough to keep workers busy
# At most this many pages in all (a rebuild's few) are rendered here, not on the workers:
# this process only waited for them at ``finish`` (a renamed event's 42 players at 3,000
# events: 0.06 s), while a worker rendering them took the other core from the archive's
# copy, the longest part of such a rebuild (``site.open_data.start_archive``).
_HERE_AT_MOST = 2 * _BATCH

# A page, or what a worker makes it from (a person's, a federation's: see their make).
PageInput = PeoplePage | PersonInput | GroupInput
_Made = tuple[tuple[tuple[str, bytes], ...], int, int]  # (pages sent back, written, linked)


@frozen_record
class PeopleRun:
    """Where and how a build's people pages are made."""

    executor: Executor  # the one the events were built on
    workers: int
    fingerprint: str  # of the theme and trfsite's code
    local: bool  # the workers share this disk: they write the pages themselves


@frozen_record
class RenderBatch:
    """People pages for one call on a worker; everything in it pickles."""

    theme_paths: tuple[Path, ...]
    language: str
    fingerprint: str
    pages: tuple[PageInput, ...]  # a person page's context is made there
    root: str | None  # where the worker writes them (it shares this disk), else sent back
    previous: str | None  # the previous output: a page of the same bytes is linked


def render_batch(batch: RenderBatch) -> _Made:
    """The pages of ``batch``, rendered and written (or sent back); runs on a worker."""
    files = []
    counts = [0, 0]  # written, linked
    folders: set[str] = set()
    made = _rendered(batch.theme_paths, batch.language, batch.fingerprint, batch.pages)
    for path, data in made:
        if batch.root is None:
            files.append((path, data))
        else:
            linked = _place(batch.root, batch.previous, path, data, folders)
            counts[1 if linked else 0] += 1
    return tuple(files), counts[0], counts[1]


def _rendered(
    theme_paths: tuple[Path, ...],
    language: str,
    fingerprint: str,
    pages: Iterable[PageInput],
) -> Iterator[tuple[str, bytes]]:
    """(path, bytes) of each of ``pages``, rendered one at a time."""
    from trfsite.people.contexts import PersonPage
    from trfsite.render.environment import render_page
    from trfsite.site.person_body import person_frames

    env = environment(theme_paths, language, fingerprint)
    with paused_collector():
        try:
            for item in pages:
                page = item if isinstance(item, PeoplePage) else item.make()
                context = page.context
                if isinstance(context, PersonPage) and page.template == "person.html":
                    # Most of the pages: one frame, each filled with its parts (person_body).
                    text = person_frames(env, context).render(context)
                else:
                    text = render_page(env, page.template, context)
                yield page.path, text.encode("utf-8")
        finally:
            # What the pages memoized (their charts, links) is not kept: over an
            # archive's person pages it grew to its bound (issue 46).
            forget_all()


class PageFiles:
    """The pages of one build: sent to the executor in batches, a few ahead (bounded
    memory), or placed here (a rebuild's few pages: rendered here too); unchanged ones
    linked from the previous output, or left as they are among those ``in_place`` (from
    the donor: see ``people_donor``)."""

    def __init__(
        self,
        run: PeopleRun,
        root: Path,
        previous: Path | None,
        task: EventTask,
        in_place: frozenset[str] = frozenset(),
    ):
        self._run = run
        self._root, self._previous = str(root), str(previous) if previous else None
        self._theme_paths, self._language = task.theme_paths, task.job.site.language
        self.written = self.linked = 0
        self._batch: list[PageInput] = []
        # The first pages, held until more than _HERE_AT_MOST come (None: then sent)
        # or the build finishes with them (rendered here); without workers, all sent.
        self._held: list[PageInput] | None = [] if run.workers > 1 else None
        self._pending: deque[Future[_Made]] = deque()
        self._folders: set[str] = set()
        self._in_place = in_place  # pages the donor holds as the live build has them
        self.kept_paths: set[str] = set()  # of those, the ones the build keeps

    def reuse(self, path: str) -> bool:
        """Link ``path`` from the previous output; False when it is not there."""
        if self._keep(path):
            return True
        if _reuse(self._previous, path, self._root, self._folders):
            self.linked += 1
            return True
        return False

    def link_unchanged(self, paths: Collection[str]) -> None:
        """Link ``paths`` from the previous output, where each is a regular file (the
        caller checked); those in place are left there. Set operations, not a call
        a page: a rebuild at 3,000 events keeps 38,000 person pages, most in place."""
        kept = set(paths)
        linked = kept - self._in_place
        kept -= linked
        self.kept_paths |= kept
        for path in sorted(linked):
            target = os.path.join(self._root, path)
            _folder_for(target, self._folders)
            link_or_copy(os.path.join(str(self._previous), path), target)
            self.linked += 1

    def _keep(self, path: str) -> bool:
        """Whether ``path`` is in place (in the donor: see ``people_donor``); then it
        is left there."""
        if path not in self._in_place:
            return False
        self.kept_paths.add(path)
        return True

    def send(self, page: PageInput) -> None:
        if self._held is None:
            self._queue(page)
            return
        self._held.append(page)
        if len(self._held) > _HERE_AT_MOST:
            held, self._held = self._held, None
            for item in held:
                self._queue(item)

    def send_alone(self, page: PageInput) -> None:
        """``page`` in a batch of its own (when sent): a listing page's context lists
        many people (a federation's, a quarter of the archive's), and a batch filling
        with them held every federation's at once (issue 46)."""
        if self._held is not None:
            self.send(page)
            return
        if self._batch:
            self._send()
        self._queue(page)
        self._send()

    def _queue(self, page: PageInput) -> None:
        self._batch.append(page)
        if len(self._batch) >= _BATCH:
            self._send()

    def render_here(self, path: str, template: str, context: object) -> str:
        """A page rendered in this process and placed; its text."""
        from trfsite.render.environment import render_page

        env = environment(self._theme_paths, self._language, self._run.fingerprint)
        text = render_page(env, template, context)
        self.place(path, text.encode("utf-8"))
        return text

    def place(self, path: str, data: bytes) -> None:
        if _place(self._root, self._previous, path, data, self._folders):
            self.linked += 1
        else:
            self.written += 1

    def finish(self) -> None:
        if self._held:  # few: here, without a worker's environment made for them
            made = _rendered(self._theme_paths, self._language, self._run.fingerprint, self._held)
            for path, data in made:
                self.place(path, data)
        self._held = None
        if self._batch:
            self._send()
        while self._pending:
            self._collect()

    def _send(self) -> None:
        root = self._root if self._run.local else None
        batch = RenderBatch(
            self._theme_paths,
            self._language,
            self._run.fingerprint,
            tuple(self._batch),
            root,
            self._previous if root else None,
        )
        self._pending.append(self._run.executor.submit(render_batch, batch))
        self._batch = []
        while len(self._pending) > 2 * self._run.workers:
            self._collect()

    def _collect(self) -> None:
        files, written, linked = self._pending.popleft().result()
        self.written += written
        self.linked += linked
        for path, data in files:
            self.place(path, data)


def _same_as_before(previous: str | None, path: str, data: bytes) -> bool:
    if previous is None:
        return False
    try:
        with open(os.path.join(previous, path), "rb") as file:
            return file.read() == data
    except OSError:
        return False


def _folder_for(target: str, folders: set[str]) -> None:
    folder = os.path.dirname(target)
    if folder not in folders:  # thousands of pages go into a few folders
        os.makedirs(folder, exist_ok=True)
        folders.add(folder)


def _reuse(previous: str | None, path: str, root: str, folders: set[str]) -> bool:
    """Hard-link (else copy) ``path`` from the previous output; False if it is gone.

    ``path`` is one of the people pages' own paths, made from ids or by ``name_key``
    (never a name as written), so the writer's per-file checks are not needed for
    these thousands of files; plain strings, not pathlib's objects (10 us a page less).
    """
    if previous is None:
        return False
    source = os.path.join(previous, path)
    if not regular_file(source):  # never a link planted there
        return False
    target = os.path.join(root, path)
    _folder_for(target, folders)
    link_or_copy(source, target)
    return True


def link_or_copy(source: str, target: str) -> None:
    """Hard-link ``source`` at ``target``, else (another disk) copy it."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _place(root: str, previous: str | None, path: str, data: bytes, folders: set[str]) -> bool:
    """Write a rendered page under ``root``; True when it was linked instead, because
    the previous output has the same bytes (its inputs changed, not what it shows)."""
    if _same_as_before(previous, path, data) and _reuse(previous, path, root, folders):
        return True
    target = os.path.join(root, path)
    _folder_for(target, folders)
    write_file(target, data)
    return False


def regular_file(path: str) -> bool:
    """Whether ``path`` is a regular file (not a link, a folder or nothing)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
