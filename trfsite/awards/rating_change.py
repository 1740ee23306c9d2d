"""Rating change under the FIDE Rating Regulations (Handbook B.02, 1 January 2024).

8.3.1: only games played over the board against a rated opponent count (1 = 0;
forfeits, byes and the W D L codes of games under one move are not rated); a
difference of more than 400 points counts as 400. 8.3.2: We from table 8.1(b);
the change is K x sum(W - We). 8.3.3: K = 40 until the end of the year of the
18th birthday while the rating is under 2300, 20 under 2400, 10 from 2400;
K x n <= 700, n being the games counted in this event. A per-player K from the
config wins (a new player's first 30 games cannot be seen in a file).

Expected scores are kept in hundredths (integers) so that sums are exact.
"""

import functools
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

from trfsite.formats.numbers import is_whole
from trfsite.model import Outcome, Player, Tournament
from trfsite.results import Note
from trfsite.scoring.rating_tables import expected_hundredths

RATING_CAP_DIFFERENCE = 400  # B.02 8.3.1
K_TIMES_GAMES_CAP = 700  # B.02 8.3.3
JUNIOR_K, DEFAULT_K, TOP_K = 40, 20, 10
_SCORE_HUNDREDTHS = {Outcome.WIN: 100, Outcome.DRAW: 50, Outcome.LOSS: 0}


class KFactor(NamedTuple):
    value: int
    reason: str  # why this K, in words, for the explanation


class RatedGame(NamedTuple):
    """One rated game: W, We (table 8.1(b)), W - We and its share K x (W - We)."""

    round: int
    opponent_id: int
    opponent_rating: int
    difference: int  # own rating minus the opponent's, after the 400-point rule
    score: float  # W
    expected: float  # We
    change: float  # K x (W - We)

    @property
    def delta(self) -> float:
        return round(self.score - self.expected, 2)


class RatingChange(NamedTuple):
    """One player's change in one event; ``value`` is None for an unrated player."""

    player_id: int
    rating: int | None
    k: KFactor | None
    games: tuple[RatedGame, ...]
    value: float | None
    notes: tuple[str, ...] = ()

    @property
    def delta_sum(self) -> float:
        return round(sum(g.score for g in self.games) - sum(g.expected for g in self.games), 2)


