"""The content-hash cache: rebuild only the events whose inputs changed.

The build state (``site.state_cache``) holds, per event, a key and the files the
event put in OUT; each build's folder holds its id (``CACHE_ID``, a hidden file
beside the ``.trfsite-build`` marker), which says which build the state's rows
describe. The key hashes everything an event's files depend on: the file's bytes
(their digest) and name, its slug, its notes, its effective config, the site
settings (title, language, base URL, build date), whether a bulletin is wanted,
the theme chain's files, and trfsite itself (version, code and message catalogs).
Any change of those gives a new key, so an old entry can never be used for new
inputs.

An entry is only reused when the live build is the one the state describes and
the event's folder in it holds the listed files with the listed sizes (checked as
they are linked into the new build); a missing or damaged file means the event is
built again, and files not listed are not carried over. The rows and the id
record no times, so two builds of the same inputs give identical output folders.
A rebuild reads the entries in one query and writes only those of the events it
built: no file as large as the archive is read or written whole.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import logging
import os
import sqlite3
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Protocol

import isal

import trfsite
from trfsite.model.frozen import frozen_record
from trfsite.pages.rows import EventSummary
from trfsite.site.event_build import EventOutput, EventTask
from trfsite.site.event_rows import EventRow
from trfsite.site.linking import Listing
from trfsite.site.state import BuildState
from trfsite.site.state_cache import CacheChanges, SourceStore
from trfsite.site.writer import SiteWriter

logger = logging.getLogger(__name__)

CACHE_ID = ".trfsite-cache-id"  # in a build folder: which build the state's cache rows describe
_DATE_FIELDS = ("start_date", "end_date")
_SUMMARY_FIELDS = EventSummary._fields
_DATE_PLACES = tuple(_SUMMARY_FIELDS.index(name) for name in _DATE_FIELDS)
_SCALARS = frozenset({str, int, bool, type(None)})  # the exact types JSON gives them


@frozen_record
class CacheEntry:
    """What a reused event contributes, without rendering it again."""

    key: str
    slug: str
    summary: EventSummary
    files: Listing  # (path under OUT, size in bytes) of each file, decoded when walked
    pages: int
    pdf: bool
    errors: int
    warnings: int
    failure: str
    pdf_failure: str


class _Digest(Protocol):
    """What ``_hash_tree`` needs of a hashlib object (its class is not public)."""

    def update(self, data: bytes, /) -> None: ...


def _files_under(root: Path) -> list[tuple[tuple[str, ...], str]]:
    """Every file under ``root`` but those of ``__pycache__`` folders, as (its path's parts
    below ``root``, its path), in the order of ``sorted(root.rglob("*"))``.

    Walked by ``os.walk``, not ``pathlib``: a ``Path`` made, compared and cut per file
    took 0.04 s of the package's 0.05 s at every build's start, where one core works.
    """
    found = []
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if name != "__pycache__"]
        below = Path(folder).relative_to(root).parts
        for name in files:
            path = os.path.join(folder, name)
            if os.path.isfile(path):  # a link to a file is read, as rglob's is_file says
                found.append(((*below, name), path))
    # rglob's order: a Path sorts by its parts, not by its text ("a/b" before "a-b").
    found.sort()
    return found


def _hash_tree(digest: _Digest, root: Path, label: str) -> None:
    """Every file under ``root`` (names and bytes), in a fixed order."""
    if not root.is_dir():
        digest.update(f"{label}: none\n".encode())
        return
    _hash_files(digest, _files_under(root), label)


def _hash_files(digest: _Digest, files: Iterable[tuple[tuple[str, ...], str]], label: str) -> None:
    """Each file's name (``label``/its parts) and bytes, in the order given."""
    for parts, path in files:
        digest.update(f"{label}/{'/'.join(parts)}\n".encode())
        with open(path, "rb") as file:
            digest.update(file.read())


