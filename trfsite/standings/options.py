"""What a user may choose about how standings are computed.

One options object serves every engine (individual, team, Go); each reads the
fields that concern it. The CLI and the site config both fill it in.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StandingsOptions:
    # The tie-break list as spelled by the user (None: from the file, then the default).
    tiebreaks: tuple[str, ...] | None = None
    rules: str = "auto"  # "auto", "2023" or "2026"
    after_round: int | None = None  # None: every round in the file
    unrated_rating: int | None = None  # rating assumed for unrated players (Art. 10)
    system: str | None = None  # "swiss" or "round-robin"; None: detect from 092/192
    individual: bool = False  # team events: rank the players instead of the teams
    explain: bool = False  # record per-round contributions for every value
    # Go (EGF)
    go_bar: str | None = None  # McMahon bar grade, e.g. "3d"; None: no bar
    go_floor: str | None = None  # McMahon floor grade, e.g. "20k"; None: no floor
    go_round_down_free_points: bool | None = None  # None: infer from the file's MMS column
    # Conventions other programs use (defaults are OpenGotha's; see trfsite.scoring.go):
    go_handicap_adjusted_sos: bool = True  # opponent's MMS +h if white, -h if black
    go_unplayed_counts_start: bool = True  # a round without opponent: own start MMS (else 0)
    go_sos_cut_highest: bool = False  # SOS-1/-2 drop the highest values (pairgoth)
