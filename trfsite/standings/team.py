"""Team standings: primary score, then the team tie-break list (FIDE C.07 4.2, 11-13).

Choices (each one is written into ``Standings.notes``):

* Rule set and pairing system as for individuals (:func:`trfsite.standings.choices.choose_rules`,
  :func:`~trfsite.standings.choices.choose_system`).
* Primary score: game points when record 212 starts with ``GPTS`` or record
  192 names game points (a ``GP`` word, e.g. ``FIDE_TEAM_GP``); match points
  otherwise (also when 212 starts with ``MPTS``).
* Tie-break list: ``--tiebreaks``, else 202/212, else the default
  ``MPvGP, EDE, EMGSB/C1, BH/C1`` (``EGMSB/C1`` when game points decide).
* Acceleration (250) only affects pairings and never enters the standings.
* Teams still tied at the end of the list share the place, listed by pairing number.
"""

from __future__ import annotations

import re
from dataclasses import replace

from trfsite.model import EventKind, Tournament
from trfsite.progress import default_after_round, pending_after_round_error
from trfsite.results import N_, Explanation, Note, StandingRow, Standings
from trfsite.scoring.codes import TiebreakSpec, split_tiebreak_list, strip_pts
from trfsite.scoring.declared_points import declared_differences, points_source_note
from trfsite.scoring.round_robin import meetings_per_pair
from trfsite.scoring.rule_sets import PRE2023, RULES_2023, RULES_2026
from trfsite.scoring.team_context import GP, MP, TeamContext, build_team_context
from trfsite.scoring.team_tiebreaks import (
    TeamTiebreak,
    explanation_for,
    resolve_team,
    team_display_name,
)
from trfsite.scoring.team_values import TeamValue
from trfsite.standings.choices import (
    StandingsError,
    abnormal_points_note,
    after_round_note,
    check_points_source,
    choose_rules,
    choose_system,
    file_list_note,
    given_list_note,
    resolve_columns,
    since_2026_note,
    tiebreak_column,
)
from trfsite.standings.options import StandingsOptions
from trfsite.teams import TeamEventData, reconstruct_matches
from trfsite.teams.data import Adjustment

_GP_WORDS = re.compile(r"(?:^|[\s_\-])(GP|GAME[\s_\-]?POINTS)(?:$|[\s_\-])", re.IGNORECASE)
DEFAULT_MP = ("MPvGP", "EDE", "EMGSB/C1", "BH/C1")
DEFAULT_GP = ("MPvGP", "EDE", "EGMSB/C1", "BH/C1")

Column = tuple[TiebreakSpec, TeamTiebreak]


def choose_primary(t: Tournament) -> tuple[str, str]:
    """(MP or GP, note)."""
    if t.tiebreak_record == "212" and t.tiebreaks:
        first = t.tiebreaks[0].strip().upper()
        if first in ("GPTS", "MPTS"):
            score = GP if first == "GPTS" else MP
            template = (
                N_("Primary score: game points (record 212 starts with {code}).")
                if score == GP
                else N_("Primary score: match points (record 212 starts with {code}).")
            )
            return score, Note(template, code=first)
    if _GP_WORDS.search(t.type_code):
        return GP, Note(
            "Primary score: game points (record 192 {code!r}).", code=t.type_code.strip()
        )
    return MP, Note("Primary score: match points (the default for team events; C.07 11.1).")


def choose_team_tiebreaks(
    t: Tournament, options: StandingsOptions, primary: str
) -> tuple[list[str], str, str]:
    """(codes as spelled, where they came from, note)."""
    if options.tiebreaks is not None:
        codes = [c.strip() for item in options.tiebreaks for c in split_tiebreak_list(item)]
        return codes, "--tiebreaks", given_list_note(codes)
    if t.tiebreaks:
        record = t.tiebreak_record or "202"
        codes = strip_pts([c.strip() for c in t.tiebreaks if c.strip()])
        if record == "212" and codes and codes[0].upper() in ("MPTS", "GPTS"):
            codes = codes[1:]
        return (
            codes,
            f"record {record}",
            file_list_note(record, codes),
        )
    codes = list(DEFAULT_MP if primary == MP else DEFAULT_GP)
    return (
        codes,
        "the default list",
        Note(
            "Tie-breaks: the file names none (record 202/212), so trfsite's default for team "
            "events applies: {codes}.",
            codes=", ".join(codes),
        ),
    )


