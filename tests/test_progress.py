"""``round_progress`` against the plain reading it replaced: every game counted as a pair.

_progress counts pairs only in the rounds after the last complete one; on random
events (finished, mid-round, with byes announced ahead and results missing early)
it must say exactly what counting every game says.
"""

from __future__ import annotations

import random

import pytest

from trfsite.model import Color, Outcome, Player, RoundEntry, SourceFormat, Tournament
from trfsite.progress import PendingRound, RoundProgress, _progress, announced


def _reference(t: Tournament) -> RoundProgress:
    games: dict[int, set[tuple[int, int]]] = {}
    missing: dict[int, set[tuple[int, int]]] = {}
    seen: set[int] = set()
    for player in t.players:
        for entry in player.rounds:
            if entry.opponent is None:
                if announced(entry):
                    seen.add(entry.round)
                continue
            seen.add(entry.round)
            pid, opp = player.id, entry.opponent
            pair = (pid, opp) if pid < opp else (opp, pid)
            games.setdefault(entry.round, set()).add(pair)
            if entry.outcome is Outcome.UNKNOWN:
                missing.setdefault(entry.round, set()).add(pair)
    complete = max((r for r in games if r not in missing), default=0)
    pending = tuple(
        PendingRound(r, len(games.get(r, ())), len(missing.get(r, ())))
        for r in sorted(seen)
        if r > complete
    )
    return RoundProgress(complete, pending)


_BYES = [("0000 - H", Outcome.HALF_BYE), ("0000 - F", Outcome.FULL_BYE),
         ("0000 - U", Outcome.PAIRING_BYE), ("0000 - Z", Outcome.ZERO_BYE),
         ("", Outcome.ZERO_BYE), ("0000 - -", Outcome.ZERO_BYE)]  # fmt: skip
_GAMES = [Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.FORFEIT_WIN, Outcome.UNKNOWN]


def _event(rng: random.Random) -> Tournament:
    size, rounds = rng.randint(0, 12), rng.randint(0, 7)
    cells: dict[int, list[RoundEntry]] = {pid: [] for pid in range(1, size + 1)}
    for r in range(1, rounds + 1):
        ids = list(cells)
        rng.shuffle(ids)
        while len(ids) >= 2 and rng.random() < 0.9:
            a, b = ids.pop(), ids.pop()
            outcome = rng.choice(_GAMES)
            cells[a].append(RoundEntry(r, b, Color.WHITE, outcome))
            # Now and then one side only, or a side with another result.
            if rng.random() < 0.9:
                cells[b].append(RoundEntry(r, a, Color.BLACK, rng.choice([outcome, *_GAMES])))
        for pid in ids:
            raw, outcome = rng.choice(_BYES)
            cells[pid].append(RoundEntry(r, None, Color.NONE, outcome, None, raw))
    players = tuple(Player(pid, f"P{pid}", rounds=tuple(c)) for pid, c in cells.items())
    return Tournament(SourceFormat.TRF26, players=players)


@pytest.mark.parametrize("seed", range(300))
def test_progress_counts_as_every_pair_would(seed: int) -> None:
    t = _event(random.Random(seed))
    assert _progress(t) == _reference(t)
