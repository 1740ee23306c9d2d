"""Chess positions that play moves written in Standard Algebraic Notation, in pure Python.

python-chess is GPL-3.0 and trfsite is MIT, so the replay is our own: a 10x12
mailbox board (the border squares make every step off the board a lookup of a
sentinel), SAN read with disambiguation, castling (Chess960 too, by the rook's
file), en passant and promotion. A move read gives back its SAN as the PGN
standard writes it (``0-0`` becomes ``O-O``, ``Ng1f3`` becomes ``Nf3``), so that a
replay can show and export every game alike.

A game's moves are trusted as little as any input: a SAN that names no legal
move raises ``IllegalMove`` with the reason, and the caller stops the game there.
Legality is tested by playing a move only where it could expose the king (a king
move, a check, en passant, a piece on a line with its king and an enemy slider
beyond); a game of 80 plies has a handful of those. Generating moves (mate, the
benchmark's random games) is in ``moves``.
"""

from __future__ import annotations

from trfsite.formats.pgn.castling import castling_move, king_castles_onto
from trfsite.formats.pgn.fen import read_fen, write_fen
from trfsite.formats.pgn.squares import (
    ALONG,
    BISHOP_STEPS,
    BLACK_OF,
    EMPTY,
    EMPTY_RUNS,
    FILES,
    KING_DELTAS,
    KNIGHT_DELTAS,
    KNIGHT_STEPS,
    LINE_STEP,
    NAMES,
    NORTH,
    OFF,
    PARSED_CACHE,
    RANK_STARTS,
    ROOK_STEPS,
    SLIDERS_ALONG,
    SLIDES,
    SOUTH,
    STANDARD_START,
    WHITE_PIECES,
    IllegalMove,
    Move,
    disambiguation,
    read_spelling,
)

__all__ = ["STANDARD_START", "IllegalMove", "Move", "Position"]

# ``Move``'s fields given whole, without the keyword handling of its constructor: the
# board makes one per move read (160,000 an event of 2,000 games, issue 42's budget).
_plain_move = tuple.__new__
# Dictionary lookups of every move, bound once: Python 3.11 compiles ``LINE_STEP.get(x)``
# on a name imported from a module as an attribute load that makes a bound method on
# each call (it takes such names for modules); a bound method called by name makes none.
_line_step = LINE_STEP.get
_parsed = PARSED_CACHE.get


