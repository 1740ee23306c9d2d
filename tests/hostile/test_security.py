"""Issue 50, items 18 and 20: names from files never take over the site's own pages,
and never run as spreadsheet formulas."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli

from .data import player


def _event(name: str, first: str, second: str) -> str:
    return "\n".join(
        [
            f"012 {name}",
            "042 2025/01/01",
            player(1, first, ["   2 w 1"]),
            player(2, second, ["   1 b 0"]),
        ]
    )


def test_players_named_index_and_findings_keep_the_site_s_people_pages(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    # Two events: an archive, so the people pages are made. No federation, no birth
    # year: the name alone made the keys "index" and "findings".
    (src / "a.trf").write_text(_event("Cup A", "Index", "Findings"), encoding="utf-8")
    (src / "b.trf").write_text(_event("Cup B", "Index", "Other Person"), encoding="utf-8")
    out = tmp_path / "out"
    done = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf"])
    assert done.exit_code == 0, done.output
    people = out / "people"
    assert "<title>People ·" in (people / "index.html").read_text(encoding="utf-8")
    assert "<title>Identity findings ·" in (people / "findings.html").read_text(encoding="utf-8")
    pages = sorted(p.name for p in people.glob("*.html"))
    index_pages = [p for p in pages if p.startswith("index-")]
    findings_pages = [p for p in pages if p.startswith("findings-")]
    assert len(index_pages) == 1 and len(findings_pages) == 1
    # The player's page is found from the people index, under its own name.
    assert index_pages[0] in (people / "index.html").read_text(encoding="utf-8")
    listed = CliRunner().invoke(cli, ["people", str(src), "--format", "json"])
    assert '"key": "index"' not in listed.output and '"key": "findings"' not in listed.output


def test_a_split_key_may_not_name_a_site_page(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.trf").write_text(_event("Cup A", "Ann", "Bob"), encoding="utf-8")
    (src / "trfsite.toml").write_text('[people]\nsplit = { "a:1" = "index" }\n', encoding="utf-8")
    done = CliRunner().invoke(cli, ["people", str(src)])
    assert done.exit_code == 2
    assert "'index' is the name of one of the site's own people pages" in done.output


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_formula_cells_are_neutralised_in_the_standings_and_people_csv(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    hostile = '=HYPERLINK("http://x")'
    path = src / "a.trf"
    path.write_text(_event("Cup", hostile, "@SUM(A1)"), encoding="utf-8")
    standings = CliRunner().invoke(cli, ["standings", str(path), "--format", "csv"])
    names = {row[2] for row in _cells(standings.stdout)[1:]}
    assert names == {"'" + hostile, "'@SUM(A1)"}
    people = CliRunner().invoke(cli, ["people", str(src), "--format", "csv"])
    rows = _cells(people.stdout)
    column = rows[0].index("name")
    assert {row[column] for row in rows[1:]} == {"'" + hostile, "'@SUM(A1)"}


def test_numbers_stay_numbers() -> None:
    from trfsite.formats.csv_cells import safe_cell

    assert [safe_cell(v) for v in ("-12", "+3.5", "-0.5", "1e3", 7, None)] == [
        "-12", "+3.5", "-0.5", "1e3", 7, None,
    ]  # fmt: skip
    assert [safe_cell(v) for v in ("-", "+x", "=1+1", "\t=1", "@a")] == [
        "'-", "'+x", "'=1+1", "'\t=1", "'@a",
    ]  # fmt: skip
