"""The round-robin grid (trfsite.pages.crossgrid): builder on hand-made TRF texts, and the
crosstable page of the sample club championship read back with lxml.

Every expected cell is read by hand from the TRF lines written (or quoted) here: the row
player's own result against the column player, in round order; byes have no column.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html
from sitehelpers import player_line
from test_pages import sample_site  # noqa: F401  (the built sample site, a fixture)

from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.pages.crossgrid import MAX_GRID_PARTICIPANTS, build_grid
from trfsite.pages.grid import CrossGrid, GridRow
from trfsite.results import Standings
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

HALF = "\u00bd"
MINUS = "\u2212"


def _line(number: int, name: str, cells: list[tuple[str, str, str]], points: float) -> str:
    """A 001 line; cells are (opponent as written, colour, result), so "0000" can be given."""
    head = player_line(number, name, 2000 - number * 10, [], points, number)
    return head + "".join(f"  {opp:>4} {colour} {result}" for opp, colour, result in cells)


def _read(text: str) -> Tournament:
    t = read_bytes(text.encode("utf-8"), "test.trf").tournament
    assert t is not None
    return t


def _grid(text: str, options: StandingsOptions | None = None) -> tuple[Standings, CrossGrid]:
    t = _read(text)
    standings = compute_standings(t, options or StandingsOptions())
    grid = build_grid(t, standings)
    assert grid is not None
    return standings, grid


def _texts(row: GridRow) -> list[str]:
    """Each cell as its games' texts joined by spaces; "X" on the diagonal."""
    return ["X" if c.diagonal else " ".join(g.text for g in c.games) for c in row.cells]


# --------------------------------------------------------------------------- single RR
# Four players, three rounds (Berger pairs), one draw, one forfeit, one withdrawal:
#   R1: 1 (w) - 4  1-0          2 (w) - 3  ½-½
#   R2: 4 (w) - 3  forfeit: 4 did not come (4 "-", 3 "+")      1 (w) - 2  0-1
#   R3: 4 has withdrawn (0000 - -); 2 gets a full-point bye (0000 - F) instead of meeting 4
#       3 (w) - 1  ½-½
# Points (1-½-0, F scores 1): 1: 1+0+½ = 1½   2: ½+1+1 = 2½   3: ½+1+½ = 2   4: 0
# Final order by points alone: 2, 3, 1, 4 (positions 1..4).
SINGLE = (
    "\n".join(
        [
            "012 Grid Test Single",
            "042 2024/05/01",
            "092 Individual: Round Robin",
            _line(1, "Eins,Anna", [("4", "w", "1"), ("2", "w", "0"), ("3", "b", "=")], 1.5),
            _line(2, "Zwei,Bert", [("3", "w", "="), ("1", "b", "1"), ("0000", "-", "F")], 2.5),
            _line(3, "Drei,Carl", [("2", "b", "="), ("4", "b", "+"), ("1", "w", "=")], 2.0),
            _line(4, "Vier,Dora", [("1", "b", "0"), ("3", "w", "-"), ("0000", "-", "-")], 0.0),
        ]
    )
    + "\n"
)


def test_single_round_robin_cells() -> None:
    standings, grid = _grid(SINGLE)
    assert [r.id for r in standings.rows] == [2, 3, 1, 4]
    assert [r.position for r in grid.rows] == [1, 2, 3, 4]
    assert [c.number for c in grid.columns] == [1, 2, 3, 4]
    names = ["Zwei,Bert", "Drei,Carl", "Eins,Anna", "Vier,Dora"]
    assert [c.ref.name for c in grid.columns] == names
    assert grid.games_per_pair == 1 and not grid.shared_ranks and not grid.is_team
    bert, carl, anna, dora = grid.rows
    # Bert: drew Carl (R1), beat Anna (R2), never met Dora (she withdrew; his R3 bye has no column)
    assert _texts(bert) == ["X", HALF, "1", ""]
    # Carl: drew Bert, drew Anna (R3), won by forfeit against Dora (R2)
    assert _texts(carl) == [HALF, "X", HALF, "+"]
    # Anna: lost to Bert (R2), drew Carl (R3), beat Dora (R1)
    assert _texts(anna) == ["0", HALF, "X", "1"]
    # Dora: never met Bert, lost by forfeit to Carl, lost to Anna
    assert _texts(dora) == ["", MINUS, "0", "X"]
    # points include the bye: Bert 2½ with only 1½ from the grid
    assert [r.points for r in grid.rows] == [2.5, 2.0, 1.5, 0.0]


