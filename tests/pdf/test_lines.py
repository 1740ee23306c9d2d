"""Line mode: big events print their tables as aligned monospaced lines."""

from __future__ import annotations

import re

import jinja2
import pytest
from pdf_events import INDIVIDUAL_DATA, TEAM_DATA
from pdfhelpers import RenderedPdf, read_pdf

from trfsite.pdf import bulletin_view, render_bulletin
from trfsite.pdf import lines as pdf_lines
from trfsite.pdf.lines import Column, fit, line_table, rich_cells, text_width


def test_text_width_counts_what_a_monospaced_font_shows() -> None:
    assert text_width("Müller") == 6
    assert text_width("Mu\u0308ller") == 6  # u + combining diaeresis is one column
    assert text_width("李") == 2  # wide characters take two columns
    assert text_width("½") == 1


def test_fit_pads_and_cuts() -> None:
    assert fit("Łukasz", 8) == "Łukasz  "
    assert fit("12", 4, right=True) == "  12"
    assert fit("Wolfeschlegelsteinhausen", 10) == "Wolfeschl…"
    assert fit("Mu\u0308ller", 6) == "Müller"  # normalised, not cut


def test_line_table_aligns_columns_and_bands_rows() -> None:
    rows = [[str(n), f"Player {n}", str(2000 + n)] for n in range(1, 8)]
    table = line_table([Column("No.", right=True), Column("Name"), Column("Rating", True)], rows)
    # widths: "No." 3, "Player 7" 8, "Rating" 6; two spaces between columns
    assert table.head == "No.  Name      Rating"
    assert table.bands[0].splitlines()[0] == "  1  Player 1    2001"
    # seven rows: a band of five, then one of two
    assert [len(b.splitlines()) for b in table.bands] == [5, 2]


def test_names_shrink_to_fit_the_line() -> None:
    rows = [["1", "N" * 80, "M" * 80]]
    columns = [Column("Rk."), Column("A", flexible=True), Column("B", flexible=True)]
    table = line_table(columns, rows, budget=60)
    line = table.bands[0]
    # 3 + 2 + a + 2 + b <= 60, the two names shrunk alike: 26 and 27 columns
    assert len(line) <= 60
    assert line.count("N") + line.count("M") == 60 - 3 - 4 - 2  # less the two ellipses


def test_rich_cells_counts_the_ordinary_tables(bulletin_env: jinja2.Environment) -> None:
    view = bulletin_view(INDIVIDUAL_DATA, bulletin_env)
    # standings 5 rows x (6 + 2 tie-breaks) = 40; crosstable 5 x (5 + 3 rounds) = 40;
    # rounds 3 x (2 pairings x 10 + 1 bye x 4) = 72: 152
    assert rich_cells(view) == 152
    assert view.lines is None


def test_big_events_switch_to_lines(
    bulletin_env: jinja2.Environment, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("trfsite.pdf.LINE_MODE_CELLS", 151)
    assert bulletin_view(INDIVIDUAL_DATA, bulletin_env).lines is not None
    monkeypatch.setattr("trfsite.pdf.LINE_MODE_CELLS", 152)
    assert bulletin_view(INDIVIDUAL_DATA, bulletin_env).lines is None
    assert pdf_lines.LINE_MODE_CELLS > 152


@pytest.fixture(scope="module")
def individual_lines(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(INDIVIDUAL_DATA, bulletin_env, line_mode=True))


@pytest.fixture(scope="module")
def team_lines(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(TEAM_DATA, bulletin_env, line_mode=True))


def test_line_mode_standings(individual_lines: RenderedPdf) -> None:
    text = individual_lines.pages[individual_lines.page_of("Final standings") - 1]
    lines = [line for line in text.splitlines() if re.match(r"\s*\d+\s+\S", line)]
    names = ["Müller, Hans", "André, Jean", "Nowak, Łukasz", "Lindqvist, Åsa", "O'Brien, Seán"]
    for line, name in zip(lines, names, strict=True):
        assert name in line
    assert re.search(r"1\s+GM Müller, Hans\s+2400\s+GER\s+2½", text)


def test_line_mode_rounds_and_crosstable(individual_lines: RenderedPdf) -> None:
    round2 = individual_lines.pages[individual_lines.page_of("Round 2") - 1]
    assert re.search(r"1\s+3\s+FM Nowak, Łukasz\s+2300\s+1\s+0 – 1\s+1\s+1\s+GM Müller", round2)
    cross = individual_lines.pages[individual_lines.page_of("Crosstable") - 1]
    assert re.search(r"5w 1\s+3b 1\s+2w ½\s+2½", cross)


def test_line_mode_keeps_outline_and_pages(individual_lines: RenderedPdf) -> None:
    # same sections and page breaks as the ordinary bulletin
    assert len(individual_lines.pages) == 6
    titles = [item.title for item in individual_lines.reader.outline if not isinstance(item, list)]
    assert "Final standings" in titles and "Rounds" in titles


def test_line_mode_team_pages(team_lines: RenderedPdf) -> None:
    koeln = team_lines.pages[team_lines.page_of("1. SF Köln") - 1]
    assert re.search(r"Round 3\s+2 – 0\s+Ørsted SK", koeln)
    assert re.search(r"1 b\s+Schmidt, Jörg\s+2300\s+1 – 0\s+Ødegaard, Sønke\s+2260", koeln)
    rounds = team_lines.pages[team_lines.page_of("Rounds") - 1]
    assert re.search(r"1\s+SF Köln\s+1½ – ½\s+Échecs Lyon\s+1–0\s+½–½", rounds)


def test_line_mode_contents_link_to_their_sections(individual_lines: RenderedPdf) -> None:
    # pages as in test_individual_page_count: cover 1, contents 2, notes 3, standings 4,
    # crosstable 5 (landscape); the three short rounds share page 6
    expected = {
        "notes": 3,
        "standings": 4,
        "crosstable": 5,
        "rounds": 6,
        "round-1": 6,
        "round-2": 6,
        "round-3": 6,
    }
    reader = individual_lines.reader
    targets = {
        name: reader.get_destination_page_number(dest) + 1
        for name, dest in reader.named_destinations.items()
    }
    links = {
        str(annot.get_object()["/Dest"])
        for annot in reader.pages[1]["/Annots"]
        if annot.get_object()["/Subtype"] == "/Link"
    }
    assert links == set(expected)  # every contents entry is a link into the document
    assert {name: targets[name] for name in links} == expected
