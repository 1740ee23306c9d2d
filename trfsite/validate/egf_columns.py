"""A Go table's own columns and places against trfsite's computation, and their defects.

The columns are read as :mod:`trfsite.standings.go_columns` reads them (the numbers
decide what each holds and how the table counted); what still differs is a real
defect of the table, said in one sentence an organiser can act on: tie-break cells
shifted by a row, a commented-out player whose numbers still count, grades below 20k
written as 20k, two places swapped. Other differences are listed row by row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from trfsite.findings import Finding, Severity
from trfsite.formats.egf.grades import parse_grade
from trfsite.formats.egf.header import is_known_column, is_unnamed
from trfsite.model import Player, Tournament
from trfsite.results import Note, StandingRow, Standings, join_notes
from trfsite.scoring.go import GO_TIEBREAKS
from trfsite.scoring.go_byes import bye_kind
from trfsite.standings.go import compute_go_standings, ghost_sos, start_scores
from trfsite.standings.go_columns import read_go_columns
from trfsite.standings.go_fit import GoConventions
from trfsite.standings.go_row_values import declared
from trfsite.standings.options import StandingsOptions
from trfsite.validate.egf_defects import commented_rows, find_swap, swap_finding

COLUMN_CODES = (
    "egf-column-unchecked",
    "egf-column-differs",
    "egf-places",
    "egf-rows-shifted",
    "egf-ghost",
    "egf-grade-floor",
)
_COMPUTED = {t.short for t in GO_TIEBREAKS}
_NOT_CHECKED = ("MMS", "Start", "KO")
_ITEMS_TEMPLATE = "{first}; {rest}"
_LISTED = 12  # rows a finding lists before it counts the rest
_SCALE_FITS = 0.8  # the offset-per-grade scale must fit this share of the players
_SCALE_STEPS = 3  # start values inside the bar and floor that make a scale, not bands
_LOWEST_EGD_GRADE = "20k"


@dataclass(frozen=True, slots=True)
class _Difference:
    player: Player
    value: float
    computed: float


def check_declared_columns(
    t: Tournament, name: str, settings: StandingsOptions | None = None
) -> list[Finding]:
    """The file's score columns and places against trfsite's reading of them.

    ``settings``: the event's (trfsite.toml); the findings of COLUMN_CODES follow them.
    """
    if not (t.go.columns if t.go else ()) or not t.players:
        return []
    options = settings or StandingsOptions()
    reading = read_go_columns(t, options)
    read = reading.tournament
    columns = read.go.columns if read.go else ()
    findings: list[Finding] = []
    # Unknown names were reported by the reader (egf-column-unknown), once is enough.
    unchecked = [
        c
        for c in dict.fromkeys(columns)
        if c not in _COMPUTED and c != "Start" and is_known_column(c) and not is_unnamed(c)
    ]
    if unchecked:
        findings.append(
            Finding(
                Severity.INFO,
                "egf-column-unchecked",
                Note(
                    "the file's column(s) {columns} are not computed by trfsite and "
                    "were not checked",
                    columns=", ".join(unchecked),
                ),
                name,
            )
        )
    if "MMS" in columns and not reading.conventions.start_column:
        findings += _check_start_scores(read, reading.options, reading.conventions, name)
    known = tuple(dict.fromkeys(c for c in columns if c in _COMPUTED and c not in _NOT_CHECKED))
    standings = compute_go_standings(t, options)
    if known:
        computed = compute_go_standings(t, replace(options, tiebreaks=known))
        at = {column.code: k for k, column in enumerate(computed.columns)}
        differences = {
            column: [
                _Difference(p, value, row.tiebreaks[at[column]] or 0.0)
                for p, row in zip(read.players, _by_id(computed, read), strict=True)
                if (value := declared(p, column)) is not None
                and row.tiebreaks[at[column]] is not None
                and abs(value - (row.tiebreaks[at[column]] or 0.0)) > 1e-9
            ]
            for column in known
        }
        findings += _report_differences(read, differences, name)
    findings += _ghost_lines(read, ghost_sos(t, options), name)
    findings += _check_places(read, standings, name)
    return findings


def _ghost_lines(t: Tournament, ghosts: dict[str, float], name: str) -> list[Finding]:
    """Byes read as games against a ghost whose SOS is a commented-out player's."""
    findings = []
    for kind, value in sorted(ghosts.items()):
        line = commented_rows(t, value)
        if line is None:
            continue
        rows = [
            p.id
            for p in t.players
            if any(bye_kind(e) == kind for e in p.rounds if e.opponent is None)
        ]
        findings.append(
            Finding(
                Severity.WARNING,
                "egf-ghost",
                Note(
                    "{count} rows with a {kind} round ({rows}) count {value} in SOSOS for it: "
                    "the SOS of the commented-out line {line} {ghost!r}, a player taken out "
                    "after pairing who still counts in their SOSOS (recompute it without "
                    "that player, or keep the line)",
                    count=len(rows),
                    kind=f"'{kind}'",
                    rows=_rows_text(rows),
                    value=number(value),
                    line=line.line,
                    ghost=line.name,
                ),
                name,
                line.line,
            )
        )
    return findings