def compute_team_standings(t: Tournament, options: StandingsOptions) -> Standings:
    """Rank the teams of a team event."""
    data = reconstruct_matches(t)
    total = data.rounds
    after = default_after_round(t, total) if options.after_round is None else options.after_round
    if after < 0 or after > total or (after == 0 and options.after_round is not None and total > 0):
        raise StandingsError(
            f"--after-round {options.after_round!r}: {t.name or 'the tournament'} has "
            f"{total} round(s); expected a number from 1 to {total}"
        )
    pending = "" if options.after_round is None else pending_after_round_error(t, after)
    if pending:
        raise StandingsError(f"--after-round {options.after_round!r}: {pending}")
    rules, rules_note = choose_rules(t, options)
    if rules == PRE2023:
        # The virtual opponent of the rules before 2023 is implemented for players only.
        rules, rules_note = (
            RULES_2023,
            Note(
                "{note} trfsite implements the rules before 2023 for individual events only: "
                "these team tie-breaks follow C.07 2023.",
                note=rules_note,
            ),
        )
    data, source_note = _points_source(t, data, options, after == total)
    swiss, system_note = choose_system(t, options, lambda: _meetings(data))
    primary, primary_note = choose_primary(t)
    codes, where, list_note = choose_team_tiebreaks(t, options, primary)
    columns, skipped_notes = resolve_columns(codes, where, resolve_team)
    contexts: dict[bool, TeamContext] = {}

    def context(fore: bool) -> TeamContext:
        if fore not in contexts:
            contexts[fore] = build_team_context(
                t, data, rules, primary, swiss, after, fore, options.explain
            )
        return contexts[fore]

    ctx = context(False)
    values: list[dict[int, TeamValue]] = []
    for spec, tb in columns:
        if tb.compute is None:
            values.append({team: TeamValue(1.0) for team in ctx.team_ids})
        else:
            values.append(tb.compute(context(spec.fore or tb.acronym == "FB"), spec))
    blocks = rank_teams(ctx, columns, values)
    rows = _rows(t, ctx, columns, values, blocks, options.explain)
    notes = [rules_note, system_note, primary_note, list_note, *skipped_notes]
    if source_note:
        notes.append(source_note)
    notes.extend(_more_notes(t, ctx, data, columns, after, total))
    return Standings(
        tournament=t,
        rules=rules,
        columns=tuple(
            tiebreak_column(spec, team_display_name(spec, tb), tb.lower_is_better)
            for spec, tb in columns
        ),
        after_round=after,
        rows=tuple(rows),
        kind=EventKind.TEAM,
        notes=tuple(n for n in notes if n),
        points_label=primary,
        round_robin=not swiss,
    )


def _points_source(
    t: Tournament, data: TeamEventData, options: StandingsOptions, complete: bool
) -> tuple[TeamEventData, Note | None]:
    """With "declared", each player's declared-minus-cells difference goes to the team's
    game points (match points stay as the boards decided them)."""
    source = check_points_source(options)
    if not complete:
        return data, None
    scoring = t.scoring
    cells = {
        player.id: sum(scoring.points(c.outcome) for c in player.rounds if c.round <= data.rounds)
        for player in t.players
        if player.id in data.player_team
    }
    differences = declared_differences(t, cells)
    if source == "declared" and differences:
        extra = tuple(
            Adjustment(data.player_team[pid], data.rounds, 0.0, value)
            for pid, value in sorted(differences.items())
        )
        data = replace(data, adjustments=data.adjustments + extra)
    return data, points_source_note(source, differences, team=True)


def _meetings(data: TeamEventData) -> int:
    pairings = [(m.round, m.white_team, m.black_team) for m in data.matches]
    return meetings_per_pair({team for _, a, b in pairings for team in (a, b)}, pairings)


# --------------------------------------------------------------------------- ranking
def _key(value: TeamValue, lower: bool) -> tuple[int, tuple[float, ...]]:
    key = value.sort_key
    if key is None:
        return (1, ())  # undefined values rank after every defined one
    rounded = tuple(round(v, 9) for v in key)
    return (0, rounded if lower else tuple(-v for v in rounded))


def _split(group: list[int], key: dict[int, tuple[int, tuple[float, ...]]]) -> list[list[int]]:
    blocks: list[list[int]] = []
    for team in sorted(group, key=lambda x: key[x]):
        if blocks and key[blocks[-1][0]] == key[team]:
            blocks[-1].append(team)
        else:
            blocks.append([team])
    return blocks


def rank_teams(
    ctx: TeamContext, columns: list[Column], values: list[dict[int, TeamValue]]
) -> list[list[int]]:
    """Blocks of still-tied teams, best first. Fills the per-group columns in place."""
    primary = {team: TeamValue(ctx.scores[team].get(ctx.primary)) for team in ctx.team_ids}
    groups = _split(list(ctx.team_ids), {team: _key(primary[team], False) for team in primary})
    for col, (spec, tb) in enumerate(columns):
        lower = tb.lower_is_better != spec.reverse
        next_groups: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            if tb.partition is not None:
                notes: list[str] = []
                found = tb.partition(ctx, spec, sorted(group), notes)
                if spec.reverse:
                    found = found[::-1]
                ahead = 0
                for block in found:
                    for team in block:
                        values[col][team] = TeamValue(float(ahead + 1), notes=tuple(notes))
                    ahead += len(block)
                next_groups.extend(found)
                continue
            key = {team: _key(values[col][team], lower) for team in group}
            next_groups.extend(_split(group, key))
        groups = next_groups
    return [sorted(group) for group in groups]


