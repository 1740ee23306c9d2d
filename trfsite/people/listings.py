"""The people pages that list many people: each federation's and club's, the
identity findings and the people index (pure: no disk).

A group page lists its people, one row each (name, federation, events, last year:
``rows.PersonRow``), so it changes only when one of its people's rows does: renaming an
event changes none. The rows are kept in the build state (``site.state``); a
rebuild makes a row again only for the people it resolved again, and a group page
only for the groups those people are, or were, in (``GroupRows.members``).
"""

import heapq
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from itertools import chain
from typing import NamedTuple

from trfsite.people.contexts import (
    GroupLink,
    GroupPage,
    Namesake,
    NamesakesPage,
    PeopleFinding,
    PeopleFindingsPage,
    PeopleIndexPage,
    PersonLine,
)
from trfsite.people.identity import Person
from trfsite.people.names import name_key
from trfsite.people.pages import (
    SEARCH_FOLDER,
    ArchiveSummary,
    PeoplePage,
    PeoplePlanner,
    people_meta,
)
from trfsite.people.report import PEOPLE_FOLDER
from trfsite.people.rows import Group, PersonRow
from trfsite.render.page_meta import SiteInfo
from trfsite.results import Note

GROUP_KINDS = {"federation": "federations", "club": "clubs"}  # kind -> folder
BUSIEST = 50  # the people of most events the index lists
GROUP_TEMPLATE = "people_group.html"


class GroupRows(NamedTuple):
    """Every group's number of people, and the rows of the groups to make."""

    counts: Mapping[Group, int]
    members: Mapping[Group, list[PersonRow]]


class GroupInput(NamedTuple):
    """A federation's or club's page, made where it is rendered (a worker) from its
    rows: the build process holds no line of it. A page listing a quarter of the
    archive's people, its lines made here, was that process's peak (issue 46)."""

    site: SiteInfo
    what: str
    value: str
    path: str
    people: int
    rows: tuple[PersonRow, ...]  # by person key: one order for the same people

    def make(self) -> PeoplePage:
        return _group_page(self.site, self.what, self.value, self.path, self.people, self.rows)

    def shown(self) -> Iterator[PersonLine]:
        """Each row's line as the page shows it, but for its link's prefix (one source
        of what a line holds: ``PersonRow.line``)."""
        return (row.line("") for row in self.rows)


class Listings(NamedTuple):
    # Made as they are iterated, one at a time: a first build's group pages list
    # everyone, and all of them at once were most of its people step's peak.
    pages: Iterable[PeoplePage | GroupInput]
    kept: list[str]  # the paths of the groups not in ``GroupRows.members``


def group_path(what: str, value: str) -> str:
    return f"{PEOPLE_FOLDER}/{GROUP_KINDS[what]}/{name_key(value.lower())}.html"


def every_group(rows: Iterable[PersonRow]) -> GroupRows:
    """Every group with its rows (a first build's, or one resolving everyone)."""
    members: dict[Group, list[PersonRow]] = defaultdict(list)
    for row in rows:
        for group in row.groups:
            members[group].append(row)
    return GroupRows({group: len(found) for group, found in members.items()}, members)


def _by_key(row: PersonRow) -> str:
    return row.key


def group_pages(
    site: SiteInfo, what: str, groups: GroupRows
) -> tuple[Iterator[GroupInput], list[GroupLink], list[str]]:
    """The federations' (or clubs') pages of ``groups.members``, each cut when asked
    for; (pages, every group's link, the paths of those left out)."""
    wanted: list[tuple[str, str, int, list[PersonRow]]] = []
    links, kept = [], []
    for value in sorted(value for kind, value in groups.counts if kind == what):
        path = group_path(what, value)
        count = groups.counts[(what, value)]
        links.append(GroupLink(value, path.removeprefix(f"{PEOPLE_FOLDER}/"), count))
        rows = groups.members.get((what, value))
        if rows is None:
            kept.append(path)
        else:
            wanted.append((value, path, count, rows))
    pages = (
        GroupInput(site, what, value, path, count, tuple(sorted(rows, key=_by_key)))
        for value, path, count, rows in wanted
    )
    return pages, links, kept


