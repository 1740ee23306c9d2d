"""Ranking (C.07 4.2), rule-set and system choice, defaults, scoring (162, 299), notes."""

from __future__ import annotations

import datetime as dt

import pytest

from trfsite.model import AbnormalPoints, PairingSystem, ScoringSystem
from trfsite.standings.choices import StandingsError, choose_rules
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions

from .builders import event
from .events import bye_event, forfeit_event, round_robin_event


def order(s) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return [(row.rank, row.id) for row in s.rows]


def test_rules_follow_the_start_date() -> None:
    # C.07 2023 binds FIDE-rated events from 1 April 2024 (trfsite takes every event as
    # FIDE-rated); C.07 2026 applies from 1 March 2026.
    opts = StandingsOptions()
    assert choose_rules(event({1: "U"}, start=dt.date(2005, 7, 28)), opts)[0] == "pre2023"
    assert choose_rules(event({1: "U"}, start=dt.date(2023, 9, 1)), opts)[0] == "pre2023"
    rules, note = choose_rules(event({1: "U"}, start=dt.date(2024, 3, 31)), opts)
    assert rules == "pre2023" and "before 2023" in note and "2024-04-01" in note
    assert choose_rules(event({1: "U"}, start=dt.date(2024, 4, 1)), opts)[0] == "2023"
    assert choose_rules(event({1: "U"}, start=dt.date(2026, 2, 28)), opts)[0] == "2023"
    assert choose_rules(event({1: "U"}, start=dt.date(2026, 3, 1)), opts)[0] == "2026"
    rules, note = choose_rules(event({1: "U"}, start=None), opts)
    assert rules == "2026" and "no readable start date" in note
    assert choose_rules(event({1: "U"}), StandingsOptions(rules="2026"))[0] == "2026"
    rules, note = choose_rules(event({1: "U"}), StandingsOptions(rules="pre2023"))
    assert rules == "pre2023" and "chosen with --rules" in note
    with pytest.raises(StandingsError, match="expected auto, pre2023, 2023, 2026"):
        choose_rules(event({1: "U"}), StandingsOptions(rules="2024"))


def test_ranking_with_the_checked_example_event_in_both_rule_sets() -> None:
    # bye_event: 1, 2, 3, 6 have 3.5 points. BH 2023: 1 12.0, 2 12.0, 3 12.0, 6 12.0
    # (2: 5 0.5 + 3 3.5 + 6 3.5 + 1 3.5 + 4 1.0 = 12; 3: 6 3.5 + 2 3.5 + 4 1.0 + 5 0.5
    # + 1 3.5 = 12). All tied on BH; SB 2023: 1 6.75; 2: 0.5 + 0 + 3.5 + 1.75 + 1.0
    # = 6.75; 3: 1.75 + 3.5 + 0.5 + 0.5 + 1.75 = 8.0; 6: 1.75 + 3.5 + 0 + 1.0 + 0.5
    # = 6.75. So 3 first, then 1, 2, 6 still tied: they share place 2, by start number.
    s = compute_standings(bye_event(), StandingsOptions(tiebreaks=("BH", "SB"), rules="2023"))
    assert order(s)[:4] == [(1, 3), (2, 1), (2, 2), (2, 6)]
    # 2026: the byes' dummies drop to 2.5, so 1 and 6 have BH 11.0 while 2 and 3 keep 12;
    # SB 1: 6.25 (bye 2.5 x ½), 6: 6.75 - 3.5 + 2.5 x 1 = 5.75: 1 is ahead of 6.
    s = compute_standings(bye_event(), StandingsOptions(tiebreaks=("BH", "SB"), rules="2026"))
    assert order(s)[:4] == [(1, 3), (2, 2), (3, 1), (4, 6)]
    assert s.rows[0].tiebreaks == (12.0, 8.0)


def test_direct_encounter_column_is_a_rank_in_the_tied_group() -> None:
    # forfeit_event: 1 and 2 have 2.5 and drew in R2 (DE ½ each: tied, both 1);
    # 5 and 6 have 1.5 and never met (Swiss 6.3: no certainty, both 1).
    # Then BH-C1 (2023): 1 7.0, 2 8.0 -> 2 ahead; 5 6.0, 6 6.5 -> 6 ahead.
    # 4 and 3 are alone on their points: DE does not apply to them, 0 (C.07 6 ranks
    # tied participants only; FIDE's reference checker prints 0).
    s = compute_standings(
        forfeit_event(), StandingsOptions(tiebreaks=("DE", "BH-C1"), rules="2023")
    )
    assert order(s) == [(1, 4), (2, 2), (3, 1), (4, 6), (5, 5), (6, 3)]
    de = {row.id: row.tiebreaks[0] for row in s.rows}
    assert de == {4: 0, 3: 0, 1: 1, 2: 1, 5: 1, 6: 1}
    assert s.columns[0].lower_is_better


