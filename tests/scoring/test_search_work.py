"""The work the declared-ranks search and the columns it ranks by do (issue 39: the
standings no slower than before the search). Each test counts work, and the values are
worked out by hand.

``swiss-pre2023.trf`` (hand-derived in ``tests/data/standings/swiss-pre2023.md``): 6
players, points 4: 3.0, 1 and 2: 2.5, 5 and 6: 1.5, 3: 0.5, so the points groups take
places 1, 2-3, 4-5 and 6. ``rated_event`` (``events.py``): 4 players who all met.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from trfsite.scoring import direct_encounter
from trfsite.scoring.context import EventContext, build_context
from trfsite.scoring.registry import resolve
from trfsite.standings.ranking import sort_keys, split_block

from .events import rated_event

DATA = Path(__file__).resolve().parents[1] / "data" / "standings"


def _declaring(ranks: dict[int, int]) -> str:
    """swiss-pre2023.trf with these declared ranks (columns 86-89) by start number."""
    lines = (DATA / "swiss-pre2023.trf").read_text(encoding="utf-8").splitlines()
    return "\n".join(
        line[:85] + f"{ranks[int(line[4:8])]:>4}" + line[89:] if line.startswith("001") else line
        for line in lines
    )


def test_direct_encounter_scores_a_whole_group_without_a_call_per_member(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # rated_event's four players all met (1-2, 3-4, 1-3, 2-4, 4-1, 2-3): 6.2, the separate
    # standings are the scores, 1: 2, 3: 2, 4: 1.5, 2: 0.5. 1 and 3 stay tied, and 6.2
    # is applied again to them alone: 1 beat 3 (round 2). DE: 1 -> 1, 3 -> 2, 4 -> 3,
    # 2 -> 4. Only that pair is scored member by member (on main all four were too).
    scored: list[int] = []
    score = direct_encounter._Encounters.score

    def counted(self, i, among):  # type: ignore[no-untyped-def]
        scored.append(i)
        return score(self, i, among)

    monkeypatch.setattr(direct_encounter._Encounters, "score", counted)
    ctx = build_context(rated_event(), 3, "2023", True)
    spec, _ = resolve("DE", "")
    values, _ = direct_encounter.direct_encounter_ranks(ctx, spec, [0, 1, 2, 3])
    assert values == [1.0, 4.0, 2.0, 3.0]
    assert sorted(scored) == [0, 2]


def test_the_rating_average_asks_the_context_for_the_games_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ARO (C.07 10.1), ratings 1: 2050, 2: 2100, 3: 2000, 4: 1900, everyone met everyone:
    # 1: (2100 + 2000 + 1900) / 3 = 2000; 2: (2050 + 1900 + 2000) / 3 = 1983.3 -> 1983;
    # 3: (1900 + 2050 + 2100) / 3 = 2016.7 -> 2017; 4: (2000 + 2100 + 2050) / 3 = 2050.
    # The games of all players are asked for once per column (on main: once per player).
    calls: list[object] = []
    game_mask = EventContext.game_mask

    def counted(self, article, forfeits_played):  # type: ignore[no-untyped-def]
        calls.append(article)
        return game_mask(self, article, forfeits_played)

    monkeypatch.setattr(EventContext, "game_mask", counted)
    ctx = build_context(rated_event(), 3, "2023", True)
    spec, tb = resolve("ARO", "")
    assert tb.compute is not None
    assert tb.compute(ctx, spec).values == [2000.0, 1983.0, 2017.0, 2050.0]
    assert len(calls) == 1


def test_a_sort_key_is_one_number_so_that_sorting_compares_in_c() -> None:
    # Higher is better: the value negated; lower is better: the value; undefined: after
    # every defined value either way. Tuples (main) were compared element by element.
    column = [2.5, None, 1.0, 2.5]
    assert sort_keys(column, range(4), False) == {0: -2.5, 1: math.inf, 2: -1.0, 3: -2.5}
    assert sort_keys(column, range(4), True) == {0: 2.5, 1: math.inf, 2: 1.0, 3: 2.5}
    # Best first, one block per value, undefined last.
    assert split_block([0, 1, 2, 3], sort_keys(column, range(4), False)) == [[0, 3], [2], [1]]
    assert split_block([0, 1, 2, 3], sort_keys(column, range(4), True)) == [[2], [0, 3], [1]]
