"""The order a Go table ranks by, read from its places, and its knock-out stage.

A table shows columns that are no tie-break (a wins column beside MMS) and lists its
tie-breaks in any order, so the order is the one that reproduces the file's places:
after the primary score, the criterion that separates the most neighbouring places the
right way round and contradicts (almost) none, then the next within what is still
tied. Adjacent places only are compared, so the cost is rows x criteria per step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trfsite.standings.go_fit import FitTable

_MOST_CONTRADICTIONS = 0.05  # a criterion may contradict at most this share of its pairs
_SELDOM = frozenset({"NBW"})


@dataclass(frozen=True, slots=True)
class OrderFit:
    """The criteria in the order that reproduces the places, and how well."""

    order: tuple[str, ...]
    agreeing: int  # neighbouring places the whole order puts the right way round
    contradicting: int  # neighbouring places it puts the wrong way round
    unresolved: int  # neighbours it leaves tied whose places differ


def _neighbours(places: Sequence[int | None]) -> list[tuple[int, int]]:
    """Pairs of rows next to each other in place order (rows without a place left out)."""
    ranked = sorted((p, k) for k, p in enumerate(places) if p is not None)
    return [(a, b) for (_, a), (_, b) in zip(ranked, ranked[1:], strict=False)]


def _compare(
    places: Sequence[int | None], a: int, b: int, values: Sequence[float | None], lower: bool
) -> int:
    """+1 the values put a before b as the places do, -1 the other way, 0 neither tells."""
    va, vb = values[a], values[b]
    if va is None or vb is None:
        return 0
    pa, pb = places[a], places[b]
    if pa == pb:
        return 0 if va == vb else -1  # a shared place: the values must be equal
    if va == vb:
        return 0
    return 1 if (va < vb) == lower else -1


def infer_order(
    places: Sequence[int | None],
    leading: Sequence[Sequence[float | None]],
    candidates: Mapping[str, Sequence[float | None]],
    lower_is_better: frozenset[str] = frozenset(),
) -> OrderFit:
    """The tie-breaks, from ``candidates``, that reproduce ``places`` after ``leading``.

    ``leading``: the values that rank first, best first (the primary score, negated so
    that lower is better, and a knock-out place).
    """
    pairs = _neighbours(places)
    keys = [tuple(v[k] for v in leading) for k in range(len(places))]
    order: list[str] = []
    remaining = dict(candidates)
    while remaining:
        tied = [(a, b) for a, b in pairs if keys[a] == keys[b]]
        if not tied:
            break
        best: tuple[int, int, str] | None = None
        for code, values in remaining.items():
            lower = code in lower_is_better
            verdicts = [_compare(places, a, b, values, lower) for a, b in tied]
            good, bad = verdicts.count(1), verdicts.count(-1)
            if good and bad <= _MOST_CONTRADICTIONS * (good + bad):
                # Equal evidence: a wins column is the least likely tie-break (it is
                # shown beside a McMahon score, seldom ranked by).
                score = (good - 2 * bad, -(code in _SELDOM))
                if best is None or score > best[:2]:
                    best = (*score, code)
        if best is None:
            break
        code = best[2]
        order.append(code)
        values = remaining.pop(code)
        sign = 1.0 if code in lower_is_better else -1.0
        keys = [(*keys[k], _signed(values[k], sign)) for k in range(len(places))]
    # Criteria the places neither need nor contradict (no pair left to tell) and that
    # the file shows after the last one they need stay in the order: OpenGotha's SOSOS
    # after SOS, say; a wins column shown before SOS is no tie-break.
    shown = list(candidates)
    after = shown.index(order[-1]) if order else -1
    for code, values in remaining.items():
        if shown.index(code) < after:
            continue
        lower = code in lower_is_better
        tied = [(a, b) for a, b in pairs if keys[a] == keys[b]]
        if all(_compare(places, a, b, values, lower) >= 0 for a, b in tied):
            order.append(code)
            sign = 1.0 if lower else -1.0
            keys = [(*keys[k], _signed(values[k], sign)) for k in range(len(places))]
    # Rows still tied share a place, which every place within their group fits.
    wrong = sum(
        keys[a] != keys[b] and (places[a] == places[b] or keys[a] > keys[b]) for a, b in pairs
    )
    unresolved = sum(keys[a] == keys[b] and places[a] != places[b] for a, b in pairs)
    return OrderFit(tuple(order), len(pairs) - wrong, wrong, unresolved)


def _signed(value: float | None, sign: float) -> float:
    return sign * value if value is not None else float("inf")


def primary_contradictions(places: Sequence[int | None], values: Sequence[float | None]) -> int:
    """Neighbouring places whose primary scores stand the wrong way round."""
    return sum(
        _compare(places, a, b, values, False) < 0 and places[a] != places[b]
        for a, b in _neighbours(places)
    )


def knockout_start(table: FitTable) -> int | None:
    """The first round of a knock-out that ends the event, from its cells.

    The last round pairs two players (the final), the one before it four, and so on,
    each round's players being the winners of the round before; None without one, and
    None for a lone final (two stages at least: a semi-final and a final).
    """
    paired = [
        {k for k in range(len(table.players)) if table.opponents[k][r] >= 0}
        for r in range(table.rounds)
    ]
    expected, first = 2, None
    for r in range(table.rounds - 1, -1, -1):
        if len(paired[r]) != expected:
            break
        if first is not None:
            winners = {k for k in paired[r] if table.games[k][r] == 1}
            if not paired[first] <= winners:
                break
        first, expected = r, expected * 2
    if first is None or first > table.rounds - 2:
        return None
    return first + 1


def knockout_agrees(places: Sequence[int | None], knockout: Sequence[float]) -> bool:
    """The places never put a player ahead of one who went further in the knock-out."""
    pairs = _neighbours(places)
    told = [_compare(places, a, b, knockout, True) for a, b in pairs if knockout[a] != knockout[b]]
    return bool(told) and told.count(-1) == 0 and len(set(knockout)) > 2
