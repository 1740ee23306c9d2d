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

from collections import Counter
from typing import NamedTuple

from trfsite.model import Outcome, Player
from trfsite.norms.check import Mix, NormContext, mix_needs
from trfsite.norms.games import Opponent, PlayerGames
from trfsite.norms.rules import (
    MIN_LEVEL_TITLED,
    MIN_OTHER_FEDERATIONS,
    TITLED,
    NormRule,
    average_rating,
    least_half_points,
    least_percent,
    one_federation_most,
    own_federation_most,
)
from trfsite.progress import announced

_MADE_UP = frozenset({Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE})


class Slot(NamedTuple):
    """A game still to play: its round (None: a round robin's, not yet known) and its
    opponent (None: not known yet)."""

    round: int | None
    opponent: Opponent | None


class Future(NamedTuple):
    """A player's rounds after the last complete one."""

    slots: tuple[Slot, ...]
    no_games: tuple[tuple[int, Outcome], ...]  # rounds already known to be no game


class Forecast(NamedTuple):
    player_id: int
    rule: NormRule
    first_round: int  # the rounds still to play that it counts: first_round..last_round
    last_round: int
    games: int  # the games in them
    half_points: int  # needed from them
    ra: int
    final_games: int
    unknown: int  # opponents not known yet
    assumed_rating: int | None  # their assumed average; None when every opponent is known
    titled_more: int  # titled opponents still needed among the unknown ones
    level_more: int  # of them with the norm's level titles
    other_federations_more: int  # federations still needed among them


class _Known:
    """The opponents known so far (met, or paired), summed up as the forecast needs them:
    one more is added in constant time, so that every last round is tried in one pass."""

    def __init__(self, ctx: NormContext) -> None:
        self.ctx = ctx
        self.count = 0
        self.ratings = 0
        self.lowest: int | None = None
        self.titled: set[int] | list[int] = set() if ctx.distinct_half else []
        self.level: set[int] | list[int] = set() if ctx.distinct_half else []
        self.federations: Counter[str] = Counter()

    def add(self, opponent: Opponent) -> None:
        ctx = self.ctx
        rating = opponent.rating or ctx.unrated_rating
        self.count += 1
        self.ratings += rating
        self.lowest = rating if self.lowest is None else min(self.lowest, rating)
        for found, titles in ((self.titled, TITLED), (self.level, ctx.rule.level_titles)):
            if opponent.title in titles:
                if isinstance(found, set):
                    found.add(opponent.id)
                else:
                    found.append(opponent.id)
        federation = ctx.federation_of(opponent)
        if federation is not None:
            self.federations[federation] += 1

    def mix(self) -> Mix:
        own = self.ctx.own_federation
        federations = self.federations
        return Mix(
            len(self.titled),
            len(self.level),
            federations.get(own, 0) if own else 0,
            max(federations.values(), default=0),
            sum(1 for f in federations if f != own),
        )

    def ra(self, unknown: int, rating: int, games: int) -> int:
        """Ra with ``unknown`` more opponents at ``rating``; the single lowest of all
        raised to the floor (1.4.6)."""
        floor = self.ctx.rule.floor
        total = self.ratings + unknown * rating
        lowest = min(x for x in (self.lowest, rating if unknown else None) if x is not None)
        return average_rating(total + max(0, floor - lowest), games)


