"""Standings: points, then the tie-break list in order (FIDE C.07 4.2).

Individual chess events are ranked here; ``trfsite.standings.compute`` sends Go
and team events to their own engines. The rule set, pairing system and list are
chosen in ``trfsite.standings.choices`` (shared with the team engine). Every
choice the engine makes is written into ``Standings.notes``.

Participants still tied at the end of the list share the place (same rank) and
are listed by start number.
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from trfsite.formats.limits import MAX_ROUND_RANKINGS
from trfsite.memo import ByIdentity
from trfsite.model import EventKind, Player, Tournament
from trfsite.progress import default_after_round, pending_after_round_error
from trfsite.results import (
    Explanation,
    Note,
    StandingRow,
    Standings,
    TiebreakColumn,
    new_individual_row,
)
from trfsite.scoring.cells import Cell
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import EventContext, build_context, points_after
from trfsite.scoring.declared_points import apply_points_source
from trfsite.scoring.registry import (
    BUCHHOLZ_FAMILY,
    RATING_TIEBREAKS,
    Tiebreak,
    display_name,
    resolve,
)
from trfsite.scoring.rule_sets import PRE2023, RULES_2023, RULES_2026
from trfsite.standings.choices import (
    StandingsError,
    abnormal_points_note,
    after_round_note,
    asked_rules,
    check_points_source,
    choose_rules,
    choose_system,
    choose_tiebreaks,
    resolve_columns,
    since_2026_note,
    system_note_under,
    tiebreak_column,
)
from trfsite.standings.declared_notes import adopted_note, declared_order_note, differing_note
from trfsite.standings.declared_places import count_differences, row_blocks
from trfsite.standings.declared_ranks import (
    RANKS_SOURCES,
    Candidate,
    DeclaredOrder,
    declared_ranks,
    judged_context,
    judged_values,
    search_declared_order,
)
from trfsite.standings.options import StandingsOptions
from trfsite.standings.ranking import rank_players


# --------------------------------------------------------------------------- engine
def compute_individual_standings(t: Tournament, options: StandingsOptions) -> Standings:
    """Standings of an individual event (or of a team event's players with --individual)."""
    after = _checked_after_round(t, options.after_round)
    standings = _standings_after(t, options, _plan(t, options), after)
    if options.explained is None:  # a part's cards' subset is kept by the part alone
        _MADE(t)[replace(options, explain=False)] = standings
    return standings


# The standings made of each event, by their options but ``explain``: the standings check
# ranks the event under the default options, a default build's own final standings
# (made in the build's process, before its checks' helper is forked). Kept for the last
# two events only: the one a process builds, and another started beside it (Dask's threads).
_MADE: ByIdentity[Tournament, dict[StandingsOptions, Standings]] = ByIdentity(lambda t: {}, keep=2)


def ranked_individual(t: Tournament, options: StandingsOptions) -> Standings:
    """``compute_individual_standings(t, options)`` as far as its rows' ranks and points go
    (``options.explain`` false): the standings made already under the same options,
    explained or not, else made now."""
    made = _MADE(t).get(options)
    return made if made is not None else compute_individual_standings(t, options)


def compute_individual_rounds(
    t: Tournament, options: StandingsOptions, rounds: Sequence[int]
) -> tuple[Standings, ...]:
    """The standings after each of ``rounds``, as ``after_round=n`` gives them one by one.

    The choices (rules, system, list) and each player's displayed facts are made
    once for all of them.
    """
    afters = [_checked_after_round(t, n) for n in rounds]
    plan = _plan(t, options)
    if len(t.players) * sum(afters) > MAX_ROUND_RANKINGS.limit:
        return _by_points(t, plan, afters)
    return tuple(_standings_after(t, options, plan, after) for after in afters)


def _by_points(t: Tournament, plan: "_Plan", afters: list[int]) -> tuple[Standings, ...]:
    """The standings after each round ranked by points alone (tie-breaks of each round
    would cost beyond MAX_ROUND_RANKINGS); players on equal points share the place."""
    points = points_after(t, afters)
    ids = sorted(points)
    names = {p.id: p.name for p in t.players}
    total = t.rounds
    found = []
    for index, after in enumerate(afters):
        order = sorted(ids, key=lambda pid: (-points[pid][index], pid))
        rows: list[StandingRow] = []
        for position, pid in enumerate(order, start=1):
            tied = rows and rows[-1].points == points[pid][index]
            rows.append(
                new_individual_row(
                    rank=rows[-1].rank if tied else position,
                    id=pid,
                    name=names[pid],
                    points=points[pid][index],
                    tiebreaks=(),
                    explanations=(),
                    extra=plan.extra[pid],
                )
            )
        notes = [
            plan.notes[0],
            after_round_note(after, total, t) if after < total else "",
            Note(
                "ranked by points alone: the tie-breaks after each round of {players} players "
                "and {rounds} rounds are beyond trfsite's budget (the final standings have them)",
                players=len(ids),
                rounds=total,
            ),
        ]
        found.append(
            Standings(
                tournament=t,
                rules=plan.rules,
                columns=(),
                after_round=after,
                rows=tuple(rows),
                kind=EventKind.INDIVIDUAL,
                notes=tuple(n for n in notes if n),
                round_robin=not plan.swiss,
            )
        )
    return tuple(found)


def _checked_after_round(t: Tournament, asked: int | None) -> int:
    total = t.rounds
    after = default_after_round(t, total) if asked is None else asked
    if after < 0 or after > total or (after == 0 and asked is not None and total > 0):
        raise StandingsError(
            f"--after-round {asked!r}: {t.name or 'the tournament'} has "
            f"{total} round(s); expected a number from 1 to {total}"
        )
    pending = "" if asked is None else pending_after_round_error(t, after)
    if pending:
        raise StandingsError(f"--after-round {asked!r}: {pending}")
    return after


class _Plan(NamedTuple):
    """What the standings after any round share: the choices and the players' facts."""

    rules: str
    swiss: bool
    columns: list[tuple[TiebreakSpec, Tiebreak]]
    points_source: str
    notes: tuple[str, ...]  # rule set, system, list, skipped codes
    table_columns: tuple[TiebreakColumn, ...]
    extra: dict[int, tuple[tuple[str, str], ...]]  # by player id: title, rating, federation
    ranks_source: str
    evidence: DeclaredOrder | None  # what the declared ranks showed (None: not judged)


def _plan(t: Tournament, options: StandingsOptions) -> _Plan:
    rules, rules_note = choose_rules(t, options)
    swiss, system_note = choose_system(t, options)
    codes, where, list_note = choose_tiebreaks(t, options, swiss)
    columns, skipped_notes = resolve_columns(codes, where, resolve)
    points_source = check_points_source(options)
    ranks_source = _check_ranks_source(options)
    choice_notes: tuple[str, ...] = (rules_note, system_note, list_note)
    evidence = search_declared_order(
        t,
        Candidate(rules, tuple(spec.code for spec, _ in columns)),
        swiss,
        rules_open=asked_rules(options) is None,
        list_open=options.tiebreaks is None and where == "the default list",
        unrated_rating=options.unrated_rating,
    )
    if evidence is not None and evidence.adopted and evidence.matched != evidence.base:
        assert evidence.matched is not None
        rules = evidence.matched.rules
        columns = [resolve(code, where) for code in evidence.matched.codes]
        choice_notes = (adopted_note(evidence), system_note)
    choice_notes = tuple(
        system_note_under(rules, note) if note is system_note else note for note in choice_notes
    )
    return _Plan(
        rules=rules,
        swiss=swiss,
        columns=columns,
        points_source=points_source,
        notes=(*choice_notes, *skipped_notes),
        table_columns=tuple(
            tiebreak_column(spec, display_name(spec, tb), tb.lower_is_better)
            for spec, tb in columns
        ),
        extra={player.id: _extra(player) for player in t.players},
        ranks_source=ranks_source,
        evidence=evidence,
    )


def _check_ranks_source(options: StandingsOptions) -> str:
    if options.ranks_source not in RANKS_SOURCES:
        raise StandingsError(
            f"ranks_source {options.ranks_source!r}: expected one of " + ", ".join(RANKS_SOURCES)
        )
    return options.ranks_source


def _extra(player: Player) -> tuple[tuple[str, str], ...]:
    extra: tuple[tuple[str, str], ...] = ()
    if player.title:
        extra = (("title", player.title),)
    if player.rating:
        extra += (("rating", str(player.rating)),)
    if player.federation:
        extra += (("federation", player.federation),)
    return extra


def explain_individual(
    t: Tournament, options: StandingsOptions
) -> dict[int, tuple[Explanation, ...]]:
    """The explanations of the players ``options.explained`` names (``explain``), as their
    rows of ``compute_individual_standings(t, options)`` have them: the event is ranked
    (direct encounter is explained by the ranking) but its rows, notes and declared ranks
    are not made (a part's cards of the 2,000-player open: 205 M instructions -> ~117 M)."""
    after = _checked_after_round(t, options.after_round)
    ranked = _ranked(t, options, _plan(t, options), after)
    ctx, explanations = ranked.ctx, [e for e in ranked.explanations if e is not None]
    explaining = ctx.explaining
    # In the rows' order: a start number on several lines keeps its last row's.
    return {
        ctx.ids[i]: tuple(e[i] for e in explanations)
        for block in ranked.blocks
        for i in block
        if explaining[i]
    }


class _Ranked(NamedTuple):
    """An event ranked after a round: its context, each column's values and explanations,
    the blocks of tied players best first, and the note on the points' source."""

    ctx: EventContext
    values: list[list[float | None]]
    explanations: list[list[Explanation] | None]
    blocks: list[list[int]]
    source_note: Note | None


def _ranked(t: Tournament, options: StandingsOptions, plan: _Plan, after: int) -> _Ranked:
    total = t.rounds
    columns = plan.columns
    ctx = (
        None
        if options.explain
        else judged_context(t, after, plan.rules, plan.swiss, options.unrated_rating)
    )
    if ctx is None:
        ctx = build_context(
            t,
            after,
            plan.rules,
            plan.swiss,
            options.unrated_rating,
            options.explain,
            options.explained,
        )
    source_note = apply_points_source(t, ctx, plan.points_source, after == total)

    values: list[list[float | None]] = []
    explanations: list[list[Explanation] | None] = []
    for spec, tb in columns:
        if tb.compute is None:
            values.append([None] * ctx.size)
            explanations.append([Explanation(spec.code, None)] * ctx.size if ctx.explain else None)
            continue
        judged = judged_values(t, ctx, spec)
        if judged is not None:
            values.append(judged)
            explanations.append(None)
            continue
        found = tb.compute(ctx, spec)
        values.append(found.values)
        explanations.append(found.explanations)
    blocks = rank_players(ctx, columns, values, explanations)
    return _Ranked(ctx, values, explanations, blocks, source_note)


def _standings_after(
    t: Tournament, options: StandingsOptions, plan: _Plan, after: int
) -> Standings:
    total = t.rounds
    columns = plan.columns
    ctx, values, explanations, blocks, source_note = _ranked(t, options, plan, after)
    extra = plan.extra
    # Each player's tuple of values comes from zip, not from one generator per player.
    # Values that are non-zero multiples of 1/64 are already tidy: no call for them.
    per_player = list(
        zip(
            *[[v if v and not v * 64 % 1 else _tidy(v) for v in col] for col in values],
            strict=True,
        )
    )
    rows: list[StandingRow] = []
    explaining = ctx.explaining
    for block in blocks:
        rank = len(rows) + 1
        for i in block:
            pid = ctx.ids[i]
            rows.append(
                new_individual_row(
                    rank=rank,
                    id=pid,
                    name=ctx.names[i],
                    points=ctx.score[i],
                    tiebreaks=per_player[i] if values else (),
                    explanations=tuple(e[i] for e in explanations if e is not None)
                    if explaining[i]
                    else (),
                    extra=extra[pid],
                )
            )
    notes = list(plan.notes)
    if source_note:
        notes.append(source_note)
    notes.extend(_more_notes(t, ctx, columns, options, after, total))
    if plan.evidence is not None and after == default_after_round(t, total):
        rows, ranks_note = _as_declared(t, plan, rows)
        notes.append(ranks_note)
    return Standings(
        tournament=t,
        rules=plan.rules,
        columns=plan.table_columns,
        after_round=after,
        rows=tuple(rows),
        kind=EventKind.INDIVIDUAL,
        notes=tuple(n for n in notes if n),
        round_robin=not plan.swiss,
    )


def _as_declared(
    t: Tournament, plan: _Plan, rows: list[StandingRow]
) -> tuple[list[StandingRow], str]:
    """The final rows, in the file's order with ``ranks_source = "declared"``, and the note
    on how they compare with the ranks the file declares ("" when they agree)."""
    assert plan.evidence is not None
    declared = declared_ranks(t)
    # Counted as printed: players sharing a place differ from a file that orders them.
    count = count_differences(declared, row_blocks(rows))[1]
    if plan.ranks_source != "declared":
        return rows, differing_note(plan.evidence, count, len(declared)) or ""
    position = {row.id: k for k, row in enumerate(rows)}
    ranked = sorted(
        (row for row in rows if row.id in declared),
        key=lambda row: (declared[row.id], position[row.id]),
    )
    unranked = [row for row in rows if row.id not in declared]
    # The file gives no place to its unranked players: they share the one after the others.
    reordered = [replace(row, rank=declared[row.id]) for row in ranked]
    reordered += [replace(row, rank=len(ranked) + 1) for row in unranked]
    return reordered, declared_order_note(count, len(declared))


def _tidy(value: float | None) -> float | None:
    if value is None:
        return None
    if value * 64 % 1:  # see ranking.sort_keys: multiples of 1/64 are already tidy
        value = round(value, 6)
    return 0.0 if value == 0 else value


def _more_notes(
    t: Tournament,
    ctx: EventContext,
    columns: list[tuple[TiebreakSpec, Tiebreak]],
    options: StandingsOptions,
    after: int,
    total: int,
) -> list[str]:
    notes: list[str] = []
    if after < total:
        notes.append(after_round_note(after, total, t))
    s = t.scoring
    if (s.win, s.draw, s.loss) != (1.0, 0.5, 0.0) or s.pairing_bye is not None:
        notes.append(
            Note(
                "Scoring (record 162): win {win}, draw {draw}, loss {loss}, absence "
                "{absence}, pairing-allocated bye {bye}.",
                win=f"{s.win:g}",
                draw=f"{s.draw:g}",
                loss=f"{s.loss:g}",
                absence=f"{s.absence:g}",
                bye=f"{s.value('P'):g}",
            )
        )
    if t.abnormal_points:
        notes.append(abnormal_points_note(t))
    names = {tb.acronym for _, tb in columns}
    unrated = sum(1 for p in t.players if not p.rating)
    if names & RATING_TIEBREAKS and unrated:
        if options.unrated_rating is not None:
            notes.append(
                Note(
                    "{n} unrated player(s) count as rated {rating} in the rating tie-breaks "
                    "(--unrated-rating).",
                    n=unrated,
                    rating=options.unrated_rating,
                )
            )
        else:
            notes.append(
                Note(
                    "{n} unrated player(s): C.07 Art. 10 drops rating tie-breaks when "
                    "unrated players take part unless a rating for them was published, so "
                    "every value that needs a missing rating is undefined (null). Use "
                    "--unrated-rating N to publish one.",
                    n=unrated,
                )
            )
    for spec, tb in columns:
        if tb.since == RULES_2026 and ctx.rules != RULES_2026:
            notes.append(since_2026_note(spec.code, ctx.rules))
        if tb.acronym in BUCHHOLZ_FAMILY and not ctx.swiss and ctx.rules == RULES_2026:
            notes.append(
                Note(
                    "{code}: C.07 2026 forbids the Buchholz family in round robins; "
                    "computed anyway.",
                    code=spec.code,
                )
            )
    opponent_based = any(tb.acronym in {"BH", "FB", "SB", "AOB"} for _, tb in columns)
    if opponent_based and ctx.rules == PRE2023 and (ctx.swiss or _has_forfeits(ctx)):
        notes.append(
            Note(
                "Unplayed games (rules before 2023): a player without an opponent meets a "
                "virtual opponent with the player's score before the round, the other side "
                "of the result in it and a draw in each later round; an opponent's unplayed "
                "games count as draws."
            )
        )
    elif opponent_based and ctx.swiss:
        if ctx.rules == RULES_2023:
            notes.append(
                Note(
                    "Unplayed rounds (C.07 16.4, 2023): each counts as a game against a "
                    "dummy opponent with the player's own score."
                )
            )
        else:
            notes.append(
                Note(
                    "Unplayed rounds (C.07 16.4, 2026): dummy opponent's score capped at the "
                    "scheduled opponent's score for forfeits, and at {draw} x {rounds} = "
                    "{cap} for byes.",
                    draw=f"{ctx.draw:g}",
                    rounds=after,
                    cap=f"{ctx.draw * after:g}",
                )
            )
    return notes


def _has_forfeits(ctx: EventContext) -> bool:
    forfeits = (Cell.FORFEIT_WIN, Cell.FORFEIT_LOSS)
    return any(cell in forfeits for row in ctx.cell for cell in row)
