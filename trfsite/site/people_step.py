"""When the people pages are made during a build: as soon as every event has listed its players.

A large event alone on several workers is built in parts, and its first part
lists the players. The people pages (rendered on the build's workers, see
``trfsite.site.people_build``) then run while the other parts still render,
instead of after them with the workers idle. Should an event's parts disagree
(it is then rebuilt whole), the people pages are made again afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from trfsite.site.event_build import EventTask, paused_collector

if TYPE_CHECKING:
    from trfsite.pages.config import SiteConfig
    from trfsite.pages.contexts import SiteInfo
    from trfsite.people.entries import EventEntries
    from trfsite.site.people_build import PeopleRun
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

    def make(self) -> int:
        """The people pages, made now unless they are already (their count)."""
        if self.pages is None:
            from trfsite.site.people_build import publish_people

            # The collector would scan the events' entries again and again: 0.87 ->
            # 0.67 s CPU for the 2000 person pages of a 2000-player open.
            with paused_collector():
                self.pages = publish_people(
                    self.writer,
                    self.out,
                    self.use_cache,
                    self.events,
                    self.built,
                    self.config,
                    self.site,
                    self.run,
                )
        return self.pages

    def redo(self) -> None:
        """An event's entries changed after the pages were made: make them again later."""
        if self.pages is not None:
            from trfsite.people.report import PEOPLE_FOLDER

            self.writer.remove_folder(PEOPLE_FOLDER)
            self.pages = None
