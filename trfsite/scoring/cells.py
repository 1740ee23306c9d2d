"""What one round was for one participant: the vocabulary of the scoring context.

It sits below ``context`` and ``unplayed`` so that both can use it without
importing each other.
"""

from __future__ import annotations

import enum

from trfsite.results import Note


class Cell(enum.IntEnum):
    """What one round was for one participant, after normalisation."""

    PLAYED = 0
    FORFEIT_WIN = 1
    FORFEIT_LOSS = 2
    PAIRING_BYE = 3
    FULL_BYE = 4
    HALF_BYE = 5
    ZERO_BYE = 6


CELL_LABELS = {
    Cell.PLAYED: Note("game"),
    Cell.FORFEIT_WIN: Note("forfeit win"),
    Cell.FORFEIT_LOSS: Note("forfeit loss"),
    Cell.PAIRING_BYE: Note("pairing-allocated bye"),
    Cell.FULL_BYE: Note("full-point bye"),
    Cell.HALF_BYE: Note("half-point bye"),
    Cell.ZERO_BYE: Note("zero-point bye"),
}
