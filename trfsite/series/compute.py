"""A series' standings from the people archive (pure: entries and identity in).

Each competitor (a person of ``people.identity``, or a team by its folded name)
earns points in each counted event: by final rank (``points`` list, a tie the event
does not break averaged over its places when ``shared_ranks``) or the event's score,
times the event's weight, plus the participation points. The best N count; equal
totals go by countback (the best counted result, then the second best, ...), and
still equal share the rank.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from trfsite.awards.categories import Category, belongs
from trfsite.model import Player
from trfsite.people.entries import EventEntries, PersonEntry
from trfsite.people.identity import Resolution
from trfsite.people.names import fold_name
from trfsite.series.config import SeriesConfig, is_glob, names_event

_EPSILON = 1e-9  # averaged points (e.g. 34/3) compare equal whatever the order of sums


@dataclass(frozen=True, slots=True)
class SeriesEvent:
    file: str
    slug: str
    event: str
    date: dt.date | None
    weight: float
    rounds: int
    after_round: int | None  # below ``rounds``: in progress

    @property
    def in_progress(self) -> bool:
        return self.after_round is not None and self.after_round < self.rounds


@dataclass(frozen=True, slots=True)
class SeriesResult:
    event: int  # index into SeriesStandings.events
    rank: int | None  # the final rank in the event (None: unranked there)
    shared: int  # how many share that rank (1: alone)
    points: float  # series points earned there
    counted: bool  # among the best N


@dataclass(frozen=True, slots=True)
class SeriesLine:
    rank: int | None  # None: fewer events than min_events
    key: str  # the person's key, or the team's folded name
    name: str
    fide_id: str
    points: float  # the counted results' sum
    results: tuple[SeriesResult, ...]  # one per event played, in event order
    countback: bool = False  # tied on points with another line, placed by countback
    tied: bool = False  # shares its rank (countback could not separate)
    page: str = ""  # the person's page (people/<page>.html); "" for a team


@dataclass(frozen=True, slots=True)
class CategoryTable:
    category: Category
    lines: tuple[SeriesLine, ...]


@dataclass(frozen=True, slots=True)
class SeriesStandings:
    config: SeriesConfig
    events: tuple[SeriesEvent, ...]  # the counted events, oldest first
    waiting: tuple[SeriesEvent, ...]  # in progress, not counted yet (live = false)
    lines: tuple[SeriesLine, ...]
    categories: tuple[CategoryTable, ...]
    year: int | None  # the series' first year: the age categories' reference


def series_problems(configs: Sequence[SeriesConfig], events: Sequence[EventEntries]) -> list[str]:
    """The series settings that name no event, or mix what cannot be mixed."""
    problems = []
    for config in configs:
        where = f"series.{config.key}"
        for pattern in config.events:
            if not is_glob(pattern) and not any(
                names_event(pattern, e.file, e.slug) for e in events
            ):
                problems.append(
                    f"{where}.events: {pattern!r} names no event; expected a file under the "
                    "folder, its key (file name without suffix) or a glob"
                )
        for pattern, _ in config.weights:
            if not any(names_event(pattern, e.file, e.slug) for e in events):
                problems.append(
                    f"{where}.weights: {pattern!r} names no event; expected one of the "
                    "series' events (key or glob)"
                )
        if config.teams and config.categories:
            problems.append(
                f"{where}.categories: a team series has no categories; expected no "
                "categories with teams = true"
            )
    return problems


def compute_series(config: SeriesConfig, resolution: Resolution) -> SeriesStandings:
    """The standings of one series over the archive's events (``resolution.events``)."""
    chosen = [
        e
        for e, event in enumerate(resolution.events)
        if any(names_event(p, event.file, event.slug) for p in config.events)
    ]
    chosen.sort(key=lambda e: (_ordinal(resolution.events[e]), resolution.events[e].file))
    counted: list[int] = []
    waiting: list[SeriesEvent] = []
    for e in chosen:
        item = _series_event(config, resolution.events[e])
        if item.after_round == 0 or (item.in_progress and not config.live):
            waiting.append(item)
        else:
            counted.append(e)
    events = tuple(_series_event(config, resolution.events[e]) for e in counted)
    if config.teams:
        competitors = _teams(config, resolution, counted)
    else:
        competitors = _people(config, resolution, counted)
    lines = _ranked(config, [_line(config, c) for c in competitors])
    year = next((e.date.year for e in events if e.date), None)
    tables = []
    # A person's category data, made once for every category.
    players = {c.key: _as_player(c) for c in competitors} if config.categories else {}
    for category in config.categories:
        members = [line for line in lines if _belongs(category, players[line.key], year)]
        tables.append(CategoryTable(category, _ranked(config, members)))
    return SeriesStandings(config, events, tuple(waiting), tuple(lines), tuple(tables), year)


@dataclass(slots=True)
class _Competitor:
    key: str
    name: str
    fide_id: str
    results: list[tuple[int, int | None, int, float]]  # (event, rank, shared, points)
    entries: list[PersonEntry]  # a person's, oldest first (categories)
    page: str = ""  # a person's page


def _series_event(config: SeriesConfig, event: EventEntries) -> SeriesEvent:
    return SeriesEvent(
        event.file,
        event.slug,
        event.event,
        event.date,
        config.weight_of(event.file, event.slug),
        event.rounds,
        event.after_round,
    )


def _place_points(
    config: SeriesConfig, rank: int | None, shared: int, score: float | None
) -> float:
    if config.points is None:
        return score or 0.0
    if rank is None:
        return 0.0
    table = config.points
    places = range(rank, rank + shared) if config.shared_ranks else range(rank, rank + 1)
    return sum(table[p - 1] if p <= len(table) else 0.0 for p in places) / len(places)


