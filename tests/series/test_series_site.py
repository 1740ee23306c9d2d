"""``trfsite series`` and the series pages on the hand-made season of tests/data/series.

The season (make_season.py there): three four-player round robins, points
[10, 8, 6, 4], best 2. Places (gp-1, gp-2, gp-3):
  Müller   1 2 2 -> 10 8 8: 10 + 8 = 18, gp-3 dropped (the earlier 8 counts)
  Kowalski 2 4 1 -> 8 4 10: 10 + 8 = 18, gp-2 dropped
  Smith    3 1 3 -> 6 10 6: 10 + 6 = 16, gp-3 dropped
  Nagy     4 3 4 -> 4 6 4:  6 + 4 = 10, gp-3 dropped
Müller and Kowalski: 18 each, countback [10, 8] = [10, 8]: shared 1st. Müller is
"Mueller, Jurgen" in gp-3 without a FIDE id: one person by the folded name, the
federation and the birth year (issue 12's rule).
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import html

from trfsite.cli import cli

SEASON = Path(__file__).resolve().parent.parent / "data" / "series" / "season"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["series", *args])
    return result.exit_code, result.stdout, result.stderr


def _json(folder: Path = SEASON) -> dict[str, object]:
    code, out, err = _run(str(folder), "--format", "json")
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def test_json_contract_and_values() -> None:
    (series,) = _json()["series"]  # type: ignore[misc]
    assert series["key"] == "grand-prix" and series["title"] == "Club Grand Prix 2025"
    lines = {line["name"]: line for line in series["standings"]}
    assert set(lines) == {"Müller, Jürgen", "Kowalski, Jan", "Smith, Anna", "Nagy, Peter"}
    muller = lines["Müller, Jürgen"]
    assert set(muller) >= {"rank", "name", "fide_id", "points", "results"}
    assert (muller["rank"], muller["points"], muller["fide_id"]) == (1, 18, None)
    assert muller["results"] == [
        {"file": "gp-1.trf", "event": "Grand Prix 1", "rank": 1, "points": 10, "counted": True},
        {"file": "gp-2.trf", "event": "Grand Prix 2", "rank": 2, "points": 8, "counted": True},
        {"file": "gp-3.trf", "event": "Grand Prix 3", "rank": 2, "points": 8, "counted": False},
    ]
    kowalski = lines["Kowalski, Jan"]
    assert (kowalski["rank"], kowalski["fide_id"], kowalski["url"]) == (
        1,
        "1100001",
        "people/fide-1100001.html",
    )
    assert (lines["Smith, Anna"]["rank"], lines["Smith, Anna"]["points"]) == (3, 16)
    assert (lines["Nagy, Peter"]["rank"], lines["Nagy, Peter"]["points"]) == (4, 10)
    women, under = series["categories"]
    assert [x["name"] for x in women["standings"]] == ["Smith, Anna"]
    assert under["category"] == "U18" and under["standings"][0]["rank"] == 1


def test_csv_and_table() -> None:
    code, out, _ = _run(str(SEASON), "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    # 4 players x 3 events overall, + Smith's 3 in women and 3 in U18.
    assert len(rows) == 18
    dropped = [r for r in rows if r["counted"] == "False" and r["category"] == ""]
    assert len(dropped) == 4
    code, out, _ = _run(str(SEASON))
    assert code == 0
    assert "1=  Kowalski, Jan" in out and "10 8 (8)" in out


def test_config_errors_exit_2(tmp_path: Path) -> None:
    src = tmp_path / "season"
    shutil.copytree(SEASON, src)
    (src / "trfsite.toml").write_text(
        '[series.gp]\nevents = ["gp-9"]\npoints = [10, "x"]\n', encoding="utf-8"
    )
    code, _, err = _run(str(src))
    assert code == 2
    assert "series.gp.points: [10, 'x'] is not a list of points" in err
    (src / "trfsite.toml").write_text('[series.gp]\nevents = ["gp-9"]\n', encoding="utf-8")
    code, _, err = _run(str(src))
    assert code == 2 and "series.gp.events: 'gp-9' names no event" in err
    (src / "trfsite.toml").write_text('title = "x"\n', encoding="utf-8")
    code, _, err = _run(str(src))
    assert code == 2 and "no [series.<key>] table" in err


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from trfsite.site.build import BuildOptions, build_site

    out = tmp_path_factory.mktemp("series") / "site"
    build_site(BuildOptions(SEASON, out, pdf=False))
    return out


def _cell_points(text: str) -> tuple[float, bool]:
    """A cell's series points, and whether they count (dropped ones are in <del>)."""
    return float(text.split()[0].strip("()")), not text.startswith("(")


