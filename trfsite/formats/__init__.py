"""Readers: bytes or text in, (model, findings) out. No IO of their own.

The registry is explicit: ``READERS`` lists every format, ``find_reader``
looks one up by name, and ``sniff`` picks one by content.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from trfsite.model import ReadResult
from trfsite.results import Note


class Reader(NamedTuple):
    """One format: how to recognise its text and how to read it."""

    name: str  # "trf" or "egf"
    description: str
    sniff: Callable[[str], bool]  # does this (decoded) text look like our format?
    read_text: Callable[[str, str], ReadResult]  # (text, display name) -> result


def _trf() -> Reader:
    from trfsite.formats import trf

    return Reader("trf", "FIDE Tournament Report File (TRF16, TRF-2026)", trf.sniff, trf.read_trf)


def _egf() -> Reader:
    from trfsite.formats import egf

    return Reader("egf", "EGF Go tournament table (.h9, .h2, ...)", egf.sniff, egf.read_egf)


# EGF first: its sniff rejects any real TRF record, while TRF's would take a Go
# table's rows 102, 112, ... for arbiter records.
_FACTORIES: tuple[Callable[[], Reader], ...] = (_egf, _trf)


def readers() -> list[Reader]:
    """Every reader, in sniffing order."""
    return [make() for make in _FACTORIES]


def find_reader(name: str) -> Reader:
    # Readers are made one at a time: each imports its own package only when asked.
    for make in _FACTORIES:
        reader = make()
        if reader.name == name:
            return reader
    names = ", ".join(r.name for r in readers())
    raise KeyError(f"unknown format {name!r}; known formats: {names}")


def sniff(text: str) -> Reader | None:
    """The reader whose format this text looks like, or None."""
    for make in _FACTORIES:
        reader = make()
        if reader.sniff(text):
            return reader
    return None


def read_bytes(data: bytes, name: str = "", format: str | None = None) -> ReadResult:
    """Decode, recognise and read one file's bytes. Never raises on bad input.

    ``format`` forces a reader ("trf" or "egf"); otherwise the content decides,
    and the file suffix breaks the tie for text no reader recognises.
    """
    from trfsite.findings import Finding, Severity
    from trfsite.formats.text import NotTextError, decode

    if format is not None:
        reader: Reader | None = find_reader(format)
    else:
        reader = None
    fallback = "latin-1" if (reader and reader.name == "egf") or _egf_suffix(name) else "cp1252"
    try:
        decoded = decode(data, name, fallback=fallback)
    except NotTextError as exc:
        return ReadResult(None, (exc.finding,))
    if reader is None:
        reader = sniff(decoded.text)
    if reader is None:
        finding = Finding(
            Severity.ERROR,
            "file-unknown-format",
            Note(
                "the file is neither a TRF file (records such as '012 ' and '001 ') "
                "nor an EGF tournament table; nothing was read",
            ),
            name,
            0,
            0,
        )
        return ReadResult(None, decoded.findings + (finding,))
    from trfsite.findings import cap_per_code
    from trfsite.formats.limits import MAX_FINDINGS_PER_CODE

    result = reader.read_text(decoded.text, name)
    findings = cap_per_code([*decoded.findings, *result.findings], MAX_FINDINGS_PER_CODE.limit)
    return ReadResult(result.tournament, tuple(findings))


def _egf_suffix(name: str) -> bool:
    import re

    return re.search(r"\.h\d$", name.lower()) is not None


def has_tournament_suffix(name: str) -> bool:
    """``.trf``, ``.trfx`` or ``.h9``-like: such a file is a tournament file even when it
    cannot be read, so that it is reported rather than skipped."""
    return name.lower().endswith((".trf", ".trfx")) or _egf_suffix(name)