def _rows(
    t: Tournament,
    ctx: TeamContext,
    columns: list[Column],
    values: list[dict[int, TeamValue]],
    blocks: list[list[int]],
    explain: bool,
) -> list[StandingRow]:
    teams = t.team_index()
    rows: list[StandingRow] = []
    for block in blocks:
        rank = len(rows) + 1
        for team_id in block:
            team = teams[team_id]
            score = ctx.scores[team_id]
            extra = tuple(
                (k, v)
                for k, v in (
                    ("nickname", team.nickname),
                    ("strength", f"{team.strength:g}" if team.strength is not None else ""),
                )
                if v
            )
            explanations: tuple[Explanation, ...] = ()
            if explain:
                explanations = tuple(
                    explanation_for(spec, col[team_id])
                    for (spec, _), col in zip(columns, values, strict=True)
                )
            rows.append(
                StandingRow(
                    rank=rank,
                    id=team_id,
                    name=team.name,
                    points=_tidy(score.get(ctx.primary)) or 0.0,
                    tiebreaks=tuple(_tidy(col[team_id].value) for col in values),
                    match_points=_tidy(score.mp),
                    game_points=_tidy(score.gp),
                    explanations=explanations,
                    extra=extra,
                )
            )
    return rows


def _tidy(value: float | None) -> float | None:
    if value is None:
        return None
    value = round(value, 6)
    return 0.0 if value == 0 else value


def _team_bye_notes(data: TeamEventData) -> list[str]:
    """How the pairing-allocated byes the file does not value were scored (C.07 16)."""
    notes: list[str] = []
    for how, template in (
        (
            "default",
            "Pairing-allocated byes: the file has no record 320, so the one team without a "
            "match in a round ({teams}) gets the draw-like value published by the pairing "
            "programs: {mp:g} match point(s) and {gp:g} game points (half the boards); "
            "standings and every tie-break use it (C.07 16). Set team_bye in trfsite.toml "
            "otherwise.",
        ),
        (
            "config",
            "Pairing-allocated byes ({teams}): {mp:g} match point(s) and {gp:g} game points, "
            "as team_bye in trfsite.toml says; standings and every tie-break use it (C.07 16).",
        ),
    ):
        byes = [bye for bye in data.byes if bye.valued_by == how]
        if byes:
            teams = ", ".join(f"R{bye.round}: {bye.team}" for bye in byes)
            notes.append(
                Note(template, teams=teams, mp=byes[0].match_points, gp=byes[0].game_points)
            )
    return notes


def _more_notes(
    t: Tournament,
    ctx: TeamContext,
    data: TeamEventData,
    columns: list[Column],
    after: int,
    total: int,
) -> list[str]:
    ts, gs = t.team_scoring, t.scoring
    notes: list[str] = [
        Note(
            "{boards} boards per match; match points {mp} (record 362), game points {gp} "
            "(record 162).",
            boards=data.boards,
            # Notes, so that a page spells the points with its decimal mark (1-0,5-0).
            mp=Note("{win:g}-{draw:g}-{loss:g}", win=ts.win, draw=ts.draw, loss=ts.loss),
            gp=Note("{win:g}-{draw:g}-{loss:g}", win=gs.win, draw=gs.draw, loss=gs.loss),
        )
    ]
    if after < total:
        notes.append(after_round_note(after, total, t))
    notes.extend(_team_bye_notes(data))
    if t.accelerations:
        notes.append(
            Note(
                "{n} acceleration record(s) 250 give fictitious points for pairing only; "
                "they are not part of the standings.",
                n=len(t.accelerations),
            )
        )
    if t.abnormal_points:
        notes.append(abnormal_points_note(t))
    for spec, tb in columns:
        if tb.since == RULES_2026 and ctx.rules == RULES_2023:
            notes.append(since_2026_note(spec.code))
    opponent_based = {"BH", "FB", "AOB", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC"}
    if ctx.swiss and any(tb.acronym in opponent_based for _, tb in columns):
        if ctx.rules == RULES_2023:
            notes.append(
                Note(
                    "Unplayed rounds (C.07 16.4, 2023): each counts as a match against a "
                    "dummy team with the team's own match points and game points."
                )
            )
        else:
            draw = ctx.draw
            notes.append(
                Note(
                    "Unplayed rounds (C.07 16.4, 2026): the dummy team's match points and "
                    "game points are capped separately, at the scheduled opponent's for "
                    "forfeits and at {mp} × {rounds} = {mp_cap} MP and {gp} × {rounds} = "
                    "{gp_cap} GP for byes.",
                    mp=f"{draw.mp:g}",
                    gp=f"{draw.gp:g}",
                    rounds=after,
                    mp_cap=f"{draw.mp * after:g}",
                    gp_cap=f"{draw.gp * after:g}",
                )
            )
    return notes