def test_series_page_equals_the_json(site: Path) -> None:
    (series,) = _json()["series"]  # type: ignore[misc]
    tree = html.parse(str(site / "series" / "grand-prix.html"))
    table = tree.xpath("//section[@aria-labelledby='overall']//table")[0]
    heads = [th.text_content().strip() for th in table.xpath(".//thead/th | .//thead/tr/th")]
    assert heads[3:] == [e["event"] for e in series["events"]]
    for row, line in zip(table.xpath(".//tbody/tr"), series["standings"], strict=True):
        rank = row.xpath("./td[1]")[0].text_content().strip().rstrip("=")
        assert rank == str(line["rank"])
        assert row.xpath("./th")[0].text_content().strip().startswith(line["name"])
        assert float(row.xpath("./td[2]")[0].text_content()) == line["points"]
        cells = [td for td in row.xpath("./td")[2:]]
        shown = []
        for td in cells:
            struck = td.xpath(".//del")
            value = (struck[0] if struck else td).text_content().split()[0]
            shown.append((float(value.strip("()")), not struck))
        assert shown == [(r["points"], r["counted"]) for r in line["results"]]
        link = row.xpath("./th//a/@href")[0]
        assert link == "../" + line["url"]
        assert (site / line["url"]).is_file()


def test_links_to_and_from_the_series_page(site: Path) -> None:
    index = html.parse(str(site / "index.html"))
    assert index.xpath("//ul[@class='series-list']//a/@href") == ["series/grand-prix.html"]
    event = html.parse(str(site / "gp-1" / "standings.html"))
    assert event.xpath("//p[@class='event-series']/a/@href") == ["../series/grand-prix.html"]
    person = html.parse(str(site / "people" / "fide-1100001.html"))
    block = person.xpath("//ul[@class='person-series']/li")[0].text_content()
    assert "Club Grand Prix 2025" in block and "1 of 4" in block
    page = html.parse(str(site / "series" / "grand-prix.html"))
    notes = " ".join(page.xpath("//section[@aria-labelledby='series-notes']//p/text()"))
    assert "countback" in notes and "best 2" in notes
    # The dropped results are named for screen readers, not only struck through.
    assert "dropped" in page.xpath("string(//del/following-sibling::span)")


def test_series_page_in_german(tmp_path: Path) -> None:
    from trfsite.site.build import BuildOptions, build_site

    src = tmp_path / "season"
    shutil.copytree(SEASON, src)
    toml = (src / "trfsite.toml").read_text(encoding="utf-8")
    (src / "trfsite.toml").write_text('language = "de"\n' + toml, encoding="utf-8")
    build_site(BuildOptions(src, tmp_path / "site", pdf=False))
    page = html.parse(str(tmp_path / "site" / "series" / "grand-prix.html"))
    text = page.xpath("string(//main)") or page.xpath("string(//body)")
    assert "Wie die Serie gewertet wird" in text
    assert "Gewertete Ergebnisse: die besten 2 jedes Spielers" in text
    assert "Frauen" in text  # the women category's own label


ROOT = Path(__file__).resolve().parents[2]


