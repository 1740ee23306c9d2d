"""Castling, for ``board.Position``: the king's target, and why castling is illegal.

Chess960 castling is told by the rook's file: the king moves onto its own rook (or
to g1/c1 by more than one square), and the squares between king, rook and their
targets must be empty, as in standard chess.
"""

from __future__ import annotations

from typing import Protocol

from trfsite.formats.pgn.squares import EMPTY, NAMES, IllegalMove, Move


class Board(Protocol):
    """What castling reads of ``board.Position`` (a protocol: the board imports this)."""

    board: list[str]
    kings: list[int]
    white: bool
    castling: frozenset[int]

    def in_check(self) -> bool: ...

    def attacked(self, target: int, by_white: bool) -> bool: ...


def castling_move(position: Board, san: str, long: bool) -> Move:
    """The castling ``O-O`` or ``O-O-O`` names, or IllegalMove with the reason."""
    king = position.kings[0 if position.white else 1]
    rooks = [r for r in position.castling if (r < 30) == position.white and (r < king) == long]
    side = "White" if position.white else "Black"
    if not rooks:
        raise IllegalMove(f"{san!r}: {side} may no longer castle on that side")
    move = Move(king, _king_target(position, long), castle_rook=rooks[0])
    reason = _blocked(position, move)
    if reason:
        raise IllegalMove(f"{san!r} is not legal for {side}: {reason}")
    return move


def _king_target(position: Board, long: bool) -> int:
    return (21 if position.white else 91) + (2 if long else 6)


def king_castles_onto(position: Board, target: int) -> Move | None:
    """``Kg1`` (or, in Chess960, the king onto its own rook) written for castling."""
    king = position.kings[0 if position.white else 1]
    for rook in sorted(position.castling):
        if (rook < 30) != position.white:
            continue
        long = rook < king
        king_to = _king_target(position, long)
        if target == rook or (target == king_to and abs(target - king) > 1):
            move = Move(king, king_to, castle_rook=rook)
            return move if not _blocked(position, move) else None
    return None


def _blocked(position: Board, move: Move) -> str:
    """Why castling is illegal: a square between king, rook and their targets taken,
    or the king in check, passing or landing on an attacked square ("" when legal)."""
    board = position.board
    king, rook, king_to = move.origin, move.castle_rook, move.target
    rook_to = king_to + (1 if rook < king else -1)
    ends = (king, rook, king_to, rook_to)
    for index in range(min(ends), max(ends) + 1):
        if index != king and index != rook and board[index] != EMPTY:
            return f"{NAMES[index]} is not empty"
    if position.in_check():
        return "the king is in check"
    step = 1 if king_to > king else -1
    enemy = not position.white
    for index in range(king + step, king_to, step):
        if position.attacked(index, enemy):
            return f"the king would pass or stand on the attacked square {NAMES[index]}"
    # The king's square at the end is judged with king and rook moved: in Chess960 the
    # rook may have shielded it (a rook on b1 castling long, an enemy rook on a1).
    moved_king, moved_rook = board[king], board[rook]
    board[king] = board[rook] = EMPTY
    board[king_to], board[rook_to] = moved_king, moved_rook
    attacked = position.attacked(king_to, enemy)
    board[king_to] = board[rook_to] = EMPTY
    board[king], board[rook] = moved_king, moved_rook
    if attacked:
        return f"the king would pass or stand on the attacked square {NAMES[king_to]}"
    return ""
