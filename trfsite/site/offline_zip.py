"""``EVENT/EVENT.zip``: one event's pages, data and the theme's static files, for reading offline.

Made from the event's folder once its pages are on disk, in the site's own layout
(``EVENT/...`` beside ``static/...``), so the pages' relative links keep working
after unzipping. Links that leave the copy (other events, the people pages, the
home page) point to the online site when ``base_url`` is set; without it they stay
relative: a dead link, but never a failed request (only ``static/`` is loaded).

Deflating the pages is most of the copy's cost. So the processes that render the
pages deflate each as they make it (``pack``), and the copy is only put together here: a
file of the folder that came without its packed form is read and deflated here instead.
The deflate is ISA-L's (``isal``), not zlib's: the same format and about the same size,
for a quarter of the CPU (the 2000-player open's pages: 0.15 s against 0.55 s at zlib's
fastest level). The archive is written by ``_write_archive`` (the ZIP format, APPNOTE
6.3: local headers, central directory, end record) with the same fields as ``zipfile``
writes for ``writestr`` (``tests/site/test_offline_zip.py`` compares them); a copy too
large for the plain format is left to ``zipfile`` itself, which deflates with zlib.
"""

import os
import posixpath
import re
import struct
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

from isal import isal_zlib

if TYPE_CHECKING:
    # Imported where a copy too large for the plain format is written: zipfile (and what
    # it imports) is 1-2 ms of every build's serial start, for copies of over 2 GiB.
    import zipfile

# Fixed for identical bytes on every build (the zip format's earliest date).
_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
# ISA-L's level 1: pages shrink ~6x, as with zlib's level 1 (ISA-L's level 0: 12 % larger
# for 20 % less CPU). zlib's level for the copies zipfile writes.
_LEVEL = 1
# Already compressed: deflating them again costs CPU for nothing.
_STORED = frozenset({".pdf", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".zip"})
_UP_LINK = re.compile(rb'href="((?:\.\./)+[^"#?]*)')
# Beyond these the format needs its ZIP64 extensions: such a copy is left to zipfile.
_PLAIN_LIMIT = (1 << 31) - 1
_PLAIN_ENTRIES = 0xFFFF
_MODE = 0o644 << 16  # rw-r--r--, whatever the umask
_UNIX = 3  # the system that made the entries: Unix, on every platform
_VERSION = 20  # the format's version 2.0: deflate
# The entries' compression methods (APPNOTE 4.4.5), as zipfile.ZIP_STORED, ZIP_DEFLATED.
_METHOD_STORED = 0
_METHOD_DEFLATED = 8
_WRITE_BUFFER = 1 << 20


def zip_name(slug: str) -> str:
    """The copy's path under OUT."""
    return f"{slug}/{slug}.zip"


class Packed(NamedTuple):
    """One file of the copy, ready to be put in it: its bytes as the copy holds them."""

    arcname: str  # its path in the copy (and under OUT)
    crc: int  # CRC-32 of the bytes unpacked
    size: int  # the bytes unpacked
    data: bytes  # deflated (raw deflate, as a zip entry holds it), or stored
    deflated: bool
    source_size: int  # the file's size on disk (a page's links may be rewritten in the copy)


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


def _stored(arcname: str) -> bool:
    return posixpath.splitext(arcname)[1].lower() in _STORED


def pack(arcname: str, data: bytes, slug: str, base_url: str) -> Packed:
    """``data``, the file at ``arcname`` under OUT, as the copy of event ``slug`` holds it."""
    source_size = len(data)
    if base_url and arcname.endswith(".html"):
        data = _absolute_links(data, arcname, slug, base_url)
    crc = isal_zlib.crc32(data)
    if _stored(arcname):
        return Packed(arcname, crc, len(data), data, False, source_size)
    # Raw deflate, as a zip entry holds it.
    deflate = isal_zlib.compressobj(_LEVEL, isal_zlib.DEFLATED, -15)
    packed = deflate.compress(data) + deflate.flush()
    return Packed(arcname, crc, len(data), packed, True, source_size)


def pack_static(static: Sequence[tuple[str, Path]]) -> dict[str, Packed]:
    """The theme's static files as every event's copy holds them, packed once a build.

    No event changes them (only a page's links are rewritten, so a static page is
    left to each copy): read and deflated per event, they were 2-3 ms of a small
    event's ~130 ms of CPU.
    """
    packed = {}
    for relative, source in static:
        arcname = f"static/{relative}"
        if not arcname.endswith(".html"):
            packed[arcname] = pack(arcname, source.read_bytes(), "", "")
    return packed


def _entry(arcname: str) -> "zipfile.ZipInfo":
    import zipfile

    info = zipfile.ZipInfo(arcname, date_time=_TIMESTAMP)
    info.external_attr = _MODE
    info.create_system = _UNIX
    info.compress_type = _METHOD_STORED if _stored(arcname) else _METHOD_DEFLATED
    return info


