"""Chess positions and moves in Standard Algebraic Notation, replayed in pure Python.

python-chess is GPL-3.0 and trfsite is MIT, so the replay is our own: a 10x12
mailbox board (the border squares make every step off the board a lookup of a
sentinel), SAN read with disambiguation, castling (Chess960 too, by the rook's
file), en passant and promotion, and the check and mate signs worked out.

A game's moves are trusted as little as any input: a SAN that names no legal
move raises ``IllegalMove`` with the reason, and the caller stops the game there.
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

FILES = "abcdefgh"
# The unit step from one square to another on the same rank, file or diagonal (when
# they are), by their difference; a scan along it meets the board's edge otherwise.
_LINE_STEP: dict[int, int] = {
    sign * step * count: sign * step
    for step in (1, 9, 10, 11)
    for count in range(1, 8)
    for sign in (1, -1)
}
_KNIGHT_DELTAS = frozenset(KNIGHT_STEPS)
_RANK_STARTS = tuple(21 + 10 * rank for rank in range(7, -1, -1))
_EMPTY_RUNS = tuple((EMPTY * n, str(n)) for n in range(8, 0, -1))
STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

_SAN = re.compile(
    r"^(?:(?P<castle>[O0]-[O0](?:-[O0])?)"
    r"|(?P<piece>[NBRQK])?(?P<from_file>[a-h])?(?P<from_rank>[1-8])?(?P<capture>[x:])?"
    r"(?P<to>[a-h][1-8])(?:=?(?P<promotion>[NBRQ]))?(?:e\.?p\.?)?)"
    r"(?P<suffix>[+#]{0,2})$"
)


class IllegalMove(ValueError):
    """A SAN that names no legal move in the position; the message says why."""


_NAMES: dict[int, str] = {
    21 + file + 10 * rank: f"{FILES[file]}{rank + 1}" for file in range(8) for rank in range(8)
}
_SQUARES: dict[str, int] = {name: index for index, name in _NAMES.items()}


def square(name: str) -> int:
    """The mailbox index of ``e4`` and the like."""
    return _SQUARES[name]


def square_name(index: int) -> str:
    return _NAMES[index]


def _on_board(index: int) -> bool:
    return 21 <= index <= 98 and 0 <= (index - 21) % 10 <= 7


class Move(NamedTuple):
    """A move as the board applies it (mailbox squares)."""

    origin: int
    target: int
    promotion: str = ""  # upper-case piece letter
    castle_rook: int = 0  # the rook's square when castling
    en_passant: bool = False

    @property
    def uci(self) -> str:
        """``e2e4``, ``e7e8q``; castling as the king's two-square move."""
        return square_name(self.origin) + square_name(self.target) + self.promotion.lower()

    def steps(self, white: bool) -> str:
        """What the move does to the board, for a viewer without chess rules: the piece's
        from and to squares, then the rook's when castling, the square a pawn taken en
        passant leaves, or the piece a pawn becomes (``e7e8Q``, ``e1g1h1f1``, ``e5d6d5``)."""
        text = _NAMES[self.origin] + _NAMES[self.target]
        if self.castle_rook:
            rook_to = self.target + (1 if self.castle_rook < self.origin else -1)
            text += _NAMES[self.castle_rook] + _NAMES[rook_to]
        elif self.en_passant:
            text += _NAMES[self.target + (SOUTH if white else NORTH)]
        elif self.promotion:
            text += self.promotion if white else self.promotion.lower()
        return text


