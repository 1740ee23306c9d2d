"""Standings of Go (EGF) events, computed the way OpenGotha does.

McMahon events rank by the McMahon score MMS, Swiss events by the number of wins
NBW; the tie-breaks and their conventions are in :mod:`trfsite.scoring.go`.
``options.system`` "mcmahon" or "swiss" (also "round-robin") decides; otherwise
the reader's hint: McMahon if the file's MMS column comes before NBW, Swiss if
NBW does, McMahon for files without either (EGD downloads).

Start McMahon scores use OpenGotha's scale: 1d = 30, 1k = 29, 30k = 0, each
grade one point apart (9d = 38; professional grades count as 9d).
- A file with an MMS column fixes them: start = the file's MMS minus the points
  the player scored (so the file's bar, floor and manual corrections carry over).
- Otherwise, or when ``go_bar``/``go_floor`` are given, they come from the grade:
  players above the bar start at the bar's score and players below the floor at
  the floor's. There is no bar and no floor by default. An unreadable grade starts
  at the floor (30k = 0 without one).

Free-round points are rounded down (OpenGotha's option) when
``go_round_down_free_points`` says so; when it is None, the file's MMS column
decides (only one setting leaves whole start scores), and without one they are
not rounded, as the EGF's own description counts ``0=`` as ½.

The tie-break list is ``options.tiebreaks``, else the file's own columns that
trfsite computes (without the primary score), else SOS, SOSOS (OpenGotha's
default for both systems).

Other programs' conventions are options: ``go_handicap_adjusted_sos``,
``go_bye_in_sos`` and ``go_sos_cut_highest`` (pairgoth's SOS-1). What the file's
unnamed columns mean, and the conventions its numbers show, come first from
:mod:`trfsite.go_columns`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import click

from trfsite.formats.egf.grades import Grade, parse_grade
from trfsite.formats.egf.header import is_unnamed
from trfsite.model import PairingSystem, Player, Tournament
from trfsite.progress import default_after_round
from trfsite.results import Explanation, Note, StandingRow, Standings, TiebreakColumn
from trfsite.scoring.go import (
    GO_TIEBREAKS,
    HALF,
    GoContext,
    GoTiebreak,
    GoValue,
    build_go_context,
    find_bye_in_sos,
    find_go_tiebreak,
)
from trfsite.standings.go_columns import declared, grade_start, points_scored, read_go_columns
from trfsite.standings.options import StandingsOptions

__all__ = ["compute_go_standings", "declared", "infer_round_down", "is_mcmahon", "start_scores"]

DEFAULT_TIEBREAKS = ("SOS", "SOSOS")
_KNOWN = {t.short for t in GO_TIEBREAKS}


@dataclass(frozen=True, slots=True)
class _Criterion:
    code: str  # as spelled by the user, or the normalised file column name
    tiebreak: GoTiebreak


def compute_go_standings(t: Tournament, options: StandingsOptions) -> Standings:
    """Rank a Go event; ``points`` is MMS (McMahon) or NBW (Swiss)."""
    reading = read_go_columns(t, options)
    notes: list[str] = list(reading.notes)
    round_down = _round_down(t, options, reading.options, notes)
    t, options = reading.tournament, reading.options
    mcmahon = is_mcmahon(t, options)
    rounds = (
        default_after_round(t, t.rounds)
        if options.after_round is None
        else max(0, min(options.after_round, t.rounds))
    )
    criteria = _criteria(t, options, mcmahon, notes)
    uses_mms = mcmahon or any(c.tiebreak.short == "MMS" for c in criteria)
    start = start_scores(t, options, round_down, notes if uses_mms else [])
    ctx = build_go_context(
        t.players,
        rounds,
        mcmahon,
        start,
        round_down,
        handicap_adjusted=options.go_handicap_adjusted_sos,
        bye_in_sos=find_bye_in_sos(options.go_bye_in_sos or "start"),
        cut_highest=options.go_sos_cut_highest,
        free_draw=_free_draw(options),
        explain=options.explain,
    )
    notes += _convention_notes(options)
    notes.insert(
        0, Note("McMahon: ranked by MMS" if mcmahon else "Swiss: ranked by the number of wins")
    )
    values = _values(t.players, ctx, criteria)
    rows = _rows(t.players, ctx, criteria, values, options.explain)
    return Standings(
        tournament=t,
        rules="egf",
        columns=tuple(
            TiebreakColumn(c.code, c.tiebreak.name, c.tiebreak.short, c.tiebreak.lower_is_better)
            for c in criteria
        ),
        after_round=rounds,
        rows=rows,
        notes=tuple(notes),
        points_label="MMS" if mcmahon else "NBW",
    )


def is_mcmahon(t: Tournament, options: StandingsOptions) -> bool:
    if options.system == "mcmahon":
        return True
    if options.system in ("swiss", "round-robin"):
        return False
    return t.pairing_system is not PairingSystem.SWISS


def _convention_notes(options: StandingsOptions) -> list[str]:
    notes: list[str] = []
    if not options.go_handicap_adjusted_sos:
        notes.append(Note("SOS without handicap adjustment"))
    if options.go_sos_cut_highest:
        notes.append(Note("SOS-1 and SOS-2 drop the highest values"))
    return notes


# --------------------------------------------------------------------------- start scores
def infer_round_down(t: Tournament, free_draw: float = 0.5) -> bool | None:
    """Which "round down free points" setting leaves whole start scores, if only one does."""
    whole = {False: 0, True: 0}
    telling = 0
    for player in t.players:
        mms = declared(player, "MMS")
        if mms is None:
            continue
        exact = points_scored(player, False, free_draw)
        rounded = points_scored(player, True, free_draw)
        if exact == rounded:
            continue
        telling += 1
        whole[False] += float(mms - exact).is_integer()
        whole[True] += float(mms - rounded).is_integer()
    if not telling or whole[False] == whole[True]:
        return None
    return whole[True] > whole[False]


def _round_down(
    t: Tournament, asked: StandingsOptions, settled: StandingsOptions, notes: list[str]
) -> bool:
    chosen = bool(settled.go_round_down_free_points)
    if asked.go_round_down_free_points is not None:
        notes.append(Note("free-round points rounded down" if chosen else "free-round points kept"))
    elif infer_round_down(t, _free_draw(settled)) is not None:
        notes.append(
            Note(
                "free-round points rounded down, as the file's MMS column shows"
                if chosen
                else "free-round points not rounded, as the file's MMS column shows"
            )
        )
    return chosen


def _free_draw(options: StandingsOptions) -> float:
    return HALF if options.go_free_draw_points is None else options.go_free_draw_points


def start_scores(
    t: Tournament, options: StandingsOptions, round_down: bool, notes: list[str]
) -> dict[int, float]:
    """Start McMahon score per player id (see the module docstring)."""
    from_file = options.go_bar is None and options.go_floor is None and "MMS" in _columns(t)
    bar = _limit(options.go_bar, "go_bar")
    floor = _limit(options.go_floor, "go_floor")
    out: dict[int, float] = {}
    for player in t.players:
        mms = declared(player, "MMS") if from_file else None
        if mms is not None:
            out[player.id] = mms - points_scored(player, round_down, _free_draw(options))
        else:
            out[player.id] = grade_start(parse_grade(player.grade), bar, floor)
    if from_file:
        notes.append(Note("start MMS = the file's MMS minus the points scored"))
    else:
        template = "start MMS from the grade (1d = 30, 1k = 29), " + (
            "bar {bar}" if options.go_bar else "no bar"
        )
        template += ", floor {floor}" if options.go_floor else ", no floor"
        notes.append(Note(template, bar=options.go_bar or "", floor=options.go_floor or ""))
    return out


def _limit(text: str | None, option: str) -> Grade | None:
    if text is None:
        return None
    grade = parse_grade(text.strip(), bare_number_is_kyu=False)
    if grade is None:
        raise click.ClickException(
            f"{option}: unknown grade {text!r}; expected a grade such as '3d' or '20k'"
        )
    return grade


def _columns(t: Tournament) -> tuple[str, ...]:
    return t.go.columns if t.go else ()


# --------------------------------------------------------------------------- criteria
def _criteria(
    t: Tournament, options: StandingsOptions, mcmahon: bool, notes: list[str]
) -> list[_Criterion]:
    if options.tiebreaks is not None:
        return [_Criterion(code, find_go_tiebreak(code)) for code in options.tiebreaks]
    primary = "MMS" if mcmahon else "NBW"
    chosen: list[_Criterion] = []
    skipped: list[str] = []
    for column in _columns(t):
        if column == primary or is_unnamed(column) or any(c.code == column for c in chosen):
            continue
        if column in _KNOWN:
            chosen.append(_Criterion(column, find_go_tiebreak(column)))
        else:
            skipped.append(column)
    if skipped:
        notes.append(
            Note("file columns not computed by trfsite: {columns}", columns=", ".join(skipped))
        )
    if chosen:
        notes.append(Note("tie-breaks from the file's columns"))
        return chosen
    notes.append(Note("default tie-breaks: {codes}", codes=", ".join(DEFAULT_TIEBREAKS)))
    return [_Criterion(code, find_go_tiebreak(code)) for code in DEFAULT_TIEBREAKS]


def _values(
    players: Sequence[Player], ctx: GoContext, criteria: list[_Criterion]
) -> dict[int, list[GoValue]]:
    """Every criterion's value per player; DC once the earlier criteria are known."""
    values: dict[int, list[GoValue]] = {p.id: [] for p in players}
    for index, criterion in enumerate(criteria):
        compute, in_group = criterion.tiebreak.compute, criterion.tiebreak.compute_in_group
        if compute is not None:
            for player in players:
                values[player.id].append(compute(ctx, player.id))
            continue
        assert in_group is not None
        groups: dict[tuple[float, ...], set[int]] = defaultdict(set)
        for player in players:
            key = (ctx.score(player.id), *(v.value for v in values[player.id][:index]))
            groups[key].add(player.id)
        for player in players:
            key = (ctx.score(player.id), *(v.value for v in values[player.id][:index]))
            tied = frozenset(groups[key])
            values[player.id].append(in_group(ctx, player.id, tied))
    return values


