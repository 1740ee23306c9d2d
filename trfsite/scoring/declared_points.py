"""``points_source``: the round cells, or the totals the file declares (columns 81-84).

Some exporters' published standings follow the declared totals where these
contradict the cells (a forfeit win counted in one and missing in the other).
Validation reports every contradiction; this only lets an event be ranked the
way it was published, and says so in the notes.
"""

from __future__ import annotations

from trfsite.model import Tournament
from trfsite.results import Note
from trfsite.scoring.context import EventContext

POINTS_SOURCES = ("cells", "declared")
_EPS = 1e-9


def declared_differences(t: Tournament, computed: dict[int, float]) -> dict[int, float]:
    """Per player id, declared total minus ``computed`` where they differ."""
    found: dict[int, float] = {}
    for player in t.players:
        if player.declared_points is None or player.id not in computed:
            continue
        difference = player.declared_points - computed[player.id]
        if abs(difference) > _EPS:
            found[player.id] = difference
    return found


def points_source_note(source: str, differences: dict[int, float], team: bool) -> Note | None:
    """The note on the standings page saying which points were used (None: they agree)."""
    if not differences:
        return None
    ids = ", ".join(str(pid) for pid in sorted(differences))
    if source == "declared":
        template = (
            "Team game points follow the players' declared totals (columns 81-84, "
            'points_source = "declared"), which contradict the round cells for player(s) '
            "{ids}; the validation report lists each contradiction."
            if team
            else "Points are the players' declared totals (columns 81-84, points_source = "
            '"declared"), which contradict the round cells for player(s) {ids}; the '
            "validation report lists each contradiction."
        )
    else:
        template = (
            'Points come from the round cells (points_source = "cells"); player(s) {ids} '
            "declare other totals in columns 81-84 (see the validation report). Use "
            'points_source = "declared" to rank by the declared totals.'
        )
    return Note(template, ids=ids)


def apply_points_source(
    t: Tournament, ctx: EventContext, source: str, complete: bool
) -> Note | None:
    """Individual events. Declared totals are final: earlier rounds keep the cells."""
    if not complete:
        return None
    differences = declared_differences(t, {pid: ctx.score[i] for i, pid in enumerate(ctx.ids)})
    if source == "declared" and differences:
        ctx.add_bonus(differences)
    return points_source_note(source, differences, team=False)