def test_single_round_robin_game_details() -> None:
    _, grid = _grid(SINGLE)
    bert, carl, anna, dora = grid.rows
    (draw,) = bert.cells[1].games
    assert (draw.round, draw.colour, draw.css, draw.forfeit) == (1, "w", "draw", False)
    (win,) = bert.cells[2].games
    assert (win.round, win.colour, win.css) == (2, "b", "win")
    (forfeit_win,) = carl.cells[3].games
    assert (forfeit_win.round, forfeit_win.colour, forfeit_win.forfeit) == (2, "b", True)
    assert forfeit_win.classes == "win forfeit"
    (forfeit_loss,) = dora.cells[1].games
    assert forfeit_loss.classes == "loss forfeit" and forfeit_loss.colour == "w"
    assert bert.cells[3].games == () and bert.cells[3].css == "empty"
    assert [c.diagonal for c in anna.cells] == [False, False, True, False]
    assert anna.cells[2].css == "diagonal"


# --------------------------------------------------------------------------- double RR
# Three players, six rounds, one sits out each round with a zero-point bye (0000 - Z):
#   R1: 1 (w) - 2  1-0     R2: 2 (w) - 3  ½-½     R3: 3 (w) - 1  0-1
#   R4: 2 (w) - 1  ½-½     R5: 3 (w) - 2  1-0     R6: 1 (w) - 3  ½-½
# Points: 1: 1+1+½+½ = 3    2: 0+½+½+0 = 1    3: ½+0+1+½ = 2    -> order 1, 3, 2
DOUBLE = "\n".join(
    [
        "012 Grid Test Double",
        "042 2024/05/01",
        "092 Individual: Double Round Robin",
        _line(
            1,
            "Eins,Anna",
            [("2", "w", "1"), ("0000", "-", "Z"), ("3", "b", "1"),
             ("2", "b", "="), ("0000", "-", "Z"), ("3", "w", "=")],
            3.0,
        ),
        _line(
            2,
            "Zwei,Bert",
            [("1", "b", "0"), ("3", "w", "="), ("0000", "-", "Z"),
             ("1", "w", "="), ("3", "b", "0"), ("0000", "-", "Z")],
            1.0,
        ),
        _line(
            3,
            "Drei,Carl",
            [("0000", "-", "Z"), ("2", "b", "="), ("1", "w", "0"),
             ("0000", "-", "Z"), ("2", "w", "1"), ("1", "b", "=")],
            2.0,
        ),
    ]
) + "\n"  # fmt: skip


def test_double_round_robin_two_results_per_cell_in_round_order() -> None:
    standings, grid = _grid(DOUBLE)
    assert [r.id for r in standings.rows] == [1, 3, 2]
    assert grid.games_per_pair == 2
    anna, carl, bert = grid.rows
    # Anna v Carl: R3 won with Black, R6 drew with White; v Bert: R1 won (w), R4 drew (b)
    assert _texts(anna) == ["X", f"1 {HALF}", f"1 {HALF}"]
    assert [(g.round, g.colour) for g in anna.cells[1].games] == [(3, "b"), (6, "w")]
    assert [(g.round, g.colour) for g in anna.cells[2].games] == [(1, "w"), (4, "b")]
    # Carl v Anna: R3 lost (w), R6 drew (b); v Bert: R2 drew (b), R5 won (w)
    assert _texts(carl) == [f"0 {HALF}", "X", f"{HALF} 1"]
    assert carl.cells[0].css == "mixed"
    # Bert v Anna: R1 lost (b), R4 drew (w); v Carl: R2 drew (w), R5 lost (b)
    assert _texts(bert) == [f"0 {HALF}", f"{HALF} 0", "X"]
    assert [r.points for r in grid.rows] == [3.0, 2.0, 1.0]


