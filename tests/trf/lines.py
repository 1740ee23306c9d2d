"""Helpers that build TRF lines on their exact columns, for hand-made test files."""

from __future__ import annotations

from pathlib import Path

from trfsite.findings import Finding
from trfsite.formats import read_bytes
from trfsite.formats.trf import read_trf
from trfsite.model import ReadResult, Tournament

DATA = Path(__file__).resolve().parent.parent / "data" / "trf"
SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"


def player(
    number: int,
    name: str,
    cells: list[str] = (),  # type: ignore[assignment]
    *,
    sex: str = "m",
    title: str = "",
    rating: int | str = "",
    federation: str = "",
    fide_id: str = "",
    birth: str = "",
    points: str = "",
    rank: int | str = "",
    code: str = "001",
) -> str:
    """A 001 line (or an NRS line with ``code``): fields on TRF-2026's columns.

    Columns: 5-8 id, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56
    federation, 58-68 FIDE id, 70-79 birth, 81-84 points, 86-89 rank,
    round cells at 92, 102, 112... (``OOOO C R``, 8 columns each).
    """
    line = (
        f"{code:<3} {number:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {federation:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {rank:>4}"
    )
    return (line + "".join("  " + cell for cell in cells)).rstrip()


def trf(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def read(*lines: str) -> ReadResult:
    return read_trf(trf(*lines), "t.trf")


def model(*lines: str) -> Tournament:
    t = read(*lines).tournament
    assert t is not None
    return t


def read_file(name: str) -> ReadResult:
    path = DATA / name
    return read_bytes(path.read_bytes(), name)


def codes(findings: list[Finding] | tuple[Finding, ...]) -> list[tuple[str, int, int]]:
    """(code, line, column) of each finding, for exact location checks."""
    return [(f.code, f.line, f.column) for f in findings]
