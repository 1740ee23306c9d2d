"""A stress set of Go tables in the shapes real EGD submissions take (issue 40), and a check.

Each table is simulated (players, grades, start scores, pairings, results, byes), its
score columns computed here by the convention the shape stands for (independently of
trfsite's code), and written as such tables are written: McMahon bands, a trailing
``| PIN`` in the header, numbers on both sides of the result cells, round labels
``1.``/``playoff``/``final``, ``1=`` for 1½, SOS in half points, a score column headed
``Rank``, knock-out places, bye kinds counted differently, tie-breaks over the Swiss
rounds only, header names that lie, and real defects (shifted tie-break cells, a
commented-out ghost, a swap of two places, grades below 20k written as 20k).

    python benchmarks/go_stress.py --out /tmp/go-stress          # write the tables
    python benchmarks/go_stress.py --out /tmp/go-stress --check  # and read each with trfsite

``--check`` prints one line per table that trfsite does not read right and the totals:
every round read, no error, and either the table's own columns and places reproduced
(no ``egf-column-differs``/``egf-places``, computed ranks within the file's places) or,
for a table with a planted defect, the one finding that names it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

FREE = ("+", "=", "-")  # bye kinds: 0+ free win, 0= half, 0- nothing
_SURNAMES = ("Arai", "Baek", "Cho", "Dinu", "Endo", "Fong", "Goto", "Han", "Ito", "Jung", "Kato")
_NAMES = ("Abe", "Bo", "Chen", "Dae", "Eiko", "Fumi", "Gil", "Hiro", "Ines", "Jae", "Kim", "Lu")
_COUNTRIES = ("DE", "FR", "CZ", "PL", "NL", "HU", "AT", "IT", "ES", "SE")
_CLUBS = ("Bln", "Hmb", "Muc", "Par", "Prg", "Wrs", "Ams", "Bud", "Vie", "Rom")


# --------------------------------------------------------------------------- simulation
@dataclass(slots=True)
class Cell:
    opp: int | None  # player index, None for a round without a game
    res: str  # + - =
    colour: str = ""  # w, b or ""
    hcp: int = 0
    forfeit: bool = False


@dataclass(slots=True)
class Sim:
    grades: list[int]  # 1 = 1d, 0 = 1k, -19 = 20k
    start: list[float]
    names: list[str]
    cells: list[list[Cell]] = field(default_factory=list)  # [player][round]

    @property
    def n(self) -> int:
        return len(self.grades)

    @property
    def rounds(self) -> int:
        return len(self.cells[0]) if self.cells else 0


def grade_text(grade: int, upper: bool = False) -> str:
    text = f"{grade}d" if grade >= 1 else f"{1 - grade}k"
    return text.upper() if upper else text


def _players(rng: random.Random, n: int, low: int = -19, high: int = 7) -> list[int]:
    return [max(low, min(high, round(rng.gauss(-5, 7)))) for _ in range(n)]


def simulate(
    rng: random.Random,
    grades: list[int],
    start: list[float],
    rounds: int,
    absent: float = 0.04,
    absent_kinds: str = "=-",
    handicap: int | None = None,
    forfeits: float = 0.0,
) -> Sim:
    """Pairings inside score groups, results by grade difference, byes of every kind."""
    n = len(grades)
    names = [f"{rng.choice(_SURNAMES)}{i + 1} {rng.choice(_NAMES)}" for i in range(n)]
    sim = Sim(grades, start, names, [[] for _ in range(n)])
    score = list(start)
    met: list[set[int]] = [set() for _ in range(n)]
    for _ in range(rounds):
        active = []
        for i in range(n):
            if rng.random() < absent:
                kind = rng.choice(absent_kinds)
                sim.cells[i].append(Cell(None, kind))
                score[i] += {"+": 1.0, "=": 0.5, "-": 0.0}[kind]
            else:
                active.append(i)
        if len(active) % 2:
            lowest = min(active, key=lambda i: (score[i], grades[i], -i))
            active.remove(lowest)
            sim.cells[lowest].append(Cell(None, "+"))
            score[lowest] += 1
        _play(rng, sim, active, score, met, handicap, forfeits)
    return sim


def _play(
    rng: random.Random,
    sim: Sim,
    active: list[int],
    score: list[float],
    met: list[set[int]],
    handicap: int | None,
    forfeits: float,
) -> None:
    pool = sorted(active, key=lambda i: (-score[i], -sim.grades[i], i))
    while len(pool) >= 2:
        a = pool[0]
        b = next((p for p in pool[1:8] if p not in met[a]), pool[1])
        pool = [p for p in pool if p not in (a, b)]
        met[a].add(b)
        met[b].add(a)
        stones = 0
        if handicap is not None:
            stones = max(0, min(9, abs(sim.grades[a] - sim.grades[b]) - handicap))
        if stones:
            white, black = (a, b) if sim.grades[a] > sim.grades[b] else (b, a)
        else:
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
        edge = sim.grades[white] - sim.grades[black] - stones
        black_wins = rng.random() < 1 / (1 + 10 ** (edge / 3))
        forfeit = rng.random() < forfeits
        winner, loser = (black, white) if black_wins else (white, black)
        score[winner] += 1
        sim.cells[winner].append(Cell(loser, "+", "w" if winner == white else "b", stones, forfeit))
        sim.cells[loser].append(Cell(winner, "-", "w" if loser == white else "b", stones, forfeit))


def knockout(rng: random.Random, sim: Sim, seeds: list[int], rounds: int) -> list[int]:
    """Play ``rounds`` knock-out rounds among ``seeds`` (best first); others get ``0-``.

    Returns each player's knock-out place: 1, 2, 3, 5, 9, ... (2^rounds + 1 outside).
    """
    place = [2**rounds + 1] * sim.n
    alive = list(seeds)
    for k in range(rounds):
        playing = set(alive)
        nxt = []
        half = len(alive) // 2
        for j in range(half):
            a, b = alive[j], alive[len(alive) - 1 - j]
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            edge = sim.grades[white] - sim.grades[black]
            black_wins = rng.random() < 1 / (1 + 10 ** (edge / 3))
            winner, loser = (black, white) if black_wins else (white, black)
            sim.cells[winner].append(Cell(loser, "+", "w" if winner == white else "b"))
            sim.cells[loser].append(Cell(winner, "-", "w" if loser == white else "b"))
            place[loser] = 2 ** (rounds - 1 - k) + 1
            nxt.append(winner)
        for i in range(sim.n):
            if i not in playing:
                sim.cells[i].append(Cell(None, "-"))
        alive = nxt
    place[alive[0]] = 1
    return place


# --------------------------------------------------------------------------- scores
@dataclass(slots=True)
class Conv:
    """How a table's program counted; per bye kind where programs differ."""

    mcmahon: bool = True
    mms_free: dict[str, float] = field(default_factory=lambda: {"+": 1.0, "=": 0.5, "-": 0.0})
    nbw_free: dict[str, float] = field(default_factory=lambda: {"+": 1.0, "=": 0.5, "-": 0.0})
    # start | zero | own | own_minus | fixed | ghost
    sos_bye: dict[str, str] = field(default_factory=lambda: dict.fromkeys(FREE, "start"))
    # start_r | zero | own_sos | ghost | fixed_r
    sosos_bye: dict[str, str] = field(default_factory=lambda: dict.fromkeys(FREE, "start_r"))
    hcp_adjust: bool = True
    tb_rounds: int | None = None  # tie-breaks over the first N rounds (None: all)


