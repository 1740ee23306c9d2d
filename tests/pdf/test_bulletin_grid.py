"""A round robin's bulletin prints its crosstable as one grid (trfsite.pages.crossgrid).

Rows are read by hand from sample_reports/club-championship-2024.trf and from the
team event in pdf_events.py; none is copied from the program's output.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import jinja2
import pytest
from pdf_events import TEAM_DATA, TEAM_EVENT, TEAM_STANDINGS
from pdfhelpers import RenderedPdf, read_pdf

from trfsite.formats import read_bytes
from trfsite.pages.contexts import BulletinData
from trfsite.pages.crossgrid import build_grid
from trfsite.pdf import render_bulletin
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

CLUB = Path(__file__).resolve().parents[2] / "sample_reports" / "club-championship-2024.trf"
# sample_reports/trfsite.toml gives the club championship these tie-breaks
CLUB_OPTIONS = StandingsOptions(tiebreaks=("DE", "SB", "WIN", "KS"))


def _club_data() -> BulletinData:
    t = read_bytes(CLUB.read_bytes(), CLUB.name).tournament
    assert t is not None
    final = compute_standings(t, CLUB_OPTIONS)
    after = tuple(
        compute_standings(t, replace(CLUB_OPTIONS, after_round=n)) for n in range(1, t.rounds + 1)
    )
    return BulletinData(t, final, after, 0, t.name, "2024-05-05", "", "en")


@pytest.fixture(scope="module")
def club_data() -> BulletinData:
    return _club_data()


@pytest.fixture(scope="module")
def club_pdf(club_data: BulletinData, bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(club_data, bulletin_env))


def _crosstable_text(pdf: RenderedPdf) -> str:
    return pdf.pages[pdf.page_of("Crosstable") - 1]


def test_club_bulletin_prints_the_grid(club_pdf: RenderedPdf) -> None:
    text = _crosstable_text(club_pdf)
    assert "Rk. Name Rating Fed 1 2 3 4 5 6 7 8 9 10 Pts" in text
    # Østergaard (start 5, 7 points) against rows 2..10 (Müller 2, Schäfer 6, Kowalczyk 1,
    # André 3, Nagy 4, Öztürk 10, Fernández 8, Dvořák 7, Weiß 9), read from his 001 line:
    # R3 "2 b 1", R1 "6 w 1", R6 "1 w 1", R7 "3 w 1", R2 "4 b 0", R8 "10 b 1",
    # R9 "8 w 1", R5 "7 b 0", R4 "9 w 1"; the diagonal prints nothing.
    assert "1 Østergaard,Mikkel 2140 DEN 1 1 1 1 0 1 1 0 1 7 " in text
    # Weiß (start 9, 2 points, last) against rows 1..9 (Østergaard 5, Müller 2, Schäfer 6,
    # Kowalczyk 1, André 3, Nagy 4, Öztürk 10, Fernández 8, Dvořák 7):
    # R4 "5 b 0", R1 "2 b 0", R8 "6 b 0", R2 "1 w 0", R5 "3 w =", R9 "4 w 0",
    # R6 "10 w =", R7 "8 b 0", R3 "7 w 1".
    assert "10 Weiß,Jürgen 1998 GER 0 0 0 0 ½ 0 ½ 0 1 2 " in text
    # the round-by-round cells (opponent rank + colour + result) are not printed
    assert "5w" not in text.replace("\u202f", "") and "2b1" not in text.replace("\u202f", "")
    assert "Each cell: the row player's result against the column player" in text


def test_club_bulletin_grows_by_at_most_one_page(
    club_data: BulletinData,
    club_pdf: RenderedPdf,
    bulletin_env: jinja2.Environment,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the same bulletin with the round-by-round table (no grid), for comparison
    monkeypatch.setattr("trfsite.pdf.view.build_grid", lambda *args, **kwargs: None)
    without = read_pdf(render_bulletin(club_data, bulletin_env))
    assert "Each cell: the opponent's final rank" in _crosstable_text(without)
    assert len(club_pdf.pages) <= len(without.pages) + 1
    box = club_pdf.reader.pages[club_pdf.page_of("Crosstable") - 1].mediabox
    assert box.width > box.height  # still the landscape page


# --------------------------------------------------------------------------- teams
# pdf_events.py's team event is a complete single round robin of four teams:
#   R1 Köln - Lyon 1½:½, Łódź - Ørsted 0:2;  R2 Łódź - Köln ½:1½, Lyon - Ørsted 2:0;
#   R3 Ørsted - Köln 0:2, Lyon - Łódź 1:1.   Final order: Köln, Lyon, Ørsted, Łódź.
ROUND_ROBIN_STANDINGS = replace(TEAM_STANDINGS, round_robin=True)


def test_team_round_robin_grid_cells() -> None:
    grid = build_grid(TEAM_EVENT, ROUND_ROBIN_STANDINGS)
    assert grid is not None and grid.is_team
    cells = [
        ["X" if c.diagonal else " ".join(g.text for g in c.games) for c in row.cells]
        for row in grid.rows
    ]
    assert cells == [
        ["X", "1\u00bd", "2", "1\u00bd"],  # Köln: R1 v Lyon, R3 v Ørsted, R2 v Łódź
        ["\u00bd", "X", "2", "1"],  # Lyon: R1 v Köln, R2 v Ørsted, R3 v Łódź
        ["0", "0", "X", "2"],  # Ørsted: R3 v Köln, R2 v Lyon, R1 v Łódź
        ["\u00bd", "1", "0", "X"],  # Łódź: R2 v Köln, R3 v Lyon, R1 v Ørsted
    ]
    # match points decide the colour class (2-1-0); the first-named team is the white team
    lyon = grid.rows[1]
    assert [(g.css, g.colour) for c in lyon.cells for g in c.games] == [
        ("loss", "b"),
        ("win", "w"),
        ("draw", "w"),
    ]
    # standings ranked as a Swiss (the event names no system): no grid
    assert build_grid(TEAM_EVENT, TEAM_STANDINGS) is None


def test_team_round_robin_bulletin(bulletin_env: jinja2.Environment) -> None:
    # the bulletin prints a grid when the standings were ranked as a round robin
    standings = ROUND_ROBIN_STANDINGS
    pdf = read_pdf(render_bulletin(TEAM_DATA._replace(standings=standings), bulletin_env))
    text = _crosstable_text(pdf)
    # Köln: 1½ 2 1½, 6 match points, 5 game points (pdf_events.py works them out)
    assert "1 SF Köln 1½ 2 1½ 6 5" in text
    assert "4 KS Łódź ½ 1 0 1 1½" in text
