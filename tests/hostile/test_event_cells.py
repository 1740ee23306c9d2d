"""Issue 50: an event of more cells than MAX_EVENT_CELLS keeps its pages, without the detail.

The fuzz run of seed 2026 found a class of inputs whose every player line repeats its
cells to some 300 rounds (#13129: FIDE's 284-player example, 85,000 cells, 900 KB):
`build --no-pdf` took 25 s of CPU, two thirds of it the player cards' tie-break
explanations and charts. Beyond the budget (40,000: a 2,000-player open of 11 rounds is
22,000) the cards list the games of the last rounds that fit, without explanations and
charts, only the last round has a page of the standings after it, and one warning says
so. The budget is lowered
here so that clean.trf (4 players x 3 rounds = 12 cells) is beyond it. Checks pages and
findings by lxml, never time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import html

import trfsite.pages.detail_budget as detail_budget
from trfsite.cli import cli
from trfsite.formats.limits import MAX_EVENT_CELLS, Budget

from .data import CLEAN, build_clean


def _card(event: Path) -> html.HtmlElement:
    return html.fromstring((event / "players" / "1.html").read_bytes())


def test_the_open_of_benchmarks_is_shown_in_full() -> None:
    # benchmarks/: 2,000 players x 11 rounds = 22,000 cells, within 40,000.
    assert 2000 * 11 <= MAX_EVENT_CELLS.limit == 40_000


def test_within_the_budget_the_cards_explain_and_chart(tmp_path: Path) -> None:
    event, output = build_clean(tmp_path)
    card = _card(event)
    assert card.xpath("//*[@id='why-heading']")
    assert card.xpath("//*[contains(@class, 'rank-chart')]")
    assert "0 errors, 0 warnings" in output


def test_beyond_the_budget_the_cards_list_the_games_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = Budget("cells per event", 8, MAX_EVENT_CELLS.code, "")
    monkeypatch.setattr(detail_budget, "MAX_EVENT_CELLS", small)
    event, output = build_clean(tmp_path)
    card = _card(event)
    assert not card.xpath("//*[@id='why-heading']")
    assert not card.xpath("//*[contains(@class, 'rank-chart')]")
    assert not card.xpath("//*[contains(@class, 'score-chart')]")
    # The last rounds that fit: 8 // 4 players = 2 rounds a card, rounds 2 and 3
    # (Alpha played 3 and 2 there, clean.trf), and a note that says so.
    rows = card.xpath("//table[contains(@class, 'record')]/tbody/tr")
    assert [row.xpath("string(td[1])") for row in rows] == ["2", "3"]
    assert "Rounds 2 to 3 only" in card.text_content()
    # The standings after each round: the last round's page alone.
    assert not (event / "standings-1.html").exists()
    assert not (event / "standings-2.html").exists()
    # The standings, the crosstable and every round page as usual.
    assert (event / "standings.html").is_file() and (event / "crosstable.html").is_file()
    assert all((event / "rounds" / f"{n}.html").is_file() for n in (1, 2, 3))
    # One warning, naming the budget and what was left out: 4 x 3 = 12 cells > 8.
    warning = (
        "the event has 4 players and 3 rounds, 12 results in all; expected at most 8 to "
        "show in full: the player pages list the games from round 2 on, without the "
        "tie-break explanations and the charts, and only the last round has a page of "
        "the standings after it"
    )
    assert "0 errors, 1 warning" in output  # clean.trf has no other finding
    validation = html.fromstring((event / "validation.html").read_bytes()).text_content()
    assert validation.count(MAX_EVENT_CELLS.code) == 1
    assert warning in " ".join(validation.split())


def test_the_commands_without_pages_say_nothing_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = Budget("cells per event", 8, MAX_EVENT_CELLS.code, "")
    monkeypatch.setattr(detail_budget, "MAX_EVENT_CELLS", small)
    path = tmp_path / "cup.trf"
    path.write_text(CLEAN, encoding="utf-8")
    done = CliRunner().invoke(cli, ["validate", "--format", "json", str(path)])
    assert MAX_EVENT_CELLS.code not in json.dumps(done.output)
