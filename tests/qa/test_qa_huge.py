"""Big generated files (benchmarks/generate.py): every command copes, output stays valid."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from qahelpers import ROOT, run

sys.path.insert(0, str(ROOT / "benchmarks"))

from generate import generate_individual_swiss  # noqa: E402


def test_a_2000_player_swiss_through_every_command(tmp_path: Path) -> None:
    path = tmp_path / "open.trf"
    path.write_text(generate_individual_swiss(2000, 11, seed=5), encoding="utf-8")
    report = json.loads(run("validate", "--format", "json", str(path)).out)["files"][0]
    assert report["tournament"]["players"] == 2000 and report["tournament"]["rounds"] == 11
    assert not [f for f in report["findings"] if f["severity"] == "error"]
    table = run("standings", "--format", "json", "--explain", str(path))
    assert table.code == 0
    rows = json.loads(table.out)["standings"]
    assert len(rows) == 2000 and rows[0]["rank"] == 1
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)
    exported = tmp_path / "again.trf"
    assert run("export", str(path), "-o", str(exported)).code == 0
    again = json.loads(run("standings", "--format", "json", str(exported)).out)["standings"]
    assert [(r["id"], r["points"]) for r in again] == [(r["id"], r["points"]) for r in rows]


def _joined(players: int) -> str:
    """Line breaks lost (e.g. a bad copy): the players' 001 lines run into one."""
    lines = generate_individual_swiss(players, 9, seed=2).splitlines()
    joined = "".join(line for line in lines if line.startswith("001"))
    return "\n".join([line for line in lines if not line.startswith("001")] + [joined]) + "\n"


def test_a_file_whose_lines_ran_together_is_read_up_to_round_999(tmp_path: Path) -> None:
    """200 players' lines in one: ~3500 'rounds' once took a build minutes and gigabytes."""
    path = tmp_path / "joined.trf"
    path.write_text(_joined(200), encoding="utf-8")
    done = run("validate", "--format", "json", str(path))
    report = json.loads(done.out)["files"][0]
    assert done.code == 1
    assert report["tournament"]["rounds"] == 999
    too_many = [f for f in report["findings"] if f["code"] == "round-cells-too-many"]
    assert [(f["line"], f["column"]) for f in too_many] == [(12, 92 + 999 * 10)]


def test_a_small_file_whose_lines_ran_together_still_builds(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "joined.trf").write_text(_joined(20), encoding="utf-8")
    out = tmp_path / "site"
    assert run("build", str(src), "-o", str(out), "--no-pdf").code == 1
    assert (out / "joined" / "validation.html").is_file()