# --------------------------------------------------------------------------- no grid
def test_swiss_gets_no_grid() -> None:
    swiss = SINGLE.replace("092 Individual: Round Robin", "092 Individual: Swiss-System")
    t = _read(swiss)
    assert build_grid(t, compute_standings(t, StandingsOptions())) is None


def test_the_engines_system_choice_decides() -> None:
    t = _read(SINGLE)
    as_swiss = StandingsOptions(system="swiss")
    standings = compute_standings(t, as_swiss)
    assert not standings.round_robin  # the site's config or --system overrides record 092
    assert build_grid(t, standings) is None
    forced = StandingsOptions(system="round-robin")
    swiss_file = _read(SINGLE.replace("Round Robin", "Swiss-System"))
    assert build_grid(swiss_file, compute_standings(swiss_file, forced)) is not None


def _big_round_robin(players: int) -> str:
    """``players`` players, every game a draw, paired by the circle method (a bye slot when odd)."""
    slots = list(range(1, players + 1)) + ([0] if players % 2 else [])
    cells: dict[int, list[tuple[str, str, str]]] = {p: [] for p in range(1, players + 1)}
    for _ in range(len(slots) - 1):
        half = len(slots) // 2
        for a, b in zip(slots[:half], reversed(slots[half:]), strict=True):
            for me, other, colour in ((a, b, "w"), (b, a, "b")):
                if me == 0:
                    continue
                if other == 0:
                    cells[me].append(("0000", "-", "Z"))
                else:
                    cells[me].append((str(other), colour, "="))
        slots = [slots[0], slots[-1], *slots[1:-1]]
    lines = ["012 Big Round Robin", "042 2024/05/01", "092 Individual: Round Robin"]
    for p, mine in cells.items():
        points = sum(0.5 for _, _, r in mine if r == "=")
        lines.append(_line(p, f"Player{p:02d},Test", mine, points))
    return "\n".join(lines) + "\n"


def test_twenty_five_players_keep_the_round_by_round_table() -> None:
    assert MAX_GRID_PARTICIPANTS == 24
    t = _read(_big_round_robin(25))
    assert len(t.players) == 25
    assert build_grid(t, compute_standings(t, StandingsOptions())) is None
    # 24 still get a grid: 23 draws each, so every off-diagonal cell is one ½
    t24 = _read(_big_round_robin(24))
    grid = build_grid(t24, compute_standings(t24, StandingsOptions()))
    assert grid is not None and grid.size == 24
    assert all(
        _texts(row) == [("X" if c.diagonal else HALF) for c in row.cells] for row in grid.rows
    )


# --------------------------------------------------------------------------- the page
# sample_reports/club-championship-2024.trf, ten players, final order by points (column
# 9 of each 001 line): Østergaard 7, Müller 6½, Schäfer 6, Kowalczyk 5½, André 5, Nagy 4,
# Öztürk 3½, Fernández 3, Dvořák 2½, Weiß 2 (all different: positions = ranks).
CLUB_ORDER = [
    "Østergaard,Mikkel",
    "Müller,Hans",
    "Schäfer,Lena",
    "Kowalczyk,Tomasz",
    "André,Nemo",
    "Nagy,Zoltán",
    "Öztürk,Emre",
    "Fernández,Lucía",
    "Dvořák,Petr",
    "Weiß,Jürgen",
]


