"""The fast path (no explanations) and the explained path give the same values."""

from __future__ import annotations

import pytest

from trfsite.model import PairingSystem, Tournament
from trfsite.scoring.context import UNEXPLAINED, build_context
from trfsite.scoring.registry import resolve

from .events import bye_event, forfeit_event, rated_event, round_robin_event

CODES = (
    "BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "BH/C1/P", "FB", "FB-C1", "BH/F/M1", "AOB",
    "AOB-C1", "SB", "SB-C1", "SB-M1", "SB/F", "PS", "PS-C1", "KS", "ARO-C1", "APRO", "STD",
)  # fmt: skip


@pytest.mark.parametrize("factory", [bye_event, forfeit_event, round_robin_event, rated_event])
@pytest.mark.parametrize("rules", ["2023", "2026"])
def test_same_values_with_and_without_explanations(factory, rules: str) -> None:  # type: ignore[no-untyped-def]
    t: Tournament = factory()
    swiss = t.pairing_system is not PairingSystem.ROUND_ROBIN
    fast = build_context(t, t.rounds, rules, swiss, explain=False)
    slow = build_context(t, t.rounds, rules, swiss, explain=True)
    for code in CODES:
        spec, tb = resolve(code)
        assert tb.compute is not None
        quick = tb.compute(fast, spec)
        explained = tb.compute(slow, spec)
        assert quick.explanations is None
        assert quick.values == explained.values, code
        assert explained.explanations is not None
        assert [e.value for e in explained.explanations] == explained.values, code


# Every individual tie-break with a compute function, as each player-loop spells it.
EVERY = (
    *CODES, "WIN", "WON", "BPG", "BWG", "GE", "REP", "TPN", "RTNG", "ARO", "TPR", "PTP",
    "APPO", "AOB/F",
)  # fmt: skip


@pytest.mark.parametrize("factory", [bye_event, forfeit_event, round_robin_event, rated_event])
@pytest.mark.parametrize("rules", ["2023", "2026"])
def test_explaining_some_players_explains_them_as_explaining_all(factory, rules: str) -> None:  # type: ignore[no-untyped-def]
    """A page worker explains only its cards' players: their explanations are the very
    ones made for everyone, the values are the same, and the others get UNEXPLAINED."""
    t: Tournament = factory()
    swiss = t.pairing_system is not PairingSystem.ROUND_ROBIN
    ids = sorted(p.id for p in t.players)
    chosen = frozenset(ids[::2])
    every = build_context(t, t.rounds, rules, swiss, explain=True)
    some = build_context(t, t.rounds, rules, swiss, explain=True, explained=chosen)
    for code in EVERY:
        spec, tb = resolve(code)
        assert tb.compute is not None
        full = tb.compute(every, spec)
        part = tb.compute(some, spec)
        assert part.values == full.values, code
        assert full.explanations is not None and part.explanations is not None
        for pid, mine, theirs in zip(some.ids, part.explanations, full.explanations, strict=True):
            if pid in chosen:
                assert mine == theirs, (code, pid)
                assert mine.notes == theirs.notes, (code, pid)
                assert [c.label for c in mine.contributions] == [
                    c.label for c in theirs.contributions
                ], (code, pid)
            else:
                assert mine is UNEXPLAINED, (code, pid)
