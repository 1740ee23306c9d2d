"""Standings of Go (EGF) events, computed the way OpenGotha does.

McMahon events rank by the McMahon score MMS, Swiss events by the number of wins
NBW; the tie-breaks and their conventions are in :mod:`trfsite.scoring.go`.
``options.system`` "mcmahon" or "swiss" (also "round-robin") decides; otherwise
the table's own numbers, then its places (:mod:`trfsite.standings.go_columns`).

Start McMahon scores use OpenGotha's scale: 1d = 30, 1k = 29, 30k = 0, each
grade one point apart (9d = 38; professional grades count as 9d).
- A file with an MMS column fixes them: start = the file's MMS minus the points
  the player scored (so the file's bar, floor and manual corrections carry over);
  a start-score column gives them directly.
- Otherwise, or when ``go_bar``/``go_floor`` are given, they come from the grade:
  players above the bar start at the bar's score and players below the floor at
  the floor's. There is no bar and no floor by default. An unreadable grade starts
  at the floor (30k = 0 without one).

How the table counted (each kind of bye, rounding down, the handicap in SOS, the
rounds the tie-breaks run over, a knock-out stage that ranks first) and the
tie-break order come from :func:`trfsite.standings.go_columns.read_go_columns`,
which honours what the options fix. The tie-break list is ``options.tiebreaks``,
else the order the file's places show, else the file's own columns that trfsite
computes (without the primary score), else SOS, SOSOS (OpenGotha's default).
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
from trfsite.results import N_, Explanation, Note, StandingRow, Standings, TiebreakColumn
from trfsite.scoring.go import GO_TIEBREAKS, GoTiebreak, find_go_tiebreak
from trfsite.scoring.go_byes import HALF_BYE, ByeInSosos
from trfsite.scoring.go_context import GoContext, GoValue, build_go_context
from trfsite.standings.go_columns import read_go_columns
from trfsite.standings.go_fit import GoConventions
from trfsite.standings.go_row_values import declared, grade_start, points_scored, points_under
from trfsite.standings.options import StandingsOptions

__all__ = [
    "compute_go_standings",
    "declared",
    "ghost_sos",
    "infer_round_down",
    "is_mcmahon",
    "start_scores",
]

DEFAULT_TIEBREAKS = ("SOS", "SOSOS")
_EVERY_ROUND = frozenset({"MMS", "NBW", "KO"})  # never cut to the tie-breaks' rounds
_KNOWN = {t.short for t in GO_TIEBREAKS}


@dataclass(frozen=True, slots=True)
class _Criterion:
    code: str  # as spelled by the user, or the normalised file column name
    tiebreak: GoTiebreak


# One whole sentence each, so that a translation can order its parts freely.
_START_MMS_NOTES = {
    (True, True): N_("start MMS from the grade (1d = 30, 1k = 29), bar {bar}, floor {floor}"),
    (True, False): N_("start MMS from the grade (1d = 30, 1k = 29), bar {bar}, no floor"),
    (False, True): N_("start MMS from the grade (1d = 30, 1k = 29), no bar, floor {floor}"),
    (False, False): N_("start MMS from the grade (1d = 30, 1k = 29), no bar, no floor"),
}


def compute_go_standings(t: Tournament, options: StandingsOptions) -> Standings:
    """Rank a Go event; ``points`` is MMS (McMahon) or NBW (Swiss)."""
    reading = read_go_columns(t, options)
    notes: list[str] = list(reading.notes)
    c = reading.conventions
    _round_down_note(t, options, c, notes)
    t, options = reading.tournament, reading.options
    mcmahon = is_mcmahon(t, options)
    rounds = (
        default_after_round(t, t.rounds)
        if options.after_round is None
        else max(0, min(options.after_round, t.rounds))
    )
    criteria = _criteria(t, options, reading.order, mcmahon, notes)
    knockout = c.knockout_from if c.knockout_from and c.knockout_from <= rounds else None
    if knockout and not any(cr.tiebreak.short == "KO" for cr in criteria):
        criteria.insert(0, _Criterion("KO", find_go_tiebreak("KO")))
    uses_mms = mcmahon or any(cr.tiebreak.short == "MMS" for cr in criteria)
    start = start_scores(t, options, c, notes if uses_mms else [])

    def context(upto: int) -> GoContext:
        return build_go_context(
            t.players,
            upto,
            mcmahon,
            start,
            c.round_down,
            handicap_adjusted=c.handicap_adjusted,
            byes=c.rules(),
            cut_highest=c.cut_highest,
            explain=options.explain,
            knockout_from=knockout,
        )

    ctx = context(rounds)
    tb_ctx = ctx if _tiebreak_rounds(c, rounds) == rounds else context(_tiebreak_rounds(c, rounds))
    notes += _convention_notes(options)
    ranked = N_("McMahon: ranked by MMS") if mcmahon else N_("Swiss: ranked by the number of wins")
    notes.insert(0, Note(ranked))
    values = _values(t.players, tb_ctx, ctx, criteria)
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


def _tiebreak_rounds(c: GoConventions, rounds: int) -> int:
    return min(c.tiebreak_rounds or rounds, rounds)


def ghost_sos(t: Tournament, options: StandingsOptions) -> dict[str, float]:
    """Per kind of bye played against a ghost (ByeInSosos.GHOST), the ghost's SOS."""
    reading = read_go_columns(t, options)
    c = reading.conventions
    ghosts = {kind for kind, rule in c.byes if rule.sosos is ByeInSosos.GHOST}
    if not ghosts:
        return {}
    t = reading.tournament
    start = start_scores(t, reading.options, c, [])
    ctx = build_go_context(
        t.players,
        _tiebreak_rounds(c, t.rounds),
        is_mcmahon(t, reading.options),
        start,
        c.round_down,
        byes=c.rules(),
        explain=False,
    )
    return {kind: value for kind, value in ctx.ghost_sos.items() if kind in ghosts}


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


