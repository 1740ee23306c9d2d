"""Issue 50: the pages of the standings after each round stay within a budget of rows.

Fuzz input #925 of seed 2026 (305 players, 303 rounds: 92,000 rows over those pages)
took 30-42 s of CPU to build. Beyond MAX_ROUND_STANDINGS_ROWS (40,000: a 2,000-player
open of 20 rounds) only the last rounds get such a page. The budget is lowered here so
that FIDE-sized numbers are not needed: clean.trf has 4 players and 3 rounds (12 rows).
Counts pages, not time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html

import trfsite.pages.event as event_pages
from trfsite.formats.limits import MAX_ROUND_STANDINGS_ROWS, Budget

from .data import build_clean


def test_the_open_of_benchmarks_keeps_every_page() -> None:
    # benchmarks/: 2,000 players x 11 rounds = 22,000 rows, within 40,000.
    assert 2000 * 11 <= MAX_ROUND_STANDINGS_ROWS.limit == 40_000


def test_beyond_the_budget_only_the_last_rounds_get_a_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 4 players x 3 rounds = 12 rows > 8: 8 // 4 = 2 pages, after rounds 2 and 3.
    small = Budget("standings pages after each round", 8, "round-standings-pages-limited", "")
    monkeypatch.setattr(event_pages, "MAX_ROUND_STANDINGS_ROWS", small)
    event, _ = build_clean(tmp_path)
    assert not (event / "standings-1.html").exists()
    assert (event / "standings-2.html").is_file() and (event / "standings-3.html").is_file()
    final = event / "standings.html"
    tree = html.fromstring(final.read_bytes())
    links = {href for href in tree.xpath("//a/@href") if "standings-" in href}
    assert links == {"standings-2.html", "standings-3.html"}
    assert (
        "the standings after each round are published from round 2 on: 12 rows over 3 "
        "rounds would be more than the 8 made" in final.read_text(encoding="utf-8")
    )
    # The round pages are all there: they show the points before each round.
    assert all((event / "rounds" / f"{n}.html").is_file() for n in (1, 2, 3))


def test_within_the_budget_every_round_gets_a_page(tmp_path: Path) -> None:
    event, _ = build_clean(tmp_path)
    assert all((event / f"standings-{n}.html").is_file() for n in (1, 2, 3))