def _earned(
    config: SeriesConfig, weight: float, rank: int | None, shared: int, score: float | None
) -> float:
    return _place_points(config, rank, shared, score) * weight + config.participation


def _people(config: SeriesConfig, resolution: Resolution, counted: list[int]) -> list[_Competitor]:
    place = {e: i for i, e in enumerate(counted)}
    shares = {e: Counter(x.rank for x in resolution.events[e].entries) for e in counted}
    weights = {e: config.weight_of(resolution.events[e].file, resolution.events[e].slug)
               for e in counted}  # fmt: skip
    found = []
    for person in resolution.people:
        refs = [ref for ref in person.entries if ref.event in place]
        if not refs:
            continue
        competitor = _Competitor(person.key, person.name, person.fide_id, [], [], person.page)
        for ref in sorted(refs, key=lambda r: place[r.event]):
            entry = resolution.events[ref.event].entries[ref.entry]
            weight = weights[ref.event]
            shared = shares[ref.event][entry.rank] if entry.rank is not None else 1
            points = _earned(config, weight, entry.rank, shared, entry.points)
            competitor.results.append((place[ref.event], entry.rank, shared, points))
            competitor.entries.append(entry)
        found.append(competitor)
    return found


def _teams(config: SeriesConfig, resolution: Resolution, counted: list[int]) -> list[_Competitor]:
    by_name: dict[str, _Competitor] = {}
    for i, e in enumerate(counted):
        event = resolution.events[e]
        weight = config.weight_of(event.file, event.slug)
        shares = Counter(team.rank for team in event.teams)
        for team in event.teams:
            key = fold_name(team.name) or team.name
            competitor = by_name.setdefault(key, _Competitor(key, team.name, "", [], []))
            competitor.name = team.name  # the latest spelling
            shared = shares[team.rank]
            points = _earned(config, weight, team.rank, shared, team.points)
            competitor.results.append((i, team.rank, shared, points))
    return list(by_name.values())


def _line(config: SeriesConfig, competitor: _Competitor) -> SeriesLine:
    # The best N by points; of equal results the earlier event counts (a stable sort).
    order = sorted(range(len(competitor.results)), key=lambda i: -competitor.results[i][3])
    best = set(order[: config.best] if config.best is not None else order)
    results = tuple(
        SeriesResult(event, rank, shared, round(points, 6), i in best)
        for i, (event, rank, shared, points) in enumerate(competitor.results)
    )
    total = round(sum(r.points for r in results if r.counted), 6)
    return SeriesLine(
        None,
        competitor.key,
        competitor.name,
        competitor.fide_id,
        total,
        results,
        page=competitor.page,
    )


def _sort_key(config: SeriesConfig, line: SeriesLine, width: int) -> tuple[float, ...]:
    """Total first, then countback: the counted results best first, padded with zeros."""
    counted = sorted((r.points for r in line.results if r.counted), reverse=True)
    counted += [0.0] * (width - len(counted))
    return (-line.points, *(-p for p in counted))  # rounded in _line


def _ranked(config: SeriesConfig, lines: Sequence[SeriesLine]) -> tuple[SeriesLine, ...]:
    width = max((sum(r.counted for r in line.results) for line in lines), default=0)
    keys = {id(line): _sort_key(config, line, width) for line in lines}
    # Equal lines (a shared rank) by name, case aside.
    keyed = sorted(
        lines,
        key=lambda ln: (
            len(ln.results) < config.min_events,
            keys[id(ln)],
            ln.name.casefold(),
            ln.key,
        ),
    )
    ranked: list[SeriesLine] = []
    totals = Counter(round(ln.points, 6) for ln in keyed if len(ln.results) >= config.min_events)
    previous: tuple[float, ...] | None = None
    rank = 0
    for place, line in enumerate(keyed, start=1):
        if len(line.results) < config.min_events:
            ranked.append(_replace_rank(line, None, False, False))
            continue
        key = keys[id(line)]
        if key != previous:
            rank = place
        previous = key
        ranked.append(_replace_rank(line, rank, totals[round(line.points, 6)] > 1, False))
    ranks = Counter(line.rank for line in ranked if line.rank is not None)
    found = []
    for line in ranked:
        if line.rank is None:
            found.append(line)
            continue
        sharing = ranks[line.rank]
        by_countback = line.countback and sharing < totals[round(line.points, 6)]
        found.append(_replace_rank(line, line.rank, by_countback, sharing > 1))
    return tuple(found)


def _replace_rank(line: SeriesLine, rank: int | None, countback: bool, tied: bool) -> SeriesLine:
    return SeriesLine(
        rank,
        line.key,
        line.name,
        line.fide_id,
        line.points,
        line.results,
        countback,
        tied,
        line.page,
    )


def _as_player(competitor: _Competitor) -> Player | None:
    """A person's data in the series, as the category rules read a player: the rating
    of their first event of it, the latest federation and club, any birth year and sex."""
    entries = competitor.entries
    if not entries:
        return None
    born = next((e.birth_year for e in reversed(entries) if e.birth_year), None)
    return Player(
        id=0,
        name=competitor.name,
        sex=next((e.sex for e in reversed(entries) if e.sex), ""),
        rating=entries[0].rating,
        federation=next((e.federation for e in reversed(entries) if e.federation), ""),
        birth_date=f"{born:04d}/00/00" if born else "",
        club=next((e.club for e in reversed(entries) if e.club), ""),
    )


def _belongs(category: Category, player: Player | None, year: int | None) -> bool:
    return player is not None and belongs(category, player, year)


def _ordinal(event: EventEntries) -> int:
    return event.date.toordinal() if event.date else 0
