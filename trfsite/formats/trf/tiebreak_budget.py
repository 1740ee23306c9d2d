"""Record 202/212 lists at most MAX_TIEBREAKS different tie-breaks.

Each tie-break is a column of every standings table and a line of every player's
explanations: a 44 KB file whose 202 record listed 940 variants made 293 MB of
pages and took 1.25 GB to explain. Repeats cost nothing (the engines skip them);
different codes beyond the budget are one error, and the first ones are used.
"""

from __future__ import annotations

from trfsite.formats.limits import MAX_TIEBREAKS
from trfsite.formats.trf.fields import Sink, SourceLine
from trfsite.results import Note


def within_tiebreak_budget(codes: list[str], line: SourceLine, sink: Sink) -> list[str]:
    """``codes`` up to the MAX_TIEBREAKS-th different one (by upper case)."""
    distinct = list(dict.fromkeys(code.upper() for code in codes))
    if len(distinct) <= MAX_TIEBREAKS.limit:
        return codes
    kept = set(distinct[: MAX_TIEBREAKS.limit])
    sink.error(
        MAX_TIEBREAKS.code,
        line.number,
        5,
        Note(
            "record {record} lists {count:,} different tie-breaks; expected at most "
            "{limit}: the first {limit} are used",
            record=line.code,
            count=len(distinct),
            limit=MAX_TIEBREAKS.limit,
        ),
    )
    return [code for code in codes if code.upper() in kept]