def _round_down_note(
    t: Tournament, asked: StandingsOptions, c: GoConventions, notes: list[str]
) -> None:
    if asked.go_round_down_free_points is not None:
        notes.append(
            Note(
                N_("free-round points rounded down")
                if c.round_down
                else N_("free-round points kept")
            )
        )
    elif c.round_down or infer_round_down(t, c.rules()[HALF_BYE].points) is not None:
        notes.append(
            Note(
                N_("free-round points rounded down, as the file's MMS column shows")
                if c.round_down
                else N_("free-round points not rounded, as the file's MMS column shows")
            )
        )


def start_scores(
    t: Tournament, options: StandingsOptions, c: GoConventions, notes: list[str]
) -> dict[int, float]:
    """Start McMahon score per player id (see the module docstring)."""
    column = "Start" if c.start_column else "MMS"
    from_file = options.go_bar is None and options.go_floor is None and column in _columns(t)
    bar = _limit(options.go_bar, "go_bar")
    floor = _limit(options.go_floor, "go_floor")
    rules = c.rules()
    out: dict[int, float] = {}
    for player in t.players:
        value = declared(player, column) if from_file else None
        if value is None:
            out[player.id] = grade_start(parse_grade(player.grade), bar, floor)
        elif c.start_column:
            out[player.id] = value
        else:
            out[player.id] = value - points_under(player, c.round_down, rules)
    if from_file:
        notes.append(
            Note("start MMS from the file's start-score column")
            if c.start_column
            else Note("start MMS = the file's MMS minus the points scored")
        )
    else:
        template = _START_MMS_NOTES[bool(options.go_bar), bool(options.go_floor)]
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
    t: Tournament,
    options: StandingsOptions,
    order: tuple[str, ...] | None,
    mcmahon: bool,
    notes: list[str],
) -> list[_Criterion]:
    if options.tiebreaks is not None:
        return [_Criterion(code, find_go_tiebreak(code)) for code in options.tiebreaks]
    primary = "MMS" if mcmahon else "NBW"
    chosen: list[_Criterion] = []
    skipped: list[str] = []
    for column in _columns(t):
        if (
            column in (primary, "Start")
            or is_unnamed(column)
            or any(c.code == column for c in chosen)
        ):
            continue
        if column in _KNOWN:
            chosen.append(_Criterion(column, find_go_tiebreak(column)))
        else:
            skipped.append(column)
    if skipped:
        notes.append(
            Note("file columns not computed by trfsite: {columns}", columns=", ".join(skipped))
        )
    if order is not None:
        if order:
            notes.append(Note("tie-breaks from the file's columns, in the order its places show"))
        return [_Criterion(code, find_go_tiebreak(code)) for code in order]
    if chosen:
        notes.append(Note("tie-breaks from the file's columns"))
        return chosen
    notes.append(Note("default tie-breaks: {codes}", codes=", ".join(DEFAULT_TIEBREAKS)))
    return [_Criterion(code, find_go_tiebreak(code)) for code in DEFAULT_TIEBREAKS]


def _values(
    players: Sequence[Player], tb_ctx: GoContext, ctx: GoContext, criteria: list[_Criterion]
) -> dict[int, list[GoValue]]:
    """Every criterion's value per player; DC once the earlier criteria are known.

    ``tb_ctx`` covers the rounds the tie-breaks run over, ``ctx`` every round (the
    scores and the knock-out place).
    """
    values: dict[int, list[GoValue]] = {p.id: [] for p in players}
    for index, criterion in enumerate(criteria):
        compute, in_group = criterion.tiebreak.compute, criterion.tiebreak.compute_in_group
        if compute is not None:
            own = ctx if criterion.tiebreak.short in _EVERY_ROUND else tb_ctx
            for player in players:
                values[player.id].append(compute(own, player.id))
            continue
        assert in_group is not None
        groups: dict[tuple[float, ...], set[int]] = defaultdict(set)
        for player in players:
            key = (ctx.score(player.id), *(v.value for v in values[player.id][:index]))
            groups[key].add(player.id)
        for player in players:
            key = (ctx.score(player.id), *(v.value for v in values[player.id][:index]))
            tied = frozenset(groups[key])
            values[player.id].append(in_group(tb_ctx, player.id, tied))
    return values


def _rows(
    players: Sequence[Player],
    ctx: GoContext,
    criteria: list[_Criterion],
    values: dict[int, list[GoValue]],
    explain: bool,
) -> tuple[StandingRow, ...]:
    signs = [1.0 if c.tiebreak.lower_is_better else -1.0 for c in criteria]
    # A knock-out place ranks before the score; the others break ties after it.
    leads = sum(1 for c in criteria[:1] if c.tiebreak.short == "KO")

    def key(player: Player) -> tuple[float, ...]:
        own = [s * v.value for s, v in zip(signs, values[player.id], strict=True)]
        return (*own[:leads], -ctx.score(player.id), *own[leads:])

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
