"""The change of the EGF rating (GoR) a Go event would give, by the EGF's formula (2021).

An estimate from the table, not the European Go Database's official figure.

- The rating before the event: the table's GoR column (``Rating``, ``GoR``) when it
  has one, else from the grade: 20k = 100, each kyu grade 100 more up to 1k = 2000,
  1d = 2100, each dan 100 more (7d = 2700); professional grades 1p = 2700 and 30 more
  each. Grades below 20k go on down by 100 (30k = -900).
- Each game played over the board counts (byes, absences, games by default ``!`` and
  unknown results ``?`` do not), against the opponent's rating before the event:
  ``Se = 1 / (1 + exp(beta(r_B') - beta(r_A')))`` with ``beta(r) = -7 ln(3300 - r)``;
  for Se only, the player who took Black with a handicap of h stones counts 50 more
  for h = 1 (no komi) and 100 h - 50 for h >= 2.
- ``con = ((3300 - r_A) / 200) ^ 1.6``, ``bonus = ln(1 + exp((2300 - r_A) / 80)) / 5``,
  Sa = 1 (win), 0 (loss) or 0.5 (jigo); a game adds ``con (Sa - Se) + bonus``.
- The change is the sum over the games times the class weight, the class being the
  header's ``CL[...]``: A 1, B 0.75, C 0.5, D 0.25; class X is not rated.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from trfsite.model import Color, Outcome, Player, RoundEntry, Tournament
from trfsite.results import N_, Note

CLASS_WEIGHTS = {"A": 1.0, "B": 0.75, "C": 0.5, "D": 0.25}
UNRATED_CLASS = "X"
GOR_COLUMNS = ("Rating",)  # the names the reader gives a GoR column (Rating, Ratin, GoR)
_SCORES = {Outcome.WIN: 1.0, Outcome.LOSS: 0.0, Outcome.DRAW: 0.5}
_CEILING = 3300.0  # beta and con are defined below it


@dataclass(frozen=True, slots=True)
class GorGame:
    """One rated game and its share of the change."""

    round: int
    opponent_id: int
    opponent_rating: float
    handicap: int  # stones (0: an even game)
    black: bool  # the player took Black
    own_adjusted: float  # r_A', the rating Se uses (handicap bonus for Black)
    opponent_adjusted: float  # r_B'
    score: float  # Sa
    expected: float  # Se
    con: float
    bonus: float

    @property
    def change(self) -> float:
        """con (Sa - Se) + bonus, before the class weight."""
        return self.con * (self.score - self.expected) + self.bonus


@dataclass(frozen=True, slots=True)
class GorChange:
    """One player's estimated GoR change; ``value`` None when it cannot be estimated."""

    player_id: int
    rating: float | None  # before the event
    rating_source: str  # "column" or "grade" ("" when none)
    weight: float | None  # the class weight
    games: tuple[GorGame, ...]
    value: float | None
    notes: tuple[str, ...] = ()


def beta(rating: float) -> float:
    return -7.0 * math.log(_CEILING - rating)


def expected_score(own: float, opponent: float) -> float:
    """Se = 1 / (1 + exp(beta(r_B) - beta(r_A)))."""
    return 1.0 / (1.0 + math.exp(beta(opponent) - beta(own)))


def con(rating: float) -> float:
    return math.pow((_CEILING - rating) / 200.0, 1.6)


def bonus(rating: float) -> float:
    return math.log(1.0 + math.exp((2300.0 - rating) / 80.0)) / 5.0


def handicap_bonus(stones: int) -> float:
    """What Black counts more for Se: 50 for 1 stone (no komi), 100 h - 50 for h >= 2."""
    if stones <= 0:
        return 0.0
    return 50.0 if stones == 1 else 100.0 * stones - 50.0


def grade_rating(grade: str) -> float | None:
    """The GoR of a grade: 20k = 100 ... 1k = 2000, 1d = 2100 ... 7d = 2700, 1p = 2700."""
    text = grade.strip().lower()
    if len(text) < 2 or not text[:-1].isdigit() or text[-1] not in "kdp":
        return None
    number = int(text[:-1])
    if number < 1:
        return None
    if text[-1] == "k":
        return 2100.0 - 100.0 * number
    if text[-1] == "d":
        return 2000.0 + 100.0 * number
    return 2670.0 + 30.0 * number


