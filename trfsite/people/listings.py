"""The people pages that list many people: each federation's and club's, the
identity findings and the people index (pure: no disk).

A rebuild asks only for the groups whose rows may have changed (``only``); the
others' paths are handed back, to be taken from the previous build as they are.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from trfsite.people.contexts import (
    GroupEvent,
    GroupLink,
    GroupPage,
    GroupYear,
    Namesake,
    NamesakesPage,
    PeopleFindingsPage,
    PeopleIndexPage,
    PersonLine,
)
from trfsite.people.identity import Person
from trfsite.people.names import name_key
from trfsite.people.pages import SEARCH_FOLDER, PeoplePage, PeoplePlanner, people_meta
from trfsite.people.report import PEOPLE_FOLDER
from trfsite.results import Note

GROUP_KINDS = {"federation": "federations", "club": "clubs"}  # kind -> folder


@dataclass(frozen=True, slots=True)
class Listings:
    pages: list[PeoplePage]  # made now
    kept: list[str]  # the paths of the groups left out (``only``)


def group_path(what: str, value: str) -> str:
    return f"{PEOPLE_FOLDER}/{GROUP_KINDS[what]}/{name_key(value.lower())}.html"


def _line(planner: PeoplePlanner, person: Person, prefix: str) -> PersonLine:
    return PersonLine(
        person.name,
        f"{prefix}{person.page}.html",
        person.federation,
        len(person.entries),
        planner.archive.last_year(person),
    )


def group_pages(
    planner: PeoplePlanner, what: str, only: Collection[tuple[str, str]] | None = None
) -> tuple[list[PeoplePage], list[GroupLink], list[str]]:
    """Every federation's (or club's) page in ``only`` (kind, value; None: all), from
    one pass over the people's entries; (pages, every group's link, paths left out)."""
    archive, site = planner.archive, planner.site
    # value -> year -> (event slug -> [event, players of the group], keys of its people)
    groups: dict[str, dict[int | None, tuple[dict[str, list[Any]], set[str]]]] = {}
    members: dict[str, set[str]] = defaultdict(set)
    federation = what == "federation"
    for person in archive.resolution.people:
        key = person.key
        for _, event, entry in archive.entries(person):
            value = entry.federation if federation else entry.club
            if not value:
                continue
            members[value].add(key)
            years = groups.get(value)
            if years is None:
                years = groups[value] = {}
            year = event.date.year if event.date else None
            slot = years.get(year)
            if slot is None:
                slot = years[year] = ({}, set())
            events, people = slot
            seen = events.get(event.slug)
            if seen is None:
                events[event.slug] = [event, 1]
            else:
                seen[0] = event
                seen[1] += 1
            people.add(key)
    lines: dict[str, tuple[tuple[str, str], PersonLine]] = {}  # key -> (sort key, line)
    pages, links, kept = [], [], []
    for value in sorted(groups):
        path = group_path(what, value)
        links.append(GroupLink(value, path.removeprefix(f"{PEOPLE_FOLDER}/"), len(members[value])))
        if only is not None and (what, value) not in only:
            kept.append(path)
            continue
        years = groups[value]
        by_year = []
        for year in sorted(years, key=lambda y: -(y or 0)):
            events, people = years[year]
            for key in people:
                if key not in lines:
                    line = _line(planner, archive.person_of[key], "../")
                    lines[key] = ((line.name.casefold(), line.href), line)
            shown = [
                GroupEvent(event.date, event.event, f"../../{slug}/index.html", players)
                for slug, (event, players) in events.items()
            ]
            by_year.append(
                GroupYear(
                    year,
                    tuple(sorted(shown, key=lambda e: (e.date or dt.date.min, e.href))),
                    tuple(lines[key][1] for key in sorted(people, key=lambda k: lines[k][0])),
                )
            )
        meta = people_meta(site, value, path)
        page = GroupPage(meta, what, value, len(members[value]), tuple(by_year))
        pages.append(PeoplePage(path, "people_group.html", page))
    return pages, links, kept


def listing_pages(
    planner: PeoplePlanner, only: Collection[tuple[str, str]] | None = None
) -> Listings:
    """The federation and club pages (those in ``only``, see ``group_pages``), the
    findings and the index."""
    site, resolution = planner.site, planner.resolution
    federations, federation_links, kept = group_pages(planner, "federation", only)
    clubs, club_links, kept_clubs = group_pages(planner, "club", only)
    pages = federations + clubs
    path = f"{PEOPLE_FOLDER}/findings.html"
    findings = PeopleFindingsPage(
        people_meta(site, Note("Identity findings"), path), planner.findings
    )
    pages.append(PeoplePage(path, "people_findings.html", findings))
    path = f"{PEOPLE_FOLDER}/index.html"
    busiest = sorted(resolution.people, key=lambda p: (-len(p.entries), p.name.casefold(), p.key))
    index = PeopleIndexPage(
        meta=people_meta(site, Note("People"), path),
        people=len(resolution.people),
        events=len(resolution.events),
        pieces=f"{SEARCH_FOLDER}/",
        federations=tuple(federation_links),
        clubs=tuple(club_links),
        findings=len(planner.findings),
        recent=tuple(_line(planner, p, "") for p in busiest[:50]),
    )
    pages.append(PeoplePage(path, "people_index.html", index))
    pages += namesakes_pages(planner)
    return Listings(pages, kept + kept_clubs)


def namesakes_pages(planner: PeoplePlanner) -> list[PeoplePage]:
    """A page at each address that several people share (``identity.assign_pages``)."""
    archive, pages = planner.archive, []
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
        pages.append(PeoplePage(path, "people_namesakes.html", page))
    return pages
