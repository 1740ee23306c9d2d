"""Finding tournament files under SRC by their content, in a fixed order."""

import hashlib
import logging
import os
import stat
from dataclasses import field
from operator import itemgetter
from pathlib import Path
from typing import NamedTuple

from trfsite.findings import Finding, Severity
from trfsite.input_files import InputRefused, check_inside, read_head, read_input, shown_name
from trfsite.model.frozen import frozen_record
from trfsite.site.slug import assign_slugs
from trfsite.site.state_cache import KnownSource, SourceStore, signature

logger = logging.getLogger(__name__)

# Files that are certainly not tournaments; everything else is sniffed.
_SKIP_SUFFIXES = frozenset(
    {
        ".md",
        ".toml",
        ".html",
        ".htm",
        ".css",
        ".js",
        ".pdf",
        ".png",
        ".jpg",
        ".jpeg",
        ".gif",
        ".svg",
        ".zip",
        ".gz",
        ".json",
        ".py",
        ".pyc",
        ".xml",
        ".yml",
        ".yaml",
        ".ico",
        ".webp",
        ".pgn",  # games, read with the tournament file they belong to (site.games)
    }
)
_SNIFF_BYTES = 64 * 1024


class SourceFile(NamedTuple):
    # The file's path as text (``path``): a ``Path`` held per file for the whole build was
    # ~0.6 KB of the build's largest moment per event of an archive (issue 46).
    location: str
    relative: str  # POSIX path under SRC as printable text (shown_name), for messages and sorting
    stem: str  # ``path.stem``, made once (its [events.NAME] table, its slug)
    slug: str
    notes_location: str | None  # NAME.md beside the file (``notes_path``)
    data: bytes = b""  # the file, read once (read_input: a regular file within the budget)
    notes: str = ""  # NAME.md's text
    digest: str = ""  # sha256 of the file's bytes, hex (the event's cache key takes it)
    # False: ``data`` is empty and ``read_source`` reads it when the event is built
    # (unchanged since a build stored it, state_cache, or not held: ``discover``).
    read: bool = True
    size: int = 0  # the file's size in bytes when found (the biggest events are built first)

    @property
    def path(self) -> Path:
        return Path(self.location)

    @property
    def notes_path(self) -> Path | None:
        return None if self.notes_location is None else Path(self.notes_location)


@frozen_record
class Discovery:
    files: tuple[SourceFile, ...]
    index_notes: Path | None  # SRC/index.md
    index_text: str = ""
    # Files that are not read, one error each: a FIFO or a device named like a tournament
    # file, an unreadable or too large one, a link leading out of SRC (also of a NAME.md).
    refused: tuple[Finding, ...] = ()
    unread: int = 0  # files taken from the store without reading them
    # The PGN files the walk listed (None: ``src`` is a file, not walked), so that an
    # event without one costs no look-up (``site.game_files``).
    games: frozenset[Path] | None = None
    # The store discovery took files from; the PGN files' signatures go in it too.
    store: SourceStore | None = field(default=None, compare=False)


def _refusal(path: Path, root: Path, refused: InputRefused) -> Finding:
    return Finding(Severity.ERROR, refused.code, refused.reason, _relative(path, root))


def _relative(path: Path, root: Path) -> str:
    try:
        return shown_name(path.relative_to(root).as_posix())
    except ValueError:
        return shown_name(path)


def _sniffed(path: Path, root: Path | None, store: SourceStore | None, limit: int) -> bool:
    """``_looks_like_tournament`` (of a file without a tournament suffix: the caller
    asked first), or the stored answer for a file that has not changed."""
    if store is None:
        return _looks_like_tournament(path, root)
    info = _stat(path, root, limit)
    known = store.get(path, info) if info is not None else None
    if known is not None:
        return known.tournament
    found = _looks_like_tournament(path, root)
    if info is not None and _same(_stat(path, root, limit), info):
        store.put(path, KnownSource(signature(info), "", found))
    return found


def _stat(path: Path, root: Path | None, limit: int) -> os.stat_result | None:
    """The file's status when it may be taken from the store: a regular file inside
    ``root`` within the budget (``limit`` bytes); else None (it is read, and refused as
    today).

    A file that is no link is inside: the walk follows no link to a folder. Resolving
    each path (``check_inside``) was most of a rebuild's discovery.
    """
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            if root is not None:
                check_inside(path, root)
            info = os.stat(path)
    except (InputRefused, OSError):
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        return None
    return info


def _same(after: os.stat_result | None, before: os.stat_result) -> bool:
    """Nothing changed the file (reading it may change its atime, which is not compared)."""
    return after is not None and signature(after) == signature(before)


