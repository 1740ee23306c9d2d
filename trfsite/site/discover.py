"""Finding tournament files under SRC by their content, in a fixed order."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from trfsite.site.slug import assign_slugs

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
_MAX_BYTES = 64 * 1024 * 1024
_SNIFF_BYTES = 64 * 1024


@dataclass(frozen=True, slots=True)
class SourceFile:
    path: Path
    relative: str  # POSIX path under SRC, for messages and sorting
    slug: str
    notes_path: Path | None  # NAME.md beside the file


@dataclass(frozen=True, slots=True)
class Discovery:
    files: tuple[SourceFile, ...]
    index_notes: Path | None  # SRC/index.md


def _looks_like_tournament(path: Path) -> bool:
    """Sniff the content with the readers; a known suffix counts even if sniffing fails.

    A ``.trf`` or ``.hN`` file that is broken must still get its validation page,
    so a tournament suffix is enough; other files must look like one inside.
    """
    from trfsite.formats import sniff
    from trfsite.formats.text import NotTextError, decode

    suffix = path.suffix.lower()
    egf_suffix = len(suffix) == 3 and suffix[:2] == ".h" and suffix[2].isdigit()
    if suffix in (".trf", ".trfx") or egf_suffix:
        return True
    try:
        with path.open("rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError as exc:
        logger.warning("%s: cannot be read: %s", path, exc)
        return False
    try:
        decoded = decode(head, path.name)
    except NotTextError:
        return False
    try:
        return sniff(decoded.text) is not None
    except Exception:  # a reader's sniff must never stop the build
        logger.debug("sniffing %s failed", path, exc_info=True)
        return False


def _walk(src: Path, exclude: tuple[Path, ...]) -> list[Path]:
    found: list[Path] = []
    for folder, dirs, files in os.walk(src):
        here = Path(folder)
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
            path = here / name
            if path.suffix.lower() in _SKIP_SUFFIXES or not path.is_file():
                continue
            try:
                if path.stat().st_size > _MAX_BYTES:
                    logger.warning("%s: skipped, larger than %d bytes", path, _MAX_BYTES)
                    continue
            except OSError:
                continue
            found.append(path)
    return found


def discover(src: Path, exclude: tuple[Path, ...] = ()) -> Discovery:
    """Every tournament file under ``src`` (recursively), sorted by relative path."""
    if src.is_file():
        candidates = [src]
        root = src.parent
    else:
        candidates = _walk(src, tuple(p.resolve() for p in exclude))
        root = src
    chosen = [p for p in candidates if _looks_like_tournament(p)]
    chosen.sort(key=lambda p: p.relative_to(root).as_posix())
    slugs = assign_slugs(p.stem for p in chosen)
    files = []
    for path, slug in zip(chosen, slugs, strict=True):
        notes = path.with_suffix(".md")
        relative = path.relative_to(root).as_posix()
        files.append(SourceFile(path, relative, slug, notes if notes.is_file() else None))
    index = root / "index.md"
    return Discovery(tuple(files), index if index.is_file() else None)
