"""The findings of an event's games without its site: ``trfsite validate`` with a PGN."""

from __future__ import annotations

from collections.abc import Sequence

from trfsite.findings import Finding
from trfsite.model import Game, Tournament
from trfsite.pages.config import EventConfig
from trfsite.pages.game_types import NO_GAMES


def game_findings(
    t: Tournament | None,
    config: EventConfig,
    files: Sequence[tuple[str, bytes]],
    event: str = "",
) -> list[Finding]:
    """What the site's validation report says about the games of ``files``: ranked as
    the site ranks the event (its boards are numbered by it), then matched; and the
    ``bulletin_games`` of ``[events.EVENT]`` that name no game."""
    if t is None or t.game is not Game.CHESS:
        return []
    if not files and not config.games.bulletin:
        # Nothing to match: without this, ``trfsite validate`` of a file with no PGN
        # imported the games' pages, their page contexts and multiprocessing.
        return []
    from trfsite.pages.event_standings import compute_final, compute_rounds
    from trfsite.pages.games import missing_bulletin_games, read_games

    games = NO_GAMES
    if files:
        try:
            final, _ = compute_final(t, config, for_pages=False)
            after = compute_rounds(t, config, final)
        except Exception:  # the tournament's own findings say what is wrong with it
            return []
        games = read_games(t, files, after)
    return [*games.findings, *missing_bulletin_games(games, config.games.bulletin, event)]
