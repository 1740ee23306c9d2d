"""A Go event's bulletin prints its rounds as the site's Go round pages do.

Everything expected below is read by hand from
``sample_reports/mcmahon-frankfurt-2023.h9`` (EGF table, ``HA[h9]``: even
games, every token says handicap 0; ``KM[6.5]``), with the sample's settings
``go_bar = "3d"``, ``go_floor = "20k"`` (sample_reports/trfsite.toml).
"""

from __future__ import annotations

import re
from pathlib import Path

import jinja2
import pytest
from lxml import html
from pdfhelpers import RenderedPdf, read_pdf

from trfsite.formats import read_bytes
from trfsite.model import Outcome
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import BulletinData
from trfsite.pages.event_standings import compute_all
from trfsite.pages.pairings import result_text
from trfsite.pdf import render_bulletin
from trfsite.site.build import BuildOptions, build_site

SAMPLE = Path(__file__).resolve().parents[2] / "sample_reports" / "mcmahon-frankfurt-2023.h9"
CONFIG = EventConfig(go_bar="3d", go_floor="20k")

# A chess result between two numbers or halves ("1–0", "0 – 1", "½–½").
CHESS_RESULT = re.compile(r"(?<![\d/])[01½]\s?–\s?[01½](?![\d/])")


def _go_data() -> BulletinData:
    result = read_bytes(SAMPLE.read_bytes(), SAMPLE.name)
    assert result.tournament is not None
    final, after, _ = compute_all(result.tournament, CONFIG)
    return BulletinData(
        tournament=result.tournament,
        standings=final,
        round_standings=after,
        findings_count=0,
        title="Frankfurter McMahon-Turnier 2023",
        build_date="2023-11-20",
        notes_html="",
        language="en",
    )


@pytest.fixture(scope="module")
def go_pdf(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(_go_data(), bulletin_env, line_mode=False))


@pytest.fixture(scope="module")
def go_lines_pdf(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(_go_data(), bulletin_env, line_mode=True))


def _rounds_text(pdf: RenderedPdf) -> str:
    first = pdf.page_of("Rounds")
    return "\n".join(pdf.pages[first - 1 :])


def _round(text: str, number: int) -> str:
    """The lines of one round, from its heading to the next round's."""
    start = re.search(rf"^Round {number}$", text, re.MULTILINE)
    assert start is not None, f"no heading 'Round {number}'"
    end = re.search(rf"^Round {number + 1}$", text[start.end() :], re.MULTILINE)
    return text[start.end() : start.end() + end.start()] if end else text[start.end() :]


# Round 3, read from the file's third result column:
#   Schmidt Anna (no. 1, 4d) "5+/b0": beat no. 5 with Black, handicap 0;
#   García Pablo (no. 5, 1d) "1-/w0": lost to no. 1 with White.  -> Black won: "B+".
#   Novák Jan (no. 4, 2d) "7+/w0": beat Rossi Marco (no. 7, 1d) with White -> "W+".
# McMahon scores before round 3 (start: grade, 4d capped at the 3d bar = 32,
# 1d = 30, one point a grade; +1 a win): Schmidt 32 + 1 + 1 = 34 (beat 3, 2);
# García 30 + 1 + 1 = 32 (beat 7, 6); Novák 31 + 0 + 0 = 31 (lost to 2, 3);
# Rossi 30 + 0 + 1 = 31 (lost to 5, beat 9).
# Boards (the site's rule: higher score, lower score, higher rating, lower
# number): García–Schmidt has the only 34 -> board 1; Kovács 33 – Dubois 33
# (3d 32 - 1 + 1 each) -> board 2; Novák 31 – Rossi 31 -> board 3, ahead of
# Nowak (1k: 29 + 1 + 0 = 30) – Jansen.
def test_go_round_shows_grades_colours_handicap_and_go_results(go_pdf: RenderedPdf) -> None:
    round3 = _round(_rounds_text(go_pdf), 3)
    assert re.search(r"^1 5 García Pablo 1d 32 B\+ 34 1 Schmidt Anna 4d 0$", round3, re.M)
    assert re.search(r"^3 4 Novák Jan 2d 31 W\+ 31 7 Rossi Marco 1d 0$", round3, re.M)


def test_go_rounds_have_handicap_and_komi_and_no_chess_results(go_pdf: RenderedPdf) -> None:
    rounds = _rounds_text(go_pdf)
    head = re.search(
        r"^Bd\. No\. White Grade Pts Result Pts No\. Black Grade Handicap$", rounds, re.M
    )
    assert head is not None
    assert "Komi 6.5" in rounds  # KM[6.5]
    assert CHESS_RESULT.search(rounds) is None


