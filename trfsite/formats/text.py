"""Bytes to text without loss, for files from the wild.

Real TRF and EGF files come as UTF-8 (with or without a BOM), CP1252 or
Latin-1, with LF, CRLF or CR line endings. Readers call ``decode`` and then
``split_lines``; both are pure.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from trfsite.findings import Finding, Severity
from trfsite.results import Note

# CP1252 leaves these five bytes undefined; a file holding them is Latin-1.
_CP1252_HOLES = frozenset(b"\x81\x8d\x8f\x90\x9d")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class NotTextError(ValueError):
    """The bytes are not a text file we can read (empty, binary, UTF-16...)."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


class Decoded(NamedTuple):
    """A file's text, the encoding it was read in, and what decoding found."""

    text: str
    encoding: str  # "utf-8", "utf-8-sig", "cp1252", "latin-1" or "mixed"
    findings: tuple[Finding, ...] = ()


def _not_text(name: str, code: str, message: str) -> NotTextError:
    return NotTextError(Finding(Severity.ERROR, code, message, name, 0, 0))


def _single_byte(data: bytes, fallback: str) -> tuple[str, str]:
    if fallback == "cp1252" and not (_CP1252_HOLES & set(data)):
        return data.decode("cp1252"), "cp1252"
    codec = "latin-1" if fallback == "cp1252" else fallback
    return data.decode(codec), codec


def decode(data: bytes, name: str = "", fallback: str = "cp1252") -> Decoded:
    """Decode file bytes; raise NotTextError for input that is not a text file.

    ``fallback`` is the single-byte encoding to try when UTF-8 fails
    (``cp1252`` for TRF, ``iso-8859-15`` or ``latin-1`` for EGF).
    """
    if not data.strip():
        raise _not_text(name, "file-empty", "the file is empty; expected a tournament file")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or (b"\x00" in data[:4096] and _looks_utf16(data)):
        raise _not_text(
            name,
            "file-encoding",
            "the file is encoded as UTF-16; expected UTF-8, CP1252 or Latin-1 "
            "(save it again as UTF-8)",
        )
    if b"\x00" in data:
        raise _not_text(
            name, "file-binary", "the file holds binary data (NUL bytes); expected a text file"
        )
    if data.startswith(b"\xef\xbb\xbf"):
        body = data[3:]
        try:
            return Decoded(body.decode("utf-8"), "utf-8-sig")
        except UnicodeDecodeError:
            return _mixed(body, name, fallback)
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    if _has_utf8_sequences(data):
        return _mixed(data, name, fallback)
    text, codec = _single_byte(data, fallback)
    return Decoded(text, codec)


def _looks_utf16(data: bytes) -> bool:
    head = data[:4096]
    return head[1::2].count(0) > len(head) // 4 or head[0::2].count(0) > len(head) // 4


def _has_utf8_sequences(data: bytes) -> bool:
    return re.search(rb"[\xc2-\xf4][\x80-\xbf]+", data) is not None and any(
        _valid_utf8(m.group()) for m in re.finditer(rb"[\xc2-\xf4][\x80-\xbf]+", data)
    )


def _valid_utf8(chunk: bytes) -> bool:
    try:
        chunk.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _mixed(data: bytes, name: str, fallback: str) -> Decoded:
    """Decode line by line: each line as UTF-8 if it is valid, else single-byte."""
    out: list[str] = []
    bad_lines: list[int] = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(_single_byte(raw, fallback)[0])
            bad_lines.append(number)
    first = bad_lines[0] if bad_lines else 0
    finding = Finding(
        Severity.WARNING,
        "file-mixed-encoding",
        Note(
            "the file has no consistent encoding: {count} line(s) are not UTF-8 "
            "(first: line {first}) while others are; those lines were read as {fallback}",
            count=len(bad_lines),
            first=first,
            fallback=fallback,
        ),
        name,
        first,
        1,
    )
    return Decoded("\n".join(out), "mixed", (finding,))


def split_lines(text: str) -> list[str]:
    """Split on LF, CRLF or CR (not on the other breaks ``str.splitlines`` knows)."""
    # Without a CR (most files) the LFs alone break lines: str.split, ten times faster.
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines
