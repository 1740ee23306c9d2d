"""Every legal move of a position: whether a check is mate, and SAN for a generated move.

Reading a game never needs this (``board`` finds the one move a SAN names); a
replay asks only after a check whether any move is left, and the benchmark's
random games pick among all of them.
"""

from __future__ import annotations

from collections.abc import Iterator

from trfsite.formats.pgn.board import Position
from trfsite.formats.pgn.squares import (
    EMPTY,
    FILES,
    KING_STEPS,
    KNIGHT_STEPS,
    NAMES,
    NORTH,
    ON_BOARD,
    SLIDES,
    SOUTH,
    WHITE_PIECES,
    Move,
    disambiguation,
)


def _pseudo_moves(position: Position, origin: int) -> Iterator[Move]:
    """The moves of the piece on ``origin`` by how it moves, castling aside."""
    board = position.board
    white = position.white
    letter = board[origin].upper()

    def enemy(piece: str) -> bool:
        return piece != EMPTY and piece != " " and (piece in WHITE_PIECES) != white

    if letter == "P":
        forward = NORTH if white else SOUTH
        one = origin + forward
        promotions = ("Q", "R", "B", "N") if (one - 21) // 10 in (0, 7) else ("",)
        if board[one] == EMPTY:
            yield from (Move(origin, one, p) for p in promotions)
            if (origin - 21) // 10 == (1 if white else 6) and board[one + forward] == EMPTY:
                yield Move(origin, one + forward)
        for target in (one + 1, one - 1):
            if enemy(board[target]):
                yield from (Move(origin, target, p) for p in promotions)
            elif target == position.ep and position.ep:
                yield Move(origin, target, en_passant=True)
        return
    if letter in "NK":
        for step in KNIGHT_STEPS if letter == "N" else KING_STEPS:
            target = origin + step
            if board[target] == EMPTY or enemy(board[target]):
                yield Move(origin, target)
        return
    for step in SLIDES[letter]:
        target = origin + step
        while board[target] == EMPTY:
            yield Move(origin, target)
            target += step
        if enemy(board[target]):
            yield Move(origin, target)


def _own_squares(position: Position) -> list[int]:
    """The mover's pieces, king first: a king that can step aside ends a mate test soonest."""
    board = position.board
    white = position.white
    king = position.kings[0 if white else 1]
    others = [
        index
        for index in ON_BOARD
        if board[index] != EMPTY and (board[index] in WHITE_PIECES) == white and index != king
    ]
    return [king, *others]


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has a legal move (false: mate, or stalemate)."""
    for origin in _own_squares(position):
        for move in _pseudo_moves(position, origin):
            if position.leaves_king_safe(move):
                return True
    return False


def legal_moves(position: Position) -> list[Move]:
    """Every legal move, castling included, in board order."""
    moves = [
        move
        for origin in _own_squares(position)
        for move in _pseudo_moves(position, origin)
        if position.leaves_king_safe(move)
    ]
    for san in ("O-O", "O-O-O"):
        try:
            moves.append(position.parse_san(san))
        except ValueError:
            continue
    return moves


def mate_sign(position: Position) -> str:
    """After a move: ``#`` for mate, ``+`` for check, else nothing."""
    if not position.in_check():
        return ""
    return "+" if has_legal_move(position) else "#"


def write_san(position: Position, move: Move) -> str:
    """``move`` (legal here) in SAN, with its check or mate sign."""
    board = position.board
    letter = board[move.origin].upper()
    if move.castle_rook:
        text = "O-O-O" if move.castle_rook < move.origin else "O-O"
    elif letter == "P":
        text = NAMES[move.target] + (f"={move.promotion}" if move.promotion else "")
        if (move.target - move.origin) % 10:
            text = f"{FILES[(move.origin - 21) % 10]}x{text}"
    else:
        rivals = [
            origin
            for origin in position.sources(letter, move.target)
            if origin != move.origin and position.leaves_king_safe(Move(origin, move.target))
        ]
        capture = "x" if board[move.target] != EMPTY else ""
        text = f"{letter}{disambiguation(move.origin, rivals)}{capture}{NAMES[move.target]}"
    after = position.copy()
    after.push(move)
    return text + mate_sign(after)