def _by_id(standings: Standings, t: Tournament) -> list[StandingRow]:
    rows = {row.id: row for row in standings.rows}
    return [rows[p.id] for p in t.players]


def number(value: float | None) -> str:
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


# --------------------------------------------------------------------------- differences
def _report_differences(
    t: Tournament, differences: dict[str, list[_Difference]], name: str
) -> list[Finding]:
    findings: list[Finding] = []
    shifted = _shifted_runs(t, differences)
    for first, last, step, codes in shifted:
        findings.append(
            Finding(
                Severity.WARNING,
                "egf-rows-shifted",
                Note(
                    "rows {first}-{last} carry the {columns} values of rows {other_first}-"
                    "{other_last}: their tie-break cells look shifted by a row (put each "
                    "row's own values back)",
                    first=first,
                    last=last,
                    columns=", ".join(codes),
                    other_first=first + step,
                    other_last=last + step,
                ),
                name,
                t.player_index()[first].source.line,
            )
        )
    explained = {
        (row, code)
        for first, last, _, codes in shifted
        for row in range(first, last + 1)
        for code in codes
    }
    for column, found in differences.items():
        rest = [d for d in found if (d.player.id, column) not in explained]
        if rest:
            findings.append(_column_finding(t, column, rest, name))
    return findings


def _shifted_runs(
    t: Tournament, differences: dict[str, list[_Difference]]
) -> list[tuple[int, int, int, tuple[str, ...]]]:
    """Runs of two or more rows whose differing cells hold the next (or previous) row's values."""
    computed: dict[str, dict[int, float]] = {}
    wrong: dict[int, dict[str, float]] = {}
    for column, found in differences.items():
        for d in found:
            wrong.setdefault(d.player.id, {})[column] = d.value
    if not wrong:
        return []
    ids = {p.id for p in t.players}
    for column, found in differences.items():
        computed[column] = {d.player.id: d.computed for d in found}
    runs: list[tuple[int, int, int, tuple[str, ...]]] = []
    for step in (1, -1):
        carried = sorted(
            row
            for row, cells in wrong.items()
            if row + step in ids
            and all(_value_of(t, computed, column, row + step) == v for column, v in cells.items())
        )
        start = None
        for k, row in enumerate(carried):
            if start is None:
                start = row
            if k + 1 == len(carried) or carried[k + 1] != row + 1:
                if row > start:
                    codes = tuple(sorted({c for r in range(start, row + 1) for c in wrong[r]}))
                    runs.append((start, row, step, codes))
                start = None
    return runs


def _value_of(
    t: Tournament, computed: dict[str, dict[int, float]], column: str, row: int
) -> float | None:
    """trfsite's value of ``column`` for ``row``: where it differs, else the file's (equal)."""
    if row in computed[column]:
        return computed[column][row]
    return declared(t.player_index()[row], column)


