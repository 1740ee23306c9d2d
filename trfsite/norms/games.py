"""Which of a player's rounds are games for a norm (spec section 2).

Only games played over the board against an opponent count: forfeits, byes and
absences are not games (no opponent, no points, not in Ra); a game of less than
one move (TRF W/D/L) counts only when the settings say so; a game against an
opponent the file gives no federation does not count (the file cannot show a
FIDE federation); in a round robin, a game against an unrated opponent who scored
nothing against rated opponents does not count.
"""

import enum
from typing import NamedTuple

from trfsite.model import Outcome, Player, Tournament
from trfsite.norms.rules import normal_title
from trfsite.results import N_

_HALF_POINTS = {
    Outcome.WIN: 2,
    Outcome.DRAW: 1,
    Outcome.LOSS: 0,
    Outcome.WIN_UNRATED: 2,
    Outcome.DRAW_UNRATED: 1,
    Outcome.LOSS_UNRATED: 0,
}
_SHORT = frozenset({Outcome.WIN_UNRATED, Outcome.DRAW_UNRATED, Outcome.LOSS_UNRATED})


class Opponent(NamedTuple):
    """An opponent as the norm sees them: title, federation and rating at the start."""

    id: int
    name: str
    title: str  # as B.01 spells it: GM, IM, ... ("" for none)
    federation: str  # upper case, "" when the file gives none
    rating: int | None  # None: unrated
    fide_id: str = ""


class CountedGame(NamedTuple):
    round: int
    opponent: Opponent
    half_points: int  # 2 a win, 1 a draw, 0 a loss
    outcome: Outcome


class NotCountedReason(enum.Enum):
    FORFEIT = "forfeit"
    BYE = "bye"
    SHORT_GAME = "short-game"
    NO_FEDERATION = "no-federation"
    UNRATED_WITHOUT_POINTS = "unrated-without-points"
    NOT_PLAYED = "not-played"
    NO_RESULT = "no-result"

    @property
    def label(self) -> str:
        return _REASONS[self]


_REASONS = {
    NotCountedReason.FORFEIT: N_("forfeit: not a game"),
    NotCountedReason.BYE: N_("bye: not a game"),
    NotCountedReason.SHORT_GAME: N_("a game of less than one move (W, D, L)"),
    NotCountedReason.NO_FEDERATION: N_("the file gives the opponent no federation"),
    NotCountedReason.UNRATED_WITHOUT_POINTS: N_(
        "round robin: an unrated opponent who scored nothing against rated opponents"
    ),
    NotCountedReason.NOT_PLAYED: N_("no game in this round"),
    NotCountedReason.NO_RESULT: N_("no result in the file"),
}


class NotCounted(NamedTuple):
    round: int
    reason: NotCountedReason
    outcome: Outcome | None = None  # None: the player has no cell in this round
    opponent_id: int | None = None


class PlayerGames(NamedTuple):
    """One player's rounds 1..``rounds``: the games that count and the others."""

    player: Player
    rounds: int
    games: tuple[CountedGame, ...]
    not_counted: tuple[NotCounted, ...]

    def missing(self, round_no: int) -> NotCounted | None:
        for item in self.not_counted:
            if item.round == round_no:
                return item
        return None


def opponents_of(t: Tournament) -> dict[int, Opponent]:
    return {
        p.id: Opponent(
            p.id,
            p.name,
            normal_title(p.title),
            p.federation.strip().upper(),
            p.rating or None,
            p.fide_id.strip() if p.fide_id.strip() not in ("", "0") else "",
        )
        for p in t.players
    }


def unrated_without_points(t: Tournament, rounds: int) -> frozenset[int]:
    """Unrated players who scored nothing in games against rated players (round robins)."""
    rated = {p.id for p in t.players if p.rating}
    found = set()
    for player in t.players:
        if player.rating:
            continue
        scored = sum(
            _HALF_POINTS[cell.outcome]
            for cell in player.rounds
            if cell.round <= rounds
            and cell.opponent in rated
            and cell.outcome in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)
        )
        if scored == 0:
            found.add(player.id)
    return frozenset(found)


def count_games(
    player: Player,
    rounds: int,
    opponents: dict[int, Opponent],
    count_short_games: bool,
    not_counted_opponents: frozenset[int] = frozenset(),
) -> PlayerGames:
    """The player's rounds up to ``rounds``, sorted into games that count and the rest.

    ``not_counted_opponents``: ids whose games do not count (a round robin's unrated
    players without a point against rated ones, see :func:`unrated_without_points`).
    """
    games: list[CountedGame] = []
    others: list[NotCounted] = []
    for round_no in range(1, rounds + 1):
        cell = player.entry(round_no)
        if cell is None:
            others.append(NotCounted(round_no, NotCountedReason.NOT_PLAYED))
            continue
        outcome = cell.outcome
        reason = None
        opponent = opponents.get(cell.opponent) if cell.opponent is not None else None
        if outcome.is_forfeit:
            reason = NotCountedReason.FORFEIT
        elif outcome.is_bye:
            reason = NotCountedReason.BYE
        elif cell.opponent is None:
            reason = NotCountedReason.NOT_PLAYED
        elif outcome not in _HALF_POINTS or opponent is None:
            reason = NotCountedReason.NO_RESULT
        elif outcome in _SHORT and not count_short_games:
            reason = NotCountedReason.SHORT_GAME
        elif not opponent.federation:
            reason = NotCountedReason.NO_FEDERATION
        elif opponent.id in not_counted_opponents:
            reason = NotCountedReason.UNRATED_WITHOUT_POINTS
        if reason is not None:
            others.append(NotCounted(round_no, reason, outcome, cell.opponent))
        else:
            assert opponent is not None
            games.append(CountedGame(round_no, opponent, _HALF_POINTS[outcome], outcome))
    return PlayerGames(player, rounds, tuple(games), tuple(others))