class Scores:
    """Every criterion of a simulated table under one convention, computed from scratch."""

    def __init__(self, sim: Sim, conv: Conv) -> None:
        self.sim, self.conv = sim, conv

    @property
    def all_rounds(self) -> int:
        return self.sim.rounds  # knock-out rounds may be played after this is made

    @property
    def tb(self) -> int:
        return self.conv.tb_rounds or self.sim.rounds

    def nbw(self, p: int, upto: int | None = None) -> float:
        total = 0.0
        for c in self.sim.cells[p][: upto or self.all_rounds]:
            if c.opp is None:
                total += self.conv.nbw_free[c.res]
            else:
                total += {"+": 1.0, "=": 0.5, "-": 0.0}[c.res]
        return total

    def mms(self, p: int, upto: int | None = None) -> float:
        total = self.sim.start[p]
        for c in self.sim.cells[p][: upto or self.all_rounds]:
            if c.opp is None:
                total += self.conv.mms_free[c.res]
            else:
                total += {"+": 1.0, "=": 0.5, "-": 0.0}[c.res]
        return total

    def score(self, p: int, upto: int | None = None) -> float:
        return self.mms(p, upto) if self.conv.mcmahon else self.nbw(p, upto)

    def _start(self, p: int) -> float:
        return self.sim.start[p] if self.conv.mcmahon else 0.0

    def _free_points(self, kind: str) -> float:
        return (self.conv.mms_free if self.conv.mcmahon else self.conv.nbw_free)[kind]

    def per_round(self, p: int) -> list[float]:
        n = self.tb
        out = []
        for c in self.sim.cells[p][:n]:
            if c.opp is None:
                rule = self.conv.sos_bye[c.res]
                value = {
                    "start": self._start(p),
                    "zero": 0.0,
                    "own": self.score(p, n),
                    "own_minus": self.score(p, n) - self._free_points(c.res),
                    "fixed": float(n // 2),
                    "ghost": 0.0,
                }[rule]
            else:
                value = self.score(c.opp, n)
                if self.conv.mcmahon and self.conv.hcp_adjust and c.hcp:
                    value += c.hcp if c.colour == "w" else -c.hcp
            out.append(value)
        return out

    def sos(self, p: int) -> float:
        return sum(self.per_round(p))

    def ghost_sos(self, kind: str) -> float:
        n = self.tb
        return sum(
            self.score(p, n)
            for p in range(self.sim.n)
            for c in self.sim.cells[p][:n]
            if c.opp is None and c.res == kind
        )

    def sosos(self, p: int) -> float:
        n = self.tb
        total = 0.0
        for c in self.sim.cells[p][:n]:
            if c.opp is None:
                rule = self.conv.sosos_bye[c.res]
                total += {
                    "start_r": self._start(p) * n,
                    "zero": 0.0,
                    "own_sos": self.sos(p),
                    "ghost": self.ghost_sos(c.res),
                    "fixed_r": float(n * (n // 2)),
                }[rule]
            else:
                total += self.sos(c.opp)
        return total

    def sodos(self, p: int) -> float:
        total = 0.0
        for c, value in zip(self.sim.cells[p][: self.tb], self.per_round(p), strict=False):
            if c.opp is not None and c.res in "+=":
                total += value * (1.0 if c.res == "+" else 0.5)
        return total

    def value(self, code: str, p: int) -> float:
        return {
            "MMS": self.mms,
            "NBW": self.nbw,
            "SOS": self.sos,
            "SOSOS": self.sosos,
            "SODOS": self.sodos,
        }[code](p)


def rank(sim: Sim, keys: list[Callable[[int], float]], lead: list[int] | None = None) -> list[int]:
    """Player indices best first; ``lead``: a knock-out place that ranks first (lower better)."""

    def key(p: int) -> tuple[float, ...]:
        head = (lead[p],) if lead else ()
        return (*head, *(-k(p) for k in keys), -sim.grades[p], p)

    return sorted(range(sim.n), key=key)


def places(
    order: list[int], keys: list[Callable[[int], float]], lead: list[int] | None
) -> dict[int, int]:
    """Shared places: a group equal on every key shares the place of its first row."""
    out: dict[int, int] = {}
    prev: tuple[float, ...] | None = None
    for position, p in enumerate(order, start=1):
        current = ((lead[p],) if lead else ()) + tuple(k(p) for k in keys)
        if current != prev:
            place = position
        out[p] = place
        prev = current
    return out


# --------------------------------------------------------------------------- writing
@dataclass(slots=True)
class Column:
    label: str  # in the header
    values: list[float]  # per player index
    half: str = "½"  # how a half point is written: ½, .5, =, ?


def number(value: float, half: str) -> str:
    whole = math.floor(value)
    if value == whole:
        return str(int(value))
    if value - whole == 0.5:
        return f"{whole}.5" if half == ".5" else f"{whole}{half}"
    return f"{value:g}"


@dataclass(slots=True)
class Shape:
    """How the table is written."""

    before: list[Column] = field(default_factory=list)
    after: list[Column] = field(default_factory=list)
    header: bool = True
    round_labels: list[str] | None = None  # None: no labels over the cells
    header_tail: str = ""  # e.g. "| PIN"
    pins: bool = False
    place_style: str = "shared"  # shared, blank (OpenGotha), row (pairgoth)
    upper_grades: bool = False
    tags: bool = True
    grade_override: dict[int, str] = field(default_factory=dict)  # player -> grade as written
    comment_lines: list[str] = field(default_factory=list)  # after the rows, e.g. a ghost


def cell_text(cell: Cell, row_of: dict[int, int], colours: bool) -> str:
    if cell.opp is None:
        return f"0{cell.res}"
    sep = "!" if cell.forfeit else "/"
    tail = f"{sep}{cell.colour}{cell.hcp}" if colours else ("!" if cell.forfeit else "")
    return f"{row_of[cell.opp]}{cell.res}{tail}"


def write(
    sim: Sim,
    order: list[int],
    place_of: dict[int, int],
    shape: Shape,
    title: str,
    colours: bool = True,
    handicap_rule: int = 9,
) -> str:
    row_of = {p: k for k, p in enumerate(order, start=1)}
    lines = []
    if shape.tags:
        lines += [
            "; CL[B]",
            f"; EV[{title}]",
            "; PC[DE, Stress City]",
            "; DT[2024-05-04,2024-05-05]",
            f"; HA[h{handicap_rule}]",
            "; KM[6.5]",
            "; TM[90]",
        ]
    if shape.header:
        labels = shape.round_labels or []
        words = ["Pl", "Name", "Rk", "Co", "Club"]
        words += [c.label for c in shape.before] + labels + [c.label for c in shape.after]
        lines.append(
            "; " + " ".join(words) + (" " + shape.header_tail if shape.header_tail else "")
        )
    shown: int | None = None
    for p in order:
        place = place_of[p]
        if shape.place_style == "row":
            written = str(row_of[p])
        elif shape.place_style == "blank" and place == shown:
            written = ""
        else:
            written = str(place)
        shown = place
        grade = shape.grade_override.get(p, grade_text(sim.grades[p], shape.upper_grades))
        name = sim.names[p].replace(" ", "_") if rng_flag(p) else sim.names[p]
        head = f"{written:>4} {name:<20} {grade:>3} {_COUNTRIES[p % 10]} {_CLUBS[p % 10]:<4}"
        before = " ".join(number(c.values[p], c.half) for c in shape.before)
        cells = " ".join(f"{cell_text(c, row_of, colours):>7}" for c in sim.cells[p])
        after = " ".join(number(c.values[p], c.half) for c in shape.after)
        line = " ".join(part for part in (head, before, cells, after) if part)
        if shape.pins:
            line += f" |{10_000_000 + 37 * p + 11}"
        lines.append(line)
    lines += shape.comment_lines
    return "\n".join(lines) + "\n"


def rng_flag(p: int) -> bool:
    return p % 3 == 0


# --------------------------------------------------------------------------- the shapes
def _style(rng: random.Random) -> str:
    return rng.choice(["shared", "blank", "row"])


def _placed(rng: random.Random, cols: list[Column], header: bool = True) -> Shape:
    """Score columns before the cells (OpenGotha) or after them (the EGD's archive)."""
    if rng.random() < 0.5:
        return Shape(before=cols, header=header, place_style=_style(rng))
    return Shape(after=cols, header=header, place_style=_style(rng), pins=rng.random() < 0.5)


@dataclass(slots=True)
class Table:
    name: str
    text: str
    rounds: int
    defect: str = ""  # the finding code that must name a planted defect
    note: str = ""  # what the table stands for


def _opengotha_start(grades: list[int], bar: int = 3, floor: int = -19) -> list[float]:
    return [float(30 + min(bar, max(floor, g)) - 1) for g in grades]


def _bands(grades: list[int]) -> list[float]:
    return [2.0 if g >= 5 else 1.0 if g >= 3 else 0.0 for g in grades]


def shape_opengotha(rng: random.Random, seed: int) -> Table:
    """OpenGotha McMahon: MMS SOS SOSOS before the cells, run-together header, blank ties."""
    grades = _players(rng, rng.randint(20, 60))
    sim = simulate(rng, grades, _opengotha_start(grades), rounds := rng.randint(4, 6))
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column("MMS", [sc.mms(p) for p in range(sim.n)])]
    cols += [Column("SOS", [sc.sos(p) for p in range(sim.n)])]
    cols += [Column("SOSOS", [sc.sosos(p) for p in range(sim.n)])]
    shape = Shape(before=cols, place_style="blank", upper_grades=True)
    text = write(sim, order, places(order, keys, None), shape, f"OpenGotha {seed}")
    text = text.replace("MMS SOS SOSOS", "MMS  SOSSOSOS")
    return Table(f"opengotha-{seed}", text, rounds, note="OpenGotha McMahon")


def shape_egd_download(rng: random.Random, seed: int) -> Table:
    """EGD download: no header, results first, then NBW SOS SOSOS, the PIN."""
    grades = _players(rng, rng.randint(16, 50))
    sim = simulate(rng, grades, [0.0] * len(grades), rounds := rng.randint(5, 7), absent=0.02)
    sc = Scores(sim, Conv(mcmahon=False))
    keys = [sc.nbw, sc.sos, sc.sosos]
    order = rank(sim, keys)
    after = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("NBW", "SOS", "SOSOS")]
    shape = Shape(after=after, header=False, pins=True, tags=rng.random() < 0.5)
    text = write(sim, order, places(order, keys, None), shape, f"EGD {seed}", colours=False)
    return Table(f"egd-download-{seed}", text, rounds, note="EGD download, Swiss")


def shape_bands(rng: random.Random, seed: int) -> Table:
    """Federation McMahon: start bands, MMS Wins SOS SOSOS; places by MMS, SOS, SOSOS."""
    grades = _players(rng, 48, low=-25)
    sim = simulate(rng, grades, _bands(grades), 5, absent=0.03, absent_kinds="=-")
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    names = ("MMS", "NBW", "SOS", "SOSOS")
    labels = ("MMS", "Wins", "SOS", "SOSOS")
    cols = [
        Column(label, [sc.value(c, p) for p in range(sim.n)])
        for c, label in zip(names, labels, strict=True)
    ]
    shape = _placed(rng, cols, header=bool(seed % 2))
    text = write(sim, order, places(order, keys, None), shape, f"Bands {seed}", colours=False)
    return Table(f"bands-mcmahon-{seed}", text, 5, note="McMahon bands, wins shown not ranked")


def shape_top_group(rng: random.Random, seed: int) -> Table:
    """McMahon with a hand-picked top group (one weaker player in it), no header."""
    grades = _players(rng, rng.randint(24, 40))
    strongest = sorted(range(len(grades)), key=lambda p: -grades[p])
    top = set(strongest[:6]) | {strongest[9]}
    start = [1.0 if p in top else 0.0 for p in range(len(grades))]
    sim = simulate(rng, grades, start, rounds := 5)
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("MMS", "SOS", "SOSOS")]
    shape = Shape(after=cols, header=False, pins=True)
    text = write(sim, order, places(order, keys, None), shape, f"Top group {seed}")
    return Table(f"top-group-{seed}", text, rounds, note="McMahon, hand-picked top group")


