"""The series page's context, and each person's places for their person page."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from trfsite.people.contexts import SeriesPlace
from trfsite.render.page_meta import PageMeta, SiteInfo
from trfsite.results import Note
from trfsite.series.compute import SeriesLine, SeriesStandings
from trfsite.series.notes import series_notes
from trfsite.series.report import series_url


@dataclass(frozen=True, slots=True)
class SeriesColumn:
    """One event of the series: a column of points."""

    name: str
    href: str  # its overview page, from the series page
    date: dt.date | None
    weight: float  # 1: no mark
    live_round: int | None  # in progress, counted after this round


@dataclass(frozen=True, slots=True)
class SeriesCell:
    points: float
    rank: int | None  # the place in the event
    shared: bool  # a place the event did not break
    counted: bool  # False: dropped (struck through)


@dataclass(frozen=True, slots=True)
class SeriesRow:
    rank: int | None  # None: too few events
    tied: bool
    countback: bool
    name: str
    href: str  # the person page ("" for a team, or a site without people pages)
    points: float
    cells: tuple[SeriesCell | None, ...]  # one per column; None: did not play


@dataclass(frozen=True, slots=True)
class SeriesTable:
    label: Note  # "Overall", a category's name
    anchor: str
    rows: tuple[SeriesRow, ...]


@dataclass(frozen=True, slots=True)
class SeriesPage:
    meta: PageMeta
    title: str
    teams: bool
    live: bool
    columns: tuple[SeriesColumn, ...]
    tables: tuple[SeriesTable, ...]  # overall first, then the categories
    notes: tuple[Note, ...]
    best: int | None


def _row(line: SeriesLine, columns: int, href: str) -> SeriesRow:
    cells: list[SeriesCell | None] = [None] * columns
    for result in line.results:
        cells[result.event] = SeriesCell(
            result.points, result.rank, result.shared > 1, result.counted
        )
    return SeriesRow(
        line.rank, line.tied, line.countback, line.name, href, line.points, tuple(cells)
    )


def series_page(standings: SeriesStandings, site: SiteInfo) -> SeriesPage:
    config = standings.config
    path = series_url(config.key)
    meta = PageMeta(site, config.title, "../", "", "series", path)
    columns = tuple(
        SeriesColumn(
            e.event,
            f"../{e.slug}/index.html",
            e.date,
            e.weight,
            e.after_round if e.in_progress else None,
        )
        for e in standings.events
    )
    linked = site.people and not config.teams

    def rows(lines: tuple[SeriesLine, ...]) -> tuple[SeriesRow, ...]:
        return tuple(
            _row(line, len(columns), f"../people/{line.page}.html" if linked else "")
            for line in lines
        )

    tables = [SeriesTable(Note("Overall"), "overall", rows(standings.lines))]
    for table in standings.categories:
        anchor = "category-" + "".join(ch if ch.isalnum() else "-" for ch in table.category.code)
        tables.append(SeriesTable(table.category.label, anchor.lower(), rows(table.lines)))
    return SeriesPage(
        meta,
        config.title,
        config.teams,
        config.live,
        columns,
        tuple(tables),
        series_notes(standings),
        config.best,
    )


def person_places(all_series: tuple[SeriesStandings, ...]) -> dict[str, tuple[SeriesPlace, ...]]:
    """Person key -> their place in each (individual) series, for the person page."""
    found: dict[str, list[SeriesPlace]] = {}
    for standings in all_series:
        if standings.config.teams:
            continue
        ranked = sum(1 for line in standings.lines if line.rank is not None)
        for line in standings.lines:
            found.setdefault(line.key, []).append(
                SeriesPlace(
                    standings.config.key,
                    standings.config.title,
                    line.rank,
                    line.points,
                    ranked,
                    len(line.results),
                )
            )
    return {key: tuple(places) for key, places in found.items()}
