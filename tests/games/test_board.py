"""The chess replay: every special move, checked against positions worked out by hand.

Each expected FEN placement below was written from the board by hand (not printed by
the program): rank 8 first, digits for runs of empty squares.
"""

from __future__ import annotations

import pytest

from trfsite.formats.pgn import IllegalMove, Position, read_pgn, replay
from trfsite.formats.pgn.board import STANDARD_START
from trfsite.formats.pgn.moves import has_legal_move, write_san


def play(moves: str, fen: str = STANDARD_START, chess960: bool = False) -> Position:
    position = Position.from_fen(fen, chess960=chess960)
    for san in moves.split():
        position.push(position.parse_san(san))
    return position


def test_opening_moves_and_fen() -> None:
    position = play("e4 c5 Nf3")
    assert position.fen() == "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"


def test_morphy_opera_game_ends_in_mate() -> None:
    # Morphy - Duke Karl / Count Isouard, Paris 1858; final position known from the
    # literature: Rd8 mates, White has K c1, R d8, B g5, pawns a2 b2 c2 e4 f2 g2 h2.
    pgn = """[Event "Paris"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1.e4 e5 2.Nf3 d6 3.d4 Bg4 {A weak move.} 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7
8.Nc3 c6 9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6
15.Bxd7+ Nxd7 (15...Qxd7 16.Qb8+ Ke7 17.Qxe5+) 16.Qb8+ Nxb8 17.Rd8# 1-0
"""
    game = read_pgn(pgn, "opera.pgn").games[0]
    result = replay(game)
    assert result.complete
    assert result.final == "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5"
    assert len(result.sans) == 33
    # Long castling moves the king e1-c1 and the rook a1-d1.
    assert result.steps[22] == "e1c1a1d1"
    position = play(" ".join(result.sans))
    assert position.in_check() and not has_legal_move(position)  # mate


def test_kingside_castling_both_sides() -> None:
    position = play("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 O-O")
    assert position.placement() == "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQ1RK1"
    assert position.fen().split()[2] == "-"


def test_castling_written_with_zeros() -> None:
    position = play("e4 e5 Nf3 Nc6 Bc4 Bc5 0-0")
    assert position.placement().endswith("RNBQ1RK1")


def test_castling_through_check_is_illegal() -> None:
    # Black's bishop on c5... here a rook on f8 files: White king e1, rook h1, black rook
    # on f8 covers f1, which the king would pass.
    position = Position.from_fen("5r1k/8/8/8/8/8/8/4K2R w K - 0 1")
    with pytest.raises(IllegalMove, match="attacked square f1"):
        position.parse_san("O-O")


def test_castling_after_the_king_moved_is_illegal() -> None:
    position = play("e4 e5 Ke2 Ke7 Ke1 Ke8 Nf3 Nf6 Be2 Be7")
    with pytest.raises(IllegalMove, match="may no longer castle"):
        position.parse_san("O-O")


def test_en_passant() -> None:
    position = play("e4 a6 e5 d5")
    assert position.fen().split()[3] == "d6"
    move = position.parse_san("exd6")
    assert move.en_passant
    assert move.steps(True) == "e5d6d5"  # the pawn taken on d5 leaves the board
    position.push(move)
    assert position.placement() == "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR"


def test_en_passant_only_right_after_the_double_step() -> None:
    position = play("e4 a6 e5 d5 Nf3 a5")
    with pytest.raises(IllegalMove):
        position.parse_san("exd6")


def test_promotion_with_and_without_equals_sign_and_by_capture() -> None:
    fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
    queen = Position.from_fen(fen)
    queen.push(queen.parse_san("a8=Q"))
    assert queen.placement() == "Qn2k3/8/8/8/8/8/8/4K3"
    knight = Position.from_fen(fen)
    move = knight.parse_san("axb8N")
    assert move.steps(True) == "a7b8N"
    knight.push(move)
    assert knight.placement() == "1N2k3/8/8/8/8/8/8/4K3"
    with pytest.raises(IllegalMove, match="names no promotion piece"):
        Position.from_fen(fen).parse_san("a8")


