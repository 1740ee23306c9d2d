"""PGN: games read from text, and their main lines replayed (no IO, no GPL code)."""

from trfsite.formats.pgn.board import IllegalMove, Move, Position
from trfsite.formats.pgn.reader import Annotation, Line, PgnFile, PgnGame, PlyNode, read_pgn
from trfsite.formats.pgn.replay import Replay, replay

__all__ = [
    "Annotation",
    "IllegalMove",
    "Line",
    "Move",
    "PgnFile",
    "PgnGame",
    "PlyNode",
    "Position",
    "Replay",
    "read_pgn",
    "replay",
]
