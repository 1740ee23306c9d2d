"""The one-file commands read the folder's trfsite.toml as ``build`` does (issue 41.4,
and issue 40's last paragraph: a Go table's settings reach ``standings``/``validate``).

``standings``, ``validate``, ``awards``, ``export`` and ``people`` read the
trfsite.toml of the file's folder, or of the nearest folder above it; ``--config
PATH`` names another, ``--no-config`` reads none, and ``-v`` says which was read.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from lxml import html

from trfsite.cli import cli
from trfsite.pages import config as page_config
from trfsite.site.build import BuildOptions, build_site

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_reports"
CLUB = SAMPLES / "club-championship-2024.trf"
DATA = ROOT / "tests" / "data"


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def _header(table: str) -> list[str]:
    """The column names of ``standings``' table (the line before the dashes)."""
    lines = table.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("--"))
    return lines[at - 1].split()


def test_the_config_name_is_the_config_modules() -> None:
    from trfsite.cli import settings as cli_settings

    assert cli_settings.CONFIG_NAME == page_config.CONFIG_NAME


def test_standings_prints_the_tiebreaks_of_the_folders_trfsite_toml() -> None:
    # sample_reports/trfsite.toml: [events.club-championship-2024] tiebreaks = DE, SB,
    # WIN, KS; the default for a round robin would be DE, WIN, SB, KS.
    done = _run("standings", str(CLUB), "-v")
    assert done.exit_code == 0, done.output
    assert _header(done.stdout)[-4:] == ["DE", "SB", "WIN", "KS"]
    assert f"settings: read {SAMPLES / 'trfsite.toml'}" in done.stderr
    plain = _run("standings", str(CLUB), "--no-config", "-v")
    assert _header(plain.stdout)[-4:] == ["DE", "WIN", "SB", "KS"]
    assert "settings: none read (--no-config)" in plain.stderr


