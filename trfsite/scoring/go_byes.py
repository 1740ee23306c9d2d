"""How a Go table counts its rounds without an opponent, kind by kind.

Programs differ, and one table may count its ``0+`` (a free win), ``0=`` (a free
round worth ½) and ``0-`` (nothing, or not paired) rounds differently from each other:
what such a round adds to the score and to a wins column, and which virtual opponent
SOS and SOSOS count for it. OpenGotha's rules are the defaults.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import click

from trfsite.model import Outcome, RoundEntry

HALF = 0.5  # what '0=' adds by the EGF's description and OpenGotha
FULL_BYE, HALF_BYE, ZERO_BYE, OTHER = "0+", "0=", "0-", "?"
BYE_KINDS = (FULL_BYE, HALF_BYE, ZERO_BYE, OTHER)  # rounds without an opponent, by kind
_KIND_OF = {Outcome.FULL_BYE: FULL_BYE, Outcome.HALF_BYE: HALF_BYE, Outcome.ZERO_BYE: ZERO_BYE}
_DEFAULT_POINTS = {FULL_BYE: 1.0, HALF_BYE: HALF, ZERO_BYE: 0.0, OTHER: 0.0}


class ByeInSos(enum.Enum):
    """What a round without an opponent adds to SOS: the score of a virtual opponent."""

    START = "start"  # own start MMS in McMahon, 0 in Swiss (OpenGotha)
    ZERO = "zero"  # (also a "ghost" player of score 0, whose SOS may count in SOSOS)
    OWN = "own"  # the player's own final score
    OWN_MINUS = "own-minus-bye"  # own final score less the points of the bye itself
    FIXED = "fixed"  # half the rounds, rounded down


class ByeInSosos(enum.Enum):
    """What a round without an opponent adds to SOSOS: the virtual opponent's SOS."""

    START = "start"  # own start MMS x rounds in McMahon, 0 in Swiss (OpenGotha)
    ZERO = "zero"
    OWN = "own"  # the player's own SOS
    GHOST = "ghost"  # the ghost's SOS: the scores of every player who met it (this kind)
    FIXED = "fixed"  # rounds x half the rounds, rounded down


# What SOSOS adds by default under each SOS convention (the settings name SOS's only).
SOSOS_OF = {
    ByeInSos.START: ByeInSosos.START,
    ByeInSos.ZERO: ByeInSosos.ZERO,
    ByeInSos.OWN: ByeInSosos.OWN,
    ByeInSos.OWN_MINUS: ByeInSosos.OWN,
    ByeInSos.FIXED: ByeInSosos.FIXED,
}


@dataclass(frozen=True, slots=True)
class ByeRule:
    """How one kind of round without an opponent counts."""

    points: float  # added to the score (MMS, or NBW in Swiss)
    wins: float  # added to a wins column (McMahon tables may count it differently)
    sos: ByeInSos = ByeInSos.START
    sosos: ByeInSosos = ByeInSosos.START


def default_byes(
    free_draw: float = HALF, bye_in_sos: ByeInSos = ByeInSos.START
) -> dict[str, ByeRule]:
    """One rule for every kind: OpenGotha's, with what '0=' adds and SOS's convention."""
    points = {**_DEFAULT_POINTS, HALF_BYE: free_draw}
    sosos = SOSOS_OF[bye_in_sos]
    return {kind: ByeRule(points[kind], points[kind], bye_in_sos, sosos) for kind in BYE_KINDS}


def bye_kind(entry: RoundEntry | None) -> str:
    """The kind of a round without an opponent: 0+, 0=, 0- or ? (anything else)."""
    return _KIND_OF.get(entry.outcome, OTHER) if entry is not None else ZERO_BYE


def find_bye_in_sos(name: str) -> ByeInSos:
    for convention in ByeInSos:
        if convention.value == name:
            return convention
    known = ", ".join(c.value for c in ByeInSos)
    raise click.ClickException(f"unknown SOS convention for byes {name!r}; known: {known}")
