"""Round numbers named by records (240, 299, 300, 320, 330), kept within the event's.

A team event is reconstructed round by round up to the highest round any record
names: ``240 F 1000000 1`` in a 1.2 KB file took 40 s and 2.3 GB, and ``300 99999``
in FIDE's own team sample 59 s and 2.9 GB. A record may name a round that no cell
reaches yet (a bye announced for next round), but not more rounds than the event
can have: twice the rounds of its cells and record 142 and 10 more, or a double round
robin of its teams (players in an individual event), and never more than MAX_ROUNDS.
A record beyond that is one error naming it, and is not used.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from trfsite.formats.limits import MAX_ROUNDS
from trfsite.formats.trf.fields import Sink, SourceLine
from trfsite.model import (
    AbnormalPoints,
    ByeRecord,
    ForfeitedMatch,
    OutOfOrder,
    PairingByeRecord,
    Player,
    RawRecord,
    Span,
    Team,
)
from trfsite.results import Note

CODE = "record-round-too-high"

T = TypeVar("T", ByeRecord, ForfeitedMatch, OutOfOrder, AbnormalPoints)


def round_bound(event_rounds: int, entrants: int) -> int:
    """The highest round a record may name: twice the event's rounds and 10 more (rounds
    still to come, as the reader's limit on cells), or a double round robin of its
    ``entrants`` (teams or players), within MAX_ROUNDS."""
    return min(max(2 * event_rounds + 10, 2 * max(entrants - 1, 0)), MAX_ROUNDS.limit)


@dataclass(frozen=True, slots=True)
class RoundRecords:
    """The records that name rounds, as read."""

    byes: list[ByeRecord]
    forfeits: list[ForfeitedMatch]
    pairing_byes: list[PairingByeRecord]
    out_of_order: list[OutOfOrder]
    abnormal: list[AbnormalPoints]


def keep_within_rounds(
    found: RoundRecords,
    players: Sequence[Player],
    declared: int | None,
    teams: Sequence[Team],
    lines: Callable[[str], list[SourceLine]],
    sink: Sink,
    kept: list[RawRecord],
) -> RoundRecords:
    """The records within the event's possible rounds; the others are reported and
    kept as raw records (an export writes them back as they were)."""
    event_rounds = max(max((len(p.rounds) for p in players), default=0), declared or 0)
    bound = round_bound(event_rounds, len(teams) or len(players))
    by_line: dict[int, SourceLine] = {}

    def within(records: list[T], record: str) -> list[T]:
        chosen = []
        for item in records:
            where = item.source
            if _reported(record, item.round, where, bound, sink):
                if not by_line:  # the lines' text, only when a record is set aside
                    by_line.update((line.number, line) for code in _CODES for line in lines(code))
                line = by_line.get(where.line)
                if line is not None:
                    kept.append(RawRecord(line.code, line.text, line.span()))
            else:
                chosen.append(item)
        return chosen

    return RoundRecords(
        within(found.byes, "240"),
        within(found.forfeits, "330"),
        [
            dataclasses.replace(pab, teams=cut_to_bound(pab.teams, pab.source, bound, sink))
            for pab in found.pairing_byes
        ],
        within(found.out_of_order, "300"),
        within(found.abnormal, "299"),
    )


_CODES = ("240", "299", "300", "330", "340")


def _reported(record: str, round_no: int, where: Span, bound: int, sink: Sink) -> bool:
    """True, with one error, when ``round_no`` is beyond ``bound``."""
    if round_no <= bound:
        return False
    sink.error(
        CODE,
        where.line,
        1,
        Note(
            "record {record} names round {round:,}; expected a round from 1 to {most} "
            "(twice the event's rounds and 10 more, or a double round robin of its teams "
            "or players): the record is not used",
            record=record,
            round=round_no,
            most=bound,
        ),
    )
    return True


def cut_to_bound(
    teams: tuple[int | None, ...], where: Span, bound: int, sink: Sink
) -> tuple[int | None, ...]:
    """Record 320's list of one team per round, cut to ``bound`` (one error if longer)."""
    if len(teams) <= bound:
        return teams
    sink.error(
        CODE,
        where.line,
        1,
        Note(
            "record 320 lists {count:,} rounds; expected at most {most} (twice the event's "
            "rounds and 10 more, or a double round robin of its teams): the rounds after "
            "round {most} are not used",
            count=len(teams),
            most=bound,
        ),
    )
    return teams[:bound]