def _column_finding(t: Tournament, column: str, rest: list[_Difference], name: str) -> Finding:
    deltas = {d.value - d.computed for d in rest}
    if len(rest) >= 2 and len(deltas) == 1:
        delta = deltas.pop()
        kind = _shared_bye(t, [d.player for d in rest])
        ghost = commented_rows(t, abs(delta)) if kind else None
        rows = _rows_text([d.player.id for d in rest])
        if ghost is not None:
            return Finding(
                Severity.WARNING,
                "egf-ghost",
                Note(
                    "{count} rows differ by {delta} each in {column}, all rows with a {kind} "
                    "round ({rows}); the commented-out line {line} {ghost!r} has {value} among "
                    "its numbers: a player taken out after pairing still counts in their "
                    "{column} (count them as byes, or keep the player)",
                    count=len(rest),
                    delta=number(delta),
                    column=column,
                    kind=kind,
                    rows=rows,
                    line=ghost.line,
                    ghost=ghost.name,
                    value=number(abs(delta)),
                ),
                name,
                ghost.line,
            )
        if kind:
            return Finding(
                Severity.WARNING,
                "egf-column-differs",
                Note(
                    "the file's {column} column differs from trfsite's computation by {delta} "
                    "on {count} rows, all rows with a {kind} round ({rows}): the table counts "
                    "those rounds in a way trfsite does not know",
                    column=column,
                    delta=number(delta),
                    count=len(rest),
                    kind=kind,
                    rows=rows,
                ),
                name,
                rest[0].player.source.line,
            )
    listed = [
        Note(
            "row {id} ({name}): file {value}, computed {computed}",
            id=d.player.id,
            name=d.player.name,
            value=number(d.value),
            computed=number(d.computed),
        )
        for d in rest[:_LISTED]
    ]
    if len(rest) > _LISTED:
        listed.append(Note("and {count} more", count=len(rest) - _LISTED))
    return Finding(
        Severity.WARNING,
        "egf-column-differs",
        Note(
            "the file's {column} column differs from trfsite's computation for "
            "{count} player(s): {differences}",
            column=column,
            count=len(rest),
            differences=join_notes(listed, _ITEMS_TEMPLATE),
        ),
        name,
        rest[0].player.source.line,
    )


def _shared_bye(t: Tournament, players: Sequence[Player]) -> str:
    """The kind of round without opponent every one of ``players`` has, if one does."""
    shared: set[str] | None = None
    for player in players:
        kinds = {bye_kind(e) for e in player.rounds if e.opponent is None}
        shared = kinds if shared is None else shared & kinds
    return f"'{sorted(shared)[0]}'" if shared else ""


def _rows_text(rows: list[int]) -> str:
    shown = ", ".join(str(r) for r in rows[:_LISTED])
    return shown + (", ..." if len(rows) > _LISTED else "")


