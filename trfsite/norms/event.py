"""Every player's norm in one event, and during a live event the forecasts.

``event_norms`` is what the command, the pages and the bulletin read: which edition
applies (by the start date), what the file lets the check decide (the Swiss
exemption, a double round robin), each player's highest norm with its best set of
games, and the players still in reach of one.
"""

from typing import NamedTuple

from trfsite.model import Game, Player, Tournament
from trfsite.norms.check import (
    MAX_EVENT_GAMES,
    MAX_SETS,
    Assessment,
    Budget,
    NormContext,
    assess,
    best_assessment,
    eight_of_nine,
)
from trfsite.norms.exemption import SwissExemption, swiss_exemption
from trfsite.norms.forecast import Forecast, forecast, round_robin_future, swiss_future
from trfsite.norms.games import (
    CountedGame,
    NotCounted,
    count_games,
    opponents_of,
    unrated_without_points,
)
from trfsite.norms.rules import (
    DOUBLE_ROUND_ROBIN_MIN_PLAYERS,
    MIN_GAMES,
    NORM_RULES,
    WOMEN,
    Edition,
    NormRule,
    edition_for,
    find_edition,
    find_norm,
    holds_title_or_higher,
)
from trfsite.norms.settings import (
    Competition,
    DoubleRoundRobinTitles,
    Exemption,
    NormSettings,
)
from trfsite.progress import round_progress
from trfsite.results import Note
from trfsite.scoring.round_robin import individual_pairings, meetings_per_pair

# The level titles of the WIM norm, the widest: every norm needs 3 opponents with one
# (2 distinct in a double round robin).
_ANY_LEVEL = frozenset().union(*(rule.level_titles for rule in NORM_RULES))
_MIN_GAMES = {
    Competition.INDIVIDUAL: MIN_GAMES,
    Competition.TEAM_CHAMPIONSHIP: 7,
    Competition.WORLD_CUP: 8,
}


class PlayerNorm(NamedTuple):
    """A player's highest norm: the best set of games that makes it."""

    player: Player
    rule: NormRule
    assessment: Assessment
    games: tuple[CountedGame, ...]  # every game that counts, used or left out
    not_counted: tuple[NotCounted, ...]  # the player's rounds that were no games
    exempt: str  # why the federation rules are lifted ("" when they are not)


class NormsReport(NamedTuple):
    settings: NormSettings
    edition: Edition | None
    not_checked: str  # why the event was not checked ("" when it was)
    rounds: int
    complete: int  # the check looks at rounds 1..complete
    round_robin: bool
    double_round_robin: bool
    swiss: SwissExemption
    norms: tuple[PlayerNorm, ...] = ()
    forecasts: tuple[Forecast, ...] = ()
    cut: tuple[int, ...] = ()  # players whose search reached the bound of MAX_SETS

    @property
    def live(self) -> bool:
        return self.complete < self.rounds

    @property
    def worth_a_page(self) -> bool:
        """A norm, or a live chance of one."""
        return bool(self.norms or self.forecasts)


def _edition(t: Tournament, settings: NormSettings) -> tuple[Edition | None, str]:
    if settings.edition != "auto":
        return find_edition(settings.edition), ""
    edition = edition_for(t.start_date)
    if edition is None:
        return None, Note(
            "The event started on {date}, before the edition of the title regulations "
            "applied from 1 January 2024, the earliest trfsite knows; set "
            'edition = "2024" to apply it anyway.',
            date=t.start_date or "",
        )
    return edition, ""


def _double(t: Tournament, round_robin: bool) -> tuple[bool, int]:
    """(a double round robin, its participants)."""
    if not round_robin:
        return False, 0
    people, pairings = individual_pairings(t)
    meetings = meetings_per_pair(people, pairings)
    single = len(people) - 1 + len(people) % 2
    double = meetings == 2 or (meetings == 0 and single > 0 and t.rounds >= 2 * single)
    return double, len(people)


def _exempt(
    player: Player, t: Tournament, settings: NormSettings, swiss: SwissExemption
) -> tuple[bool, bool, str]:
    """(1.4.3 lifted, 1.4.4 lifted, why) for one player."""
    if swiss.applies:
        return (
            True,
            True,
            Note(
                "Swiss with {players} rated players from {federations} federations other than "
                "the host's ({titled} of them GM, IM, WGM or WIM)",
                players=swiss.players,
                federations=swiss.federations,
                titled=swiss.titled,
            ),
        )
    kind = settings.exemption
    host = t.federation.strip().upper()
    own = player.federation.strip().upper()
    national = kind in (Exemption.NATIONAL_CHAMPIONSHIP, Exemption.NATIONAL_TEAM_CHAMPIONSHIP)
    if kind is Exemption.ZONAL or (national and host and own == host):
        why = {
            Exemption.ZONAL: Note("zonal or sub-zonal tournament (setting)"),
            Exemption.NATIONAL_CHAMPIONSHIP: Note("national championship final (setting)"),
            Exemption.NATIONAL_TEAM_CHAMPIONSHIP: Note("national team championship (setting)"),
        }[kind]
        return True, settings.other_exemptions_lift_limits, why
    return False, False, ""


def _eligible(player: Player) -> tuple[NormRule, ...]:
    """The norms the player may make: not held (nor a higher title); WGM, WIM for women."""
    woman = player.sex.strip().lower() in WOMEN
    return tuple(
        rule
        for rule in NORM_RULES
        if not holds_title_or_higher(player.title, rule) and (woman or not rule.women_only)
    )


