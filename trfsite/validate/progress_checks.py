"""Pending rounds: results not in yet are news (info), not mistakes.

:func:`trfsite.progress.round_progress` decides which rounds are pending; a
missing result in a round up to the last complete one is a forgotten result.
"""

from __future__ import annotations

from trfsite.findings import Capped, Finding, Severity
from trfsite.formats.limits import MAX_FINDINGS_PER_CODE
from trfsite.model import Game, Tournament
from trfsite.progress import announced, result_missing, round_progress
from trfsite.results import Note
from trfsite.validate.structure import cell_span, finding


def check_pending_rounds(t: Tournament, name: str) -> list[Finding]:
    """One info per pending round; a warning per missing result before it."""
    if t.game is Game.GO:
        return []  # EGF's '?' is a result of its own (egf_checks reads it)
    progress = round_progress(t)
    pending_rounds = progress.pending_rounds  # a set: a damaged file has hundreds of them
    out = Capped(MAX_FINDINGS_PER_CODE.limit)
    first_missing: dict[int, Finding] = {}
    first_cell: dict[int, Finding] = {}
    for player in t.players:
        for entry in player.rounds:
            if entry.round in pending_rounds and announced(entry):
                # Point at the first missing result, else at the first bye known ahead.
                first = first_missing if result_missing(entry) else first_cell
                if entry.round not in first:
                    span = cell_span(player, entry)
                    first[entry.round] = Finding(
                        Severity.INFO, "", Note(""), name, span.line, span.column + 7
                    )
                continue
            # Built only while kept: a damaged file has a missing result in every cell.
            if not result_missing(entry) or not out.wants("round-result-missing"):
                continue
            span = cell_span(player, entry)
            out.add(
                finding(
                    Severity.WARNING,
                    "round-result-missing",
                    Note(
                        "round {round}'s cell {raw!r} names an opponent but has no "
                        "result, though later rounds are complete; expected a result: it was read "
                        "as an unknown result (record 162's X)",
                        round=entry.round,
                        raw=entry.raw,
                    ),
                    name,
                    type(span)(span.line, span.column + 7 if span.line else 0),
                )
            )
    after = (
        Note("after round {round}", round=progress.complete)
        if progress.complete
        else Note("before round 1")
    )
    for pending in progress.pending:
        where = first_missing.get(pending.round) or first_cell.get(pending.round)
        if pending.games == 0:
            what = Note(
                "round {round} is not paired yet; only its byes are known", round=pending.round
            )
        elif pending.missing == pending.games:
            what = Note(
                "round {round} is in progress: none of its {games} games has a result yet",
                round=pending.round,
                games=pending.games,
            )
        else:
            what = Note(
                "round {round} is in progress: {missing} of its {games} games have no result yet",
                round=pending.round,
                missing=pending.missing,
                games=pending.games,
            )
        out.add(
            Finding(
                Severity.INFO,
                "round-pending",
                Note(
                    "{what}; the standings are those {after}, and declared points are checked "
                    "against the complete rounds",
                    what=what,
                    after=after,
                ),
                name,
                where.line if where else 0,
                where.column if where else 0,
            )
        )
    return out.kept()
