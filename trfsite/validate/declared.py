"""What a TRF file declares, checked against what it contains.

The 062/072/082 counts, each player's points (columns 81-84) against the
points its round cells give under record 162 (and 299), the 132 round
dates, and the 240 byes against the 001 cells. The mandatory fields are
``mandatory``'s.
"""

from __future__ import annotations

from trfsite.findings import Finding, Severity
from trfsite.model import (
    AbnormalPoints,
    ByeKind,
    EventKind,
    Game,
    Outcome,
    Player,
    RoundEntry,
    Span,
    Tournament,
)
from trfsite.progress import result_missing, round_progress
from trfsite.results import N_, Note
from trfsite.validate.structure import TRF_FORMATS, at_column, cell_span, finding, record_span

_ABNORMAL_LETTER = {
    Outcome.WIN: "W",
    Outcome.WIN_UNRATED: "W",
    Outcome.DRAW: "D",
    Outcome.DRAW_UNRATED: "D",
    Outcome.LOSS: "L",
    Outcome.LOSS_UNRATED: "L",
    Outcome.FULL_BYE: "F",
    Outcome.HALF_BYE: "H",
    Outcome.ZERO_BYE: "Z",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-",
}
_BYE_OUTCOME = {
    ByeKind.FULL: Outcome.FULL_BYE,
    ByeKind.HALF: Outcome.HALF_BYE,
    ByeKind.ZERO: Outcome.ZERO_BYE,
}
_BYE_NAME = {
    ByeKind.FULL: N_("a full-point bye (F)"),
    ByeKind.HALF: N_("a half-point bye (H)"),
    ByeKind.ZERO: N_("a zero-point bye (Z)"),
    ByeKind.PAIRING: N_("a pairing-allocated bye (U)"),
}


def _is_trf_chess(t: Tournament) -> bool:
    return t.source_format in TRF_FORMATS and t.game is Game.CHESS


# --------------------------------------------------------------------------- counts
_PLAYERS = N_(
    "record {code} declares {declared} players but the file has {actual}; expected the same number"
)
_ACTIVE = N_(
    "record {code} declares {declared} players with a game or forfeit (the count in "
    "parentheses) but the file has {actual}; expected the same number"
)
_RATED = N_(
    "record {code} declares {declared} rated players but the file has {actual}; "
    "expected the same number"
)
_TEAMS = N_(
    "record {code} declares {declared} teams but the file has {actual}; expected the same number"
)


def check_counts(t: Tournament, name: str) -> list[Finding]:
    """062 (players), 072 (rated players) and 082 (teams) against the file's lines."""
    if t.source_format not in TRF_FORMATS:
        return []
    rated = sum(1 for p in t.players if p.rating)
    active = sum(1 for p in t.players if any(_took_part(cell) for cell in p.rounds))
    checks = (
        ("062", t.declared_players, len(t.players), "players-count-mismatch", _PLAYERS),
        ("062", t.declared_active_players, active, "active-players-count-mismatch", _ACTIVE),
        ("072", t.declared_rated_players, rated, "rated-players-count-mismatch", _RATED),
        ("082", t.declared_teams, len(t.teams), "teams-count-mismatch", _TEAMS),
    )
    out: list[Finding] = []
    for code, declared, actual, finding_code, what in checks:
        if declared is None or declared == actual:
            continue
        placeholders = len(t.bye_placeholders)
        if finding_code == "players-count-mismatch" and declared == actual + placeholders:
            continue  # the file counts its bye placeholder lines as players
        if code == "082" and declared == 0 and not t.teams:
            continue
        out.append(
            finding(
                Severity.WARNING,
                finding_code,
                Note(what, code=code, declared=declared, actual=actual),
                name,
                at_column(record_span(t, code), 5),
            )
        )
    return out


def _took_part(cell: RoundEntry) -> bool:
    """Paired against someone, or a forfeit win on an empty board (``0000 - +``)."""
    return cell.opponent is not None or cell.outcome is Outcome.FORFEIT_WIN


