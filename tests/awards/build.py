"""Small rated events for the awards tests (players with ratings and birth dates)."""

from __future__ import annotations

import datetime as dt

from trfsite.model import (
    Color,
    Outcome,
    PairingSystem,
    Player,
    RoundEntry,
    SourceFormat,
    Tournament,
)

_PAIR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def rated_event(
    players: dict[int, tuple[int | None, str]],
    games: list[tuple[int, int, int, str]],
    byes: list[tuple[int, int, str]] = (),  # type: ignore[assignment]
    start: dt.date = dt.date(2026, 5, 1),
    extra: dict[int, dict[str, str]] | None = None,
) -> Tournament:
    """``players``: id -> (rating, birth date); ``games``: (round, white, black, white's
    result letter); ``byes``: (round, player, H/F/U/Z)."""
    cells: dict[int, list[RoundEntry]] = {pid: [] for pid in players}
    for round_no, white, black, result in games:
        cells[white].append(RoundEntry(round_no, black, Color.WHITE, Outcome(result)))
        cells[black].append(RoundEntry(round_no, white, Color.BLACK, Outcome(_PAIR[result])))
    for round_no, pid, kind in byes:
        outcome = {
            "H": Outcome.HALF_BYE,
            "F": Outcome.FULL_BYE,
            "U": Outcome.PAIRING_BYE,
            "Z": Outcome.ZERO_BYE,
        }[kind]
        cells[pid].append(RoundEntry(round_no, None, Color.NONE, outcome))
    return Tournament(
        source_format=SourceFormat.TRF26,
        name="rated test event",
        start_date=start,
        end_date=start,
        pairing_system=PairingSystem.SWISS,
        players=tuple(
            Player(
                id=pid,
                name=f"Player {pid}",
                rating=rating,
                birth_date=birth,
                rounds=tuple(sorted(cells[pid], key=lambda e: e.round)),
                **(extra or {}).get(pid, {}),  # type: ignore[arg-type]
            )
            for pid, (rating, birth) in sorted(players.items())
        ),
    )