def test_reverse_modifier_flips_the_order() -> None:
    # TPN: lower start number first; TPN/R: higher first (1 and 2 tied on 2.5 points).
    s = compute_standings(forfeit_event(), StandingsOptions(tiebreaks=("TPN",)))
    assert order(s)[1:3] == [(2, 1), (3, 2)]
    s = compute_standings(forfeit_event(), StandingsOptions(tiebreaks=("TPN/R",)))
    assert order(s)[1:3] == [(2, 2), (3, 1)]
    assert not s.columns[0].lower_is_better


def test_round_robin_default_list_and_notes() -> None:
    s = compute_standings(round_robin_event(), StandingsOptions())
    assert [c.code for c in s.columns] == ["DE", "WIN", "SB", "KS"]
    assert any("round robin" in note for note in s.notes)
    # 1, 2, 3 all have 2 points, DE 1 each (a cycle), WIN 2 each, SB 2 each, KS 1 each
    # (see test_sums): they share first place; 4 is fourth.
    assert order(s) == [(1, 1), (1, 2), (1, 3), (4, 4)]


def test_swiss_default_list_and_system_option() -> None:
    s = compute_standings(forfeit_event(), StandingsOptions())
    assert [c.code for c in s.columns] == ["BH-C1", "BH", "SB", "DE", "WIN"]
    t = event({1: "2w1", 2: "1b0"}, system=None)
    s = compute_standings(t, StandingsOptions())
    assert any("assumed" in note for note in s.notes)
    s = compute_standings(t, StandingsOptions(system="round-robin"))
    assert [c.code for c in s.columns] == ["DE", "WIN", "SB", "KS"]
    with pytest.raises(StandingsError, match="expected swiss or round-robin"):
        compute_standings(t, StandingsOptions(system="knockout"))


def test_tiebreaks_from_the_file_and_pts() -> None:
    t = event({1: "2w1", 2: "1b0"}, tiebreaks=("PTS", "BH/C1", "WIN"))
    s = compute_standings(t, StandingsOptions())
    assert [c.code for c in s.columns] == ["BH/C1", "WIN"]
    assert [c.short for c in s.columns] == ["BH-C1", "WIN"]
    assert s.columns[0].name == "Buchholz Cut 1"


def test_after_round_out_of_range() -> None:
    with pytest.raises(StandingsError, match="expected a number from 1 to 4"):
        compute_standings(forfeit_event(), StandingsOptions(after_round=5))


def test_full_point_bye_and_legacy_bye_cells() -> None:
    # 1: F (full-point bye, 16.2.1), then beat 2. 2: H (requested bye), lost to 1.
    # Scores 1: 2, 2: 0.5. BH 2026 of 1: bye dummy min(2, 0.5 x 2 = 1.0) + 2's 0.5 = 1.5.
    # BH-C1: a full-point bye is not cut first (16.5): the 0.5 goes -> 1.0.
    t = event({1: "F 2w1", 2: "H 1b0"})
    s = compute_standings(t, StandingsOptions(tiebreaks=("BH", "BH-C1"), rules="2026"))
    assert s.rows[0].id == 1 and s.rows[0].tiebreaks == (1.5, 1.0)
    # 2: H dummy min(0.5, 1.0) = 0.5 + 1's 2 = 2.5; Cut-1 removes the requested bye
    # (0.5, 16.5) -> 2.0.
    assert s.rows[1].tiebreaks == (2.5, 2.0)


def test_abnormal_points_299_and_pairing_bye_value() -> None:
    t = event(
        {1: "2w1 3b+", 2: "1b0 U", 3: "U 1w-"},
        scoring=ScoringSystem(pairing_bye=0.5),
        abnormal=(
            # forfeit wins are worth 0.5 in every round, for everyone
            AbnormalPoints("+", None, 0.5, 0, ()),
            # player 3 gets a 1-point bonus
            AbnormalPoints("", None, 1.0, 0, (3,)),
        ),
    )
    # 1: 1 (win) + 0.5 (forfeit win, 299) = 1.5; 2: 0 + 0.5 (pairing bye, 162 P) = 0.5;
    # 3: 0.5 (pairing bye) + 0 (forfeit loss) + 1 (bonus) = 1.5.
    s = compute_standings(t, StandingsOptions(tiebreaks=("WIN",)))
    assert {row.id: row.points for row in s.rows} == {1: 1.5, 2: 0.5, 3: 1.5}
    # WIN counts rounds worth a win's points: only 1's R1 (the forfeit win is worth 0.5).
    assert {row.id: row.tiebreaks[0] for row in s.rows} == {1: 1.0, 2: 0.0, 3: 0.0}
    assert any("299" in note for note in s.notes)