@functools.cache
def _package_digest() -> str:
    """trfsite's own files (code, catalogs), hashed once a process: the code a process
    runs does not change under it, and every build of ``serve`` or of a small event paid
    for reading some 700 files again (a third of a one-event build's CPU)."""
    digest = hashlib.sha256()
    package = Path(trfsite.__file__).resolve().parent
    # Themes are hashed in build_fingerprint, as the build uses them.
    code = (file for file in _files_under(package) if file[0][0] != "themes")
    _hash_files(digest, code, "package")
    return digest.hexdigest()


# What lays out and writes a bulletin besides trfsite: a new release may make other bytes.
BULLETIN_DISTRIBUTIONS = ("weasyprint", "pydyf", "fonttools", "pypdf")


@functools.cache
def _bulletin_releases() -> str:
    """The installed releases of ``BULLETIN_DISTRIBUTIONS``, from their metadata, once a
    process (as the package's digest): importing WeasyPrint to ask it would cost a build
    that reuses every bulletin ~0.3 s."""
    from importlib.metadata import PackageNotFoundError, version

    releases = []
    for name in BULLETIN_DISTRIBUTIONS:
        try:
            releases.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            releases.append(f"{name} -")
    return "\n".join(releases)


def build_fingerprint(theme_paths: tuple[Path, ...], bulletin_paths: tuple[Path, ...]) -> str:
    """trfsite (version, code, catalogs), the deflate's release, the themes and, with a
    bulletin, the PDF libraries' releases; shared by every event's key."""
    digest = hashlib.sha256(f"trfsite {trfsite.__version__}\n".encode())
    digest.update(f"package {_package_digest()}\n".encode())
    # A new ISA-L may deflate the offline copies, and a new WeasyPrint lay the bulletin
    # out, into other bytes: a rebuild after an upgrade makes them again, as a cold build
    # would.
    digest.update(f"isal {isal.__version__}\n".encode())
    if bulletin_paths:
        digest.update(f"{_bulletin_releases()}\n".encode())
    for number, path in enumerate(theme_paths):
        _hash_tree(digest, path, f"theme{number}")
    for number, path in enumerate(bulletin_paths):
        _hash_tree(digest, path, f"bulletin{number}")
    return digest.hexdigest()


class KeyParts:
    """The text of the values a build's events share (the theme chain, the site, the
    settings of every event without a table of its own), made once per object, not
    once per event: ``repr`` of a config is most of an unchanged event's key."""

    def __init__(self) -> None:
        self._shown: dict[int, tuple[object, str]] = {}  # id -> (the object, its repr)

    def shown(self, value: object) -> str:
        found = self._shown.get(id(value))
        if found is None or found[0] is not value:  # kept alive: its id is not reused
            found = self._shown[id(value)] = (value, repr(value))
        return found[1]


def event_key(fingerprint: str, task: EventTask, parts: KeyParts | None = None) -> str:
    """The key of one event: its inputs and settings, and the build fingerprint."""
    job = task.job
    shown = (parts or KeyParts()).shown
    digest = hashlib.sha256()
    for part in (
        fingerprint,
        shown(task.theme_paths),
        job.source_name,
        job.slug,
        shown(job.config),
        shown(job.site),
        repr(job.want_bulletin),
        job.notes_markdown,
        job.updated,
    ):
        encoded = part.encode("utf-8", "surrogatepass")
        digest.update(len(encoded).to_bytes(8, "big") + encoded)
    if job.fallback is not None:  # the pages may show it (trfsite publish)
        encoded = job.fallback.updated.encode()
        digest.update(len(encoded).to_bytes(8, "big") + encoded)
        digest.update(len(job.fallback.data).to_bytes(8, "big") + job.fallback.data)
    # The file's digest, not its bytes: an unchanged file is not read (site.discover).
    digest.update((job.digest or hashlib.sha256(job.data).hexdigest()).encode())
    # The PGN files' digests too, not their bytes: an unchanged one is not read.
    for number, (name, data) in enumerate(job.games):
        encoded = name.encode("utf-8", "surrogatepass")
        digest.update(len(encoded).to_bytes(8, "big") + encoded)
        if job.game_digests:
            digest.update(job.game_digests[number].encode())
        else:
            digest.update(hashlib.sha256(data).hexdigest().encode())
    return digest.hexdigest()