def test_black_promotion_is_lower_case() -> None:
    position = Position.from_fen("4k3/8/8/8/8/8/p7/4K3 b - - 0 1")
    move = position.parse_san("a1=R+")
    assert move.steps(False) == "a2a1r"
    position.push(move)
    assert position.placement() == "4k3/8/8/8/8/8/8/r3K3"
    assert position.in_check()


def test_disambiguation_by_file_rank_and_square() -> None:
    # Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3; queens on
    # e4, h4 and h7 all reach e7: h4 shares its file with h7 and its rank with e4.
    knights = Position.from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
    with pytest.raises(IllegalMove, match="ambiguous"):
        knights.parse_san("Nd2")
    assert knights.parse_san("Nbd2").origin == knights.parse_san("Nb1d2").origin
    rooks = Position.from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1")
    assert rooks.parse_san("R1a3") != rooks.parse_san("R5a3")
    queens = Position.from_fen("8/7Q/k7/8/4Q2Q/8/8/4K3 w - - 0 1")
    move = queens.parse_san("Qh4e7")
    assert move.steps(True) == "h4e7"
    assert write_san(queens, move) == "Qh4e7"  # h-file and 4th rank each shared: the square


def test_pinned_piece_may_not_leave_the_line() -> None:
    # The knight on e2 is pinned by the rook on e8 against the king on e1.
    position = Position.from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")
    with pytest.raises(IllegalMove, match="leaves the king in check"):
        position.parse_san("Nc3")


def test_pinned_rook_may_move_along_the_pin() -> None:
    position = Position.from_fen("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1")
    position.push(position.parse_san("Rxe8+"))
    assert position.placement() == "4R1k1/8/8/8/8/8/8/4K3"
    assert position.in_check()


def test_ambiguity_resolved_by_a_pin() -> None:
    # Knights on c3 and g3 both reach e4, but the one on c3 is pinned by the bishop on
    # a5 against the king on e1: "Ne4" is unambiguous (C.5 of the PGN standard).
    position = Position.from_fen("4k3/8/8/b7/8/2N3N1/8/4K3 w - - 0 1")
    assert position.parse_san("Ne4").steps(True) == "g3e4"


def test_move_that_ignores_check_is_illegal() -> None:
    position = play("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#")
    assert position.in_check() and not has_legal_move(position)
    position = play("e4 f5 Qh5+")
    with pytest.raises(IllegalMove):
        position.parse_san("Nf6")  # does not block or escape


def test_the_king_may_not_step_into_check() -> None:
    # FIDE Laws 3.8.2 / 3.9: no move may leave the own king attacked. White: K e1;
    # Black: K e8, R a2 (the whole second rank). Kd2 and Kf2 stand on the rook's rank,
    # Kd1 and Kf1 do not: by hand, the rook's line a2-h2 covers d2 and f2 only.
    fen = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"
    for san in ("Kd2", "Kf2"):
        with pytest.raises(IllegalMove, match="leaves the king in check"):
            Position.from_fen(fen).parse_san(san)
    assert play("Kd1", fen).placement() == "4k3/8/8/8/8/8/r7/3K4"


def test_discovered_check_is_seen() -> None:
    # The bishop on b2 is behind the knight on d4; the knight leaves and the bishop
    # checks the king on h8.
    position = Position.from_fen("7k/8/8/8/3N4/8/1B6/4K3 w - - 0 1")
    position.push(position.parse_san("Nb5+"))
    assert position.in_check()


def test_stalemate_is_no_mate() -> None:
    position = Position.from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert not position.in_check() and not has_legal_move(position)


def test_check_and_mate_signs_written() -> None:
    position = play("f3 e5 g4")
    assert write_san(position, position.parse_san("Qh4")) == "Qh4#"  # fool's mate
    position = play("e4 e5 Bc4 Nc6")
    assert write_san(position, position.parse_san("Bxf7")) == "Bxf7+"


def test_unknown_and_impossible_moves() -> None:
    position = Position.from_fen()
    for san, reason in (
        ("Nf9", "not a move in standard algebraic notation"),
        ("Nd4", "no piece can make it"),
        ("e5", "no piece can make it"),
        ("Bxe2", "holds a piece of the side to move"),
    ):
        with pytest.raises(IllegalMove, match=reason):
            position.parse_san(san)