def test_go_crosstable_cells_in_the_sites_notation(go_pdf: RenderedPdf) -> None:
    text = go_pdf.pages[go_pdf.page_of("Crosstable") - 1].replace("\u202f", " ")
    # Schmidt Anna, final rank 1 (5 wins): her row as written in the file, the
    # opponents' numbers 3, 2, 5, 4, 6 being their final ranks as well. Final
    # MMS: Schmidt 32 + 5 = 37, Dubois 32 + 4 = 36, Kovács 32 + 3 = 35, Novák
    # 31 + 2 = 33, García 30 + 2 = 32, Nowak (1k) 29 + 3 = 32; García before
    # Nowak on SOS: 31 + 32 + 37 + 36 + 35 = 171 (Rossi, Nowak, Schmidt, Dubois,
    # Kovács) against 29 + 32 + 30 + 29 + 37 = 157 (Müller, García, Jansen,
    # Fischer, Schmidt). "+" a win, "−" a loss, then colour and handicap.
    assert "3+/w0 2+/w0 5+/b0 4+/b0 6+/w0" in text
    # Dubois Élodie (rank 2) lost round 2 to Schmidt with Black: "1−/b0".
    assert "4+/w0 1−/b0 3+/b0 5+/w0 7+/w0" in text


def test_go_rounds_in_line_mode(go_lines_pdf: RenderedPdf) -> None:
    rounds = _rounds_text(go_lines_pdf)
    assert re.search(r"Black\s+Grade\s+Handicap", rounds)
    round3 = _round(rounds, 3)
    assert re.search(
        r"1\s+5\s+García Pablo\s+1d\s+32\s+B\+\s+34\s+1\s+Schmidt Anna\s+4d\s+0", round3
    )
    assert re.search(r"3\s+4\s+Novák Jan\s+2d\s+31\s+W\+\s+31\s+7\s+Rossi Marco\s+1d\s+0", round3)
    assert CHESS_RESULT.search(rounds) is None


@pytest.fixture(scope="module")
def go_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("go-site")
    src = root / "src"
    src.mkdir()
    (src / SAMPLE.name).write_bytes(SAMPLE.read_bytes())
    (src / "trfsite.toml").write_text(
        '[events.mcmahon-frankfurt-2023]\ngo_bar = "3d"\ngo_floor = "20k"\n', encoding="utf-8"
    )
    out = root / "site"
    build_site(BuildOptions(src, out, pdf=False))
    return out / "mcmahon-frankfurt-2023"


@pytest.mark.parametrize("round_no", [1, 3, 5])
def test_go_bulletin_rounds_equal_the_site_round_pages(
    go_pdf: RenderedPdf, go_site: Path, round_no: int
) -> None:
    doc = html.fromstring((go_site / f"rounds/{round_no}.html").read_bytes())
    site = []
    for row in doc.xpath("//table[contains(@class,'pairings')]/tbody/tr"):
        cells = row.xpath("./td")
        white = cells[1].xpath(".//a/@href")[0].split("/")[-1].removesuffix(".html")
        black = cells[5].xpath(".//a/@href")[0].split("/")[-1].removesuffix(".html")
        texts = [" ".join(c.text_content().split()) for c in cells]
        site.append((texts[0], white, texts[3], black, texts[6]))
    # Bd. No. White Grade Pts Result Pts No. Black Grade Handicap
    line = re.compile(r"^(\d+) (\d+) .+? \d+[kdp] \d+ (\S+) \d+ (\d+) .+? \d+[kdp] (\d+)$")
    bulletin = [
        found.groups()
        for found in map(line.match, _round(_rounds_text(go_pdf), round_no).splitlines())
        if found
    ]
    assert len(site) == 8  # 16 players, everyone plays
    assert bulletin == site


def test_go_result_notation() -> None:
    # SGF's RE values: the winner's colour, "+F" for a win by default (EGF "!")
    assert result_text(Outcome.WIN, Outcome.LOSS, go=True) == "W+"
    assert result_text(Outcome.LOSS, Outcome.WIN, go=True) == "B+"
    assert result_text(Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN, go=True) == "B+F"
    assert result_text(Outcome.DRAW, Outcome.DRAW, go=True) == "jigo"
    assert result_text(Outcome.DRAW_UNRATED, Outcome.DRAW_UNRATED, go=True) == "jigo"
    # no colours in the file: the first player's and the second's symbols
    assert result_text(Outcome.WIN, Outcome.LOSS, go=True, colours_known=False) == "+\u2013\u2212"
    # chess is unchanged
    assert result_text(Outcome.WIN, Outcome.LOSS) == "1\u20130"
