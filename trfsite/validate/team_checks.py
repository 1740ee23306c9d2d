"""Validation of team events: the match findings, the team tie-break list, each 310 rank.

Declared player points (001 columns 81-84) are checked by ``declared.check_points``.

A declared rank that differs from the computed one is reported with both
values and the reason: the primary score or the first tie-break of the list
that separates the team from the team computed at the declared rank.
"""

from __future__ import annotations

import dataclasses

import click

from trfsite.findings import Finding, Severity
from trfsite.model import Tournament
from trfsite.results import N_, Note, Standings
from trfsite.standings.options import StandingsOptions

RANK_COLUMN = 69  # 310: team rank field


def check_team_matches(t: Tournament, name: str) -> list[Finding]:
    """Every team-event finding of the file ``name`` (nothing for individual events)."""
    if not t.teams:
        return []
    from trfsite.teams import reconstruct_matches

    data = reconstruct_matches(t)
    found = [dataclasses.replace(f, file=name) for f in data.findings]
    listed = tiebreak_findings(t)
    found.extend(dataclasses.replace(f, file=name) for f in listed)
    if not listed:
        found.extend(dataclasses.replace(f, file=name) for f in rank_findings(t))
    return found


def tiebreak_findings(t: Tournament) -> list[Finding]:
    """Codes of record 202/212 that the team registry cannot read."""
    from trfsite.scoring.team_tiebreaks import resolve_team
    from trfsite.standings.team import choose_primary, choose_team_tiebreaks
    from trfsite.validate.structure import record_span

    if not t.tiebreaks:
        return []
    record = t.tiebreak_record or "202"
    where = record_span(t, record)
    codes, _, _ = choose_team_tiebreaks(t, StandingsOptions(), choose_primary(t)[0])
    found: list[Finding] = []
    for code in codes:
        try:
            resolve_team(code, f"record {record}")
        except click.ClickException as exc:
            found.append(
                Finding(
                    Severity.ERROR,
                    "tiebreak-unknown",
                    exc.format_message(),
                    "",
                    where.line,
                    where.column,
                )
            )
    return found


def rank_findings(t: Tournament) -> list[Finding]:
    """Declared 310 ranks that disagree with the standings computed from the file."""
    from trfsite.standings.team import compute_team_standings

    declared = {team.id: team for team in t.teams if team.declared_rank is not None}
    if not declared:
        return []
    try:
        standings = compute_team_standings(t, StandingsOptions())
    except click.ClickException as exc:
        return [
            Finding(
                Severity.WARNING,
                "team-rank-unchecked",
                Note("declared team ranks not checked: {message}", message=exc.message),
            )
        ]
    rows = {row.id: row for row in standings.rows}
    by_rank: dict[int, list[int]] = {}
    for standing in standings.rows:
        by_rank.setdefault(standing.rank, []).append(standing.id)
    found: list[Finding] = []
    for team_id, team in sorted(declared.items()):
        row = rows.get(team_id)
        if row is None or team.declared_rank is None or team.declared_rank == row.rank:
            continue
        rival = _team_at(by_rank, team.declared_rank)
        reason = _deciding(standings, team_id, rival) if rival is not None else ""
        column = RANK_COLUMN if team.record == "310" else 0
        found.append(
            Finding(
                Severity.WARNING,
                "team-rank-differs",
                Note(
                    "team {team_id} ({name!r}) is declared rank {declared_rank} "
                    "but computes to rank {rank}{reason}",
                    team_id=team_id,
                    name=team.name,
                    declared_rank=team.declared_rank,
                    rank=row.rank,
                    reason=reason,
                ),
                "",
                team.source.line,
                column,
            )
        )
    return found


def _team_at(by_rank: dict[int, list[int]], rank: int) -> int | None:
    """The team computed at ``rank``, or at the nearest rank above it (shared places)."""
    # A declared rank is whatever number the file holds (up to 15 digits): look among
    # the ranks computed, never count down from it (input 24,2xx of the fuzz run).
    above = [computed for computed in by_rank if computed <= rank]
    return by_rank[max(above)][0] if above else None


def _deciding(standings: Standings, team: int, rival: int) -> str:
    rows = {row.id: row for row in standings.rows}
    mine, theirs = rows[team], rows[rival]
    if team == rival:
        return ""
    who = Note(
        "team {rival} ({name!r}, computed rank {rank})",
        rival=rival,
        name=theirs.name,
        rank=theirs.rank,
    )
    label = standings.points_label
    if mine.points != theirs.points:
        return Note(
            "; {label} decides against {who}: {mine:g} v {theirs:g}",
            label=label,
            who=who,
            mine=mine.points,
            theirs=theirs.points,
        )
    for column, a, b in zip(standings.columns, mine.tiebreaks, theirs.tiebreaks, strict=True):
        if a != b:
            template = _DECIDES_LOWER if column.lower_is_better else _DECIDES
            return Note(template, code=column.code, who=who, mine=_num(a), theirs=_num(b))
    return Note("; tied with {who} on {label} and every tie-break", who=who, label=label)


_DECIDES = N_("; {code} decides against {who}: {mine} v {theirs}")
_DECIDES_LOWER = N_("; {code} decides against {who}: {mine} v {theirs} (lower is better)")
_UNDEFINED = N_("undefined")


def _num(value: float | None) -> str:
    return Note(_UNDEFINED) if value is None else f"{value:g}"
