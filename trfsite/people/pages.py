"""The people pages' contexts, from the archive's resolution (pure: no disk)."""

import hashlib
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from functools import partial
from typing import NamedTuple

from trfsite.people.contexts import (
    HeadToHead,
    MeetingGame,
    PeopleContext,
    PeopleFinding,
    Period,
    PersonEventLine,
    PersonLine,
    PersonPage,
    RedirectPage,
    SeriesPlace,
)
from trfsite.people.entries import EventEntries, PersonEntry
from trfsite.people.identity import Person, Resolution
from trfsite.people.links import fide_profile
from trfsite.people.names import name_key
from trfsite.people.report import PEOPLE_FOLDER, card_url
from trfsite.render.charts import line_chart
from trfsite.render.page_meta import PageMeta, SiteInfo

EGD_PROFILE = "https://www.europeangodatabase.eu/EGD/Player_Card.php?&key={pin}"
SEARCH_FOLDER = "search"  # under people/: the index pieces
_WIN = frozenset({"1", "W"})
_DRAW = frozenset({"=", "D"})
_LOSS = frozenset({"0", "L"})
_GAME = _WIN | _DRAW | _LOSS
_RESULTS = {
    **dict.fromkeys(_WIN, ("win", "1")),
    **dict.fromkeys(_DRAW, ("draw", "½")),
    **dict.fromkeys(_LOSS, ("loss", "0")),
}  # outcome -> css class, as shown


class PeoplePage(NamedTuple):
    path: str  # under OUT
    template: str
    context: PeopleContext


class PersonInput(NamedTuple):
    """Everything one person page shows, cut from the archive: small enough to send
    to a worker, which then needs no copy of the whole archive."""

    person: Person
    rows: tuple[tuple[EventEntries, PersonEntry], ...]  # events without their entries
    opponents: dict[tuple[int, int], tuple[str, str]]  # (row, start number) -> key, name
    site: SiteInfo
    findings: tuple[PeopleFinding, ...]
    series: tuple[SeriesPlace, ...] = ()

    def make(self) -> PeoplePage:
        page = person_page(self)
        return PeoplePage(page.meta.path, "person.html", page)


class PersonPlan(NamedTuple):
    """A person page made only when its inputs changed (``inputs`` says what they are)."""

    path: str
    inputs: str  # everything the page shows, in short: see ``person_inputs``
    cut: Callable[[], PersonInput]  # called only for a page that is made


def people_meta(site: SiteInfo, title: str, path: str) -> PageMeta:
    depth = path.count("/")
    return PageMeta(site, title, "../" * depth, "", "people", path)


def _year(event: EventEntries) -> int | None:
    return event.date.year if event.date else None


# An entry with its rounds, given its event (index into Resolution.events) and its
# place there: the build state keeps an archive's rounds out of memory (site.state).
FullEntry = Callable[[int, int, PersonEntry], PersonEntry]


def _as_is(event: int, position: int, entry: PersonEntry) -> PersonEntry:
    return entry


