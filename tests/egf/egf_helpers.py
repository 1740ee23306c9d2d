"""Helpers for the EGF tests: read hand-made tables and the samples the way the CLI does."""

from __future__ import annotations

from pathlib import Path

from trfsite.formats import read_bytes
from trfsite.model import ReadResult, Tournament

DATA = Path(__file__).resolve().parent.parent / "data" / "egf"
SAMPLES = Path(__file__).resolve().parents[1] / "data" / "samples"


def read(name: str) -> ReadResult:
    path = DATA / name if (DATA / name).exists() else SAMPLES / name
    return read_bytes(path.read_bytes(), path.name)


def tournament(name: str) -> Tournament:
    result = read(name)
    assert result.tournament is not None, result.findings
    return result.tournament
