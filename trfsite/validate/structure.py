"""Structural checks on the model: ids, references, byes, rounds (both sides of a game:
``game_sides``).

They read only the format-neutral model. Go events are left to
``egf_checks`` (which knows handicaps and Go's own conventions), except
for the unique ids.
"""

from __future__ import annotations

from collections import defaultdict

from trfsite.findings import Capped, Finding, Severity
from trfsite.formats.limits import MAX_FINDINGS_PER_CODE
from trfsite.model import (
    EventKind,
    Game,
    Outcome,
    Player,
    RoundEntry,
    SourceFormat,
    Span,
    Team,
    Tournament,
)
from trfsite.results import N_, Note

FIRST_CELL = 92  # TRF column of round 1's cell
CELL_WIDTH = 10
TRF_FORMATS = frozenset({SourceFormat.TRF16, SourceFormat.TRF26})


def finding(severity: Severity, code: str, message: str, name: str, span: Span) -> Finding:
    return Finding(severity, code, message, name, span.line, span.column)


def cell_span(player: Player, entry: RoundEntry) -> Span:
    """Where a round cell was read (its own span, else computed from the TRF layout)."""
    if entry.source.line:
        return entry.source
    if not player.source.line:
        return Span(0, 0)
    column = FIRST_CELL + CELL_WIDTH * (entry.round - 1)
    return Span(player.source.line, column, column + 7)


def record_span(t: Tournament, code: str) -> Span:
    """Where tournament-section record ``code`` was read (line 0 if it was not)."""
    for found, span in t.record_spans:
        if found == code:
            return span
    return Span(0, 0)


def at_column(span: Span, column: int) -> Span:
    """The span moved to ``column`` of its line (no column when the line is unknown)."""
    return Span(span.line, column if span.line else 0)


# --------------------------------------------------------------------------- ids
def check_unique_ids(t: Tournament, name: str) -> list[Finding]:
    """Starting ranks, team numbers and NRS lines are unique."""
    out: list[Finding] = []
    first: dict[int, Player] = {}
    for player in t.players:
        earlier = first.setdefault(player.id, player)
        if earlier is not player:
            out.append(
                finding(
                    Severity.ERROR,
                    "player-id-duplicate",
                    Note(
                        "starting rank {id} ({name!r}) is already used on line "
                        "{line} ({name2!r}); expected each starting rank once",
                        id=player.id,
                        name=player.name,
                        line=earlier.source.line,
                        name2=earlier.name,
                    ),
                    name,
                    at_column(player.source, 5),
                )
            )
    teams: dict[int, Team] = {}
    for team in t.teams:
        earlier_team = teams.setdefault(team.id, team)
        if earlier_team is not team:
            out.append(
                finding(
                    Severity.ERROR,
                    "team-id-duplicate",
                    Note(
                        "team number {id} ({name!r}) is already used on line "
                        "{line}; expected each team number once",
                        id=team.id,
                        name=team.name,
                        line=earlier_team.source.line,
                    ),
                    name,
                    at_column(team.source, 5),
                )
            )
    seen: set[tuple[str, int]] = set()
    for rating in t.national_ratings:
        key = (rating.federation, rating.player_id)
        if key in seen:
            out.append(
                finding(
                    Severity.WARNING,
                    "national-rating-duplicate",
                    Note(
                        "player {player_id} has a second {federation} national "
                        "rating line; expected one per federation",
                        player_id=rating.player_id,
                        federation=rating.federation,
                    ),
                    name,
                    at_column(rating.source, 1),
                )
            )
        seen.add(key)
    return out


