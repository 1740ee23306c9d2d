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

from trfsite.formats import read_bytes
from trfsite.scoring import buchholz, direct_encounter, modifiers
from trfsite.scoring import context as context_module
from trfsite.scoring.codes import TiebreakSpec
from trfsite.scoring.context import Article, EventContext, build_context
from trfsite.scoring.registry import resolve
from trfsite.standings import declared_ranks, ranking
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions
from trfsite.standings.ranking import sort_keys, split_block

from .builders import event
from .events import bye_event, rated_event

DATA = Path(__file__).resolve().parents[1] / "data" / "standings"


def _declaring(ranks: dict[int, int]) -> str:
    """swiss-pre2023.trf with these declared ranks (columns 86-89) by start number."""
    lines = (DATA / "swiss-pre2023.trf").read_text(encoding="utf-8").splitlines()
    return "\n".join(
        line[:85] + f"{ranks[int(line[4:8])]:>4}" + line[89:] if line.startswith("001") else line
        for line in lines
    )


def test_no_column_is_computed_when_the_places_no_list_can_mend_are_too_many(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The file declares the points order reversed: 4 (place 1) declares 6, 1 and 2
    # (places 2-3) declare 4 and 5, 5 and 6 (places 4-5) declare 2 and 3, 3 (place 6)
    # declares 1. Every declared rank lies outside its points group's places: 6 differ
    # under any list, more than the 4 (6 x 3 // 4) worth naming a closest. The event
    # started in 2005 (the rules before 2023 alone) and names no list: the default list
    # and the 10 usual ones, 11 combinations, none reproducing the ranks, none named.
    # On main each combination's first column was computed before it was dropped.
    columns: list[str] = []
    column = declared_ranks._Judge.column

    def counted(self, rules, by_declared_points, spec, tb):  # type: ignore[no-untyped-def]
        columns.append(spec.code)
        return column(self, rules, by_declared_points, spec, tb)

    monkeypatch.setattr(declared_ranks._Judge, "column", counted)
    text = _declaring({4: 6, 1: 4, 2: 5, 5: 2, 6: 3, 3: 1})
    t = read_bytes(text.encode(), "event.trf").tournament
    assert t is not None
    s = compute_standings(t, StandingsOptions())
    (note,) = [n for n in s.notes if "columns 86-89" in n]
    assert "none of the 11 combinations" in note
    assert "the closest" not in note
    assert columns == []


def test_each_column_the_search_computes_is_handed_to_the_standings_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 1 and 2 (places 2-3) declare 3 and 2, 5 and 6 (places 4-5) 4 and 5, 4 and 3 the
    # places 1 and 6 of their points: no list reproduces that on this event (4.2),
    # the event started in 2005 (the rules before 2023 alone) and names no list, so the
    # default list (BH-C1, BH, SB, DE, WIN) and the 10 usual ones are judged, and the
    # first columns they reach are BH-C1, BH, SB, WIN (after DE), BH-M1, PS and ARO,
    # each computed once and handed to the standings once (a key of the ratings and
    # the points made for it), whatever candidates read it. The standings then take 4
    # of them, their list's: BH-C1, BH, SB, WIN. On main a key was made at every
    # candidate reading a column.
    handed: list[str] = []
    column_key = declared_ranks._column_key

    def counted(ctx: EventContext, spec: TiebreakSpec) -> tuple[object, ...]:
        handed.append(spec.code)
        return column_key(ctx, spec)

    monkeypatch.setattr(declared_ranks, "_column_key", counted)
    text = _declaring({4: 1, 1: 3, 2: 2, 5: 4, 6: 5, 3: 6})
    t = read_bytes(text.encode(), "event.trf").tournament
    assert t is not None
    s = compute_standings(t, StandingsOptions())
    (note,) = [n for n in s.notes if "columns 86-89" in n]
    assert "none of the 11 combinations" in note
    searched = ["BH-C1", "BH", "SB", "WIN", "BH-M1", "PS", "ARO"]
    assert sorted(handed) == sorted([*searched, "BH-C1", "BH", "SB", "WIN"])


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


def test_a_sort_key_is_one_number_so_that_sorting_compares_in_c() -> None:
    # Higher is better: the value negated; lower is better: the value; undefined: after
    # every defined value either way. Tuples (main) were compared element by element.
    column = [2.5, None, 1.0, 2.5]
    assert sort_keys(column, range(4), False) == {0: -2.5, 1: math.inf, 2: -1.0, 3: -2.5}
    assert sort_keys(column, range(4), True) == {0: 2.5, 1: math.inf, 2: 1.0, 3: 2.5}
    # Best first, one block per value, undefined last.
    assert split_block([0, 1, 2, 3], sort_keys(column, range(4), False)) == [[0, 3], [2], [1]]
    assert split_block([0, 1, 2, 3], sort_keys(column, range(4), True)) == [[2], [0, 3], [1]]


def test_a_swiss_group_too_large_for_anyone_to_be_certain_reads_no_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One round, 1-2 and 3-4 drawn: all four on 0.5. Each met one of the three others
    # and misses at least 2; the top scores at most 0.5 and loses nothing more (a loss
    # is 0), anyone else may still add 2 x 1 = 2: 0.5 <= 2, so C.07 6.3 ranks no one
    # and the four share DE 1, without their games being read (main: read).
    built: list[list[int]] = []
    encounters = direct_encounter._Encounters.__init__

    def counted(self, ctx, spec, group):  # type: ignore[no-untyped-def]
        built.append(group)
        encounters(self, ctx, spec, group)

    monkeypatch.setattr(direct_encounter._Encounters, "__init__", counted)
    t = event({1: "2w=", 2: "1b=", 3: "4w=", 4: "3b="})
    ctx = build_context(t, 1, "2023", True)
    spec, _ = resolve("DE", "")
    assert direct_encounter.direct_encounter_ranks(ctx, spec, [0, 1, 2, 3]) == ([1.0] * 4, None)
    assert built == []
    # Explained, the group is read as before: its note names the missing games.
    explained = build_context(t, 1, "2023", True, explain=True)
    values, why = direct_encounter.direct_encounter_ranks(explained, spec, [0, 1, 2, 3])
    assert values == [1.0] * 4 and why is not None
    assert "no one is certain to be first" in why[0].notes[0]
    assert len(built) == 1


def test_a_context_under_another_rule_set_derives_only_the_opponents_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # bye_event: 1 takes a half-point bye in round 2 (category 3), 6 a pairing-allocated
    # bye (category 1). Under the rules before 2023 opponents see every unplayed game as
    # a draw: 1: 3.5 - 0.5 + 0.5 = 3.5, 6: 3.5 - 1 + 0.5 = 3.0, the others as they
    # scored. The scores and categories read no rule: derived once, for C.07 2023.
    derived: list[int] = []
    categories = context_module.categories

    def counted(ctx):  # type: ignore[no-untyped-def]
        derived.append(len(ctx.cell))
        return categories(ctx)

    monkeypatch.setattr(context_module, "categories", counted)
    t = bye_event()
    ctx = build_context(t, 5, "2023", True)
    old = ctx.under("pre2023")
    assert old.rules == "pre2023"
    assert old.score == [3.5, 3.5, 3.5, 1.0, 0.5, 3.5]
    assert old.adjusted == [3.5, 3.5, 3.5, 1.0, 0.5, 3.0]
    assert old.category[0] == [0, 3, 0, 0, 0] and old.category[5] == [0, 1, 0, 0, 0]
    assert derived == [6]
    # As built from the file under those rules.
    fresh = build_context(t, 5, "pre2023", True)
    assert (old.progressive, old.adjusted) == (fresh.progressive, fresh.adjusted)


def test_a_median_with_an_unplayed_round_to_cut_first_is_summed_without_choosing_cuts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # BH-M1 (C.07 14.2) under C.07 2023, bye_event: 1 met 4 (1.0), took a half-point bye
    # in round 2 (category 3: a dummy of 1's own score, 3.5, flagged by 16.5), then met
    # 5 (0.5), 2 (3.5), 3 (3.5): 12.0. The low cut takes the bye's 3.5 (16.5: not lower
    # than the least value, 0.5), the high cut a 3.5 left: 5.0 (8.0 without 16.5).
    # 2: 0.5 + 3.5 + 3.5 + 3.5 + 1.0 = 12.0 - 0.5 - 3.5 = 8.0; 3: 3.5 + 3.5 + 1.0 + 0.5
    # + 3.5 = 8.0; 4: 3.5 + 0.5 + 3.5 + 3.5 + 3.5 = 10.5; 5: 3.5 + 1.0 + 3.5 + 3.5 + 3.5
    # = 10.5; 6: 3.5 + 3.5 (pairing-allocated bye, not flagged) + 3.5 + 1.0 + 0.5 = 8.0.
    # No value is chosen one cut at a time (main: 1's row went through ``_cuts``, as does
    # every such row of the search's BH-M1: 543 on the 2,000-player open).
    chosen: list[object] = []
    cuts = modifiers._cuts

    def counted(values, low, high, keys, cut_first, reasons):  # type: ignore[no-untyped-def]
        chosen.append(values)
        return cuts(values, low, high, keys, cut_first, reasons)

    monkeypatch.setattr(modifiers, "_cuts", counted)
    ctx = build_context(bye_event(), 5, "2023", True)
    spec, tb = resolve("BH-M1", "")
    assert tb.compute is not None
    assert tb.compute(ctx, spec).values == [5.0, 8.0, 8.0, 10.5, 10.5, 8.0]
    assert chosen == []


def test_the_opponents_scores_of_a_row_of_games_are_read_without_a_call_per_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # bye_event: only 1 (a half-point bye) and 6 (a pairing-allocated bye) have an
    # unplayed round; the four rows of games alone are read in one pass each (main: a
    # call of opponent_scores for each of the six players). 2 met 5, 3, 6, 1, 4, who
    # scored 0.5, 3.5, 3.5, 3.5, 1.0; 1's bye counts its own score, 3.5 (C.07 16.4),
    # and is flagged for 16.5 (category 3).
    rows: list[int] = []
    scores = buchholz.opponent_scores

    def counted(ctx, i, games):  # type: ignore[no-untyped-def]
        rows.append(i)
        return scores(ctx, i, games)

    monkeypatch.setattr(buchholz, "opponent_scores", counted)
    table = buchholz.opponent_table(build_context(bye_event(), 5, "2023", True), False)
    assert table[1] == ([0.5, 3.5, 3.5, 3.5, 1.0], [], [0, 1, 2, 3, 4])
    assert table[0] == (
        [1.0, 3.5, 0.5, 3.5, 3.5],
        [False, True, False, False, False],
        [0, 1, 2, 3, 4],
    )
    assert sorted(rows) == [0, 5]


def test_a_column_of_exact_values_is_sorted_by_them_without_a_key_per_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # bye_event's points: 1, 2, 3 and 6 on 3.5 (indices 0, 1, 2, 5), 4 on 1.0, 5 on 0.5.
    # A column of halves and quarters (8.0 for 3, 6.75 for 1, 2 and 6) is its own sort
    # key: 3 first, then 1, 2, 6 still tied, then 4 and 5 by points. Neither the points
    # nor the column make a key per player (main: one sort_keys call for each); a value
    # that is no multiple of 1/64 (6.7) still does, and ranks alike.
    made: list[object] = []
    keys = ranking.sort_keys

    def counted(column, players, lower):  # type: ignore[no-untyped-def]
        made.append(column)
        return keys(column, players, lower)

    monkeypatch.setattr(ranking, "sort_keys", counted)
    ctx = build_context(bye_event(), 5, "2023", True)
    column = resolve("SB", "")
    exact = [6.75, 6.75, 8.0, 3.0, 2.0, 6.75]
    blocks = [[2], [0, 1, 5], [3], [4]]
    assert ranking.rank_players(ctx, [column], [exact], [None]) == blocks
    assert made == []
    assert ranking.rank_players(ctx, [column], [[6.7, 6.7, 8.0, 3.0, 2.0, 6.7]], [None]) == blocks
    assert len(made) == 1


def test_a_pair_of_exact_values_is_compared_not_sorted_and_grouped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Four in ten of the groups each round's standings of a 2,000-player open split are
    # pairs (3,974 of 8,945): two values compared say the blocks (main: each one sorted
    # and grouped). Higher is better unless ``lower``; equal values stay one block in the
    # group's order; three players still sort.
    grouped: list[object] = []
    real = ranking.groupby

    def counted(*args):  # type: ignore[no-untyped-def]
        grouped.append(args)
        return real(*args)

    monkeypatch.setattr(ranking, "groupby", counted)
    column = [2.5, 3.0, 2.5, 0.5]
    assert ranking.split_by([0, 1], column, False, True) == [[1], [0]]
    assert ranking.split_by([0, 1], column, True, True) == [[0], [1]]
    assert ranking.split_by([1, 3], column, False, True) == [[1], [3]]
    assert ranking.split_by([2, 0], column, False, True) == [[2, 0]]
    assert ranking.split_by([2, 0], column, True, True) == [[2, 0]]
    assert grouped == []
    assert ranking.split_by([0, 1, 2], column, False, True) == [[1], [0, 2]]
    assert len(grouped) == 1


def test_a_context_under_another_rule_set_shares_the_game_masks() -> None:
    # bye_event, a Swiss: a game mask reads only the cells and opponents, which ``under``
    # shares. 1's round 2 (H) and 6's (U) are no games. Made once for C.07 2023 and read
    # under the rules before 2023 (main: made again, 14 M instructions on the open); a
    # mask made under the other rules first is shared too. The Fore view changes the
    # cells of the last round: its own masks.
    ctx = build_context(bye_event(), 5, "2023", True)
    mask = ctx.game_mask(Article.OPPONENTS, False)
    assert mask[0] == mask[5] == [True, False, True, True, True]
    old = ctx.under("pre2023")
    assert old.game_mask(Article.OPPONENTS, False) is mask
    assert old.game_mask(Article.OPPONENTS, True) is ctx.game_mask(Article.OPPONENTS, True)
    assert ctx.fore().game_mask(Article.OPPONENTS, False) is not mask


class _Rows(list[list[float]]):
    """A context's per-player rows, counting the rows fetched one player at a time."""

    fetched = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        self.fetched += 1
        return super().__getitem__(index)


def test_progressive_scores_and_the_rating_average_are_summed_without_a_loop_per_player() -> None:
    # PS (C.07 7.5) of bye_event, the running scores added: 1: 1 + 1.5 + 2.5 + 3 + 3.5 =
    # 11.5; 2: 1 + 1 + 2 + 2.5 + 3.5 = 10.0; 3: 0.5 + 1.5 + 2 + 3 + 3.5 = 10.5; 4: 0 + 0.5
    # + 1 + 1 + 1 = 3.5; 5: 0 + 0.5 x 4 = 2.0; 6: 0.5 + 1.5 (U: a win's point) + 1.5 +
    # 2.5 + 3.5 = 9.5. Summed row by row in C: no row fetched per player (main: 6).
    ctx = build_context(bye_event(), 5, "2023", True)
    ctx.progressive = running = _Rows(ctx.progressive)
    spec, tb = resolve("PS", "")
    assert tb.compute is not None
    assert tb.compute(ctx, spec).values == [11.5, 10.0, 10.5, 3.5, 2.0, 9.5]
    assert running.fetched == 0
    # ARO without cuts (the search tries ARO, BH): rated_event's averages as worked out
    # in test_the_rating_average_asks_the_context_for_the_games_once, with no opponents'
    # row fetched per player (main: 4).
    ctx = build_context(rated_event(), 3, "2023", True)
    ctx.opp = opponents = _Rows(ctx.opp)  # type: ignore[arg-type]
    spec, tb = resolve("ARO", "")
    assert tb.compute is not None
    assert tb.compute(ctx, spec).values == [2000.0, 1983.0, 2017.0, 2050.0]
    assert opponents.fetched == 0


def test_a_buchholz_without_explanations_reads_the_opponent_table_row_by_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # bye_event under C.07 2023 (the opponents' scores in the tests above): BH 1: 1.0 +
    # 3.5 (bye: own score) + 0.5 + 3.5 + 3.5 = 12.0; 2: 12.0; 3: 12.0; 4: 3.5 + 0.5 + 3.5
    # + 3.5 + 3.5 = 14.5; 5: 3.5 + 1.0 + 3.5 x 3 = 15.0; 6: 12.0. BH-C1: 1's flagged bye
    # is cut (16.5), 8.5; 2, 3 and 6 lose 0.5, 11.5; 4 loses 0.5, 14.0; 5 loses 1.0, 14.0.
    # Values only: no row fetched per player, nor its bookkeeping (main: 6 per column).
    fetched: list[_Rows] = []
    table = buchholz.opponent_table

    def counted(ctx, forfeits_played):  # type: ignore[no-untyped-def]
        fetched.append(_Rows(table(ctx, forfeits_played)))
        return fetched[-1]

    monkeypatch.setattr(buchholz, "opponent_table", counted)
    ctx = build_context(bye_event(), 5, "2023", True)
    for code, expected in (
        ("BH", [12.0, 12.0, 12.0, 14.5, 15.0, 12.0]),
        ("BH-C1", [8.5, 11.5, 11.5, 14.0, 14.0, 11.5]),
    ):
        spec, tb = resolve(code, "")
        assert tb.compute is not None
        assert tb.compute(ctx, spec).values == expected
    assert [rows.fetched for rows in fetched] == [0, 0]
