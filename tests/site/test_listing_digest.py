"""A listing page's digest is fed row by row (issue 46).

A federation's page lists a quarter of the archive's people; the repr of its context
whole, hashed once, was the build process's peak at 3,000 events (+5.7 MiB of RSS).
"""

from __future__ import annotations

import tracemalloc

from trfsite.people.contexts import GroupPage, PersonLine
from trfsite.people.pages import people_meta
from trfsite.render.page_meta import SiteInfo
from trfsite.site.people_digests import listing_digest

SITE = SiteInfo("Results", "en", "", "2024-05-01", "trfsite")
PATH = "people/federations/ger.html"


def _page(count: int, changed: int = -1, title: str = "GER") -> GroupPage:
    lines = tuple(
        PersonLine(f"Müller{n}, Jonas", f"../mueller{n}.html", "GER", 1 + n % 7, 2020)
        if n != changed
        else PersonLine(f"Müller{n}, Jonas", f"../mueller{n}.html", "GER", 99, 2020)
        for n in range(count)
    )
    return GroupPage(people_meta(SITE, title, PATH), "federation", "GER", count, lines)


def _digest(page: GroupPage) -> str:
    return listing_digest("theme", repr(SITE), "people_group.html", page)


def test_a_long_listing_is_hashed_without_the_repr_of_its_rows_whole() -> None:
    page = _page(20_000)
    whole = len(repr(page.members))  # ~1.6 MB
    tracemalloc.start()
    try:
        _digest(page)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # A row's repr at a time (main: the repr of every value, and its parts, at once).
    assert peak < whole / 50


def test_the_digest_follows_every_row_and_the_title() -> None:
    first = _digest(_page(300))
    assert _digest(_page(300)) == first
    assert _digest(_page(300, changed=299)) != first
    assert _digest(_page(299)) != first
    assert _digest(_page(300, title="Germany")) != first