# --------------------------------------------------------------------------- points
def _override(records: tuple[AbnormalPoints, ...], entry: RoundEntry, player: int) -> float | None:
    letter = _ABNORMAL_LETTER.get(entry.outcome)
    value: float | None = None
    for record in records:
        if (
            record.kind
            and record.kind == letter
            and record.round in (0, entry.round)
            and (not record.ids or player in record.ids)
        ):
            value = record.game_points or 0.0
    return value


def computed_points(t: Tournament, player: Player, last_round: int | None = None) -> float:
    """The points the round cells give under record 162 and 299 (up to ``last_round``).

    In team events, columns 81-84 hold the player's own score over the board
    and in forfeit wins only (TRF-2026, 001 field 81-84), so byes do not count.
    """
    team = t.kind is EventKind.TEAM
    total = 0.0
    for entry in player.rounds:
        if last_round is not None and entry.round > last_round:
            continue
        if team and not (entry.outcome.is_game or entry.outcome is Outcome.FORFEIT_WIN):
            continue
        value = t.scoring.points(entry.outcome)
        if not team:
            override = _override(t.abnormal_points, entry, player.id)
            value = value if override is None else override
        total += value
    if not team:
        for record in t.abnormal_points:
            if not record.kind and (not record.ids or player.id in record.ids):
                total += record.game_points or 0.0
    return total


def check_points(t: Tournament, name: str) -> list[Finding]:
    """Each player's declared points (columns 81-84) against the points of their cells."""
    if not _is_trf_chess(t):
        return []
    out: list[Finding] = []
    scoring = (
        Note("record 162's scoring") if t.scoring != type(t.scoring)() else Note("FIDE's 1-½-0")
    )
    if t.abnormal_points and t.kind is EventKind.INDIVIDUAL:
        scoring = Note("{scoring} and record 299", scoring=scoring)
    # While a round is pending, the file declares the points of the complete rounds.
    progress = round_progress(t)
    last_round = progress.complete if progress.pending else None
    for player in t.players:
        if player.declared_points is None:
            continue
        computed = computed_points(t, player, last_round)
        if abs(computed - player.declared_points) > 1e-6 and not _entered_so_far(
            t, player, last_round
        ):
            out.append(
                finding(
                    Severity.ERROR,
                    "player-points-mismatch",
                    Note(
                        "player {id} ({name!r}) declares "
                        "{declared_points:g} points but the round cells give {computed:g} "
                        "under {scoring}; expected the same",
                        id=player.id,
                        name=player.name,
                        declared_points=player.declared_points,
                        computed=computed,
                        scoring=scoring,
                    ),
                    name,
                    at_column(player.source, 81),
                )
            )
    return out


def _entered_so_far(t: Tournament, player: Player, last_round: int | None) -> bool:
    """Some programs declare the results entered so far in the pending round too."""
    if last_round is None or player.declared_points is None:
        return False
    entered = computed_points(t, player) - sum(
        t.scoring.points(e.outcome)
        for e in player.rounds
        if result_missing(e) or (e.round > last_round and e.opponent is None and e.outcome.is_bye)
    )
    return abs(entered - player.declared_points) <= 1e-6


