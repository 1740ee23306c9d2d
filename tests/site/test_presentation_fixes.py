"""The QA review's presentation findings, read back from built pages with lxml.

Covered: Go standings with grade and country (finding 10), tie-break headers in
the code's own spelling and points-like tie-breaks spelled as points (finding
11), singular counts (finding 11), shares that never read "0 %" for someone
(finding 11), and the team page's highlighted tab (suggestion 9). Expected
values are read by hand from the sample files named at each test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import html
from sitehelpers import SAMPLES, player_line, small_round_robin

from trfsite.formats import read_bytes
from trfsite.pages.stats import share_text
from trfsite.site.build import BuildOptions, BuildReport, build_site
from trfsite.validate.standings_checks import check_standings

NBSP = "\u00a0"


def _page(out: Path, relative: str) -> html.HtmlElement:
    return html.fromstring((out / relative).read_bytes())


def _text(element: html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


def _table(page: html.HtmlElement, css: str) -> tuple[list[str], list[list[str]]]:
    """The head labels and the body rows of the first table with class ``css``."""
    table = page.xpath(f"//table[contains(concat(' ', @class, ' '), ' {css} ')]")[0]
    head = [_text(th) for th in table.xpath("./thead/tr/th")]
    rows = [[_text(cell) for cell in tr.xpath("./th|./td")] for tr in table.xpath("./tbody/tr")]
    return head, rows


@pytest.fixture(scope="module")
def sample_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("presentation") / "site"
    build_site(BuildOptions(SAMPLES, out, pdf=False))
    return out


# --------------------------------------------------------------------------- Go standings
# sample_reports/mcmahon-frankfurt-2023.h9, columns "Pl Name Rk Co Club":
#   1 Schmidt Anna   4d DE Fran      3 Kovács Péter 3d HU Buda
#   16 Petrov Ivan  15k BG Sofi      14 O'Brien Siobhán 10k IE Dubl
# Final ranks: Schmidt 1st (5 wins, MMS 32 + 5 = 37); Petrov last (no win,
# 15k = 30 - 15 = 15 with the 20k floor not reached: MMS 15 + 0 = 15, 16th).
def test_go_standings_show_grade_and_country(sample_site: Path) -> None:
    head, rows = _table(_page(sample_site, "mcmahon-frankfurt-2023/standings.html"), "standings")
    grade, country, name = head.index("Grade"), head.index("Country"), head.index("Name")
    assert grade < head.index("MMS") and country < head.index("MMS")
    by_name = {row[name]: row for row in rows}
    assert (by_name["Schmidt Anna"][grade], by_name["Schmidt Anna"][country]) == ("4d", "DE")
    assert (by_name["Kovács Péter"][grade], by_name["Kovács Péter"][country]) == ("3d", "HU")
    assert (by_name["O'Brien Siobhán"][grade], by_name["O'Brien Siobhán"][country]) == (
        "10k",
        "IE",
    )
    assert rows[0][name] == "Schmidt Anna"
    assert rows[-1][name] == "Petrov Ivan" and rows[-1][grade] == "15k"
    assert rows[-1][country] == "BG"


# --------------------------------------------------------------------------- team standings
# sample_reports/grandmommys-cup-2024.trf, record 202: "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP".
# C.07 (2023) 13.1: MPvGP is the game points when match points are the primary
# score (the default for team events, C.07 11.1), so its column equals GP, and
# being points it is spelled as GP is: 33½, not 33.5.
def test_team_standings_keep_mpvgp_spelling_and_print_it_as_points(sample_site: Path) -> None:
    head, rows = _table(_page(sample_site, "grandmommys-cup-2024/standings.html"), "standings")
    assert "MPvGP" in head and "MPVGP" not in head
    gp, mpvgp = head.index("GP"), head.index("MPvGP")
    assert any("½" in row[gp] for row in rows)  # the sample has half game points
    for row in rows:
        assert row[mpvgp] == row[gp], row
        assert "." not in row[mpvgp]


# --------------------------------------------------------------------------- team page nav
def test_team_page_highlights_the_tab_that_lists_the_teams(sample_site: Path) -> None:
    # No teams index exists; in a team event the Standings page is the list of
    # the teams (each name links to its team page), so that tab is the section.
    team = _page(sample_site, "grandmommys-cup-2024/teams/16.html")
    current = team.xpath("//nav[@class='event-nav']//a[@aria-current='page']")
    assert [a.get("href").rsplit("/", 1)[-1] for a in current] == ["standings.html"]
    standings = _page(sample_site, "grandmommys-cup-2024/standings.html")
    assert standings.xpath("//table[contains(@class,'standings')]//a[@href='teams/16.html']")


# --------------------------------------------------------------------------- singular counts
def test_validation_badges_say_one_note_and_plural_otherwise(
    make_src: Callable[[dict[str, str | bytes]], Path], tmp_path: Path
) -> None:
    # The small round robin (3 rounds played) with "XXR 5": one note
    # (rounds-not-all-played); warnings: 062 says 5 players and 072 says 5 rated, the file
    # has 4 of each (2).
    text = small_round_robin().replace("122 90 min + 30 s\n", "122 90 min + 30 s\nXXR 5\n")
    text = text.replace("042 2024/05/01\n", "042 2024/05/01\n062 5\n072 5\n")
    src = make_src({"one.trf": text})
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    page = _page(out, "one/validation.html")
    badges = [_text(b) for b in page.xpath("//p[@class='summary-counts']/span")]
    assert badges == ["0 errors", "2 warnings", "1 note"]


def test_build_summary_counts_take_the_singular_for_one() -> None:
    report = BuildReport(
        events=1, pages=7, pdfs=1, errors=1, warnings=0, files_with_errors=1,
        files_with_warnings=0, failed=(), pdf_failures=(), seconds=1.0, out=Path("out"),
    )  # fmt: skip
    assert report.summary_line() == "1 event, 7 pages, 1 PDF, 1 error, 0 warnings in 1.0 s -> out"
    many = report._replace(events=11, errors=21, reused=1)
    assert many.summary_line().startswith("11 events (1 unchanged), 7 pages, 1 PDF, 21 errors")


def test_rank_mismatch_says_one_point() -> None:
    # The small round robin with round 3 board "2-4" turned round: Dora beats Bert.
    # Points (1-½-0): Anna 1 + ½ + 1 = 2.5, Gus ½ + 1 + 0 = 1.5, Bert ½ + ½ + 0 = 1,
    # Dora 0 + 0 + 1 = 1. The file still declares Bert 2nd and Gus 3rd.
    lines = [
        "012 One Point Test",
        "042 2024/05/01",
        "092 Individual: Round Robin",
        player_line(1, "Alpha,Anna", 2000, [(4, "w", "1"), (2, "w", "="), (3, "b", "1")], 2.5, 1),
        player_line(2, "Beta,Bert", 1900, [(3, "w", "="), (1, "b", "="), (4, "w", "0")], 1.0, 2),
        player_line(3, "Gamma,Gus", 1800, [(2, "b", "="), (4, "b", "1"), (1, "w", "0")], 1.5, 3),
        player_line(4, "Delta,Dora", 1700, [(1, "b", "0"), (3, "w", "0"), (2, "b", "1")], 1.0, 4),
    ]
    result = read_bytes(("\n".join(lines) + "\n").encode(), "one-point.trf")
    assert result.tournament is not None
    messages = [f.message for f in check_standings(result.tournament, "one-point.trf")]
    bert = [m for m in messages if "player 2 " in m]
    gus = [m for m in messages if "player 3 " in m]
    assert bert and "with 1 point (columns 81-89)" in bert[0] and "(1 point)" in bert[0]
    assert gus and "with 1.5 points" in gus[0] and "(1.5 points)" in gus[0]
    assert not any("1 points" in m and "1.5" not in m for m in messages)


# --------------------------------------------------------------------------- statistics
def test_share_text_never_rounds_someone_to_nothing_or_all() -> None:
    # 1 of 284 = 0.35 %, rounds to 0; 283 of 284 = 99.65 %, rounds to 100.
    assert share_text(1, 284) == f"<1{NBSP}%"
    assert share_text(283, 284) == f">99{NBSP}%"
    assert share_text(284, 284) == f"100{NBSP}%"
    assert share_text(0, 284) == f"0{NBSP}%"
    assert share_text(142, 284) == f"50{NBSP}%"  # exactly half
    assert share_text(0, 0) == "\u2013"


def test_statistics_page_prints_less_than_one_percent(sample_site: Path) -> None:
    # sample_reports/karl-mala-open-2005.trf: 284 players; CHI, ISL, POL and SWE
    # have one player each (grep of the 001 lines' federation columns 54-56).
    head, rows = _table(_page(sample_site, "karl-mala-open-2005/statistics.html"), "counts")
    shares = {row[0]: row[2] for row in rows}  # _text folds the no-break space
    for federation in ("CHI", "ISL", "POL", "SWE"):
        assert shares[federation] == "<1 %"
    assert "0 %" not in shares.values()


def test_go_standings_caption_names_the_egf_rules(sample_site: Path) -> None:
    page = _page(sample_site, "mcmahon-frankfurt-2023/standings.html")
    caption = " ".join(page.xpath("//caption[@id='standings-caption']")[0].text_content().split())
    assert caption == "Final standings · EGF rules"  # not the engine's code "egf"
