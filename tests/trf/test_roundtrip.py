"""read(write(read(x))) == read(x): the writer loses nothing the reader found."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from trfsite.formats import read_bytes
from trfsite.formats.trf import read_trf
from trfsite.formats.trf.writer import write_trf
from trfsite.model import RawRecord, SourceFormat, Tournament

from .lines import DATA, SAMPLES, model, player, trf

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


def test_a_202_kept_after_a_212_is_written_once() -> None:
    # 202 and 212 share one slot: a 202 after a 212 is kept as written (the first one is
    # used), and needs no empty 202 before it to stay second when read again. Found by
    # test_fuzz: "012 T" mutated into "212 T".
    t = model("212 T", "202 BH,SB", player(1, "Alpha"))
    assert t.tiebreak_record == "212"
    assert [record.text for record in t.unknown_records] == ["202 BH,SB"]
    text = write_trf(t)
    assert [line for line in text.splitlines() if line[:3] in ("202", "212")] == [
        "212 PTS,T",
        "202 BH,SB",
    ]
    _round_trip(t)


def test_trf16_is_converted_to_trf2026_and_reads_back_equal() -> None:
    # issue 2: export writes normalised TRF-2026, "this covers TRF16 -> TRF-2026 conversion".
    t = read_bytes((DATA / "trf16-legacy.trf").read_bytes(), "old.trf").tournament
    assert t is not None and t.source_format is SourceFormat.TRF16
    lines = write_trf(t).split("\r\n")
    assert "XXR 3" in lines  # the legacy record is kept as written
    assert "142 3" in lines  # and its meaning moves to the TRF-2026 record
    assert any(line.startswith("162 ") for line in lines)
    again = read_trf(write_trf(t), "new.trf").tournament
    assert again is not None and again.source_format is SourceFormat.TRF26
    assert again == t


LEAGUE_TRF16 = trf(
    "012 Old League",
    player(1, "Alpha, One", ["   3 w 1"], rating=2000, points="1.0", rank=1),
    player(2, "Alpha, Two", ["   4 b ="], rating=1900, points="0.5", rank=2),
    player(3, "Beta, One", ["   1 b 0"], rating=1950, points="0.0", rank=4),
    player(4, "Beta, Two", ["   2 w ="], rating=1850, points="0.5", rank=3),
    "013 Alpha                              1    2",
    "013 Beta                               3    4",
)


def test_trf16_team_file_gets_310_records() -> None:
    t = read_trf(LEAGUE_TRF16, "league.trf").tournament
    assert t is not None and [team.record for team in t.teams] == ["013", "013"]
    assert [team.roster for team in t.teams] == [(1, 2), (3, 4)]
    text = write_trf(t)
    assert "013 " not in text
    teams_310 = [line for line in text.split("\r\n") if line.startswith("310 ")]
    assert [line[4:7] for line in teams_310] == ["  1", "  2"]
    assert [line[8:40].strip() for line in teams_310] == ["Alpha", "Beta"]
    again = read_trf(text, "league-2026.trf").tournament
    assert again == t


def test_export_of_a_team_file_without_801_802_adds_them(tmp_path: Path) -> None:
    # issue 4: "801 and 802 ... The writer from the reader issue emits them."
    from click.testing import CliRunner

    from trfsite.cli import cli

    source = tmp_path / "league.trf"
    source.write_text(LEAGUE_TRF16)
    done = CliRunner().invoke(cli, ["export", str(source)])
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    # Alpha beat Beta 1.5-0.5 (board 1 won, board 2 drawn): Alpha 2 match points and
    # 1.5 game points, Beta 0 and 0.5 (362 defaults TW 2, TL 0).
    summaries_802 = [line.split() for line in lines if line.startswith("802 ")]
    assert [row[:5] for row in summaries_802] == [
        ["802", "1", "2.0", "1.5", "2"],
        ["802", "2", "0.0", "0.5", "1"],
    ]
    assert [line[:3] for line in lines].count("801") == 2
    again = read_trf(done.output, "again.trf").tournament
    original = read_trf(LEAGUE_TRF16, "league.trf").tournament
    assert again is not None and original is not None
    assert dataclasses.replace(again, team_summaries=()) == original


def test_comments_of_other_formats_become_trf_comments() -> None:
    t = dataclasses.replace(model("012 T"), comments=(RawRecord(";", "; EGF header"),))
    assert "### ; EGF header\r\n" in write_trf(t)
