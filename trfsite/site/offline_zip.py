"""``EVENT/EVENT.zip``: one event's pages, data and the theme's static files, for reading offline.

Made from the event's folder once its pages are on disk, in the site's own layout
(``EVENT/...`` beside ``static/...``), so the pages' relative links keep working
after unzipping. Links that leave the copy (other events, the people pages, the
home page) point to the online site when ``base_url`` is set; without it they stay
relative: a dead link, but never a failed request (only ``static/`` is loaded).
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Sequence
from pathlib import Path

# Fixed for identical bytes on every build (the zip format's earliest date).
_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
# Deflate's fastest level: pages shrink ~5x (level 6: ~6x, for 1.5x the CPU; zipping
# 40 generated events took 1.8 s against 2.8 s, of a 15 s build).
_LEVEL = 1
# Already compressed: deflating them again costs CPU for nothing.
_STORED = frozenset({".pdf", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".zip"})
_UP_LINK = re.compile(rb'href="((?:\.\./)+[^"#?]*)')


def zip_name(slug: str) -> str:
    """The copy's path under OUT."""
    return f"{slug}/{slug}.zip"


def _absolute_links(data: bytes, arcname: str, slug: str, base_url: str) -> bytes:
    """``data`` (a page at ``arcname``) with links out of the copy made absolute."""
    folder = posixpath.dirname(arcname)
    root = base_url.rstrip("/") + "/"

    def absolute(match: re.Match[bytes]) -> bytes:
        link = match.group(1).decode("utf-8")
        target = posixpath.normpath(posixpath.join(folder, link))
        if target.startswith(("..", f"{slug}/", "static/")) or target in (slug, "static"):
            return match.group(0)
        if target == ".":
            target = ""
        return b'href="' + (root + target).encode("utf-8")

    return _UP_LINK.sub(absolute, data)


def _entry(arcname: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(arcname, date_time=_TIMESTAMP)
    info.external_attr = 0o644 << 16  # rw-r--r--, whatever the umask
    info.create_system = 3  # Unix, on every platform
    stored = posixpath.splitext(arcname)[1].lower() in _STORED
    info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    return info


def write_offline_zip(
    root: Path, slug: str, static: Sequence[tuple[str, Path]], base_url: str
) -> int:
    """Write ``root/EVENT/EVENT.zip`` from the event's folder and ``static``; its size."""
    name = zip_name(slug)
    entries: dict[str, Path] = {f"static/{relative}": source for relative, source in static}
    folder = root / slug
    for path in folder.rglob("*"):
        arcname = path.relative_to(root).as_posix()
        if arcname != name and path.is_file():
            entries[arcname] = path
    target = root / name
    with zipfile.ZipFile(target, "w", compresslevel=_LEVEL) as archive:
        for arcname in sorted(entries):
            data = entries[arcname].read_bytes()
            if base_url and arcname.endswith(".html"):
                data = _absolute_links(data, arcname, slug, base_url)
            archive.writestr(_entry(arcname), data, compresslevel=_LEVEL)
    return target.stat().st_size
