"""The site-wide open data: ``data/events.json`` and the JSON Schemas of every data file.

Each event's own data files are pages of the event (``pages/data_files``), built and
cached with it; ``events.json`` is made here from the events' summaries alone, so
an unchanged event costs nothing but its line.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from trfsite.pages.data_files import DATA_FILES, DATA_FOLDER, DATA_VERSION
from trfsite.pages.rows import EventSummary
from trfsite.render.page_meta import SiteInfo
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


def write_open_data(
    writer: SiteWriter,
    site: SiteInfo,
    events: Sequence[tuple[EventSummary, Path]],
    live: Path | None = None,
    reused: frozenset[str] = frozenset(),
) -> None:
    """``data/events.json``, ``data/schema/*.json``, ``data/archive.sqlite`` (see the
    README's "Open data") and the site's ``feed.xml``; ``events``: each event's summary
    and the folder its files are in now (a reused event's in the ``live`` build, whose
    archive keeps the ``reused`` events' rows)."""
    from trfsite.site.archive_db import ARCHIVE, write_archive

    write_feed(writer, site, [s for s, _ in events])
    writer.write_text(f"{DATA_FOLDER}/events.json", events_json([s for s, _ in events]))
    for schema in sorted(SCHEMAS.glob("*.json")):
        writer.copy_file(f"{DATA_FOLDER}/schema/{schema.name}", schema)
    previous = live / ARCHIVE if live is not None else None
    write_archive(writer, events, previous, reused)