class _Archive:
    """Lookups shared by every page of one build."""

    def __init__(
        self,
        resolution: Resolution,
        full_entry: FullEntry = _as_is,
        people_at: Mapping[int, str] | None = None,
    ) -> None:
        self.resolution = resolution
        self.full_entry = full_entry
        self.person_of: dict[str, Person] = {p.key: p for p in resolution.people}
        # Event index -> start number -> the person's place in ``resolution.people``,
        # plus one (0: nobody; see ``key_at``). Nothing more is kept per entry (each
        # person's rows are made when asked for): the planner lives through the whole
        # people step, beside every entry of the archive; a dict per event took ~50
        # bytes an entry where this array takes 4.
        self._places: dict[int, array[int]] = {}
        events = resolution.events
        for place, person in enumerate(resolution.people, start=1):
            for ref in person.entries:
                number = events[ref.event].entries[ref.entry].start_number
                places = self._places.get(ref.event)
                if places is None:
                    size = len(events[ref.event].entries) + 1
                    places = self._places[ref.event] = array("I", bytes(4 * size))
                if number >= len(places):  # start numbers with gaps
                    places.extend(array("I", bytes(4 * (number + 1 - len(places)))))
                places[number] = place
        self._heads: dict[int, EventEntries] = {}
        self._last_year: dict[str, int | None] = {}
        # Given for the events loaded with a few of their people (``people_at``).
        self._given = frozenset(people_at or ())
        self._people_at: dict[int, str] = dict(people_at or {})

    def key_at(self, index: int, number: int) -> str | None:
        """The key of the person with start number ``number`` in event ``index``.

        An array per event, not a map keyed by (index, number): that pair was a tuple
        of 56 bytes for each entry of the archive."""
        places = self._places.get(index)
        if places is None or not 0 <= number < len(places) or not places[number]:
            return None
        return self.resolution.people[places[number] - 1].key

    def entries(self, person: Person) -> tuple[tuple[int, EventEntries, PersonEntry], ...]:
        """(event index, event, entry) of each of the person's entries, oldest first."""
        events = self.resolution.events
        return tuple(
            (ref.event, events[ref.event], events[ref.event].entries[ref.entry])
            for ref in person.entries
        )

    def people_at(self, index: int) -> str:
        """A digest of the keys, pages and names of event ``index``'s people, by start
        number: what a person page shows of its events' other people (its opponents'
        names and pages), so that it is made again when one of them changes."""
        if index not in self._people_at:
            found = []
            for entry in self.resolution.events[index].entries:
                key = self.key_at(index, entry.start_number)
                if key is not None:
                    person = self.person_of[key]
                    found.append((entry.start_number, key, person.page, person.name))
            text = repr(sorted(found))
            self._people_at[index] = hashlib.sha256(
                text.encode("utf-8", "surrogatepass")
            ).hexdigest()
        return self._people_at[index]

    def whole_events(self) -> dict[int, str]:
        """``people_at`` of each event loaded with all its people (not given)."""
        return {
            index: self.people_at(index)
            for index in range(len(self.resolution.events))
            if index not in self._given
        }

    def last_year(self, person: Person) -> int | None:
        if person.key not in self._last_year:
            known = [event.date.year for _, event, _ in self.entries(person) if event.date]
            self._last_year[person.key] = max(known) if known else None
        return self._last_year[person.key]

    def person_input(
        self, person: Person, site: SiteInfo, findings: tuple[PeopleFinding, ...]
    ) -> PersonInput:
        rows = []
        opponents = {}
        for row, ((index, event, entry), ref) in enumerate(
            zip(self.entries(person), person.entries, strict=True)
        ):
            entry = self.full_entry(index, ref.entry, entry)
            head = self._heads.get(index)
            if head is None:
                head = self._heads[index] = replace(event, entries=())
            rows.append((head, entry))
            for game in entry.record:
                if game.opponent is None:
                    continue
                key = self.key_at(index, game.opponent)
                if key is not None:
                    opponent = self.person_of[key]
                    opponents[(row, game.opponent)] = (opponent.page, opponent.name)
        return PersonInput(person, tuple(rows), opponents, site, findings)


