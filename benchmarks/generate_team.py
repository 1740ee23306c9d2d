"""Seeded generator of a team Swiss (TRF-2026): 310 rosters with reserves, 352 colours,
300 lineups when a reserve plays, a half-point team bye (240), a pairing-allocated
bye (320) and one forfeited match (330).

Teams are paired by match points (top half against bottom half of each group,
avoiding repeats where a short look-ahead finds a partner); board results
follow the rating difference of the two players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

_COUNTRIES = ("Avalon", "Borduria", "Carpania", "Dorsia", "Elbonia", "Florin", "Genovia")


@dataclass(slots=True)
class _Team:
    number: int
    name: str
    roster: list[int]  # player start numbers, board order
    strength: int
    match_points: float = 0.0
    game_points: float = 0.0
    met: set[int] = field(default_factory=set)
    whites: int = 0  # times listed first (white team) minus times second


@dataclass(slots=True)
class _Player:
    number: int
    name: str
    rating: int
    team: int
    points: float = 0.0
    cells: list[str] = field(default_factory=list)


def _cell(opponent: int, color: str, result: str) -> str:
    return f"{opponent:4d} {color} {result}"


def _board_result(rng: random.Random, white: _Player, black: _Player) -> tuple[str, str]:
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    roll = rng.random()
    if roll < expected - 0.17:
        return "1", "0"
    if roll < expected + 0.17:
        return "=", "="
    return "0", "1"


def _pair_teams(teams: list[_Team]) -> list[tuple[_Team, _Team]]:
    pool = sorted(teams, key=lambda t: (-t.match_points, -t.game_points, -t.strength, t.number))
    pairs = []
    while len(pool) >= 2:
        first = pool[0]
        group = sum(1 for t in pool if t.match_points == first.match_points)
        half = max(1, group // 2)
        window = pool[half : half + 8]
        partner = next((t for t in window if t.number not in first.met), None)
        if partner is None:
            partner = next((t for t in pool[1:] if t.number not in first.met), pool[1])
        pool = [t for t in pool if t is not first and t is not partner]
        if first.whites > partner.whites:
            first, partner = partner, first
        pairs.append((first, partner))
    return pairs


def generate_team_swiss(teams: int, boards: int, rounds: int, seed: int = 1) -> str:
    """A whole TRF-2026 team file: ``teams`` teams of ``boards`` boards (+1 or 2 reserves)."""
    if not 4 <= boards <= 6:
        raise ValueError(f"boards is {boards!r}; expected 4 to 6")
    rng = random.Random(seed)
    colours = ("WB" * boards)[:boards]
    players: list[_Player] = []
    squad: list[_Team] = []
    for number in range(1, teams + 1):
        base = int(rng.gauss(2100, 250))
        size = boards + rng.choice((1, 1, 2))
        roster = []
        for board in range(size):
            players.append(
                _Player(
                    len(players) + 1,
                    f"Player{len(players) + 1:05d}, T{number} B{board + 1}",
                    max(1000, base - 40 * board + rng.randint(-60, 60)),
                    number,
                )
            )
            roster.append(players[-1].number)
        name = f"{rng.choice(_COUNTRIES)} {number}"
        squad.append(_Team(number, name, roster, base))
    by_number = {p.number: p for p in players}
    half_bye = None  # (round, team): a half-point team bye (240 H)
    if rounds > 2:
        half_bye = (rng.randint(2, rounds - 1), rng.choice(squad).number)
    forfeit_round = rng.randint(1, rounds)
    pab: dict[int, int] = {}
    byes: list[str] = []
    forfeits: list[str] = []
    out_of_order: list[str] = []
    for r in range(1, rounds + 1):
        active = list(squad)
        resting: set[int] = set()
        if half_bye and half_bye[0] == r:
            team = next(t for t in squad if t.number == half_bye[1])
            active.remove(team)
            resting.add(team.number)
            team.match_points += 1.0
            team.game_points += boards / 2
            byes.append(f"240 H {r:03d} {team.number:4d}")
        if len(active) % 2:
            lowest = min(active, key=lambda t: (t.match_points, t.game_points, -t.number))
            active.remove(lowest)
            resting.add(lowest.number)
            lowest.match_points += 2.0
            lowest.game_points += boards / 2
            pab[r] = lowest.number
        for team in squad:
            if team.number in resting:
                for pid in team.roster:
                    by_number[pid].cells.append(_cell(0, "-", "-"))
        pairs = _pair_teams(active)
        forfeited = rng.choice(pairs) if r == forfeit_round and pairs else None
        for white_team, black_team in pairs:
            white_team.met.add(black_team.number)
            black_team.met.add(white_team.number)
            white_team.whites += 1
            black_team.whites -= 1
            if (white_team, black_team) == forfeited:
                forfeits.append(f"330 +- {r:03d} {white_team.number:03d} {black_team.number:03d}")
                seats = zip(white_team.roster[:boards], black_team.roster[:boards], strict=True)
                for board, (wp, bp) in enumerate(seats):
                    wc, bc = ("w", "b") if colours[board] == "W" else ("b", "w")
                    by_number[wp].cells.append(_cell(bp, wc, "+"))
                    by_number[wp].points += 1.0
                    by_number[bp].cells.append(_cell(wp, bc, "-"))
                for pid in white_team.roster[boards:] + black_team.roster[boards:]:
                    by_number[pid].cells.append(_cell(0, "-", "-"))
                white_team.match_points += 2.0
                white_team.game_points += boards
                continue
            lineups = []
            for team, opponent in ((white_team, black_team), (black_team, white_team)):
                seated = team.roster[:boards]
                if rng.random() < 0.3:  # a reserve plays: someone from the first boards rests
                    seated = sorted(rng.sample(team.roster, boards), key=team.roster.index)
                if seated != team.roster[:boards]:
                    ids = " ".join(f"{pid:4d}" for pid in seated)
                    out_of_order.append(
                        f"300 {r:03d} {team.number:03d} {opponent.number:03d} {ids}"
                    )
                for pid in team.roster:
                    if pid not in seated:
                        by_number[pid].cells.append(_cell(0, "-", "-"))
                lineups.append(seated)
            score = 0.0
            for board, (wp, bp) in enumerate(zip(*lineups, strict=True)):
                white_first = colours[board] == "W"
                first, second = by_number[wp], by_number[bp]
                w, b = (first, second) if white_first else (second, first)
                res_w, res_b = _board_result(rng, w, b)
                w.cells.append(_cell(b.number, "w", res_w))
                b.cells.append(_cell(w.number, "b", res_b))
                for p, res in ((w, res_w), (b, res_b)):
                    p.points += {"1": 1.0, "=": 0.5}.get(res, 0.0)
                score += {"1": 1.0, "=": 0.5}.get(res_w if white_first else res_b, 0.0)
            white_team.game_points += score
            black_team.game_points += boards - score
            if score * 2 > boards:
                white_team.match_points += 2.0
            elif score * 2 < boards:
                black_team.match_points += 2.0
            else:
                white_team.match_points += 1.0
                black_team.match_points += 1.0
    ranked = sorted(squad, key=lambda t: (-t.match_points, -t.game_points, t.number))
    team_rank: dict[int, int] = {}  # tied teams share a rank, as the engine reports it
    for k, t in enumerate(ranked, start=1):
        before = ranked[k - 2] if k > 1 else None
        if before and (before.match_points, before.game_points) == (
            t.match_points,
            t.game_points,
        ):
            team_rank[t.number] = team_rank[before.number]
        else:
            team_rank[t.number] = k
    player_rank = {
        p.number: k
        for k, p in enumerate(sorted(players, key=lambda p: (-p.points, p.number)), start=1)
    }
    dates = "  ".join(f"25/07/{r:02d}" for r in range(1, rounds + 1))
    lines = [
        f"012 Synthetic Team Swiss {teams}x{boards}x{rounds} (seed {seed})",
        "022 Benchmark City",
        "032 FID",
        "042 2025/07/01",
        f"052 2025/07/{rounds:02d}",
        f"062 {len(players)}",
        f"072 {len(players)}",
        f"082 {teams}",
        "092 Team Swiss",
        "102 Arbiter, Bench",
        f"132{' ' * 88}{dates}",
        f"142 {rounds}",
        "192 TEAM_SWISS",
        "202 MPvGP",
        f"352 {colours}",
        "362 TW 2.0    TD 1.0    TL 0.0",
    ]
    for p in players:
        head = (
            f"001 {p.number:4d}      {p.name[:33]:<33} {p.rating:4d} FID {200000 + p.number:>11} "
            f"{'1990/01/01':<10} {p.points:4.1f} {player_rank[p.number]:4d}"
        )
        lines.append(head + "  " + "  ".join(p.cells))
    for t in squad:
        roster = " ".join(f"{pid:4d}" for pid in t.roster)
        lines.append(
            f"310 {t.number:3d} {t.name[:32]:<32} {'T' + str(t.number):<5} {t.strength:6d} "
            f"{t.match_points:6.1f} {t.game_points:6.1f} {team_rank[t.number]:3d}  {roster}"
        )
    lines.extend(out_of_order)
    lines.extend(forfeits)
    lines.extend(byes)
    if pab:
        teams_by_round = " ".join(f"{pab.get(r, 0):03d}" for r in range(1, rounds + 1))
        lines.append(f"320  2.0 {boards / 2:4.1f} {teams_by_round}")
    return "\n".join(lines) + "\n"
