"""What one row of a Go table says on its own: its declared scores, the points it
scored over the file's rounds, and the start score its grade gives.

``go_columns`` compares these with the file's columns; ``go`` ranks with them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from trfsite.formats.egf.grades import Grade
from trfsite.model import Player
from trfsite.scoring.go_byes import HALF, ByeRule, default_byes


def declared(player: Player, column: str) -> float | None:
    for name, value in player.declared_scores:
        if name == column:
            return value
    return None


def points_scored(player: Player, round_down: bool, free_draw: float = HALF) -> float:
    """NBW over every round in the file (what the file's MMS column adds to the start)."""
    return points_under(player, round_down, default_byes(free_draw))


def points_under(player: Player, round_down: bool, rules: Mapping[str, ByeRule]) -> float:
    """The points of every round in the file under ``rules`` for the rounds without a game."""
    from trfsite.scoring.go_context import entry_points

    games = free = 0.0
    for entry in player.rounds:
        game, free_round = entry_points(entry, rules)
        games += game
        free += free_round
    return games + (math.floor(free) if round_down else free)


def grade_start(grade: Grade | None, bar: Grade | None, floor: Grade | None) -> float:
    if grade is None:
        return float(floor.mms if floor else 0)
    score = grade.mms
    if bar is not None:
        score = min(score, bar.mms)
    if floor is not None:
        score = max(score, floor.mms)
    return float(score)
