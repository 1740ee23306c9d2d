"""``trfsite people`` as data: JSON and CSV rows (the JSON shape is issue 12's contract)."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING

from trfsite.formats.csv_cells import csv_writer

if TYPE_CHECKING:  # every event page imports ``person_url``, not the archive's identity
    from trfsite.people.identity import Person, Resolution

PEOPLE_FOLDER = "people"
CSV_FIELDS = (
    "key",
    "name",
    "fide_id",
    "egd_pin",
    "federation",
    "url",
    "file",
    "event",
    "date",
    "points",
    "rank",
    "games",
    "rating",
    "performance",
    "rating_change",
)


def person_url(key: str) -> str:
    """The person page's path under the site root."""
    return f"{PEOPLE_FOLDER}/{key}.html"


def card_url(slug: str, start_number: int) -> str:
    """A player's card in an event, under the site root."""
    return f"{slug}/players/{start_number}.html"


def person_json(resolution: Resolution, person: Person, pages: bool = True) -> dict[str, object]:
    """``pages`` False: the site has no people pages (one event), so ``url`` is the card."""
    events = []
    if pages or not person.entries:
        url = person_url(person.page)
    else:
        first, entry = resolution.entry(person.entries[0])
        url = card_url(first.slug, entry.start_number)
    for ref in person.entries:
        event, entry = resolution.entry(ref)
        events.append(
            {
                "file": event.file,
                "event": event.event,
                "date": event.date.isoformat() if event.date else None,
                "points": entry.points,
                "rank": entry.rank,
                "games": entry.games,
                "rating": entry.rating,
                "performance": entry.performance,
                "rating_change": entry.rating_change,
            }
        )
    return {
        "key": person.key,
        "name": person.name,
        "fide_id": person.fide_id or None,
        "egd_pin": person.egd_pin or None,
        "federation": person.federation or None,
        "url": url,
        "events": events,
    }


def render_json(resolution: Resolution, pages: bool = True) -> str:
    body = {"people": [person_json(resolution, p, pages) for p in resolution.people]}
    return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


def render_csv(resolution: Resolution, pages: bool = True) -> str:
    out = io.StringIO()
    writer = csv_writer(out)
    writer.writerow(CSV_FIELDS)
    for person in resolution.people:
        data = person_json(resolution, person, pages)
        for event in data["events"]:  # type: ignore[attr-defined]
            row = {**data, **event}
            writer.writerow("" if row[name] is None else row[name] for name in CSV_FIELDS)
    return out.getvalue()


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}"


def render_table(resolution: Resolution) -> str:
    """One block per person: a heading line, then one line per event."""
    lines = []
    for person in resolution.people:
        ids = " ".join(
            part
            for part in (
                f"FIDE {person.fide_id}" if person.fide_id else "",
                f"EGD {person.egd_pin}" if person.egd_pin else "",
                person.federation,
            )
            if part
        )
        matched = "  (name match)" if person.name_matched else ""
        lines.append(f"{person.key}  {person.name}  {ids}{matched}".rstrip())
        for ref in person.entries:
            event, entry = resolution.entry(ref)
            date = event.date.isoformat() if event.date else "----------"
            rank = f"{entry.rank}/{event.participants}" if entry.rank else "-"
            lines.append(
                f"  {date}  {event.event}  rank {rank}  {_number(entry.points)} pts"
                f" in {entry.games} games  ({event.file})"
            )
    count = len(resolution.people)
    lines.append(f"{count} {'person' if count == 1 else 'people'}")
    return "\n".join(lines) + "\n"
