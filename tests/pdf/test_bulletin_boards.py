"""Board numbers: the bulletin prints a round's boards as the site's round page does.

The rule (trfsite.pages.pairings.round_cells): the pair with the higher score
before the round first, then the higher lower score, then the higher rating in
the pair, then the lower start number. The bulletin used to put the lower
number before the rating, so the same board could carry two numbers.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from lxml import html

from trfsite.site.build import BuildOptions, build_site

# Eight players, two rounds (TRF16). Ratings: 1 2300, 2 2000, 3 1900, 4 1800,
# 5 1700, 6 1600, 7 1500, 8 2100.
#   R1: 1 (w) - 5 1-0, 2 (w) - 6 1-0, 3 (w) - 7 ½-½, 4 (w) - 8 0-1
#   R2: 3 (w) - 8 ½-½, 7 (w) - 2 0-1, 1 (w) - 4 1-0, 6 (w) - 5 1-0
# Final points: 1: 1+1 = 2, 2: 1+1 = 2, 8: 1+½ = 1½, 3: ½+½ = 1, 6: 0+1 = 1,
# 7: ½+0 = ½, 4: 0, 5: 0.
PLAYERS = (
    (1, "Alpha,Anna", 2300, [(5, "w", "1"), (4, "w", "1")], 2.0, 1),
    (2, "Beta,Bert", 2000, [(6, "w", "1"), (7, "b", "1")], 2.0, 2),
    (3, "Gamma,Gus", 1900, [(7, "w", "="), (8, "w", "=")], 1.0, 4),
    (4, "Delta,Dora", 1800, [(8, "w", "0"), (1, "b", "0")], 0.0, 7),
    (5, "Echo,Emil", 1700, [(1, "b", "0"), (6, "b", "0")], 0.0, 8),
    (6, "Foxtrot,Fay", 1600, [(2, "b", "0"), (5, "w", "1")], 1.0, 5),
    (7, "Golf,Gina", 1500, [(3, "b", "="), (2, "w", "0")], 0.5, 6),
    (8, "Hotel,Hugo", 2100, [(4, "b", "1"), (3, "b", "=")], 1.5, 3),
)

# Worked out by hand from the rule, as (white, black) start numbers per board.
# Round 1: everyone has 0, so the pair's best rating decides:
#   1-5 (2300), 4-8 (2100), 2-6 (2000), 3-7 (1900).
#   (The old bulletin rule, lower number first: 1-5, 2-6, 3-7, 4-8.)
# Round 2, points before: 1: 1, 2: 1, 8: 1, 3: ½, 7: ½, 4: 0, 5: 0, 6: 0.
#   3-8: higher 1, lower ½, best rating 2100 (Hugo)
#   7-2: higher 1, lower ½, best rating 2000 (Bert)   -> after 3-8 on rating
#   1-4: higher 1, lower 0 (Anna's 2300 does not count before the lower score)
#   6-5: higher 0
#   (The old rule put 7-2 first: same scores, and 2 is a lower number than 3.)
EXPECTED = {
    1: [(1, 5), (4, 8), (2, 6), (3, 7)],
    2: [(3, 8), (7, 2), (1, 4), (6, 5)],
}
NAMES = {number: name for number, name, *_ in PLAYERS}


def _player_line(
    number: int, name: str, rating: int, cells: list[tuple[int, str, str]], points: float, rank: int
) -> str:
    head = (
        f"001 {number:>4} m    {name:<33} {rating:>4} GER {'':>11} {'':<10} "
        f"{points:>4.1f} {rank:>4}"
    )
    return head + "".join(f"  {opp:>4} {colour} {result}" for opp, colour, result in cells)


def _trf() -> str:
    lines = [
        "012 Board Order Open",
        "022 Teststadt",
        "032 GER",
        "042 2024/05/01",
        "052 2024/05/02",
        "092 Individual: Swiss-System",
        "102 Chief Arbiter Person",
        *(_player_line(*player) for player in PLAYERS),
    ]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("boards")
    src = root / "src"
    src.mkdir()
    (src / "boards.trf").write_text(_trf(), encoding="utf-8")
    out = root / "site"
    build_site(BuildOptions(src, out, pdf=True))
    return out / "boards"


def _site_boards(event: Path, round_no: int) -> list[tuple[int, int]]:
    doc = html.fromstring((event / f"rounds/{round_no}.html").read_bytes())
    boards: list[tuple[int, int]] = []
    for number, row in enumerate(doc.xpath("//table[contains(@class,'pairings')]/tbody/tr"), 1):
        cells = row.xpath("./td")
        assert cells[0].text_content().strip() == str(number)
        white = cells[1].xpath(".//a/@href")[0]
        black = cells[5].xpath(".//a/@href")[0]
        boards.append((int(white.split("/")[-1][:-5]), int(black.split("/")[-1][:-5])))
    return boards


def _bulletin_boards(event: Path, round_no: int) -> list[tuple[int, int]]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(event / "boards.pdf"), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    start = re.search(rf"^\s*Round {round_no}\s*$", text, re.MULTILINE)
    assert start is not None
    section = text[start.end() :]
    following = re.search(rf"^\s*Round {round_no + 1}\s*$", section, re.MULTILINE)
    section = section[: following.start()] if following else section
    # Bd. No. White Rating Pts Result Pts No. Black Rating; the result "1 – 0"
    # may come out of pdftotext without its spaces
    row = re.compile(
        r"^\s*(\d+)\s+(\d+)\s+(\S+)\s+\d{4}\s+\S+\s+[^\s–]+\s?–\s?[^\s–]+\s+\S+\s+(\d+)"
        r"\s+(\S+)\s+\d{4}\s*$"
    )
    boards: list[tuple[int, int]] = []
    for line in section.splitlines():
        found = row.match(line)
        if found is None:
            continue
        board, white, white_name, black, black_name = found.groups()
        assert int(board) == len(boards) + 1
        assert (NAMES[int(white)], NAMES[int(black)]) == (white_name, black_name)
        boards.append((int(white), int(black)))
    return boards


@pytest.mark.parametrize("round_no", [1, 2])
def test_bulletin_boards_equal_the_site_boards_and_the_rule(built: Path, round_no: int) -> None:
    site = _site_boards(built, round_no)
    bulletin = _bulletin_boards(built, round_no)
    assert site == EXPECTED[round_no]
    assert bulletin == EXPECTED[round_no]
