"""Small events for the norm tests: one candidate (start number 1) and the opponents
of each round, written row by row as an arbiter reads a norm certificate."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from trfsite.model import (
    Color,
    Outcome,
    PairingSystem,
    Player,
    RoundEntry,
    SourceFormat,
    Tournament,
)
from trfsite.norms.event import NormsReport, event_norms
from trfsite.norms.settings import DEFAULT_SETTINGS, NormSettings

_OTHER_SIDE = {
    "1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D", "?": "?",
}  # fmt: skip
_BYES = {
    "H": Outcome.HALF_BYE,
    "F": Outcome.FULL_BYE,
    "U": Outcome.PAIRING_BYE,
    "Z": Outcome.ZERO_BYE,
}


@dataclass(frozen=True)
class Opp:
    """One round's opponent and the candidate's result (``?``: paired, no result yet)."""

    rating: int | None
    title: str = ""
    federation: str = "HUN"
    result: str = "1"


@dataclass(frozen=True)
class Candidate:
    rating: int | None = 2350
    title: str = ""
    federation: str = "GER"
    sex: str = "m"


def _outcome(letter: str) -> Outcome:
    return Outcome.UNKNOWN if letter == "?" else Outcome(letter)


def norm_event(
    rows: Sequence[Opp | str],
    candidate: Candidate = Candidate(),
    *,
    start: dt.date | None = dt.date(2025, 3, 1),
    rounds: int | None = None,
    host: str = "",
    field: Sequence[Player] = (),
) -> Tournament:
    """Round r is ``rows[r - 1]``: an opponent met then (each a player of their own), or
    a bye letter (H, F, U, Z). ``rounds``: the declared rounds (a live event declares
    more than are played). ``field``: more players, with their own cells."""
    cells: list[RoundEntry] = []
    others: list[Player] = []
    for round_no, row in enumerate(rows, start=1):
        if isinstance(row, str):
            cells.append(RoundEntry(round_no, None, Color.NONE, _BYES[row]))
            continue
        pid = len(others) + 2
        cells.append(RoundEntry(round_no, pid, Color.WHITE, _outcome(row.result)))
        back = RoundEntry(round_no, 1, Color.BLACK, _outcome(_OTHER_SIDE[row.result]))
        others.append(
            Player(
                pid, f"Opponent {pid}", "m", row.title, row.rating, row.federation, rounds=(back,)
            )
        )
    first = Player(
        1,
        "Candidate, Carla" if candidate.sex == "w" else "Candidate, Carl",
        candidate.sex,
        candidate.title,
        candidate.rating,
        candidate.federation,
        fide_id="1234567",
        rounds=tuple(cells),
    )
    return Tournament(
        source_format=SourceFormat.TRF26,
        name="Norm test open",
        federation=host,
        start_date=start,
        end_date=start,
        declared_rounds=rounds,
        pairing_system=PairingSystem.SWISS,
        players=(first, *others, *field),
    )


def check(
    t: Tournament, settings: NormSettings = DEFAULT_SETTINGS, round_robin: bool = False
) -> NormsReport:
    return event_norms(t, round_robin, settings)


def norm_of(report: NormsReport, player_id: int = 1) -> str:
    """The code of the player's norm ("" for none)."""
    return next((n.rule.code for n in report.norms if n.player.id == player_id), "")


FEDS_THREE = ("HUN", "FRA", "ESP") * 3


def nine(rating: int, title: str = "GM", results: str = "111111100") -> list[Opp]:
    """Nine opponents of one rating and title from three federations, three each."""
    feds = ("HUN", "FRA", "ESP") * 3
    return [Opp(rating, title, fed, r) for fed, r in zip(feds, results, strict=True)]
