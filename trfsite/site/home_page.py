"""The home page, from the events' rows (``site.event_rows``): the stored ones of the
unchanged events, made now for the others."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Collection, Sequence
from operator import attrgetter, itemgetter
from pathlib import Path

import jinja2

from trfsite.pages.contexts import IndexPage
from trfsite.pages.rows import EventSummary
from trfsite.render.page_meta import PageMeta, SiteInfo
from trfsite.render.theme import Theme, static_files
from trfsite.site import event_rows
from trfsite.site.event_rows import EventRow, FlatRow, SiteRows
from trfsite.site.state import BuildState
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)


def rows_of(
    events: Sequence[tuple[str, EventSummary]],
    reused: Collection[str],
    state_file: Path | None,
    env: jinja2.Environment,
    site: SiteInfo,
) -> tuple[SiteRows, list[EventRow]]:
    """(the rows of ``events``, (key, summary) each, in the home page's order; the rows
    made now): the build state's row of each ``reused`` key it holds (``state_file``: None
    when it may not be read), a row made from the summary for the others."""
    stored: list[FlatRow] = []
    wanted = {key for key, _ in events if key in reused}
    if wanted and state_file is not None and state_file.is_file():
        try:
            with BuildState(state_file) as state:
                stored = state.cache.rows(wanted)
        except sqlite3.Error as exc:  # a cache: the rows are made again
            logger.info("%s: event rows unreadable (%s); made again", state_file, exc)
    found = set(map(itemgetter(-1), stored))  # their keys
    made = [
        event_rows.make_row(env, site, key, summary) for key, summary in events if key not in found
    ]
    return event_rows.site_rows([*stored, *map(event_rows.flat, made)]), made


def index_page(
    site: SiteInfo, summaries: Sequence[EventSummary], rows: SiteRows, notes_html: str
) -> IndexPage:
    """The home page's context: ``rows`` are ``summaries``' (a theme's own index.html may
    show the summaries; the default one joins the rows' cards)."""
    # In the rows' order, which is the summaries' ``order_of``: the rows were made from them.
    by_slug = dict(zip(map(attrgetter("slug"), summaries), summaries, strict=True))
    ordered = tuple(map(by_slug.__getitem__, rows.slugs))
    kinds = tuple(sorted(set(rows.kinds)))
    years = tuple(sorted(set(rows.years) - {0}, reverse=True))
    meta = PageMeta(site, site.title, "", "", "home", "index.html")
    series = tuple((f"series/{key}.html", title) for key, title, _ in site.series)
    return IndexPage(meta, ordered, kinds, years, notes_html, series, rows.cards)


def write_home(
    writer: SiteWriter, chain: tuple[Theme, ...], page: IndexPage, env: jinja2.Environment
) -> int:
    """The home page and the theme's static files (the events are written already)."""
    from trfsite.render.environment import page_pieces

    writer.write_pieces("index.html", page_pieces(env, "index.html", page))
    for relative, source in static_files(chain):
        writer.copy_file(f"static/{relative}", source)
    return 1
