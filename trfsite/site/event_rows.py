"""What the site-wide files show of each event, made once: its row.

The home page's card of an event, its item in ``data/events.json`` and its entry in
``feed.xml`` depend on its summary and the site alone, which its cache key covers
(``site.cache.event_key``). So they are made when the event is built, kept in the
build state under that key (``state_cache``'s ``event_rows``), and a rebuild joins
the stored rows of the unchanged events, in the home page's order, around the new
ones: a row read per unchanged event, not a template rendered, a JSON item encoded
and an XML entry made again (at 1,000 events that work was most of what the home
page, the feed and ``events.json`` cost a rebuild). The rows are joined as columns
(``SiteRows``), as SQLite gives them: sorted and joined by the interpreter's own
loops, not a Python object and a function call per row.
"""

import datetime as dt
import json
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import jinja2

from trfsite.pages.data_files import DATA_FILES, DATA_FOLDER, DATA_VERSION
from trfsite.pages.rows import EventSummary
from trfsite.pages.share import EPOCH, atom_feed, atom_time, page_id
from trfsite.render.environment import render_page
from trfsite.render.page_meta import SiteInfo

CARD_TEMPLATE = "event_card.html"
_FEED_END = "</feed>\n"


class EventRow(NamedTuple):
    """One event as the home page, ``events.json`` and ``feed.xml`` show it."""

    key: str  # the event's cache key
    order: tuple[int, str, str]  # the home page's order (see ``order_of``)
    kind: str
    year: int  # of its start (0: none)
    updated: str  # its feed entry's date (the feed's own is the latest)
    card: str  # the home page's ``<li>``, as the whole page holds it
    item: str  # its ``events.json`` item, indented as in the file
    entry: str  # its ``feed.xml`` entry, indented as in the file


# A row as the build state stores it: the home page's order first (see ``order_of``), its
# key last (``SiteRows``' fields). Sorted as tuples, rows come in the home page's order:
# the slug, third, is unique in a site.
FlatRow = tuple[int, str, str, str, int, str, str, str, str, str]


class SiteRows(NamedTuple):
    """Every event's row, newest first, column by column: the site-wide files join a
    column each, so an unchanged event's row is never a Python object of its own (at
    3,000 events the rows made one by one were most of the home page's work, issue 46)."""

    starts: tuple[int, ...]
    names: tuple[str, ...]
    slugs: tuple[str, ...]
    kinds: tuple[str, ...]
    years: tuple[int, ...]
    updated: tuple[str, ...]
    cards: tuple[str, ...]
    items: tuple[str, ...]
    entries: tuple[str, ...]
    keys: tuple[str, ...]


def flat(row: EventRow) -> FlatRow:
    """``row`` as the build state stores it."""
    return (*row.order, row.kind, row.year, row.updated, row.card, row.item, row.entry, row.key)


def site_rows(rows: Iterable[FlatRow]) -> SiteRows:
    """``rows`` (each event's, any order) in the home page's order, as columns."""
    ordered = sorted(rows)
    if not ordered:
        return SiteRows((), (), (), (), (), (), (), (), (), ())
    return SiteRows._make(zip(*ordered, strict=True))


def order_of(summary: EventSummary) -> tuple[int, str, str]:
    """The latest start first, then by name, then by folder: the home page's order."""
    return (-(summary.start_date or dt.date.min).toordinal(), summary.name.casefold(), summary.slug)


def make_row(env: jinja2.Environment, site: SiteInfo, key: str, summary: EventSummary) -> EventRow:
    """The row of an event built now (or one the build state lacks)."""
    updated = feed_time(summary)
    entry = (
        page_id(site.base_url, f"{summary.slug}/index.html"),
        summary.name,
        f"{site.base_url}{summary.slug}/index.html",
        updated,
        summary.headline,
    )
    return EventRow(
        key,
        order_of(summary),
        summary.kind,
        summary.start_date.year if summary.start_date else 0,
        updated,
        render_page(env, CARD_TEMPLATE, summary),
        _indented(json.dumps(event_item(summary), ensure_ascii=False, indent=2), "    "),
        _entry_text(site, entry),
    )


def feed_time(summary: EventSummary) -> str:
    day = summary.results_date or (summary.end_date or summary.start_date or EPOCH).isoformat()
    return atom_time(dt.date.fromisoformat(day))


def event_item(summary: EventSummary) -> dict[str, object]:
    """The event's item in ``data/events.json``."""
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


def _indented(text: str, margin: str) -> str:
    # JSON text holds no newline inside a string (it is escaped), so lines are values.
    return "\n".join(margin + line for line in text.split("\n"))


def events_json(rows: SiteRows) -> Iterator[str]:
    """``data/events.json`` in pieces (``SiteWriter.write_pieces``): what
    ``json.dumps(..., indent=2)`` of every item gives."""
    yield f'{{\n  "version": {json.dumps(DATA_VERSION)},\n  "events": '
    if not rows.items:
        yield "[]\n}\n"
        return
    yield "[\n"
    yield from _joined(",\n", rows.items)
    yield "\n  ]\n}\n"


def _joined(separator: str, texts: Iterable[str]) -> Iterator[str]:
    """The pieces of ``separator.join(texts)``."""
    between = ""
    for text in texts:
        if between:
            yield between
        between = separator
        yield text


def _feed(site: SiteInfo, entries: list[tuple[str, str, str, str, str]], updated: str) -> str:
    base = site.base_url
    return atom_feed(
        site.language,
        site.title,
        site.title,
        f"{base}feed.xml",
        f"{base}index.html",
        page_id(base, "feed.xml"),
        entries,
        updated,
    )


def _entry_text(site: SiteInfo, entry: tuple[str, str, str, str, str]) -> str:
    """The entry as a whole feed holds it: two spaces in, its own line's end included."""
    text = _feed(site, [entry], entry[3])
    return text[text.index("\n  <entry>") + 1 : -len(_FEED_END)]


def feed_xml(site: SiteInfo, rows: SiteRows) -> Iterator[str]:
    """``feed.xml`` in pieces: an entry per event, newest first (``pages.share.atom_feed``'s
    text)."""
    updated = max(rows.updated, default=atom_time(EPOCH))
    yield _feed(site, [], updated)[: -len(_FEED_END)]
    yield from rows.entries
    yield _FEED_END
