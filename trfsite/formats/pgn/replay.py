"""A game's main line replayed: every position once, at build time.

The board on a game page steps through these positions; the page embeds what each
move does to the board (``Move.steps``), so that the browser needs no chess rules of
its own, and the final position, which it shows without JavaScript.
"""

from __future__ import annotations

from dataclasses import dataclass

from trfsite.formats.pgn.board import STANDARD_START, IllegalMove, Position
from trfsite.formats.pgn.moves import has_legal_move
from trfsite.formats.pgn.reader import PgnGame
from trfsite.formats.pgn.squares import NAMES

_STANDARD = Position.from_fen(STANDARD_START)
_STANDARD_FEN = _STANDARD.fen()
_CHESS960 = frozenset({"chess960", "chess 960", "fischerandom", "fischer random", "960"})


@dataclass(frozen=True, slots=True)
class Replay:
    """The positions of a main line, as far as it could be played.

    The moves and steps are kept as one text each, not 80 small strings a game: 2,000
    games' 320,000 strings were most of the objects the build's forked processes
    inherited, pickled and touched (issue 42's budget).
    """

    start: str  # FEN of the starting position
    final: str  # FEN placement after the last move played
    moves_text: str  # each move played, in SAN as the standard writes it, space-separated
    steps_text: str  # what each move does to the board (``Move.steps``), space-separated
    stop: str = ""  # why the line stops early ("" when every move was played)
    stop_ply: int = -1  # 0-based index of the move that could not be played

    def __reduce__(self) -> tuple[type[Replay], tuple[str, str, str, str, str, int]]:
        """Pickled as its fields (the replay helper sends ~2,000 to the build): a slots
        dataclass's own state functions are Python loops over ``fields()``, each way."""
        fields = (self.start, self.final, self.moves_text, self.steps_text, self.stop)
        return Replay, (*fields, self.stop_ply)

    @property
    def complete(self) -> bool:
        return not self.stop

    @property
    def sans(self) -> tuple[str, ...]:
        return tuple(self.moves_text.split())

    @property
    def steps(self) -> tuple[str, ...]:
        return tuple(self.steps_text.split())


def starting_position(game: PgnGame) -> tuple[Position, str]:
    """The game's start: the standard one, or the FEN tag's (SetUp "1"), 960 included;
    and its FEN as the replay writes it (the standard one's written once, not per game)."""
    chess960 = game.tag("Variant").strip().lower() in _CHESS960
    fen = game.tag("FEN").strip()
    if not fen and not chess960:
        return _STANDARD.copy(), _STANDARD_FEN
    position = Position.from_fen(fen or STANDARD_START, chess960=chess960)
    return position, position.fen()


def replay(game: PgnGame) -> Replay:
    """Play the main line; a move that cannot be played ends it, with the reason."""
    try:
        position, start = starting_position(game)
    except ValueError as error:
        standard = Position.from_fen()
        placement = standard.placement()
        return Replay(STANDARD_START, placement, "", "", f"FEN tag: {error}", 0)
    sans: list[str] = []
    steps: list[str] = []
    stop, stop_ply = "", -1
    # Bound once: 160,000 moves an event.
    read_san, push, add_san, add_step = position.read_san, position.push, sans.append, steps.append
    # A check followed by a move that could be read is no mate: only a check that ends the
    # line needs the search for a legal reply (an event of 2,000 games has 6,000 checks).
    checked = False
    for written in game.main_line.sans:
        try:
            move, san = read_san(written)
        except IllegalMove as error:
            stop, stop_ply = str(error), len(sans)
            break
        if checked:
            sans[-1] += "+"
        origin, target, promotion, castle_rook, en_passant = move
        if promotion or castle_rook or en_passant:
            add_step(move.steps(position.white))
        else:
            add_step(NAMES[origin] + NAMES[target])  # ``Move.steps`` of a plain move
        push(move)
        checked = position.checked is True  # always told by push
        add_san(san)
    if checked:
        sans[-1] += "+" if has_legal_move(position) else "#"
    return Replay(start, position.placement(), " ".join(sans), " ".join(steps), stop, stop_ply)


def move_label(ply: int, white_starts: bool = True, first_number: int = 1) -> str:
    """``12.`` before a White move, ``12...`` before a Black move that opens a line."""
    offset = 0 if white_starts else 1
    number = first_number + (ply + offset) // 2
    return f"{number}." if (ply + offset) % 2 == 0 else f"{number}..."
