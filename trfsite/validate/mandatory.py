"""The fields TRF-2026 marks mandatory for rating (R) or pairing (P): missing ones are warnings."""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import (
    EventKind,
    Player,
    SourceFormat,
    Span,
    Tournament,
)
from trfsite.results import N_, Note
from trfsite.validate.structure import TRF_FORMATS, at_column, finding, record_span


def check_mandatory(t: Tournament, name: str) -> list[Finding]:
    """Fields TRF-2026 marks mandatory for rating (R) or pairing (P), when missing.

    A TRF16 file is held only to what TRF16 files carry in practice (header, points,
    ranks): FIDE ids, round dates (pairing engines such as JaVaFo write none), record
    352 and the 310 team totals are TRF-2026's demands, which ``trfsite validate
    --for-rating`` lists through :func:`check_rating_readiness`.
    """
    if t.source_format is SourceFormat.TRF26:
        return check_rating_readiness(t, name)
    if t.source_format is not SourceFormat.TRF16:
        return []
    out = _mandatory_header(t, name) + _mandatory_players(t, name)
    out = [f for f in out if f.code not in _TRF26_ONLY]
    return out + _mandatory_national(t, name)


_TRF26_ONLY = frozenset({"player-fide-id-missing", "round-dates-missing"})


def check_rating_readiness(t: Tournament, name: str) -> list[Finding]:
    """What TRF-2026 requires before a file of either TRF version can go to rating."""
    if t.source_format not in TRF_FORMATS:
        return []
    out = _mandatory_header(t, name)
    out += _mandatory_players(t, name)
    out += _mandatory_national(t, name)
    if t.kind is EventKind.TEAM:
        out += _mandatory_teams(t, name)
    return out


def _mandatory_header(t: Tournament, name: str) -> list[Finding]:
    fields: tuple[tuple[str, object, str, str], ...] = (
        ("012", t.name, "tournament-name-missing", N_("the tournament name")),
        ("022", t.city, "tournament-city-missing", N_("the city")),
        ("032", t.federation, "tournament-federation-missing", N_("the federation")),
        ("042", t.start_date, "tournament-start-date-missing", N_("the start date")),
        ("052", t.end_date, "tournament-end-date-missing", N_("the end date")),
        ("102", t.chief_arbiter, "chief-arbiter-missing", N_("the chief arbiter")),
        ("132", t.round_dates or not t.rounds, "round-dates-missing", N_("the round dates")),
    )
    out: list[Finding] = []
    for code, value, finding_code, what in fields:
        if value:
            continue
        span = record_span(t, code)
        if any(record.code == code for record in t.unknown_records):
            continue  # written but unreadable: the reader has reported it
        out.append(
            finding(
                Severity.WARNING,
                finding_code,
                Note(
                    "record {code} ({what}) is missing or empty; expected it: TRF-2026 makes "
                    "it mandatory for rating",
                    code=code,
                    what=Note(what),
                ),
                name,
                at_column(span, 5),
            )
        )
    if t.start_date and t.end_date and t.end_date < t.start_date:
        out.append(
            finding(
                Severity.WARNING,
                "tournament-dates-order",
                Note(
                    "the end date {end_date:%Y/%m/%d} (052) is before the start date "
                    "{start_date:%Y/%m/%d} (042); expected the end on or after the start",
                    end_date=t.end_date,
                    start_date=t.start_date,
                ),
                name,
                at_column(record_span(t, "052"), 5),
            )
        )
    return out


def _summary(
    players: list[Player], code: str, column: int, what: str, why: str, name: str
) -> list[Finding]:
    if not players:
        return []
    ids = ", ".join(str(p.id) for p in players[:8]) + (", ..." if len(players) > 8 else "")
    return [
        finding(
            Severity.WARNING,
            code,
            Note(
                "{count} player(s) have no {what} (starting ranks {ids}); expected one: "
                "TRF-2026 makes it mandatory for {why}",
                count=len(players),
                what=Note(what),
                ids=ids,
                why=Note(why),
            ),
            name,
            at_column(players[0].source, column),
        )
    ]


def _mandatory_players(t: Tournament, name: str) -> list[Finding]:
    no_id = [p for p in t.players if not p.fide_id.strip("0")]
    no_points = [p for p in t.players if p.declared_points is None]
    no_rank = [p for p in t.players if p.declared_rank is None]
    out = _summary(no_id, "player-fide-id-missing", 58, N_("FIDE number"), N_("rating"), name)
    out += _summary(no_points, "player-points-missing", 81, N_("points"), N_("rating"), name)
    out += _summary(no_rank, "player-rank-missing", 86, N_("rank"), N_("rating and pairing"), name)
    return out


def _mandatory_national(t: Tournament, name: str) -> list[Finding]:
    out: list[Finding] = []
    for rating in t.national_ratings:
        if rating.rating is None:
            out.append(
                finding(
                    Severity.WARNING,
                    "national-rating-missing",
                    Note(
                        "the {federation} line of player {player_id} has no national "
                        "rating; expected one (columns 49-52)",
                        federation=rating.federation,
                        player_id=rating.player_id,
                    ),
                    name,
                    at_column(rating.source, 49),
                )
            )
    if t.national_ratings and not t.starting_rank_methods:
        first = t.national_ratings[0]
        out.append(
            finding(
                Severity.WARNING,
                "starting-rank-method-missing",
                Note(
                    "the file has national rating lines ({federation}) but no record 172; "
                    "expected 172 to say which rating orders the starting ranks",
                    federation=first.federation,
                ),
                name,
                at_column(first.source, 1),
            )
        )
    return out


def _mandatory_teams(t: Tournament, name: str) -> list[Finding]:
    out: list[Finding] = []
    if not t.board_colors:
        out.append(
            finding(
                Severity.WARNING,
                "board-colours-missing",
                Note(
                    "the team event has no record 352 (board colours, e.g. 'WBWB'); expected it: "
                    "TRF-2026 makes it mandatory for rating",
                ),
                name,
                Span(0, 0),
            )
        )
    lacking = [
        team
        for team in t.teams
        if team.record == "310"
        and (
            team.declared_match_points is None
            or team.declared_game_points is None
            or team.declared_rank is None
        )
    ]
    if lacking:
        ids = ", ".join(str(team.id) for team in lacking[:8])
        out.append(
            finding(
                Severity.WARNING,
                "team-points-missing",
                Note(
                    "{count} team(s) lack match points, game points or rank in their 310 "
                    "record (teams {ids}); expected them: TRF-2026 makes them mandatory for rating",
                    count=len(lacking),
                    ids=ids,
                ),
                name,
                at_column(lacking[0].source, 55),
            )
        )
    return out