# --------------------------------------------------------------------------- start scores
def _check_start_scores(
    t: Tournament, options: StandingsOptions, c: GoConventions, name: str
) -> list[Finding]:
    """Start scores read from the MMS column: whole, not negative, and on the table's scale.

    When one offset per grade fits most players (OpenGotha's scale, with a bar and a
    floor as the table shows them), the others are reported, except players at the top
    start (a hand-picked top group); tables with bands of grades are left alone. Players
    written 20k who start below the 20k players are one finding of their own.
    """
    starts = start_scores(t, options, c, [])
    graded = [
        (p, g, starts[p.id])
        for p in t.players
        if (g := parse_grade(p.grade)) is not None and declared(p, "MMS") is not None
    ]
    if not graded:
        return []
    broken = [(p, s) for p, _, s in graded if not float(s).is_integer() or s < 0]
    offsets = Counter(s - g.mms for _, g, s in graded)
    offset = max(offsets, key=lambda o: (offsets[o], o == 0))
    top, bottom = max(s for _, _, s in graded), min(s for _, _, s in graded)
    expected = {p.id: max(bottom, min(top, g.mms + offset)) for p, g, _ in graded}
    fits = sum(s == expected[p.id] for p, _, s in graded)
    # A scale of its own, not bands: three start values at least between the top and bottom.
    scale = len({e for e in expected.values() if bottom < e < top}) >= _SCALE_STEPS
    findings: list[Finding] = []
    off: list[tuple[Player, float]] = []
    floor: list[tuple[Player, float]] = []
    if scale and fits >= _SCALE_FITS * len(graded):
        for p, _, s in graded:
            if s == expected[p.id] or s == top or (p, s) in broken:
                continue
            below = p.grade.lower() == _LOWEST_EGD_GRADE and s < expected[p.id]
            (floor if below else off).append((p, s))
    wrong = broken + off
    if wrong:
        differences = [
            Note(
                "row {id} ({name}, {grade}): file MMS {mms} means a start score of "
                "{start}, the grade gives {expected}",
                id=p.id,
                name=p.name,
                grade=p.grade,
                mms=number(declared(p, "MMS")),
                start=number(s),
                expected=number(expected.get(p.id)),
            )
            for p, s in sorted(wrong, key=lambda pair: pair[0].id)
        ]
        findings.append(
            Finding(
                Severity.WARNING,
                "egf-column-differs",
                Note(
                    "the file's {column} column differs from trfsite's computation for "
                    "{count} player(s): {differences}",
                    column="MMS",
                    count=len(differences),
                    differences=join_notes(differences, _ITEMS_TEMPLATE),
                ),
                name,
                min(wrong, key=lambda pair: pair[0].id)[0].source.line,
            )
        )
    if floor:
        findings.append(
            Finding(
                Severity.WARNING,
                "egf-grade-floor",
                Note(
                    "{count} row(s) written 20k ({rows}) start at {starts}, below the "
                    "{expected} of 20k on the table's scale: their grades are below 20k and "
                    "were written as 20k (write the real grades, e.g. 25k)",
                    count=len(floor),
                    rows=", ".join(str(p.id) for p, _ in floor),
                    starts=", ".join(number(s) for _, s in floor),
                    expected=number(expected[floor[0][0].id]),
                ),
                name,
                floor[0][0].source.line,
            )
        )
    return findings


# --------------------------------------------------------------------------- places
def _check_places(t: Tournament, standings: Standings, name: str) -> list[Finding]:
    """Declared places fit if they lie within the computed tie group (either tie style)."""
    size = Counter(row.rank for row in standings.rows)
    index = t.player_index()
    wrong = [
        row
        for row in standings.rows
        if (place := index[row.id].declared_rank) is not None
        and not row.rank <= place < row.rank + size[row.rank]
    ]
    if not wrong:
        return []
    swap = find_swap(t, standings, wrong)
    if swap is not None:
        order = ", ".join([standings.points_label, *(c.code for c in standings.columns)])
        line = index[swap.ahead.id].source.line
        return [swap_finding(swap, order, name, line)]
    listed = [
        Note(
            "row {id}: place {place}, computed {computed}",
            id=row.id,
            place=str(index[row.id].declared_rank),
            computed=(
                f"{row.rank}"
                if size[row.rank] == 1
                else f"{row.rank}-{row.rank + size[row.rank] - 1}"
            ),
        )
        for row in wrong[:_LISTED]
    ]
    if len(wrong) > _LISTED:
        listed.append(Note("and {count} more", count=len(wrong) - _LISTED))
    return [
        Finding(
            Severity.WARNING,
            "egf-places",
            Note(
                "{count} place(s) differ from the ranking by the file's results and columns: "
                "{places}",
                count=len(wrong),
                places=join_notes(listed, _ITEMS_TEMPLATE),
            ),
            name,
            index[wrong[0].id].source.line,
        )
    ]
