"""``trfsite series`` as data: JSON (issue 44's contract), CSV and a table.

    {"series": [{"key", "title", "live", "events": [{"file", "event", "date", "weight",
      "after_round", "in_progress"}], "notes": [...],
      "standings": [{"rank", "name", "key", "fide_id", "points", "url",
                     "results": [{"file", "event", "rank", "points", "counted"}]}],
      "categories": [{"category", "standings": [...]}]}]}

``rank`` is null for a line with fewer events than ``min_events``; ``url`` is the
person page under the site root (null for teams, and for a site without people pages).
"""

from __future__ import annotations

import io
import json

from trfsite.formats.csv_cells import csv_writer
from trfsite.people.report import person_url
from trfsite.series.compute import SeriesLine, SeriesStandings
from trfsite.series.notes import series_notes

SERIES_FOLDER = "series"
CSV_FIELDS = (
    "series",
    "category",
    "rank",
    "name",
    "key",
    "fide_id",
    "points",
    "file",
    "event",
    "event_rank",
    "event_points",
    "counted",
)


def series_url(key: str) -> str:
    """The series page's path under the site root."""
    return f"{SERIES_FOLDER}/{key}.html"


def _line_json(standings: SeriesStandings, line: SeriesLine, pages: bool) -> dict[str, object]:
    teams = standings.config.teams
    return {
        "rank": line.rank,
        "name": line.name,
        "key": line.key,
        "fide_id": line.fide_id or None,
        "points": line.points,
        "url": person_url(line.page) if pages and not teams else None,
        "results": [
            {
                "file": standings.events[r.event].file,
                "event": standings.events[r.event].event,
                "rank": r.rank,
                "points": r.points,
                "counted": r.counted,
            }
            for r in line.results
        ],
    }


def series_json(standings: SeriesStandings, pages: bool = True) -> dict[str, object]:
    config = standings.config
    return {
        "key": config.key,
        "title": config.title,
        "live": config.live,
        "events": [
            {
                "file": e.file,
                "event": e.event,
                "date": e.date.isoformat() if e.date else None,
                "weight": e.weight,
                "after_round": e.after_round,
                "in_progress": e.in_progress,
            }
            for e in standings.events
        ],
        "notes": [str(note) for note in series_notes(standings)],
        "standings": [_line_json(standings, line, pages) for line in standings.lines],
        "categories": [
            {
                "category": table.category.code,
                "standings": [_line_json(standings, line, pages) for line in table.lines],
            }
            for table in standings.categories
        ],
    }


def render_json(all_series: tuple[SeriesStandings, ...], pages: bool = True) -> str:
    body = {"series": [series_json(s, pages) for s in all_series]}
    return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


def render_csv(all_series: tuple[SeriesStandings, ...]) -> str:
    """One row per line and result (a line without results has one row too)."""
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(CSV_FIELDS)
    for standings in all_series:
        tables = [("", standings.lines)]
        tables += [(t.category.code, t.lines) for t in standings.categories]
        for category, lines in tables:
            for line in lines:
                head = [standings.config.key, category, line.rank, line.name, line.key]
                head += [line.fide_id, _number(line.points)]
                for r in line.results:
                    event = standings.events[r.event]
                    tail = [event.file, event.event, r.rank, _number(r.points), r.counted]
                    writer.writerow("" if v is None else v for v in head + tail)
    return out.getvalue()


def _number(value: float) -> str:
    return f"{value:g}"


def render_table(all_series: tuple[SeriesStandings, ...]) -> str:
    """Each series: its title, its lines (dropped results in brackets), its notes."""
    out: list[str] = []
    for standings in all_series:
        out.append(f"{standings.config.title} [{standings.config.key}]")
        tables = [("", standings.lines)]
        tables += [(t.category.code, t.lines) for t in standings.categories]
        for category, lines in tables:
            if category:
                out.append(f"  {category}")
            for line in lines:
                rank = "-" if line.rank is None else f"{line.rank}{'=' if line.tied else ''}"
                cells = " ".join(
                    _number(r.points) if r.counted else f"({_number(r.points)})"
                    for r in line.results
                )
                out.append(f"  {rank:>4}  {line.name:<30} {_number(line.points):>7}  {cells}")
        for note in series_notes(standings):
            out.append(f"  * {note}")
        out.append("")
    return "\n".join(out) + ("\n" if not out else "")
