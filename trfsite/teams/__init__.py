"""Team events: matches rebuilt from the TRF records, and individual results inside them."""

from trfsite.teams.data import (
    Board,
    Match,
    RoundKind,
    TeamBye,
    TeamEventData,
    TeamRound,
)
from trfsite.teams.matches import reconstruct_matches

__all__ = [
    "Board",
    "Match",
    "RoundKind",
    "TeamBye",
    "TeamEventData",
    "TeamRound",
    "reconstruct_matches",
]
