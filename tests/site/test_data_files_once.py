"""The rounds' data files make each text once per event, not once per cell (issue 39).

``rounds.csv`` guards every text cell against spreadsheet formulas
(``formats/csv_cells.safe_cell``). A game's names, result and outcomes come from a
few texts per event (the open: 2,000 names and a handful of results for 120,000
cells): each is made safe once, and the lines are written as they are. Counted by
the calls of ``safe_cell``, not timed.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from trfsite.formats import csv_cells
from trfsite.pages import data_files, gather
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import DownloadFile
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo

EVENT = Path(__file__).resolve().parents[1] / "data" / "trf" / "individual-2026.trf"


def _rounds_files() -> tuple[str, str]:
    site = SiteInfo("Results", "en", "https://example.org/", "2024-05-01", "t")
    job = EventJob(EVENT.read_bytes(), EVENT.name, EVENT.stem, "", EventConfig(), site, False)
    plans = gather.prepare_event(job).plans
    (plan,) = [plan for plan in plans if plan.path.endswith("/data/rounds.json")]
    made = plan.build().context
    assert isinstance(made, DownloadFile)
    (csv_path, csv_text), *_ = made.also
    assert csv_path.endswith("/data/rounds.csv")
    return made.text, csv_text


def test_each_text_of_the_rounds_csv_is_made_safe_once(monkeypatch: pytest.MonkeyPatch) -> None:
    guarded: list[object] = []
    guard = csv_cells.safe_cell

    def counting(value: object) -> object:
        guarded.append(value)
        return guard(value)

    monkeypatch.setattr(csv_cells, "safe_cell", counting)
    monkeypatch.setattr(data_files, "safe_cell", counting, raising=False)
    _, text = _rounds_files()
    lines = list(csv.reader(io.StringIO(text)))
    # individual-2026.trf: 7 games (3 in round 1, 2 in rounds 2 and 3) and 4 byes
    # (players 4 and 6 in round 2, 5 and 6 in round 3): 11 lines after the header.
    assert len(lines) == 12
    # The header's 11 cells, the 6 players' names, and the 3 results of the games
    # (1-0, the draw, the forfeit +--): 20, where a guard per cell made 11 + 11 x 11.
    assert len(guarded) == 11 + 6 + 3
    # The forfeit's result starts with "+": still written as text. Round 1's boards by
    # the pair's higher rating: 1-4 (2500), 3-6 (2400), 5-2 (2300).
    assert lines[2][:7] == ["1", "2", "3", "Smith, John", "6", "Nowak, Piotr", "'+\u2013\u2212"]


def test_the_rounds_csv_is_what_the_guarded_writer_makes_of_the_json() -> None:
    """The lines written as they are equal csv_writer's (every cell guarded) from the
    same games and byes."""
    import json

    json_text, text = _rounds_files()
    expected = io.StringIO()
    writer = csv_cells.csv_writer(expected)
    writer.writerow(data_files._ROUND_COLUMNS)
    for item in json.loads(json_text)["rounds"]:
        for game in item["games"]:
            flag = "true" if game["forfeit"] else "false"
            handicap = "" if game["handicap"] is None else game["handicap"]
            cells = [game[key] for key in data_files._ROUND_COLUMNS[1:9]]
            writer.writerow([item["round"], *cells, flag, handicap])
        for bye in item["byes"]:
            white = [bye["player"], bye["name"], "", "", ""]
            writer.writerow([item["round"], "", *white, bye["outcome"], "", "", ""])
    assert text == expected.getvalue()
