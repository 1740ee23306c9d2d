"""The games key of an event's table in ``trfsite.toml``:

    [events.open-2026]
    games = ["games/*.pgn"]          # beside the tournament file; default: open-2026.pgn

Problems are appended to ``problems``, each naming its key, so that the config
reports every error at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath

GAME_KEYS = ("games",)


@dataclass(frozen=True, slots=True)
class GameSettings:
    # Glob patterns relative to the tournament file's folder; () means its stem's .pgn.
    files: tuple[str, ...] = ()


def read_game_settings(data: dict[str, object], where: str, problems: list[str]) -> GameSettings:
    raw = data.get("games")
    if raw is None:
        return GameSettings()
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        example = '["games/*.pgn"]'
        problems.append(f"{where}games: {raw!r} is not a list of texts; expected e.g. {example}")
        return GameSettings()
    files = []
    for pattern in (str(item).strip() for item in raw):
        path = PurePosixPath(pattern.replace("\\", "/"))
        if not pattern or path.is_absolute() or ".." in path.parts:
            problems.append(
                f"{where}games: {pattern!r} leaves the tournament file's folder; expected a "
                'pattern below it, e.g. "games/*.pgn"'
            )
            continue
        files.append(path.as_posix())
    return GameSettings(tuple(files))
