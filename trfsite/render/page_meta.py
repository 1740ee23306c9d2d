"""What every page's template reads about its site and its own place in it.

Below the page builders (``pages``, the people pages), which make one for every page.
"""

from __future__ import annotations

from trfsite.model.frozen import frozen_record


@frozen_record
class SiteInfo:
    title: str
    language: str
    base_url: str
    build_date: str  # ISO date
    generator: str  # "trfsite 0.1.0"
    # A site built in several languages: all of them, each under OUT/<language>/,
    # and the configured base URL of OUT itself (``base_url`` is this language's).
    languages: tuple[str, ...] = ()
    root_url: str = ""
    # A people section (people/, and a link from every player's name to their person
    # page): by default only when the site has more than one event. A site of one
    # event has its cards as its players' pages (PeopleConfig.has_pages).
    people: bool = True
    # [series.KEY] (trfsite.series): (key, title, its events' globs or keys), linked
    # from the home page and from each of its events. Only with people pages.
    series: tuple[tuple[str, str, tuple[str, ...]], ...] = ()


@frozen_record
class PageMeta:
    """Where a page sits: links are relative so that the site works from file:// too."""

    site: SiteInfo
    title: str  # the <title> and the heading
    root: str  # from this page to the site root: "", "../" or "../../"
    base: str  # from this page to its event folder: "", "../"
    current: str  # which navigation entry is this page ("overview", "standings", ...)
    path: str  # the page's own path under OUT (for canonical links)
