"""The site-wide open data: ``data/events.json`` and the JSON Schemas of every data file.

Each event's own data files are pages of the event (``pages/data_files``), built and
cached with it; ``events.json`` and ``feed.xml`` are joined here from the events' rows
(``site.event_rows``), so an unchanged event costs nothing but its stored item.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path

from trfsite.pages.data_files import DATA_FOLDER
from trfsite.pages.rows import EventSummary
from trfsite.render.page_meta import SiteInfo
from trfsite.site.archive_db import ARCHIVE, ArchiveEvent
from trfsite.site.event_rows import SiteRows, events_json, feed_xml
from trfsite.site.writer import SiteWriter

SCHEMAS = Path(__file__).resolve().parent / "schema"


def write_open_data(writer: SiteWriter, site: SiteInfo, rows: SiteRows) -> None:
    """``data/events.json``, ``data/schema/*.json`` and the site's ``feed.xml`` (see the
    README's "Open data"), from the events' rows; ``data/archive.sqlite`` is
    ``start_archive``'s."""
    writer.write_pieces("feed.xml", feed_xml(site, rows))
    writer.write_pieces(f"{DATA_FOLDER}/events.json", events_json(rows))
    for schema in sorted(SCHEMAS.glob("*.json")):
        writer.copy_file(f"{DATA_FOLDER}/schema/{schema.name}", schema)


class ArchiveStart:
    """``data/archive.sqlite`` started once (see ``start_archive``): as soon as every built
    event's files are written (``early``, given to ``build_events``) when no event is
    reused, so that it runs beside the build's end on one core; else once the events are
    in order (``now``)."""

    def __init__(self, pool: Executor | None, writer: SiteWriter, work: Path, fresh: bool) -> None:
        self.pool, self.writer, self.work, self.fresh = pool, writer, work, fresh
        self._wait: Callable[[], None] | None = None

    def early(
        self, slugs: Sequence[str], keys: Mapping[str, str], reused: bool
    ) -> Callable[[Mapping[str, EventSummary]], None] | None:
        """What starts it from the built events' summaries (by slug); None when it cannot
        start before the events are in order (an event reused, or no pool to run on)."""
        if reused or self.pool is None:
            return None
        # The pool's workers forked now, while this process is small (a pool forks them
        # at its first call): forked at the archive's start, after a split event, they
        # shared its pages, so freeing the event copied them (copy-on-write), and the
        # forks copied the page tables of ~180 MB, on the open's one-core end.
        self.pool.submit(int)
        root = self.writer.root

        def start(summaries: Mapping[str, EventSummary]) -> None:
            events = [ArchiveEvent(keys[slug], summaries[slug], root) for slug in slugs]
            self.now(lambda: events)

        return start

    def now(self, events: Callable[[], Sequence[ArchiveEvent]]) -> Callable[[], None]:
        """Started with ``events()`` unless started already; the call returned waits for it."""
        if self._wait is None:
            self._wait = start_archive(self.pool, self.writer, events(), self.work, self.fresh)
        return self._wait


def start_archive(
    pool: Executor | None,
    writer: SiteWriter,
    events: Sequence[ArchiveEvent],
    work: Path,
    fresh: bool,
) -> Callable[[], None]:
    """``data/archive.sqlite`` brought up to ``events`` (each event's key, summary and the
    folder its files are in now); the call returned waits for it.

    On ``pool`` (local worker processes sharing this disk) it runs beside what the build
    does next, the people pages: copying the archive whole (``VACUUM INTO``) grows with
    it, 0.2 s per 1,000 events. Without a pool it is done here at once. ``work``: the
    build state, beside which the archive's working copy is kept (``fresh``: made anew).
    """
    from trfsite.site import archive_work

    if pool is None:
        archive_work.write_archive(writer, events, work, fresh)
        return lambda: None
    # The events whose rows the copy holds go without their summaries.
    held = {} if fresh else archive_work.held_keys(work)
    sent = [
        archive_work.KeptEvent(e.key, e.summary.slug) if held.get(e.summary.slug) == e.key else e
        for e in events
    ]
    running = pool.submit(archive_work.write_archive_at, writer.root, sent, work, fresh)

    def wait() -> None:
        if not running.result():  # the copy changed since it was read: made here
            archive_work.write_archive(writer, events, work)
        writer.written.append(ARCHIVE)

    return wait
