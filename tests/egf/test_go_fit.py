"""The inference's own evaluator (standings/go_fit.py) computes what the engine does.

The column reading tries many conventions and computes each criterion without
explanations; the standings use trfsite.scoring.go. Both must give the same numbers
under every convention, or a reading found by one would be ranked by the other.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from egf_helpers import tournament
from test_detective import BYES, GHOST, KNOCKOUT, PLAYOFF, table

from trfsite.model import Tournament
from trfsite.scoring.go import find_go_tiebreak
from trfsite.scoring.go_byes import BYE_KINDS, ByeInSos, ByeInSosos, ByeRule
from trfsite.scoring.go_context import build_go_context
from trfsite.standings.go_fit import FitTable, GoConventions, evaluate

CODES = ("MMS", "NBW", "SOS", "SOS-1", "SOS-2", "SOSOS", "SODOS", "CUSS", "KO")


def readings() -> list[GoConventions]:
    out = []
    for sos, sosos, half, wins, down, cut in itertools.product(
        ByeInSos, ByeInSosos, (0.5, 0.0), (1.0, 0.0), (False, True), (False, True)
    ):
        rules = {kind: ByeRule(1.0 if kind == "0+" else 0.0, 0.0, sos, sosos) for kind in BYE_KINDS}
        rules["0+"] = replace(rules["0+"], wins=wins)
        rules["0="] = ByeRule(half, half, sos, sosos)
        out.append(
            GoConventions(
                round_down=down, cut_highest=cut, byes=tuple(rules.items()), handicap_adjusted=cut
            )
        )
    return out[::7]  # a spread of the combinations, every value of each taken


def engine(
    t: Tournament, c: GoConventions, start: list[float], rounds: int
) -> dict[str, list[float]]:
    ids = [p.id for p in t.players]
    full = build_go_context(
        t.players,
        t.rounds,
        c.mcmahon,
        dict(zip(ids, start, strict=True)),
        c.round_down,
        handicap_adjusted=c.handicap_adjusted,
        byes=c.rules(),
        cut_highest=c.cut_highest,
        explain=False,
        knockout_from=c.knockout_from,
    )
    ctx = build_go_context(
        t.players,
        rounds,
        c.mcmahon,
        dict(zip(ids, start, strict=True)),
        c.round_down,
        handicap_adjusted=c.handicap_adjusted,
        byes=c.rules(),
        cut_highest=c.cut_highest,
        explain=False,
    )
    out = {}
    for code in CODES:
        compute = find_go_tiebreak(code).compute
        assert compute is not None
        own = full if code in ("MMS", "NBW", "KO") else ctx
        out[code] = [compute(own, i).value for i in ids]
    return out


@pytest.mark.parametrize(
    "t",
    [
        table(BYES),
        table(GHOST),
        table(PLAYOFF),
        table(KNOCKOUT),
        tournament("hand-cup-latin1.h9"),
        tournament("opengotha-tournoi-chinois.h9"),
    ],
    ids=["byes", "ghost", "playoff", "knockout", "hand-cup", "tournoi-chinois"],
)
@pytest.mark.parametrize("mcmahon", [True, False])
def test_the_evaluator_and_the_engine_agree(t: Tournament, mcmahon: bool) -> None:
    fit_table = FitTable.of(t, t.rounds)
    start = [float(20 + k % 5) for k in range(len(t.players))]
    for c in readings():
        for rounds, knockout in ((t.rounds, None), (max(1, t.rounds - 2), 2)):
            reading = replace(c, mcmahon=mcmahon, tiebreak_rounds=rounds, knockout_from=knockout)
            mine = evaluate(fit_table, reading, start)
            theirs = engine(t, reading, start, rounds)
            for code in CODES:
                assert mine[code] == pytest.approx(theirs[code]), (code, reading)
