"""FEN read into a position and written from one (the PGN ``FEN`` tag, the viewer's start).

Castling rights are kept as the rooks' squares, so that X-FEN (``KQkq``, the outermost
rook on that side of the king) and Shredder-FEN (the rooks' files, ``HAha``) both read
into Chess960 positions.
"""

from __future__ import annotations

import re
from typing import Protocol

from trfsite.formats.pgn.squares import (
    BLACK_PIECES,
    EAST,
    EMPTY,
    FILES,
    NAMES,
    NORTH,
    ON_BOARD,
    SOUTH,
    WEST,
    WHITE_PIECES,
    square,
)


class Position(Protocol):
    """What FEN reads into and writes from (``board.Position``, which imports this module)."""

    board: list[str]
    white: bool
    castling: frozenset[int]
    ep: int
    halfmove: int
    fullmove: int
    chess960: bool
    kings: list[int]

    def placement(self) -> str: ...


def read_fen(position: Position, fen: str) -> None:
    """Set ``position`` (a new one) to what ``fen`` describes; ValueError says what is wrong."""
    fields = fen.split()
    if len(fields) < 4:
        raise ValueError(f"FEN {fen!r} has {len(fields)} fields; expected 4 to 6")
    ranks = fields[0].split("/")
    if len(ranks) != 8:
        raise ValueError(f"FEN placement {fields[0]!r} has {len(ranks)} ranks; expected 8")
    board = position.board
    for index in ON_BOARD:
        board[index] = EMPTY
    for row, text in enumerate(ranks):
        file = 0
        for char in text:
            if char in "12345678":
                file += int(char)
            elif char in WHITE_PIECES or char in BLACK_PIECES:
                if file > 7:
                    raise ValueError(f"FEN rank {text!r} covers more than 8 files")
                board[21 + file + 10 * (7 - row)] = char
                file += 1
            else:
                raise ValueError(f"FEN placement has {char!r}; expected a piece or digit")
        if file != 8:
            raise ValueError(f"FEN rank {text!r} covers {file} files; expected 8")
    for side, king in ((0, "K"), (1, "k")):
        found = [index for index in ON_BOARD if board[index] == king]
        if len(found) != 1:
            raise ValueError(f"FEN placement has {len(found)} {king!r}; expected one king")
        position.kings[side] = found[0]
    if fields[1] not in ("w", "b"):
        raise ValueError(f"FEN side to move {fields[1]!r}; expected 'w' or 'b'")
    position.white = fields[1] == "w"
    position.castling = _castling_rooks(position, fields[2])
    position.ep = square(fields[3]) if re.fullmatch(r"[a-h][36]", fields[3]) else 0
    if len(fields) > 4 and fields[4].isdigit():
        position.halfmove = int(fields[4])
    if len(fields) > 5 and fields[5].isdigit():
        position.fullmove = max(1, int(fields[5]))


def _castling_rooks(position: Position, text: str) -> frozenset[int]:
    rooks: set[int] = set()
    board = position.board
    for char in text if text != "-" else "":
        white = char.isupper()
        rank_base = 21 if white else 91
        rook = "R" if white else "r"
        king_file = position.kings[0 if white else 1] - rank_base
        lower = char.lower()
        if not 0 <= king_file <= 7:
            continue  # the king left its first rank: no castling
        if lower in ("k", "q"):
            # The outermost rook on that side of the king (X-FEN's reading for 960).
            files = range(7, king_file, -1) if lower == "k" else range(king_file)
            for file in files:
                if board[rank_base + file] == rook:
                    rooks.add(rank_base + file)
                    break
        elif lower in FILES and board[rank_base + FILES.index(lower)] == rook:
            rooks.add(rank_base + FILES.index(lower))  # Shredder-FEN names the file
    return frozenset(rooks)


def write_fen(position: Position) -> str:
    """The position's FEN; an en passant square only when a pawn can take there."""
    rights = ""
    for white in (True, False):
        king = position.kings[0 if white else 1]
        for rook in sorted((r for r in position.castling if (r < 30) == white), reverse=True):
            letter = "k" if rook > king else "q"
            if position.chess960:
                letter = FILES[(rook - 21) % 10]
            rights += letter.upper() if white else letter
    ep = "-"
    if position.ep:
        pawn, back = ("P", SOUTH) if position.white else ("p", NORTH)
        if any(position.board[position.ep + back + side] == pawn for side in (EAST, WEST)):
            ep = NAMES[position.ep]
    side = "w" if position.white else "b"
    return (
        f"{position.placement()} {side} {rights or '-'} {ep} "
        f"{position.halfmove} {position.fullmove}"
    )
