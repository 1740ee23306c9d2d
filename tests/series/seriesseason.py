"""Small hand-made seasons: each event's people entries written out, resolved, ranked."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from trfsite.people.entries import EventEntries, KeyKind, PersonEntry, TeamPlace
from trfsite.people.identity import resolve
from trfsite.people.names import fold_name, name_key
from trfsite.series.compute import SeriesLine, SeriesStandings, compute_series
from trfsite.series.config import SeriesConfig, parse_series


@dataclass(frozen=True)
class P:
    """A player of an event: name, final rank, score; ids and category data optional."""

    name: str
    rank: int | None
    points: float = 0.0
    fide: str = ""
    egd: str = ""
    federation: str = "GER"
    born: int | None = 1980
    sex: str = "m"
    rating: int | None = 1800


def entry(number: int, p: P) -> PersonEntry:
    if p.fide:
        key, kind = f"fide-{p.fide}", KeyKind.FIDE
    elif p.egd:
        key, kind = f"egd-{p.egd}", KeyKind.EGD
    else:
        parts = [name_key(p.name), p.federation.lower(), str(p.born or "")]
        key, kind = "-".join(x for x in parts if x), KeyKind.NAME
    return PersonEntry(
        start_number=number,
        name=p.name,
        own_key=key,
        key_kind=kind,
        folded_name=fold_name(p.name),
        fide_id=p.fide,
        egd_pin=p.egd,
        national_ids=(),
        federation=p.federation,
        birth_year=p.born,
        title="",
        club="",
        rating=p.rating,
        grade="",
        points=p.points,
        rank=p.rank,
        games=5,
        performance=None,
        rating_change=None,
        line=0,
        sex=p.sex,
    )


def event(
    stem: str,
    day: str,
    players: list[P],
    rounds: int = 5,
    after: int | None = None,
    teams: tuple[TeamPlace, ...] = (),
    game: str = "chess",
) -> EventEntries:
    return EventEntries(
        file=f"season/{stem}.trf",
        slug=stem,
        event=stem.upper(),
        date=dt.date.fromisoformat(day),
        game=game,
        kind="team" if teams else ("go" if game == "go" else "individual"),
        participants=len(teams) or len(players),
        rounds=rounds,
        entries=tuple(entry(i, p) for i, p in enumerate(players, start=1)),
        after_round=rounds if after is None else after,
        teams=teams,
    )


def config(**table: object) -> SeriesConfig:
    problems: list[str] = []
    found = parse_series({"gp": {"events": ["season/*.trf"], **table}}, problems)
    assert not problems, problems
    return found[0]


def standings(events: list[EventEntries], **table: object) -> SeriesStandings:
    return compute_series(config(**table), resolve(events))


def by_name(lines: tuple[SeriesLine, ...]) -> dict[str, SeriesLine]:
    return {line.name: line for line in lines}