def test_standings_json_and_csv_equal_the_sites_values(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(CLUB, src / CLUB.name)
    (src / "trfsite.toml").write_text(
        '[events.club-championship-2024]\ntiebreaks = ["DE", "SB", "WIN", "KS"]\n',
        encoding="utf-8",
    )
    build_site(BuildOptions(src, tmp_path / "site", pdf=False))
    page = html.parse(str(tmp_path / "site" / "club-championship-2024" / "standings.html"))
    table = page.xpath("//table[contains(@class, 'standings')]")[0]
    heads = [th.text_content().strip() for th in table.xpath("./thead//th")]
    codes = heads[heads.index("Pts") + 1 : heads.index("Rtg ±")]
    assert codes == ["DE", "SB", "WIN", "KS"]
    site = {}
    for row in table.xpath("./tbody/tr"):
        cells = row.xpath("./td|./th")
        pid = int(cells[1].xpath(".//a")[0].get("href").split("/")[-1].split(".")[0])
        values = [float(c.get("data-sort")) for c in cells[heads.index("Pts") :]]
        rank = int(cells[0].get("data-sort"))
        site[pid] = (rank, values[0], dict(zip(codes, values[1:], strict=False)), values[-2:])

    data = json.loads(_run("standings", str(src / CLUB.name), "--format", "json").stdout)
    assert data["tiebreaks"] == codes
    got = {
        row["id"]: (
            row["rank"],
            row["points"],
            row["tiebreaks"],
            [row["rating_change"], row["performance"]],
        )
        for row in data["standings"]
    }
    assert got == site
    rows = list(csv.DictReader(io.StringIO(_run("standings", str(src / CLUB.name),
                                                "--format", "csv").stdout)))  # fmt: skip
    assert [c for c in rows[0] if c in codes] == codes
    for row in rows:
        rank, _, values, _ = site[int(row["id"])]
        assert int(row["rank"]) == rank
        assert {code: float(row[code]) for code in codes} == values


def test_the_nearest_trfsite_toml_above_is_read_and_config_names_another(
    tmp_path: Path,
) -> None:
    sub = tmp_path / "archive" / "2024" / "club"
    sub.mkdir(parents=True)
    shutil.copy(CLUB, sub / CLUB.name)
    near = tmp_path / "archive" / "trfsite.toml"
    near.write_text('[events.club-championship-2024]\ntiebreaks = ["KS", "DE"]\n', "utf-8")
    done = _run("standings", str(sub / CLUB.name), "-v")
    assert _header(done.stdout)[-2:] == ["KS", "DE"]
    assert f"settings: read {near}" in done.stderr
    other = tmp_path / "other.toml"
    other.write_text('[events.club-championship-2024]\ntiebreaks = ["WIN"]\n', "utf-8")
    named = _run("standings", str(sub / CLUB.name), "--config", str(other))
    assert _header(named.stdout)[-1] == "WIN"
    # The command line wins over the file's settings.
    given = _run("standings", str(sub / CLUB.name), "--tiebreaks", "SB")
    assert _header(given.stdout)[-1] == "SB"
    both = _run("standings", str(sub / CLUB.name), "--config", str(other), "--no-config")
    assert both.exit_code == 2 and "--no-config" in both.stderr


def test_a_broken_config_is_a_usage_error_as_for_build(tmp_path: Path) -> None:
    shutil.copy(CLUB, tmp_path / CLUB.name)
    (tmp_path / "trfsite.toml").write_text("[events.club-championship-2024]\nrules = 1\n")
    done = _run("standings", str(tmp_path / CLUB.name))
    assert done.exit_code == 2 and "rules" in done.stderr and "Traceback" not in done.output


def _go_table(tmp_path: Path, settings: str) -> Path:
    table = tmp_path / "cup.h9"
    shutil.copy(DATA / "egf" / "hand-cup-round-down.h9", table)
    (tmp_path / "trfsite.toml").write_text("[events.cup]\n" + settings, encoding="utf-8")
    return table


def test_validate_checks_a_go_tables_columns_under_its_go_columns(tmp_path: Path) -> None:
    # The table's one score column is MMS (33 for a 2d who won twice); settled by hand
    # as SOS it cannot match (trfsite's SOS of row 1 is the sum of its opponents' MMS).
    table = _go_table(tmp_path, 'go_columns = ["SOS"]\n')
    done = _run("validate", str(table), "-v")
    assert "SOS column differs" in done.stdout and "[egf-column-differs]" in done.stdout
    assert f"settings: read {tmp_path / 'trfsite.toml'}" in done.stderr
    plain = _run("validate", str(table), "--no-config")
    assert "SOS column differs" not in plain.stdout
    folder = _run("validate", str(tmp_path))  # a folder: its files under its settings
    assert "SOS column differs" in folder.stdout


def test_standings_of_a_go_table_follow_its_settings(tmp_path: Path) -> None:
    # system = "swiss": ranked by wins (NBW) first, not by the McMahon score.
    table = _go_table(tmp_path, 'system = "swiss"\n')
    assert _header(_run("standings", str(table)).stdout)[3] == "NBW"
    assert _header(_run("standings", str(table), "--no-config").stdout)[3] == "MMS"


def test_standings_and_export_value_a_team_bye_as_team_bye_says(tmp_path: Path) -> None:
    # tests/test_real_exports.py: swiss-manager-team.trf has no record 320; team 5 had
    # the pairing-allocated bye, worth 1 MP and 2 GP by default. team_bye = 0 and 0:
    # team 5 keeps 0 MP and 5 - 2 = 3.0 GP.
    trf = tmp_path / "swiss-manager-team.trf"
    shutil.copy(DATA / "real" / "swiss-manager-team.trf", trf)
    (tmp_path / "trfsite.toml").write_text(
        "[events.swiss-manager-team]\nteam_bye = { match_points = 0, game_points = 0 }\n"
    )
    args = ("--tiebreaks", "GPTS", "--rules", "2023", "--format", "json")
    rows = json.loads(_run("standings", str(trf), *args).stdout)["standings"]
    assert {r["id"]: (r["match_points"], r["game_points"]) for r in rows}[5] == (0, 3.0)
    out = tmp_path / "exported" / "t.trf"
    out.parent.mkdir()
    assert _run("export", str(trf), "-o", str(out)).exit_code == 0
    assert any(line.startswith("320") for line in out.read_text("utf-8").splitlines())
    again = json.loads(_run("standings", str(out), *args).stdout)["standings"]
    assert {r["id"]: (r["match_points"], r["game_points"]) for r in again}[5] == (0, 3.0)


def test_awards_reads_the_nearest_config_above_the_file(tmp_path: Path) -> None:
    # sample_reports' open: prize_rule "hort", overall prizes 1000, 600, 400, 200 and
    # the categories women, U18, S50, U2000 (without it: every age group with a player).
    sub = tmp_path / "2005"
    sub.mkdir()
    shutil.copy(SAMPLES / "karl-mala-open-2005.trf", sub / "karl-mala-open-2005.trf")
    shutil.copy(SAMPLES / "trfsite.toml", tmp_path / "trfsite.toml")
    done = _run("awards", str(sub / "karl-mala-open-2005.trf"), "--format", "json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["prize_rule"] == "hort"
    overall = [p["prize"] for p in data["prizes"] if p["category"] == "overall"]
    assert overall[:4] == [1000, 600, 400, 200]  # Hort: places 5-6 share, worth 0
    assert [c["code"] for c in data["categories"]] == ["women", "U18", "S50", "U2000"]
    plain = json.loads(
        _run("awards", str(sub / "karl-mala-open-2005.trf"), "--no-config", "--format",
             "json").stdout)  # fmt: skip
    assert plain["prizes"] == [] and "U2000" not in [c["code"] for c in plain["categories"]]


def test_people_reads_the_nearest_config_above_the_folder(tmp_path: Path) -> None:
    archive = tmp_path / "archive"
    shutil.copytree(DATA / "people" / "rules", archive / "events")
    (archive / "trfsite.toml").write_text('[people]\nmerge = [["nobody", "fide-400001"]]\n')
    done = _run("people", str(archive / "events"))
    assert done.exit_code == 2 and "people.merge[0]: 'nobody'" in done.stderr
    assert _run("people", str(archive / "events"), "--no-config").exit_code == 0


@pytest.mark.parametrize("command", ["standings", "validate", "awards", "export", "people"])
def test_every_command_documents_the_options(command: str) -> None:
    text = _run(command, "--help").stdout
    assert "--config" in text and "--no-config" in text and "nearest folder" in text
