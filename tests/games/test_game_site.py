"""Game pages, their links and downloads, read back with lxml from a built site.

The event is ``small_event()`` (gamehelpers), its games tests/data/games/small.pgn.
Every expected placement was worked out on a board by hand (rank 8 first).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import html

from games.gamehelpers import pgn, small_event
from trfsite.site.build import BuildOptions, build_site

# The Opera game after 17. Rd8#: Black K e8, Q e6, N b8, B f8, R h8, pawns a7 e5 f7 g7
# h7; White K c1, R d8, B g5, pawns a2 b2 c2 e4 f2 g2 h2.
OPERA_FINAL = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5"
# special.pgn after 8... Kc7: e.p. 3. exd6, 5. cxd8=Q+ Kxd8, 8. O-O.
SPECIAL_FINAL = "r1b2r2/ppk1bppp/2n1pn2/8/8/5N2/PPPPBPPP/RNBQ1RK1"


def page(out: Path, relative: str) -> html.HtmlElement:
    return html.fromstring((out / relative).read_bytes())


def text(element: html.HtmlElement) -> str:
    return " ".join(element.text_content().split())


def build(tmp_path: Path, files: dict[str, str | bytes], config: str = "") -> Path:
    monkey = pytest.MonkeyPatch()
    monkey.setenv("SOURCE_DATE_EPOCH", "1714521600")
    src = tmp_path / "src"
    src.mkdir()
    for name, content in {"small.trf": small_event(), **files}.items():
        data = content.encode() if isinstance(content, str) else content
        (src / name).write_bytes(data)
    if config:
        (src / "trfsite.toml").write_text(config)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    monkey.undo()
    return out / "small"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("games"), {"small.pgn": pgn("small.pgn")})


def test_game_page_facts_and_final_board(site: Path) -> None:
    doc = page(site, "games/1-1.html")
    assert text(doc.xpath("//h1")[0]) == "Alpha,Anna – Delta,Dora 1-0"
    facts = {text(d.xpath("./dt")[0]): text(d.xpath("./dd")[0]) for d in doc.xpath("//dl/div")}
    assert facts["Round"] == "1" and facts["Board"] == "1" and facts["Result"] == "1-0"
    assert facts["Opening"] == "C41 Philidor Defence"
    assert facts["White"] == "Alpha,Anna 2000" and facts["Black"] == "Delta,Dora 1700"
    assert facts["Date"] == "1 May 2024"  # [Date "2024.05.01"], in the page's language
    board = doc.xpath("//div[@id='board']")[0]
    assert board.get("data-fen") == OPERA_FINAL
    squares = board.xpath("./span")
    assert len(squares) == 64
    # a8 is empty, b8 holds Black's knight (filled glyph), d8 White's rook (outlined).
    assert [squares[i].text_content().rstrip("\ufe0e") for i in (0, 1, 3)] == ["", "♞", "♖"]
    label = board.get("aria-label")
    assert label.startswith("Final position. White: king c1, rook d8, bishop g5, pawn a2,")
    assert "Black: king e8, queen e6, rook h8, bishop f8, knight b8, pawn a7" in label


def test_score_with_comments_nags_variations_and_steps(site: Path) -> None:
    doc = page(site, "games/1-1.html")
    moves = doc.xpath("//p[@class='moves']//button")
    assert len(moves) == 33  # 17 White moves, 16 Black
    # The viewer labels the k-th button from the first move's number and the SAN, the
    # button's first text: the annotation is a child of its own.
    assert doc.xpath("//p[@class='moves']")[0].get("data-first") == "1."
    assert text(moves[5]) == "Bg4?!" and moves[5].text == "Bg4"  # 3...Bg4 $6
    assert text(moves[-1]) == "Rd8#"
    # A move number and the White move after it stay on one line; a Black move that
    # follows its White move stands alone.
    assert [text(m) for m in doc.xpath("//p[@class='moves']/span[@class='m']")[:2]] == [
        "1. e4",
        "2. Nf3",
    ]
    assert text(doc.xpath("//figcaption")[0]) == "Position after 17.Rd8#"
    score = text(doc.xpath("//p[@class='moves']")[0])
    assert score.startswith("Opera game moves. 1. e4 e5")
    assert "Bg4?! Gives up the centre." in score
    assert "(8. Qxb7 Qb4+ (8... Qd7) 9. Qxb4)" in score
    steps = doc.xpath("//div[@id='board']")[0].get("data-steps").split()
    assert len(steps) == 33 and steps[0] == "e2e4"
    assert steps[22] == "e1c1a1d1"  # 12. O-O-O: the king e1-c1, the rook a1-d1


def test_every_table_links_the_game(site: Path) -> None:
    round_page = page(site, "rounds/1.html")
    links = round_page.xpath("//table[contains(@class,'pairings')]//a[@class='game']/@href")
    assert links == ["../games/1-1.html", "../games/1-2.html"]
    assert round_page.xpath("//a[@href='../games/round-1.pgn']")
    assert not page(site, "rounds/3.html").xpath("//a[contains(@href,'.pgn')]")
    cross = page(site, "crosstable.html")
    # Anna's row: her games of rounds 1 (vs Dora) and 2 are not all known: R1 and none else.
    assert sorted(set(cross.xpath("//a[@class='game']/@href"))) == [
        "games/1-1.html",
        "games/1-2.html",
        "games/2-2.html",
    ]
    card = page(site, "players/3.html")  # Gus: R1 vs Bert (board 2), R2 vs Dora (board 2)
    assert card.xpath("//table[@class='record']//a[@class='game']/@href") == [
        "../games/1-2.html",
        "../games/2-2.html",
    ]
    overview = page(site, "index.html")
    assert text(overview.xpath("//a[@href='games/small.pgn']")[0]) == "3 games (PGN)"


def test_the_offline_copy_holds_the_game_pages_and_the_pgn(site: Path) -> None:
    """A reader offline on a phone opens a crosstable cell's game in the copy itself: the
    pages, not only the PGN, which would need another app (issue 42; the cost of their
    deflate was weighed against the goal: see benchmarks/README.md)."""
    with zipfile.ZipFile(site / "small.zip") as copy:
        names = set(copy.namelist())
        cross = html.fromstring(copy.read("small/crosstable.html"))
        game = html.fromstring(copy.read("small/games/1-2.html"))
    links = set(cross.xpath("//a[@class='game']/@href"))
    assert links == {"games/1-1.html", "games/1-2.html", "games/2-2.html"}
    assert {f"small/{link}" for link in links} <= names  # no dead link offline
    assert {"small/games/small.pgn", "small/games/round-1.pgn", "small/games/round-2.pgn"} <= names
    # The page in the copy is whole: its board, and the script that steps through it.
    assert game.xpath("//div[@id='board']/@data-fen")
    assert "static/game.js" in names


def test_downloads_are_normalised(site: Path) -> None:
    round_one = (site / "games" / "round-1.pgn").read_text(encoding="utf-8")
    first, second = round_one.split("\n\n[Event")
    # The seven tags first, in order; the tournament's own names and FIDE ids added.
    assert first.splitlines()[:7] == [
        '[Event "Small Test Round Robin"]',
        '[Site "Teststadt"]',
        '[Date "2024.05.01"]',
        '[Round "1.1"]',
        '[White "Alpha,Anna"]',
        '[Black "Delta,Dora"]',
        '[Result "1-0"]',
    ]
    assert '[WhiteFideId "24000001"]' in first and '[BlackElo "1700"]' in first
    assert '[White "Beta,Bert"]' in second and '[Round "1.2"]' in second
    assert all(len(line) <= 80 for line in round_one.splitlines())
    assert "{Gives up the centre.}" in first and "$6" in first
    event = (site / "games" / "small.pgn").read_text(encoding="utf-8")
    assert event.count("[Event ") == 3


def test_special_moves_and_the_findings_page(tmp_path: Path) -> None:
    config = '[events.small]\ngames = ["special.pgn", "findings.pgn"]\n'
    files = {"special.pgn": pgn("special.pgn"), "findings.pgn": pgn("findings.pgn")}
    out = build(tmp_path, files, config)
    doc = page(out, "games/1-1.html")
    board = doc.xpath("//div[@id='board']")[0]
    assert board.get("data-fen") == SPECIAL_FINAL
    steps = board.get("data-steps").split()
    assert steps[4] == "e5d6d5"  # 3. exd6 e.p. takes the pawn on d5
    assert steps[8] == "c7d8Q"  # 5. cxd8=Q+
    assert steps[14] == "e1g1h1f1"  # 8. O-O
    assert "cxd8=Q+" in [text(m) for m in doc.xpath("//p[@class='moves']//button")]
    # The game with 5. Ke3 is listed, its board stops before that move.
    stopped = page(out, "games/3-1.html")
    assert len(stopped.xpath("//p[@class='moves']//button")) == 8
    assert text(stopped.xpath("//span[@class='unplayed']")[0]) == "Ke3"
    validation = page(out, "validation.html")
    found = [
        (text(f.xpath(".//code")[0]), f.get("class"))
        for f in validation.xpath("//li[contains(@class,'finding')]")
        if "pgn" in text(f)
    ]
    assert ("findings.pgn", "finding warning") in found
    assert '[Round "3"]' not in text(validation)  # PGN lines are shown only as quoted


def test_an_anonymised_player_s_game_is_kept_and_names_nobody(tmp_path: Path) -> None:
    """[privacy] anonymise (issue 41) with games (issue 42): the game still finds its
    pairing (matched by the names the files give), and neither its page nor the
    downloads name the player or carry the player's FIDE id or rating."""
    tagged = b'[White "Alpha, Anna"]\n[WhiteFideId "4612345"]\n[WhiteElo "2000"]'
    small = pgn("small.pgn").replace(b'[White "Alpha, Anna"]', tagged)
    config = '[privacy]\nanonymise = ["Alpha, Anna"]\n'
    site = build(tmp_path, {"small.pgn": small}, config)
    doc = page(site, "games/1-1.html")
    assert text(doc.xpath("//h1")[0]) == "Anonymous – Delta,Dora 1-0"
    every = b"".join(p.read_bytes() for p in site.rglob("*") if p.is_file())
    assert b"Alpha,Anna" not in every and b"Alpha, Anna" not in every
    assert b"4612345" not in every
    round_pgn = (site / "games/round-1.pgn").read_text()
    assert '[White "Anonymous"]' in round_pgn
    assert "WhiteElo" not in round_pgn.split("\n\n")[0]
    assert (site / "games/small.pgn").read_text().count('"Anonymous"') == 1  # her one game


def test_a_person_page_lists_the_person_s_games(tmp_path: Path) -> None:
    """The archive's person page (``[people] pages = true``) links each game of the
    person that has a page (issue 42); the head-to-head cells open the game too."""
    site = build(tmp_path, {"small.pgn": pgn("small.pgn")}, "[people]\npages = true\n")
    people = site.parent / "people"
    anna = next(p for p in people.glob("*.html") if b"Alpha,Anna</h1>" in p.read_bytes())
    doc = page(people, anna.name)
    links = doc.xpath("//span[@class='person-games']/a")
    # small.pgn holds R1 boards 1-2 and R2 board 2 (Dora - Gus): of Anna's games only
    # round 1's (board 1, against Dora); round 2 (against Bert) and 3 (Gus) have none.
    assert [(text(a), a.get("href")) for a in links] == [("1", "../small/games/1-1.html")]
    cells = {a.get("href") for a in doc.xpath("//td[@class='games']/a")}
    assert "../small/games/1-1.html" in cells and "../small/rounds/2.html" in cells