class Position:
    """A chess position that can play SAN moves; mutable, copied with ``copy()``."""

    __slots__ = (
        "board", "white", "castling", "ep", "halfmove", "fullmove", "chess960", "checked"
    )  # fmt: skip

    def __init__(self) -> None:
        self.board: list[str] = [OFF] * 120
        self.white = True
        # The rooks that may still castle: their squares (a1/h1/a8/h8 in standard chess).
        self.castling: set[int] = set()
        self.ep = 0  # the square a pawn may capture onto en passant, or 0
        self.halfmove = 0
        self.fullmove = 1
        self.chess960 = False
        # Whether the side to move is in check, once known (``push`` works it out).
        self.checked: bool | None = None

    @classmethod
    def from_fen(cls, fen: str = STANDARD_START, chess960: bool = False) -> Position:
        """The position a FEN describes; ValueError names what is wrong with it."""
        fields = fen.split()
        if len(fields) < 4:
            raise ValueError(f"FEN {fen!r} has {len(fields)} fields; expected 4 to 6")
        position = cls()
        position.chess960 = chess960
        ranks = fields[0].split("/")
        if len(ranks) != 8:
            raise ValueError(f"FEN placement {fields[0]!r} has {len(ranks)} ranks; expected 8")
        for row, text in enumerate(ranks):
            rank = 7 - row
            file = 0
            for char in text:
                if char.isdigit():
                    file += int(char)
                elif char in WHITE_PIECES or char in BLACK_PIECES:
                    if file > 7:
                        raise ValueError(f"FEN rank {text!r} covers more than 8 files")
                    position.board[21 + file + 10 * rank] = char
                    file += 1
                else:
                    raise ValueError(f"FEN placement has {char!r}; expected a piece or digit")
            if file != 8:
                raise ValueError(f"FEN rank {text!r} covers {file} files; expected 8")
        for index in range(21, 99):
            if _on_board(index) and position.board[index] == OFF:
                position.board[index] = EMPTY
        if fields[1] not in ("w", "b"):
            raise ValueError(f"FEN side to move {fields[1]!r}; expected 'w' or 'b'")
        position.white = fields[1] == "w"
        position.castling = position._castling_rooks(fields[2])
        position.ep = square(fields[3]) if re.fullmatch(r"[a-h][36]", fields[3]) else 0
        if len(fields) > 4 and fields[4].isdigit():
            position.halfmove = int(fields[4])
        if len(fields) > 5 and fields[5].isdigit():
            position.fullmove = max(1, int(fields[5]))
        return position

    def _castling_rooks(self, text: str) -> set[int]:
        rooks: set[int] = set()
        if text == "-":
            return rooks
        for char in text:
            white = char.isupper()
            rank_base = 21 if white else 91
            rook = "R" if white else "r"
            king = self._king(white)
            lower = char.lower()
            if lower in ("k", "q"):
                # The outermost rook on that side of the king (X-FEN's reading for 960).
                files = range(7, -1, -1) if lower == "k" else range(8)
                for file in files:
                    if self.board[rank_base + file] == rook and (
                        king == 0
                        or (file > (king - rank_base) if lower == "k" else file < king - rank_base)
                    ):
                        rooks.add(rank_base + file)
                        break
            elif lower in FILES and self.board[rank_base + FILES.index(lower)] == rook:
                rooks.add(rank_base + FILES.index(lower))  # Shredder-FEN names the file
        return rooks

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.board = self.board[:]
        other.white = self.white
        other.castling = set(self.castling)
        other.ep = self.ep
        other.halfmove = self.halfmove
        other.fullmove = self.fullmove
        other.chess960 = self.chess960
        other.checked = self.checked
        return other

    # -- what the board shows -------------------------------------------------------

    def placement(self) -> str:
        """FEN's first field: the pieces, rank 8 first."""
        board = self.board
        text = "/".join("".join(board[base : base + 8]) for base in _RANK_STARTS)
        for run, digit in _EMPTY_RUNS:
            text = text.replace(run, digit)
        return text

    def fen(self) -> str:
        rights = ""
        for white in (True, False):
            rooks = sorted(r for r in self.castling if (r < 30) == white)
            king = self._king(white)
            for rook in reversed(rooks):
                letter = "k" if rook > king else "q"
                if self.chess960:
                    letter = FILES[(rook - 21) % 10]
                rights += letter.upper() if white else letter
        ep = square_name(self.ep) if self.ep and self._ep_capturable() else "-"
        side = "w" if self.white else "b"
        return f"{self.placement()} {side} {rights or '-'} {ep} {self.halfmove} {self.fullmove}"

    def _ep_capturable(self) -> bool:
        pawn, back = ("P", SOUTH) if self.white else ("p", NORTH)
        return any(self.board[self.ep + back + side] == pawn for side in (EAST, WEST))

    def _king(self, white: bool) -> int:
        king = "K" if white else "k"
        try:
            return self.board.index(king)
        except ValueError:
            return 0

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
        for step in KNIGHT_STEPS:
            if board[target + step] == knight:
                return True
        for step in KING_STEPS:
            if board[target + step] == king:
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
            king = self._king(self.white)
            self.checked = bool(king) and self.attacked(king, not self.white)
        return self.checked

    def _slider_beyond(self, king: int, through: int, white: bool) -> bool:
        """Whether, seen from ``king`` past ``through``, the first piece is a slider of
        that side moving along the line (what pins ``through``, or checks once it left)."""
        step = _LINE_STEP.get(through - king)
        if step is None:
            return False
        board = self.board
        index = king + step
        while board[index] == EMPTY or index == through:
            index += step
        piece = board[index]
        if piece == OFF or (piece in WHITE_PIECES) != white:
            return False
        kind = piece.upper()
        return kind == "Q" or kind == ("R" if step in ROOK_STEPS else "B")

    def _gives_check(self, move: Move) -> bool:
        """After ``move`` was played: whether it checks the king now to move."""
        board = self.board
        king = self._king(self.white)
        if not king:
            return False
        mover = not self.white
        landed = move.target + (1 if move.castle_rook < move.origin else -1) if (
            move.castle_rook) else move.target  # fmt: skip
        kind = board[landed].upper()
        delta = king - landed
        if kind == "N":
            if delta in _KNIGHT_DELTAS:
                return True
        elif kind == "P":
            if delta in ((9, 11) if mover else (-9, -11)):
                return True
        elif kind != "K":
            step = _LINE_STEP.get(delta)
            if step is not None and (kind == "Q" or kind == ("R" if step in ROOK_STEPS else "B")):
                index = landed + step
                while board[index] == EMPTY:
                    index += step
                if index == king:
                    return True
        vacated = [move.origin]
        if move.en_passant:
            vacated.append(move.target + (SOUTH if mover else NORTH))
        if move.castle_rook:
            vacated.append(move.castle_rook)
        return any(
            board[square] == EMPTY and self._slider_beyond(king, square, mover)
            for square in vacated
        )

    # -- moves ------------------------------------------------------------------------

    def _own(self, piece: str) -> bool:
        return piece in WHITE_PIECES if self.white else piece in BLACK_PIECES

    def _enemy(self, piece: str) -> bool:
        return piece in BLACK_PIECES if self.white else piece in WHITE_PIECES

    def _sources(self, letter: str, target: int) -> list[int]:
        """Squares of the mover's pieces of that kind that reach ``target`` (not pawns)."""
        board = self.board
        piece = letter if self.white else letter.lower()
        found = []
        if letter == "N":
            for step in KNIGHT_STEPS:
                if board[target + step] == piece:
                    found.append(target + step)
        elif letter == "K":
            for step in KING_STEPS:
                if board[target + step] == piece:
                    found.append(target + step)
        else:
            steps = ROOK_STEPS if letter == "R" else BISHOP_STEPS if letter == "B" else KING_STEPS
            for step in steps:
                index = target + step
                while board[index] == EMPTY:
                    index += step
                if board[index] == piece:
                    found.append(index)
        return found

    def _leaves_king_safe(self, move: Move) -> bool:
        checked = self.checked
        undo = self._play(move)
        safe = True
        king = self._king(not self.white)  # the side that just moved
        if king and self.attacked(king, self.white):
            safe = False
        self._unplay(undo)
        self.checked = checked
        return safe

    def parse_san(self, san: str) -> Move:
        """The move ``san`` names here; IllegalMove says why there is none."""
        match = _SAN.match(san)
        if match is None:
            raise IllegalMove(f"{san!r} is not a move in standard algebraic notation")
        castle, letter, from_file, from_rank, _, to, promotion, _ = match.groups("")
        if castle:
            return self._castle(san, long=castle.count("-") == 2)
        target = _SQUARES[to]
        board = self.board
        if self._own(board[target]):
            raise IllegalMove(f"{san!r}: {to} holds a piece of the side to move")
        if not letter:
            return self._pawn_move(san, target, from_file, from_rank, promotion)
        if promotion:
            raise IllegalMove(f"{san!r}: only a pawn can promote")
        sources = [
            origin
            for origin in self._sources(letter, target)
            if (not from_file or FILES[(origin - 21) % 10] == from_file)
            and (not from_rank or str((origin - 21) // 10 + 1) == from_rank)
        ]
        if letter == "K" and not sources:
            castling = self._king_castles_onto(target)
            if castling is not None:
                return castling
        return self._one_legal(san, [Move(origin, target) for origin in sources])

    def _one_legal(self, san: str, moves: list[Move]) -> Move:
        if len(moves) == 1 and not self._may_be_pinned(moves[0]):
            return moves[0]
        legal = [move for move in moves if self._leaves_king_safe(move)]
        if len(legal) == 1:
            return legal[0]
        side = "White" if self.white else "Black"
        if not legal:
            reason = "no piece can make it" if not moves else "it leaves the king in check"
            raise IllegalMove(f"{san!r} is not a legal move for {side}: {reason}")
        raise IllegalMove(f"{san!r} is ambiguous: {len(legal)} pieces of {side} can make it")

    def _may_be_pinned(self, move: Move) -> bool:
        """Whether the move could expose the king: a king move, a check, or a pin.

        Most moves are none of these, and then playing them to test the king is skipped.
        """
        king = self._king(self.white)
        if not king or move.origin == king or move.en_passant or self.in_check():
            return True
        return self._slider_beyond(king, move.origin, not self.white) and (
            _LINE_STEP.get(move.target - king) != _LINE_STEP.get(move.origin - king)
            or not self._before_along(king, move.origin, move.target)
        )

    def _before_along(self, king: int, origin: int, target: int) -> bool:
        """Whether ``target`` lies on the ray from the king through ``origin`` (the pin
        line), so that moving there keeps the king covered."""
        step = _LINE_STEP[origin - king]
        index = king + step
        while self.board[index] != OFF:
            if index == target:
                return True
            index += step
        return False

    def _pawn_move(
        self, san: str, target: int, from_file: str | None, from_rank: str | None, promotion: str
    ) -> Move:
        board = self.board
        forward = NORTH if self.white else SOUTH
        pawn = "P" if self.white else "p"
        last_rank = 7 if self.white else 0
        target_rank = (target - 21) // 10
        if (target_rank == last_rank) != bool(promotion):
            wanted = (
                "names no promotion piece" if not promotion else "promotes before the last rank"
            )
            raise IllegalMove(f"{san!r}: a pawn move that {wanted}")
        candidates: list[Move] = []
        if from_file and FILES[(target - 21) % 10] != from_file:
            origin = 21 + FILES.index(from_file) + 10 * (target_rank) - forward
            if abs((origin + forward) - target) != 1 or board[origin] != pawn:
                raise IllegalMove(f"{san!r}: no pawn of the side to move can capture there")
            if self._enemy(board[target]):
                candidates.append(Move(origin, target, promotion))
            elif target == self.ep and board[target] == EMPTY:
                candidates.append(Move(origin, target, promotion, en_passant=True))
            else:
                raise IllegalMove(f"{san!r}: a pawn capture onto an empty square")
        else:
            if board[target] != EMPTY:
                raise IllegalMove(f"{san!r}: a pawn cannot move straight onto a piece")
            one = target - forward
            start_rank = 1 if self.white else 6
            if board[one] == pawn:
                candidates.append(Move(one, target, promotion))
            elif (
                board[one] == EMPTY
                and board[one - forward] == pawn
                and (one - forward - 21) // 10 == start_rank
            ):
                candidates.append(Move(one - forward, target, promotion))
        if from_rank:
            candidates = [m for m in candidates if str((m.origin - 21) // 10 + 1) == from_rank]
        return self._one_legal(san, candidates)

    def _castle(self, san: str, long: bool) -> Move:
        king = self._king(self.white)
        rooks = [r for r in self.castling if (r < 30) == self.white]
        rooks = [r for r in rooks if (r < king) == long]
        side = "White" if self.white else "Black"
        if not king or not rooks:
            raise IllegalMove(f"{san!r}: {side} may no longer castle on that side")
        move = Move(king, self._castle_king_target(long), castle_rook=rooks[0])
        reason = self._castle_blocked(move)
        if reason:
            raise IllegalMove(f"{san!r} is not legal for {side}: {reason}")
        return move

    def _castle_king_target(self, long: bool) -> int:
        base = 21 if self.white else 91
        return base + (2 if long else 6)

    def _king_castles_onto(self, target: int) -> Move | None:
        """``Kg1`` (or, in Chess960, the king onto its own rook) written for castling."""
        king = self._king(self.white)
        for rook in self.castling:
            if (rook < 30) != self.white:
                continue
            long = rook < king
            if target in (rook, self._castle_king_target(long)) and abs(target - king) > 1:
                move = Move(king, self._castle_king_target(long), castle_rook=rook)
                return move if not self._castle_blocked(move) else None
        return None

    def _castle_blocked(self, move: Move) -> str:
        board = self.board
        king, rook = move.origin, move.castle_rook
        king_to = move.target
        rook_to = king_to + (1 if rook < king else -1)
        span = range(min(king, rook, king_to, rook_to), max(king, rook, king_to, rook_to) + 1)
        for index in span:
            if index not in (king, rook) and board[index] != EMPTY:
                return f"{square_name(index)} is not empty"
        step = 1 if king_to > king else -1
        for index in range(king, king_to + step, step) if king != king_to else (king,):
            if self.attacked(index, not self.white):
                return f"the king would pass or stand on the attacked square {square_name(index)}"
        return ""

    # Playing a move and taking it back, for legality tests and for the game.
    def _play(self, move: Move) -> tuple[object, ...]:
        board = self.board
        moved = board[move.origin]
        captured = board[move.target]
        undo: tuple[object, ...]
        if move.castle_rook:
            rook = board[move.castle_rook]
            rook_to = move.target + (1 if move.castle_rook < move.origin else -1)
            undo = ("castle", move, moved, rook, self.castling.copy(), self.ep, self.white)
            board[move.origin] = EMPTY
            board[move.castle_rook] = EMPTY
            board[move.target] = moved
            board[rook_to] = rook
        else:
            ep_square = 0
            if move.en_passant:
                ep_square = move.target + (SOUTH if self.white else NORTH)
                captured_ep = board[ep_square]
                board[ep_square] = EMPTY
            else:
                captured_ep = EMPTY
            undo = ("move", move, moved, captured, ep_square, captured_ep, self.castling.copy(),
                    self.ep, self.white)  # fmt: skip
            board[move.origin] = EMPTY
            board[move.target] = (
                (move.promotion if self.white else move.promotion.lower())
                if move.promotion
                else moved
            )
        self.white = not self.white
        self.checked = None
        return undo

    def _unplay(self, undo: tuple[object, ...]) -> None:
        board = self.board
        if undo[0] == "castle":
            _, move, moved, rook, castling, ep, white = undo
            assert isinstance(move, Move)
            rook_to = move.target + (1 if move.castle_rook < move.origin else -1)
            board[move.target] = EMPTY
            board[rook_to] = EMPTY
            board[move.origin] = moved  # type: ignore[call-overload]
            board[move.castle_rook] = rook  # type: ignore[call-overload]
        else:
            _, move, moved, captured, ep_square, captured_ep, castling, ep, white = undo
            assert isinstance(move, Move)
            board[move.origin] = moved  # type: ignore[call-overload]
            board[move.target] = captured  # type: ignore[call-overload]
            if ep_square:
                board[ep_square] = captured_ep  # type: ignore[call-overload]
        self.castling = castling  # type: ignore[assignment]
        self.ep = ep  # type: ignore[assignment]
        self.white = white  # type: ignore[assignment]

    def push(self, move: Move) -> None:
        """Play a move the position accepted (from ``parse_san``)."""
        board = self.board
        moved = board[move.origin]
        pawn_move = moved in "Pp"
        capture = board[move.target] != EMPTY and not move.castle_rook
        white = self.white
        self._play(move)
        self.castling.discard(move.origin)
        self.castling.discard(move.target)
        if moved in "Kk":
            self.castling = {r for r in self.castling if (r < 30) != white}
        self.ep = 0
        if pawn_move and abs(move.target - move.origin) == 20:
            self.ep = (move.target + move.origin) // 2
        self.halfmove = 0 if pawn_move or capture or move.en_passant else self.halfmove + 1
        if not white:
            self.fullmove += 1
        self.checked = self._gives_check(move)

    def has_legal_move(self) -> bool:
        """Whether the side to move has any legal move (false: mate or stalemate)."""
        board = self.board
        for origin in range(21, 99):
            piece = board[origin]
            if not self._own(piece):
                continue
            for move in self._moves_from(origin, piece.upper()):
                if self._leaves_king_safe(move):
                    return True
        return False

    def _moves_from(self, origin: int, letter: str) -> list[Move]:
        board = self.board
        moves: list[Move] = []
        if letter == "P":
            forward = NORTH if self.white else SOUTH
            last = 7 if self.white else 0
            one = origin + forward
            promotions = ("Q", "N") if (one - 21) // 10 == last else ("",)
            if board[one] == EMPTY:
                moves += [Move(origin, one, p) for p in promotions]
                start = 1 if self.white else 6
                two = one + forward
                if (origin - 21) // 10 == start and board[two] == EMPTY:
                    moves.append(Move(origin, two))
            for side in (EAST, WEST):
                target = one + side
                if self._enemy(board[target]):
                    moves += [Move(origin, target, p) for p in promotions]
                elif target == self.ep and self.ep:
                    moves.append(Move(origin, target, en_passant=True))
            return moves
        if letter in "NK":
            for step in KNIGHT_STEPS if letter == "N" else KING_STEPS:
                target = origin + step
                if board[target] == EMPTY or self._enemy(board[target]):
                    moves.append(Move(origin, target))
            return moves
        lines = ROOK_STEPS if letter == "R" else BISHOP_STEPS if letter == "B" else KING_STEPS
        for step in lines:
            target = origin + step
            while board[target] == EMPTY:
                moves.append(Move(origin, target))
                target += step
            if self._enemy(board[target]):
                moves.append(Move(origin, target))
        return moves

    def san(self, move: Move) -> str:
        """The move in SAN as this position writes it, check and mate signs included."""
        board = self.board
        piece = board[move.origin].upper()
        if move.castle_rook:
            text = "O-O-O" if move.castle_rook < move.origin else "O-O"
        elif piece == "P":
            if (move.target - move.origin) % 10 != 0:
                text = f"{FILES[(move.origin - 21) % 10]}x{square_name(move.target)}"
            else:
                text = square_name(move.target)
            if move.promotion:
                text += "=" + move.promotion
        else:
            others = [
                origin
                for origin in self._sources(piece, move.target)
                if origin != move.origin and self._leaves_king_safe(Move(origin, move.target))
            ]
            hint = ""
            if others:
                file, rank = square_name(move.origin)[0], square_name(move.origin)[1]
                if all(square_name(o)[0] != file for o in others):
                    hint = file
                elif all(square_name(o)[1] != rank for o in others):
                    hint = rank
                else:
                    hint = file + rank
            capture = "x" if board[move.target] != EMPTY else ""
            text = f"{piece}{hint}{capture}{square_name(move.target)}"
        after = self.copy()
        after.push(move)
        if after.in_check():
            text += "+" if after.has_legal_move() else "#"
        return text