class _Taken(NamedTuple):
    """A file as discovery took it: its bytes (empty when not read), digest and size."""

    data: bytes
    digest: str
    size: int
    read: bool  # False: taken from the store, unread


def _taken(path: Path, root: Path | None, store: SourceStore | None, limit: int) -> _Taken:
    """The file read (at most ``limit`` bytes), or its stored digest when it has not changed."""
    info = _stat(path, root, limit) if store is not None else None
    if store is not None and info is not None:
        known = store.get(path, info)
        if known is not None and known.digest:
            return _Taken(b"", known.digest, info.st_size, False)
    data = read_input(path, limit, root)
    digest = hashlib.sha256(data).hexdigest()
    # Stored only when nothing changed while it was read.
    if store is not None and info is not None and _same(_stat(path, root, limit), info):
        store.put(path, KnownSource(signature(info), digest, True))
    return _Taken(data, digest, len(data), True)


def read_source(source: SourceFile, root: Path | None) -> SourceFile:
    """``source`` with its bytes, read now when discovery took it from the store.

    The file is read under the same conditions as in ``discover`` (``root``: the folder
    it must be inside, None for a file named by the user).
    """
    from trfsite.formats.limits import MAX_FILE_BYTES

    if source.read:
        return source
    data = read_input(source.path, MAX_FILE_BYTES.limit, root)
    return source._replace(data=data, digest=hashlib.sha256(data).hexdigest(), read=True)


def _looks_like_tournament(path: Path, root: Path | None) -> bool:
    """Sniff the content with the readers; a known suffix counts even if sniffing fails.

    A ``.trf`` or ``.hN`` file that is broken must still get its validation page,
    so a tournament suffix is enough; other files must look like one inside. Only
    their head is read, and only of a regular file inside the folder.
    """
    from trfsite.formats import has_tournament_suffix, sniff
    from trfsite.formats.text import NotTextError, decode

    if has_tournament_suffix(path.name):
        return True
    try:
        head = read_head(path, _SNIFF_BYTES, root)
    except InputRefused as exc:
        logger.info("%s: not a tournament file: it %s", shown_name(path), exc.reason)
        return False
    try:
        decoded = decode(head, shown_name(path.name))
    except NotTextError:
        return False
    try:
        return sniff(decoded.text) is not None
    except Exception:  # a reader's sniff must never stop the build
        logger.debug("sniffing %s failed", shown_name(path), exc_info=True)
        return False


class _Candidate(NamedTuple):
    """A file the walk found that may be a tournament file."""

    path: Path
    name: str  # its file name
    # its POSIX path under SRC, joined from the walk's names (``Path.relative_to`` and
    # ``as_posix`` for each were a third of a 3,000-event rebuild's discovery)
    under: str
    beside: frozenset[str] | None  # the names in its folder (None: not walked)


class _Walked(NamedTuple):
    """What the walk of SRC saw: the files that may be tournaments, the PGN files, and
    the names in SRC itself (every entry: files, folders, links)."""

    found: list[_Candidate]
    games: list[Path]
    top: frozenset[str]


def _walk(src: Path, exclude: tuple[Path, ...]) -> _Walked:
    found: list[_Candidate] = []
    games: list[Path] = []
    top: frozenset[str] = frozenset()
    start = os.fspath(src)  # os.walk gives it first, as given
    prefix = os.path.join(start, "")  # and each folder below it joined to it
    # Links to folders are not followed (os.walk's default): a link out of SRC is not walked.
    for folder, dirs, files in os.walk(src):
        here = Path(folder)
        inside = "" if folder == start else folder[len(prefix) :].replace(os.sep, "/") + "/"
        # Every name of the folder, before any is left out: whether an event has notes
        # is answered from it, not by one more lstat per event (issue 46).
        names = frozenset(files).union(dirs)
        if folder == start:
            top = names
        # Sorted, and without hidden folders or the output folder itself.
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".")
            and (here / d).resolve() not in exclude
            and d not in ("__pycache__", "node_modules")
        )
        for name in sorted(files):
            if name.startswith("."):
                continue
            # The suffix as ``Path.suffix`` gives it (a name starting with a dot is skipped).
            dot = name.rfind(".")
            suffix = name[dot:].lower() if 0 < dot < len(name) - 1 else ""
            if suffix not in _SKIP_SUFFIXES:
                found.append(_Candidate(here / name, name, inside + name, names))
            elif suffix == ".pgn":
                games.append(here / name)
    return _Walked(found, games, top)


