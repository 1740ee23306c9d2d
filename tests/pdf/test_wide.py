"""A crosstable too wide for one page is split into parts and never overflows."""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import jinja2
import pypdf
import pytest
from lxml import etree

from trfsite.model import Color, Outcome, Player, RoundEntry, SourceFormat, Tournament
from trfsite.pages.contexts import BulletinData
from trfsite.pdf import render_bulletin
from trfsite.pdf.tables import rounds_per_part
from trfsite.results import StandingRow, Standings, TiebreakColumn

MM = 72 / 25.4


def test_rounds_split_evenly() -> None:
    # at most 16 rounds a part: (273 mm - 87 mm fixed columns) / 11.5 mm = 16.2
    assert rounds_per_part(9) == [(1, 9)]
    assert rounds_per_part(16) == [(1, 16)]
    # 17 rounds need two parts; ceil(17 / 2) = 9 rounds in the first
    assert rounds_per_part(17) == [(1, 9), (10, 17)]
    assert rounds_per_part(21) == [(1, 11), (12, 21)]
    assert rounds_per_part(40) == [(1, 14), (15, 28), (29, 40)]
    assert rounds_per_part(0) == []


def _round_robin(n: int) -> Tournament:
    """Circle-method round robin of ``n`` (even) players; the lower number always wins."""
    cells: dict[int, list[RoundEntry]] = {i: [] for i in range(1, n + 1)}
    others = list(range(2, n + 1))
    for round_no in range(1, n):
        seats = [1, *others]
        for k in range(n // 2):
            a, b = seats[k], seats[n - 1 - k]
            white, black = (a, b) if (round_no + k) % 2 else (b, a)
            for me, them, color in ((white, black, Color.WHITE), (black, white, Color.BLACK)):
                outcome = Outcome.WIN if me < them else Outcome.LOSS
                cells[me].append(RoundEntry(round_no, them, color, outcome))
        others = others[-1:] + others[:-1]
    long_name = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine Maximilian"
    players = tuple(
        Player(i, f"{long_name} {i}", rating=2000 + i, federation="GER", rounds=tuple(cells[i]))
        for i in range(1, n + 1)
    )
    return Tournament(SourceFormat.TRF16, name="Wide round robin", players=players)


def _wide_data(n: int) -> BulletinData:
    t = _round_robin(n)
    # the lower number wins every game: player k scores n - k (player 1: n - 1)
    rows = tuple(
        StandingRow(k, k, t.players[k - 1].name, float(n - k), (float(n - k),))
        for k in range(1, n + 1)
    )
    standings = Standings(t, "2023", (TiebreakColumn("WIN", "Number of Wins", "WIN"),), n - 1, rows)
    return BulletinData(t, standings, (), 0, t.name, "2020-01-01", "", "en")


@pytest.fixture(scope="module")
def wide_pdf(bulletin_env: jinja2.Environment) -> bytes:
    return render_bulletin(_wide_data(22), bulletin_env)


def test_wide_crosstable_in_two_parts(wide_pdf: bytes) -> None:
    reader = pypdf.PdfReader(io.BytesIO(wide_pdf))
    texts = [p.extract_text() for p in reader.pages]
    # 21 rounds: two parts, rounds 1-11 and 12-21, each on landscape pages
    first = next(i for i, t in enumerate(texts) if "Rounds 1–11" in t)
    second = next(i for i, t in enumerate(texts) if "Rounds 12–21" in t)
    assert second > first
    for index in (first, second):
        box = reader.pages[index].mediabox
        assert box.width > box.height
    # player 1 won round 21 (the last); the cell is in part two, not part one
    assert "Rounds 12–21" not in texts[first]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler's pdftotext")
def test_no_word_leaves_the_printable_area(wide_pdf: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "wide.pdf"
        source.write_bytes(wide_pdf)
        target = Path(folder) / "words.html"
        subprocess.run(["pdftotext", "-bbox", str(source), str(target)], check=True)
        tree = etree.parse(str(target), etree.HTMLParser())
    pages = tree.findall(".//page")
    assert pages
    for page in pages:
        width = float(page.get("width"))
        # the narrowest side margin of the theme is 12 mm (landscape pages);
        # allow half a millimetre for glyph side bearings
        limit = width - 12 * MM + 0.5 * MM
        for word in page.findall("word"):
            assert float(word.get("xmax")) <= limit, (word.text, word.get("xmax"), limit)
            assert float(word.get("xmin")) >= 12 * MM - 0.5 * MM, word.text
