"""The team bulletin costs less paper, and its cover and standings read right.

The sample is ``sample_reports/grandmommys-cup-2024.trf`` (50 teams, 14 rounds),
rendered as ``trfsite build`` does; the Go event is
``sample_reports/mcmahon-frankfurt-2023.h9`` with the sample's go_bar/go_floor.
"""

from __future__ import annotations

import re
from pathlib import Path

import jinja2
import pytest
from pdfhelpers import RenderedPdf, read_pdf

from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import BulletinData
from trfsite.pages.event_standings import compute_all
from trfsite.pdf import render_bulletin

SAMPLES = Path(__file__).resolve().parents[2] / "sample_reports"
TEAM_SAMPLE = SAMPLES / "grandmommys-cup-2024.trf"
GO_SAMPLE = SAMPLES / "mcmahon-frankfurt-2023.h9"

# Measured before team cards could flow on (`trfsite build sample_reports --pdf`,
# then `pdfinfo grandmommys-cup-2024.pdf`): every team started a new page and a
# 14-round card ran to about 1.3 pages, so 113 pages in all.
PAGES_WITH_A_PAGE_PER_TEAM = 113


def _data(path: Path, config: EventConfig, findings: int) -> tuple[Tournament, BulletinData]:
    result = read_bytes(path.read_bytes(), path.name)
    assert result.tournament is not None
    final, after, _ = compute_all(result.tournament, config)
    data = BulletinData(
        tournament=result.tournament,
        standings=final,
        round_standings=after,
        findings_count=findings,
        title=result.tournament.name,
        build_date="2024-05-01",
        notes_html="",
        language="en",
    )
    return result.tournament, data


@pytest.fixture(scope="module")
def team_event(bulletin_env: jinja2.Environment) -> tuple[Tournament, RenderedPdf]:
    # 39 findings, as the sample's validation page counts them: the cover must not say so
    t, data = _data(TEAM_SAMPLE, EventConfig(), findings=39)
    return t, read_pdf(render_bulletin(data, bulletin_env))


def test_team_bulletin_uses_fewer_pages(team_event: tuple[Tournament, RenderedPdf]) -> None:
    _, pdf = team_event
    assert len(pdf.pages) < PAGES_WITH_A_PAGE_PER_TEAM


def test_every_team_still_has_its_card(team_event: tuple[Tournament, RenderedPdf]) -> None:
    t, pdf = team_event
    cards = "\n".join(pdf.pages[pdf.page_of("Teams") - 1 :])
    headings = re.findall(r"^\d+\. (.+)$", cards, re.MULTILINE)
    names = [team.name.strip() for team in t.teams]
    assert len(names) == 50  # the file's 310 records
    for name in names:
        assert name in headings, name


def test_cover_has_no_validation_count(team_event: tuple[Tournament, RenderedPdf]) -> None:
    _, pdf = team_event
    assert "Validation findings" not in pdf.pages[0]
    assert "39" not in pdf.pages[0]


def test_mpvgp_is_spelled_as_in_the_file_and_printed_as_points(
    team_event: tuple[Tournament, RenderedPdf],
) -> None:
    # Record 202 spells "MPvGP". C.07 (2023) 13.1: with match points primary,
    # MPvGP is the game points, so each row's last value repeats its GP, and
    # spells it like GP does (33½, not 33.5).
    _, pdf = team_event
    standings = pdf.pages[pdf.page_of("Final standings") - 1]
    assert "MPvGP" in standings and "MPVGP" not in standings
    # a row: rank, name (may hold digits: "India 3"), MP, GP and the 4 tie-breaks
    rows = [
        (words[-5], words[-1])
        for words in (line.split() for line in standings.splitlines())
        if len(words) >= 8 and words[0].isdigit()
    ]
    assert len(rows) >= 40
    assert any("½" in gp for gp, _ in rows)
    for gp, mpvgp in rows:
        assert mpvgp == gp


def test_go_standings_label_the_country_column(bulletin_env: jinja2.Environment) -> None:
    # The .h9 columns are "Rk Co Club": 4d DE Fran for Schmidt Anna (1st, MMS
    # 32 + 5 wins = 37 with the 3d bar). The column shows DE, so it is the country.
    _, data = _data(GO_SAMPLE, EventConfig(go_bar="3d", go_floor="20k"), findings=0)
    pdf = read_pdf(render_bulletin(data, bulletin_env, line_mode=False))
    standings = pdf.pages[pdf.page_of("Final standings") - 1]
    # Issue 45: the five rounds' cells stand between the country and the scores.
    assert re.search(r"Grade Country 1 2 3 4 5 MMS", standings)
    assert "Club" not in standings
    assert re.search(r"^1 Schmidt Anna 4d DE (\S+ ){5}37 ", standings, re.MULTILINE)