def _rows(
    players: Sequence[Player],
    ctx: GoContext,
    criteria: list[_Criterion],
    values: dict[int, list[GoValue]],
    explain: bool,
) -> tuple[StandingRow, ...]:
    def key(player: Player) -> tuple[float, ...]:
        signs = [1.0 if c.tiebreak.lower_is_better else -1.0 for c in criteria]
        own = values[player.id]
        return (-ctx.score(player.id), *(s * v.value for s, v in zip(signs, own, strict=True)))

    keys = {p.id: key(p) for p in players}
    ordered = sorted(players, key=lambda p: (keys[p.id], p.id))
    rows: list[StandingRow] = []
    rank = 0
    for position, player in enumerate(ordered, start=1):
        if position == 1 or keys[player.id] != keys[ordered[position - 2].id]:
            rank = position
        own = values[player.id]
        explanations = (
            tuple(
                Explanation(c.code, v.value, v.contributions)
                for c, v in zip(criteria, own, strict=True)
            )
            if explain
            else ()
        )
        rows.append(
            StandingRow(
                rank=rank,
                id=player.id,
                name=player.name,
                points=ctx.score(player.id),
                tiebreaks=tuple(v.value for v in own),
                start_points=ctx.start[player.id] if ctx.mcmahon else 0.0,
                explanations=explanations,
                extra=(
                    ("grade", player.grade),
                    ("federation", player.federation),
                    ("club", player.club),
                ),
            )
        )
    return tuple(rows)
