"""The site-wide open data: ``data/events.json`` and the JSON Schemas of every data file.

Each event's own data files are pages of the event (``pages/data_files``), built and
cached with it; ``events.json`` is made here from the events' summaries alone, so
an unchanged event costs nothing but its line.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path

from trfsite.pages.data_files import DATA_FILES, DATA_FOLDER, DATA_VERSION
from trfsite.pages.rows import EventSummary
from trfsite.render.page_meta import SiteInfo
from trfsite.site.archive_db import ARCHIVE, ArchiveEvent
from trfsite.site.web_files import newest_first, write_feed
from trfsite.site.writer import SiteWriter

SCHEMAS = Path(__file__).resolve().parent / "schema"


def _event_item(summary: EventSummary) -> dict[str, object]:
    folder = f"{summary.slug}/{DATA_FOLDER}"
    data = None
    if not summary.failed:
        data = {
            f"{name}.{fmt}": f"{folder}/{name}.{fmt}"
            for name in DATA_FILES
            for fmt in ("json", "csv")
        }
    return {
        "slug": summary.slug,
        "name": summary.name,
        "city": summary.city,
        "federation": summary.federation,
        "start_date": summary.start_date.isoformat() if summary.start_date else None,
        "end_date": summary.end_date.isoformat() if summary.end_date else None,
        "kind": summary.kind,
        "participants": summary.participants,
        "rounds": summary.rounds,
        "complete_rounds": summary.complete_rounds,
        "url": f"{summary.slug}/index.html",
        "data": data,
    }


def events_json(summaries: Sequence[EventSummary]) -> str:
    body = {"version": DATA_VERSION, "events": [_event_item(s) for s in newest_first(summaries)]}
    return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


def write_open_data(writer: SiteWriter, site: SiteInfo, summaries: Sequence[EventSummary]) -> None:
    """``data/events.json``, ``data/schema/*.json`` and the site's ``feed.xml`` (see the
    README's "Open data"); ``data/archive.sqlite`` is ``start_archive``'s."""
    write_feed(writer, site, summaries)
    writer.write_text(f"{DATA_FOLDER}/events.json", events_json(summaries))
    for schema in sorted(SCHEMAS.glob("*.json")):
        writer.copy_file(f"{DATA_FOLDER}/schema/{schema.name}", schema)


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
    running = pool.submit(archive_work.write_archive_at, writer.root, list(events), work, fresh)

    def wait() -> None:
        running.result()
        writer.written.append(ARCHIVE)

    return wait
