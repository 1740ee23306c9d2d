"""One player's best norm of one kind: the candidate sets and the requirements.

Step by step as the spec's last section says: the games that count
(``norms.games``); candidate sets: all of them, and for a Swiss every first-N-rounds
prefix that still has enough games, and from each any wins left out (a round robin
uses every round and leaves out wins only, and its whole mix must allow a norm);
for each set the titled shares, the federations (unless exempt), Ra with the floor,
p and Rp. The best passing set is the one credited with the most games (then the
most games, the best Rp and Ra, the most titled opponents kept).

The search is bounded: wins are grouped by what leaving them out changes (title
class, federation) and within a group the lowest-rated is left out first (it raises
Ra the most and changes nothing else), at most ``games - minimum`` wins are left out,
and at most :data:`MAX_SETS` sets are tried per player and norm, looking at no more than
:data:`MAX_EVENT_GAMES` games over the whole event. An event of up to 13 rounds stays
below the first bound (at most 1,471 sets: prefixes of 9 to 13 rounds, with up to 0 to
4 wins left out; a titled 2,000-player open of 11 rounds tries 1,180 sets in all); a
longer one that reaches a bound is reported as cut.
"""

import enum
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from trfsite.model import Outcome
from trfsite.norms.games import CountedGame, Opponent, PlayerGames
from trfsite.norms.rules import (
    CREDITED_GAMES_CAP,
    MIN_LEVEL_TITLED,
    MIN_OTHER_FEDERATIONS,
    MIN_SCORE_PERCENT,
    TITLED,
    NormRule,
    average_rating,
    floor_adjusted,
    least_half_points,
    least_percent,
    level_needed,
    one_federation_most,
    own_federation_most,
    rating_difference,
    score_percent,
    titled_needed,
)
from trfsite.results import N_

MAX_SETS = 4096
MAX_EVENT_GAMES = 2_000_000  # games looked at over all sets of an event: a few seconds
FIDE_FLAG = "FID"
_MADE_UP = frozenset({Outcome.FORFEIT_WIN, Outcome.PAIRING_BYE})


class Requirement(enum.Enum):
    GAMES = "games"
    SCORE = "score"
    AVERAGE = "average"
    PERFORMANCE = "performance"
    TITLED = "titled"
    LEVEL = "level"
    OTHER_FEDERATIONS = "other-federations"
    OWN_FEDERATION = "own-federation"
    ONE_FEDERATION = "one-federation"

    @property
    def label(self) -> str:
        return _REQUIREMENT_LABELS[self]


_REQUIREMENT_LABELS = {
    Requirement.GAMES: N_("Games"),
    Requirement.SCORE: N_("Score (p, %)"),
    Requirement.AVERAGE: N_("Average rating of the opponents (Ra)"),
    Requirement.PERFORMANCE: N_("Performance (Rp)"),
    Requirement.TITLED: N_("Titled opponents (GM, IM, FM, WGM, WIM, WFM)"),
    Requirement.LEVEL: N_("Opponents with the norm's level titles"),
    Requirement.OTHER_FEDERATIONS: N_("Federations other than the player's"),
    Requirement.OWN_FEDERATION: N_("Opponents from the player's federation"),
    Requirement.ONE_FEDERATION: N_("Opponents from any one federation"),
}

MIX = frozenset(
    {
        Requirement.TITLED,
        Requirement.LEVEL,
        Requirement.OTHER_FEDERATIONS,
        Requirement.OWN_FEDERATION,
        Requirement.ONE_FEDERATION,
    }
)


class Check(NamedTuple):
    """One requirement: what the set has against what the norm needs."""

    requirement: Requirement
    actual: int
    needed: int
    at_most: bool = False  # a maximum (the federation limits), else a minimum
    exempt: bool = False  # lifted by an exemption

    @property
    def met(self) -> bool:
        if self.exempt:
            return True
        return self.actual <= self.needed if self.at_most else self.actual >= self.needed


class NormContext(NamedTuple):
    """Everything about the event and the player that one norm's check needs."""

    rule: NormRule
    unrated_rating: int
    min_games: int
    rounds: int  # the event's rounds
    complete: int  # the last complete round: the check looks at rounds 1..complete
    round_robin: bool
    own_federation: str | None  # None: the player has no federation for the mix
    fid_is_federation: bool = False
    federations_exempt: bool = False  # 1.4.3 lifted
    limits_exempt: bool = False  # 1.4.4 (3/5, 2/3) lifted
    distinct_half: bool = False  # a double round robin counted by distinct opponents
    eight_of_nine_shares: int = 8
    world_cup: bool = False

    def federation_of(self, opponent: Opponent) -> str | None:
        """The opponent's federation for the mix (None: FID, when it is none)."""
        if opponent.federation == FIDE_FLAG and not self.fid_is_federation:
            return None
        return opponent.federation or None


class Mix(NamedTuple):
    titled: int
    level: int
    own: int
    most_from_one: int
    other_federations: int


def mix_of(opponents: Sequence[Opponent], ctx: NormContext) -> Mix:
    """The counts 1.4.3-1.4.5 look at (distinct opponents for a double round robin)."""
    counted = list({o.id: o for o in opponents}.values()) if ctx.distinct_half else opponents
    titled = sum(1 for o in counted if o.title in TITLED)
    level = sum(1 for o in counted if o.title in ctx.rule.level_titles)
    federations = Counter(f for f in map(ctx.federation_of, opponents) if f is not None)
    own = federations.get(ctx.own_federation, 0) if ctx.own_federation else 0
    others = sum(1 for f in federations if f != ctx.own_federation)
    return Mix(titled, level, own, max(federations.values(), default=0), others)


def mix_needs(share: int, ctx: NormContext) -> tuple[int, int]:
    """(titled, level) opponents needed for ``share`` games (halved, distinct, in a DRR)."""
    titled, level = titled_needed(share), level_needed(share)
    if ctx.distinct_half:
        return -(-titled // 2), -(-level // 2)
    return titled, level


def mix_checks(mix: Mix, share: int, ctx: NormContext) -> tuple[Check, ...]:
    titled, level = mix_needs(share, ctx)
    return (
        Check(Requirement.TITLED, mix.titled, titled),
        Check(Requirement.LEVEL, mix.level, level),
        Check(
            Requirement.OTHER_FEDERATIONS,
            mix.other_federations,
            MIN_OTHER_FEDERATIONS,
            exempt=ctx.federations_exempt,
        ),
        Check(
            Requirement.OWN_FEDERATION,
            mix.own,
            own_federation_most(share),
            at_most=True,
            exempt=ctx.limits_exempt,
        ),
        Check(
            Requirement.ONE_FEDERATION,
            mix.most_from_one,
            one_federation_most(share),
            at_most=True,
            exempt=ctx.limits_exempt,
        ),
    )


def least_score(ra: int, games: int, rule: NormRule) -> int | None:
    """The fewest half points in ``games`` games against opponents of Ra ``ra`` that make
    the norm (35 % and Rp), None when no score does."""
    percent = least_percent(ra, rule)
    return None if percent is None else least_half_points(percent, games)


class Assessment(NamedTuple):
    """One candidate set of games, computed through."""

    games: tuple[CountedGame, ...]  # the games used
    last_round: int  # the set stops after this round (a Swiss may drop the tail)
    left_out: tuple[int, ...]  # rounds of counted games the set leaves out
    half_points: int
    ratings: tuple[int, ...]  # each opponent's rating as used (1400 unrated, the floor)
    raised: int | None  # the round whose opponent was raised to the floor
    ra: int
    percent: int
    rp: int
    checks: tuple[Check, ...]
    share_games: int  # the games the shares were computed on
    eight_of_nine: bool
    least_half_points: int | None  # the smallest score that still makes the norm (passed)
    credited_games: int  # for a title application (spec section 8)

    @property
    def passed(self) -> bool:
        return all(check.met for check in self.checks)

    @property
    def failed(self) -> tuple[Check, ...]:
        return tuple(check for check in self.checks if not check.met)

    def check(self, requirement: Requirement) -> Check:
        return next(c for c in self.checks if c.requirement is requirement)


def assess(
    games: Sequence[CountedGame],
    left_out: Sequence[int],
    ctx: NormContext,
    eight_of_nine: bool = False,
    last_round: int | None = None,
) -> Assessment:
    """Every requirement of ``ctx.rule`` on one set of games (at least one game)."""
    rule = ctx.rule
    n = len(games)
    share = ctx.eight_of_nine_shares if eight_of_nine else n
    ratings = [g.opponent.rating or ctx.unrated_rating for g in games]
    total, raised = floor_adjusted(ratings, rule.floor)
    if raised is not None:
        ratings[raised] = rule.floor
    ra = average_rating(total, n)
    half_points = sum(g.half_points for g in games)
    percent = score_percent(half_points, n)
    rp = ra + rating_difference(percent)
    minimum = 8 if eight_of_nine else ctx.min_games
    checks = (
        Check(Requirement.GAMES, n, minimum),
        Check(Requirement.SCORE, percent, MIN_SCORE_PERCENT),
        Check(Requirement.AVERAGE, ra, rule.average),
        Check(Requirement.PERFORMANCE, rp, rule.performance),
        *mix_checks(mix_of([g.opponent for g in games], ctx), share, ctx),
    )
    passed = all(check.met for check in checks)
    # The least score is for the credit (section 8): only a passing set needs it.
    least = least_score(ra, n, rule) if passed else None
    base = 9 if eight_of_nine or (ctx.world_cup and n == 8) else min(n, CREDITED_GAMES_CAP)
    extra = (half_points - least) // 2 if least is not None else 0
    return Assessment(
        tuple(games),
        ctx.complete if last_round is None else last_round,
        tuple(sorted(left_out)),
        half_points,
        tuple(ratings),
        games[raised].round if raised is not None else None,
        ra,
        percent,
        rp,
        checks,
        share,
        eight_of_nine,
        least,
        base + extra if passed else 0,
    )


class Budget:
    """The sets one player's check of one norm may still try, and the games the whole
    event's checks may still look at (each set costs its games)."""

    def __init__(self, sets: int = MAX_SETS, games: int = MAX_EVENT_GAMES) -> None:
        self.left = sets
        self.games = games
        self.cut = False

    def take(self, games: int) -> bool:
        if self.left <= 0 or self.games < games:
            self.cut = True
            return False
        self.left -= 1
        self.games -= games
        return True


def eight_of_nine(pg: PlayerGames, last: int, games: int, ctx: NormContext) -> bool:
    """8 games of a 9-round event count as 9 when the missing round was a forfeit win or
    a pairing-allocated bye (spec section 2); a forfeit loss never does."""
    if ctx.rounds != 9 or last != 9 or games != 8 or ctx.min_games != 9:
        return False
    missing = [item for item in pg.not_counted if item.round <= last]
    return len(missing) == 1 and missing[0].outcome in _MADE_UP


def _drop_key(game: CountedGame, ctx: NormContext) -> tuple[object, ...]:
    """What leaving a win out changes besides Ra: wins alike in it are left out lowest first."""
    o = game.opponent
    federation = None if ctx.federations_exempt and ctx.limits_exempt else ctx.federation_of(o)
    key: tuple[object, ...] = (o.title in TITLED, o.title in ctx.rule.level_titles, federation)
    return (*key, o.id) if ctx.distinct_half else key


def drop_choices(
    wins: Sequence[CountedGame], most: int, ctx: NormContext
) -> Iterator[tuple[CountedGame, ...]]:
    """Sets of wins to leave out, fewest first: within a group of alike wins, the lowest
    rated (then the latest round) first."""
    groups: dict[tuple[object, ...], list[CountedGame]] = {}
    for game in wins:
        groups.setdefault(_drop_key(game, ctx), []).append(game)
    ordered = [
        sorted(group, key=lambda g: (g.opponent.rating or ctx.unrated_rating, -g.round))
        for _, group in sorted(groups.items(), key=lambda item: repr(item[0]))
    ]
    for dropped in range(min(most, len(wins)) + 1):
        for counts in _vectors([len(g) for g in ordered], dropped):
            yield tuple(g for group, k in zip(ordered, counts, strict=True) for g in group[:k])


def _vectors(sizes: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to take ``total`` from groups of ``sizes`` (counts per group), the first
    group's count rising slowest. Without recursion (a file may hold hundreds of wins),
    and never into a branch that cannot reach ``total``."""
    n = len(sizes)
    if n == 0:
        if total == 0:
            yield ()
        return
    room = [0] * (n + 1)  # what the groups from i on can give
    for i in range(n - 1, -1, -1):
        room[i] = room[i + 1] + sizes[i]
    if total > room[0]:
        return
    counts, highs, lefts = [0] * n, [0] * n, [0] * n
    i, lefts[0] = 0, total
    counts[0], highs[0] = max(0, total - room[1]), min(sizes[0], total)
    while i >= 0:
        if counts[i] > highs[i]:
            i -= 1
            if i >= 0:
                counts[i] += 1
            continue
        if i == n - 1:
            yield tuple(counts)
            counts[i] += 1
            continue
        left = lefts[i] - counts[i]
        i += 1
        lefts[i] = left
        counts[i], highs[i] = max(0, left - room[i + 1]), min(sizes[i], left)


def _rank(found: Assessment) -> tuple[int, ...]:
    """Most games credited, then most games, the best Rp and Ra, the most titled
    opponents kept, the fewest games left out."""
    return (
        found.credited_games,
        len(found.games),
        found.rp,
        found.ra,
        found.check(Requirement.TITLED).actual,
        -len(found.left_out),
    )


def _better(found: Assessment, best: Assessment | None) -> bool:
    return best is None or _rank(found) > _rank(best)


def _hopeless_prefixes(games: Sequence[CountedGame], ctx: NormContext) -> list[bool]:
    """For each k, whether no subset of the first k games can make the norm: too few
    level opponents, or Ra and Rp out of reach even at the strongest opponent's rating
    (leaving wins out only lowers p). One pass over the games."""
    rule = ctx.rule
    fewest = -(-MIN_LEVEL_TITLED // 2) if ctx.distinct_half else MIN_LEVEL_TITLED
    found = [True]
    level = half_points = 0
    strongest = rule.floor
    for k, game in enumerate(games, start=1):
        opponent = game.opponent
        level += opponent.title in rule.level_titles
        half_points += game.half_points
        strongest = max(strongest, opponent.rating or ctx.unrated_rating)
        reach = strongest + rating_difference(score_percent(half_points, k))
        found.append(level < fewest or strongest < rule.average or reach < rule.performance)
    return found


def best_assessment(
    pg: PlayerGames, ctx: NormContext, budget: Budget | None = None
) -> Assessment | None:
    """The best set of ``pg``'s games that makes the norm, None when none does."""
    budget = budget if budget is not None else Budget()
    if not pg.games:
        return None
    every = pg.games  # in round order
    if ctx.round_robin:
        if ctx.complete < ctx.rounds:
            return None  # a round robin uses every scheduled round
        whole = assess(every, (), ctx)
        if not all(check.met for check in whole.checks if check.requirement in MIX):
            return None  # the whole event's mix must allow a norm
    # (games kept, the last round): every round, then a Swiss's first rounds up to each
    # earlier game, while they hold enough games.
    sets = [(len(every), ctx.complete)]
    if not ctx.round_robin:
        sets += [(k, every[k - 1].round) for k in range(len(every) - 1, ctx.min_games - 1, -1)]
    rule = ctx.rule
    fewest = -(-MIN_LEVEL_TITLED // 2) if ctx.distinct_half else MIN_LEVEL_TITLED
    if sum(1 for g in every if g.opponent.title in rule.level_titles) < fewest:
        return None  # most players: no set of their games has the level opponents
    hopeless = _hopeless_prefixes(every, ctx)
    best: Assessment | None = None
    for kept_games, last in sets:
        eight = eight_of_nine(pg, last, kept_games, ctx)
        most = 0 if eight else kept_games - ctx.min_games
        if most < 0 or hopeless[kept_games]:
            continue
        games, tail = every[:kept_games], [g.round for g in every[kept_games:]]
        wins = [g for g in games if g.half_points == 2]
        for dropped in drop_choices(wins, most, ctx):
            if not budget.take(kept_games - len(dropped)):
                return best
            left = {g.round for g in dropped}
            kept = [g for g in games if g.round not in left]
            found = assess(kept, [*left, *tail], ctx, eight, last)
            if found.passed and _better(found, best):
                best = found
    return best
