"""What a Go table's own score columns mean, and the conventions its numbers show.

A table without a column header (the EGD's download), or with a column called
only "score", still says by its own numbers what it is. Each reading is tried:
McMahon or Swiss, what ``0=`` adds (½ or 0), whether free-round points are
rounded down, and what a round without opponent adds to SOS (own start MMS, 0 or
own score). Every column that the header does not name is compared with every
criterion trfsite computes, and the reading that reproduces the most of the
file's numbers wins; a column takes the meaning that most of its rows match.
Ties go to the documented defaults: McMahon, ``0=`` worth ½, not rounded down,
own start MMS. An MMS column "matches" a row when it leaves a whole start score,
since the start scores are read from it.

Whatever the options (``trfsite.toml``, the CLI) fix is not guessed. The result,
and why, goes into the standings' notes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from trfsite.formats.egf.grades import Grade, parse_grade
from trfsite.formats.egf.header import SCORE, is_unnamed, normalise_column, unnamed_column
from trfsite.memo import ByIdentity
from trfsite.model import Outcome, PairingSystem, Player, Tournament
from trfsite.results import Note
from trfsite.scoring.go import (
    HALF,
    ByeInSos,
    GoContext,
    build_go_context,
    entry_points,
    find_bye_in_sos,
    find_go_tiebreak,
)
from trfsite.standings.options import StandingsOptions

SKIP = "-"  # in ``go_columns``: a column that means nothing trfsite computes
_CANDIDATES = ("NBW", "MMS", "SOS", "SOSOS", "SODOS", "SOS-1", "SOS-2", "CUSS")
_EPSILON = 1e-6
_BYE_WORDS = {
    ByeInSos.START: "own start MMS",
    ByeInSos.ZERO: "0",
    ByeInSos.OWN: "own score",
}


@dataclass(frozen=True, slots=True)
class GoReading:
    """The table with its columns named, the settled options, and the notes saying how."""

    tournament: Tournament
    options: StandingsOptions
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Conventions:
    mcmahon: bool
    free_draw: float
    round_down: bool
    bye: ByeInSos


@dataclass(frozen=True, slots=True)
class _Fit:
    """How well one reading reproduces the file: matched cells, meaning per column."""

    conventions: _Conventions
    mms_at: int | None  # position of the column read as MMS
    matched: int
    meanings: dict[int, tuple[str, int]]  # position -> (criterion, rows matched)

    @property
    def key(self) -> tuple[int, int]:
        # A table with an NBW column and no MMS column is Swiss when nothing else tells.
        names = {m for m, _ in self.meanings.values()}
        swiss_like = "NBW" in names and "MMS" not in names and self.mms_at is None
        return self.matched, int(swiss_like and not self.conventions.mcmahon)


def declared(player: Player, column: str) -> float | None:
    for name, value in player.declared_scores:
        if name == column:
            return value
    return None


def points_scored(player: Player, round_down: bool, free_draw: float = HALF) -> float:
    """NBW over every round in the file (what the file's MMS column adds to the start)."""
    games = free = 0.0
    for entry in player.rounds:
        game, free_round = entry_points(entry, free_draw)
        games += game
        free += free_round
    return games + (math.floor(free) if round_down else free)


def grade_start(grade: Grade | None, bar: Grade | None, floor: Grade | None) -> float:
    if grade is None:
        return float(floor.mms if floor else 0)
    score = grade.mms
    if bar is not None:
        score = min(score, bar.mms)
    if floor is not None:
        score = max(score, floor.mms)
    return float(score)


def read_go_columns(t: Tournament, options: StandingsOptions) -> GoReading:
    """Name the table's columns and settle the conventions (the same for every round)."""
    cache = _CACHE(t)
    key = (
        options.system,
        options.go_columns,
        options.go_free_draw_points,
        options.go_bye_in_sos,
        options.go_round_down_free_points,
        options.go_handicap_adjusted_sos,
        options.go_sos_cut_highest,
    )
    if key not in cache:
        cache[key] = _read(t, options)
    found = cache[key]
    # Only what was settled comes from the cache; the rest (after_round, bar, ...) is the caller's.
    settled = found.options
    return replace(
        found,
        options=replace(
            options,
            system=settled.system,
            go_free_draw_points=settled.go_free_draw_points,
            go_round_down_free_points=settled.go_round_down_free_points,
            go_bye_in_sos=settled.go_bye_in_sos,
            go_columns=settled.go_columns,
        ),
    )


_CACHE: ByIdentity[Tournament, dict[tuple[object, ...], GoReading]] = ByIdentity(lambda t: {})


def _read(t: Tournament, options: StandingsOptions) -> GoReading:
    notes: list[str] = []
    names = _names(t, options, notes)
    rows = _values_by_position(t, len(names))
    fixed = len(options.go_columns or ())
    open_at = [
        i
        for i, name in enumerate(names)
        if i >= fixed and (is_unnamed(name) or name == SCORE) and any(rows[i])
    ]
    for i, name in enumerate(names):
        if i >= fixed and is_unnamed(name) and i not in open_at:
            notes.append(Note("column {column}: all 0, a filler", column=name))
    fits: list[_Fit] = []
    systems = _systems(names, options)
    for mcmahon in systems:
        fits.append(_best_conventions(t, options, names, rows, open_at, mcmahon))
        if fits[-1].matched == _possible(names, rows, open_at) and len(systems) > 1:
            # Every number reproduced: the other system, under the same conventions,
            # only tells whether the columns decided it.
            other = replace(fits[-1].conventions, mcmahon=not mcmahon)
            fits.append(_fit(t, options, names, rows, open_at, other))
            break
    best = max(fits, key=lambda f: f.key)  # the first (the default) on ties
    if len(fits) > 1 and best.key > min(f.key for f in fits):
        notes.append(
            Note("McMahon, as the file's columns show")
            if best.conventions.mcmahon
            else Note("Swiss, as the file's columns show")
        )
    final_names = list(names)
    for i in open_at:
        meaning, matched = best.meanings.get(i, ("", 0))
        filled = sum(v is not None for v in rows[i])
        if meaning and matched * 2 > filled:
            final_names[i] = meaning
            notes.append(
                Note(
                    "column {column} read as {meaning}: {matched} of {rows} rows match",
                    column=names[i],
                    meaning=meaning,
                    matched=matched,
                    rows=filled,
                )
            )
        else:
            final_names[i] = names[i] if is_unnamed(names[i]) else unnamed_column(i + 1)
            notes.append(Note("column {column}: no meaning found", column=names[i]))
    notes += _convention_notes(options, best.conventions)
    chosen = best.conventions
    settled = replace(
        options,
        system=options.system or ("mcmahon" if chosen.mcmahon else "swiss"),
        go_free_draw_points=chosen.free_draw,
        go_round_down_free_points=chosen.round_down,
        go_bye_in_sos=chosen.bye.value,
        go_columns=tuple(final_names),
    )
    return GoReading(_renamed(t, final_names, chosen.mcmahon), settled, tuple(notes))


def _names(t: Tournament, options: StandingsOptions, notes: list[str]) -> list[str]:
    """The file's column names, or the settings' (by position, ``-`` for none)."""
    names = list(t.go.columns) if t.go else []
    widest = max((len(p.declared_scores) for p in t.players), default=0)
    names += [unnamed_column(i + 1) for i in range(len(names), widest)]
    if options.go_columns is None:
        return names
    wanted = [normalise_column(c.strip()) for c in options.go_columns]
    for i, meaning in enumerate(wanted[: len(names)]):
        names[i] = unnamed_column(i + 1) if meaning == SKIP else meaning
    notes.append(Note("column meanings as set: {columns}", columns=" ".join(wanted)))
    return names


def _values_by_position(t: Tournament, width: int) -> list[list[float | None]]:
    return [
        [p.declared_scores[i][1] if i < len(p.declared_scores) else None for p in t.players]
        for i in range(width)
    ]


def _systems(names: list[str], options: StandingsOptions) -> list[bool]:
    if options.system == "mcmahon":
        return [True]
    if options.system in ("swiss", "round-robin"):
        return [False]
    for name in names:  # the header's own words decide, as in the reader
        if name == "MMS":
            return [True]
        if name == "NBW":
            return [False]
    return [True, False]


def _best_conventions(
    t: Tournament,
    options: StandingsOptions,
    names: list[str],
    rows: list[list[float | None]],
    open_at: list[int],
    mcmahon: bool,
) -> _Fit:
    """The defaults, then each convention the file can show changed in turn."""
    fixed_bye = find_bye_in_sos(options.go_bye_in_sos) if options.go_bye_in_sos else None
    start = _Conventions(
        mcmahon,
        HALF if options.go_free_draw_points is None else options.go_free_draw_points,
        bool(options.go_round_down_free_points),
        fixed_bye or ByeInSos.START,
    )
    outcomes = {e.outcome for p in t.players for e in p.rounds if e.opponent is None}
    rounds = t.rounds  # a property that scans every row: once
    free_rounds = any(len(p.rounds) < rounds for p in t.players) or bool(outcomes)
    # Rounding down first: OpenGotha's option, and where it and '0=' = 0 fit alike
    # (one '0=' each), the better known reading wins.
    tries: list[Callable[[_Conventions], _Conventions]] = []
    if options.go_round_down_free_points is None and outcomes & {
        Outcome.HALF_BYE,
        Outcome.FULL_BYE,
    }:
        tries.append(lambda c: replace(c, round_down=True))
    if options.go_free_draw_points is None and Outcome.HALF_BYE in outcomes:
        tries.append(lambda c: replace(c, free_draw=0.0))
    if fixed_bye is None and free_rounds:
        tries.append(lambda c: replace(c, bye=ByeInSos.ZERO))
        tries.append(lambda c: replace(c, bye=ByeInSos.OWN))
    best = _fit(t, options, names, rows, open_at, start)
    possible = _possible(names, rows, open_at)
    for change in tries:
        if best.matched == possible:
            break
        candidate = _fit(t, options, names, rows, open_at, change(best.conventions))
        if candidate.matched > best.matched:
            best = candidate
    return best


def _fit(
    t: Tournament,
    options: StandingsOptions,
    names: list[str],
    rows: list[list[float | None]],
    open_at: list[int],
    c: _Conventions,
) -> _Fit:
    mms_choices: list[int | None] = [None]
    if c.mcmahon:
        named: list[int | None] = [i for i, name in enumerate(names) if name == "MMS"]
        mms_choices = named[:1] or [*(i for i in open_at if _could_be_mms(t, rows[i], c)), None]
    fits = [_fit_with_mms(t, options, names, rows, open_at, c, at) for at in mms_choices]
    return max(fits, key=lambda f: f.matched)


def _could_be_mms(t: Tournament, values: list[float | None], c: _Conventions) -> bool:
    """Whole start scores that follow the grades, not all equal (that would be NBW)."""
    starts: list[tuple[int, float]] = []
    for player, value in zip(t.players, values, strict=True):
        grade = parse_grade(player.grade)
        if value is None or grade is None:
            continue
        start = value - points_scored(player, c.round_down, c.free_draw)
        if not float(start).is_integer():
            return False  # start scores are whole numbers
        starts.append((grade.rank, start))
    if len({s for _, s in starts}) < 2:
        return False
    starts.sort()
    return all(b[1] >= a[1] for a, b in zip(starts, starts[1:], strict=False))


def _fit_with_mms(
    t: Tournament,
    options: StandingsOptions,
    names: list[str],
    rows: list[list[float | None]],
    open_at: list[int],
    c: _Conventions,
    mms_at: int | None,
) -> _Fit:
    start: dict[int, float] = {}
    whole = 0
    for index, player in enumerate(t.players):
        value = rows[mms_at][index] if mms_at is not None else None
        if value is not None:
            start[player.id] = value - points_scored(player, c.round_down, c.free_draw)
            whole += float(start[player.id]).is_integer()
        else:
            start[player.id] = grade_start(parse_grade(player.grade), None, None)
    if not open_at and not any(n in _CANDIDATES and n != "MMS" for n in names):
        return _Fit(c, mms_at, whole, {mms_at: ("MMS", whole)} if mms_at is not None else {})
    ctx = build_go_context(
        t.players,
        t.rounds,
        c.mcmahon,
        start,
        c.round_down,
        handicap_adjusted=options.go_handicap_adjusted_sos,
        bye_in_sos=c.bye,
        cut_highest=options.go_sos_cut_highest,
        free_draw=c.free_draw,
        explain=False,
    )
    wanted = _CANDIDATES if open_at else tuple(n for n in names if n in _CANDIDATES)
    computed = {code: _computed(ctx, t, code) for code in wanted if code != "MMS"}
    matched = whole
    meanings: dict[int, tuple[str, int]] = {}
    for i, name in enumerate(names):
        if i == mms_at:
            meanings[i] = ("MMS", whole)
        elif i in open_at:
            best = max(
                ((code, _matches(rows[i], values)) for code, values in computed.items()),
                key=lambda pair: pair[1],
            )
            meanings[i] = best
            matched += best[1]
        elif name in computed:
            matched += _matches(rows[i], computed[name])
    return _Fit(c, mms_at, matched, meanings)


def _possible(names: list[str], rows: list[list[float | None]], open_at: list[int]) -> int:
    """The most cells a reading can reproduce: every value of every column it can check."""
    return sum(
        sum(v is not None for v in rows[i])
        for i, name in enumerate(names)
        if i in open_at or name in _CANDIDATES
    )


def _computed(ctx: GoContext, t: Tournament, code: str) -> list[float]:
    compute = find_go_tiebreak(code).compute
    assert compute is not None  # every candidate is computed per player
    return [compute(ctx, p.id).value for p in t.players]


def _matches(values: list[float | None], computed: list[float]) -> int:
    return sum(
        v is not None and abs(v - c) < _EPSILON for v, c in zip(values, computed, strict=True)
    )


def _convention_notes(options: StandingsOptions, c: _Conventions) -> list[str]:
    """Say each convention that the settings fixed or the file's numbers showed."""
    notes: list[str] = []
    if options.go_free_draw_points is not None:
        notes.append(Note("'0=' counts {points:g}, as set", points=c.free_draw))
    elif c.free_draw != HALF:
        notes.append(Note("'0=' counts {points:g}, as the file's columns show", points=c.free_draw))
    if options.go_bye_in_sos is not None:
        notes.append(Note("a round without opponent adds {what} to SOS, as set", what=_bye(c.bye)))
    elif c.bye is not ByeInSos.START:
        notes.append(
            Note(
                "a round without opponent adds {what} to SOS, as the file's columns show",
                what=_bye(c.bye),
            )
        )
    return notes


def _bye(bye: ByeInSos) -> str:
    return Note(_BYE_WORDS[bye])


def _renamed(t: Tournament, names: list[str], mcmahon: bool) -> Tournament:
    """The table with each score column under its meaning (the file keeps its text)."""
    if t.go is None:
        return t
    primary = "MMS" if mcmahon else "NBW"
    players = []
    for player in t.players:
        scores = tuple(
            (names[i] if i < len(names) else name, value)
            for i, (name, value) in enumerate(player.declared_scores)
        )
        points = next((v for n, v in scores if n == primary), None)
        players.append(replace(player, declared_scores=scores, declared_points=points))
    system = PairingSystem.MCMAHON if mcmahon else PairingSystem.SWISS
    return replace(
        t,
        players=tuple(players),
        go=replace(t.go, columns=tuple(names)),
        pairing_system=(
            t.pairing_system if t.pairing_system is PairingSystem.ROUND_ROBIN else system
        ),
    )
