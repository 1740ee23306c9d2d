"""What a Go table's own score columns mean, and the conventions its numbers show.

The numbers decide, the header's words only name: every column whose meaning
trfsite can compute is compared with each criterion under each reading tried
(:mod:`trfsite.standings.go_search`): McMahon or Swiss, the column the start scores
come from (an MMS column, a start-score column, or the grades), what each kind of bye
adds to the score, a wins column, SOS and SOSOS, whether free points were rounded
down, whether SOS adds the handicap, and over which rounds the tie-breaks run. The
reading that reproduces the most of the file's cells wins; on a tie, the one whose
primary score follows the file's places, then the header's words, then the defaults
(McMahon, OpenGotha's conventions). A column takes a meaning on clear evidence only (at
least 80 % of its rows), and a header's name gives way only to a meaning that fits
clearly better ("column 'SOS' holds SODOS: 29 of 30 rows match it"). The file's
places then give the tie-break order (:mod:`trfsite.standings.go_order`) and tell a
knock-out stage that ranks first.

Whatever the options (``trfsite.toml``, the CLI) fix is not guessed. The result,
and why, goes into the standings' notes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from trfsite.formats.egf.grades import Grade, parse_grade
from trfsite.formats.egf.header import SCORE, is_unnamed, normalise_column, unnamed_column
from trfsite.memo import ByIdentity
from trfsite.model import PairingSystem, Tournament
from trfsite.results import Note
from trfsite.scoring.go_byes import HALF, default_byes, find_bye_in_sos
from trfsite.standings.go_conventions import convention_notes
from trfsite.standings.go_fit import CODES, FitTable, GoConventions, evaluate
from trfsite.standings.go_order import (
    infer_order,
    knockout_agrees,
    knockout_start,
    primary_contradictions,
)
from trfsite.standings.go_row_values import grade_start
from trfsite.standings.go_search import (
    Budget,
    Fit,
    Problem,
    count_matches,
    descend,
    fit,
    start_sources,
)
from trfsite.standings.options import StandingsOptions

SKIP = "-"  # in ``go_columns``: a column that means nothing trfsite computes
_CLEAR = 0.8  # the share of a column's rows a meaning must fit
_TIEBREAK_ROUNDS_CLEAR = 0.95  # the share of all cells tie-breaks over fewer rounds must fit
_NOT_TIEBREAKS = ("MMS", "Start")
_DEFAULT_ORDER = ("SOS", "SOSOS")  # OpenGotha's, for both systems
_SEARCHED_FRAMES = 2


@dataclass(frozen=True, slots=True)
class ColumnMeaning:
    """What one score column holds: ``code`` ("" none) ``scale`` times over."""

    position: int
    header: str  # the file's name for it ('#2' when it has none)
    code: str
    scale: int
    matched: int
    rows: int


@dataclass(frozen=True, slots=True)
class GoReading:
    """The table with its columns named, how it counted, its order, and the notes saying so."""

    tournament: Tournament
    options: StandingsOptions
    conventions: GoConventions
    order: tuple[str, ...] | None  # the tie-breaks the places follow (None: not known)
    meanings: tuple[ColumnMeaning, ...]
    notes: tuple[str, ...]


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
        options.go_bar,
        options.go_floor,
    )
    if key not in cache:
        cache[key] = _read(t, options)
    found = cache[key]
    # Only what was settled comes from the cache; the rest (after_round, ...) is the caller's.
    return replace(
        found,
        options=replace(options, system=found.options.system, go_columns=found.options.go_columns),
    )


_CACHE: ByIdentity[Tournament, dict[tuple[object, ...], GoReading]] = ByIdentity(lambda t: {})


def _read(t: Tournament, options: StandingsOptions) -> GoReading:
    notes: list[str] = []
    names = _names(t, options, notes)
    columns = [
        [p.declared_scores[i][1] if i < len(p.declared_scores) else None for p in t.players]
        for i in range(len(names))
    ]
    wanted = _fixed(options, len(names))
    fixed = {i: code for i, code in enumerate(wanted) if code}
    skipped = [options.go_columns is not None and not code for code in wanted]
    checked: list[int] = []
    for i, name in enumerate(names):
        filled = [v for v in columns[i] if v is not None]
        if not filled:
            continue
        if i not in fixed and all(v == 0 for v in filled) and (is_unnamed(name) or name == SCORE):
            notes.append(Note("column {column}: all 0, a filler", column=name))
        elif i in fixed or (
            not skipped[i] and (is_unnamed(name) or name in CODES or _unknown(name))
        ):
            checked.append(i)
    table = FitTable.of(t, t.rounds)
    bar, floor = _grade(options.go_bar), _grade(options.go_floor)
    grades = [parse_grade(p.grade) for p in t.players]
    problem = Problem(
        table=table,
        columns=columns,
        checked=checked,
        fixed={i: code for i, code in fixed.items() if code in CODES},
        grade_starts=[grade_start(g, bar, floor) for g in grades],
        codes=tuple(c for c in CODES if c != "MMS") + ("MMS",),
        free_kinds=table.present_kinds(),
        settle_points=options.go_free_draw_points is None,
        settle_round_down=options.go_round_down_free_points is None,
        settle_sos=options.go_bye_in_sos is None,
        settle_handicap=options.go_handicap_adjusted_sos,
        settle_cut=not options.go_sos_cut_highest,
        budget=Budget(len(t.players) * max(1, t.rounds)),
    )
    base = _base(options)
    places = [p.declared_rank for p in t.players]
    best, decided_by_places = _best_frame(problem, base, names, places, grades, options, notes)
    best = _tiebreak_rounds(problem, best, notes)
    knockout = _knockout(problem, best, places, notes)
    if knockout is not None:
        best = fit(problem, replace(best.conventions, knockout_from=knockout))
    meanings = _meanings(problem, best, names, notes)
    c = best.conventions
    if decided_by_places:
        notes.append(
            Note("McMahon, as the file's places show")
            if c.mcmahon
            else Note("Swiss, as the file's places show")
        )
    order = _order(problem, best, meanings, places, notes)
    notes += convention_notes(options, c, table)
    final_names = [
        m.code or (unnamed_column(m.position + 1) if m.header == SCORE else m.header)
        for m in meanings
    ]
    settled = replace(
        options,
        system=options.system or ("mcmahon" if c.mcmahon else "swiss"),
        go_columns=tuple(final_names),
    )
    renamed = _renamed(t, meanings, final_names, c.mcmahon)
    return GoReading(renamed, settled, c, order, tuple(meanings), tuple(notes))


def _clear(matched: int, rows: int) -> bool:
    """Clear evidence: 80 % of the rows, or all but one of at least three."""
    return matched > 0 and (matched >= _CLEAR * rows or (rows >= 3 and matched >= rows - 1))


def _unknown(name: str) -> bool:
    """A name trfsite knows nothing of (``Rank``, ``Pts``): its numbers tell."""
    return normalise_column(name) == name and name not in (
        "Rating",
        "CAT",
        "EXT",
        "EXR",
        "DC",
        "SDC",
        "STS",
        "SOSTS",
    )


def _grade(text: str | None) -> Grade | None:
    return parse_grade(text.strip(), bare_number_is_kyu=False) if text else None


def _fixed(options: StandingsOptions, width: int) -> list[str]:
    wanted = [normalise_column(c.strip()) for c in options.go_columns or ()]
    return [(wanted[i] if i < len(wanted) and wanted[i] != SKIP else "") for i in range(width)]


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


def _base(options: StandingsOptions) -> GoConventions:
    """The defaults, with what the settings fix."""
    draw = HALF if options.go_free_draw_points is None else options.go_free_draw_points
    bye = find_bye_in_sos(options.go_bye_in_sos or "start")
    return GoConventions(
        round_down=bool(options.go_round_down_free_points),
        handicap_adjusted=options.go_handicap_adjusted_sos,
        cut_highest=options.go_sos_cut_highest,
        byes=tuple(default_byes(draw, bye).items()),
    )


def _best_frame(
    problem: Problem,
    base: GoConventions,
    names: list[str],
    places: list[int | None],
    grades: list[Grade | None],
    options: StandingsOptions,
    notes: list[str],
) -> tuple[Fit, bool]:
    """The best reading of every frame; whether the places, not the cells, decided it."""
    systems = [True, False]
    if options.system == "mcmahon":
        systems = [True]
    elif options.system in ("swiss", "round-robin"):
        systems = [False]
    hint = next((n == "MMS" for n in names if n in ("MMS", "NBW")), True)
    named_mms = next((i for i, n in enumerate(names) if n == "MMS"), None)
    ranks = [g.rank if g else None for g in grades]
    frames: list[GoConventions] = []
    for mcmahon in systems:
        frame = replace(base, mcmahon=mcmahon)
        frames.append(frame)
        if mcmahon:
            frames += start_sources(problem, ranks, frame, named_mms)
    # A frame that reproduces every cell as it stands makes searching the others idle;
    # otherwise the two most promising frames are searched.
    fits = [fit(problem, frame) for frame in frames]
    if not any(f.matched == f.most for f in fits):
        promising = sorted(range(len(fits)), key=lambda k: fits[k].matched - fits[k].most)
        for k in promising[-_SEARCHED_FRAMES:]:
            fits[k] = descend(problem, frames[k])
    # A start-score column is one only when a McMahon-score column confirms it.
    fits = [
        f
        for f in fits
        if not f.conventions.start_column
        or any(
            m.code == "MMS" and _clear(m.matched, len(problem.grade_starts))
            for k, m in f.matches.items()
            if k != f.conventions.mms_at
        )
    ]

    def key(f: Fit) -> tuple[int, int, int, bool]:
        # Fewest cells left unexplained first: a reading that reads the start scores
        # from a column leaves that column's cells out, yet explains all the others.
        primary = f.values["MMS"] if f.conventions.mcmahon else f.values["NBW"]
        contradictions = primary_contradictions(places, primary)
        return f.matched - f.most, f.matched, -contradictions, f.conventions.mcmahon == hint

    best = max(fits, key=key)  # the first on ties: grades before columns, McMahon first
    others = [f for f in fits if f.conventions.mcmahon != best.conventions.mcmahon]
    if not others:
        return best, False
    other = max(others, key=key)
    if key(other)[:2] < key(best)[:2]:
        notes.append(
            Note("McMahon, as the file's columns show")
            if best.conventions.mcmahon
            else Note("Swiss, as the file's columns show")
        )
        return best, False
    return best, key(other)[2] != key(best)[2]


def _tiebreak_rounds(problem: Problem, best: Fit, notes: list[str]) -> Fit:
    """Tie-breaks over the rounds before a play-off, when every value fits only so."""
    rounds = problem.table.rounds
    most = best.most
    if best.matched == most or rounds < 3 or not most:
        return best
    paired = [sum(o[r] >= 0 for o in problem.table.opponents) for r in range(rounds)]
    tried = {r for r in range(1, rounds) if paired[r] < 0.75 * max(paired)}
    candidates = sorted(
        {min(tried, default=rounds)} | {rounds - 1, rounds - 2} - {rounds}, reverse=True
    )
    # Each count of rounds as the best reading stands first; the best of them is searched.
    tried_fits = [
        fit(problem, replace(best.conventions, tiebreak_rounds=n)) for n in candidates if n >= 1
    ]
    tried_fits = [f for f in tried_fits if f.matched > best.matched]
    for found in sorted(tried_fits, key=lambda f: -f.matched)[:1]:
        n = found.conventions.tiebreak_rounds or rounds
        found = descend(problem, found.conventions)
        if found.matched > best.matched and found.matched >= _TIEBREAK_ROUNDS_CLEAR * most:
            notes.append(
                Note(
                    "tie-breaks over rounds 1-{rounds} only, as the file's columns show "
                    "({matched} of {cells} values fit)",
                    rounds=n,
                    matched=found.matched,
                    cells=most,
                )
            )
            return found
    return best


def _knockout(
    problem: Problem, best: Fit, places: list[int | None], notes: list[str]
) -> int | None:
    first = knockout_start(problem.table)
    if first is None:
        return None
    values = evaluate(
        problem.table, replace(best.conventions, knockout_from=first), [0.0] * len(places)
    )["KO"]
    if not knockout_agrees(places, values):
        return None
    notes.append(
        Note(
            "knock-out from round {round}: ranked first by the round a player was "
            "eliminated in, as the file's places show",
            round=first,
        )
    )
    return first


def _meanings(
    problem: Problem, best: Fit, names: list[str], notes: list[str]
) -> list[ColumnMeaning]:
    out: list[ColumnMeaning] = []
    for i, name in enumerate(names):
        filled = sum(v is not None for v in problem.columns[i])
        match = best.matches.get(i)
        if i in problem.fixed or match is None:
            known = problem.fixed.get(i, name if name in CODES else "")
            out.append(ColumnMeaning(i, name, known, 1, match.matched if match else 0, filled))
            continue
        clear = _clear(match.matched, filled)
        what = match.code if match.scale == 1 else Note("{code} in half points", code=match.code)
        if is_unnamed(name) or name not in CODES:
            if clear:
                out.append(ColumnMeaning(i, name, match.code, match.scale, match.matched, filled))
                notes.append(
                    Note(
                        "column {column} read as {meaning}: {matched} of {rows} rows match",
                        column=name,
                        meaning=what,
                        matched=match.matched,
                        rows=filled,
                    )
                )
            else:
                out.append(ColumnMeaning(i, name, "", 1, match.matched, filled))
                notes.append(Note("column {column}: no meaning found", column=name))
            continue
        own = count_matches(problem.columns[i], best.values[name], 1) if name in best.values else 0
        if i == best.conventions.mms_at:
            own = match.matched
        if clear and match.matched > own and (match.code, match.scale) != (name, 1):
            out.append(ColumnMeaning(i, name, match.code, match.scale, match.matched, filled))
            notes.append(
                Note(
                    "column {column!r} holds {meaning}: {matched} of {rows} rows match it",
                    column=name,
                    meaning=what,
                    matched=match.matched,
                    rows=filled,
                )
            )
        else:
            out.append(ColumnMeaning(i, name, name, 1, own, filled))
    return out


def _order(
    problem: Problem,
    best: Fit,
    meanings: list[ColumnMeaning],
    places: list[int | None],
    notes: list[str],
) -> tuple[str, ...] | None:
    """The tie-breaks the file's places follow, from the columns it shows."""
    if len({p for p in places if p is not None}) < 2:
        return None
    c = best.conventions
    primary = "MMS" if c.mcmahon else "NBW"
    candidates: dict[str, list[float | None]] = {}
    for m in meanings:
        if not m.code or m.code in _NOT_TIEBREAKS or m.code == primary or m.code in candidates:
            continue
        if m.code not in best.values and m.code != "DC":
            continue
        candidates[m.code] = [
            v / m.scale if v is not None else None for v in problem.columns[m.position]
        ]
    defaults = not candidates
    if defaults:
        # No tie-break column: the defaults, unless the places contradict them.
        candidates = {code: list(best.values[code]) for code in _DEFAULT_ORDER}
    leading: list[list[float | None]] = []
    if c.knockout_from is not None:
        leading.append(list(best.values["KO"]))
    leading.append([-v for v in best.values[primary]])
    inferred = infer_order(places, leading, candidates)
    found = inferred.order
    if (defaults and found == _DEFAULT_ORDER) or (not found and inferred.unresolved):
        # Levels the places part yet no criterion explains: the file's own list stands
        # (the check then names what differs).
        return None
    shown = [m.code for m in meanings if m.code in candidates]
    if found and list(found) != shown[: len(found)]:
        notes.append(
            Note("tie-break order {codes}, as the file's places show", codes=", ".join(found))
        )
    elif not found:
        notes.append(Note("no tie-break: players level on the score share their place in the file"))
    return found


def _renamed(
    t: Tournament, meanings: list[ColumnMeaning], names: list[str], mcmahon: bool
) -> Tournament:
    """The table with each score column under its meaning, in its own units."""
    if t.go is None:
        return t
    primary = "MMS" if mcmahon else "NBW"
    scale = {m.position: m.scale for m in meanings}
    players = []
    for player in t.players:
        scores = tuple(
            (
                names[i] if i < len(names) else name,
                value / scale.get(i, 1) if value is not None else None,
            )
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
