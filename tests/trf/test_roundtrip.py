"""read(write(read(x))) == read(x): the writer loses nothing the reader found."""

from __future__ import annotations

import dataclasses

import pytest

from trfsite.formats import read_bytes
from trfsite.formats.trf import read_trf
from trfsite.formats.trf.writer import write_trf
from trfsite.model import RawRecord, Tournament

from .lines import DATA, SAMPLES, model, player

FILES = sorted(path.name for path in DATA.glob("*.trf"))
SAMPLE_FILES = ["fide-example1-trf16.trf", "fide-grandmommys-cup-trf26-team.trf"]


def _differences(a: Tournament, b: Tournament) -> list[str]:
    return [
        f.name
        for f in dataclasses.fields(a)
        if f.compare and getattr(a, f.name) != getattr(b, f.name)
    ]


def _round_trip(first: Tournament) -> Tournament:
    again = read_trf(write_trf(first), "again.trf").tournament
    assert again is not None
    assert _differences(first, again) == []
    assert again == first
    return again


@pytest.mark.parametrize("name", FILES)
def test_test_files_round_trip(name: str) -> None:
    first = read_bytes((DATA / name).read_bytes(), name).tournament
    assert first is not None
    _round_trip(first)


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_samples_round_trip(name: str) -> None:
    path = SAMPLES / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    first = read_bytes(path.read_bytes(), name).tournament
    assert first is not None
    _round_trip(first)


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_export_of_the_samples_reads_without_new_findings(name: str) -> None:
    path = SAMPLES / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    first = read_bytes(path.read_bytes(), name)
    assert first.tournament is not None
    again = read_trf(write_trf(first.tournament), "again.trf")
    # The normalised output has no tab, no deviation: only what the data itself says.
    assert {f.code for f in again.findings} <= {f.code for f in first.findings} - {"line-has-tab"}


def test_writer_normalises_cells_dates_and_columns() -> None:
    t = read_trf(
        "\n".join(
            [
                "012 T",
                "042 28. 07. 2005",
                player(1, "A", ["   2 w 1", "        ", "0000 - U"], birth="1969.12.06"),
                player(2, "B", ["   1 b 0"]),
            ]
        ),
        "t.trf",
    ).tournament
    assert t is not None
    lines = write_trf(t).split("\r\n")
    assert "042 2005/07/28" in lines
    one = next(line for line in lines if line.startswith("001    1"))
    assert one[69:79] == "1969/12/06"  # birth date, columns 70-79
    assert one[91:99] == "   2 w 1"  # round 1 at 92-99
    assert one[101:109] == "0000 - Z"  # the blank round 2 written out
    two = next(line for line in lines if line.startswith("001    2"))
    assert two[101:] == "0000 - Z  0000 - Z"  # the short line's missing rounds 2 and 3


def test_writer_turns_draft_records_into_trf_2026_ones() -> None:
    t = read_bytes((DATA / "draft-layouts.trf").read_bytes(), "d.trf").tournament
    assert t is not None
    text = write_trf(t)
    assert "240 H   3    1    2" in text.split("\r\n")
    assert "330 +-   2   1   2" in text.split("\r\n")
    assert "340" not in {line[:3] for line in text.split("\r\n")}


def test_writer_keeps_212_pts_and_team_scoring() -> None:
    t = model("012 T", "212 PTS,BH,SB", "362 TW 3.0     TD 1.0     TL 0.0")
    text = write_trf(t)
    assert "212 PTS,BH,SB" in text
    assert _round_trip(t).team_scoring.win == 3.0


def test_trf16_stays_trf16_and_keeps_xxr() -> None:
    t = read_bytes((DATA / "trf16-legacy.trf").read_bytes(), "old.trf").tournament
    assert t is not None
    lines = write_trf(t).split("\r\n")
    assert "XXR 3" in lines
    assert not [line for line in lines if line[:3] in ("142", "162")]


def test_comments_of_other_formats_become_trf_comments() -> None:
    t = dataclasses.replace(model("012 T"), comments=(RawRecord(";", "; EGF header"),))
    assert "### ; EGF header\r\n" in write_trf(t)