def test_chess960_castling_by_the_rooks_file() -> None:
    # King on e1 between rooks d1 and f1, as in some Chess960 starts (the rest of the
    # back rank cleared). O-O puts the king on g1 and the rook on f1; O-O-O the king
    # on c1 and the rook on d1, whatever squares they started on.
    fen = "k7/8/8/8/8/8/8/3RKR2 w DF - 0 1"
    short = Position.from_fen(fen, chess960=True)
    short.push(short.parse_san("O-O"))
    assert short.placement() == "k7/8/8/8/8/8/8/3R1RK1"
    long = Position.from_fen(fen, chess960=True)
    long.push(long.parse_san("O-O-O"))
    assert long.placement() == "k7/8/8/8/8/8/8/2KR1R2"


def test_fen_tag_starts_the_game() -> None:
    pgn = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n1. e4 Kd7 2. e5 1/2-1/2\n'
    result = replay(read_pgn(pgn).games[0])
    assert result.complete
    assert result.final == "8/3k4/8/4P3/8/8/8/4K3"


def test_replay_stops_at_an_illegal_move_and_says_why() -> None:
    pgn = '[Event "x"]\n\n1. e4 e5 2. Nf3 Ke6 3. Nxe5 Qh4 *\n'
    result = replay(read_pgn(pgn).games[0])
    assert not result.complete
    assert result.stop_ply == 3 and "Ke6" in result.stop
    assert result.final == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"


def test_a_pinned_pawn_moves_only_along_its_pin() -> None:
    # FIDE Laws 3.9: a move may not leave the own king attacked. The pawn on e2 is pinned
    # by the rook on e8 against the king on e1, along the e-file: pushing stays on it.
    assert play("e4", "k3r3/8/8/8/8/8/4P3/4K3 w - - 0 1").placement() == "k3r3/8/8/8/4P3/8/8/4K3"
    # The pawn on d2 is pinned by the bishop on c3 along c3-d2-e1: d3 and dxe3 leave
    # that diagonal, dxc3 takes the pinning bishop on it.
    fen = "k7/8/8/8/8/2b1n3/3P4/4K3 w - - 0 1"
    for san in ("d3", "dxe3"):
        with pytest.raises(IllegalMove, match="leaves the king in check"):
            Position.from_fen(fen).parse_san(san)
    assert play("dxc3", fen).placement() == "k7/8/8/8/8/2P1n3/8/4K3"
    # With a knight between the bishop (now on a5) and the pawn, nothing is pinned.
    assert play("d3", "k7/8/8/b7/8/2n5/3P4/4K3 w - - 0 1").placement() == "k7/8/8/b7/8/2nP4/8/4K3"


def test_en_passant_may_not_open_the_rank_to_the_king() -> None:
    # White K a5, P b5; Black plays c7-c5, rook on h5. bxc6 e.p. would take the pawns of
    # b5 and c5 off the fifth rank at once and leave the rook facing the king.
    position = play("c5", "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1")
    with pytest.raises(IllegalMove, match="leaves the king in check"):
        position.parse_san("bxc6")


def test_the_king_may_not_take_a_guarded_piece_or_step_back_along_a_check() -> None:
    # The pawn on d2 is guarded by the bishop on a5 (a5-b4-c3-d2).
    with pytest.raises(IllegalMove, match="leaves the king in check"):
        Position.from_fen("4k3/8/8/b7/8/8/3p4/4K3 w - - 0 1").parse_san("Kxd2")
    # The king on e2 in check from the rook on e8: e1 is on the same file, behind it.
    fen = "k3r3/8/8/8/8/8/4K3/8 w - - 0 1"
    with pytest.raises(IllegalMove, match="leaves the king in check"):
        Position.from_fen(fen).parse_san("Ke1")
    assert play("Kd1", fen).placement() == "k3r3/8/8/8/8/8/8/3K4"