def event_norms(t: Tournament, round_robin: bool, settings: NormSettings) -> NormsReport:
    """Every player's highest norm (and the forecasts while the event is live).

    ``round_robin``: the standings' decision (records 092/192 or the pairings).
    """
    complete = round_progress(t).complete if t.game is Game.CHESS else 0
    double, participants = _double(t, round_robin)
    swiss = swiss_exemption(t, complete, round_robin)
    report = NormsReport(settings, None, "", t.rounds, complete, round_robin, double, swiss)
    if t.game is not Game.CHESS:
        return _not_checked(report, Note("Title norms are for chess events."))
    edition, why = _edition(t, settings)
    if edition is None:
        return _not_checked(report, why)
    report = NormsReport(settings, edition, "", t.rounds, complete, round_robin, double, swiss)
    if double and participants < DOUBLE_ROUND_ROBIN_MIN_PLAYERS:
        return _not_checked(
            report, Note("A double round robin needs at least 6 players for a norm.")
        )
    opponents = opponents_of(t)
    if sum(1 for o in opponents.values() if o.title in _ANY_LEVEL) < 2:
        return report  # no norm has the titled opponents it needs (a club event): quick
    excluded = unrated_without_points(t, complete) if round_robin else frozenset()
    top = sorted(((p.rating or 0, p.id) for p in t.players), reverse=True)[:2]
    norms: list[PlayerNorm] = []
    forecasts: list[Forecast] = []
    cut: list[int] = []
    games_left = MAX_EVENT_GAMES
    for player in t.players:
        rules = _eligible(player)
        if not rules or not player.federation.strip():
            continue
        pg = count_games(player, complete, opponents, settings.count_short_games, excluded)
        federations_exempt, limits_exempt, why = _exempt(player, t, settings, swiss)
        made = None
        contexts: list[NormContext] = []  # the rules checked, up to the one met
        for rule in rules:
            ctx = norm_context(
                rule,
                edition,
                player,
                t,
                complete,
                round_robin,
                double,
                settings,
                federations_exempt,
                limits_exempt,
            )
            contexts.append(ctx)
            budget = Budget(MAX_SETS, games_left)
            best = best_assessment(pg, ctx, budget)
            games_left = budget.games
            if budget.cut:
                cut.append(player.id)
            if best is not None:
                made = rule
                norms.append(PlayerNorm(player, rule, best, pg.games, pg.not_counted, why))
                break
        if complete >= t.rounds:
            continue
        future = (
            round_robin_future(player, complete, 2 if double else 1, opponents, excluded)
            if round_robin
            else swiss_future(player, complete, t.rounds, opponents, excluded)
        )
        strongest = next((rating for rating, pid in top if pid != player.id), 0)
        for ctx in contexts:  # a forecast for each rule not met, above the one met
            if ctx.rule is made:
                break
            found = forecast(pg, future, ctx, strongest)
            if found is not None:
                forecasts.append(found)
    return NormsReport(
        settings,
        edition,
        "",
        t.rounds,
        complete,
        round_robin,
        double,
        swiss,
        tuple(norms),
        tuple(forecasts),
        tuple(dict.fromkeys(cut)),
    )


def _not_checked(report: NormsReport, why: str) -> NormsReport:
    return NormsReport(
        report.settings,
        report.edition,
        why,
        report.rounds,
        report.complete,
        report.round_robin,
        report.double_round_robin,
        report.swiss,
    )


def norm_context(
    rule: NormRule,
    edition: Edition,
    player: Player,
    t: Tournament,
    complete: int,
    round_robin: bool,
    double: bool,
    settings: NormSettings,
    federations_exempt: bool,
    limits_exempt: bool,
) -> NormContext:
    """What the check of ``rule`` needs to know about the event and the player."""
    own = player.federation.strip().upper()
    if own == "FID" and not settings.fid_is_federation:
        own = ""
    return NormContext(
        rule=rule,
        unrated_rating=edition.unrated_rating,
        min_games=_MIN_GAMES[settings.competition],
        rounds=t.rounds,
        complete=complete,
        round_robin=round_robin,
        own_federation=own or None,
        fid_is_federation=settings.fid_is_federation,
        federations_exempt=federations_exempt,
        limits_exempt=limits_exempt,
        distinct_half=double
        and settings.double_round_robin_titles is DoubleRoundRobinTitles.DISTINCT_HALF,
        eight_of_nine_shares=settings.eight_of_nine_shares,
        world_cup=settings.competition is Competition.WORLD_CUP,
    )


def player_assessment(
    t: Tournament, player_id: int, code: str, round_robin: bool, settings: NormSettings
) -> Assessment | None:
    """Every counted game of the player's complete rounds against one norm (``GM``...),
    nothing left out: what they had, and which requirement failed. None without games
    or an edition."""
    player = next(p for p in t.players if p.id == player_id)
    edition, _ = _edition(t, settings)
    if edition is None:
        return None
    complete = round_progress(t).complete
    double, _ = _double(t, round_robin)
    excluded = unrated_without_points(t, complete) if round_robin else frozenset()
    pg = count_games(player, complete, opponents_of(t), settings.count_short_games, excluded)
    if not pg.games:
        return None
    federations_exempt, limits_exempt, _ = _exempt(
        player, t, settings, swiss_exemption(t, complete, round_robin)
    )
    ctx = norm_context(
        find_norm(code),
        edition,
        player,
        t,
        complete,
        round_robin,
        double,
        settings,
        federations_exempt,
        limits_exempt,
    )
    return assess(pg.games, (), ctx, eight_of_nine(pg, complete, len(pg.games), ctx))