def test_bh_m2_by_hand() -> None:
    # forfeit_event 2026, player 4: values 2.5, 1.0, 1.5, 2.5 (no unplayed rounds).
    # Median-2 drops 1.0 and 1.5, then 2.5 and 2.5: nothing is left.
    # Player 1: 3.0, 2.5, forfeit loss min(2.5, 1.0) = 1.0, 1.5 -> drops the forfeit
    # loss (16.5), then 1.5 (least), then 3.0 and 2.5 (most): 0. M1: 8.0 - 1.0 - 3.0 = 4.0
    s = compute_standings(
        forfeit_event(), StandingsOptions(tiebreaks=("BH-M2", "BH/M1"), rules="2026")
    )
    values = {row.id: row.tiebreaks for row in s.rows}
    assert values[4] == (0.0, 4.0)  # M1: 7.5 - 1.0 - 2.5
    assert values[1] == (0.0, 4.0)


def test_explanations_align_with_columns() -> None:
    s = compute_standings(
        forfeit_event(),
        StandingsOptions(tiebreaks=("BH-C1", "DE", "SB"), rules="2026", explain=True),
    )
    for row in s.rows:
        assert [e.code for e in row.explanations] == ["BH-C1", "DE", "SB"]
        assert tuple(e.value for e in row.explanations) == row.tiebreaks


def test_json_contract_keys() -> None:
    s = compute_standings(forfeit_event(), StandingsOptions(tiebreaks=("bh/c1", "ARO")))
    data = s.as_json()
    assert data["tiebreaks"] == ["bh/c1", "ARO"]
    row = data["standings"][0]  # type: ignore[index]
    assert set(row) == {"rank", "id", "name", "points", "tiebreaks"}
    assert set(row["tiebreaks"]) == {"bh/c1", "ARO"}


def test_round_robin_system_from_the_model() -> None:
    t = event({1: "2w1", 2: "1b0"}, system=PairingSystem.ROUND_ROBIN)
    s = compute_standings(t, StandingsOptions(tiebreaks=("BH",), rules="2026"))
    assert any("forbids the Buchholz family in round robins" in n for n in s.notes)


# --------------------------------------------------------------------------- system inferred
# Issue 15: no record 092/192 names the system; the pairings decide (C.07 15.2 needs to know).
def test_round_robin_inferred_with_a_rest_round_each() -> None:
    # 3 players, 3 rounds: each pair met once, each player rested once (an odd round robin).
    t = event({1: "2w1 Z 3b=", 2: "1b0 3w1 Z", 3: "Z 2b0 1w="}, system=None)
    s = compute_standings(t, StandingsOptions())
    assert s.round_robin
    assert [c.code for c in s.columns] == ["DE", "WIN", "SB", "KS"]
    assert any("every player met every other once" in note for note in s.notes)


def test_double_round_robin_inferred_and_a_swiss_is_not() -> None:
    # 3 players, 6 rounds: every pair met twice, each player rested twice.
    double = event(
        {
            1: "2w1 Z 3b= 2b0 Z 3w1",
            2: "1b0 3w1 Z 1w1 3b= Z",
            3: "Z 2b0 1w= Z 2w= 1b0",
        },
        system=None,
    )
    s = compute_standings(double, StandingsOptions())
    assert s.round_robin and any("met every other twice" in n for n in s.notes)
    # 4 players, 2 rounds: 1-2 and 3-4, then 1-3 and 2-4; 1-4 and 2-3 never met: a Swiss.
    swiss = event({1: "2w1 3w1", 2: "1b0 4w1", 3: "4w1 1b0", 4: "3b0 2b0"}, system=None)
    s = compute_standings(swiss, StandingsOptions())
    assert not s.round_robin and any("assumed" in n for n in s.notes)
    # A record naming the system wins over the pairings.
    named = event({1: "2w1 Z 3b=", 2: "1b0 3w1 Z", 3: "Z 2b0 1w="})
    assert not compute_standings(named, StandingsOptions()).round_robin
