"""What a user may choose about how standings are computed.

One options object serves every engine (individual, team, Go); each reads the
fields that concern it. The CLI and the site config both fill it in.
"""

from __future__ import annotations

from trfsite.model.frozen import frozen_record


@frozen_record
class StandingsOptions:
    """What the user asked of the standings (the CLI options, the site's settings)."""

    # The tie-break list as spelled by the user (None: from the file, then the default).
    tiebreaks: tuple[str, ...] | None = None
    rules: str = "auto"  # "auto", "pre2023", "2023" or "2026"
    after_round: int | None = None  # None: every round in the file
    unrated_rating: int | None = None  # rating assumed for unrated players (Art. 10)
    system: str | None = None  # "swiss", "round-robin", "mcmahon"; None: from the file
    individual: bool = False  # team events: rank the players instead of the teams
    # "cells": points from the round cells; "declared": the players' totals in columns
    # 81-84 where they contradict the cells (team game points follow them).
    points_source: str = "cells"
    # "computed": rank by points and tie-breaks; "declared": the final standings in the
    # order and with the ranks of columns 86-89, the computed values beside them.
    ranks_source: str = "computed"
    explain: bool = False  # record per-round contributions for every value
    # With ``explain``: the ids of the only players whose rows get explanations (the
    # cards one page worker builds); None: every row. Individual chess events only.
    explained: frozenset[int] | None = None
    # Go (EGF)
    go_bar: str | None = None  # McMahon bar grade, e.g. "3d"; None: no bar
    go_floor: str | None = None  # McMahon floor grade, e.g. "20k"; None: no floor
    go_round_down_free_points: bool | None = None  # None: infer from the file's MMS column
    # The meaning of the file's score columns, in order ("-" skips one); None: the
    # header's names, and for unnamed columns what their numbers show.
    go_columns: tuple[str, ...] | None = None
    # Conventions other programs use (None: what the file's own columns show, else
    # OpenGotha's; see trfsite.scoring.go and trfsite.go_columns):
    go_free_draw_points: float | None = None  # what '0=' adds: 0.5 or 0
    go_bye_in_sos: str | None = None  # "start", "zero" or "own" (ByeInSos)
    go_handicap_adjusted_sos: bool = True  # opponent's MMS +h if white, -h if black
    go_sos_cut_highest: bool = False  # SOS-1/-2 drop the highest values (pairgoth)
