"""Compiled templates kept between builds, as Python keeps its bytecode.

Every worker process compiles the templates it renders: 0.23 s for an event's
templates, paid again by each worker of every build (and by the one event a
rebuild makes). Jinja's bytecode cache stores the compiled code beside nothing
the site ships: in the user's cache folder (``$TRFSITE_CACHE_DIR``, else
``$XDG_CACHE_HOME/trfsite``, else ``~/.cache/trfsite``; ``TRFSITE_CACHE_DIR=""``
turns it off). A template is compiled again when its source changes (Jinja
checks a hash of it); the folder's name hashes the code that compiles and the
language's catalog (``_("text")`` is translated as a template compiles), so
a new trfsite, Jinja or translation never loads code compiled before it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import stat
import sys
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import FileSystemBytecodeCache

import trfsite

logger = logging.getLogger(__name__)

CACHE_ENV = "TRFSITE_CACHE_DIR"
_made: dict[Path, FileSystemBytecodeCache | None] = {}


class _BestEffortCache(FileSystemBytecodeCache):
    """A cache that never fails the build: the user's cache folder may be full (or turn
    read-only) while OUT has room. A template that cannot be stored is compiled again
    next time; one that cannot be loaded is compiled now."""

    # The bucket is Jinja's ``Bucket``, documented with BytecodeCache but in a module
    # (jinja2.bccache) that is no public import: typed as Any here.
    def dump_bytecode(self, bucket: Any) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError as exc:
            logger.info("%s: compiled template not kept (%s)", self.directory, exc.strerror)

    def load_bytecode(self, bucket: Any) -> None:
        try:
            super().load_bytecode(bucket)
        except OSError as exc:
            logger.info("%s: compiled template not read (%s)", self.directory, exc.strerror)


def cache_root() -> Path | None:
    """The user's trfsite cache folder, or None when turned off."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen.strip() else None
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    if xdg:
        return Path(xdg) / "trfsite"
    try:
        return Path.home() / ".cache" / "trfsite"
    except RuntimeError:  # no home folder (a service account)
        return None


def _compiler_digest(language: str) -> str:
    """What the compiled code depends on besides the template's source."""
    digest = hashlib.sha256(
        f"trfsite {trfsite.__version__}\njinja2 {jinja2.__version__}\n{sys.version}\n".encode()
    )
    render = Path(trfsite.__file__).resolve().parent / "render"
    catalogs = render / "locale" / language / "LC_MESSAGES"
    for path in [*sorted(render.glob("*.py")), *sorted(catalogs.glob("*.mo"))]:
        digest.update(path.name.encode() + b"\n" + path.read_bytes())
    return digest.hexdigest()[:16]


def _private(folder: Path) -> bool:
    """The folder is ours alone: compiled code from it is run, so nobody else may write it."""
    info = folder.lstat()
    if not stat.S_ISDIR(info.st_mode):
        return False
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return False
    return not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def template_cache(language: str) -> FileSystemBytecodeCache | None:
    """This process's bytecode cache for ``language``, or None without a usable folder."""
    root = cache_root()
    if root is None or not language.replace("-", "").replace("_", "").isalnum():
        return None
    folder = root / f"templates-{language}-{_compiler_digest(language)}"
    if folder in _made:
        return _made[folder]
    made: FileSystemBytecodeCache | None = None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if _private(folder):
            made = _BestEffortCache(str(folder), "%s.jinja")
        else:
            logger.info("%s: not private to this user; templates are compiled anew", folder)
    except OSError as exc:
        logger.info("%s: no template cache (%s); templates are compiled anew", folder, exc)
    _made[folder] = made
    return made