def swiss_future(
    player: Player,
    complete: int,
    rounds: int,
    opponents: dict[int, Opponent],
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
    player: Player,
    complete: int,
    meetings: int,
    opponents: dict[int, Opponent],
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


def _eight_of_nine(
    pg: PlayerGames, future: Future, games: int, last: int, ctx: NormContext
) -> bool:
    if ctx.rounds != 9 or last != 9 or games != 8 or ctx.min_games != 9:
        return False
    missing = [item.outcome for item in pg.not_counted] + [o for _, o in future.no_games]
    return len(missing) == 1 and missing[0] in _MADE_UP


def _assumed(known: _Known, unknown: int, games: int, strongest: int) -> int | None:
    """The unknown opponents' rating: as those so far, or the least that keeps Ra at the
    norm's minimum (None: not even the event's strongest player would do)."""
    minimum = known.ctx.rule.average
    # No opponent so far (a forfeit and a bye, say): none to be rated like, so the
    # least rating that reaches the minimum, searched up from the norm's floor.
    rating = average_rating(known.ratings, known.count) if known.count else known.ctx.rule.floor
    if known.ra(unknown, rating, games) >= minimum:
        return rating
    if known.ra(unknown, strongest, games) < minimum:
        return None
    low, high = rating, strongest  # Ra grows with the rating: the least that reaches it
    while high - low > 1:
        middle = (low + high) // 2
        if known.ra(unknown, middle, games) >= minimum:
            high = middle
        else:
            low = middle
    return high


def _forecast_for(
    pg: PlayerGames,
    known: _Known,
    unknown: int,
    rounds: tuple[int, int],
    eight: bool,
    strongest: int,
) -> Forecast | None:
    """The forecast when the games to play are ``known`` (beyond the games so far) and
    ``unknown`` more, in rounds ``rounds`` (first, last)."""
    ctx = known.ctx
    rule = ctx.rule
    games = known.count + unknown
    left = games - len(pg.games)
    share = ctx.eight_of_nine_shares if eight else games
    mix = known.mix()
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
    assumed = None
    if unknown:
        assumed = _assumed(known, unknown, games, strongest)
        if assumed is None:
            return None
    ra = known.ra(unknown, assumed or 0, games)
    percent = least_percent(ra, rule)
    if ra < rule.average or percent is None:
        return None
    needed = max(0, least_half_points(percent, games) - sum(g.half_points for g in pg.games))
    if needed > 2 * left:
        return None
    return Forecast(
        pg.player.id,
        rule,
        rounds[0],
        rounds[1],
        left,
        needed,
        ra,
        games,
        unknown,
        assumed,
        titled_more,
        level_more,
        others_more,
    )


def forecast(pg: PlayerGames, future: Future, ctx: NormContext, strongest: int) -> Forecast | None:
    """What ``pg``'s player needs for ``ctx.rule`` from the rounds still to play.

    A Swiss tries every last round in one pass over the rounds to play.
    """
    if not future.slots:
        return None
    fewest = -(-MIN_LEVEL_TITLED // 2) if ctx.distinct_half else MIN_LEVEL_TITLED
    level = sum(1 for g in pg.games if g.opponent.title in ctx.rule.level_titles)
    if level + len(future.slots) < fewest:
        return None  # most players of an open: the level opponents are out of reach
    # Here, not with the module: most events forecast no norm, and fractions imports
    # decimal's and numbers' machinery at every build's start.
    from fractions import Fraction

    known = _Known(ctx)
    for game in pg.games:
        known.add(game.opponent)
    first = ctx.complete + 1
    if ctx.round_robin:
        for slot in future.slots:
            if slot.opponent is not None:
                known.add(slot.opponent)
        unknown = sum(1 for s in future.slots if s.opponent is None)
        if known.count + unknown < ctx.min_games:
            return None
        return _forecast_for(pg, known, unknown, (first, ctx.rounds), False, strongest)
    best: Forecast | None = None
    unknown = 0
    slots = future.slots
    for i, slot in enumerate(slots):
        if slot.opponent is None:
            unknown += 1
        else:
            known.add(slot.opponent)
        last = slot.round or ctx.complete
        if i + 1 == len(slots):
            last = ctx.rounds  # rounds after the last game have none: the event's end
        games = known.count + unknown
        eight = _eight_of_nine(pg, future, games, last, ctx)
        if games < ctx.min_games and not eight:
            continue
        found = _forecast_for(pg, known, unknown, (first, last), eight, strongest)
        if found is not None and (
            best is None
            or Fraction(found.half_points, 2 * found.games)
            < Fraction(best.half_points, 2 * best.games)
        ):
            best = found
    return best
