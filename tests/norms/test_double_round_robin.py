"""Double round robins: FIDE B.01 (edition applied from 1 January 2024) and section 5
of spec/fide-title-norms.md: at least 6 players; how the titled counts are halved is
open (default: distinct opponents against half the requirement, rounded up)."""

from __future__ import annotations

from trfsite.model import (
    Color,
    Outcome,
    PairingSystem,
    Player,
    RoundEntry,
    SourceFormat,
    Tournament,
)
from trfsite.norms.settings import DoubleRoundRobinTitles, NormSettings

from .build import check, norm_of

_BACK = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _double_round_robin(
    opponents: list[tuple[int, str, str]], results: dict[int, tuple[str, str]]
) -> Tournament:
    """Player 1 and ``opponents`` (rating, title, federation; ids 2, 3, ...), every two
    meeting twice (the circle method, a rest round each cycle for an odd number);
    ``results``: player 1's result against each opponent in cycle 1 and 2, every other
    game drawn."""
    ids = list(range(1, len(opponents) + 2))
    slots = ids + [0] * (len(ids) % 2)  # 0: the rest round
    cycle = len(slots) - 1
    cells: dict[int, list[RoundEntry]] = {pid: [] for pid in ids}
    for half in (0, 1):
        order = slots[:]
        for r in range(cycle):
            round_no = half * cycle + r + 1
            for i in range(len(order) // 2):
                a, b = order[i], order[-1 - i]
                if 0 in (a, b):
                    continue
                letter = "="
                if 1 in (a, b):
                    other = b if a == 1 else a
                    letter = results[other][half]
                    a, b = 1, other
                cells[a].append(RoundEntry(round_no, b, Color.WHITE, Outcome(letter)))
                cells[b].append(RoundEntry(round_no, a, Color.BLACK, Outcome(_BACK[letter])))
            order = [order[0], order[-1], *order[1:-1]]
    players = [Player(1, "Candidate", "m", "", 2350, "GER", rounds=tuple(cells[1]))]
    for pid, (rating, title, fed) in enumerate(opponents, start=2):
        rounds = tuple(sorted(cells[pid], key=lambda c: c.round))
        players.append(Player(pid, f"Opponent {pid}", "m", title, rating, fed, rounds=rounds))
    return Tournament(
        source_format=SourceFormat.TRF26,
        name="Double round robin",
        pairing_system=PairingSystem.ROUND_ROBIN,
        players=tuple(players),
    )


def test_double_round_robin_counts_distinct_titled_opponents_by_default() -> None:
    # 7 players, 14 rounds: 12 games each, 2 rest rounds. Against the two GMs (2, 3)
    # player 1 has a forfeit win in the first cycle: 10 games count. All at 2300.
    # Points: GM 2: 1; GM 3: 0; FM 4: 1 + 1; FM 5: 1 + ½; 6: 1 + 1; 7: 1 + ½ = 8 of 10:
    # 80 %, dp 240, Rp 2300 + 240 = 2540 (IM: >= 2450, Ra 2300 >= 2230).
    # IM level titles (GM, IM) in games: 2; distinct: 2. For 10 games 1.4.5 asks
    # max(3, ceil(10/3)) = 4 games; halved and rounded up, 2 distinct opponents (met);
    # titled: ceil(10/2) = 5 -> 3 distinct (4: two GMs, two FMs).
    # Counted by games, 2 < 4: the whole event's mix fails, no norm.
    opponents = [
        (2300, "GM", "HUN"),
        (2300, "GM", "FRA"),
        (2300, "FM", "ESP"),
        (2300, "FM", "ITA"),
        (2300, "", "POL"),
        (2300, "", "NED"),
    ]
    results = {
        2: ("+", "1"),
        3: ("+", "0"),
        4: ("1", "1"),
        5: ("1", "="),
        6: ("1", "1"),
        7: ("1", "="),
    }
    t = _double_round_robin(opponents, results)
    report = check(t, round_robin=True)
    assert report.double_round_robin
    assert norm_of(report) == "IM"
    a = report.norms[0].assessment
    assert (len(a.games), a.half_points, a.ra, a.rp) == (10, 16, 2300, 2540)
    games = NormSettings(double_round_robin_titles=DoubleRoundRobinTitles.GAMES)
    assert norm_of(check(t, games, round_robin=True)) == ""


def test_double_round_robin_of_five_players_makes_no_norm() -> None:
    opponents = [(2600, "GM", "HUN"), (2600, "GM", "FRA"), (2600, "GM", "ESP"), (2600, "GM", "ITA")]
    results = {pid: ("1", "1") for pid in range(2, 6)}
    report = check(_double_round_robin(opponents, results), round_robin=True)
    assert report.double_round_robin
    assert report.not_checked.startswith("A double round robin needs at least 6 players")
    assert report.norms == ()
