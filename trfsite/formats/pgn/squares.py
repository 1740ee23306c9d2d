"""Squares, moves and SAN spellings of the mailbox board that ``board`` plays on.

A 10x12 mailbox: the 64 squares are 21..98 (a1 = 21, h8 = 98) and the border squares
around them make every step off the board a lookup of a sentinel. A SAN's parts are
read once per spelling: a game file repeats a few hundred spellings.
"""

from __future__ import annotations

import re
from typing import NamedTuple

EMPTY = "."
OFF = " "
WHITE_PIECES = frozenset("PNBRQK")
BLACK_PIECES = frozenset("pnbrqk")

NORTH, SOUTH, EAST, WEST = 10, -10, 1, -1
KNIGHT_STEPS = (21, 19, 12, 8, -8, -12, -19, -21)
KING_STEPS = (11, 10, 9, 1, -1, -9, -10, -11)
ROOK_STEPS = (10, -10, 1, -1)
BISHOP_STEPS = (11, 9, -9, -11)
SLIDES = {"R": ROOK_STEPS, "B": BISHOP_STEPS, "Q": KING_STEPS}

FILES = "abcdefgh"
# The unit step from one square to another on the same rank, file or diagonal (when
# they are), by their difference; the border column keeps rows from wrapping.
LINE_STEP: dict[int, int] = {
    sign * step * count: sign * step
    for step in (1, 9, 10, 11)
    for count in range(1, 8)
    for sign in (1, -1)
}
# The pieces that move along a line of that step, of either side, and of one side
# (True: White's): a check or a pin is one set lookup, not a test of kind and colour.
ALONG: dict[int, frozenset[str]] = {
    step: frozenset("RQrq" if abs(step) in (1, 10) else "BQbq") for step in KING_STEPS
}
SLIDERS_ALONG: dict[bool, dict[int, frozenset[str]]] = {
    white: {
        step: frozenset(piece for piece in pieces if piece.isupper() == white)
        for step, pieces in ALONG.items()
    }
    for white in (True, False)
}
KNIGHT_DELTAS = frozenset(KNIGHT_STEPS)
KING_DELTAS = frozenset(KING_STEPS)
# Black's letter for each of White's pieces: a lookup, not a call of ``str.lower``.
BLACK_OF = dict(zip("PNBRQK", "pnbrqk", strict=True))
RANK_STARTS = tuple(21 + 10 * rank for rank in range(7, -1, -1))
EMPTY_RUNS = tuple((EMPTY * n, str(n)) for n in range(8, 0, -1))
STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

_SAN = re.compile(
    r"^(?:(?P<castle>[O0o]-[O0o](?:-[O0o])?)"
    r"|(?P<piece>[NBRQK]|P?)(?P<from_file>[a-h])?(?P<from_rank>[1-8])?(?P<capture>[x:])?"
    r"(?P<to>[a-h][1-8])(?:=?(?P<promotion>[NBRQ])|\((?P<paren>[NBRQ])\))?(?:e\.?p\.?)?)"
    r"[+#]{0,2}$"
)


class IllegalMove(ValueError):
    """A SAN that names no legal move in the position; the message says why."""


NAMES: dict[int, str] = {
    21 + file + 10 * rank: f"{FILES[file]}{rank + 1}" for file in range(8) for rank in range(8)
}
SQUARES: dict[str, int] = {name: index for index, name in NAMES.items()}
ON_BOARD = tuple(sorted(NAMES))


def square(name: str) -> int:
    """The mailbox index of ``e4`` and the like."""
    return SQUARES[name]


def square_name(index: int) -> str:
    return NAMES[index]


class ParsedSan(NamedTuple):
    """A SAN's parts, read once per spelling (a game file repeats a few hundred)."""

    castle: int  # 0: no castling; 1: O-O; 2: O-O-O
    letter: str  # "" for a pawn
    from_file: int  # -1 when not given
    from_rank: int
    target: int
    promotion: str


PARSED_CACHE: dict[str, ParsedSan | None] = {}
_KEEP = 20_000  # distinct spellings kept; a file of damage cannot grow it further


def read_spelling(san: str) -> ParsedSan | None:
    found = PARSED_CACHE.get(san, False)
    if found is not False:
        return found  # type: ignore[return-value]
    match = _SAN.match(san)
    parsed = None
    if match is not None:
        castle, letter, file, rank, _, to, promotion, paren = match.groups("")
        if castle:
            parsed = ParsedSan(castle.count("-"), "", -1, -1, 0, "")
        else:
            parsed = ParsedSan(
                0,
                letter if letter != "P" else "",
                FILES.index(file) if file else -1,
                int(rank) - 1 if rank else -1,
                SQUARES[to],
                promotion or paren,
            )
    if len(PARSED_CACHE) >= _KEEP:
        PARSED_CACHE.clear()
    PARSED_CACHE[san] = parsed
    return parsed


class Move(NamedTuple):
    """A move as the board applies it (mailbox squares)."""

    origin: int
    target: int
    promotion: str = ""  # upper-case piece letter
    castle_rook: int = 0  # the rook's square when castling
    en_passant: bool = False

    @property
    def uci(self) -> str:
        """``e2e4``, ``e7e8q``; castling as the king's move."""
        return NAMES[self.origin] + NAMES[self.target] + self.promotion.lower()

    def steps(self, white: bool) -> str:
        """What the move does to the board, for a viewer without chess rules: the piece's
        from and to squares, then the rook's when castling, the square a pawn taken en
        passant leaves, or the piece a pawn becomes (``e7e8Q``, ``e1g1h1f1``, ``e5d6d5``)."""
        text = NAMES[self.origin] + NAMES[self.target]
        if self.castle_rook:
            rook_to = self.target + (1 if self.castle_rook < self.origin else -1)
            return text + NAMES[self.castle_rook] + NAMES[rook_to]
        if self.en_passant:
            return text + NAMES[self.target + (SOUTH if white else NORTH)]
        if self.promotion:
            return text + (self.promotion if white else self.promotion.lower())
        return text


def disambiguation(origin: int, rivals: list[int]) -> str:
    """What SAN adds after the piece letter when ``rivals`` reach the same square too:
    the file if it tells them apart, else the rank, else both (PGN standard 8.2.3.4)."""
    if not rivals:
        return ""
    name = NAMES[origin]
    if all(NAMES[other][0] != name[0] for other in rivals):
        return name[0]
    if all(NAMES[other][1] != name[1] for other in rivals):
        return name[1]
    return name