# --------------------------------------------------------------------------- references
def check_references(t: Tournament, name: str) -> list[Finding]:
    """Every opponent, roster member, NRS line and record id refers to something that exists."""
    if t.game is not Game.CHESS:
        return []
    # Built only while kept: a damaged file names an unknown opponent in every cell
    # (96,000 findings, 4 s of a 1 MB file's validate, all but 200 thrown away).
    cells = Capped(MAX_FINDINGS_PER_CODE.limit)
    ids = {p.id for p in t.players}
    for player in t.players:
        for entry in player.rounds:
            if entry.opponent is None or (entry.opponent in ids and entry.opponent != player.id):
                continue
            if entry.opponent == player.id:
                if not cells.wants("round-opponent-self"):
                    continue
                cells.add(
                    finding(
                        Severity.ERROR,
                        "round-opponent-self",
                        Note(
                            "round {round}: player {id} is paired with "
                            "themself; expected another starting rank",
                            round=entry.round,
                            id=player.id,
                        ),
                        name,
                        cell_span(player, entry),
                    )
                )
            elif cells.wants("round-opponent-unknown"):
                cells.add(
                    finding(
                        Severity.ERROR,
                        "round-opponent-unknown",
                        Note(
                            "round {round}: the opponent {opponent} of player "
                            "{id} has no 001 line; expected an existing starting rank",
                            round=entry.round,
                            opponent=entry.opponent,
                            id=player.id,
                        ),
                        name,
                        cell_span(player, entry),
                    )
                )
    out = cells.kept()
    for rating in t.national_ratings:
        if rating.player_id not in ids:
            out.append(
                finding(
                    Severity.ERROR,
                    "national-rating-player-unknown",
                    Note(
                        "the {federation} national rating line is for starting rank "
                        "{player_id}, which has no 001 line; expected an existing one",
                        federation=rating.federation,
                        player_id=rating.player_id,
                    ),
                    name,
                    at_column(rating.source, 5),
                )
            )
    out += _roster_references(t, ids, name)
    out += _record_references(t, ids, name)
    return out


def _roster_references(t: Tournament, ids: set[int], name: str) -> list[Finding]:
    out: list[Finding] = []
    owner: dict[int, Team] = {}
    for team in t.teams:
        first = 74 if team.record == "310" else 37
        for index, member in enumerate(team.roster):
            span = at_column(team.source, first + 5 * index)
            if member not in ids:
                out.append(
                    finding(
                        Severity.ERROR,
                        "team-player-unknown",
                        Note(
                            "team {id} ({name!r}) lists player {member}, who has no "
                            "001 line; expected an existing starting rank",
                            id=team.id,
                            name=team.name,
                            member=member,
                        ),
                        name,
                        span,
                    )
                )
            other = owner.setdefault(member, team)
            if other is not team:
                out.append(
                    finding(
                        Severity.ERROR,
                        "team-player-twice",
                        Note(
                            "player {member} is on team {id} ({name!r}) and on team "
                            "{id2} ({name2!r}); expected one team per player",
                            member=member,
                            id=other.id,
                            name=other.name,
                            id2=team.id,
                            name2=team.name,
                        ),
                        name,
                        span,
                    )
                )
    return out


_UNKNOWN_TEAM = N_(
    "record {code} names team {value}, which does not exist; expected an existing team number"
)
_UNKNOWN_PLAYER = N_(
    "record {code} names player {value}, which does not exist; expected an existing player number"
)


def _record_references(t: Tournament, player_ids: set[int], name: str) -> list[Finding]:
    """Ids in 240, 260 and 299 are teams in team events, players otherwise; 3xx are teams."""
    team_ids = {team.id for team in t.teams}
    is_team = t.kind is EventKind.TEAM
    targets, what = (team_ids, "team") if is_team else (player_ids, "player")
    refs: list[tuple[str, int, Span, set[int], str]] = []
    for bye in t.byes:
        refs += [("240", i, at_column(bye.source, 11 + 5 * k), targets, what) for k, i in
                 enumerate(bye.ids)]  # fmt: skip
    for ban in t.prohibited_pairings:
        refs += [("260", i, at_column(ban.source, 13 + 5 * k), targets, what) for k, i in
                 enumerate(ban.ids)]  # fmt: skip
    for ab in t.abnormal_points:
        refs += [("299", i, at_column(ab.source, 24 + 5 * k), targets, what) for k, i in
                 enumerate(ab.ids)]  # fmt: skip
    for order in t.out_of_order:
        refs.append(("300", order.team, at_column(order.source, 9), team_ids, "team"))
        if order.opponent is not None:
            refs.append(("300", order.opponent, at_column(order.source, 13), team_ids, "team"))
        for k, board in enumerate(order.boards):
            if board is not None:
                span = at_column(order.source, 17 + 5 * k)
                refs.append(("300", board, span, player_ids, "player"))
    for pab in t.pairing_byes:
        for k, team in enumerate(pab.teams):
            if team is not None:
                refs.append(("320", team, at_column(pab.source, 15 + 4 * k), team_ids, "team"))
    for forfeit in t.forfeited_matches:
        refs.append(("330", forfeit.white_team, at_column(forfeit.source, 12), team_ids, "team"))
        refs.append(("330", forfeit.black_team, at_column(forfeit.source, 16), team_ids, "team"))
    for summary in t.team_summaries:
        refs.append((summary.record, summary.team, at_column(summary.source, 5), team_ids, "team"))
    out: list[Finding] = []
    for code, value, span, known, kind in refs:
        if value not in known:
            out.append(
                finding(
                    Severity.ERROR,
                    "record-id-unknown",
                    Note(
                        _UNKNOWN_TEAM if kind == "team" else _UNKNOWN_PLAYER,
                        code=code,
                        value=value,
                    ),
                    name,
                    span,
                )
            )
    return out


