"""The archive's build state in one SQLite database (Python's own ``sqlite3``).

It holds, per event cache key, the event's people entries and its cache entry
(``state_cache``, with the source files' signatures); per people page, the digest
of what made it; and the resolved people, indexed by FIDE id, EGD PIN, national id
and folded name. It lives beside the builds
(``OUT.builds/.trfsite-state.sqlite``), never in a build folder, so nothing in it
is published or served. A build changes it in one transaction, by the rows that
changed: the events added and gone, the pages and people whose inputs changed.

A build killed at any moment leaves the database as it was before that build's
transaction or after it. Both are correct for the next build: event rows are
keyed by content (an event's cache key), and the page digests are tagged with
the id of the build they describe (``STAMP`` in that build's folder); when the
live build is not that one (the killed build's transaction committed, its
folder was never published), the digests are not trusted and every people page
is compared byte for byte instead (see ``site.people``). The cache's rows say the
same way which build they describe (``state_cache``): another one live, no event
is reused.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from trfsite.findings import Finding
from trfsite.people.entries import EventEntries, SharedValues
from trfsite.site import (
    state_cache,
    state_entries,
    state_events,
    state_history,
    state_pages,
    state_people,
    state_rows,
)
from trfsite.site.failures import BuildError
from trfsite.site.state_batch import select_in
from trfsite.site.state_pages import PageDigests
from trfsite.site.state_schema import SCHEMA, VERSION

if TYPE_CHECKING:
    # The people pages' modules are imported where the people step uses them: a build
    # without people pages never does (they were ~4 ms of its serial start).
    from trfsite.people.contexts import PeopleFinding
    from trfsite.people.identity import Person
    from trfsite.people.incremental import Known
    from trfsite.people.rows import PersonRow

logger = logging.getLogger(__name__)

STATE_NAME = ".trfsite-state.sqlite"
STAMP = ".trfsite-state-id"  # in a build folder: which build the page digests describe


# KiB of page cache (SQLite's default: 2,000) while the people step writes the events:
# 256 cost the writing of 1,000 events ~40 % more CPU (its indexes' pages read again).
_WRITING_CACHE = -1024


def state_path(out: Path, language: str = "") -> Path:
    """Where the state of the site built into ``out`` lives (``language``: one of
    several, each a site of its own)."""
    name = STATE_NAME if not language else f".trfsite-state-{language}.sqlite"
    return out.parent / f"{out.name}.builds" / name


class Changes(NamedTuple):
    """What one build writes into the state, all in one transaction."""

    events: Mapping[str, EventEntries]  # the build's events, by cache key (see ``kept``)
    pages: PageDigests  # every people page: path -> digest of what made it
    resolved: Resolved
    stamp: str  # the id of the build these pages are in (``PageDigests.stamp``)
    made_with: str = ""  # a digest of what every people page depends on (theme, code, site)
    rows: Sequence[PersonRow] = ()  # the listing rows of ``resolved.people``
    kept: frozenset[str] = frozenset()  # the build's other events: the state holds them
    shown: Sequence[PeopleFinding] = ()  # ``resolved.findings`` as the findings page shows them
    # (cache key, number of entries) -> the rounds of an event's entries that come
    # without them (the events built now: ``site.built_rounds``); None: all carry them.
    rounds: Callable[[str, int], list[str]] | None = None
    # Event key -> the digest of its people as a person page shows them (see
    # ``people.pages._Archive.people_at``), for each event whose people this build knows
    # whole; the others keep theirs.
    people_at: Mapping[str, str] = MappingProxyType({})  # read only: one empty map for all


class Resolved(NamedTuple):
    """The people one build resolved: all of them, or those of the part it resolved
    again (``site.identity_part``)."""

    people: Iterable[Person]  # to write
    gone: frozenset[str] | None  # the previous people they replace (None: all of them)
    findings: tuple[Finding, ...]  # every identity finding of the build
    config: str  # the ``[people]`` settings they were resolved with (their repr)
    namesakes: dict[str, tuple[str, ...]]  # of ``people``


def read_stamp(folder: Path | None) -> str:
    """The id a build folder was stamped with ('' when none, or no folder)."""
    if folder is None:
        return ""
    try:
        return (folder / STAMP).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""


class BuildState:
    """An open state database. Use as a context manager; it closes on exit."""

    def __init__(self, path: Path, *, fresh: bool = False) -> None:
        """Open (or make) the database at ``path``; ``fresh``: forget what it held.

        A damaged or foreign file is replaced by an empty database (the next build
        then reads every event's file again): the state is a cache, never a source.
        """
        self.path = path
        self._writing = False  # in ``put_events``' transaction, until ``save``
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = self._open(fresh)
        except sqlite3.DatabaseError as exc:
            logger.info("%s: build state unreadable (%s); starting afresh", path, exc)
            for suffix in ("", "-journal", "-wal", "-shm"):
                with contextlib.suppress(OSError):  # then opening it again says why
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
            with _refused(path):
                self._db = self._open(True)

    def _open(self, fresh: bool) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None)  # transactions by hand
        try:
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA synchronous = NORMAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if fresh or version != VERSION:
                tables = db.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                    " AND name NOT LIKE 'sqlite_%'"
                ).fetchall()
                drops = "".join(f'DROP TABLE IF EXISTS "{name}";' for (name,) in tables)
                # One script, one transaction: a build killed here leaves the old
                # tables or the new ones.
                db.executescript(
                    f"BEGIN IMMEDIATE;{drops}{SCHEMA}PRAGMA user_version = {VERSION};COMMIT;"
                )
            # Reads in one transaction (see _transaction): in autocommit mode each of
            # a rebuild's thousands of one-row queries cost SQLite a lock and three
            # stat calls (16,000 queries, 49,000 calls at 300 events).
            db.execute("BEGIN")
        except BaseException:
            db.close()
            raise
        return db

    def __enter__(self) -> BuildState:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._db.in_transaction:  # reading only (see _transaction)
            self._db.execute("ROLLBACK")
        self._db.close()

    # ------------------------------------------------------------------ reading
    def known_events(self) -> set[str]:
        return {key for (key,) in self._db.execute("SELECT key FROM events")}

    def events(
        self, keys: Iterable[str], shared: SharedValues | None = None
    ) -> dict[str, EventEntries]:
        """The entries of the events under ``keys`` that the state holds (without
        their rounds: see ``record``); ``shared``: packed as they are decoded, the
        values they repeat numbered in that table (``state_events.events``)."""
        return state_events.events(self._db, keys, shared)

    def events_with(
        self, wanted: Mapping[str, tuple[Collection[int], Collection[int]]]
    ) -> dict[str, tuple[EventEntries, tuple[int, ...]]]:
        """Event key -> the event (without rounds) with only its entries at the given
        positions or with the given start numbers, and their positions in the event
        (``site.identity_cut``, ``state_events.events_with``)."""
        return state_events.events_with(self._db, wanted)

    def people_at(self, keys: Iterable[str]) -> dict[str, str]:
        """Event key -> the digest of its people (``Changes.people_at``), for ``keys``
        the state holds one for: a person page's inputs without the event's people."""
        query = "SELECT event_key, digest FROM event_people WHERE event_key IN ({keys})"
        return dict(select_in(self._db, query, keys))

    @property
    def rows(self) -> state_rows.StoredRows:
        """The people's listing rows, as the previous build left them."""
        return state_rows.StoredRows(self._db)

    def record(self, key: str, position: int) -> str:
        """The packed rounds of entry ``position`` of event ``key`` ('' if unknown)."""
        row = self._db.execute(
            "SELECT record_text FROM entries WHERE event_key = ? AND position = ?", (key, position)
        ).fetchone()
        return "" if row is None else str(row[0])

    @property
    def history(self) -> state_history.History:
        """Which pages the builds changed, and their people folders' marks."""
        return state_history.History(self._db)

    def page_digests(self, stamp: str, made_with: str = "") -> dict[str, str]:
        """The people pages' digests, if they describe the build stamped ``stamp``,
        whose pages were made with ``made_with`` (see ``Changes``)."""
        if not self._trusted(stamp, made_with):
            return {}
        return dict(self._db.execute("SELECT path, digest FROM pages"))

    def page_paths(self, stamp: str, made_with: str = "") -> dict[str, None]:
        """The people pages' paths, in order, when ``page_digests`` would give their
        digests (a map to nothing: in order, and looked up). A rebuild that resolves
        a part alone reads the digests of the pages it looks at only
        (``digests_of``): at 10,000 events 0.063-0.074 s of CPU, not 0.08-0.10, and 118,000
        digests not held (~12 MiB)."""
        if not self._trusted(stamp, made_with):
            return {}
        # One JSON text, decoded in C: a row a path was twice the time.
        (text,) = self._db.execute(
            "SELECT json_group_array(path) FROM (SELECT path FROM pages ORDER BY path)"
        ).fetchone()
        return dict.fromkeys(json.loads(text))

    def digests_of(self, paths: Iterable[str]) -> dict[str, str]:
        """The stored digests of those of ``paths`` the state holds."""
        query = "SELECT path, digest FROM pages WHERE path IN ({keys})"
        return dict(select_in(self._db, query, paths))

    def _trusted(self, stamp: str, made_with: str) -> bool:
        row = self._db.execute("SELECT value FROM meta WHERE name = 'stamp'").fetchone()
        if not stamp or row is None or row[0] != stamp:
            return False
        row = self._db.execute("SELECT value FROM meta WHERE name = 'made_with'").fetchone()
        return (row[0] if row else "") == made_with

    def person(self, key: str) -> tuple[str, str, str, str] | None:
        """(name, FIDE id, EGD PIN, federation) of a resolved person, or None."""
        row = self._db.execute(
            "SELECT name, fide_id, egd_pin, federation FROM people WHERE key = ?", (key,)
        ).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3])

    @property
    def cache(self) -> state_cache.StoredCache:
        """The cache's entries and the source files' signatures (``site.state_cache``)."""
        return state_cache.StoredCache(self._db)

    @property
    def people(self) -> state_people.StoredPeople:
        """The people the previous build resolved, looked up person by person."""
        return state_people.StoredPeople(self._db)

    @property
    def entries(self) -> state_entries.StoredEntries:
        """The events' entries, searched by id, folded name and linked key."""
        return state_entries.StoredEntries(self._db)

    def known(self, config: str) -> Known | None:
        """The people the previous build resolved, if with the ``[people]`` settings
        ``config`` (else None: everything is resolved again)."""
        from trfsite.people.incremental import Known

        stored = self.people
        if stored.config() != config:
            return None
        people = stored.every()
        person_of = dict(self._db.execute("SELECT own_key, person FROM person_keys"))
        return Known(people, person_of, tuple(f.finding for f in stored.findings()))

    # ------------------------------------------------------------------ writing
    def put_events(
        self,
        events: Mapping[str, EventEntries],
        rounds: Callable[[str, int], list[str]] | None = None,
    ) -> None:
        """Every event of the build (``events``; the others are dropped), written now
        in the transaction that ``save`` commits (a build that fails before leaves the
        state as it was): their entries need not be held until then (issue 46). Then
        give ``save`` no events, the keys of these ``kept``.

        The connection's page cache is made small first: the events go in while the
        people step holds every entry, the moment of its largest size."""
        with _refused(self.path):
            db = self._db
            db.execute(f"PRAGMA cache_size = {_WRITING_CACHE}")
            if not self._writing:
                if db.in_transaction:  # a read one (see ``_transaction``)
                    db.execute("COMMIT")
                db.execute("BEGIN IMMEDIATE")
                self._writing = True
            try:
                state_events.put_events(db, self.known_events(), events, frozenset(), rounds)
            except BaseException:
                self._writing = False
                db.execute("ROLLBACK")
                db.execute("BEGIN")
                raise

    def save(self, changes: Changes) -> int:
        """Write one build's state in one transaction (all of it, or nothing; with the
        events ``put_events`` wrote); the build's number (see ``state_history``)."""
        with _refused(self.path), self._transaction() as db:
            state_events.put_events(
                db, self.known_events(), changes.events, changes.kept, changes.rounds
            )
            db.executemany(
                "INSERT OR REPLACE INTO event_people (event_key, digest) SELECT ?, ?"
                " WHERE EXISTS (SELECT 1 FROM events WHERE key = ?)",
                ((key, digest, key) for key, digest in sorted(changes.people_at.items())),
            )
            changes.pages.flush()  # the last batch
            seq = state_history.next_seq(db)
            state_history.save_history(db, seq, state_pages.save_pages(db, seq, changes.pages))
            resolved = changes.resolved
            state_people.save_people(db, resolved.people, resolved.gone, resolved.namesakes)
            state_people.save_findings(db, resolved.findings, changes.shown)
            db.execute(
                "INSERT OR REPLACE INTO meta (name, value) VALUES ('people', ?)", (resolved.config,)
            )
            state_rows.save_rows(db, changes.rows, changes.resolved.gone)
            db.executemany(
                "INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)",
                (("stamp", changes.stamp), ("made_with", changes.made_with)),
            )
        return seq

    def made_pages(self, batch: int = state_pages.BATCH) -> PageDigests:
        """Where the build's people pages' digests go as they are made, ``batch`` at a
        time (none kept from an earlier call), until ``save``."""
        return PageDigests(self._db, batch)

    def save_marks(self, seq: int, marks: Sequence[state_history.FolderMark]) -> None:
        """Build ``seq``'s people folders as it leaves them (``site.people_donor``)."""
        with _refused(self.path), self._transaction() as db:
            state_history.save_marks(db, seq, marks)

    def save_twin_marks(self, marks: Sequence[state_history.FolderMark]) -> int:
        """The people folders of the live build's twin (``publish.publish_twin``), saved as
        those of a build of its own that changed no page; its number."""
        with _refused(self.path), self._transaction() as db:
            seq = state_history.next_seq(db)
            state_history.save_history(db, seq, ())
            state_history.save_marks(db, seq, marks)
        return seq

    def put_listings(self, listings: Iterable[tuple[str, str]]) -> None:
        """Built events' files' listings, (cache key, text), ahead of their entries
        (``site.events``: not held to the end of the build)."""
        with _refused(self.path), self._transaction() as db:
            state_cache.put_listings(db, listings)

    def save_sources(self, store: state_cache.SourceStore) -> None:
        """The source files' signatures found anew (``state_cache.save_sources``)."""
        with _refused(self.path), self._transaction() as db:
            state_cache.save_sources(db, store)

    def save_cache(self, changes: state_cache.CacheChanges) -> None:
        """The cache's rows a build changed, in one transaction (``site.cache``)."""
        with _refused(self.path), self._transaction() as db:
            state_cache.save(db, changes)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, between two read ones (see ``_open``)."""
        db = self._db
        if not self._writing:  # else ``put_events``' transaction, ended here
            if db.in_transaction:
                # Nothing written in it but the temporary tables (``made_pages``), kept.
                db.execute("COMMIT")
            db.execute("BEGIN IMMEDIATE")
        self._writing = False
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            db.execute("BEGIN")
            raise
        db.execute("COMMIT")
        db.execute("BEGIN")


@contextlib.contextmanager
def _refused(path: Path) -> Iterator[None]:
    """What SQLite refuses (a full disk, a read-only folder) is one BuildError."""
    try:
        yield
    except sqlite3.Error as exc:
        raise BuildError(
            f"{str(path)!r}: cannot write the build state ({exc}); expected a writable "
            "folder with free space beside the output folder"
        ) from None