def shape_pin_header(rng: random.Random, seed: int) -> Table:
    """A header ending in '| PIN', results first: the PIN is no score column."""
    grades = _players(rng, rng.randint(12, 40))
    sim = simulate(rng, grades, [0.0] * len(grades), rounds := rng.randint(4, 6), absent=0.0)
    sc = Scores(sim, Conv(mcmahon=False))
    keys = [sc.nbw, sc.sos, sc.sosos]
    order = rank(sim, keys)
    after = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("NBW", "SOS", "SOSOS")]
    tail = rng.choice(["| PIN", "|Pin", "Pin", "| EGD PIN"])
    labels = [str(r) for r in range(1, rounds + 1)] if rng.random() < 0.5 else None
    if rng.random() < 0.5:
        shape = Shape(after=after, header_tail=tail, pins=True, round_labels=labels)
    else:
        shape = Shape(before=after, header_tail=tail, pins=True, round_labels=labels)
    text = write(sim, order, places(order, keys, None), shape, f"PIN {seed}")
    return Table(f"pin-header-{seed}", text, rounds, note="header with trailing PIN")


def shape_both_sides(rng: random.Random, seed: int) -> Table:
    """Numbers on both sides: 'country club startscore 9+ 3- ... MMS SOS SOSOS'."""
    grades = _players(rng, rng.randint(14, 40))
    start = _bands(grades)
    sim = simulate(rng, grades, start, rounds := rng.randint(4, 6), absent=0.02)
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    before = [Column("Start", list(start))]
    after = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("MMS", "SOS", "SOSOS")]
    shape = Shape(before=before, after=after, header=False, tags=False)
    text = write(sim, order, places(order, keys, None), shape, f"Both {seed}", colours=False)
    return Table(f"both-sides-{seed}", text, rounds, note="numbers on both sides of the cells")


