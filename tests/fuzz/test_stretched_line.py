"""Issue 22's worst case: FIDE's 284-player example with one line stretched to 1,000 cells.

Before, every other player got ~1,000 unplayed rounds, each explained with a
dummy opponent: ``standings --explain`` wrote 253 MB of JSON and ``build
--no-pdf`` 630 MB. Now the event keeps its 7 rounds and the stretched line is
one error at its column (times and memory: ``benchmarks/README.md``).
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from lxml import html

from trfsite.cli import cli

from .corpus import CORPUS, SAMPLES, TESTS

# Player 1's line (line 14): 7 cells of 10 columns from column 92, i.e. up to column 161.
FIRST_EXTRA_COLUMN = 92 + 7 * 10  # 162


def _stretched(folder: Path) -> Path:
    lines = (SAMPLES / "fide-example1-trf16.trf").read_bytes().decode("latin-1").split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    line = lines[index]
    cells = [line[91 + 10 * i : 101 + 10 * i].ljust(10) for i in range(7)]
    lines[index] = (line[:91] + "".join(cells[i % 7] for i in range(1000))).rstrip()
    path = folder / "stretched.trf"
    path.write_text("\n".join(lines), encoding="latin-1")
    return path


def test_standings_keep_seven_rounds_and_report_the_line(tmp_path: Path) -> None:
    path = _stretched(tmp_path)
    result = CliRunner().invoke(cli, ["standings", str(path), "--explain", "--format", "json"])
    assert result.exit_code == 1, result.output
    assert f"stretched.trf:14:{FIRST_EXTRA_COLUMN}: error:" in result.stderr
    assert "[round-cells-beyond-rounds]" in result.stderr
    data = json.loads(result.stdout)
    assert data["tournament"]["rounds"] == 7
    # Player 13 (' - -' in round 1, nothing after) has 7 unplayed rounds, not 1,000.
    # 284 lines, the last 'spielfrei': the bye's placeholder, no player (issue 41, item 5).
    assert len(data["standings"]) == 283


def test_build_writes_seven_round_pages(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    _stretched(src)
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["build", str(src), "-o", str(out), "--no-pdf"])
    assert result.exit_code == 1, result.output  # the stretched line is an error
    rounds = sorted(p.name for p in (out / "stretched" / "rounds").glob("*.html"))
    assert rounds == [f"{n}.html" for n in range(1, 8)]
    page = html.fromstring((out / "stretched" / "validation.html").read_bytes())
    assert "round-cells-beyond-rounds" in page.text_content()


def test_corpus_builds(tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["build", str(CORPUS), "-o", str(out), "--no-pdf"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1), result.output
    index = html.fromstring((out / "index.html").read_bytes())
    assert len(index.xpath("//a[@href]")) > 0


def test_standings_cap_a_repeated_structure_error(tmp_path: Path) -> None:
    """Every line stretched alike (the fuzzer's duplicated-and-stretched file): the rounds
    are real, and each cell names a player with no 001 line. ``standings`` listed all
    98,000 errors on stderr; like ``validate`` it lists 200 of a kind and the count."""
    clean = (TESTS / "data" / "trf" / "clean.trf").read_text(encoding="utf-8").splitlines()
    alpha = next(line for line in clean if line.startswith("001    1 "))[:91]  # id, name, points
    beta = alpha.replace("001    1 ", "001    2 ", 1)
    # 10-column cells from column 92; colours alternate, as the same game in a row is
    # damage of its own (round-cells-repeated).
    cells = "9999 w 1  9999 b 1  " * 150
    header = "012 Stretched\n142 2\n"
    players = "".join(f"{line}{cells}\n" for line in (alpha, beta))
    path = tmp_path / "stretched-all.trf"
    path.write_text(header + players, encoding="utf-8")
    result = CliRunner().invoke(cli, ["standings", str(path)])
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    unknown = [line for line in lines if line.endswith("[round-opponent-unknown]")]
    assert len(unknown) == 200  # 2 players x 300 rounds = 600 found
    assert "round 1: the opponent 9999 of player 1 has no 001 line" in result.stderr
    assert "400 more findings [round-opponent-unknown] are not listed" in result.stderr