# --------------------------------------------------------------------------- byes and rounds
def check_pairing_byes(t: Tournament, name: str) -> list[Finding]:
    """At most one pairing-allocated bye (U) per round: one player, or one team's players."""
    if t.game is not Game.CHESS:
        return []
    team_of = {member: team.id for team in t.teams for member in team.roster}
    by_round: dict[int, list[tuple[Player, RoundEntry]]] = defaultdict(list)
    for player in t.players:
        for entry in player.rounds:
            if entry.outcome is Outcome.PAIRING_BYE:
                by_round[entry.round].append((player, entry))
    is_team = t.kind is EventKind.TEAM
    out: list[Finding] = []
    for round_no, holders in sorted(by_round.items()):
        # A team's PAB puts U on each of its players: count teams, not players.
        units = [team_of.get(p.id, -p.id) if is_team else p.id for p, _ in holders]
        if len(set(units)) <= 1:
            continue
        listed = ", ".join(str(p.id) for p, _ in holders)
        for (player, entry), unit in zip(holders, units, strict=True):
            if unit == units[0]:
                continue
            span = cell_span(player, entry)
            out.append(
                finding(
                    Severity.ERROR,
                    "round-pairing-bye-repeated",
                    Note(
                        _BYE_TO_TEAMS if is_team else _BYE_TO_PLAYERS,
                        round_no=round_no,
                        count=len(set(units)),
                        listed=listed,
                    ),
                    name,
                    Span(span.line, span.column + 7),
                )
            )
    return out


_BYE_TO_TEAMS = N_(
    "round {round_no} gives the pairing-allocated bye (U) to {count} teams "
    "(players {listed}); expected at most one"
)
_BYE_TO_PLAYERS = N_(
    "round {round_no} gives the pairing-allocated bye (U) to {count} players "
    "(players {listed}); expected at most one"
)


def check_rounds(t: Tournament, name: str) -> list[Finding]:
    """The number of rounds agrees between 142 (or XXR), the round cells and 801/802."""
    if t.game is not Game.CHESS:
        return []
    out: list[Finding] = []
    played = max((e.round for p in t.players for e in p.rounds), default=0)
    declared = t.declared_rounds
    span = record_span(t, "142")
    if not span.line:
        legacy = [r for r in t.legacy_records if r.code == "XXR"]
        span = legacy[0].source if legacy else span
    where = "record 142" if any(code == "142" for code, _ in t.record_spans) else "XXR"
    if declared is not None and played > declared:
        out.append(
            finding(
                Severity.ERROR,
                "rounds-declared-mismatch",
                Note(
                    "{where} declares {declared} rounds but the player lines have cells for "
                    "{played} rounds; expected {where} to count every round",
                    where=where,
                    declared=declared,
                    played=played,
                ),
                name,
                at_column(span, 5),
            )
        )
    elif declared is not None and 0 < played < declared:
        out.append(
            finding(
                Severity.INFO,
                "rounds-not-all-played",
                Note(
                    "{where} declares {declared} rounds; the player lines reach round {played} "
                    "(a tournament in progress?)",
                    where=where,
                    declared=declared,
                    played=played,
                ),
                name,
                at_column(span, 5),
            )
        )
    rounds = max(played, declared or 0)
    for summary in t.team_summaries:
        if len(summary.rounds) > rounds:
            out.append(
                finding(
                    Severity.WARNING,
                    "summary-rounds-mismatch",
                    Note(
                        "record {record} of team {team} has {count} "
                        "rounds; expected at most the tournament's {rounds}",
                        record=summary.record,
                        team=summary.team,
                        count=len(summary.rounds),
                        rounds=rounds,
                    ),
                    name,
                    at_column(summary.source, 5),
                )
            )
    for pab in t.pairing_byes:
        if len(pab.teams) > rounds:
            out.append(
                finding(
                    Severity.WARNING,
                    "pairing-bye-rounds-mismatch",
                    Note(
                        "record 320 names a team for {count} rounds; expected at most "
                        "the tournament's {rounds}",
                        count=len(pab.teams),
                        rounds=rounds,
                    ),
                    name,
                    at_column(pab.source, 15),
                )
            )
    return out
