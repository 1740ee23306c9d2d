"""Which PGN files hold an event's games: its stem's ``.pgn``, or the configured globs."""

from __future__ import annotations

import logging
from pathlib import Path

from trfsite.formats.limits import MAX_PGN_BYTES

logger = logging.getLogger(__name__)


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
            with path.open("rb") as handle:
                data = handle.read(MAX_PGN_BYTES.limit + 1)
        except OSError as exc:
            logger.warning("%s: cannot be read: %s", path, exc)
            continue
        files.append((resolved.relative_to(root).as_posix(), data))
    return tuple(files)