def shape_playoff(rng: random.Random, seed: int) -> Table:
    """Swiss, then a play-off (semi-finals) and a final; tie-breaks over the Swiss rounds."""
    grades = _players(rng, rng.randint(16, 36))
    swiss = rng.randint(4, 6)
    sim = simulate(rng, grades, [0.0] * len(grades), swiss, absent=0.0)
    sc = Scores(sim, Conv(mcmahon=False, tb_rounds=swiss))
    swiss_keys = [lambda p: sc.nbw(p, swiss), sc.sos, sc.sosos]
    seeds = rank(sim, swiss_keys)[:4]
    ko = knockout(rng, sim, seeds, 2)
    keys = [sc.nbw, sc.sos, sc.sosos]
    order = rank(sim, keys, lead=ko)
    after = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("NBW", "SOS", "SOSOS")]
    labels = [f"{r}." for r in range(1, swiss + 1)] + ["playoff", "final"]
    shape = Shape(after=after, round_labels=labels)
    text = write(sim, order, places(order, keys, ko), shape, f"Playoff {seed}")
    return Table(f"playoff-final-{seed}", text, swiss + 2, note="Swiss + play-off + final")


def shape_knockout(rng: random.Random, seed: int) -> Table:
    """A pure knock-out of 32: shared places 1, 2, 3, 5, 9, 17 in the Place column."""
    grades = _players(rng, 32)
    sim = Sim(grades, [0.0] * 32, [f"{rng.choice(_SURNAMES)}{i + 1} Ko" for i in range(32)])
    sim.cells = [[] for _ in range(32)]
    seeds = sorted(range(32), key=lambda p: -grades[p])
    ko = knockout(rng, sim, seeds, 5)
    sc = Scores(sim, Conv(mcmahon=False))
    order = sorted(range(32), key=lambda p: (ko[p], -sc.nbw(p), p))
    place_of = {p: ko[p] for p in range(32)}
    after = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("NBW", "SOS")]
    shape = Shape(after=after, round_labels=[f"R{r}" for r in range(1, 6)])
    text = write(sim, order, place_of, shape, f"Knock-out {seed}")
    return Table(f"knockout-{seed}", text, 5, note="knock-out places")


