"""Issue 45 in the bulletin: a Go event's final standings as a wall list.

Read by hand from ``sample_reports/mcmahon-frankfurt-2023.h9`` with the sample's
settings (bar 3d, floor 20k): the final places equal the file's rows, so the cells
read as the file writes them. Schmidt Anna (1st): ``3+/w0 2+/w0 5+/b0 4+/b0 6+/w0``,
MMS 32 + 5 = 37.
"""

from __future__ import annotations

import jinja2
import pytest
from pdfhelpers import RenderedPdf, read_pdf
from test_bulletin_go import _go_data

from trfsite.pdf import render_bulletin


@pytest.fixture(scope="module")
def go_pdf(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(_go_data(), bulletin_env, line_mode=False))


def test_the_final_standings_carry_the_results_grid_and_the_gor_change(
    go_pdf: RenderedPdf,
) -> None:
    page = go_pdf.page_of("Final standings")
    text = go_pdf.pages[page - 1].replace("\u202f", " ")
    head = next(line for line in text.splitlines() if line.startswith("Rk. Name"))
    # the rounds after the country, then the score columns, then the GoR change
    assert head.split()[-10:] == ["1", "2", "3", "4", "5", "MMS", "SOS", "SOSOS", "GoR", "±"]
    assert "Schmidt Anna 4d DE 3+/w0 2+/w0 5+/b0 4+/b0 6+/w0 37" in text
    assert "not the EGD's official figure" in text


def test_each_cell_links_to_the_opponents_row(go_pdf: RenderedPdf) -> None:
    page = go_pdf.reader.pages[go_pdf.page_of("Final standings") - 1]
    links = [a.get_object() for a in page.get("/Annots", [])]
    internal = [a for a in links if a.get("/Subtype") == "/Link" and "/Dest" in a]
    # 16 players x 5 rounds, every round a game: 80 links to rows of the same page
    assert len(internal) == 80
