"""The series pages of a build (``series/<key>.html``), from the archive's people.

Made every time, beside the people pages (a handful of pages, each showing many
events); ``trfsite.series`` computes what they show.
"""

from __future__ import annotations

from trfsite.pages.config import SiteConfig
from trfsite.people.contexts import SeriesPlace
from trfsite.people.identity import Resolution
from trfsite.render.page_meta import SiteInfo
from trfsite.series.compute import compute_series, series_problems
from trfsite.series.pages import SeriesPage, person_places, series_page
from trfsite.series.report import series_url

SERIES_TEMPLATE = "series.html"


def series_problems_of(config: SiteConfig, resolution: Resolution) -> list[str]:
    return series_problems(config.series, resolution.events)


def series_pages(
    config: SiteConfig, resolution: Resolution, site: SiteInfo
) -> tuple[list[tuple[str, SeriesPage]], dict[str, tuple[SeriesPlace, ...]]]:
    """Each series' page (path, context), and each person's places for their page."""
    computed = tuple(compute_series(s, resolution) for s in config.series)
    pages = [(series_url(s.config.key), series_page(s, site)) for s in computed]
    return pages, person_places(computed)
