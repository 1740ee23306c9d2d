"""Every choice a series' standings make, in words (translated on the page)."""

from __future__ import annotations

from trfsite.results import Note
from trfsite.series.compute import SeriesStandings


def _number(value: float) -> str:
    return f"{value:g}"


def series_notes(standings: SeriesStandings) -> tuple[Note, ...]:
    config = standings.config
    notes: list[Note] = []
    if config.teams:
        notes.append(
            Note(
                "Teams are ranked by their places in the team events; a team is the same "
                "team in every event under the same name (case and accents aside)."
            )
        )
    if config.points is None:
        notes.append(Note("Each event gives its own score as series points."))
    else:
        notes.append(
            Note(
                "Points by final rank in each event: {points}; lower places get none.",
                points=", ".join(_number(p) for p in config.points),
            )
        )
        if config.shared_ranks:
            notes.append(
                Note(
                    "A tie that an event does not break shares the points of the places it "
                    "covers, averaged (two players equal second share the points of second "
                    "and third)."
                )
            )
        else:
            notes.append(
                Note(
                    "A tie that an event does not break gives each player the points of "
                    "the shared place."
                )
            )
    for event in standings.events:
        if event.weight != 1:
            notes.append(
                Note(
                    "{event}: its points are multiplied by {factor}.",
                    event=event.event,
                    factor=_number(event.weight),
                )
            )
    if config.participation:
        notes.append(
            Note(
                "Participation: each event played adds {points} to the points (not multiplied).",
                points=_number(config.participation),
            )
        )
    if config.best is not None:
        notes.append(
            Note(
                "Results that count: each player's best {count}; the others are struck "
                "through. Of equal results the earlier event counts.",
                count=config.best,
            )
        )
    else:
        notes.append(Note("Every result counts."))
    notes.append(
        Note(
            "Equal series points are broken by countback: the better best counted result, "
            "then the second best, and so on; still equal, the rank is shared."
        )
    )
    if config.min_events > 1:
        notes.append(
            Note(
                "Events needed for a rank: {count}; players with fewer are listed without one.",
                count=config.min_events,
            )
        )
    if config.categories:
        notes.append(
            Note(
                "Categories rank their players separately, by the events' category rules: "
                "ages by the birth year in {year}, the rating of the player's first event "
                "of the series.",
                year=str(standings.year or "-"),
            )
        )
    for event in standings.events:
        if event.in_progress:
            notes.append(
                Note(
                    "Live: {event} is in progress and counts after round {round}.",
                    event=event.event,
                    round=event.after_round or 0,
                )
            )
    for event in standings.waiting:
        if config.live:
            notes.append(Note("Live: {event} has no complete round yet.", event=event.event))
        else:
            notes.append(
                Note("{event} is in progress and does not count before its end.", event=event.event)
            )
    return tuple(notes)