def write_offline_zip(
    root: Path,
    slug: str,
    static: Sequence[tuple[str, Path]],
    base_url: str,
    packed: Mapping[str, Packed] | None = None,
) -> int:
    """Write ``root/EVENT/EVENT.zip`` from the event's folder and ``static``; its size.

    ``packed``: files of the folder already packed, by path under OUT; a file of the
    folder not among them (or of another size) is read from disk.
    """
    name = zip_name(slug)
    static_sources = {f"static/{relative}": source for relative, source in static}
    found = _folder_files(root / slug, f"{slug}/")
    found.pop(name, None)
    made = packed or {}
    entries: list[Packed] = []
    for arcname in sorted(static_sources.keys() | found.keys()):
        ready = made.get(arcname)
        file = found.get(arcname)
        # Each file is stat'ed once, to see it is still what was packed.
        size = (file.stat() if file is not None else static_sources[arcname].stat()).st_size
        if ready is None or ready.source_size != size:
            source = Path(file.path) if file is not None else static_sources[arcname]
            ready = pack(arcname, source.read_bytes(), slug, base_url)
        entries.append(ready)
    target = root / name
    if len(entries) > _PLAIN_ENTRIES or sum(len(e.data) + 200 for e in entries) > _PLAIN_LIMIT:
        sources = {**static_sources, **{arcname: Path(f.path) for arcname, f in found.items()}}
        _write_with_zipfile(target, entries, sources, slug, base_url)
        return target.stat().st_size
    # A large buffer: the entries' headers and data go out in a few writes, not two each.
    with target.open("wb", buffering=_WRITE_BUFFER) as out:
        _write_archive(out, entries)
        return out.tell()


def _folder_files(folder: Path | str, prefix: str) -> dict[str, os.DirEntry[str]]:
    """The files below ``folder``, by path under OUT (``prefix``: the folder's), as
    ``Path.rglob`` and ``is_file`` find them (symbolic links to folders not followed);
    the directory's entries tell files from folders without a ``stat`` each."""
    found: dict[str, os.DirEntry[str]] = {}
    try:
        with os.scandir(folder) as entries:
            listed = list(entries)
    except (FileNotFoundError, NotADirectoryError, PermissionError):  # as rglob skips them
        return found
    for entry in listed:
        if entry.is_dir(follow_symlinks=False):
            found.update(_folder_files(entry.path, f"{prefix}{entry.name}/"))
        elif entry.is_file():
            found[f"{prefix}{entry.name}"] = entry
    return found


def _write_with_zipfile(
    target: Path, entries: Iterable[Packed], sources: Mapping[str, Path], slug: str, base_url: str
) -> None:
    """A copy beyond the plain format's limits: zipfile writes its ZIP64 records."""
    import zipfile

    with zipfile.ZipFile(target, "w", compresslevel=_LEVEL) as archive:
        for entry in entries:
            data = sources[entry.arcname].read_bytes()
            if base_url and entry.arcname.endswith(".html"):
                data = _absolute_links(data, entry.arcname, slug, base_url)
            archive.writestr(_entry(entry.arcname), data, compresslevel=_LEVEL)


# The format's records (APPNOTE.TXT 4.3.7, 4.3.12, 4.3.16), little-endian.
_LOCAL = struct.Struct("<4s2B4HL2L2H")
_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")
_END = struct.Struct("<4s4H2LH")
_DOS_DATE = (_TIMESTAMP[0] - 1980) << 9 | _TIMESTAMP[1] << 5 | _TIMESTAMP[2]
_DOS_TIME = _TIMESTAMP[3] << 11 | _TIMESTAMP[4] << 5 | _TIMESTAMP[5] // 2
_UTF8_NAME = 0x800  # general purpose bit 11: the name is UTF-8


def _name(arcname: str) -> tuple[bytes, int]:
    """The entry's name as the archive holds it, and its flags (UTF-8 unless ASCII)."""
    try:
        return arcname.encode("ascii"), 0
    except UnicodeEncodeError:
        return arcname.encode("utf-8"), _UTF8_NAME


def _write_archive(out: BinaryIO, entries: Sequence[Packed]) -> None:
    """Local header and data of each entry, in order, then the central directory."""
    central: list[bytes] = []
    offset = 0
    for entry in entries:
        name, flags = _name(entry.arcname)
        method = _METHOD_DEFLATED if entry.deflated else _METHOD_STORED
        fields = (flags, method, _DOS_TIME, _DOS_DATE, entry.crc, len(entry.data), entry.size)
        header = _LOCAL.pack(b"PK\x03\x04", _VERSION, 0, *fields, len(name), 0)
        made_by = (_VERSION, _UNIX, _VERSION, 0)  # versions, system, reserved
        # No extra field, no comment, disk 0, no internal attributes.
        record = _CENTRAL.pack(
            b"PK\x01\x02", *made_by, *fields, len(name), 0, 0, 0, 0, _MODE, offset
        )
        central.append(record + name)
        out.write(header + name)
        out.write(entry.data)
        offset += len(header) + len(name) + len(entry.data)
    directory = b"".join(central)
    out.write(directory)
    count = len(entries)
    out.write(_END.pack(b"PK\x05\x06", 0, 0, count, count, len(directory), offset, 0))
