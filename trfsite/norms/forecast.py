"""During a live event: what a player still needs for a norm (spec, last section, step 4).

Computed over the possible remaining results, not guessed. The rounds still to play
are games against known opponents (a pairing already in the file; a round robin's
opponents not met yet) or against opponents not known yet. Those are assumed to be
rated like the player's opponents so far (known pairings included), or, when that
would leave Ra under the norm's minimum, at the lowest average that reaches it (no
higher than the event's strongest player); their titles and federations are what
the norm still needs, and the forecast says how many. Then the fewest half points
from those games that make Rp and 35 % are the points needed. Every game is counted
(no win left out). For a Swiss each last round still to come is tried; the forecast
shown is the one that needs the smallest share of the games left.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from trfsite.model import Outcome, Player
from trfsite.norms.check import (
    NormContext,
    mix_needs,
    mix_of,
)
from trfsite.norms.games import Opponent, PlayerGames
from trfsite.norms.rules import (
    MIN_OTHER_FEDERATIONS,
    MIN_SCORE_PERCENT,
    NormRule,
    average_rating,
    floor_adjusted,
    one_federation_most,
    own_federation_most,
    rating_difference,
    score_percent,
)
from trfsite.progress import announced

_MADE_UP = frozenset({Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE})


@dataclass(frozen=True, slots=True)
class Slot:
    """A game still to play: its round (None: a round robin's, not yet known) and its
    opponent (None: not known yet)."""

    round: int | None
    opponent: Opponent | None


@dataclass(frozen=True, slots=True)
class Future:
    """A player's rounds after the last complete one."""

    slots: tuple[Slot, ...]
    no_games: tuple[tuple[int, Outcome], ...]  # rounds already known to be no game


@dataclass(frozen=True, slots=True)
class Forecast:
    player_id: int
    rule: NormRule
    rounds: tuple[int, ...]  # the rounds still to play that it counts
    games: int  # the games in them
    half_points: int  # needed from them
    ra: int
    final_games: int
    unknown: int  # opponents not known yet
    assumed_rating: int | None  # their assumed average; None when every opponent is known
    titled_more: int  # titled opponents still needed among the unknown ones
    level_more: int  # of them with the norm's level titles
    other_federations_more: int  # federations still needed among them


def swiss_future(
    player: Player, complete: int, rounds: int, opponents: dict[int, Opponent],
    not_counted: frozenset[int],
) -> Future:
    slots: list[Slot] = []
    no_games: list[tuple[int, Outcome]] = []
    for round_no in range(complete + 1, rounds + 1):
        cell = player.entry(round_no)
        if cell is None or not announced(cell):
            slots.append(Slot(round_no, None))
        elif cell.opponent is not None and not cell.outcome.is_forfeit:
            opponent = opponents.get(cell.opponent)
            if opponent is not None and opponent.federation and opponent.id not in not_counted:
                slots.append(Slot(round_no, opponent))
        else:
            no_games.append((round_no, cell.outcome))
    return Future(tuple(slots), tuple(no_games))


def round_robin_future(
    player: Player, complete: int, meetings: int, opponents: dict[int, Opponent],
    not_counted: frozenset[int],
) -> Future:
    """The opponents a round robin's schedule still holds: each other player
    ``meetings`` times, less the times already paired."""
    met = Counter(
        cell.opponent for cell in player.rounds if cell.round <= complete and cell.opponent
    )
    slots = [
        Slot(None, opponent)
        for opponent in opponents.values()
        if opponent.id != player.id and opponent.federation and opponent.id not in not_counted
        for _ in range(max(0, meetings - met[opponent.id]))
    ]
    return Future(tuple(slots), ())


def _eight_of_nine(pg: PlayerGames, future: Future, games: int, ctx: NormContext) -> bool:
    if ctx.rounds != 9 or games != 8 or ctx.min_games != 9:
        return False
    missing = [item.outcome for item in pg.not_counted] + [o for _, o in future.no_games]
    return len(missing) == 1 and missing[0] in _MADE_UP


def _ra(known: list[int], unknown: int, rating: int, games: int, floor: int) -> int:
    total, _ = floor_adjusted([*known, *([rating] * unknown)], floor)
    return average_rating(total, games)


def _assumed(known: list[int], unknown: int, games: int, ctx: NormContext, strongest: int
             ) -> int | None:
    """The unknown opponents' rating: as those so far, or the least that keeps Ra at the
    norm's minimum (None: not even the event's strongest player would do)."""
    rule = ctx.rule
    if not known:
        return None
    rating = average_rating(sum(known), len(known))
    if _ra(known, unknown, rating, games, rule.floor) >= rule.average:
        return rating
    if _ra(known, unknown, strongest, games, rule.floor) < rule.average:
        return None
    low, high = rating, strongest  # Ra grows with the rating: the least that reaches it
    while high - low > 1:
        middle = (low + high) // 2
        if _ra(known, unknown, middle, games, rule.floor) >= rule.average:
            high = middle
        else:
            low = middle
    return high


def _forecast_for(
    pg: PlayerGames, slots: Sequence[Slot], rounds: tuple[int, ...], eight: bool,
    ctx: NormContext, strongest: int,
) -> Forecast | None:
    rule = ctx.rule
    known = [g.opponent for g in pg.games] + [s.opponent for s in slots if s.opponent]
    unknown = sum(1 for s in slots if s.opponent is None)
    games = len(pg.games) + len(slots)
    share = ctx.eight_of_nine_shares if eight else games
    mix = mix_of(known, ctx)
    titled, level = mix_needs(share, ctx)
    level_more = max(0, level - mix.level)
    titled_more = max(0, titled - mix.titled, level_more)
    others_more = 0
    if not ctx.federations_exempt:
        others_more = max(0, MIN_OTHER_FEDERATIONS - mix.other_federations)
    if titled_more > unknown or others_more > unknown:
        return None
    if not ctx.limits_exempt and (
        mix.own > own_federation_most(share) or mix.most_from_one > one_federation_most(share)
    ):
        return None
    ratings = [o.rating or ctx.unrated_rating for o in known]
    assumed = None
    if unknown:
        assumed = _assumed(ratings, unknown, games, ctx, strongest)
        if assumed is None:
            return None
    ra = _ra(ratings, unknown, assumed or 0, games, rule.floor)
    if ra < rule.average:
        return None
    so_far = sum(g.half_points for g in pg.games)
    for needed in range(2 * len(slots) + 1):
        percent = score_percent(so_far + needed, games)
        if percent >= MIN_SCORE_PERCENT and ra + rating_difference(percent) >= rule.performance:
            return Forecast(
                pg.player.id, rule, rounds, len(slots), needed, ra, games, unknown, assumed,
                titled_more, level_more, others_more,
            )
    return None


def forecast(
    pg: PlayerGames, future: Future, ctx: NormContext, strongest: int
) -> Forecast | None:
    """What ``pg``'s player needs for ``ctx.rule`` from the rounds still to play."""
    if not future.slots:
        return None
    if ctx.round_robin:
        rounds = tuple(range(ctx.complete + 1, ctx.rounds + 1))
        games = len(pg.games) + len(future.slots)
        if games < ctx.min_games:
            return None
        return _forecast_for(pg, future.slots, rounds, False, ctx, strongest)
    best: Forecast | None = None
    for last in range(ctx.complete + 1, ctx.rounds + 1):
        slots = [s for s in future.slots if s.round is not None and s.round <= last]
        if not slots or (last < ctx.rounds and slots[-1].round != last):
            continue  # no game in round ``last``: the same as the round before
        games = len(pg.games) + len(slots)
        eight = _eight_of_nine(pg, future, games, ctx) and last == 9
        if games < ctx.min_games and not eight:
            continue
        rounds = tuple(range(ctx.complete + 1, last + 1))
        found = _forecast_for(pg, slots, rounds, eight, ctx, strongest)
        if found is not None and (
            best is None
            or Fraction(found.half_points, 2 * found.games)
            < Fraction(best.half_points, 2 * best.games)
        ):
            best = found
    return best
