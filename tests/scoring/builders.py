"""Build small Tournament objects for tie-break tests from compact crosstables.

Each player's rounds are written as tokens: ``3w1`` (opponent 3, white, won),
``4b=`` (drew with black), ``2w+`` / ``2b-`` (forfeit win / loss), ``5w--``
is not used: a double forfeit is ``5w-`` on both sides. Byes: ``U`` (pairing-
allocated), ``F`` (full-point), ``H`` (half-point), ``Z`` (zero-point); ``.``
leaves the cell out (a withdrawal). :func:`event` checks that both sides of
every pairing agree, so a typo in a test event fails loudly.
"""

from __future__ import annotations

import datetime as dt
import re

from trfsite.model import (
    AbnormalPoints,
    Color,
    Outcome,
    PairingSystem,
    Player,
    RoundEntry,
    ScoringSystem,
    SourceFormat,
    Tournament,
)

_GAME = re.compile(r"^(\d+)([wb])([10=+\-WDL])$")
_BYES = {
    "U": Outcome.PAIRING_BYE,
    "F": Outcome.FULL_BYE,
    "H": Outcome.HALF_BYE,
    "Z": Outcome.ZERO_BYE,
}
_PAIRS = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def cells(text: str) -> tuple[RoundEntry, ...]:
    found = []
    for r, token in enumerate(text.split(), start=1):
        if token == ".":
            continue
        if token in _BYES:
            found.append(RoundEntry(r, None, Color.NONE, _BYES[token], raw=token))
            continue
        m = _GAME.match(token)
        if not m:
            raise ValueError(f"bad round token {token!r}")
        color = Color.WHITE if m.group(2) == "w" else Color.BLACK
        found.append(RoundEntry(r, int(m.group(1)), color, Outcome(m.group(3)), raw=token))
    return tuple(found)


def event(
    rows: dict[int, str],
    *,
    ratings: dict[int, int | None] | None = None,
    start: dt.date | None = dt.date(2025, 5, 1),
    system: PairingSystem | None = PairingSystem.SWISS,
    scoring: ScoringSystem | None = None,
    tiebreaks: tuple[str, ...] = (),
    abnormal: tuple[AbnormalPoints, ...] = (),
    rounds: int | None = None,
) -> Tournament:
    players = tuple(
        Player(
            id=pid,
            name=f"Player {pid}",
            rating=(ratings or {}).get(pid, 2000 - 10 * pid),
            rounds=cells(text),
        )
        for pid, text in sorted(rows.items())
    )
    _check_mirrors(players)
    return Tournament(
        source_format=SourceFormat.TRF26,
        name="test event",
        start_date=start,
        players=players,
        pairing_system=system,
        scoring=scoring or ScoringSystem(),
        tiebreaks=tiebreaks,
        abnormal_points=abnormal,
        declared_rounds=rounds,
    )


def _check_mirrors(players: tuple[Player, ...]) -> None:
    index = {p.id: p for p in players}
    for p in players:
        for cell in p.rounds:
            if cell.opponent is None:
                continue
            other = index[cell.opponent].entry(cell.round)
            if other is None or other.opponent != p.id:
                raise ValueError(f"round {cell.round}: {p.id} vs {cell.opponent} not mirrored")
            want = _PAIRS[cell.outcome.value]
            if cell.outcome is Outcome.FORFEIT_LOSS and other.outcome is Outcome.FORFEIT_LOSS:
                continue  # double forfeit
            if other.outcome.value != want or other.color is cell.color:
                raise ValueError(f"round {cell.round}: {p.id} vs {cell.opponent} disagree")