def _text(path: Path, root: Path, refused: list[Finding]) -> str | None:
    """A Markdown file's text, or None (with a finding) when it is not read."""
    from trfsite.formats.limits import MAX_FILE_BYTES

    try:
        return read_input(path, MAX_FILE_BYTES.limit, root).decode("utf-8", errors="replace")
    except InputRefused as exc:
        refused.append(_refusal(path, root, exc))
        return None


def discover(
    src: Path,
    exclude: tuple[Path, ...] = (),
    store: SourceStore | None = None,
    hold_bytes: int | None = None,
) -> Discovery:
    """Every tournament file under ``src`` (recursively), sorted by relative path, read.

    Every file is read only when it is a regular file inside ``src`` (a link leading out
    is refused) and within the file budget; a file that is not read is one finding.
    ``store``: what the last builds read (``state_cache``); a file unchanged since is
    taken unread (``SourceFile.read``), and the store learns what was read now.
    A file named by the user (``src`` itself) is always read. ``hold_bytes`` (a
    build): the bytes kept at most, in the files' order (None: all); the files read
    past it are not kept but read again when their event is built
    (``build_sources.LateReads``), so that a cold build does not hold the whole
    archive's bytes (issue 46: ~10 MiB per 1,000 events) while a rebuild keeps the
    few files that changed.
    """
    from trfsite.formats import has_tournament_suffix
    from trfsite.formats.limits import MAX_FILE_BYTES

    limit = MAX_FILE_BYTES.limit
    inside: Path | None
    games: list[Path] | None = None
    top: frozenset[str] | None = None  # None: not walked, looked for
    if src.is_file():
        # named by the user: a link is theirs to choose; its path under its folder
        candidates = [_Candidate(src, src.name, src.name, None)]
        root, inside = src.parent, None
        store = None
    else:
        walked = _walk(src, tuple(p.resolve() for p in exclude))
        candidates, games, top = walked.found, walked.games, walked.top
        root = inside = src
    if store is not None:
        store.prefix = os.path.join(os.fsencode(src), b"")  # the keys: paths under SRC
    # Each path's name under SRC made once: the sort's key, then the file's.
    chosen = sorted(
        (
            (shown_name(c.under), c)
            for c in candidates
            if has_tournament_suffix(c.name) or _sniffed(c.path, inside, store, limit)
        ),
        key=itemgetter(0),
    )
    refused: list[Finding] = []
    read: list[tuple[str, _Candidate, _Taken]] = []
    unread = 0
    budget = hold_bytes
    for relative, candidate in chosen:
        try:
            taken = _taken(candidate.path, inside, store, limit)
        except InputRefused as exc:
            refused.append(_refusal(candidate.path, root, exc))
            continue
        unread += not taken.read
        if budget is not None and inside is not None and taken.read:
            if len(taken.data) > budget:  # dropped at once: read again when built
                taken = taken._replace(data=b"", read=False)
                budget = 0  # the next files too: the bytes kept are the first ones
            else:
                budget -= len(taken.data)
        read.append((relative, candidate, taken))
    if store is not None:
        store.walked([*(c.path for c in candidates), *(games or ())])
        logger.info("%d of %d file(s) unchanged since the last build, not read", unread, len(read))
    stems = [c.path.stem for _, c, _ in read]
    slugs = assign_slugs(map(shown_name, stems))
    files = []
    for (relative, candidate, taken), stem, slug in zip(read, stems, slugs, strict=True):
        path, names = candidate.path, candidate.beside
        # NAME.md looked for by its name among the folder's: a Path made only for one
        # that is there (3,000 made for nothing were ~5 ms of a rebuild, issue 46).
        notes_path: Path | None = None
        notes = None
        if names is None or f"{stem}.md" in names:
            notes_path = path.with_suffix(".md")
            if names is not None or _exists(notes_path):
                notes = _text(notes_path, root, refused)
        files.append(
            SourceFile(
                str(path),
                relative,
                stem,
                slug,
                str(notes_path) if notes is not None else None,
                taken.data,
                notes or "",
                taken.digest,
                taken.read,
                taken.size,
            )
        )
    index = root / "index.md"
    there = index.name in top if top is not None else _exists(index)
    index_text = _text(index, root, refused) if there else None
    return Discovery(
        tuple(files),
        index if index_text is not None else None,
        index_text or "",
        tuple(sorted(refused, key=lambda f: f.file)),
        unread,
        None if games is None else frozenset(games),
        store,
    )


def _exists(path: Path) -> bool:
    """Something is there, even a broken link or a FIFO (reported when read)."""
    return os.path.lexists(path)