def _group_page(
    site: SiteInfo, what: str, value: str, path: str, count: int, rows: Iterable[PersonRow]
) -> PeoplePage:
    lines = sorted(
        (row.line("../") for row in rows), key=lambda line: (line.name.casefold(), line.href)
    )
    page = GroupPage(people_meta(site, value, path), what, value, count, tuple(lines))
    return PeoplePage(path, GROUP_TEMPLATE, page)


class Listed(NamedTuple):
    """What the listing pages show beyond the rows, read from the planner once every
    person page is planned: small, so that the build lets go of the entries before
    the listings (at 3,000 events they were the people step's peak together, issue 46)."""

    site: SiteInfo
    findings: tuple[PeopleFinding, ...]
    summary: ArchiveSummary


def listed(planner: PeoplePlanner) -> Listed:
    """What ``listing_pages`` reads of ``planner``'s archive."""
    resolution = planner.resolution
    summary = planner.summary
    if summary is None:
        # The first ones only, as sorted() would give them: a key a person of the
        # archive, sorted, was the build process's peak (issue 46).
        busiest = heapq.nsmallest(
            BUSIEST, resolution.people, key=lambda p: (-len(p.entries), p.name.casefold(), p.key)
        )
        summary = ArchiveSummary(
            len(resolution.people),
            len(resolution.events),
            tuple(_line(planner, p) for p in busiest[:BUSIEST]),
            (),
        )
    return Listed(planner.site, planner.findings, summary)


def listing_pages(listed: Listed, groups: GroupRows) -> Listings:
    """The federation and club pages (those of ``groups.members``), the findings and
    the index (the namesakes' pages read the entries: ``namesakes_pages``)."""
    site, summary = listed.site, listed.summary
    federations, federation_links, kept = group_pages(site, "federation", groups)
    clubs, club_links, kept_clubs = group_pages(site, "club", groups)
    pages: list[PeoplePage] = []
    path = f"{PEOPLE_FOLDER}/findings.html"
    findings = PeopleFindingsPage(
        people_meta(site, Note("Identity findings"), path), listed.findings
    )
    pages.append(PeoplePage(path, "people_findings.html", findings))
    path = f"{PEOPLE_FOLDER}/index.html"
    index = PeopleIndexPage(
        meta=people_meta(site, Note("People"), path),
        people=summary.people,
        events=summary.events,
        pieces=f"{SEARCH_FOLDER}/",
        federations=tuple(federation_links),
        clubs=tuple(club_links),
        findings=len(listed.findings),
        recent=summary.busiest,
    )
    pages.append(PeoplePage(path, "people_index.html", index))
    return Listings(chain(federations, clubs, pages), kept + kept_clubs)


def _line(planner: PeoplePlanner, person: Person) -> PersonLine:
    archive = planner.archive
    return PersonLine(
        person.name,
        f"{person.page}.html",
        person.federation,
        len(person.entries),
        archive.last_year(person),
    )


def namesakes_pages(planner: PeoplePlanner) -> Iterator[PeoplePage]:
    """A page at each address that several people share (``identity.assign_pages``),
    each made when asked for (3,500 at 3,000 events)."""
    archive = planner.archive
    for address, keys in sorted(planner.resolution.namesakes.items()):
        people = []
        for key in keys:
            person = archive.person_of[key]
            rows = archive.entries(person)
            years = [event.date.year for _, event, _ in rows if event.date]
            clubs = [entry.club for _, _, entry in rows if entry.club]
            people.append(
                Namesake(
                    person.name,
                    f"{person.page}.html",
                    person.federation,
                    clubs[-1] if clubs else "",
                    min(years) if years else None,
                    max(years) if years else None,
                    len(person.entries),
                )
            )
        path = f"{PEOPLE_FOLDER}/{address}.html"
        name = people[0].name
        page = NamesakesPage(people_meta(planner.site, name, path), name, tuple(people))
        yield PeoplePage(path, "people_namesakes.html", page)
