"""When the people pages are made during a build: as soon as every event has listed its players.

A large event alone on several workers is built in parts, and its first part
lists the players. The people pages (rendered on the build's workers, see
``trfsite.site.people_build``) then run while the other parts still render,
instead of after them with the workers idle. Should an event's parts disagree
(it is then rebuilt whole), the people pages are made again afterwards.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from trfsite.site.event_build import EventTask, paused_collector
from trfsite.site.people_run import PeopleRun

if TYPE_CHECKING:
    from trfsite.pages.config import SiteConfig
    from trfsite.pages.contexts import SiteInfo
    from trfsite.people.entries import EventEntries
    from trfsite.site.writer import SiteWriter


@dataclass(slots=True)
class PeopleStep:
    writer: SiteWriter
    out: Path  # the previous build, for its people cache
    use_cache: bool
    events: list[tuple[str, EventTask]]  # (cache key, task) of every event of the site
    built: dict[str, EventEntries]  # cache key -> entries of the events built now
    config: SiteConfig
    site: SiteInfo
    run: PeopleRun  # where the pages are rendered (the build's pool, Dask or here)
    pages: int | None = None  # pages made, once they are
    _started: Generator[None, None, int] | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.site.people:  # a site without people pages (one event, by default)
            self.pages = 0

    def start(self) -> None:
        """Start the pages' workers and return (a forked run only; else nothing yet).

        The build calls this as soon as every event has listed its players, before
        the rest of its last event is prepared, so that the people pages take the
        core that would wait meanwhile (the open's 2000 person pages: 0.55 s of CPU):
        one worker fewer than the build's, since this process goes on preparing.
        """
        if self.pages is None and self._started is None and self.run.fork:
            steps = self._steps(replace(self.run, workers=max(1, self.run.workers - 1)))
            with paused_collector():
                self.pages = _advance(steps)
            if self.pages is None:
                self._started = steps

    def make(self) -> int:
        """The people pages, made now unless they are already (their count)."""
        if self.pages is None:
            steps, self._started = self._started, None
            # The collector would scan the events' entries again and again: 0.87 ->
            # 0.67 s CPU for the 2000 person pages of a 2000-player open.
            with paused_collector():
                if steps is None:
                    steps = self._steps(self.run)
                    self.pages = _advance(steps)
                if self.pages is None:
                    self.pages = _advance(steps)
            if self.pages is None:
                raise RuntimeError("publish_people paused twice")
        return self.pages

    def _steps(self, run: PeopleRun) -> Generator[None, None, int]:
        from trfsite.site.people_build import publish_people

        return publish_people(
            self.writer,
            self.out,
            self.use_cache,
            self.events,
            self.built,
            self.config,
            self.site,
            run,
        )

    def redo(self) -> None:
        """An event's entries changed after the pages were made: make them again later."""
        if not self.site.people:
            return
        if self._started is not None:
            self.make()  # its workers finish first; what they wrote goes below
        if self.pages is not None:
            from trfsite.people.report import PEOPLE_FOLDER

            self.writer.remove_folder(PEOPLE_FOLDER)
            self.pages = None


def _advance(steps: Generator[None, None, int]) -> int | None:
    """Run ``steps`` to its next pause (None) or its end (its result)."""
    try:
        next(steps)
    except StopIteration as done:
        return int(done.value)
    return None