def person_page(source: PersonInput) -> PersonPage:
    person, site = source.person, source.site
    path = f"{PEOPLE_FOLDER}/{person.page}.html"
    root = "../"
    lines = []
    for number, (event, entry) in enumerate(source.rows, start=1):
        lines.append(
            PersonEventLine(
                number=number,
                date=event.date,
                event=event.event,
                event_href=f"{root}{event.slug}/index.html",
                card_href=root + card_url(event.slug, entry.start_number),
                name=entry.name,
                title=entry.title,
                federation=entry.federation,
                club=entry.club,
                team=entry.team,
                rank=entry.rank,
                of=event.participants,
                points=entry.points,
                games=entry.games,
                rounds=event.rounds,
                rating=entry.rating,
                grade=entry.grade,
                performance=entry.performance,
                rating_change=entry.rating_change,
                game_links=tuple(
                    (round_no, f"{root}{event.slug}/{page}") for round_no, page in entry.games_shown
                ),
            )
        )
    ratings = [(line.number, float(line.rating)) for line in lines if line.rating]
    scores = [
        (line.number, round(100 * line.points / line.rounds, 1))
        for line in lines
        if line.points is not None and line.rounds
    ]
    rating_chart = line_chart("Rating", ratings, "Event", "Rating") if len(ratings) > 1 else None
    score_chart = (
        line_chart("Score (%)", scores, "Event", "%", y_min=0, y_max=100)
        if len(scores) > 1
        else None
    )
    return PersonPage(
        meta=people_meta(site, person.name, path),
        key=person.key,
        name=person.name,
        fide_id=person.fide_id,
        fide_url=fide_profile(person.fide_id),
        egd_pin=person.egd_pin,
        egd_url=EGD_PROFILE.format(pin=person.egd_pin) if person.egd_pin else "",
        national_ids=tuple(sorted({nid for _, e in source.rows for nid in e.national_ids})),
        federation=person.federation,
        name_matched=person.name_matched,
        events=tuple(lines),
        rating_chart=rating_chart,
        score_chart=score_chart,
        head_to_head=_head_to_head(source),
        history=_history(source),
        findings=source.findings,
        series=source.series,
    )


def _head_to_head(source: PersonInput) -> tuple[HeadToHead, ...]:
    met: dict[str, list[MeetingGame]] = {}
    names: dict[str, str] = {}
    opponents = source.opponents
    for row, (event, entry) in enumerate(source.rows):
        rounds_href = f"../{event.slug}/rounds/"
        shown = dict(entry.games_shown)
        for game in entry.record:
            if game.opponent is None or game.outcome not in _GAME:
                continue
            found = opponents.get((row, game.opponent))
            if found is None:
                continue
            key, names[key] = found[0], found[1]
            css, result = _RESULTS[game.outcome]
            games = met.get(key)
            if games is None:
                games = met[key] = []
            games.append(
                MeetingGame(
                    event.date,
                    event.event,
                    game.round,
                    f"../{event.slug}/{shown[game.round]}"
                    if game.round in shown
                    else f"{rounds_href}{game.round}.html",
                    game.color,
                    result,
                    css,
                )
            )
    rows = []
    for key, games in met.items():
        outcomes = [game.css for game in games]
        rows.append(
            HeadToHead(
                opponent=names[key],
                href=f"{key}.html",
                wins=outcomes.count("win"),
                draws=outcomes.count("draw"),
                losses=outcomes.count("loss"),
                games=tuple(games),
            )
        )
    rows.sort(key=lambda h: (-len(h.games), h.opponent.casefold(), h.href))
    return tuple(rows)


def _history(source: PersonInput) -> tuple[Period, ...]:
    """Federations, clubs, titles and spellings, each with its first and last year."""
    spans: dict[tuple[str, str], list[int | None]] = {}
    for event, entry in source.rows:
        year = _year(event)
        for what, value in (
            ("federation", entry.federation),
            ("club", entry.club),
            ("title", entry.title),
            ("name", entry.name),
        ):
            if value:
                spans.setdefault((what, value), []).append(year)
    periods = []
    for (what, value), years in spans.items():
        known = [y for y in years if y is not None]
        href = ""
        if what == "federation":
            href = f"federations/{name_key(value.lower())}.html"
        elif what == "club":
            href = f"clubs/{name_key(value.lower())}.html"
        periods.append(
            Period(what, value, min(known) if known else None, max(known) if known else None, href)
        )
    order = {"name": 0, "federation": 1, "club": 2, "title": 3}
    periods.sort(key=lambda p: (order[p.what], p.first or 0, p.value))
    return tuple(periods)


def _findings(archive: _Archive) -> tuple[PeopleFinding, ...]:
    resolution = archive.resolution
    by_file = {(event.file): (i, event) for i, event in enumerate(resolution.events)}
    found = []
    for finding in resolution.findings:
        index, event = by_file.get(finding.file, (-1, None))
        person_href = ""
        if event is not None:
            for entry in event.entries:
                if entry.line == finding.line:
                    key = archive.key_at(index, entry.start_number)
                    person_href = f"{archive.person_of[key].page}.html" if key else ""
        found.append(
            PeopleFinding(
                finding.file,
                finding.line,
                finding.code,
                finding.message,
                f"../{event.slug}/validation.html" if event is not None else "",
                person_href,
            )
        )
    return tuple(found)


