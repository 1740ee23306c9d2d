"""A game page in real headless Chromium: the board on load, after Home, ArrowRight
and End, a click on a move, the server-drawn board without JavaScript, and axe.

The page is the sample site's club-championship-2024 round 1 board 1: the moves of
Morphy's Opera Game (sample_reports/club-championship-2024.pgn). Placements worked out
on a board by hand. ``vendor/axe.min.js`` is axe-core 4.14.1 (Deque Systems, MPL-2.0,
``vendor/axe-core-LICENSE.txt``) from the npm registry (``npm pack axe-core@4.14.1``,
``package/axe.min.js``, unchanged); it is injected into the page under test only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserhelpers import open_page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAME = "club-championship-2024/games/1-1.html"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
# After 17. Rd8#: Black K e8, Q e6, N b8, B f8, R h8, pawns a7 e5 f7 g7 h7; White
# K c1, R d8, B g5, pawns a2 b2 c2 e4 f2 g2 h2.
FINAL = "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5"
# After 12. O-O-O (ply 23): the king on c1, the rook on d1.
AFTER_CASTLING = "r3kb1r/p2nqppp/5n2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR3R"
AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def board_state(page: Any) -> tuple[str, str, str]:
    """The board's data-fen, its squares' pieces read back as a placement, and its label."""
    fen, drawn, label = page.evaluate(
        """() => {
          const board = document.getElementById('board');
          const letters = {'♔':'K','♕':'Q','♖':'R','♗':'B','♘':'N','♙':'P',
                           '♚':'k','♛':'q','♜':'r','♝':'b','♞':'n','♟':'p'};
          const cells = Array.from(board.children).map(
            s => letters[s.textContent.replace('\\ufe0e', '')] || '');
          const ranks = [];
          for (let r = 0; r < 8; r++) {
            let text = '', empty = 0;
            for (const c of cells.slice(r * 8, r * 8 + 8)) {
              if (!c) { empty++; continue; }
              if (empty) { text += empty; empty = 0; }
              text += c;
            }
            ranks.push(empty ? text + empty : text);
          }
          return [board.dataset.fen, ranks.join('/'), board.getAttribute('aria-label')];
        }"""
    )
    return fen, drawn, label


def test_the_board_steps_through_the_game(browser: Any, site_url: str) -> None:
    context, page, problems = open_page(browser, site_url + GAME, width=390, height=900)
    try:
        fen, drawn, label = board_state(page)
        assert fen == drawn == FINAL
        assert label.startswith("Position after 17.Rd8#. White: king c1, rook d8")
        page.keyboard.press("Home")
        fen, drawn, label = board_state(page)
        assert fen == drawn == START
        assert label.startswith("Starting position. White: king e1, queen d1")
        page.keyboard.press("ArrowRight")
        assert board_state(page)[:2] == (AFTER_E4, AFTER_E4)
        assert page.text_content("#board-status") == "Position after 1.e4"
        page.keyboard.press("ArrowLeft")
        assert board_state(page)[0] == START
        page.keyboard.press("End")
        assert board_state(page)[0] == FINAL
        moves = page.locator(".moves button")  # the k-th button is ply k + 1
        moves.nth(5).click()  # 3...Bg4?!: the label names the move, not its annotation
        assert page.text_content("#board-status") == "Position after 3...Bg4"
        moves.nth(22).click()
        fen, drawn, _ = board_state(page)
        assert fen == drawn == AFTER_CASTLING
        assert moves.nth(22).get_attribute("aria-current") == "step"
        assert moves.nth(5).get_attribute("aria-current") is None
        page.click(".board-controls button[data-go='next']")
        assert page.text_content("#board-status") == "Position after 12...Rd8"
        assert problems == [], problems
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the game page is {width}px wide at 390px"
    finally:
        context.close()


def test_without_javascript_the_final_position_is_drawn(browser: Any, site_url: str) -> None:
    viewport = {"width": 1280, "height": 900}
    context = browser.new_context(java_script_enabled=False, viewport=viewport)
    try:
        page = context.new_page()
        page.goto(site_url + GAME, wait_until="load")
        fen, drawn, label = board_state(page)
        assert fen == drawn == FINAL
        assert label.startswith("Final position. White: king c1")
        assert not page.is_visible(".board-controls")  # no buttons that would do nothing
        assert page.is_visible("text=Gives up the centre.")
    finally:
        context.close()


def test_the_game_page_has_no_serious_axe_violation(browser: Any, site_url: str) -> None:
    context, page, _ = open_page(browser, site_url + GAME)
    try:
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
        result = page.evaluate("async () => await axe.run(document)")
        serious = [
            (v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert serious == [], serious
    finally:
        context.close()
