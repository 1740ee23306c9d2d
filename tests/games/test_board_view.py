"""The final position's pieces for the board's text alternative (``game_pages.board_view``).

Each side's pieces king first, pawns last, each kind by its squares' names (a1 before
a2 before b1): the order a reader hears them in. Written out by hand.
"""

from __future__ import annotations

from trfsite.pages.game_pages import board_view


def test_pieces_by_kind_then_square_name() -> None:
    # White: king e1, rooks a1 h1, knights g1 and b8 (b8 first by name), pawns c2 a2 b3;
    # Black: king e8, queen d8, bishop c5, pawn h7.
    view = board_view("1N1qk3/7p/8/2b5/8/1P6/P1P5/R3K1NR")
    assert view.white == (
        ("K", "e1"),
        ("R", "a1"),
        ("R", "h1"),
        ("N", "b8"),
        ("N", "g1"),
        ("P", "a2"),
        ("P", "b3"),
        ("P", "c2"),
    )
    assert view.black == (("K", "e8"), ("Q", "d8"), ("B", "c5"), ("P", "h7"))
    assert view.fen == "1N1qk3/7p/8/2b5/8/1P6/P1P5/R3K1NR"


def test_a_placement_the_replay_did_not_write_is_read_as_64_squares() -> None:
    """Too short: padded with empty squares; too long: cut at 64."""
    assert board_view("k7").black == (("K", "a8"),)
    assert board_view("k7").white == ()
    assert board_view("8/8/8/8/8/8/8/8/K7").white == ()
