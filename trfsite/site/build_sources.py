"""The event files of a build: its jobs, and the files it reads late.

Discovery takes a file unchanged since the last build unread (``state_cache``): its
event's cache key comes from the stored digest, and its bytes are read only when the
event is built (changed, or its folder damaged), or when the build state does not
hold its people (a new or damaged state). So a rebuild after one changed event reads
that event's file, not the archive. An event's own PGN file is taken so too
(``game_files``).

A file read late may have changed since discovery (an organiser saving it during
``trfsite publish``): its event is built from what was read, under the key of those
bytes, and the file gets one finding; the other events and the site go on.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import sqlite3
from dataclasses import field, replace
from pathlib import Path
from typing import NamedTuple

from trfsite.findings import Finding, Severity
from trfsite.input_files import InputRefused, shown_name
from trfsite.model.frozen import mutable_record
from trfsite.pages.config import SiteConfig
from trfsite.pages.plan import EventJob, Fallback
from trfsite.render.page_meta import SiteInfo
from trfsite.site.discover import Discovery, SourceFile, read_source
from trfsite.site.event_build import EventTask
from trfsite.site.game_files import read_late, taken_game_files
from trfsite.site.state import BuildState
from trfsite.site.state_cache import SourceStore

logger = logging.getLogger(__name__)

CHANGED_CODE = "changed-while-building"
# The source bytes discovery keeps for a build: a rebuild's few changed files are read
# once; past it (a cold build of an archive) each file is read again when its event
# is built, so that the build does not hold the archive (~13 MB per 1,000 events).
HELD_SOURCE_BYTES = 1 << 20


def event_jobs(
    discovery: Discovery,
    config: SiteConfig,
    site: SiteInfo,
    pdf: bool,
    live: bool,
    fallbacks: tuple[tuple[str, Fallback], ...],
) -> list[EventJob]:
    """One job per discovered file (``live``: trfsite publish's, with ``fallbacks``)."""
    jobs = []
    by_name = dict(fallbacks)
    for source in discovery.files:
        event_config = config.for_stem(source.stem)
        games = taken_game_files(
            source.location,
            source.relative,
            event_config.games.files,
            discovery.games,
            discovery.store,
        )
        jobs.append(
            EventJob(
                data=source.data,
                digest=source.digest,
                source_name=source.relative,
                slug=source.slug,
                notes_markdown=source.notes,
                config=event_config,
                site=site,
                want_bulletin=pdf,
                games=games.files,
                game_digests=games.digests,
                games_unread=games.unread,
                updated=saved_at(source.path) if live else "",
                fallback=by_name.get(source.relative),
            )
        )
    return jobs


def saved_at(path: Path) -> str:
    """When ``path`` was last written, in local time (ISO, to the second)."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    return dt.datetime.fromtimestamp(stamp).astimezone().isoformat(timespec="seconds")


def load_sources(state_file: Path) -> SourceStore:
    """The source files' signatures the build state holds (none in a new state)."""
    if not state_file.is_file():
        return SourceStore({})
    try:
        with BuildState(state_file) as state:
            return SourceStore(state.cache.sources())
    except sqlite3.Error as exc:  # a cache: every file is read
        logger.info("%s: source signatures unreadable (%s); every file is read", state_file, exc)
        return SourceStore({})


def save_sources(state_file: Path, store: SourceStore) -> None:
    """What discovery found anew saved now, not held to the end of the build: the state
    may know a file's digest before its event is in the cache (a build killed before its
    end reads it then, as a changed one)."""
    with BuildState(state_file) as state:
        state.save_sources(store)


class _Read(NamedTuple):
    """What an event's files held when read late: its file's bytes and digest, its PGN files."""

    data: bytes
    digest: str
    games: tuple[tuple[str, bytes], ...]


@mutable_record
class LateReads:
    """The discovered files by slug, the folder they must be inside (None: the file
    named by the user), what was read late and kept (by slug), and a finding per file
    that changed since discovery.

    ``hold``: ``built`` keeps what it reads too, so that every language of a site gets
    the same bytes; else an event built reads its files for its task alone, and the
    build holds the bytes of the tasks on their way to the workers, not the archive's.
    """

    sources: dict[str, SourceFile]
    root: Path | None
    read: dict[str, _Read] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    hold: bool = True

    @classmethod
    def of(cls, discovery: Discovery, src: Path, hold: bool = True) -> LateReads:
        return cls({s.slug: s for s in discovery.files}, src if src.is_dir() else None, hold=hold)

    def unread(self, task: EventTask) -> bool:
        """Discovery took ``task``'s file or PGN files unread and they are not read yet."""
        source = self.sources.get(task.job.slug)
        return (
            source is not None
            and (not source.read or task.job.games_unread)
            and task.job.slug not in self.read
        )

    def size(self, task: EventTask) -> int:
        """The size of ``task``'s file: of its bytes, else as discovery found it."""
        source = self.sources.get(task.job.slug)
        return len(task.job.data) or (source.size if source is not None else 0)

    def task(self, task: EventTask) -> EventTask:
        """``task`` with its file's and PGN files' bytes, read now (and kept) when
        discovery did not read them.

        When they are not the bytes discovery knew (another digest), the task takes
        them with their digest (its key follows: ``cache.event_key``), and the file
        gets a finding; a file that cannot be read any more gives its event no bytes
        (a PGN file: no file).
        """
        job = task.job
        source = self.sources.get(job.slug)
        if source is None or (source.read and not job.games_unread):
            return task
        if job.slug not in self.read:
            self.read[job.slug] = self._fetch(source, job)
        return _with_read(task, self.read[job.slug])

    def built(self, task: EventTask) -> EventTask:
        """``task`` with its bytes for building it now: as ``task`` when ``hold`` or kept
        already; else read for this task alone and not kept."""
        if self.hold or task.job.slug in self.read or not self.unread(task):
            return self.task(task)
        return _with_read(task, self._fetch(self.sources[task.job.slug], task.job))

    def _fetch(self, source: SourceFile, job: EventJob) -> _Read:
        data, digest = (job.data, job.digest) if source.read else self._read(source, job.digest)
        games = self._games(source, job) if job.games_unread else job.games
        return _Read(data, digest, games)

    def _read(self, source: SourceFile, expected: str) -> tuple[bytes, str]:
        try:
            data = read_source(source, self.root).data
        except InputRefused as exc:
            self._changed(source.relative, f"it {exc.reason} now")
            return b"", hashlib.sha256(b"").hexdigest()
        digest = hashlib.sha256(data).hexdigest()
        if digest != expected:
            self._changed(
                source.relative, f"its bytes are not those found at first ({len(data)} bytes now)"
            )
        return data, digest

    def _games(self, source: SourceFile, job: EventJob) -> tuple[tuple[str, bytes], ...]:
        """The PGN files discovery took unread, read now beside the event's file."""
        files = []
        for (name, _), expected in zip(job.games, job.game_digests, strict=True):
            data = read_late(source.path, name)
            if data is None:
                self._changed(shown_name(name), "it is no regular file that can be read now")
                continue
            if hashlib.sha256(data).hexdigest() != expected:
                self._changed(
                    shown_name(name),
                    f"its bytes are not those found at first ({len(data)} bytes now)",
                )
            files.append((name, data))
        return tuple(files)

    def _changed(self, relative: str, what: str) -> None:
        self.findings.append(
            Finding(
                Severity.ERROR,
                CHANGED_CODE,
                f"changed while the build ran: {what}; its event is built from what was "
                "read then; expected the file unchanged until the build ends: build again",
                relative,
            )
        )


def _with_read(task: EventTask, read: _Read) -> EventTask:
    """``task`` with the bytes ``read`` (and their digests)."""
    games_digests = tuple(hashlib.sha256(data).hexdigest() for _, data in read.games)
    return replace(
        task,
        job=task.job._replace(
            data=read.data,
            digest=read.digest,
            games=read.games,
            game_digests=games_digests,
            games_unread=False,
        ),
    )
