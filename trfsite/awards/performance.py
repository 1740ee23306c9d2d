"""Per player: rating change, performance and average opponent rating together.

Performance and the average opponent rating count the games the FIDE Rating
Regulations rate (B.02, 1 January 2024, 8.3.1): played over the board (1, =,
0; not forfeits, byes or the W D L of games under one move) against a *rated*
opponent. A game against an unrated opponent is left out, so one unrated
opponent no longer blanks the values; with ``unrated_rating`` (the title
regulations count an unrated opponent as 1400, B.01 1.4.6) it counts at that
rating instead. ARO is the average of those ratings, rounded to the nearest
whole number, 0.5 up; performance = ARO + dp(p), p the score over those games
rounded to two decimals, dp from table 8.1(a).

These are the awards' values (cards, standings, bulletin, person pages). The
tie-breaks ARO and TPR (C.07 10.1, 10.2) are the scoring layer's own.
"""

from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

from trfsite.awards.rating_change import RatingChange, rating_changes
from trfsite.model import EventKind, Game, Outcome, Player, Tournament
from trfsite.results import (
    N_,
    Contribution,
    Explanation,
    Note,
    Standings,
    new_contribution,
    new_explanation,
)
from trfsite.scoring.rating_tables import percent, rating_difference
from trfsite.scoring.rule_sets import RULE_SETS

# Over-the-board results in half points (B.02 8.3.1: the games that are rated).
_HALF_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}

NO_RATED_GAMES = Note("no game over the board against a rated opponent")


class PlayerRatings(NamedTuple):
    change: RatingChange
    performance: Explanation  # value None when there is no game to count
    average_opponent_rating: Explanation  # ARO


class _Counted(NamedTuple):
    """One game counted: round, opponent, the rating it counts at, score in half points."""

    round: int
    opponent: Player
    rating: int
    half_points: int


def has_ratings(standings: Standings) -> bool:
    """Chess events whose rows are players (Go ratings follow other rules)."""
    return (
        standings.tournament.game is Game.CHESS
        and standings.kind is EventKind.INDIVIDUAL
        and standings.rules in RULE_SETS
    )


def _games(
    player: Player, players: Mapping[int, Player], last_round: int, unrated_rating: int | None
) -> Iterator[tuple[int, Player, int | None, int]]:
    """(round, opponent, rating, half points) of each game that counts; rating None for
    an unrated opponent when no rating stands in for one."""
    for entry in player.rounds:
        half = _HALF_POINTS.get(entry.outcome)
        if entry.round > last_round or half is None or entry.opponent is None:
            continue
        opponent = players.get(entry.opponent)
        if opponent is not None:
            yield entry.round, opponent, opponent.rating or unrated_rating or None, half


def _counted(
    player: Player, players: Mapping[int, Player], last_round: int, unrated_rating: int | None
) -> tuple[list[_Counted], list[tuple[int, Player]]]:
    """(the games counted, the (round, opponent) left out for an unrated opponent)."""
    counted: list[_Counted] = []
    unrated: list[tuple[int, Player]] = []
    for round_number, opponent, rating, half in _games(player, players, last_round, unrated_rating):
        if rating:
            counted.append(_Counted(round_number, opponent, rating, half))
        else:
            unrated.append((round_number, opponent))
    counted.sort(key=lambda g: g.round)
    return counted, unrated


def _plain_values(
    player: Player, players: Mapping[int, Player], last_round: int, unrated_rating: int | None
) -> tuple[int | None, int | None]:
    """(performance, ARO) of the games ``_counted`` counts, None without any; summed as
    they are found: no game objects, no order (the awards of a 2000-player open need
    the values alone, on the path before its pages can start)."""
    games = total = half_points = 0
    for _, _, rating, half in _games(player, players, last_round, unrated_rating):
        if rating:
            games += 1
            total += rating
            half_points += half
    if not games:
        return None, None
    aro = _round_half_up(total, games)
    return aro + rating_difference(percent(half_points / 2, games)), aro


def _round_half_up(total: int, count: int) -> int:
    return (2 * total + count) // (2 * count)


def performances(
    t: Tournament, after_round: int | None = None, unrated_rating: int | None = None
) -> dict[int, int]:
    """Every player's performance (without explanations; players without one left out)."""
    players = t.player_index()
    last = t.rounds if after_round is None else after_round
    found: dict[int, int] = {}
    for player in t.players:
        value = _plain_values(player, players, last, unrated_rating)[0]
        if value is not None:
            found[player.id] = value
    return found


def _label(opponent: Player) -> str:
    return f"{opponent.id} {opponent.name}".strip()


_RATING = Note("rating")
_RATED_ONLY = Note(
    "over the games against rated opponents, as the FIDE Rating Regulations rate them (B.02 8.3.1)"
)