def _text(element: html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


@pytest.fixture
def club_grid(sample_site: Path) -> html.HtmlElement:  # noqa: F811
    doc = html.fromstring((sample_site / "club-championship-2024/crosstable.html").read_bytes())
    tables = doc.xpath("//table[contains(@class,'crossgrid')]")
    assert len(tables) == 1
    return tables[0]


def _cell(table: html.HtmlElement, row: int, column: int) -> str:
    """The text of the cell in 1-based grid row ``row`` and grid column ``column``."""
    tr = table.xpath("./tbody/tr")[row - 1]
    return _text(tr.xpath("./td[contains(@class,'gc')]")[column - 1])


def test_club_grid_shape_and_diagonal(club_grid: html.HtmlElement) -> None:
    rows = club_grid.xpath("./tbody/tr")
    assert len(rows) == 10
    assert all(len(tr.xpath("./td[contains(@class,'gc')]")) == 10 for tr in rows)
    for index, tr in enumerate(rows):
        cells = tr.xpath("./td[contains(@class,'gc')]")
        marked = [i for i, td in enumerate(cells) if "diagonal" in td.get("class").split()]
        assert marked == [index]
        assert _text(cells[index]) == ""
    assert [_text(tr.xpath("./th[@scope='row']")[0]).split(" ")[-1] for tr in rows] == CLUB_ORDER
    heads = club_grid.xpath("./thead/tr/th[contains(@class,'gn')]")
    assert [_text(th) for th in heads] == [str(n) for n in range(1, 11)]
    assert [th.get("title") for th in heads] == CLUB_ORDER
    # not sortable: sorting rows would break the columns
    assert "sortable" not in club_grid.get("class").split()
    assert not club_grid.xpath(".//button")


def test_club_grid_cells_read_from_the_file(club_grid: html.HtmlElement) -> None:
    # Østergaard (start no. 5, row 1), R3: "2 b 1": beat Müller (start 2, row 2) with Black.
    assert _cell(club_grid, 1, 2) == "1"
    title = club_grid.xpath("./tbody/tr[1]/td[contains(@class,'gc')][2]/span/@title")[0]
    assert title == "Müller,Hans: Round 3, Black"
    # Østergaard R2: "4 b 0": lost to Nagy (start 4, row 6) with Black; Nagy R2: "5 w 1".
    assert _cell(club_grid, 1, 6) == "0" and _cell(club_grid, 6, 1) == "1"
    # Müller (row 2) R6: "8 b 1" beat Fernández (start 8, row 8); Müller R2 "7 b 1" beat
    # Dvořák (start 7, row 9); Müller R4 "3 w 1" beat André (start 3, row 5).
    assert [_cell(club_grid, 2, c) for c in (8, 9, 5)] == ["1", "1", "1"]
    # Schäfer (start 6, row 3) R2: "3 w =" drew André (row 5).
    assert _cell(club_grid, 3, 5) == HALF
    cls = club_grid.xpath("./tbody/tr[3]/td[contains(@class,'gc')][5]")[0].get("class")
    assert "draw" in cls.split()


def test_club_grid_is_symmetric(club_grid: html.HtmlElement) -> None:
    opposite = {"1": "0", "0": "1", HALF: HALF, "+": MINUS, MINUS: "+"}
    for row in range(1, 11):
        for column in range(1, 11):
            if row == column:
                continue
            mine, theirs = _cell(club_grid, row, column), _cell(club_grid, column, row)
            assert opposite[mine] == theirs, (row, column, mine, theirs)


def test_club_page_keeps_the_round_by_round_table_below(sample_site: Path) -> None:  # noqa: F811
    doc = html.fromstring((sample_site / "club-championship-2024/crosstable.html").read_bytes())
    headings = [_text(h) for h in doc.xpath("//h2")]
    assert "Round by round" in headings
    grid = doc.xpath("//table[contains(@class,'crossgrid')]")[0]
    swiss_style = doc.xpath("//table[contains(@class,'crosstable')]")[0]
    assert list(doc.iter("table")).index(grid) < list(doc.iter("table")).index(swiss_style)
    # Swiss events keep only the round-by-round table
    for slug in ("karl-mala-open-2005", "grandmommys-cup-2024", "mcmahon-frankfurt-2023"):
        page = html.fromstring((sample_site / slug / "crosstable.html").read_bytes())
        assert not page.xpath("//table[contains(@class,'crossgrid')]"), slug
        assert "Round by round" not in [_text(h) for h in page.xpath("//h2")]
