"""The bulletin's title norms section, last in the bulletin (FIDE B.01, edition applied
from 1 January 2024). The event of ``test_norms_pages.py``: nine GMs at 2380, 7 points:
78 %, dp 220, Ra 2380, Rp 2600, a GM norm; rounds 10 and 11 (losses) left out. The live
event: 2 from the last 2 games for the GM norm (Ra 2406), ½ for the IM norm."""

from __future__ import annotations

import io

import pypdf

from trfsite.model import Tournament
from trfsite.norms.settings import NormSettings
from trfsite.pages.contexts import BulletinData
from trfsite.pdf import render_bulletin
from trfsite.render.environment import make_environment
from trfsite.render.theme import find_theme, theme_chain
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .build import FEDS_THREE, Opp, check, nine, norm_event


def _pages(t: Tournament) -> list[str]:
    standings = compute_standings(t, StandingsOptions())
    data = BulletinData(
        tournament=t,
        standings=standings,
        round_standings=(),
        findings_count=0,
        title="norms",
        build_date="2026-01-01",
        notes_html="",
        language="en",
        norms=check(t, NormSettings()),
    )
    env = make_environment(theme_chain(find_theme("bulletin")), "en")
    reader = pypdf.PdfReader(io.BytesIO(render_bulletin(data, env, False)))
    return [" ".join(p.extract_text().split()) for p in reader.pages]


def test_the_norm_is_the_last_section_with_its_games() -> None:
    rows = nine(2380, results="111111100") + [Opp(2380, "GM", "ITA", "0")] * 2
    pages = _pages(norm_event(rows))
    last = pages[-1]
    assert last.startswith("Title norms Checked under the FIDE Title Regulations (B.01)")
    assert "Candidate, Carl (GER): GM norm" in last
    assert "Games 9 · Pts 7 (78 %) · Ra 2380 · Rp 2600 · Counts as 9 games" in last
    assert "Rounds not used: 10, 11" in last
    assert "1 Opponent 2 GM HUN 2380 1" in last
    assert "Title norms" in pages[1]  # listed in the contents


def test_the_live_forecast() -> None:
    rows = [Opp(2400, "GM", f, r) for f, r in zip(FEDS_THREE, "1111100", strict=False)]
    rows.append(Opp(2450, "GM", "ITA", "?"))
    last = _pages(norm_event(rows, rounds=9))[-1]
    assert "Still in reach" in last
    assert "GM norm 2 from 2 games (rounds 8–9), against opponents rated about 2406" in last
    assert "IM norm ½ from 2 games (rounds 8–9)" in last


def test_no_section_without_a_norm() -> None:
    rows = [Opp(1800, "", f, r) for f, r in zip(FEDS_THREE, "111111100", strict=True)]
    assert not any("Title norms" in page for page in _pages(norm_event(rows)))


def test_an_unrated_opponent_raised_to_the_floor_says_both() -> None:
    # B.01 1.4.6 (2024): seven IMs at 2400 (6 points), an unrated opponent (won) and a
    # 1900 (lost). The unrated one, at 1400 the lowest, is raised to the IM floor 2050:
    # 7 x 2400 + 2050 + 1900 = 20750, / 9 = 2305.6 -> Ra 2306; 7/9 = 78 %, Rp 2526.
    rows = [Opp(2400, "IM", f, r) for f, r in zip(FEDS_THREE[:7], "1111110", strict=False)]
    rows += [Opp(None, "", "ITA", "1"), Opp(1900, "", "POL", "0")]
    last = _pages(norm_event(rows))[-1]
    assert "Ra 2306 · Rp 2526" in last
    assert "8 Opponent 9 ITA 2050 (unrated; raised to the floor) 1" in last
    assert "9 Opponent 10 POL 1900 0" in last
