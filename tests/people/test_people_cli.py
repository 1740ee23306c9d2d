"""``trfsite people`` through click's CliRunner (numbers in tests/data/people/README.md)."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli

RULES = Path(__file__).resolve().parent.parent / "data" / "people" / "rules"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["people", *args])
    return result.exit_code, result.stdout, result.stderr


def test_json_contract() -> None:
    code, out, err = _run(str(RULES), "--format", "json")
    assert code == 0, err
    people = {p["key"]: p for p in json.loads(out)["people"]}
    assert len(people) == 10
    muller = people["fide-4100018"]
    assert set(muller) == {"key", "name", "fide_id", "egd_pin", "federation", "url", "events"}
    assert muller["fide_id"] == "4100018" and muller["egd_pin"] is None
    assert muller["url"] == "people/fide-4100018.html"
    assert muller["federation"] == "GER"
    first = muller["events"][0]
    # a-2020 player 1: 1 + ½ = 1½ points, rank 1 (tied with player 4, README), 2 games,
    # TPR 2000 + dp(0.75) = 2000 + 193 = 2193 (C.07 10.2, table 8.1(a)).
    # Rating change (B.02 8.3): born 1980, rated 2000 -> K 20. R1 v 1800: D +200 ->
    # We 0.76 (table 8.1(b), 198-206), W 1: +0.24. R2 v 2200: D -200 -> We 0.24, W ½:
    # +0.26. 20 x 0.50 = +10.0.
    assert first == {
        "file": "a-2020.trf",
        "event": "Spring Open 2020",
        "date": "2020-05-01",
        "points": 1.5,
        "rank": 1,
        "games": 2,
        "rating": 2000,
        "performance": 2193,
        "rating_change": 10.0,
    }
    assert [e["file"] for e in muller["events"]] == ["a-2020.trf", "b-2021.trf"]
    assert people["smith-john-eng"]["fide_id"] is None
    # The conflicts go to stderr at file:line.
    assert "b-2021.trf:15:1: warning:" in err and "[person-birth-conflict]" in err
    assert "c-2022.trf:12:1: warning:" in err and "[person-ambiguous-name]" in err


def test_files_in_sub_folders_use_forward_slashes(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "2020").mkdir(parents=True)
    shutil.copy(RULES / "a-2020.trf", src / "2020" / "a-2020.trf")
    code, out, _ = _run(str(src), "--format", "json")
    assert code == 0
    files = {e["file"] for p in json.loads(out)["people"] for e in p["events"]}
    assert files == {"2020/a-2020.trf"}


def test_csv_has_one_row_per_person_and_event() -> None:
    code, out, _ = _run(str(RULES), "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 16  # 4 events x 4 players
    kowalski = [r for r in rows if r["key"] == "fide-1100001"]
    # Kowalski in a-2020 lost both: 0 points; TPR: ARO (2000 + 1900) / 2 = 1950,
    # p = 0 -> dp = -800 (table 8.1(a)): 1150.
    assert kowalski[0]["points"] == "0.0" and kowalski[0]["performance"] == "1150"


def test_table_and_strict() -> None:
    code, out, _ = _run(str(RULES))
    assert code == 0
    assert "fide-4100018  Müller, Jürgen  FIDE 4100018 GER  (name match)" in out
    assert out.rstrip().endswith("10 people")
    code, _, _ = _run(str(RULES), "--strict")
    assert code == 1


def test_config_problems_are_usage_errors(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(RULES, src)
    (src / "trfsite.toml").write_text('[people]\nmerge = [["nobody", "fide-400001"]]\n')
    code, _, err = _run(str(src))
    assert code == 2
    assert "people.merge[0]: 'nobody' is no entry's key" in err


def test_one_event_links_each_person_to_their_card(tmp_path: Path) -> None:
    # The site of one event has no person pages: `url` is the card the site has.
    shutil.copy(RULES / "a-2020.trf", tmp_path)
    code, out, err = _run(str(tmp_path), "--format", "json")
    assert code == 0, err
    urls = {p["key"]: p["url"] for p in json.loads(out)["people"]}
    # a-2020: Müller start no. 1 (FIDE 4100018), Kowalski 2 (1100001).
    assert urls["fide-4100018"] == "a-2020/players/1.html"
    assert urls["fide-1100001"] == "a-2020/players/2.html"
    (tmp_path / "trfsite.toml").write_text("[people]\npages = true\n", encoding="utf-8")
    code, out, err = _run(str(tmp_path), "--format", "csv")
    assert code == 0, err
    rows = {row["key"]: row["url"] for row in csv.DictReader(io.StringIO(out))}
    assert rows["fide-4100018"] == "people/fide-4100018.html"


def test_a_people_pages_setting_that_is_no_boolean_is_a_config_error(tmp_path: Path) -> None:
    shutil.copy(RULES / "a-2020.trf", tmp_path)
    (tmp_path / "trfsite.toml").write_text('[people]\npages = "yes"\n', encoding="utf-8")
    code, _out, err = _run(str(tmp_path))
    assert code == 2
    assert "people.pages: 'yes' is not true or false" in err
