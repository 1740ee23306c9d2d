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

import trfsite.standings.event_cells as detail_budget
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


def test_standings_explain_lists_the_last_rounds_that_fit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As the cards: 8 cells // 4 players = the last 2 rounds explained, 2 and 3; round 1
    # is one line of its total, so that every sum still adds up.
    small = Budget("cells per event", 8, MAX_EVENT_CELLS.code, "")
    monkeypatch.setattr(detail_budget, "MAX_EVENT_CELLS", small)
    path = tmp_path / "cup.trf"
    path.write_text(CLEAN, encoding="utf-8")
    done = CliRunner().invoke(cli, ["standings", "--explain", str(path)])
    assert done.exit_code == 0, done.output
    text = done.output
    assert (
        "Note: the event has 4 players and 3 rounds, 12 results in all; expected at most 8 "
        "to explain in full: the explanations list rounds 2 to 3, each earlier round is "
        "counted in one line"
    ) in text
    alpha = text[text.index("#1  1 Alpha, Anna") : text.index("#2  2 Beta, Bert")]
    # WIN (C.07 2023 7.2, the games won): Alpha won rounds 1, 2 and 3 (clean.trf),
    # 1 + 1 + 1 = 3; round 1's win is the earlier line.
    assert "    rounds 1: 1  earlier rounds, not listed one by one: 1 in all\n" in alpha
    assert "    sum: 1 + 1 + 1 = 3\n" in alpha
    # SB (C.07 2023 9.1): round 1 beat Delta (0.5 points) -> 0.5; round 2 beat Gamma
    # (1) -> 1; round 3 beat Beta (1.5) -> 1.5; 0.5 + 1 + 1.5 = 3.
    assert "    rounds 1: 0.5  earlier rounds, not listed one by one: 0.5 in all\n" in alpha
    assert "    sum: 0.5 + 1 + 1.5 = 3\n" in alpha
    assert "    round 1:" not in text
    # The rating change (B.02 8.3): round 1 against Delta (1800), D = 2100 - 1800 = 300,
    # We 0.85, W - We = 1 - 0.85 = +0.15; rounds 2 and 3 are listed game by game.
    assert "games of rounds 1 to 1, not listed one by one: W - We +0.15 in all" in alpha
    assert "round 2: opponent 3 rated 1900" in alpha and "round 1: opponent" not in alpha
    done = CliRunner().invoke(cli, ["standings", "--explain", "--format", "json", str(path)])
    rows = json.loads(done.output)["standings"]
    listed = [
        c["round"]
        for row in rows
        for e in row["explanations"].values()
        for c in e.get("contributions", ())
        if "rounds" not in c
    ]
    assert listed and min(listed) >= 2


def test_standings_explain_within_the_budget_lists_every_round(tmp_path: Path) -> None:
    path = tmp_path / "cup.trf"
    path.write_text(CLEAN, encoding="utf-8")
    done = CliRunner().invoke(cli, ["standings", "--explain", str(path)])
    assert "    round 1: 1  game with white against 4 Delta, Dora, 1 point(s)" in done.output
    assert "explain in full" not in done.output