class _OpponentNotes:
    """The lines an opponent's games add to TPR and ARO explanations, made once per event.

    Every player who met an opponent reads the same line about them (their rating; the
    result, of which there are three): made per game, they were some 60,000 notes for
    the cards of a 2,000-player open, three in four of them the same text again.
    """

    __slots__ = ("_results", "_ratings", "_unrated", "_which", "unrated_rating")

    def __init__(self, unrated_rating: int | None) -> None:
        self.unrated_rating = unrated_rating
        self._results: dict[tuple[int, int], Note] = {}
        self._ratings: dict[int, Note] = {}
        self._unrated: dict[int, Note] = {}
        self._which: dict[int, tuple[str, ...]] = {}

    def result(self, game: _Counted) -> Note:
        """The game's line of a TPR explanation."""
        key = (game.opponent.id, game.half_points)
        note = self._results.get(key)
        if note is None:
            template = (
                N_("opponent {opponent} rated {rating}: result {result:g}")
                if game.opponent.rating
                else N_("opponent {opponent} unrated, counted as {rating}: result {result:g}")
            )
            note = self._results[key] = Note(
                template,
                opponent=_label(game.opponent),
                rating=game.rating,
                result=game.half_points / 2,
            )
        return note

    def rating(self, game: _Counted) -> Note:
        """The game's line of an ARO explanation."""
        note = self._ratings.get(game.opponent.id)
        if note is None:
            note = self._ratings[game.opponent.id] = Note(
                "opponent {opponent}: {what} {value}",
                opponent=_label(game.opponent),
                what=_RATING,
                value=game.rating,
            )
        return note

    def left_out(self, opponent: Player) -> Note:
        """The line of a game against an unrated opponent, not counted."""
        note = self._unrated.get(opponent.id)
        if note is None:
            note = self._unrated[opponent.id] = Note(
                "opponent {opponent} unrated: not counted", opponent=_label(opponent)
            )
        return note

    def which_games(self, unrated: int) -> tuple[str, ...]:
        """The notes that say which games count, for a player with ``unrated`` left out."""
        if self.unrated_rating is not None:
            unrated = 0  # they count: one note for everyone
        notes = self._which.get(unrated)
        if notes is None:
            notes = self._which[unrated] = tuple(_which_games(unrated, self.unrated_rating))
        return notes


def _which_games(unrated: int, unrated_rating: int | None) -> list[str]:
    if unrated_rating is not None:
        return [
            Note(
                "unrated opponents count as {rating}, as set in trfsite.toml (unrated_rating; "
                "the title regulations count them as 1400, B.01 1.4.6)",
                rating=unrated_rating,
            )
        ]
    notes: list[str] = [_RATED_ONLY]
    if unrated:
        notes.append(Note("games against unrated opponents left out: {n}", n=unrated))
    return notes


def _explained(
    counted: list[_Counted], unrated: list[tuple[int, Player]], lines: _OpponentNotes
) -> tuple[Explanation, Explanation]:
    which = lines.which_games(len(unrated))
    left_out = [new_contribution(r, None, lines.left_out(opponent)) for r, opponent in unrated]
    results: list[Contribution] = []
    ratings: list[Contribution] = []
    total = half_points = 0  # as _plain_values sums them, in the same pass
    for game in counted:
        results.append(new_contribution(game.round, game.half_points / 2, lines.result(game)))
        ratings.append(new_contribution(game.round, float(game.rating), lines.rating(game)))
        total += game.rating
        half_points += game.half_points
    if not counted:
        return (
            new_explanation("TPR", None, tuple(left_out), (NO_RATED_GAMES, *which)),
            new_explanation("ARO", None, tuple(left_out), (NO_RATED_GAMES, *which)),
        )
    n = len(counted)
    aro = _round_half_up(total, n)
    score = half_points / 2
    p = percent(score, n)
    dp = rating_difference(p)
    performance = aro + dp
    tpr_note = Note(
        "ARO {sum} / {n} -> {aro}; p = {score:g} / {games} = {p:.2f}; dp = {dp:+d}; "
        "TPR = {aro} {dp:+d} = {tpr}",
        sum=total,
        n=n,
        aro=aro,
        score=score,
        games=n,
        p=p / 100,
        dp=dp,
        tpr=performance,
    )
    aro_note = Note(
        "{total:g} / {n} = {average:.2f}, rounded half up to {value:g}",
        total=total,
        n=n,
        average=total / n,
        value=aro,
    )
    by_round: Sequence[Contribution] = results
    ratings_by_round: Sequence[Contribution] = ratings
    if left_out:  # the games counted are in round order already (_counted sorts them)
        by_round = sorted((*results, *left_out), key=lambda c: c.round)
        ratings_by_round = sorted((*ratings, *left_out), key=lambda c: c.round)
    return (
        new_explanation("TPR", float(performance), tuple(by_round), (tpr_note, *which)),
        new_explanation("ARO", float(aro), tuple(ratings_by_round), (aro_note, *which)),
    )


def event_ratings(
    standings: Standings,
    k_overrides: Mapping[int, int] | None = None,
    explain: bool = True,
    unrated_rating: int | None = None,
    explained: frozenset[int] | None = None,
    changes: Mapping[int, RatingChange] | None = None,
) -> dict[int, PlayerRatings]:
    """Rating change, performance and ARO of every player, after ``standings.after_round``.

    Without ``explain`` performance and ARO carry their values only. ``unrated_rating``:
    the rating unrated opponents count at (performance, ARO only: the rating change
    counts rated opponents alone). ``explained``: the ids of the only players wanted,
    explained (the cards one page worker builds); ``changes``: the rating changes
    already made with the same settings.
    """
    t = standings.tournament
    if not has_ratings(standings):
        return {}
    if changes is None:
        changes = rating_changes(t, k_overrides, standings.after_round)
    players = t.player_index()
    last = standings.after_round
    explaining = explain or explained is not None
    lines = _OpponentNotes(unrated_rating)
    found: dict[int, PlayerRatings] = {}
    for player in t.players:
        if explained is not None and player.id not in explained:
            continue
        if explaining:
            counted, unrated = _counted(player, players, last, unrated_rating)
            performance, aro = _explained(counted, unrated, lines)
        else:
            values = _plain_values(player, players, last, unrated_rating)
            performance = new_explanation("TPR", None if values[0] is None else float(values[0]))
            aro = new_explanation("ARO", None if values[1] is None else float(values[1]))
        found[player.id] = PlayerRatings(changes[player.id], performance, aro)
    return found