# --------------------------------------------------------------------------- manifest
def _summary_json(summary: EventSummary) -> list[object]:
    """The summary's values in its fields' order, dates as ISO text (an array: decoded
    without a key per field, issue 46)."""
    return [value.isoformat() if isinstance(value, dt.date) else value for value in summary]


def _summary_from(data: object) -> EventSummary:
    # Checked as a whole, then field by field only to name a bad one: each unchanged
    # event's summary is decoded in a rebuild (issue 46: 3,000 of them).
    if type(data) is not list:
        raise ValueError(f"summary is {type(data).__name__}; expected an array")
    if len(data) != len(_SUMMARY_FIELDS):
        raise ValueError(f"summary has {len(data)} values; expected {len(_SUMMARY_FIELDS)}")
    values = list(data)
    if not _SCALARS.issuperset(map(type, values)):
        for name, value in zip(_SUMMARY_FIELDS, values, strict=True):
            if type(value) not in _SCALARS:
                raise ValueError(f"summary field {name!r} is {value!r}; expected a scalar")
    for place in _DATE_PLACES:
        if values[place] is not None:
            values[place] = dt.date.fromisoformat(str(values[place]))
    return EventSummary._make(values)


def entry_for(key: str, output: EventOutput) -> CacheEntry:
    return CacheEntry(
        key=key,
        slug=output.slug,
        summary=output.summary,
        files=Listing.of(output.slug, output.sizes),  # sorted: parts come in any order
        pages=output.pages,
        pdf=output.pdf,
        errors=output.errors,
        warnings=output.warnings,
        failure=output.failure,
        pdf_failure=output.pdf_failure,
    )


def _entry_json(entry: CacheEntry) -> list[object]:
    """The entry but its files (stored apart: decoded only when its folder is linked),
    its values in ``_ENTRY_KINDS``' order: an array, decoded without a key per value
    (a rebuild decodes each unchanged event's entry: half the time of an object's)."""
    return [
        entry.slug,
        list(entry.files.seal),
        entry.pages,
        entry.pdf,
        entry.errors,
        entry.warnings,
        entry.failure,
        entry.pdf_failure,
        _summary_json(entry.summary),
    ]


# An entry's values and their JSON types (exact: a bool is no int).
_ENTRY_KINDS = (
    ("slug", str),
    ("seal", list),
    ("pages", int),
    ("pdf", bool),
    ("errors", int),
    ("warnings", int),
    ("failure", str),
    ("pdf_failure", str),
    ("summary", list),
)
_KINDS = tuple(kind for _, kind in _ENTRY_KINDS)


def _entry_from(key: str, data: object, state_file: str) -> CacheEntry:
    """The entry stored as ``data`` (see ``_entry_json``) in ``state_file``, its files'
    listing left there; raises ValueError for a damaged one."""
    if type(data) is not list or len(data) != len(_KINDS):
        raise ValueError(f"entry is {data!r:.80}; expected an array of {len(_KINDS)} values")
    if tuple(map(type, data)) != _KINDS:
        for (name, kind), value in zip(_ENTRY_KINDS, data, strict=True):
            if type(value) is not kind:
                raise ValueError(f"{name!r} is {value!r}; expected {kind.__name__}")
    slug, seal, pages, pdf, errors, warnings, failure, pdf_failure, summary = data
    if not slug or "/" in slug or slug.startswith("."):
        raise ValueError(f"slug {slug!r} is not a folder name")
    if not (
        len(seal) == 2
        and isinstance(seal[0], str)
        and isinstance(seal[1], int)
        and ".." not in seal[0].split("/")
    ):
        raise ValueError(f"seal {seal!r}; expected [path, size]")
    return CacheEntry(
        key,
        slug,
        _summary_from(summary),
        Listing(slug, None, (seal[0], seal[1]), (state_file, key)),
        pages,
        pdf,
        errors,
        warnings,
        failure,
        pdf_failure,
    )


