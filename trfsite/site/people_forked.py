"""The people pages on this machine: workers forked once the archive is resolved.

Each worker inherits the resolved archive from the building process and takes
every n-th person: it works out what the person's pages are made from, takes an
unchanged page from the previous output (a hard link), and makes and writes the
others. Nothing is pickled but the digests coming back. Feeding the pages' inputs
to the build's own workers instead (they were forked before the archive existed)
kept this process busy cutting and pickling them (0.4 s of a cold 300-event
archive) while the workers waited for it, and repeated the digests and links
here, on the rebuild's critical path. With one worker, or no ``fork``, this
process makes them itself.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Generator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from trfsite.pages.people_pages import PeoplePage, PersonPlan
from trfsite.site.event_build import environment, paused_collector
from trfsite.site.people_files import (
    PeopleJob,
    digest,
    forget_folders,
    page_digest,
    place,
    reuse,
)

if TYPE_CHECKING:
    import jinja2


@dataclass(frozen=True, slots=True)
class SharesDone:
    digests: dict[str, str]  # path -> digest of every page made or taken
    written: int
    linked: int


_LOCAL: PeopleJob | None = None  # set by render_locally, before it forks: they inherit it


class _Maker:
    """Takes a page from the previous output when what makes it is unchanged, else
    makes and writes it (the same bytes as before: linked all the same)."""

    def __init__(self, local: PeopleJob) -> None:
        self.local = local
        self.digests: dict[str, str] = {}
        self.written = self.linked = 0
        self._env: jinja2.Environment | None = None

    def page(self, item: PeoplePage | PersonPlan) -> None:
        local = self.local
        digest = page_digest(local.fingerprint, local.site_text, item)
        self.digests[item.path] = digest
        unchanged = local.old_pages.get(item.path) == digest
        if unchanged and reuse(local.previous, item.path, local.root):
            self.linked += 1
            return
        self.make(item.cut().make() if isinstance(item, PersonPlan) else item)

    def make(self, page: PeoplePage) -> bytes:
        """Render and write ``page`` (linked all the same if its bytes did not change)."""
        from trfsite.render.environment import render_page

        local = self.local
        if self._env is None:
            self._env = environment(local.theme_paths, local.language, local.fingerprint)
        data = render_page(self._env, page.template, page.context).encode("utf-8")
        if place(local.root, local.previous, page.path, data):
            self.linked += 1
        else:
            self.written += 1
        return data

    def done(self) -> SharesDone:
        return SharesDone(self.digests, self.written, self.linked)


def people_share(part: int, parts: int) -> SharesDone:
    """The pages of every ``parts``-th person from the ``part``-th; runs in a forked worker."""
    local = _LOCAL
    if local is None:
        raise RuntimeError("people_share runs in a process forked by render_locally")
    forget_folders()
    maker = _Maker(local)
    # The collector would scan the inherited archive again and again for nothing.
    with paused_collector():
        for person in local.planner.resolution.people[part::parts]:
            for item in local.planner.person_pages(person):
                maker.page(item)
    return maker.done()


def other_pages_here(local: PeopleJob) -> SharesDone:
    """The few pages that are not a person's (federations, clubs, findings, index).

    Made every time: they show the people of many events and mostly change when one
    does, and telling whether they did (a digest of their context's ``repr``) cost
    more than making them.
    """
    maker = _Maker(local)
    for page in local.planner.other_pages():
        maker.digests[page.path] = digest(maker.make(page).decode("utf-8"))
    return maker.done()


def render_locally(
    local: PeopleJob, workers: int, fork: bool, meanwhile: Callable[[], None]
) -> Generator[None, None, SharesDone]:
    """Every person's pages, on ``workers`` forked workers (with ``fork``) or here;
    ``meanwhile`` runs here while the workers work.

    Steps: it pauses once the workers have their shares (the build prepares the
    rest of its event then, see ``people_step``), and ends with their pages.
    """
    global _LOCAL
    _LOCAL = local
    try:
        if fork:
            # A fork start: every worker starts at the first call, with _LOCAL set.
            context = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(workers, mp_context=context) as pool:
                calls = [pool.submit(people_share, part, workers) for part in range(workers)]
                yield
                meanwhile()
                done = [call.result() for call in calls]
        else:
            yield
            done = [people_share(0, 1)]
            meanwhile()
    finally:
        _LOCAL = None
    digests: dict[str, str] = {}
    for share in done:
        digests.update(share.digests)
    return SharesDone(
        digests, sum(share.written for share in done), sum(share.linked for share in done)
    )
