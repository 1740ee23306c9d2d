"""The content-hash cache: rebuild only the events whose inputs changed.

``OUT/.trfsite-cache.json`` (a hidden file beside the ``.trfsite-build``
marker) lists, per event, a key and the files the event put in OUT. The key
hashes everything an event's files depend on: the file's bytes and name, its
slug, its notes, its effective config, the site settings (title, language,
base URL, build date), whether a bulletin is wanted, the theme chain's files,
and trfsite itself (version, code and message catalogs). Any change of those
gives a new key, so an old entry can never be used for new inputs.

An entry is only reused when the event's folder in the previous OUT holds
the listed files with the listed sizes (checked as they are linked into the
new build); a missing or damaged file means the event is built again, and
files not listed are not carried over. The manifest records no
times, so two builds of the same inputs give identical output folders.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import logging
import os
import stat
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Protocol

import trfsite
from trfsite.pages.rows import EventSummary
from trfsite.site.event_build import EventOutput, EventTask

logger = logging.getLogger(__name__)

MANIFEST = ".trfsite-cache.json"
_FORMAT = 1
_DATE_FIELDS = ("start_date", "end_date")


@dataclass(frozen=True, slots=True)
class CacheEntry:
    """What a reused event contributes, without rendering it again."""

    key: str
    slug: str
    summary: EventSummary
    files: tuple[tuple[str, int], ...]  # (path under OUT, size in bytes)
    pages: int
    pdf: bool
    errors: int
    warnings: int
    failure: str
    pdf_failure: str


class _Digest(Protocol):
    """What ``_hash_tree`` needs of a hashlib object (its class is not public)."""

    def update(self, data: bytes, /) -> None: ...


def _hash_tree(digest: _Digest, root: Path, label: str) -> None:
    """Every file under ``root`` (names and bytes), in a fixed order."""
    if not root.is_dir():
        digest.update(f"{label}: none\n".encode())
        return
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(f"{label}/{path.relative_to(root).as_posix()}\n".encode())
            digest.update(path.read_bytes())


@functools.cache
def _package_digest() -> str:
    """trfsite's own files (code, catalogs), hashed once a process: the code a process
    runs does not change under it, and every build of ``serve`` or of a small event paid
    for reading some 700 files again (a third of a one-event build's CPU)."""
    digest = hashlib.sha256()
    package = Path(trfsite.__file__).resolve().parent
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package)
        if relative.parts[0] == "themes" or "__pycache__" in relative.parts:
            continue  # themes are hashed in build_fingerprint, as the build uses them
        if path.is_file():
            digest.update(f"package/{relative.as_posix()}\n".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def build_fingerprint(theme_paths: tuple[Path, ...], bulletin_paths: tuple[Path, ...]) -> str:
    """trfsite (version, code, catalogs) and the themes; shared by every event's key."""
    digest = hashlib.sha256(f"trfsite {trfsite.__version__}\n".encode())
    digest.update(f"package {_package_digest()}\n".encode())
    for number, path in enumerate(theme_paths):
        _hash_tree(digest, path, f"theme{number}")
    for number, path in enumerate(bulletin_paths):
        _hash_tree(digest, path, f"bulletin{number}")
    return digest.hexdigest()


def event_key(fingerprint: str, task: EventTask) -> str:
    """The key of one event: its inputs and settings, and the build fingerprint."""
    job = task.job
    digest = hashlib.sha256()
    for part in (
        fingerprint,
        repr(task.theme_paths),
        job.source_name,
        job.slug,
        repr(job.config),
        repr(job.site),
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
    digest.update(job.data)
    for name, data in job.games:
        encoded = name.encode("utf-8", "surrogatepass")
        digest.update(len(encoded).to_bytes(8, "big") + encoded)
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


# --------------------------------------------------------------------------- manifest
def _summary_json(summary: EventSummary) -> dict[str, object]:
    data: dict[str, object] = {}
    for f in fields(summary):
        value = getattr(summary, f.name)
        data[f.name] = value.isoformat() if isinstance(value, dt.date) else value
    return data


def _summary_from(data: object) -> EventSummary:
    if not isinstance(data, dict):
        raise ValueError(f"summary is {type(data).__name__}; expected an object")
    values: dict[str, object] = {}
    for f in fields(EventSummary):
        value = data[f.name]
        if value is not None and not isinstance(value, str | int | bool):
            raise ValueError(f"summary field {f.name!r} is {value!r}; expected a scalar")
        if f.name in _DATE_FIELDS and value is not None:
            value = dt.date.fromisoformat(str(value))
        values[f.name] = value
    if set(data) != set(values):
        raise ValueError(f"summary has unknown fields {sorted(set(data) - set(values))!r}")
    return EventSummary(**values)  # type: ignore[arg-type]


def entry_for(key: str, output: EventOutput) -> CacheEntry:
    return CacheEntry(
        key=key,
        slug=output.slug,
        summary=output.summary,
        files=tuple(sorted(output.sizes)),  # parts may come in any order
        pages=output.pages,
        pdf=output.pdf,
        errors=output.errors,
        warnings=output.warnings,
        failure=output.failure,
        pdf_failure=output.pdf_failure,
    )


def _entry_json(entry: CacheEntry) -> dict[str, object]:
    prefix = f"{entry.slug}/"
    return {
        "slug": entry.slug,
        "summary": _summary_json(entry.summary),
        "files": [[path.removeprefix(prefix), size] for path, size in entry.files],
        "pages": entry.pages,
        "pdf": entry.pdf,
        "errors": entry.errors,
        "warnings": entry.warnings,
        "failure": entry.failure,
        "pdf_failure": entry.pdf_failure,
    }


def _typed(data: dict[str, object], name: str, kind: type) -> object:
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{name!r} is {value!r}; expected {kind.__name__}")
    return value


def _entry_from(key: str, data: object) -> CacheEntry:
    if not isinstance(data, dict):
        raise ValueError(f"entry is {type(data).__name__}; expected an object")
    slug = str(_typed(data, "slug", str))
    if not slug or "/" in slug or slug.startswith("."):
        raise ValueError(f"slug {slug!r} is not a folder name")
    files = []
    for item in _typed(data, "files", list):  # type: ignore[attr-defined]
        if not (isinstance(item, list) and len(item) == 2):
            raise ValueError(f"file entry {item!r}; expected [path, size]")
        path, size = item
        if not isinstance(path, str) or not isinstance(size, int) or ".." in path.split("/"):
            raise ValueError(f"file entry {item!r}; expected [path, size]")
        files.append((f"{slug}/{path}", size))
    return CacheEntry(
        key=key,
        slug=slug,
        summary=_summary_from(data["summary"]),
        files=tuple(files),
        pages=int(_typed(data, "pages", int)),  # type: ignore[call-overload]
        pdf=bool(_typed(data, "pdf", bool)),
        errors=int(_typed(data, "errors", int)),  # type: ignore[call-overload]
        warnings=int(_typed(data, "warnings", int)),  # type: ignore[call-overload]
        failure=str(_typed(data, "failure", str)),
        pdf_failure=str(_typed(data, "pdf_failure", str)),
    )


def load_manifest(out: Path) -> dict[str, CacheEntry]:
    """The previous build's entries by key; damaged entries (or a damaged file) are skipped."""
    path = out / MANIFEST
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        logger.warning("%s: cache manifest unreadable (%s); every event is built", path, exc)
        return {}
    if not isinstance(raw, dict) or raw.get("format") != _FORMAT:
        return {}
    entries = raw.get("entries")
    if not isinstance(entries, dict):
        return {}
    found = {}
    for key, data in entries.items():
        try:
            found[key] = _entry_from(key, data)
        except (KeyError, TypeError, ValueError) as exc:
            logger.info("%s: cache entry %s skipped (%s)", path, key[:12], exc)
    return found


def manifest_text(entries: list[CacheEntry]) -> str:
    """The manifest for this build's events (sorted, no times: deterministic)."""
    body = {
        "format": _FORMAT,
        "entries": {e.key: _entry_json(e) for e in sorted(entries, key=lambda e: e.key)},
    }
    return json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def reusable(entry: CacheEntry, out: Path) -> bool:
    """The event's folder is still in OUT, a folder (not a link).

    Its files are checked as they are linked into the new build, in the workers
    (``publish.link_unchanged``); an event whose files are not as listed is
    built again then.
    """
    try:
        return stat.S_ISDIR(os.lstat(out / entry.slug).st_mode)
    except OSError:
        return False