def build_id(keys: Mapping[str, str]) -> str:
    """A build's id from its events' keys (slug -> key): two builds with the same id
    hold the same event folders."""
    found = hashlib.sha256()
    for slug in sorted(keys):
        found.update(f"{slug}\0{keys[slug]}\n".encode("utf-8", "surrogatepass"))
    return found.hexdigest()


@frozen_record
class Previous:
    """The live build as the build state describes it (see ``load_entries``)."""

    build: str = ""  # its id ('' when the state does not describe it)
    keys: dict[str, str] | None = None  # slug -> key of its event folders (None: unknown)
    entries: dict[str, CacheEntry] = field(default_factory=dict)  # by key, damaged ones left out


def load_entries(out: Path, state_file: Path, wanted: Collection[str] | None = None) -> Previous:
    """The entries of the live build's events, when the build state describes that
    build (else none); ``wanted``: the keys whose entries are decoded (None: all), the
    others' only named in ``Previous.keys`` (a changed event's old entry is not read)."""
    try:
        build = (out / CACHE_ID).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return Previous()
    if not build or not state_file.is_file():
        return Previous()
    try:
        with BuildState(state_file) as state:
            rows = state.cache.live_entries(build)
    except sqlite3.Error as exc:  # a cache: every event is built, the state written anew
        logger.info("%s: cache entries unreadable (%s); every event is built", state_file, exc)
        return Previous()
    if not rows:
        return Previous()
    found = {}
    where = str(state_file)  # one string, pickled once with the listings that name it
    for _, key, text in rows:
        if wanted is not None and key not in wanted:
            continue
        try:
            found[key] = _entry_from(key, json.loads(text), where)
        except (KeyError, TypeError, ValueError) as exc:
            logger.info("%s: cache entry %s skipped (%s)", state_file, key[:12], exc)
    return Previous(build, {slug: key for slug, key, _ in rows}, found)


def save_entries(
    writer: SiteWriter,
    state_file: Path,
    entries: list[CacheEntry],
    reused: Collection[str],
    previous: Previous,
    sources: SourceStore | None = None,
    rows: Sequence[EventRow] = (),
) -> None:
    """This build's id in its folder, and in the build state the entries of the events
    whose key changed or that were built (not ``reused``), with the ``sources``
    discovery found anew and the event ``rows`` made now; ``previous``: the live build."""
    by_slug = {entry.slug: entry for entry in entries}
    keys = {slug: entry.key for slug, entry in by_slug.items()}
    build = build_id(keys)
    changes = CacheChanges(
        build,
        keys,
        [slug for slug in keys if slug not in reused],
        lambda slug: (_entry_text(by_slug[slug]), by_slug[slug].files.text),
        previous.keys,
        previous.build,
        sources,
        rows,
    )
    with BuildState(state_file) as state:
        state.save_cache(changes)
    writer.write_text(CACHE_ID, build + "\n")


def _entry_text(entry: CacheEntry) -> str:
    return json.dumps(_entry_json(entry), ensure_ascii=False, separators=(",", ":"))


def live_folders(out: Path) -> frozenset[str]:
    """The names of the folders (not links) in ``out``, the live build: an entry is
    reused only when its event's folder is still one of them.

    Their files are checked as they are linked into the new build, in the workers
    (``linking.link_unchanged``); an event whose files are not as listed is
    built again then. One ``scandir``, not an ``lstat`` an event (12 ms of a
    3,000-event rebuild, before the archive starts: issue 46).
    """
    try:
        with os.scandir(out) as found:
            return frozenset(entry.name for entry in found if entry.is_dir(follow_symlinks=False))
    except OSError:
        return frozenset()