def shape_half_eq(rng: random.Random, seed: int) -> Table:
    """Half points written '1=' (1½) in the score columns; '0=' byes."""
    grades = _players(rng, rng.randint(14, 36))
    sim = simulate(rng, grades, _bands(grades), rounds := 5, absent=0.08, absent_kinds="=")
    sc = Scores(sim, Conv(mcmahon=True, sos_bye=dict.fromkeys(FREE, "zero")))
    sc.conv.sosos_bye = dict.fromkeys(FREE, "zero")
    keys = [sc.mms, sc.sos]
    order = rank(sim, keys)
    after = [Column(c, [sc.value(c, p) for p in range(sim.n)], "=") for c in ("MMS", "SOS")]
    shape = Shape(after=after, header=False)
    text = write(sim, order, places(order, keys, None), shape, f"Half {seed}", colours=False)
    return Table(f"half-eq-{seed}", text, rounds, note="'1=' is 1½")


def shape_sos_half(rng: random.Random, seed: int) -> Table:
    """A column that is twice SOS on every row: SOS in half points."""
    grades = _players(rng, rng.randint(14, 36))
    sim = simulate(rng, grades, [0.0] * len(grades), rounds := 5, absent=0.0)
    sc = Scores(sim, Conv(mcmahon=False))
    keys = [sc.nbw, sc.sos]
    order = rank(sim, keys)
    after = [
        Column("NBW", [sc.nbw(p) for p in range(sim.n)]),
        Column("SOS", [2 * sc.sos(p) for p in range(sim.n)]),
    ]
    shape = Shape(after=after, round_labels=[str(r) for r in range(1, rounds + 1)])
    text = write(sim, order, places(order, keys, None), shape, f"SOS x2 {seed}")
    return Table(f"sos-half-points-{seed}", text, rounds, note="SOS in half points")


def shape_rank_header(rng: random.Random, seed: int) -> Table:
    """A score column headed 'Rank' (here the wins), after the grade's 'Rk'."""
    grades = _players(rng, rng.randint(14, 36))
    sim = simulate(rng, grades, [0.0] * len(grades), rounds := 5, absent=0.0)
    sc = Scores(sim, Conv(mcmahon=False))
    keys = [sc.nbw, sc.sos, sc.sosos]
    order = rank(sim, keys)
    before = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("NBW", "SOS", "SOSOS")]
    before[0].label = "Rank"
    shape = Shape(before=before)
    text = write(sim, order, places(order, keys, None), shape, f"Rank {seed}")
    return Table(f"rank-header-{seed}", text, rounds, note="score column headed Rank")


def shape_bye_kinds(rng: random.Random, seed: int) -> Table:
    """0+ and 0= counted differently: SOS own-minus-bye / start, SOSOS own SOS, wins skip 0=."""
    grades = _players(rng, rng.randint(21, 41) | 1)
    sim = simulate(rng, grades, _bands(grades), rounds := 6, absent=0.06, absent_kinds="=-")
    conv = rng.choice(
        [
            Conv(
                nbw_free={"+": 1.0, "=": 0.0, "-": 0.0},
                sos_bye={"+": "own_minus", "=": "start", "-": "start"},
                sosos_bye=dict.fromkeys(FREE, "own_sos"),
            ),
            Conv(
                sos_bye={"+": "own", "=": "zero", "-": "zero"},
                sosos_bye={"+": "own_sos", "=": "zero", "-": "zero"},
            ),
            Conv(
                nbw_free={"+": 1.0, "=": 0.0, "-": 0.0},
                sos_bye={"+": "start", "=": "own", "-": "start"},
                sosos_bye={"+": "start_r", "=": "own_sos", "-": "start_r"},
            ),
        ]
    )
    sc = Scores(sim, conv)
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [
        Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("MMS", "NBW", "SOS", "SOSOS")
    ]
    cols[1].label = "Wins"
    shape = Shape(before=cols)
    text = write(sim, order, places(order, keys, None), shape, f"Byes {seed}", colours=False)
    return Table(f"bye-kinds-{seed}", text, rounds, note="bye kinds counted differently")


