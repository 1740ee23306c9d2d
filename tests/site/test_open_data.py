"""The site's numbers as open data (issue 43, item 1): EVENT/data/*, data/events.json.

The standings file is what ``trfsite standings FILE --format json`` prints with the
event's settings, for an individual (Swiss and round robin), a team and a Go event of
``sample_reports/``; every file follows its JSON Schema shipped under ``data/schema/``;
the rounds and players of a small round robin are checked against its cells by hand.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from lxml import html
from sitehelpers import SAMPLES, player_line, small_round_robin

from trfsite.cli import cli
from trfsite.site.build import BuildOptions, build_site

pytestmark = pytest.mark.slow

EVENTS = {
    "karl-mala-open-2005": "karl-mala-open-2005.trf",  # Swiss, individual
    "club-championship-2024": "club-championship-2024.trf",  # round robin
    "grandmommys-cup-2024": "grandmommys-cup-2024.trf",  # team
    "mcmahon-frankfurt-2023": "mcmahon-frankfurt-2023.h9",  # Go
}
SCHEMA_OF = {"standings": "standings", "rounds": "rounds", "players": "players"}


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    src = tmp_path_factory.mktemp("src")
    for name in [*EVENTS.values(), "trfsite.toml"]:
        shutil.copy(SAMPLES / name, src / name)
    out = tmp_path_factory.mktemp("out") / "site"
    build_site(BuildOptions(src, out, pdf=False))
    return src, out


def _validator(site: Path, name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((site / "data" / "schema" / f"{name}.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("slug", sorted(EVENTS))
@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_standings_are_what_the_command_prints(
    samples: tuple[Path, Path], slug: str, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    src, site = samples
    monkeypatch.chdir(src)  # the command reads the trfsite.toml beside the file
    result = CliRunner().invoke(cli, ["standings", EVENTS[slug], "--format", fmt])
    assert result.exit_code == 0, result.output
    published = (site / slug / "data" / f"standings.{fmt}").read_text(encoding="utf-8")
    assert published == result.stdout
    assert published.count("\n") > 5  # a table, not an empty answer


@pytest.mark.parametrize("slug", sorted(EVENTS))
def test_every_file_follows_its_schema(samples: tuple[Path, Path], slug: str) -> None:
    _, site = samples
    for name, schema in SCHEMA_OF.items():
        data = json.loads((site / slug / "data" / f"{name}.json").read_text(encoding="utf-8"))
        errors = [e.message for e in _validator(site, schema).iter_errors(data)]
        assert errors == [], (slug, name)
        # Each CSV has a header and one line per player (players) or more (rounds).
        rows = list(csv.reader(io.StringIO((site / slug / "data" / f"{name}.csv").read_text())))
        assert len(rows) > 2


def test_events_json_lists_every_event_with_its_urls(samples: tuple[Path, Path]) -> None:
    _, site = samples
    data = json.loads((site / "data" / "events.json").read_text(encoding="utf-8"))
    assert list(_validator(site, "events").iter_errors(data)) == []
    assert data["version"] == 1
    by_slug = {item["slug"]: item for item in data["events"]}
    assert set(by_slug) == set(EVENTS)
    assert {by_slug[s]["kind"] for s in EVENTS} == {"individual", "team", "go"}
    for item in by_slug.values():
        assert (site / item["url"]).is_file()
        for path in item["data"].values():
            assert (site / path).is_file(), path
    # The Go event's five rounds are all played (the file's cells).
    assert by_slug["mcmahon-frankfurt-2023"]["complete_rounds"] == 5
    # Newest first, as on the home page.
    starts = [item["start_date"] for item in data["events"]]
    assert starts == sorted(starts, reverse=True)


def test_the_overview_links_its_data(samples: tuple[Path, Path]) -> None:
    _, site = samples
    page = html.fromstring((site / "karl-mala-open-2005" / "index.html").read_bytes())
    links = page.xpath("//dd[@class='open-data']//a/@href")
    assert links == [
        f"data/{n}.{f}" for n in ("standings", "rounds", "players") for f in ("json", "csv")
    ]


# ------------------------------------------------------------------ a small event by hand
def _with_birth_and_id(line: str, fide_id: str, birth: str) -> str:
    """TRF16 001: FIDE id in columns 58-68, birth date in 70-79 (1-based)."""
    return line[:57] + f"{fide_id:>11}" + " " + f"{birth:<10}" + line[79:]


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("small")
    lines = small_round_robin().splitlines()
    lines = [
        _with_birth_and_id(line, "4100018", "1987/03/14") if line.startswith("001    4") else line
        for line in lines
    ]
    lines = [
        _with_birth_and_id(line, "4100026", "1990/11/02") if line.startswith("001    2") else line
        for line in lines
    ]
    (src / "small.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    formula = player_line(1, "=HYPERLINK(1)", 1500, [(2, "w", "1")], 1.0, 1)
    other = player_line(2, "Plain,Paul", 1400, [(1, "b", "0")], 0.0, 2)
    (src / "formula.trf").write_text(
        "012 Formula\n042 2024/01/01\n" + formula + "\n" + other + "\n", encoding="utf-8"
    )
    (src / "trfsite.toml").write_text(
        '[privacy]\nbirth = "year"\nanonymise = ["Delta, Dora"]\n', encoding="utf-8"
    )
    out = tmp_path_factory.mktemp("out") / "site"
    build_site(BuildOptions(src, out, pdf=False))
    return out


def test_rounds_as_the_cells_give_them(small: Path) -> None:
    data = json.loads((small / "small" / "data" / "rounds.json").read_text(encoding="utf-8"))
    assert data["version"] == 1 and len(data["rounds"]) == 3
    assert all(r["complete"] for r in data["rounds"])
    # Round 1 (no scores yet): boards by the pair's higher rating, 1-4 (2000) before 2-3 (1900).
    first = data["rounds"][0]["games"]
    assert [(g["board"], g["white"], g["black"], g["result"]) for g in first] == [
        (1, 1, 4, "1\u20130"),
        (2, 2, 3, "\u00bd\u2013\u00bd"),
    ]
    assert (first[0]["white_outcome"], first[0]["black_outcome"]) == ("win", "loss")
    # Round 3, scores before it: Anna 1+½ = 1.5, Gus ½+1 = 1.5, Bert ½+½ = 1, Dora 0:
    # Gus-Anna (1.5, 1.5) on board 1, Anna won with Black.
    third = data["rounds"][2]["games"]
    assert [(g["white"], g["black"], g["result"]) for g in third] == [
        (3, 1, "0\u20131"),
        (2, 4, "1\u20130"),
    ]
    rows = list(csv.DictReader(io.StringIO((small / "small" / "data" / "rounds.csv").read_text())))
    assert len(rows) == 6
    assert rows[4]["white_name"] == "Gamma,Gus"
    assert (rows[4]["black_outcome"], rows[4]["forfeit"]) == ("win", "false")


def test_players_without_birth_dates_and_the_anonymised_anonymous(small: Path) -> None:
    folder = small / "small" / "data"
    players = json.loads((folder / "players.json").read_text(encoding="utf-8"))["players"]
    assert [p["id"] for p in players] == [1, 2, 3, 4]
    assert players[1]["name"] == "Beta,Bert" and players[1]["fide_id"] == "4100026"
    assert players[1]["rating"] == 1900
    dora = players[3]
    assert dora["name"] == "Anonymous"
    assert (dora["fide_id"], dora["rating"], dora["title"]) == ("", None, "")
    for path in folder.iterdir():
        text = path.read_text(encoding="utf-8")
        for leak in ("1987", "1990", "4100018", "Delta", "Dora", "birth"):
            assert leak not in text, (path.name, leak)


def test_a_name_that_looks_like_a_formula_stays_text(small: Path) -> None:
    for name in ("players.csv", "rounds.csv", "standings.csv"):
        text = (small / "formula" / "data" / name).read_text(encoding="utf-8")
        assert "'=HYPERLINK(1)" in text
        assert ",=HYPERLINK" not in text


def test_the_standings_file_takes_the_awards_rating_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 46: ``data/standings.json`` and ``.csv`` show the rating changes the awards
    already made from the same standings and K factors: an event's changes are made
    once, not once more for its data files (the files stay what ``trfsite standings``
    prints: test_standings_are_what_the_command_prints)."""
    from trfsite.awards import performance

    made: list[int] = []
    real = performance.rating_changes

    def counting(*args: Any, **kwargs: Any) -> Any:
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(performance, "rating_changes", counting)
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(SAMPLES / "club-championship-2024.trf", src)
    out = tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False, jobs=1))
    rows = json.loads((out / "club-championship-2024" / "data" / "standings.json").read_text())
    assert any(row.get("rating_change") is not None for row in rows["standings"])
    assert len(made) == 1  # the awards' (it was 2: the data files made them again)
