"""Generated Swiss events (every kind of bye, forfeits, withdrawals): invariants that must hold.

No expected numbers here (those are worked out by hand elsewhere); these
check relations every correct engine satisfies, on events too big to do by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from trfsite.formats import read_bytes
from trfsite.scoring.context import build_context
from trfsite.scoring.registry import resolve

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from generate import generate_individual_swiss  # noqa: E402

SUMS = ("BH", "FB", "SB", "PS", "KS", "STD", "WIN", "WON", "BPG", "BWG")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("rules", ["2023", "2026"])
def test_invariants(seed: int, rules: str) -> None:
    result = read_bytes(generate_individual_swiss(41, 7, seed).encode(), "gen.trf")
    t = result.tournament
    assert t is not None
    fast = build_context(t, t.rounds, rules, True, 1500, explain=False)
    slow = build_context(t, t.rounds, rules, True, 1500, explain=True)

    def run(code: str, ctx):  # type: ignore[no-untyped-def]
        spec, tb = resolve(code)
        assert tb.compute is not None
        return tb.compute(ctx, spec)

    for code in (
        "BH",
        "BH-C1",
        "BH-C2",
        "BH-M1",
        "SB",
        "SB-C1",
        "FB",
        "PS",
        "PS-C1",
        "KS",
        "STD",
        "WIN",
        "WON",
        "BPG",
        "BWG",
        "GE",
        "AOB",
        "ARO",
        "TPR",
        "PTP",
        "APRO",
    ):
        quick, explained = run(code, fast), run(code, slow)
        assert quick.values == explained.values, code
        assert explained.explanations is not None
        if code in SUMS:  # the value is the sum of the contributions not cut
            for e in explained.explanations:
                kept = sum(c.value or 0 for c in e.contributions if not c.cut)
                assert kept == pytest.approx(e.value), code
    bh, c1, c2, m1 = (run(c, fast).values for c in ("BH", "BH-C1", "BH-C2", "BH-M1"))
    for whole, one, two, median in zip(bh, c1, c2, m1, strict=True):
        assert whole is not None and one is not None and two is not None and median is not None
        assert two <= one <= whole and median <= one
    # In 2023 every unplayed round's dummy has the own score; 2026 only ever caps it.
    if rules == "2026":
        old = build_context(t, t.rounds, "2023", True)
        spec, tb = resolve("BH")
        assert tb.compute is not None
        for new, before in zip(bh, tb.compute(old, spec).values, strict=True):
            assert new is not None and before is not None and new <= before
    # STD and GE stay within the number of rounds.
    for std, ge in zip(run("STD", fast).values, run("GE", fast).values, strict=True):
        assert std is not None and ge is not None
        assert 0 <= std <= t.rounds and 0 <= ge <= t.rounds