def person_inputs(
    archive: _Archive,
    person: Person,
    event_keys: Mapping[str, str],
    findings: tuple[PeopleFinding, ...],
) -> str:
    """What a person page depends on: its person, the cache keys of its events (their
    content), the keys and names of everyone in those events (its opponents among
    them: one digest per event, not a walk over every game), and its findings."""
    parts = [
        repr((person.key, person.page, person.name, person.fide_id, person.egd_pin)),
        repr((person.federation, person.aliases, person.name_matched, findings)),
    ]
    for index, event, entry in archive.entries(person):
        parts.append(event_keys.get(event.file, event.file))
        parts.append(str(entry.start_number))
        parts.append(archive.people_at(index))
    return "\n".join(parts)


class ArchiveSummary(NamedTuple):
    """What the people index shows of the whole archive, when the planner's
    resolution holds a part of it only (``site.identity_alone``)."""

    people: int
    events: int
    busiest: tuple[PersonLine, ...]  # the people of most events (``listings.BUSIEST``)
    findings: tuple[PeopleFinding, ...]  # those about entries outside the part


def _with_series(cut: Callable[[], PersonInput], places: tuple[SeriesPlace, ...]) -> PersonInput:
    return cut()._replace(series=places)


class PeoplePlanner:
    """The people pages of one build (but the search pieces): each person's on demand,
    so that workers forked from the building process can share them out."""

    def __init__(
        self,
        resolution: Resolution,
        site: SiteInfo,
        event_keys: Mapping[str, str],
        full_entry: FullEntry = _as_is,
        series: Mapping[str, tuple[SeriesPlace, ...]] | None = None,
        summary: ArchiveSummary | None = None,
        people_at: Mapping[int, str] | None = None,
    ) -> None:
        """``event_keys`` maps each event's file to its cache key; ``full_entry`` gives
        an entry its rounds when they were left out of ``resolution``; ``series`` each
        person's places in the series (``trfsite.series.pages.person_places``);
        ``summary``: the archive's, when ``resolution`` is a part of it; ``people_at``:
        the digest of each event (by index) loaded with only some of its people, as
        ``_Archive.people_at`` made it when the event was loaded whole."""
        self.resolution, self.site, self.event_keys = resolution, site, event_keys
        self.series = series or {}
        self.summary = summary
        self.archive = _Archive(resolution, full_entry, people_at)
        self.findings = _findings(self.archive)
        if summary is not None and summary.findings:
            self.findings = tuple(
                sorted(
                    (*summary.findings, *self.findings),
                    key=lambda f: (f.file, f.line, f.code, f.message),
                )
            )
        mine: dict[str, list[PeopleFinding]] = defaultdict(list)
        for finding in self.findings:
            mine[finding.person_href].append(finding)
        self._mine = {href: tuple(found) for href, found in mine.items()}

    def person_pages(self, person: Person) -> Iterator[PeoplePage | PersonPlan]:
        """The person's page, as a plan (made only when its inputs changed: there are
        many), then a redirect at each other address of it (``Person.redirects``)."""
        archive, site = self.archive, self.site
        own = self._mine.get(f"{person.page}.html", ())
        inputs = person_inputs(archive, person, self.event_keys, own)
        path = f"{PEOPLE_FOLDER}/{person.page}.html"
        places = self.series.get(person.key, ())
        cut = partial(archive.person_input, person, site, own)
        if places:
            inputs += "\n" + repr(places)
            cut = partial(_with_series, cut, places)
        yield PersonPlan(path, inputs, cut)
        for address in person.redirects:
            path = f"{PEOPLE_FOLDER}/{address}.html"
            redirect = RedirectPage(
                people_meta(site, person.name, path), f"{person.page}.html", person.name
            )
            yield PeoplePage(path, "person_redirect.html", redirect)