def class_weight(t: Tournament) -> tuple[float | None, str]:
    """The class weight and the note that says where it came from."""
    found = (t.go.tournament_class if t.go else "").strip().upper()
    if found in CLASS_WEIGHTS:
        return CLASS_WEIGHTS[found], Note(
            "class {found} (CL): weight {weight:g}", found=found, weight=CLASS_WEIGHTS[found]
        )
    if found == UNRATED_CLASS:
        return None, Note(N_("class X (CL): the event is not rated"))
    return 1.0, Note(N_("the table names no class (CL): counted as class A, weight 1"))


def pre_event_ratings(t: Tournament) -> dict[int, tuple[float, str]]:
    """Each player's rating before the event and where it came from."""
    out: dict[int, tuple[float, str]] = {}
    for player in t.players:
        column = _column_rating(player)
        if column is not None:
            out[player.id] = (column, "column")
            continue
        graded = grade_rating(player.grade)
        if graded is not None:
            out[player.id] = (graded, "grade")
    return out


def _column_rating(player: Player) -> float | None:
    for name, value in player.declared_scores:
        if name in GOR_COLUMNS and value is not None and -1000 < value < _CEILING:
            return value
    return None


def gor_changes(t: Tournament, after_round: int | None = None) -> dict[int, GorChange]:
    """Every player's estimated change over rounds 1..after_round (every round: None)."""
    weight, class_note = class_weight(t)
    ratings = pre_event_ratings(t)
    players = {p.id: p for p in t.players}
    last = t.rounds if after_round is None else after_round
    out: dict[int, GorChange] = {}
    for player in t.players:
        own = ratings.get(player.id)
        if own is None:
            out[player.id] = GorChange(
                player.id, None, "", weight, (), None, (Note(N_("no grade or GoR to start from")),)
            )
            continue
        games = tuple(
            game
            for entry in player.rounds
            if entry.round <= last
            and (game := _game(player, entry, own[0], ratings, players)) is not None
        )
        total = sum(g.change for g in games)
        value = None if weight is None else weight * total
        source = Note(
            N_("rating before the event: the table's GoR column")
            if own[1] == "column"
            else N_("rating before the event: from the grade")
        )
        out[player.id] = GorChange(
            player.id, own[0], own[1], weight, games, value, (source, class_note)
        )
    return out


def _game(
    player: Player,
    entry: RoundEntry,
    rating: float,
    ratings: Mapping[int, tuple[float, str]],
    players: Mapping[int, Player],
) -> GorGame | None:
    score = _SCORES.get(entry.outcome)
    if score is None or entry.opponent is None or entry.opponent not in players:
        return None
    other = ratings.get(entry.opponent)
    if other is None:
        return None
    stones = entry.handicap or 0
    black = _took_black(entry.color, stones, rating, other[0])
    own_adjusted = rating + (handicap_bonus(stones) if black else 0.0)
    other_adjusted = other[0] + (handicap_bonus(stones) if not black and stones else 0.0)
    if max(own_adjusted, other_adjusted) >= _CEILING:
        # beta is undefined there: a damaged cell's handicap (the reader warns beyond
        # 9 stones) gave 2100 + 100 x 13 - 50; such a game cannot be estimated.
        return None
    return GorGame(
        round=entry.round,
        opponent_id=entry.opponent,
        opponent_rating=other[0],
        handicap=stones,
        black=black,
        own_adjusted=own_adjusted,
        opponent_adjusted=other_adjusted,
        score=score,
        expected=expected_score(own_adjusted, other_adjusted),
        con=con(rating),
        bonus=bonus(rating),
    )


def _took_black(color: Color, stones: int, own: float, other: float) -> bool:
    """Black as the cell says; without a colour, the weaker player takes Black in a
    handicap game."""
    if color is Color.BLACK:
        return True
    if color is Color.WHITE:
        return False
    return bool(stones) and own < other
