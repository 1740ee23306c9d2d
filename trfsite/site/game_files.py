"""Which PGN files hold an event's games: its stem's ``.pgn``, or the configured globs.

A build's discovery lists every folder once (``site.discover``): an event's own PGN is
looked for in that listing, and one unchanged since a build stored its signature
(``state_cache``) is taken with its stored digest, unread, as tournament files are;
``read_late`` reads it when its event is built.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from trfsite.formats.limits import MAX_PGN_BYTES

if TYPE_CHECKING:
    from trfsite.site.state_cache import SourceStore

logger = logging.getLogger(__name__)

_OWN_SUFFIXES = (".pgn", ".PGN")


class TakenGames(NamedTuple):
    """An event's PGN files: (path under SRC, bytes) each, with the sha256 of their bytes
    (hex, in the same order); ``unread``: taken from the store, every bytes empty."""

    files: tuple[tuple[str, bytes], ...]
    digests: tuple[str, ...]
    unread: bool = False


def game_files(
    tournament: Path, relative: str, patterns: tuple[str, ...]
) -> tuple[tuple[str, bytes], ...]:
    """(path under SRC, bytes) of each PGN file of the tournament file ``tournament``
    (``relative``: its path under SRC). A file larger than ``MAX_PGN_BYTES`` is read
    one byte past it, so that the event reports it without holding it whole."""
    folder = tournament.parent
    depth = relative.count("/") + 1
    root = tournament.parents[depth - 1].resolve()
    if patterns:
        found: list[Path] = []
        for pattern in patterns:
            found.extend(sorted(folder.glob(pattern)))
    else:
        found = [
            path for path in (tournament.with_suffix(".pgn"), tournament.with_suffix(".PGN"))
            if path.is_file()
        ][:1]  # fmt: skip
    files: list[tuple[str, bytes]] = []
    seen: set[Path] = set()
    for path in found:
        resolved = path.resolve()
        if resolved in seen or not path.is_file() or not resolved.is_relative_to(root):
            continue
        seen.add(resolved)
        try:
            data = read_pgn(path)
        except OSError as exc:
            logger.warning("%s: cannot be read: %s", path, exc)
            continue
        files.append((resolved.relative_to(root).as_posix(), data))
    return tuple(files)


def read_pgn(path: Path) -> bytes:
    """The PGN file's bytes, one past ``MAX_PGN_BYTES`` at most."""
    with path.open("rb") as handle:
        return handle.read(MAX_PGN_BYTES.limit + 1)


def taken_game_files(
    location: str,
    relative: str,
    patterns: tuple[str, ...],
    listed: Collection[Path] | None,
    store: SourceStore | None,
) -> TakenGames:
    """``game_files``, with the PGN beside the tournament file at ``location`` looked for
    in ``listed`` (the PGN files discovery's walk saw; None: not walked) and taken unread
    from ``store`` when its signature is the stored one.

    Only a regular file that is no link is taken so (a link or the globs of
    ``patterns`` go ``game_files``' way, read every time): its path under SRC is then
    the one ``game_files`` gives without resolving it.
    """
    if patterns or listed is None or store is None:
        return _read_all(game_files(Path(location), relative, patterns))
    if not listed:  # no PGN file in SRC: no path made per event (issue 46)
        return TakenGames((), ())
    tournament = Path(location)
    own = next((p for p in map(tournament.with_suffix, _OWN_SUFFIXES) if p in listed), None)
    if own is None:
        return TakenGames((), ())
    try:
        info = os.lstat(own)
    except OSError:
        return TakenGames((), ())
    if not stat.S_ISREG(info.st_mode):  # a link, or no longer a file: as game_files does
        return _read_all(game_files(tournament, relative, patterns))
    name = own.relative_to(tournament.parents[relative.count("/")]).as_posix()
    known = store.get(own, info)
    if known is not None and known.digest:
        return TakenGames(((name, b""),), (known.digest,), unread=True)
    try:
        data = read_pgn(own)
    except OSError as exc:
        logger.warning("%s: cannot be read: %s", own, exc)
        return TakenGames((), ())
    import hashlib  # as the store below: not for ``trfsite validate``, which hashes nothing

    digest = hashlib.sha256(data).hexdigest()
    try:
        after = os.lstat(own)
    except OSError:
        after = None
    # The store's module only here: ``trfsite validate`` (game_files alone) needs none of
    # the state, its rows or their templates.
    from trfsite.site.state_cache import KnownSource, signature

    if after is not None and signature(after) == signature(info):  # not changed while read
        store.put(own, KnownSource(signature(info), digest, False))
    return TakenGames(((name, data),), (digest,))


def read_late(tournament: Path, name: str) -> bytes | None:
    """The bytes of the PGN ``name`` (as ``taken_game_files`` gave it) beside
    ``tournament``, read as discovery would have: a regular file that is no link;
    None when it is not one any more or cannot be read."""
    path = tournament.with_name(name.rpartition("/")[2])
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        return read_pgn(path)
    except OSError:
        return None


def _read_all(files: tuple[tuple[str, bytes], ...]) -> TakenGames:
    import hashlib  # as in taken_game_files

    return TakenGames(files, tuple(hashlib.sha256(data).hexdigest() for _, data in files))
