"""The series pages of a build (``series/<key>.html``), from the archive's people.

Made every time, beside the people pages (a handful of pages, each showing many
events); ``trfsite.series`` computes what they show. Most sites with people pages have
no series: its modules are imported only for a site that has one (their dataclasses,
compiled at import, were ~15 ms of every rebuild's one-core start, issue 46).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trfsite.pages.config import SiteConfig
from trfsite.people.contexts import SeriesPlace
from trfsite.people.identity import Resolution
from trfsite.render.page_meta import SiteInfo

if TYPE_CHECKING:
    from trfsite.series.pages import SeriesPage

SERIES_TEMPLATE = "series.html"


def series_problems_of(config: SiteConfig, resolution: Resolution) -> list[str]:
    if not config.series:
        return []
    from trfsite.series.compute import series_problems

    return series_problems(config.series, resolution.events)


def series_pages(
    config: SiteConfig, resolution: Resolution, site: SiteInfo
) -> tuple[list[tuple[str, SeriesPage]], dict[str, tuple[SeriesPlace, ...]]]:
    """Each series' page (path, context), and each person's places for their page."""
    if not config.series:
        return [], {}
    from trfsite.series.compute import compute_series
    from trfsite.series.pages import person_places, series_page
    from trfsite.series.report import series_url

    computed = tuple(compute_series(s, resolution) for s in config.series)
    pages = [(series_url(s.config.key), series_page(s, site)) for s in computed]
    return pages, person_places(computed)
