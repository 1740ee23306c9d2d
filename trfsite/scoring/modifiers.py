"""Cut and median modifiers (C.07 14.1-14.4) with the unplayed-round exception (16.5).

Values are cut one at a time: first the least significant ones (Cut-1,
Cut-2, and the low half of Median-1/-2), then the most significant ones (the
high half of a median, "in that order", 14.3). For every low cut, if the
participant has contributions from forfeit losses or requested byes (16.2
categories 3-5) still in the sum, the lowest of those is cut instead of the
least significant value, unless it is lower than that value (16.5); each
further cut applies the same rule again.

The least significant value is the smallest by ``keys`` (for Sonneborn-Berger
the opponent's score, then the worse result, 14.1.1 d); ties go to the
earliest round so that the output is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import NamedTuple

from trfsite.results import N_, Contribution, Note

LEAST_SIGNIFICANT = Note("C.07 14.1: least significant value")
MOST_SIGNIFICANT = Note("C.07 14.3: most significant value")


class Cut(NamedTuple):
    """One value a cut or median modifier removes, and why."""

    position: int  # index into the values
    why: str


def choose_cuts(
    values: Sequence[float],
    low: int,
    high: int,
    keys: Sequence[tuple[float, float]] | None = None,
    cut_first: Sequence[bool] | None = None,
    reasons: bool = True,
) -> list[Cut]:
    """Which values a Cut/Median modifier removes, and why (C.07 14, 16.5).

    Without ``reasons`` (values only, no explanation) the 16.5 notes are not written.
    """
    return [Cut(k, why) for k, why in _cuts(values, low, high, keys, cut_first, reasons)]


def _cuts(
    values: Sequence[float],
    low: int,
    high: int,
    keys: Sequence[tuple[float, float]] | None,
    cut_first: Sequence[bool] | None,
    reasons: bool,
) -> list[tuple[int, str]]:
    """(position, why) of each cut, in order. Among equal keys the earliest position is
    cut: min() and max() keep the first of equals, and positions are scanned in order."""
    if not low and not high:
        return []
    # Values alone are ordered by value (what keys (v, v) would give).
    key = keys.__getitem__ if keys is not None else values.__getitem__
    value = values.__getitem__
    alive = list(range(len(values)))
    cuts: list[tuple[int, str]] = []
    for _ in range(low):
        if not alive:
            break
        least = min(alive, key=key)
        chosen, why = least, LEAST_SIGNIFICANT
        candidates = [k for k in alive if cut_first[k]] if cut_first else []
        if candidates:
            lowest = min(candidates, key=value)
            if not reasons:
                chosen = lowest if values[lowest] >= values[least] else least
            elif values[lowest] >= values[least]:
                chosen = lowest
                why = Note(
                    N_(
                        "C.07 16.5: lowest contribution from a forfeit loss or requested bye, "
                        "cut instead of the least significant value"
                    )
                    if lowest != least
                    else N_("C.07 16.5: unplayed round (forfeit loss or requested bye) cut first")
                )
            else:
                why = Note(
                    "C.07 14.1: least significant value (16.5 does not apply: the unplayed "
                    "contribution {unplayed:g} is lower than {least:g})",
                    unplayed=values[lowest],
                    least=values[least],
                )
        alive.remove(chosen)
        cuts.append((chosen, why))
    for _ in range(high):
        if not alive:
            break
        most = max(alive, key=key)
        alive.remove(most)
        cuts.append((most, MOST_SIGNIFICANT))
    return cuts


def cut_total(
    values: Sequence[float],
    low: int,
    high: int,
    keys: Sequence[tuple[float, float]] | None = None,
    cut_first: Sequence[bool] | None = None,
) -> tuple[float, list[Cut]]:
    """Sum of the values left after the cuts, and the cuts themselves."""
    cuts = choose_cuts(values, low, high, keys, cut_first)
    return sum(values) - sum(values[c.position] for c in cuts), cuts


def cut_sum(
    values: Sequence[float],
    low: int,
    high: int,
    keys: Sequence[tuple[float, float]] | None = None,
    cut_first: Sequence[bool] | None = None,
) -> float:
    """The same total as :func:`cut_total`, without recording which values went."""
    if keys is None and not (cut_first and any(cut_first)):
        ordered = sorted(values)  # cutting by value alone: the ends of the sorted list
        return sum(ordered[low : len(ordered) - high])
    if keys is None and low == 1 and high <= 1 and cut_first:
        # Cut-1 (BH-C1, the usual first tie-break of a Swiss) or Median-1 (BH-M1) with an
        # unplayed round to cut first: 16.5 takes the lowest such contribution, which can
        # never be lower than the least value of all, so it is always the one cut; the
        # median's high cut then takes the greatest value left.
        lowest = min(compress(values, cut_first))
        if not high or len(values) == 1:
            return sum(values) - lowest
        left = list(values)
        left.remove(lowest)
        return sum(values) - (lowest + max(left))
    cuts = _cuts(values, low, high, keys, cut_first, reasons=False)
    return sum(values) - sum(values[k] for k, _ in cuts)


def mark_cuts(contributions: list[Contribution], cuts: list[Cut]) -> list[Contribution]:
    """Contributions with the cut ones flagged (aligned with the values list)."""
    if not cuts:
        return contributions
    marked = list(contributions)
    for cut in cuts:
        c = marked[cut.position]
        marked[cut.position] = Contribution(c.round, c.value, c.label, True, cut.why)
    return marked


def cut_note(spec_short: str, low: int, high: int) -> str:
    if not low and not high:
        return ""
    parts = []
    if low:
        parts.append(f"{low} least significant")
    if high:
        parts.append(f"{high} most significant")
    return f"{spec_short}: drops the {' and the '.join(parts)} value(s) (C.07 14)"
