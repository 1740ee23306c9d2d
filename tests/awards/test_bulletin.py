"""The bulletin's prizes and rating change pages (same event and hand computations as
``test_pages.py``: 1 gets +12.0 with K 20 over 2 games, sum +0.60; 3 gets K 40,
1 game, sum -0.24, 40 x -0.24 = -9.6; prizes 100 -> 1, 50 -> 3, women 30 -> 2)."""

from __future__ import annotations

import datetime as dt
import io
import re

import pypdf
import pytest

from trfsite.awards.event import event_awards
from trfsite.awards.settings import read_award_settings
from trfsite.pages.contexts import BulletinData
from trfsite.pdf import render_bulletin
from trfsite.render.environment import make_environment
from trfsite.render.theme import find_theme, theme_chain
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .build import rated_event


@pytest.fixture(scope="module")
def pages() -> list[str]:
    return _texts(_render(line_mode=False))


def _texts(reader: pypdf.PdfReader) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in reader.pages]


def _render(line_mode: bool) -> pypdf.PdfReader:
    t = rated_event(
        {1: (2100, "1950/02/03"), 2: (2000, ""), 3: (1900, "2009/00/00"), 4: (None, "")},
        [(1, 1, 3, "1"), (1, 2, 4, "="), (2, 1, 2, "1"), (2, 3, 4, "+")],
        start=dt.date(2025, 5, 1),
        extra={2: {"sex": "w"}},
    )
    standings = compute_standings(t, StandingsOptions(tiebreaks=("WIN",)))
    problems: list[str] = []
    settings = read_award_settings(
        {"categories": ["women"], "prizes": {"overall": [100, 50], "women": [30]}}, "", problems
    )
    assert problems == []
    data = BulletinData(
        tournament=t,
        standings=standings,
        round_standings=(),
        findings_count=0,
        title="rated",
        build_date="2026-01-01",
        notes_html="",
        language="en",
        awards=event_awards(standings, settings),
    )
    env = make_environment(theme_chain(find_theme("bulletin")), "en")
    return pypdf.PdfReader(io.BytesIO(render_bulletin(data, env, line_mode)))


def test_prize_list(pages: list[str]) -> None:
    text = next(p for p in pages if "Prize list" in p or "Receives" in p)
    assert "Overall 1 100.00 Player 1 2 100.00" in text
    assert "Overall 2 50.00 Player 3 1 50.00" in text
    assert "Women 1 30.00 Player 2 ½ 30.00" in text


def test_rating_change_table(pages: list[str]) -> None:
    text = next(p for p in pages if "Σ(W − We)" in p and "Player 3" in p)
    # rank, name, rating, K, n, sum, change, TPR, ARO
    # 1: ARO (1900 + 2000) / 2 = 1950, p = 1.00 -> +800 -> 2750 (C.07 10.2, table 8.1(a))
    assert "1 Player 1 2100 20 2 +0.60 +12.0 2750 1950" in text
    # 3: one game (the forfeit is no game): ARO 2100, p 0 -> -800 -> 1300
    assert "2 Player 3 1900 40 1 -0.24 -9.6 1300 2100" in text


@pytest.fixture(scope="module")
def line_reader() -> pypdf.PdfReader:
    """The same event printed in line mode (as a big event would be)."""
    return _render(line_mode=True)


@pytest.fixture(scope="module")
def line_pages(line_reader: pypdf.PdfReader) -> list[str]:
    return _texts(line_reader)


def test_line_mode_rating_change_table(line_pages: list[str], line_reader: pypdf.PdfReader) -> None:
    number, text = next((n, p) for n, p in enumerate(line_pages) if "Σ(W − We)" in p)
    # the same hand-computed values as test_rating_change_table
    assert "1 Player 1 2100 20 2 +0.60 +12.0 2750 1950" in text
    assert "2 Player 3 1900 40 1 -0.24 -9.6 1300 2100" in text
    # printed as aligned monospaced lines (trfsite.pdf.lines): columns as wide as their
    # widest value or label (Rk. 3, Name 8, Rating 6, K 2, n 1, Σ(W − We) 9, Rtg ± 5,
    # Perf. 5, ARO 4), numbers on the right, two spaces between columns
    raw = line_reader.pages[number].extract_text().splitlines()
    assert "  1  Player 1    2100  20  2      +0.60  +12.0   2750  1950" in raw


def test_line_mode_category_table(line_pages: list[str], line_reader: pypdf.PdfReader) -> None:
    # women: only Player 2 (2000), ½ point (R1 draw with 4, R2 loss to 1); ranks 1 (2),
    # 3 (1), then 2 and 4 share 3rd (½ each, no wins under WIN): category 1, overall 3
    number, text = next((n, p) for n, p in enumerate(line_pages) if "Overall Name" in p)
    assert re.search(r"Women Rk\. Overall Name Rating Pts 1 3 Player 2 2000 ½", text)
    # widths: Rk. 3, Overall 7, Name 8, Rating 6, Pts 3
    raw = line_reader.pages[number].extract_text().splitlines()
    assert "  1        3  Player 2    2000    ½" in raw