class Position:
    """A chess position that plays SAN moves; mutable, copied with ``copy()``."""

    __slots__ = (
        "board", "white", "castling", "ep", "halfmove", "fullmove", "chess960", "checked",
        "kings",
    )  # fmt: skip

    def __init__(self) -> None:
        self.board: list[str] = [OFF] * 120
        self.white = True
        # The rooks that may still castle: their squares (a1/h1/a8/h8 in standard chess).
        self.castling: frozenset[int] = frozenset()
        self.ep = 0  # the square a pawn may capture onto en passant, or 0
        self.halfmove = 0
        self.fullmove = 1
        self.chess960 = False
        # Whether the side to move is in check, once known (``push`` works it out).
        self.checked: bool | None = None
        self.kings = [0, 0]  # White's and Black's king squares (0: none on the board)

    @classmethod
    def from_fen(cls, fen: str = STANDARD_START, chess960: bool = False) -> Position:
        """The position a FEN describes; ValueError names what is wrong with it."""
        position = cls()
        position.chess960 = chess960
        read_fen(position, fen)
        position.in_check()
        return position

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.board = self.board[:]
        other.white = self.white
        other.castling = self.castling
        other.ep = self.ep
        other.halfmove = self.halfmove
        other.fullmove = self.fullmove
        other.chess960 = self.chess960
        other.checked = self.checked
        other.kings = self.kings[:]
        return other

    # -- what the board shows -------------------------------------------------------

    def placement(self) -> str:
        """FEN's first field: the pieces, rank 8 first."""
        board = self.board
        text = "/".join("".join(board[base : base + 8]) for base in RANK_STARTS)
        for run, digit in EMPTY_RUNS:
            text = text.replace(run, digit)
        return text

    def fen(self) -> str:
        return write_fen(self)

    # -- attacks ----------------------------------------------------------------------

    def attacked(self, target: int, by_white: bool) -> bool:
        """Whether a piece of that side attacks ``target``."""
        board = self.board
        if by_white:
            pawn, knight, bishop, rook, queen, king = "PNBRQK"
            if board[target - 9] == pawn or board[target - 11] == pawn:
                return True
        else:
            pawn, knight, bishop, rook, queen, king = "pnbrqk"
            if board[target + 9] == pawn or board[target + 11] == pawn:
                return True
        # The eight squares a knight, then a king, attacks from: one membership test of
        # a tuple each, not a loop of eight (a king's every move is tested here).
        if knight in (
            board[target + 21],
            board[target + 19],
            board[target + 12],
            board[target + 8],
            board[target - 8],
            board[target - 12],
            board[target - 19],
            board[target - 21],
        ) or king in (
            board[target + 11],
            board[target + 10],
            board[target + 9],
            board[target + 1],
            board[target - 1],
            board[target - 9],
            board[target - 10],
            board[target - 11],
        ):
            return True
        for step in ROOK_STEPS:
            index = target + step
            while board[index] == EMPTY:
                index += step
            if board[index] == rook or board[index] == queen:
                return True
        for step in BISHOP_STEPS:
            index = target + step
            while board[index] == EMPTY:
                index += step
            if board[index] == bishop or board[index] == queen:
                return True
        return False

    def in_check(self) -> bool:
        """Whether the side to move is in check."""
        if self.checked is None:
            self.checked = self.attacked(self.kings[0 if self.white else 1], not self.white)
        return self.checked

    def _slider_beyond(self, king: int, through: int, white: bool) -> bool:
        """Whether, seen from ``king`` past ``through``, the first piece is a slider of
        that side moving along the line (what pins ``through``, or checks once it left)."""
        step = _line_step(through - king)
        if step is None:
            return False
        board = self.board
        index = king + step
        while board[index] == EMPTY or index == through:
            index += step
        return board[index] in SLIDERS_ALONG[white][step]

    # -- reading moves ----------------------------------------------------------------

    def sources(self, letter: str, target: int) -> list[int]:
        """Squares of the mover's pieces of that kind (not pawns) that reach ``target``."""
        board = self.board
        if letter == "K":  # the one king, known: no look around the target
            king = self.kings[0 if self.white else 1]
            return [king] if target - king in KING_DELTAS else []
        piece = letter if self.white else BLACK_OF[letter]
        found = []
        if letter == "N":
            # A loop, not a comprehension: Python 3.11 makes a function of each one.
            for step in KNIGHT_STEPS:
                if board[target + step] == piece:
                    found.append(target + step)
            return found
        for step in SLIDES[letter]:
            index = target + step
            while board[index] == EMPTY:
                index += step
            if board[index] == piece:
                found.append(index)
        return found

    def leaves_king_safe(self, move: Move) -> bool:
        """Whether ``move`` (castling aside) leaves the mover's king unattacked."""
        board = self.board
        origin, target = move.origin, move.target
        moved, captured = board[origin], board[target]
        taken_at = 0
        if move.en_passant:
            taken_at = target + (SOUTH if self.white else NORTH)
            taken = board[taken_at]
            board[taken_at] = EMPTY
        board[origin] = EMPTY
        board[target] = moved
        king = target if moved == "K" or moved == "k" else self.kings[0 if self.white else 1]
        safe = not self.attacked(king, not self.white)
        board[origin] = moved
        board[target] = captured
        if taken_at:
            board[taken_at] = taken
        return safe

    def parse_san(self, san: str) -> Move:
        """The move ``san`` names here; IllegalMove says why there is none."""
        return self.read_san(san)[0]

    def read_san(self, san: str) -> tuple[Move, str]:
        """The move ``san`` names here, and its SAN as the standard writes it (without
        the check or mate sign, which only the position after it tells).

        A piece move that one piece alone can make, while the king is not in check, is
        legal unless the piece stands pinned and leaves the pin's line: that is tested
        here in line (most of a game's moves), everything else by playing the move.
        """
        parsed = _parsed(san) or read_spelling(san)
        if parsed is None:
            raise IllegalMove(f"{san!r} is not a move in standard algebraic notation")
        castle, letter, file, rank, target, promotion = parsed
        if castle:
            long = castle == 2
            return castling_move(self, san, long), "O-O-O" if long else "O-O"
        board = self.board
        white = self.white
        occupant = board[target]
        if occupant != EMPTY and (occupant in WHITE_PIECES) == white:
            if letter == "K" and self.castling:
                castling = king_castles_onto(self, target)  # Chess960: the king onto its rook
                if castling is not None:
                    return castling, "O-O-O" if castling.castle_rook < castling.origin else "O-O"
            raise IllegalMove(f"{san!r}: {NAMES[target]} holds a piece of the side to move")
        if not letter:
            return self._pawn_move(san, file, rank, target, promotion)
        if promotion:
            raise IllegalMove(f"{san!r}: only a pawn can promote")
        found = self.sources(letter, target)
        candidates = found
        if file >= 0 or rank >= 0:
            candidates = [
                origin
                for origin in found
                if (file < 0 or (origin - 21) % 10 == file)
                and (rank < 0 or (origin - 21) // 10 == rank)
            ]
        king = self.kings[0 if white else 1]
        move = None
        if len(candidates) == 1:
            origin = candidates[0]
            if origin == king:  # the king's own move: safe unless it steps into an attack
                stepped = _plain_move(Move, (origin, target, "", 0, False))
                if self.leaves_king_safe(stepped):
                    move = stepped
            elif self.checked is False and (
                (origin - king) not in LINE_STEP  # off the king's lines: no pin (most moves)
                or self._pin_kept(king, origin, target)
            ):
                move = _plain_move(Move, (origin, target, "", 0, False))
        if move is None:
            if letter == "K" and not candidates and self.castling:
                castling = king_castles_onto(self, target)
                if castling is not None:
                    return castling, "O-O-O" if castling.castle_rook < castling.origin else "O-O"
            move = self._one_legal(san, [Move(origin, target) for origin in candidates])
        capture = "x" if occupant != EMPTY else ""
        if len(found) == 1:
            return move, f"{letter}{capture}{NAMES[target]}"
        # Another piece that reaches the target counts when its move is legal: out of
        # check, when it is not pinned off the line (the test above); in check, played.
        rivals = []
        for origin in found:
            if origin == move.origin:
                continue
            if self.checked is False:
                if (origin - king) not in LINE_STEP or self._pin_kept(king, origin, target):
                    rivals.append(origin)
            elif self.leaves_king_safe(_plain_move(Move, (origin, target, "", 0, False))):
                rivals.append(origin)
        hint = disambiguation(move.origin, rivals)
        return move, f"{letter}{hint}{capture}{NAMES[target]}"

    def _one_legal(self, san: str, moves: list[Move]) -> Move:
        if len(moves) == 1 and not self._may_expose_king(moves[0]):
            return moves[0]
        legal = [move for move in moves if self.leaves_king_safe(move)]
        if len(legal) == 1:
            return legal[0]
        side = "White" if self.white else "Black"
        if not legal:
            reason = "no piece can make it" if not moves else "it leaves the king in check"
            raise IllegalMove(f"{san!r} is not a legal move for {side}: {reason}")
        raise IllegalMove(f"{san!r} is ambiguous: {len(legal)} pieces of {side} can make it")

    def _may_expose_king(self, move: Move) -> bool:
        """Whether the move could expose the king: a king move, a check, en passant, or a
        piece pinned and leaving its line. Most moves are none of these."""
        king = self.kings[0 if self.white else 1]
        origin = move.origin
        if origin == king or move.en_passant or self.in_check():
            return True
        return not self._pin_kept(king, origin, move.target)

    def _pin_kept(self, king: int, origin: int, target: int) -> bool:
        """Whether moving the piece on ``origin`` (not the king) to ``target`` keeps the
        king as safe as it was: the piece is off every line through the king, or not
        pinned, or moves along its pin (a king not in check then stays out of it)."""
        line = _line_step(origin - king)
        if line is None:
            return True
        # ``_slider_beyond`` in line, with the line already known (half of a game's moves
        # come here: a piece on a line with its king).
        board = self.board
        index = king + line
        while board[index] == EMPTY or index == origin:
            index += line
        if board[index] not in SLIDERS_ALONG[not self.white][line]:
            return True
        return _line_step(target - king) == line and self._on_ray(king, line, target)

    def _on_ray(self, king: int, step: int, target: int) -> bool:
        """Whether ``target`` lies on the ray from the king along ``step`` (the pin line)."""
        index = king + step
        while self.board[index] != OFF:
            if index == target:
                return True
            index += step
        return False

    def _pawn_move(
        self, san: str, file: int, from_rank: int, target: int, promotion: str
    ) -> tuple[Move, str]:
        """A pawn's move; ``file`` and ``from_rank`` as written (-1: not given), the
        parts ``read_san`` unpacked (a NamedTuple's fields cost a lookup each)."""
        board = self.board
        forward = NORTH if self.white else SOUTH
        pawn = "P" if self.white else "p"
        target_rank = (target - 21) // 10
        if (target_rank == (7 if self.white else 0)) != bool(promotion):
            wanted = "promotes before the last rank" if promotion else "names no promotion piece"
            raise IllegalMove(f"{san!r}: a pawn move that {wanted}")
        suffix = "=" + promotion if promotion else ""
        if file >= 0 and (target - 21) % 10 != file:
            origin = 21 + file + 10 * target_rank - forward
            if abs(origin + forward - target) != 1 or board[origin] != pawn:
                raise IllegalMove(f"{san!r}: no pawn of the side to move can capture there")
            if board[target] != EMPTY:
                move = _plain_move(Move, (origin, target, promotion, 0, False))
            elif target == self.ep:
                move = Move(origin, target, promotion, en_passant=True)
            else:
                raise IllegalMove(f"{san!r}: a pawn capture onto an empty square")
            text = f"{FILES[file]}x{NAMES[target]}{suffix}"
        else:
            if board[target] != EMPTY:
                raise IllegalMove(f"{san!r}: a pawn cannot move straight onto a piece")
            one = target - forward
            if board[one] == pawn:
                move = _plain_move(Move, (one, target, promotion, 0, False))
            elif (
                board[one] == EMPTY
                and board[one - forward] == pawn
                and target_rank == (3 if self.white else 4)
            ):
                move = _plain_move(Move, (one - forward, target, promotion, 0, False))
            else:
                side = "White" if self.white else "Black"
                raise IllegalMove(f"{san!r} is not a legal move for {side}: no piece can make it")
            text = NAMES[target] + suffix
        if from_rank >= 0 and (move.origin - 21) // 10 != from_rank:
            raise IllegalMove(f"{san!r}: no pawn of the side to move stands on that rank")
        if self.checked is False and not move.en_passant:  # en passant empties two squares
            king = self.kings[0 if self.white else 1]
            origin = move.origin
            # Off the king's lines no pawn is pinned (most pawn moves): told without a call.
            if (origin - king) not in LINE_STEP or self._pin_kept(king, origin, target):
                return move, text
        return self._one_legal(san, [move]), text

    # -- playing moves ----------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play a move the position accepted (from ``read_san`` or ``moves``)."""
        board = self.board
        origin, target, promotion, rook_square, en_passant = move  # one unpacking
        moved = board[origin]
        white = self.white
        side = 0 if white else 1
        landed = target
        if rook_square:
            rook = board[rook_square]
            landed = target + (1 if rook_square < origin else -1)
            board[origin] = board[rook_square] = EMPTY
            board[target], board[landed] = moved, rook
            reset = False
        else:
            reset = moved == "P" or moved == "p" or board[target] != EMPTY
            if en_passant:
                board[target + (SOUTH if white else NORTH)] = EMPTY
            board[origin] = EMPTY
            board[target] = moved if not promotion else promotion if white else promotion.lower()
        castling = self.castling
        if moved == "K" or moved == "k":
            self.kings[side] = target
            if castling:
                castling = self.castling = frozenset(r for r in castling if (r < 30) != white)
        if castling and (origin in castling or target in castling):
            self.castling = castling - {origin, target}
        self.ep = (origin + target) // 2 if reset and abs(target - origin) == 20 and (
            moved in "Pp") else 0  # fmt: skip
        self.halfmove = 0 if reset else self.halfmove + 1
        if not white:
            self.fullmove += 1
        self.white = not white
        # Whether the move checks the king now to move, by the piece itself or by a
        # line it opened (told here, in line: this runs on every move played). A line
        # the move opened checks when, seen from the king, its first piece is a slider
        # of the mover along it: the emptied square is passed like any empty one.
        king = self.kings[1 - side]
        piece = board[landed]
        delta = king - landed
        step = _line_step(delta)
        if step is None:
            if delta in KNIGHT_DELTAS and (piece == "N" or piece == "n"):
                self.checked = True
                return
        elif piece in ALONG[step]:
            index = landed + step
            while board[index] == EMPTY:
                index += step
            if index == king:
                self.checked = True
                return
        elif piece == "P":
            if delta == 9 or delta == 11:
                self.checked = True
                return
        elif piece == "p" and (delta == -9 or delta == -11):
            self.checked = True
            return
        line = _line_step(origin - king)
        if line is not None and board[origin] == EMPTY:
            index = king + line
            while board[index] == EMPTY:
                index += line
            if board[index] in SLIDERS_ALONG[white][line]:
                self.checked = True
                return
        if en_passant:  # the pawn taken leaves its square too
            self.checked = self._slider_beyond(king, target + (SOUTH if white else NORTH), white)
        elif rook_square and board[rook_square] == EMPTY:  # the rook's square
            self.checked = self._slider_beyond(king, rook_square, white)
        else:
            self.checked = False
