"""The score's markup on a game page (``game_pages.score_html``), written out by hand.

A move the board plays is a bare ``<button>`` (the viewer counts its ply from the
order and reads its label from the number before it); a move number and the White
move after it share a ``<span class="m">`` so that they never part at a line's end.
A line without annotations that the board plays whole is written two moves at a time;
it must come out as the general, move-by-move writing would write it.
"""

from __future__ import annotations

import pytest

from trfsite.formats.pgn import Annotation, Line
from trfsite.pages.game_pages import score_html


def test_a_plain_line_from_the_start() -> None:
    line = Line(sans=("e4", "e5", "Nf3"))
    html, last = score_html(line, line.sans, True, 1)
    assert html == (
        '<span class="m">1. <button>e4</button></span> <button>e5</button> '
        '<span class="m">2. <button>Nf3</button></span> '
    )
    assert last == "2.Nf3"


def test_a_line_where_black_moves_first() -> None:
    # A FEN with Black to move at move 12: 12...Nf6 13.Nc3 e5.
    line = Line(sans=("Nf6", "Nc3", "e5"))
    html, last = score_html(line, line.sans, False, 12)
    assert html == (
        '<span class="m">12... <button>Nf6</button></span> '
        '<span class="m">13. <button>Nc3</button></span> <button>e5</button> '
    )
    assert last == "13...e5"


@pytest.mark.parametrize("white_first", [True, False])
@pytest.mark.parametrize("length", [0, 1, 2, 5, 6])
def test_the_plain_writing_matches_the_general_one(white_first: bool, length: int) -> None:
    sans = ("d4", "d5", "c4", "e6", "Nc3", "Nf6")[:length]
    plain = Line(sans=sans, comment="A comment first.")
    # An empty annotation on a move sends the same line down the general path.
    general = Line(sans=sans, annotations=((length - 1, Annotation()),), comment="A comment first.")
    assert score_html(plain, sans, white_first, 7) == score_html(general, sans, white_first, 7)


def test_annotations_and_the_moves_the_board_could_not_play() -> None:
    line = Line(
        sans=("e4", "e5", "Ke3"),
        annotations=((1, Annotation(nags=(6,), comment="Bold.")),),
    )
    html, last = score_html(line, ("e4", "e5"), True, 1)
    assert html == (
        '<span class="m">1. <button>e4</button></span> <button>e5<span>?!</span></button> '
        '<span class="comment">Bold.</span> '
        '<span class="m">2. <span class="unplayed">Ke3</span></span> '
    )
    assert last == "1...e5"