def shape_ghost(rng: random.Random, seed: int) -> Table:
    """Byes against a ghost of score 0 whose SOS counts in SOSOS (Swiss)."""
    grades = _players(rng, rng.randint(15, 35) | 1)
    sim = simulate(rng, grades, [0.0] * len(grades), rounds := 5, absent=0.0)
    conv = Conv(mcmahon=False, sos_bye=dict.fromkeys(FREE, "ghost"))
    conv.sosos_bye = dict.fromkeys(FREE, "ghost")
    sc = Scores(sim, conv)
    keys = [sc.nbw, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("NBW", "SOS", "SOSOS")]
    shape = Shape(after=cols, header=False, pins=True)
    text = write(sim, order, places(order, keys, None), shape, f"Ghost {seed}", colours=False)
    return Table(f"ghost-bye-{seed}", text, rounds, note="bye against a ghost")


def shape_fixed(rng: random.Random, seed: int) -> Table:
    """A fixed virtual opponent: floor(R/2) to SOS, R x that to SOSOS (Swiss)."""
    grades = _players(rng, rng.randint(15, 35) | 1)
    sim = simulate(rng, grades, [0.0] * len(grades), rounds := rng.choice([5, 6, 7]), absent=0.0)
    conv = Conv(mcmahon=False, sos_bye=dict.fromkeys(FREE, "fixed"))
    conv.sosos_bye = dict.fromkeys(FREE, "fixed_r")
    sc = Scores(sim, conv)
    keys = [sc.nbw, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("NBW", "SOS", "SOSOS")]
    shape = Shape(before=cols)
    text = write(sim, order, places(order, keys, None), shape, f"Fixed {seed}", colours=False)
    return Table(f"fixed-virtual-{seed}", text, rounds, note="fixed virtual opponent")


def shape_swapped_names(rng: random.Random, seed: int) -> Table:
    """Header names contradicted by the numbers: 'SOS' holds SODOS and 'SDOS' holds SOS."""
    grades = _players(rng, rng.randint(20, 40))
    sim = simulate(rng, grades, _opengotha_start(grades), rounds := 5)
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sodos]
    order = rank(sim, keys)
    cols = [
        Column("MMS", [sc.mms(p) for p in range(sim.n)]),
        Column("SOS", [sc.sodos(p) for p in range(sim.n)]),
        Column("SDOS", [sc.sos(p) for p in range(sim.n)]),
    ]
    shape = Shape(before=cols, place_style="blank")
    text = write(sim, order, places(order, keys, None), shape, f"Swapped {seed}")
    return Table(f"swapped-names-{seed}", text, rounds, note="SOS and SDOS swapped")


def shape_handicap(rng: random.Random, seed: int) -> Table:
    """OpenGotha McMahon with handicap (HA[h1]); SOS adjusted for handicap."""
    grades = _players(rng, rng.randint(20, 40))
    sim = simulate(rng, grades, _opengotha_start(grades, bar=2), rounds := 5, handicap=1)
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("MMS", "SOS", "SOSOS")]
    shape = Shape(before=cols, place_style="blank", upper_grades=True)
    text = write(sim, order, places(order, keys, None), shape, f"Handicap {seed}", handicap_rule=1)
    return Table(f"handicap-{seed}", text, rounds, note="handicap games")


def shape_round_down(rng: random.Random, seed: int) -> Table:
    """OpenGotha's "round down free points": three '0=' add 1, not 1.5."""
    grades = _players(rng, rng.randint(20, 50))
    sim = simulate(rng, grades, _opengotha_start(grades), rounds := 6, absent=0.1, absent_kinds="=")
    sc = Scores(sim, Conv())
    base_mms = sc.mms

    def mms(p: int, upto: int | None = None) -> float:
        cells = sim.cells[p][: upto or sim.rounds]
        free = sum(0.5 for c in cells if c.opp is None and c.res == "=")
        free += sum(1.0 for c in cells if c.opp is None and c.res == "+")
        return base_mms(p, upto) - free + math.floor(free)

    sc.mms = mms  # type: ignore[method-assign]
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("MMS", "SOS", "SOSOS")]
    shape = Shape(before=cols, place_style="blank", upper_grades=True)
    text = write(sim, order, places(order, keys, None), shape, f"Round down {seed}")
    return Table(f"round-down-{seed}", text, rounds, note="free points rounded down")


def shape_pairgoth(rng: random.Random, seed: int) -> Table:
    """pairgoth: row numbers for places, SOS-1 dropping the highest value, decimals."""
    grades = _players(rng, rng.randint(16, 40))
    sim = simulate(rng, grades, [0.0] * len(grades), rounds := 5, absent=0.0)
    sc = Scores(sim, Conv(mcmahon=False))

    def sos_minus_highest(p: int) -> float:
        values = sc.per_round(p)
        return sum(values) - max(values)

    keys = [sc.nbw, sos_minus_highest, sc.sosos]
    order = rank(sim, keys)
    cols = [
        Column("NBW", [sc.nbw(p) for p in range(sim.n)], ".5"),
        Column("SOS-1", [sos_minus_highest(p) for p in range(sim.n)], ".5"),
        Column("SSOS", [sc.sosos(p) for p in range(sim.n)], ".5"),
    ]
    shape = Shape(before=cols, place_style="row", upper_grades=True)
    text = write(sim, order, places(order, keys, None), shape, f"pairgoth {seed}")
    return Table(f"pairgoth-{seed}", text, rounds, note="pairgoth's SOS-1")


