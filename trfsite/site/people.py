"""The people pages of a build, written incrementally; an archive's people read from disk.

Each event's people entries are kept in the build state (``site.state``, a SQLite
database beside the builds) under the event's cache key, so a rebuild after one
changed event reads only that event's file.
What makes each people page is hashed: a page whose hash did not change is
hard-linked from the previous output (byte-identical); the others are rendered
on the build's executor, in batches. What the pages show is made by
``trfsite.people`` (the feature's pure part).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Collection, Iterable
from itertools import chain
from pathlib import Path

from trfsite.findings import Finding
from trfsite.model.frozen import frozen_record
from trfsite.pages.config import CONFIG_NAME, ConfigError, SiteConfig, load_config
from trfsite.people.entries import EventEntries, PersonEntry, SharedValues
from trfsite.people.identity import Resolution
from trfsite.people.incremental import Stale
from trfsite.people.listing import read_entries
from trfsite.people.listings import (
    GROUP_KINDS,
    GroupInput,
    GroupRows,
    Listed,
    every_group,
    group_path,
    listed,
    listing_pages,
    namesakes_pages,
)
from trfsite.people.pages import (
    SEARCH_FOLDER,
    FullEntry,
    PeoplePage,
    PeoplePlanner,
    PersonPlan,
)
from trfsite.people.report import PEOPLE_FOLDER
from trfsite.people.rows import person_rows
from trfsite.people.search import search_pieces
from trfsite.site.built_rounds import BuiltRounds
from trfsite.site.discover import discover
from trfsite.site.event_build import EventTask, paused_collector
from trfsite.site.identity_alone import Alone, paths_to_link, resolve_alone
from trfsite.site.identity_part import resolve_people
from trfsite.site.people_digests import digest_of, group_digest, listing_digest, page_digest
from trfsite.site.people_donor import PeopleTaking
from trfsite.site.people_files import PageFiles, PeopleRun, regular_file
from trfsite.site.people_listings import Pieces, RowsNow
from trfsite.site.series import SERIES_TEMPLATE, series_pages, series_problems_of
from trfsite.site.state import STAMP, BuildState, Changes, read_stamp
from trfsite.site.state_pages import PageDigests
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)
# A group page listing more people than this goes to a worker in a batch of its own.
MANY = 1_000


def build_people(
    writer: SiteWriter,
    out: Path,
    use_cache: bool,
    events: list[tuple[str, EventTask]],
    built: dict[str, EventEntries],
    config: SiteConfig,
    run: PeopleRun,
    state_file: Path,
    taking: PeopleTaking | None = None,
    rounds: BuiltRounds | None = None,
) -> int:
    """The people pages, beside the events in ``writer``, and the build state; pages made.

    ``events`` is (cache key, task) for every event of the site, ``built`` the
    entries of those built just now. A reused event's entries come from the build
    state (``state_file``, see ``site.state``), else (a new or damaged state) from
    its file again. ``taking``: the donor's people folder, taken whole at the end
    of the build (``site.people_donor``); ``rounds``: those of ``built``'s entries
    (``site.built_rounds``); ``built`` is emptied. Raises ConfigError for bad ``[people]``
    settings (before anything is published).
    """
    if not events or not events[0][1].job.site.people:
        return 0
    # Emptied already when ``use_cache`` is false (``plan_events``): the built events'
    # listings are in it since.
    with BuildState(state_file) as state:
        try:
            return _build_people(
                writer, out, use_cache, events, built, config, run, state, taking, rounds
            )
        finally:
            # Done with (the state holds them now): not kept by the caller's plan through
            # the site-wide files and the cache's save (~6 MiB per 1,000 events, issue 46).
            built.clear()


def _build_people(
    writer: SiteWriter,
    out: Path,
    use_cache: bool,
    events: list[tuple[str, EventTask]],
    built: dict[str, EventEntries],
    config: SiteConfig,
    run: PeopleRun,
    state: BuildState,
    taking: PeopleTaking | None,
    rounds: BuiltRounds | None = None,
) -> int:
    site = events[0][1].job.site
    site_text = repr(site)
    made_with = digest_of(run.fingerprint, site_text)
    stamp_now = read_stamp(out)
    old_paths = state.page_paths(stamp_now, made_with) if use_cache else {}
    in_place = taking.plan(state.history, old_paths) if taking else frozenset()
    alone: Alone | None = None
    links: list[str] = []
    looked_at: set[str] = set()
    entries_now: dict[str, EventEntries] = {}
    if old_paths and not config.series:
        alone, links, looked_at, entries_now = _alone(
            state, events, built, config, old_paths, out, in_place
        )
    # A part resolved alone looks again at the pages it does not link only: their
    # digests alone are read (issue 46); else every page's.
    if alone is not None:
        old_pages = state.digests_of(looked_at)
    else:
        old_pages = state.page_digests(stamp_now, made_with) if old_paths else {}
    found = []
    if alone is None:
        found = _every_event(state, events, built)
        entries_now = dict(found)
        keys = {e.file: key for key, e in found}
    else:
        keys = alone.event_keys
    # The collector would scan the events' entries again and again: 0.87 -> 0.67 s of
    # CPU for the 2000 person pages of a 2000-player open.
    # To the state as they are made, not held to its save (issue 46).
    digests = state.made_pages()
    with paused_collector():
        if alone is None:
            resolution, resolved, touched = resolve_people(state, found, config.people, use_cache)
        else:
            resolution, resolved, touched = alone.resolution, alone.resolved, None
        # The people outside the part resolved again, in no event with someone of it:
        # their pages' inputs are as before (a series' places are not: all then).
        steady = touched.people if touched and old_pages and not config.series else None
        problems = list(resolution.problems) + series_problems_of(config, resolution)
        if problems:
            raise ConfigError(config.path or CONFIG_NAME, problems)
        for finding in resolved.findings:
            logger.warning("%s", finding.format_text())
        made, places = series_pages(config, resolution, site)
        positions = alone.positions if alone is not None else {}
        full = _with_rounds(state, resolution, keys, positions, rounds)
        summary = alone.summary if alone is not None else None
        given = alone.people_at if alone is not None else {}
        planner = PeoplePlanner(
            resolution,
            site,
            keys,
            full,
            series=places,
            summary=summary,
            people_at={
                index: given[keys[event.file]]
                for index, event in enumerate(resolution.events)
                if keys[event.file] in given
            },
        )
        pages = PageFiles(run, writer.root, out if use_cache else None, events[0][1], in_place)
        for path, series_page in made:
            digests[path] = digest_of(pages.render_here(path, SERIES_TEMPLATE, series_page))
        pages.link_unchanged(links)
        if alone is not None:
            # The rest stays as stored: not written, nor hashed again (issue 46).
            digests.on_stored(looked_at)
        for person in resolution.people:
            wanted = None
            if alone is not None and person.key not in alone.touched:
                continue
            if steady is not None and person.key not in steady:
                wanted = set()
                for address in (person.page, *person.redirects):
                    path = f"{PEOPLE_FOLDER}/{address}.html"
                    if path in old_pages and pages.reuse(path):
                        digests[path] = old_pages[path]
                    else:
                        wanted.add(path)
                if not wanted:
                    continue
            _plan(planner.person_pages(person), wanted, run, site_text, old_pages, pages, digests)
        # The people of each event loaded whole, for a later rebuild that loads it
        # with a few of its people (``site.identity_cut``).
        people_at = {
            keys[resolution.events[index].file]: digest
            for index, digest in planner.archive.whole_events().items()
        }
        # The namesakes' pages read the entries: made now, one at a time.
        for page in namesakes_pages(planner):
            _list(page, run, site_text, old_pages, pages, digests)
        listed_now, people = listed(planner), len(resolution.people)
        # The planner's maps (~2 MiB at 3,000 events) freed before the rows are made.
        del planner, full
        now, every = None, None
        fresh = alone.rows if alone is not None else person_rows(resolution, resolved.people)
        if steady is None and alone is None:
            every = fresh if resolved.gone is None else person_rows(resolution, resolution.people)
        kept = alone.kept if alone is not None else frozenset()
        if alone is None:
            # Every event's entries go to the state now (``save`` commits them), and
            # are let go of: with them, the listings below were the peak of a
            # 3,000-event build (issue 46). Nothing after reads an entry.
            state.put_events(entries_now, rounds.of if rounds is not None else None)
            kept, entries_now = frozenset(entries_now), {}
            found.clear()
            built.clear()
        del resolution
        # Federations, clubs, findings, index, search pieces: few, but each lists
        # many people, so a page is remade only when its rows changed; a rebuild
        # looks only at the groups and pieces someone it resolved again is or was
        # in, and reads their other people's rows from the state (walking
        # everyone's entries grew with the archive).
        if every is not None:
            groups, search = every_group(every), Pieces(search_pieces(every, SEARCH_FOLDER), {})
        else:
            now = RowsNow(state.rows, fresh, resolved.gone)
            groups, search = now.groups(), now.pieces(SEARCH_FOLDER)
        for listing in _listings(listed_now, groups, now, old_pages, pages, digests):
            _list(listing, run, site_text, old_pages, pages, digests)
        again = []
        for path, piece in search.kept.items():
            if path in old_pages and pages.reuse(path):
                digests[path] = old_pages[path]
            elif now is not None:
                again.append((path, piece))
        # One piece's text at a time (a first build makes every piece).
        rest = ((path, now.piece(piece)) for path, piece in again) if now is not None else ()
        for path, text in chain(search.made, rest):
            digests[path] = made_of = digest_of(text)
            if old_pages.get(path) != made_of or not pages.reuse(path):
                pages.place(path, text.encode("utf-8"))
        pages.finish()
    stamp = digests.stamp()
    saved = state.save(
        Changes(
            entries_now,
            digests,
            resolved,
            stamp,
            made_with,
            fresh,
            kept,
            listed_now.findings,
            rounds.of if rounds is not None else None,
            people_at,
        )
    )
    if taking is not None:
        taking.made(saved, chain(digests, links), pages.kept_paths)
    writer.write_text(STAMP, stamp + "\n")
    logger.info(
        "people: %d person(s), %d page(s) written, %d unchanged (%d linked)",
        people if alone is None else alone.summary.people,
        pages.written,
        pages.linked + len(pages.kept_paths),
        pages.linked,
    )
    return pages.written + pages.linked + len(pages.kept_paths)


LISTED = (
    *(f"{PEOPLE_FOLDER}/{folder}/" for folder in GROUP_KINDS.values()),
    f"{PEOPLE_FOLDER}/{SEARCH_FOLDER}/",
    f"{PEOPLE_FOLDER}/findings.html",
    f"{PEOPLE_FOLDER}/index.html",
)  # the listings' pages: made or linked by their rows, never with a person's


def _alone(
    state: BuildState,
    events: list[tuple[str, EventTask]],
    built: dict[str, EventEntries],
    config: SiteConfig,
    old_paths: Collection[str],
    out: Path,
    in_place: frozenset[str],
) -> tuple[Alone | None, list[str], set[str], dict[str, EventEntries]]:
    """The people of the part a rebuild touches, resolved alone (``site.identity_alone``),
    the previous build's pages (``old_paths``, in order) to link as they are (or leave
    ``in_place``) and those looked at again, and the events the state does not hold;
    (None, [], set(), {}) when the part cannot be resolved alone."""
    held = state.known_events()
    current, new = [], {}
    for key, task in events:
        entries = None if key in held else built.get(key)
        if entries is None and key not in held:
            job = task.job
            entries = read_entries(job.data, job.source_name, job.slug, job.config)
            if entries is None:
                continue
        current.append(key)
        if entries is not None:
            new[key] = entries
    try:
        alone = resolve_alone(state, current, new, config.people, repr(config.people))
        links, looked_at = paths_to_link(alone, old_paths, LISTED)
    except Stale as exc:
        logger.info("people: the part resolved among all the people (%s)", exc)
        return None, [], set(), {}
    for path in links:  # one deleted by hand is made again, by its person
        if path not in in_place and not regular_file(os.path.join(out, path)):
            logger.info("people: %s is not in the live build", path)
            return None, [], set(), {}
    people = sum(1 for _ in alone.resolved.people)
    logger.info("people: %d person(s) resolved again, the part alone", people)
    return alone, links, looked_at, new


def _every_event(
    state: BuildState, events: list[tuple[str, EventTask]], built: dict[str, EventEntries]
) -> list[tuple[str, EventEntries]]:
    """(cache key, entries) of every event: built now, held by the state, else read
    (the values the stored ones repeat shared: a rebuild may read every event)."""
    stored = state.events((key for key, _ in events if key not in built), SharedValues())
    found = []
    for key, task in events:
        entries = built.get(key) or stored.get(key)
        if entries is None:
            job = task.job
            entries = read_entries(job.data, job.source_name, job.slug, job.config)
        if entries is not None:
            found.append((key, entries))
    return found


def _plan(
    items: Iterable[PeoplePage | PersonPlan],
    wanted: set[str] | None,
    run: PeopleRun,
    site_text: str,
    old_pages: dict[str, str],
    pages: PageFiles,
    digests: PageDigests,
) -> None:
    """A person's pages (``wanted``: those paths only) sent to be made, if their inputs
    changed; apart, so that no plan (it holds the planner) outlives the loop."""
    for item in items:
        if wanted is not None and item.path not in wanted:
            continue
        digests[item.path] = made_of = page_digest(run.fingerprint, site_text, item)
        if old_pages.get(item.path) != made_of or not pages.reuse(item.path):
            pages.send(item.cut() if isinstance(item, PersonPlan) else item)


def _list(
    page: PeoplePage | GroupInput,
    run: PeopleRun,
    site_text: str,
    old_pages: dict[str, str],
    pages: PageFiles,
    digests: PageDigests,
) -> None:
    """A listing page sent to be made, if its context (or its group's rows) changed."""
    if isinstance(page, GroupInput):
        made_of = group_digest(run.fingerprint, site_text, page)
    else:
        made_of = listing_digest(run.fingerprint, site_text, page.template, page.context)
    digests[page.path] = made_of
    if old_pages.get(page.path) != made_of or not pages.reuse(page.path):
        # On a worker: a federation's page rendered here was the build's peak (issue
        # 46). Such a page goes alone; the many small ones (namesakes) in batches.
        if isinstance(page, GroupInput) and len(page.rows) > MANY:
            pages.send_alone(page)
        else:
            pages.send(page)


def _with_rounds(
    state: BuildState,
    resolution: Resolution,
    keys: dict[str, str],
    positions: dict[str, tuple[int, ...]],
    rounds: BuiltRounds | None = None,
) -> FullEntry:
    """Entries read from the state, and those of the events built now (``rounds``),
    come without their rounds: fetched for a page made (``positions``: the places in
    their whole events of the entries of events loaded cut)."""

    def full_entry(event: int, position: int, entry: PersonEntry) -> PersonEntry:
        if entry.record_text:
            return entry
        key = keys[resolution.events[event].file]
        whole = positions.get(key)
        if whole is not None:
            position = whole[position]
        record = rounds.record(key, position) if rounds is not None else None
        if record is None:
            record = state.record(key, position)
        return entry._replace(record_text=record)

    return full_entry


def _listings(
    listed_now: Listed,
    groups: GroupRows,
    now: RowsNow | None,
    old_pages: dict[str, str],
    pages: PageFiles,
    digests: PageDigests,
) -> Iterable[PeoplePage | GroupInput]:
    """The listing pages to look at, each made when iterated: a group left out of
    ``groups.members`` is linked from the previous build, with its digest, when it is
    there (else made from ``now``'s rows)."""
    made = listing_pages(listed_now, groups)
    missing = set()
    for path in made.kept:
        if path in old_pages and pages.reuse(path):
            digests[path] = old_pages[path]
        else:
            missing.add(path)
    if not missing or now is None:
        return made.pages
    wanted = {group_path(*group): group for group in groups.counts}
    rows = {wanted[path]: now.group(wanted[path]) for path in sorted(missing)}
    again = listing_pages(listed_now, GroupRows(groups.counts, rows)).pages
    return chain(made.pages, (page for page in again if page.path in missing))


@frozen_record
class Archive:
    config: SiteConfig
    events: tuple[EventEntries, ...]
    unreadable: tuple[str, ...]  # files that are no tournament (their people are unknown)
    refused: tuple[Finding, ...] = ()  # files not read at all (see discover)


def read_archive(
    src: Path, config_path: Path | None = None, config: SiteConfig | None = None
) -> Archive:
    """Every event under ``src`` as people entries (the CLI's ``trfsite people``);
    ``config``: the settings already read (else ``config_path``'s, else SRC's)."""
    folder = src if src.is_dir() else src.parent
    if config is None:
        config = load_config(folder, config_path)
    events = []
    unreadable = []
    found = discover(src)
    for source in found.files:
        event_config = config.for_stem(source.path.stem)
        entries = read_entries(source.data, source.relative, source.slug, event_config)
        if entries is None:
            unreadable.append(source.relative)
        else:
            events.append(entries)
    return Archive(config, tuple(events), tuple(unreadable), found.refused)
