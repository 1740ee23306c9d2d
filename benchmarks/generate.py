"""Seeded generators of realistic synthetic events, as file text, and of whole archives.

``generate_individual_swiss`` (here), ``generate_team_swiss`` (generate_team.py),
``generate_mcmahon`` (generate_go.py) and ``generate_archive`` (a folder of
mixed events). Same seed, same bytes.

Individual Swiss:
Pairings follow score groups (top half against bottom half, avoiding repeats
where a cheap look-ahead finds a partner), results follow the rating
difference, and the event has every kind of unplayed round: pairing-allocated
byes (odd number of players), half- and zero-point byes on request, full-point
byes, forfeits both ways, double forfeits, withdrawals, and unrated players.

    python benchmarks/generate.py 2000 11 --seed 1 > open.trf
    python benchmarks/generate.py 190 11 --boards 4 > team.trf
    python benchmarks/generate.py 120 6 --mcmahon > go.h9
    python benchmarks/generate.py --archive 1000 --out archive/
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_go import generate_mcmahon  # noqa: E402
from generate_team import generate_team_swiss  # noqa: E402

__all__ = [
    "generate_archive",
    "generate_individual_swiss",
    "generate_mcmahon",
    "generate_team_swiss",
]

_FIRST = ("Ana", "Ben", "Cai", "Dora", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea")
_LAST = ("Berg", "Costa", "Dahl", "Ek", "Fox", "Gray", "Holm", "Ito", "Jung", "Kern", "Lund")


@dataclass(slots=True)
class _Entrant:
    number: int
    name: str
    rating: int  # 0: unrated
    strength: int
    score: float = 0.0
    met: set[int] = field(default_factory=set)
    cells: list[str] = field(default_factory=list)
    withdrawn_after: int = 0  # 0: plays to the end
    colors: int = 0  # whites minus blacks


def _cell(opponent: int, color: str, result: str) -> str:
    return f"{opponent:4d} {color} {result}"


def _result(rng: random.Random, white: _Entrant, black: _Entrant) -> tuple[str, str]:
    expected = 1 / (1 + 10 ** ((black.strength - white.strength) / 400))
    draw = 0.3
    roll = rng.random()
    if roll < expected - draw / 2:
        return "1", "0"
    if roll < expected + draw / 2:
        return "=", "="
    return "0", "1"


def _pair(rng: random.Random, players: list[_Entrant]) -> list[tuple[_Entrant, _Entrant]]:
    players = sorted(players, key=lambda p: (-p.score, -p.strength, p.number))
    pairs = []
    pool = players
    while len(pool) >= 2:
        first = pool[0]
        group = sum(1 for p in pool if p.score == first.score)
        half = max(1, group // 2)
        partner = None
        for k in range(half, min(half + 8, len(pool))):
            if pool[k].number not in first.met:
                partner = pool[k]
                break
        if partner is None:
            partner = next((p for p in pool[1:] if p.number not in first.met), pool[1])
        pool = [p for p in pool if p is not first and p is not partner]
        if first.colors > partner.colors or (first.colors == partner.colors and rng.random() < 0.5):
            first, partner = partner, first
        pairs.append((first, partner))
    return pairs


def generate_individual_swiss(players: int, rounds: int, seed: int = 1) -> str:
    """A whole TRF16-style file for a ``players``-player, ``rounds``-round open."""
    rng = random.Random(seed)
    entrants = []
    for n in range(1, players + 1):
        strength = int(rng.gauss(1800, 300))
        rated = rng.random() > 0.08
        name = f"{rng.choice(_LAST)}{n}, {rng.choice(_FIRST)}"
        entrants.append(_Entrant(n, name, strength if rated else 0, strength))
    entrants.sort(key=lambda e: -e.rating)
    for n, e in enumerate(entrants, start=1):
        e.number = n
    for e in rng.sample(entrants, max(1, players // 100)):
        e.withdrawn_after = rng.randint(1, max(1, rounds - 1))
    for r in range(1, rounds + 1):
        active = []
        for e in entrants:
            if e.withdrawn_after and r > e.withdrawn_after:
                e.cells.append(_cell(0, "-", "Z"))
            elif rng.random() < 0.02 and r < rounds - 1:
                bye = rng.choice("HHZF")
                e.cells.append(_cell(0, "-", bye))
                e.score += {"H": 0.5, "Z": 0.0, "F": 1.0}[bye]
            else:
                active.append(e)
        if len(active) % 2:
            lowest = min(active, key=lambda p: (p.score, p.strength, -p.number))
            active.remove(lowest)
            lowest.cells.append(_cell(0, "-", "U"))
            lowest.score += 1.0
        for white, black in _pair(rng, active):
            white.met.add(black.number)
            black.met.add(white.number)
            white.colors += 1
            black.colors -= 1
            roll = rng.random()
            if roll < 0.01:
                res_w, res_b = "+", "-"
            elif roll < 0.02:
                res_w, res_b = "-", "+"
            elif roll < 0.025:
                res_w, res_b = "-", "-"
            else:
                res_w, res_b = _result(rng, white, black)
            white.cells.append(_cell(black.number, "w", res_w))
            black.cells.append(_cell(white.number, "b", res_b))
            white.score += {"1": 1.0, "=": 0.5, "+": 1.0}.get(res_w, 0.0)
            black.score += {"1": 1.0, "=": 0.5, "+": 1.0}.get(res_b, 0.0)
    lines = [
        f"012 Synthetic Open {players}x{rounds} (seed {seed})",
        "022 Benchmark City",
        "032 FID",
        "042 2025/07/01",
        "052 2025/07/09",
        f"062 {players}",
        f"072 {sum(1 for e in entrants if e.rating)}",
        "092 Individual: Swiss-System",
        "102 Arbiter, Bench",
        "132" + " " * 88 + "  ".join(f"25/07/{r:02d}" for r in range(1, rounds + 1)),
        f"142 {rounds}",
    ]
    ranked = sorted(entrants, key=lambda e: (-e.score, e.number))
    rank_of = {e.number: k for k, e in enumerate(ranked, start=1)}
    for e in sorted(entrants, key=lambda e: e.number):
        rating = f"{e.rating:4d}" if e.rating else "    "
        head = (
            f"001 {e.number:4d}      {e.name[:33]:<33} {rating} FID {100000 + e.number:>11} "
            f"{'1990/01/01':<10} {e.score:4.1f} {rank_of[e.number]:4d}"
        )
        lines.append(head + "  " + "  ".join(e.cells))
    return "\n".join(lines) + "\n"


def generate_archive(folder: Path, n_events: int, seed: int = 1) -> list[Path]:
    """Write ``n_events`` mixed events under ``folder`` (one sub-folder per year).

    About 60 % individual Swiss (mostly club-sized), 20 % team Swiss and 20 %
    EGF McMahon tables; every tenth event has markdown notes, and the archive
    has a home page text. Returns the tournament files written, sorted.
    """
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.md").write_text("# Synthetic archive\n\nGenerated events.\n", "utf-8")
    written = []
    for number in range(1, n_events + 1):
        year = folder / str(2000 + number % 25)
        year.mkdir(exist_ok=True)
        roll = rng.random()
        event_seed = rng.randrange(1 << 30)
        if roll < 0.6:
            path = year / f"open-{number:04d}.trf"
            players = int(rng.triangular(10, 160, 30))
            text = generate_individual_swiss(players, rng.randint(5, 9), event_seed)
        elif roll < 0.8:
            path = year / f"teams-{number:04d}.trf"
            teams = int(rng.triangular(6, 40, 10))
            boards = rng.randint(4, 6)
            text = generate_team_swiss(teams, boards, rng.randint(5, 9), event_seed)
        else:
            path = year / f"mcmahon-{number:04d}.h9"
            players = int(rng.triangular(10, 150, 30))
            text = generate_mcmahon(players, rng.randint(4, 6), event_seed)
        path.write_text(text, encoding="utf-8")
        if number % 10 == 0:
            path.with_suffix(".md").write_text(f"Notes of event {number}.\n", "utf-8")
        written.append(path)
    return sorted(written)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int, nargs="?", help="players (teams with --boards)")
    parser.add_argument("rounds", type=int, nargs="?")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boards", type=int, default=0, help="a team Swiss with 4-6 boards")
    parser.add_argument("--mcmahon", action="store_true", help="an EGF McMahon table")
    parser.add_argument("--archive", type=int, default=0, metavar="N", help="N mixed events")
    parser.add_argument("--out", type=Path, default=None, help="the archive folder")
    args = parser.parse_args(argv)
    if args.archive:
        if args.out is None:
            parser.error("--archive needs --out FOLDER")
        generate_archive(args.out, args.archive, args.seed)
        return
    if args.players is None or args.rounds is None:
        parser.error("players and rounds are required")
    if args.boards:
        text = generate_team_swiss(args.players, args.boards, args.rounds, args.seed)
    elif args.mcmahon:
        text = generate_mcmahon(args.players, args.rounds, args.seed)
    else:
        text = generate_individual_swiss(args.players, args.rounds, args.seed)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