def shape_big(rng: random.Random, seed: int) -> Table:
    """A big open: 150-300 players, 7 rounds, OpenGotha columns, byes of every kind."""
    grades = _players(rng, rng.randint(150, 300))
    sim = simulate(rng, grades, _opengotha_start(grades), rounds := 7, absent=0.03)
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("MMS", "SOS", "SOSOS")]
    shape = _placed(rng, cols, header=rng.random() < 0.5)
    text = write(sim, order, places(order, keys, None), shape, f"Big {seed}")
    return Table(f"big-{seed}", text, rounds, note="big open")


# ----------------------------------------------------------------------- planted defects
def shape_shifted(rng: random.Random, seed: int) -> Table:
    """Defect: two rows' tie-break cells carry the values of the rows below them."""
    grades = _players(rng, rng.randint(24, 40))
    sim = simulate(rng, grades, _opengotha_start(grades), rounds := 5, absent=0.0)
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    sos = [sc.sos(p) for p in range(sim.n)]
    sosos = [sc.sosos(p) for p in range(sim.n)]
    at = rng.randint(5, sim.n - 6)
    # Only a shift that changes the numbers is a defect one can see.
    while sos[order[at]] == sos[order[at + 1]] or sos[order[at + 1]] == sos[order[at + 2]]:
        at = (at + 1) % (sim.n - 3)
    shifted_sos, shifted_sosos = list(sos), list(sosos)
    for k in (at, at + 1):
        shifted_sos[order[k]] = sos[order[k + 1]]
        shifted_sosos[order[k]] = sosos[order[k + 1]]
    cols = [
        Column("MMS", [sc.mms(p) for p in range(sim.n)]),
        Column("SOS", shifted_sos),
        Column("SOSOS", shifted_sosos),
    ]
    shape = Shape(before=cols)
    text = write(sim, order, places(order, keys, None), shape, f"Shifted {seed}")
    return Table(f"defect-shifted-{seed}", text, rounds, "egf-rows-shifted", "rows shifted")


def shape_commented_ghost(rng: random.Random, seed: int) -> Table:
    """Defect: the ghost's line commented out; its SOS still sits in its opponents' SOSOS."""
    grades = _players(rng, rng.randint(15, 35) | 1)
    sim = simulate(rng, grades, [0.0] * len(grades), rounds := 5, absent=0.0)
    conv = Conv(mcmahon=False, sos_bye=dict.fromkeys(FREE, "zero"))
    conv.sosos_bye = dict.fromkeys(FREE, "ghost")
    sc = Scores(sim, conv)
    keys = [sc.nbw, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("NBW", "SOS", "SOSOS")]
    ghost = sc.ghost_sos("+")
    shape = Shape(
        before=cols,
        comment_lines=[
            f"; {sim.n + 1} ghost 20k XX xxxx 0 {ghost:g} 0 " + " ".join(["0-"] * rounds)
        ],
    )
    text = write(sim, order, places(order, keys, None), shape, f"Ghost line {seed}", colours=False)
    return Table(f"defect-commented-ghost-{seed}", text, rounds, "egf-ghost", "ghost commented out")


def shape_swap(rng: random.Random, seed: int) -> Table:
    """Defect: two places swapped against the table's own tie-breaks."""
    grades = _players(rng, rng.randint(20, 40))
    sim = simulate(rng, grades, _opengotha_start(grades), rounds := 5)
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    place_of = places(order, keys, None)
    candidates = [
        k
        for k in range(3, sim.n - 2)
        if sc.mms(order[k]) == sc.mms(order[k + 1]) and sc.sos(order[k]) > sc.sos(order[k + 1])
    ]
    if not candidates:
        return shape_swap(rng, seed + 1000)
    k = rng.choice(candidates)
    order[k], order[k + 1] = order[k + 1], order[k]
    place_of[order[k]], place_of[order[k + 1]] = k + 1, k + 2
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("MMS", "SOS", "SOSOS")]
    shape = Shape(before=cols)
    text = write(sim, order, place_of, shape, f"Swap {seed}")
    return Table(f"defect-swap-{seed}", text, rounds, "egf-places", "two places swapped")


def shape_below_20k(rng: random.Random, seed: int) -> Table:
    """Grades below 20k written as 20k; their start scores follow the real grade."""
    grades = _players(rng, rng.randint(24, 40), low=-29)
    weakest = sorted(range(len(grades)), key=lambda p: grades[p])[:4]
    for k, p in enumerate(weakest):
        grades[p] = -21 - 2 * k  # 22k, 24k, 26k, 28k
    sim = simulate(rng, grades, _opengotha_start(grades, floor=-29), rounds := 5)
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    cols = [Column(c, [sc.value(c, p) for p in range(sim.n)]) for c in ("MMS", "SOS", "SOSOS")]
    shape = Shape(before=cols, grade_override={p: "20k" for p in weakest})
    text = write(sim, order, places(order, keys, None), shape, f"20k {seed}")
    return Table(f"defect-below-20k-{seed}", text, rounds, "egf-grade-floor", "below 20k as 20k")