def test_team_and_go_series_from_files(tmp_path: Path) -> None:
    # The same team event twice: each team's place twice. Slovakia wins the sample cup
    # (its standings, tested in tests/teams): 10 + 10 = 20; India 3 second: 8 + 8 = 16.
    teams = tmp_path / "teams"
    teams.mkdir()
    for stem in ("a", "b"):
        shutil.copy(ROOT / "sample_reports" / "grandmommys-cup-2024.trf", teams / f"{stem}.trf")
    (teams / "trfsite.toml").write_text(
        '[series.t]\nevents = ["*.trf"]\npoints = [10, 8, 6]\nteams = true\n', encoding="utf-8"
    )
    (series,) = _json(teams)["series"]  # type: ignore[misc]
    top = [(x["name"], x["rank"], x["points"], x["url"]) for x in series["standings"][:2]]
    assert top == [("Slovakia", 1, 20, None), ("India 3", 2, 16, None)]
    # A Go event twice, best 1: the winner's 10 once, the other 10 dropped.
    go = tmp_path / "go"
    go.mkdir()
    for stem in ("a", "b"):
        shutil.copy(ROOT / "sample_reports" / "mcmahon-frankfurt-2023.h9", go / f"{stem}.h9")
    (go / "trfsite.toml").write_text(
        '[series.go]\nevents = ["*.h9"]\npoints = [10, 8]\nbest = 1\n', encoding="utf-8"
    )
    (series,) = _json(go)["series"]  # type: ignore[misc]
    first = series["standings"][0]
    assert (first["rank"], first["points"]) == (1, 10)
    assert [r["counted"] for r in first["results"]] == [True, False]


def test_a_rebuild_from_the_people_cache_makes_the_same_series_page(
    site: Path, tmp_path: Path
) -> None:
    from trfsite.site.build import BuildOptions, build_site

    out = tmp_path / "site"
    shutil.copytree(site, out)
    build_site(BuildOptions(SEASON, out, pdf=False))  # every event reused, entries cached
    page = "series/grand-prix.html"
    assert (out / page).read_bytes() == (site / page).read_bytes()


@pytest.mark.parametrize("live", [False, True])
def test_an_event_in_progress_from_its_file(tmp_path: Path, live: bool) -> None:
    src = tmp_path / "season"
    shutil.copytree(SEASON, src)
    gp3 = src / "gp-3.trf"
    # Round 3 paired, no results yet: the last 8 characters of each line ("   4 w 1")
    # lose their result; the event stands after round 2.
    lines = gp3.read_text(encoding="utf-8").splitlines()
    gp3.write_text(
        "\n".join(x[:-1].rstrip() + "  " if x.startswith("001") else x for x in lines) + "\n",
        encoding="utf-8",
    )
    toml = (src / "trfsite.toml").read_text(encoding="utf-8")
    (src / "trfsite.toml").write_text(toml + f"live = {str(live).lower()}\n", encoding="utf-8")
    (series,) = _json(src)["series"]  # type: ignore[misc]
    lines_by_name = {x["name"]: x for x in series["standings"]}
    kowalski = lines_by_name["Kowalski, Jan"]
    if live:
        # gp-3 after round 2: Kowalski beat Smith and Müller, 2 points, 1st: 10. His best
        # two: 10 (gp-3) + 8 (gp-1) = 18.
        assert series["events"][2]["after_round"] == 2 and series["events"][2]["in_progress"]
        assert kowalski["points"] == 18 and kowalski["results"][2]["rank"] == 1
        assert any("counts after round 2" in n for n in series["notes"])
    else:
        # gp-3 waits: Kowalski 8 + 4 = 12, Müller 10 + 8 = 18.
        assert [e["file"] for e in series["events"]] == ["gp-1.trf", "gp-2.trf"]
        assert kowalski["points"] == 12 and lines_by_name["Müller, Jürgen"]["points"] == 18
        assert any("does not count before its end" in n for n in series["notes"])