# K x (W - We) takes few values (K 10, 20 or 40 times hundredths), and a rating
# card and the standings spell each game's and each player's change.
@functools.lru_cache(maxsize=4096, typed=True)
def one_decimal(value: float | None, sign: bool = True) -> str:
    """``+12.4``, ``-3.0``, ``-`` for none: half up, as an arbiter rounds by hand."""
    if value is None:
        return "-"
    rounded = Decimal(repr(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    if rounded == 0:
        return "0.0"
    return f"{rounded:+}" if sign else f"{rounded}"


# Templates of the numbers inside notes: a page spells them in its language (the
# catalogs have no entry for them, so they stay as they are).
_SIGNED_ONE = "{value:+.1f}"
_ZERO_ONE = "{value:.1f}"
SIGNED_TWO = "{value:+.2f}"


def signed_note(value: float) -> Note:
    """``+12.4``, ``-3.0``, ``0.0`` (half up), as a note: a German page shows ``+12,4``."""
    rounded = float(Decimal(repr(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
    if not rounded:
        return Note(_ZERO_ONE, value=0.0)  # no sign, and never -0.0
    return Note(_SIGNED_ONE, value=rounded)


def birth_year(player: Player) -> int | None:
    """The year of a ``YYYY/MM/DD`` birth date (month and day may be 00), or None."""
    head = player.birth_date[:4]
    if len(head) == 4 and is_whole(head) and int(head) > 0:
        return int(head)
    return None


def event_year(t: Tournament) -> int | None:
    """The year the event ends (K and age groups are judged then)."""
    dates = [d for d in (t.end_date, t.start_date, *t.round_dates) if d is not None]
    return max(dates).year if dates else None


def k_factor(
    player: Player, year: int | None, override: int | None = None, games: int = 0
) -> KFactor | None:
    """K for ``player`` in an event of ``year`` (B.02 8.3.3); None when unrated."""
    rating = player.rating
    if not rating:
        return None
    if override is not None:
        value = override
        reason = Note("K = {k} set in trfsite.toml (k_factor)", k=override)
    else:
        born = birth_year(player)
        junior = born is not None and year is not None and year <= born + 18
        if junior and rating < 2300:
            value = JUNIOR_K
            # No birth year in the text: the pages publish no birth date ([privacy]).
            reason = Note(
                "K = 40: 18 or younger in {year} (junior K until the end of the year of the "
                "18th birthday); rating {rating} < 2300 (B.02 8.3.3)",
                year=year or 0,
                rating=rating,
            )
        elif rating < 2400:
            value = DEFAULT_K
            reason = Note("K = 20: rating {rating} < 2400 (B.02 8.3.3)", rating=rating)
            if born is None:
                reason = Note("{reason}; no birth year in the file, so the adult K", reason=reason)
        else:
            value = TOP_K
            reason = Note("K = 10: rating {rating} >= 2400 (B.02 8.3.3)", rating=rating)
    if games and value * games > K_TIMES_GAMES_CAP:
        capped = K_TIMES_GAMES_CAP // games
        reason = Note(
            "{reason}; {k} x {n} games = {product} > 700, so K = 700 // {n} = {capped} "
            "(B.02 8.3.3)",
            reason=reason,
            k=value,
            n=games,
            product=value * games,
            capped=capped,
        )
        value = capped
    return KFactor(value, reason)


def rating_changes(
    t: Tournament,
    k_overrides: Mapping[int, int] | None = None,
    after_round: int | None = None,
) -> dict[int, RatingChange]:
    """Every player's rating change in ``t`` (up to ``after_round``), by player id.

    ``k_overrides`` maps start numbers to a K set by the organiser.
    """
    overrides = k_overrides or {}
    players = t.player_index()
    year = event_year(t)
    last = t.rounds if after_round is None else after_round
    shared = _Shared()
    found: dict[int, RatingChange] = {}
    for player in t.players:
        found[player.id] = _change(player, players, year, overrides.get(player.id), last, shared)
    return found


class _Shared:
    """What the players of one event share: each rating difference's We (at most 801
    of them, against some 22,000 games of a 2000-player open) and the change's note per
    K and sum (a few hundred), made once; a player's own figures stay their own."""

    __slots__ = ("expected", "sums")

    def __init__(self) -> None:
        self.expected: dict[int, int] = {}
        self.sums: dict[tuple[int, int], Note] = {}

    def expected_of(self, difference: int) -> int:
        found = self.expected.get(difference)
        if found is None:
            found = self.expected[difference] = expected_hundredths(difference)
        return found

    def sum_note(self, k: int, total: int) -> Note:
        """The change's account: K times the sum of W - We (in hundredths)."""
        found = self.sums.get((k, total))
        if found is None:
            found = self.sums[k, total] = Note(
                "change = K x sum(W - We) = {k} x {sum} = {value}",
                k=k,
                sum=Note(SIGNED_TWO, value=total / 100),
                value=signed_note(k * total / 100),
            )
        return found


# A game's fields given whole, in order, without the keyword handling of the named
# tuple's constructor (some 22,000 games in a 2000-player open; as pages/cards does).
_game = tuple.__new__


def rating_change_for(
    t: Tournament,
    player_id: int,
    k_overrides: Mapping[int, int] | None = None,
    after_round: int | None = None,
) -> RatingChange | None:
    """One player's rating change in ``t``; None if no such player (for person pages)."""
    player = t.player_index().get(player_id)
    if player is None:
        return None
    override = (k_overrides or {}).get(player_id)
    last = t.rounds if after_round is None else after_round
    return _change(player, t.player_index(), event_year(t), override, last, _Shared())


def _change(
    player: Player,
    players: Mapping[int, Player],
    year: int | None,
    override: int | None,
    last_round: int,
    shared: _Shared,
) -> RatingChange:
    rating = player.rating or None
    if rating is None:
        return RatingChange(player.id, None, None, (), None, (Note("unrated: no rating change"),))
    counted: list[tuple[int, int, int, int]] = []  # round, opponent, rating, W in hundredths
    for entry in player.rounds:
        score = _SCORE_HUNDREDTHS.get(entry.outcome)
        if entry.round > last_round or score is None or entry.opponent is None:
            continue
        opponent = players.get(entry.opponent)
        if opponent is None or not opponent.rating:
            continue
        counted.append((entry.round, opponent.id, opponent.rating, score))
    k = k_factor(player, year, override, len(counted))
    assert k is not None  # rated
    games: list[RatedGame] = []
    total = 0
    known = shared.expected
    for round_no, opponent_id, opponent_rating, score in sorted(counted):
        difference = rating - opponent_rating
        if difference > RATING_CAP_DIFFERENCE:
            difference = RATING_CAP_DIFFERENCE
        elif difference < -RATING_CAP_DIFFERENCE:
            difference = -RATING_CAP_DIFFERENCE
        expected = known.get(difference)
        if expected is None:
            expected = shared.expected_of(difference)
        total += score - expected
        # RatedGame's fields in order (round, opponent_id, opponent_rating,
        # difference, score, expected, change).
        games.append(
            _game(
                RatedGame,
                (
                    round_no,
                    opponent_id,
                    opponent_rating,
                    difference,
                    score / 100,
                    expected / 100,
                    k.value * (score - expected) / 100,
                ),
            )
        )
    notes: list[str] = [k.reason]
    if not games:
        notes.append(Note("no rated game over the board against a rated opponent"))
    value = k.value * total / 100
    notes.append(shared.sum_note(k.value, total))
    return RatingChange(player.id, rating, k, tuple(games), value, tuple(notes))