# --------------------------------------------------------------------------- round dates
def check_round_dates(t: Tournament, name: str) -> list[Finding]:
    """132: one date per round, in order, between the start (042) and end (052) dates."""
    if t.source_format not in TRF_FORMATS or not t.round_dates:
        return []
    span = record_span(t, "132")
    out: list[Finding] = []
    rounds = t.rounds
    if rounds and len(t.round_dates) < rounds:
        out.append(
            finding(
                Severity.WARNING,
                "round-dates-incomplete",
                Note(
                    "record 132 gives {count} round date(s) for {rounds} rounds; "
                    "expected one date per round",
                    count=len(t.round_dates),
                    rounds=rounds,
                ),
                name,
                at_column(span, 92),
            )
        )
    elif len(t.round_dates) > rounds:
        out.append(
            finding(
                Severity.WARNING,
                "round-dates-extra",
                Note(
                    "record 132 gives {count} round dates but the file has "
                    "{rounds} rounds; expected one date per round",
                    count=len(t.round_dates),
                    rounds=rounds,
                ),
                name,
                at_column(span, 92 + 10 * rounds),
            )
        )
    previous = None
    for index, date in enumerate(t.round_dates):
        column = 92 + 10 * index
        if date is None:
            continue
        if previous is not None and date < previous:
            out.append(
                finding(
                    Severity.WARNING,
                    "round-dates-order",
                    Note(
                        "round {round}'s date {date:%Y/%m/%d} is before round {index}'s "
                        "({previous:%Y/%m/%d}); expected the rounds in date order",
                        round=index + 1,
                        date=date,
                        index=index,
                        previous=previous,
                    ),
                    name,
                    at_column(span, column),
                )
            )
        early = t.start_date is not None and date < t.start_date
        late = t.end_date is not None and date > t.end_date
        if early or late:
            out.append(
                finding(
                    Severity.WARNING,
                    "round-date-outside",
                    Note(
                        "round {round}'s date {date:%Y/%m/%d} is outside the tournament's "
                        "dates ({start} to {end}); "
                        "expected it between the start (042) and end (052) dates",
                        round=index + 1,
                        date=date,
                        start=_show_date(t.start_date),
                        end=_show_date(t.end_date),
                    ),
                    name,
                    at_column(span, column),
                )
            )
        previous = date
    return out


def _show_date(value: object) -> str:
    return "?" if value is None else f"{value:%Y/%m/%d}"


# --------------------------------------------------------------------------- byes
def check_bye_records(t: Tournament, name: str) -> list[Finding]:
    """Individual events: the 240 byes against the players' round cells."""
    if not _is_trf_chess(t) or t.kind is EventKind.TEAM or not t.byes:
        return []
    index = t.player_index()
    listed: set[tuple[int, int, Outcome]] = set()
    out: list[Finding] = []
    for bye in t.byes:
        expected = _BYE_OUTCOME.get(bye.kind, Outcome.PAIRING_BYE)
        for position, player_id in enumerate(bye.ids):
            listed.add((bye.round, player_id, expected))
            player = index.get(player_id)
            if player is None:
                continue  # reported by the references check
            entry = player.entry(bye.round)
            if entry is None or entry.outcome is not expected:
                cell = Note("missing") if entry is None else repr(entry.raw or entry.outcome.value)
                out.append(
                    finding(
                        Severity.ERROR,
                        "bye-record-mismatch",
                        Note(
                            "record 240 gives player {player_id} {bye_name} in round "
                            "{round}, but their cell for that round is {cell}; expected "
                            "'0000 - {value}'",
                            player_id=player_id,
                            bye_name=Note(_BYE_NAME[bye.kind]),
                            round=bye.round,
                            cell=cell,
                            value=expected.value,
                        ),
                        name,
                        at_column(bye.source, 11 + 5 * position),
                    )
                )
    for player in t.players:
        for entry in player.rounds:
            if (
                entry.outcome in (Outcome.FULL_BYE, Outcome.HALF_BYE)
                and (
                    entry.round,
                    player.id,
                    entry.outcome,
                )
                not in listed
            ):
                span = cell_span(player, entry)
                out.append(
                    finding(
                        Severity.WARNING,
                        "bye-not-in-record",
                        Note(
                            "round {round}: player {id} has the bye "
                            "{bye!r}, which no 240 record lists; expected the "
                            "240 records to list every F and H bye once they are used",
                            round=entry.round,
                            id=player.id,
                            bye=entry.outcome.value,
                        ),
                        name,
                        Span(span.line, span.column + 7),
                    )
                )
    return out
