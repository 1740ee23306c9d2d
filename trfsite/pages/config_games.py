"""The games keys of an event's table in ``trfsite.toml``:

    [events.open-2026]
    games = ["games/*.pgn"]          # beside the tournament file; default: open-2026.pgn
    bulletin_games = ["5.1", "7.3"]  # round.board of the games the PDF prints

Problems are appended to ``problems``, each naming its key, so that the config
reports every error at once.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import NamedTuple

GAME_KEYS = ("games", "bulletin_games")
_ROUND_BOARD = re.compile(r"^[1-9]\d{0,2}\.[1-9]\d{0,3}$")


class GameSettings(NamedTuple):
    # Glob patterns relative to the tournament file's folder; () means its stem's .pgn.
    files: tuple[str, ...] = ()
    bulletin: tuple[tuple[int, int], ...] = ()  # (round, board) printed in the PDF


def _strings(raw: object, key: str, where: str, example: str, problems: list[str]) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        problems.append(f"{where}{key}: {raw!r} is not a list of texts; expected e.g. {example}")
        return []
    return [str(item).strip() for item in raw]


def read_game_settings(data: dict[str, object], where: str, problems: list[str]) -> GameSettings:
    files = []
    for pattern in _strings(data.get("games"), "games", where, '["games/*.pgn"]', problems):
        path = PurePosixPath(pattern.replace("\\", "/"))
        if not pattern or path.is_absolute() or ".." in path.parts:
            problems.append(
                f"{where}games: {pattern!r} leaves the tournament file's folder; expected a "
                'pattern below it, e.g. "games/*.pgn"'
            )
            continue
        files.append(path.as_posix())
    chosen: list[tuple[int, int]] = []
    raw = data.get("bulletin_games")
    for text in _strings(raw, "bulletin_games", where, '["5.1", "7.3"]', problems):
        if not _ROUND_BOARD.match(text):
            problems.append(
                f"{where}bulletin_games: {text!r} is not a game; expected round.board, e.g. '5.1'"
            )
            continue
        round_no, board = text.split(".")
        chosen.append((int(round_no), int(board)))
    return GameSettings(tuple(files), tuple(dict.fromkeys(chosen)))