def shape_typo(rng: random.Random, seed: int) -> Table:
    """Defect: one SOS cell mistyped (one more); the rest of the table is consistent."""
    grades = _players(rng, rng.randint(20, 50))
    sim = simulate(rng, grades, _bands(grades), rounds := 5, absent=0.05, absent_kinds="=-")
    sc = Scores(sim, Conv())
    keys = [sc.mms, sc.sos, sc.sosos]
    order = rank(sim, keys)
    sos = [sc.sos(p) for p in range(sim.n)]
    wrong = order[rng.randint(3, sim.n - 4)]
    sos[wrong] += 1
    cols = [
        Column("MMS", [sc.mms(p) for p in range(sim.n)]),
        Column("SOS", sos),
        Column("SOSOS", [sc.sosos(p) for p in range(sim.n)]),
    ]
    shape = _placed(rng, cols, header=rng.random() < 0.5)
    text = write(sim, order, places(order, keys, None), shape, f"Typo {seed}", colours=False)
    return Table(f"defect-typo-{seed}", text, rounds, "egf-column-differs", "one SOS typo")


SHAPES: dict[str, Callable[[random.Random, int], Table]] = {
    "opengotha": shape_opengotha,
    "egd-download": shape_egd_download,
    "bands": shape_bands,
    "top-group": shape_top_group,
    "pin-header": shape_pin_header,
    "both-sides": shape_both_sides,
    "playoff": shape_playoff,
    "knockout": shape_knockout,
    "half-eq": shape_half_eq,
    "sos-half": shape_sos_half,
    "rank-header": shape_rank_header,
    "bye-kinds": shape_bye_kinds,
    "ghost": shape_ghost,
    "fixed": shape_fixed,
    "swapped-names": shape_swapped_names,
    "handicap": shape_handicap,
    "round-down": shape_round_down,
    "pairgoth": shape_pairgoth,
    "big": shape_big,
    "shifted": shape_shifted,
    "commented-ghost": shape_commented_ghost,
    "swap": shape_swap,
    "below-20k": shape_below_20k,
    "typo": shape_typo,
}


def generate(per_shape: int, seed: int = 1) -> list[Table]:
    tables = []
    for name, make in SHAPES.items():
        for k in range(per_shape):
            table_seed = seed * 1000 + k
            tables.append(make(random.Random(f"{name}-{table_seed}"), table_seed))
    return tables


# --------------------------------------------------------------------------- the check
def check(folder: Path) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from trfsite.findings import Severity
    from trfsite.formats import read_bytes
    from trfsite.standings.go import compute_go_standings
    from trfsite.standings.options import StandingsOptions
    from trfsite.validate import validate

    truth = json.loads((folder / "truth.json").read_text())
    counts = {"tables": 0, "rounds": 0, "no_error": 0, "right": 0}
    by_shape: dict[str, list[int]] = {}
    for name, expected in truth.items():
        path = folder / f"{name}.h9"
        result = read_bytes(path.read_bytes(), path.name)
        t = result.tournament
        findings = validate(result, path.name)
        counts["tables"] += 1
        problems = []
        if t is not None and t.rounds == expected["rounds"]:
            counts["rounds"] += 1
        else:
            problems.append(f"rounds {t.rounds if t else None}, expected {expected['rounds']}")
        errors = [f for f in findings if f.severity is Severity.ERROR]
        if not errors:
            counts["no_error"] += 1
        else:
            problems.append(f"error: {errors[0].message[:160]}")
        if expected["defect"]:
            named = [f for f in findings if f.code == expected["defect"]]
            if not named:
                problems.append(f"defect {expected['defect']} not named")
            elif len(named) > 1:
                problems.append(f"defect named in {len(named)} findings, not one")
            others = [
                f
                for f in findings
                if f.code in ("egf-column-differs", "egf-places") and f.code != expected["defect"]
            ]
            if others:
                problems.append(f"more than the defect: {others[0].message[:160]}")
        else:
            for code in ("egf-column-differs", "egf-places", "egf-start-scores"):
                for f in findings:
                    if f.code == code:
                        problems.append(f"{code}: {f.message[:200]}")
            if t is not None:
                standings = compute_go_standings(t, StandingsOptions())
                size: dict[int, int] = {}
                for row in standings.rows:
                    size[row.rank] = size.get(row.rank, 0) + 1
                index = t.player_index()
                off = [
                    row.id
                    for row in standings.rows
                    if (place := index[row.id].declared_rank) is not None
                    and not row.rank <= place < row.rank + size[row.rank]
                ]
                if off:
                    problems.append(f"{len(off)} ranks differ from the places")
        shape = name.rsplit("-", 1)[0]
        by_shape.setdefault(shape, [0, 0])[1] += 1
        if not problems:
            counts["right"] += 1
            by_shape[shape][0] += 1
        else:
            print(f"{name}: " + "; ".join(problems))
    for shape, (right, total) in by_shape.items():
        print(f"  {shape:28} {right}/{total}")
    print(
        f"{counts['tables']} tables: every round read {counts['rounds']}, no error "
        f"{counts['no_error']}, read right {counts['right']}"
    )
    return 0 if counts["right"] == counts["tables"] else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--per-shape", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    truth = {}
    for table in generate(args.per_shape, args.seed):
        (args.out / f"{table.name}.h9").write_text(table.text, "utf-8")
        truth[table.name] = {"rounds": table.rounds, "defect": table.defect, "note": table.note}
    (args.out / "truth.json").write_text(json.dumps(truth, indent=1))
    print(f"{len(truth)} tables in {args.out}")
    return check(args.out) if args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
