"""Typed contexts of the people pages: one per person, the index, federations and clubs.

Links are relative to the page, which sits in ``people/`` or one folder below it.
"""

import datetime as dt
from typing import NamedTuple

from trfsite.render.charts import LineChart
from trfsite.render.page_meta import PageMeta


class PersonEventLine(NamedTuple):
    number: int  # 1, 2, ... oldest first (the charts' x axis)
    date: dt.date | None
    event: str
    event_href: str
    card_href: str  # the player's card in that event
    name: str  # as that file spells it
    title: str
    federation: str
    club: str
    team: str
    rank: int | None
    of: int
    points: float | None
    games: int
    rounds: int
    rating: int | None
    grade: str
    performance: int | None
    rating_change: float | None
    game_links: tuple[tuple[int, str], ...] = ()  # (round, href) of the games with a page


class MeetingGame(NamedTuple):
    date: dt.date | None
    event: str
    round: int
    href: str  # the game's page, else the round page
    color: str  # "w", "b" or ""
    result: str  # "1", "½", "0"
    css: str  # "win", "draw", "loss"


class HeadToHead(NamedTuple):
    opponent: str
    href: str  # the opponent's person page ("" when the opponent has none)
    wins: int
    draws: int
    losses: int
    games: tuple[MeetingGame, ...]

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2


class Period(NamedTuple):
    """A value held over a span of years (a federation, a club, a title)."""

    what: str  # "federation", "club", "title", "name"
    value: str
    first: int | None
    last: int | None
    href: str = ""


class PersonPage(NamedTuple):
    meta: PageMeta
    key: str
    name: str
    fide_id: str
    fide_url: str
    egd_pin: str
    egd_url: str
    national_ids: tuple[str, ...]
    federation: str
    name_matched: bool
    events: tuple[PersonEventLine, ...]  # oldest first
    rating_chart: LineChart | None
    score_chart: LineChart | None
    head_to_head: tuple[HeadToHead, ...]  # most games first
    history: tuple[Period, ...]
    findings: tuple["PeopleFinding", ...]
    series: tuple["SeriesPlace", ...] = ()  # the series they play in (trfsite.series)


class SeriesPlace(NamedTuple):
    """A person's place in a series, for their page (the series page has the rest)."""

    key: str  # the page is series/<key>.html
    title: str
    rank: int | None  # None: fewer events than the series' minimum
    points: float
    of: int  # ranked in the series
    events: int  # the person's events in it


class PersonLine(NamedTuple):
    name: str
    href: str
    federation: str
    events: int
    last_year: int | None


class GroupLink(NamedTuple):
    label: str
    href: str
    people: int


class PeopleIndexPage(NamedTuple):
    meta: PageMeta
    people: int
    events: int
    pieces: str  # folder of the search index pieces, relative to this page
    federations: tuple[GroupLink, ...]
    clubs: tuple[GroupLink, ...]
    findings: int
    recent: tuple[PersonLine, ...]  # the most active people, shown before any search


class GroupPage(NamedTuple):
    """A federation's or a club's people, by name: a row each (``listings.PersonRow``)."""

    meta: PageMeta
    kind: str  # "federation" or "club"
    name: str
    people: int
    members: tuple[PersonLine, ...]


class PeopleFinding(NamedTuple):
    file: str
    line: int
    code: str
    message: str
    href: str  # the event's validation page
    person_href: str


class PeopleFindingsPage(NamedTuple):
    meta: PageMeta
    findings: tuple[PeopleFinding, ...]


class RedirectPage(NamedTuple):
    """A key that is not its person's own (a name match, a merge): it forwards."""

    meta: PageMeta
    target: str  # relative to this page
    name: str


class Namesake(NamedTuple):
    name: str
    href: str
    federation: str
    club: str  # the latest one
    first_year: int | None
    last_year: int | None
    events: int


class NamesakesPage(NamedTuple):
    """An address that event pages link several people to (same name and federation,
    told apart by a birth year no address shows): the reader chooses."""

    meta: PageMeta
    name: str
    people: tuple[Namesake, ...]


PeopleContext = (
    PersonPage | PeopleIndexPage | GroupPage | PeopleFindingsPage | RedirectPage | NamesakesPage
)