@pytest.mark.parametrize(
    ("movetext", "moves", "stop_ply"),
    [
        # Bxf7 attacks the king on e8 from f7 (diagonal f7-e8): a check; Kxf7 answers it,
        # so the check is no mate and keeps its "+" (PGN standard 8.2.3.5).
        ("1. e4 e5 2. Bc4 Nc6 3. Bxf7 Kxf7 *", "e4 e5 Bc4 Nc6 Bxf7+ Kxf7", -1),
        # The same check, then a move that ignores it (Qh4 leaves e8 attacked): the line
        # stops there, and the check is still judged: Kxf7 or Ke7 answer it, so "+".
        ("1. e4 e5 2. Bc4 Nc6 3. Bxf7 Qh4 *", "e4 e5 Bc4 Nc6 Bxf7+", 5),
        # Fool's mate: Qh4 attacks e1 along h4-g3-f2-e1 (g3 and f2 empty after g4 and
        # f3). The king's squares: d1, f1, d2, e2 hold its own pieces, f2 is on the
        # queen's line; no piece reaches g3 or f2 or takes on h4: no reply, "#". Nf3
        # written after it cannot be played and stops the line.
        ("1. f3 e5 2. g4 Qh4 3. Nf3 *", "f3 e5 g4 Qh4#", 4),
    ],
)
def test_a_check_is_judged_mate_or_not_wherever_the_line_goes_on(
    movetext: str, moves: str, stop_ply: int
) -> None:
    result = replay(read_pgn(f'[Event "x"]\n\n{movetext}\n').games[0])
    assert result.moves_text == moves
    assert result.stop_ply == stop_ply


class _CountedBoard(list[str]):
    """A board that counts the squares read from it (work, not time)."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        _CountedBoard.reads += 1
        return super().__getitem__(index)


@pytest.mark.parametrize(
    ("moves", "target", "found"),
    [("", "e3", []), ("e4 e5", "e2", ["e1"]), ("e4 e5 Ke2 d6", "d3", ["e2"])],
)
def test_the_kings_move_is_found_from_its_square_without_looking_around_the_target(
    moves: str, target: str, found: list[str]
) -> None:
    # The king's square is kept (``kings``): finding the king that reaches a square
    # needs no look at the eight squares around it (a king move is one in ten).
    from trfsite.formats.pgn.squares import NAMES, square

    position = play(moves)
    position.board = _CountedBoard(position.board)
    _CountedBoard.reads = 0
    assert [NAMES[origin] for origin in position.sources("K", square(target))] == found
    assert _CountedBoard.reads == 0


class _CountedAttacks(Position):
    """A position that counts its attack tests (each looks along up to 24 lines)."""

    __slots__ = ("tests",)

    def attacked(self, target: int, by_white: bool) -> bool:
        self.tests = getattr(self, "tests", 0) + 1
        return super().attacked(target, by_white)


def test_a_rival_for_the_same_square_is_judged_by_the_pin_test_not_by_playing_it() -> None:
    # Knights on b1 and f3 both reach d2, the king not in check: "Nbd2" needs to know
    # that the f3 knight could go there too (it is not pinned), which the line from
    # the king tells without testing every attack on the king's square.
    position = _CountedAttacks.from_fen(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 4"
    )
    position.tests = 0
    _, san = position.read_san("Nbd2")
    assert san == "Nbd2"
    assert position.tests == 0
    # Pinned on the e-file by the rook on e8, the e4 knight is no rival of the one on
    # b1 for d2: "Nd2" is written without a file.
    pinned = _CountedAttacks.from_fen("4r1k1/8/8/8/4N3/8/8/1N2K3 w - - 0 1")
    pinned.tests = 0
    assert pinned.read_san("Nbd2")[1] == "Nd2"
    assert pinned.tests == 0


def test_the_start_s_fen_is_the_position_s_own() -> None:
    """The standard start's FEN is written once (replay.starting_position); a FEN tag's
    start and a Chess960 start are written from their position."""
    from trfsite.formats.pgn.board import Position
    from trfsite.formats.pgn.reader import read_pgn
    from trfsite.formats.pgn.replay import starting_position

    standard, tagged, chess960 = read_pgn(
        "1. e4 *\n\n"
        '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 12"]\n\n1. e4 *\n\n'
        '[Variant "Chess960"]\n\n1. e4 *\n'
    ).games
    position, fen = starting_position(standard)
    assert fen == position.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    position, fen = starting_position(tagged)
    assert fen == position.fen() == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 12"
    position, fen = starting_position(chess960)
    assert fen == position.fen() == Position.from_fen(chess960=True).fen()
