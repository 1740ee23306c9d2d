"""What an event says when it is shared or followed: its headline and its Atom feed.

The headline ("Round 7 of 9: leader A. Player on 6½") is the share preview's
description (``og:description``) and the summary of the event's entry in the site's
feed. ``EVENT/feed.xml`` has an entry per complete round. Every date comes from the
file (the round's date, else the event's), never from the build's clock, so a
rebuild gives the same bytes; ids are the pages' URLs (``urn:trfsite:`` ones without
``base_url``), the same in every build.
"""

from __future__ import annotations

import datetime as dt
from xml.etree import ElementTree as ET

from trfsite.model import Tournament
from trfsite.pages.contexts import DownloadFile
from trfsite.pages.plan import EventData, PagePlan
from trfsite.render.environment import format_points
from trfsite.render.i18n import Catalog, load_catalog
from trfsite.results import N_, Standings

ATOM = "http://www.w3.org/2005/Atom"
EPOCH = dt.date(1970, 1, 1)  # a file without any date: a fixed one, not today's

HEADLINE = N_("Round {n} of {total}: leader {name} on {points}")
FINAL_HEADLINE = N_("Final standings: winner {name} on {points}")
NOT_STARTED = N_("{total} rounds, not yet started")
ROUND_TITLE = N_("Round {n} results and standings")
ROUND_SUMMARY = N_("Leader after round {n}: {name} on {points}")


def headline(catalog: Catalog, standings: Standings, rounds: int) -> str:
    """``Round 7 of 9: leader A. Player on 6½`` (in ``catalog``'s language)."""
    after = standings.after_round
    if not standings.rows or after <= 0:
        return catalog.gettext(NOT_STARTED, total=rounds)
    leader = standings.rows[0]
    points = _points(catalog, leader.points)
    if after >= rounds:
        return catalog.gettext(FINAL_HEADLINE, name=leader.name, points=points)
    return catalog.gettext(HEADLINE, n=after, total=rounds, name=leader.name, points=points)


def _points(catalog: Catalog, value: float) -> str:
    return format_points(value).replace(".", catalog.decimal_mark)


def results_date(t: Tournament, after_round: int) -> dt.date:
    """When the results shown were made: the last complete round's date, else the event's."""
    if 0 < after_round <= len(t.round_dates) and t.round_dates[after_round - 1] is not None:
        return t.round_dates[after_round - 1]  # type: ignore[return-value]
    return t.end_date or t.start_date or EPOCH


def atom_time(day: dt.date) -> str:
    return f"{day.isoformat()}T00:00:00Z"


def page_id(base_url: str, path: str) -> str:
    """The page's URL under ``base_url``; without one a ``urn:trfsite:`` of its path."""
    return f"{base_url}{path}" if base_url else f"urn:trfsite:{path}"


def atom_feed(
    language: str,
    title: str,
    author: str,
    self_href: str,
    home_href: str,
    feed_id: str,
    entries: list[tuple[str, str, str, str, str]],
    updated: str | None = None,
) -> str:
    """An Atom document; ``entries``: (id, title, link, updated, summary), newest first;
    ``updated``: the feed's date, when not the latest entry's (``site.event_rows``)."""
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed", {"{http://www.w3.org/XML/1998/namespace}lang": language})
    ET.SubElement(feed, f"{{{ATOM}}}id").text = feed_id
    ET.SubElement(feed, f"{{{ATOM}}}title").text = title
    if updated is None:
        updated = max((entry[3] for entry in entries), default=atom_time(EPOCH))
    ET.SubElement(feed, f"{{{ATOM}}}updated").text = updated
    ET.SubElement(ET.SubElement(feed, f"{{{ATOM}}}author"), f"{{{ATOM}}}name").text = author
    ET.SubElement(feed, f"{{{ATOM}}}link", {"rel": "self", "href": self_href})
    ET.SubElement(feed, f"{{{ATOM}}}link", {"rel": "alternate", "href": home_href})
    for entry_id, entry_title, link, entry_updated, summary in entries:
        entry = ET.SubElement(feed, f"{{{ATOM}}}entry")
        ET.SubElement(entry, f"{{{ATOM}}}id").text = entry_id
        ET.SubElement(entry, f"{{{ATOM}}}title").text = entry_title
        ET.SubElement(entry, f"{{{ATOM}}}link", {"rel": "alternate", "href": link})
        ET.SubElement(entry, f"{{{ATOM}}}updated").text = entry_updated
        ET.SubElement(entry, f"{{{ATOM}}}summary").text = summary
    ET.indent(feed)
    return ET.tostring(feed, encoding="unicode", xml_declaration=True) + "\n"


def feed_pages(data: EventData) -> list[PagePlan]:
    return [PagePlan(f"{data.job.slug}/feed.xml", "", lambda: _event_feed(data))]


def _event_feed(data: EventData) -> DownloadFile:
    job, t = data.job, data.tournament
    catalog = load_catalog(job.site.language)
    base = job.site.base_url
    link = f"{base}{job.slug}/" if base else ""
    entries = []
    for standings in reversed(data.after_round):
        n = standings.after_round
        path = f"{job.slug}/rounds/{n}.html"
        leader = standings.rows[0] if standings.rows else None
        summary = ""
        if leader is not None:
            points = _points(catalog, leader.points)
            summary = catalog.gettext(ROUND_SUMMARY, n=n, name=leader.name, points=points)
        entries.append(
            (
                page_id(base, path),
                catalog.gettext(ROUND_TITLE, n=n),
                f"{link}rounds/{n}.html",
                atom_time(results_date(t, n)),
                summary,
            )
        )
    text = atom_feed(
        job.site.language,
        data.header.name,
        job.site.title,
        f"{link}feed.xml",
        f"{link}index.html",
        page_id(base, f"{job.slug}/feed.xml"),
        entries,
    )
    return DownloadFile(text)
