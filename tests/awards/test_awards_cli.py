"""``trfsite awards``: the prize list and categories from the config beside the file.

Same event as ``test_pages.py``: overall 100 -> player 1 (2 points), 50 -> player 3
(1 point); women 30 -> player 2 (0.5 points, overall rank 3 shared with player 4 under
the config's tie-break WIN: neither has a win).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from pathlib import Path

from click.testing import CliRunner

from trfsite.cli import cli
from trfsite.formats.trf.writer import write_trf

from .build import rated_event

CONFIG = """
[events.rated]
tiebreaks = ["WIN"]
categories = ["women"]
[events.rated.prizes]
overall = [100, 50]
women = [30]
"""


def _event(tmp_path: Path) -> Path:
    t = rated_event(
        {1: (2100, ""), 2: (2000, ""), 3: (1900, ""), 4: (None, "")},
        [(1, 1, 3, "1"), (1, 2, 4, "="), (2, 1, 2, "1"), (2, 3, 4, "+")],
        start=dt.date(2025, 5, 1),
        extra={2: {"sex": "w"}},
    )
    path = tmp_path / "rated.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    (tmp_path / "trfsite.toml").write_text(CONFIG, encoding="utf-8")
    return path


def test_json(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["awards", str(_event(tmp_path)), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["prize_rule"] == "one-prize"
    assert [(p["category"], p["place"], p["id"], p["amount"]) for p in data["prizes"]] == [
        ("overall", 1, 1, 100.0),
        ("overall", 2, 3, 50.0),
        ("women", 1, 2, 30.0),
    ]
    (women,) = data["categories"]
    assert [(x["id"], x["category_rank"], x["overall_rank"]) for x in women["standings"]] == [
        (2, 1, 3)
    ]


def test_csv(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["awards", str(_event(tmp_path)), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [(r["section"], r["id"], r["amount"]) for r in rows if r["section"] == "prize"] == [
        ("prize", "1", "100.00"),
        ("prize", "3", "50.00"),
        ("prize", "2", "30.00"),
    ]


def test_bad_config_is_a_usage_error(tmp_path: Path) -> None:
    path = _event(tmp_path)
    (tmp_path / "trfsite.toml").write_text('[events.rated]\nprize_rule = "split"\n')
    result = CliRunner().invoke(cli, ["awards", str(path)])
    assert result.exit_code == 2
    assert "events.rated.prize_rule: 'split' is not a prize rule" in result.output
