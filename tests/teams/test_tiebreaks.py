"""Team tie-breaks worked out by hand on the small events of ``events.py``.

Every expected value is computed in the comment above it, citing FIDE C.07
(articles of the 2023 text; "2026" marks the 2026 changes listed in
tiebreak-rule-versions.md). Reference score: match points unless ``:GP``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from trfsite.results import Standings
from trfsite.scoring.codes import UnknownTiebreakError
from trfsite.standings.options import StandingsOptions
from trfsite.standings.team import compute_team_standings

from . import events
from .builder import FOUR_TEAMS, EventBuilder


def standings(t, codes: str, rules: str = "2023", after: int | None = None) -> Standings:
    return compute_team_standings(
        t, StandingsOptions(tiebreaks=(codes,), rules=rules, after_round=after)
    )


def column(s: Standings, code: str) -> dict[int, float | None]:
    index = [c.code for c in s.columns].index(code)
    return {row.id: row.tiebreaks[index] for row in s.rows}


# --------------------------------------------------------------------------- basic event
def test_basic_totals_and_order_with_ede() -> None:
    # C.07 11.1: totals from events.basic(); MP 2-1-0, GP 1-½-0.
    s = standings(events.basic(), "EDE")
    totals = {row.id: (row.match_points, row.game_points) for row in s.rows}
    assert totals == {1: (3.0, 3.0), 2: (4.0, 4.0), 3: (2.0, 2.5), 4: (3.0, 2.5)}
    # T1 and T4 tie on 3 MP; they met in round 3 and T4 won 1.5-0.5: EDE (13.3.1, 6.2)
    # puts T4 first (value 1 = rank inside the tied group, lower is better).
    assert [row.id for row in s.rows] == [2, 4, 1, 3]
    assert column(s, "EDE")[4] == 1.0 and column(s, "EDE")[1] == 2.0
    assert [row.rank for row in s.rows] == [1, 2, 3, 4]


def test_basic_buchholz_and_extended_sonneborn_berger() -> None:
    s = standings(events.basic(), "BH:MP,EMGSB,EMGSB/C1,EMMSB,EGMSB,EGGSB,SB:MP,SB:GP,MPvGP")
    # C.07 8.1 / 13: BH:MP T1 = T2 4 + T3 2 + T4 3 = 9; T4 = T3 2 + T2 4 + T1 3 = 9;
    # T2 = T1 3 + T4 3 + T3 2 = 8; T3 = T4 3 + T1 3 + T2 4 = 10.
    assert column(s, "BH:MP") == {1: 9.0, 2: 8.0, 3: 10.0, 4: 9.0}
    # 13.2.2 EMGSB = Σ opponent MP × GP scored: T1 4×1.5 + 2×1 + 3×0.5 = 9.5;
    # T4 2×1 + 4×0 + 3×1.5 = 6.5.
    assert column(s, "EMGSB")[1] == 9.5 and column(s, "EMGSB")[4] == 6.5
    # 14.1.2: cut the opponent with the lowest MP (T3, 2 MP) - not the lowest product:
    # T1 9.5 - 2×1 = 7.5; T4 6.5 - 2×1 = 4.5 (T4's smallest product, 4×0 vs T2, stays).
    assert column(s, "EMGSB/C1")[1] == 7.5 and column(s, "EMGSB/C1")[4] == 4.5
    # 13.2.1 EMMSB: T1 4×2 + 2×1 + 3×0 = 10; T4 2×1 + 4×0 + 3×2 = 8.
    assert column(s, "EMMSB")[1] == 10.0 and column(s, "EMMSB")[4] == 8.0
    # 13.2.3 EGMSB = opponent GP × MP: T1 4.0×2 + 2.5×1 + 2.5×0 = 10.5; T4 2.5×1 + 4×0 + 3×2 = 8.5.
    assert column(s, "EGMSB")[1] == 10.5 and column(s, "EGMSB")[4] == 8.5
    # 13.2.4 EGGSB: T1 4×1.5 + 2.5×1 + 2.5×0.5 = 9.75; T4 2.5×1 + 4×0 + 3×1.5 = 7.
    assert column(s, "EGGSB")[1] == 9.75 and column(s, "EGGSB")[4] == 7.0
    # 13: SB with a reference score uses it on both sides: SB:MP = EMMSB, SB:GP = EGGSB.
    assert column(s, "SB:MP") == column(s, "EMMSB")
    assert column(s, "SB:GP") == column(s, "EGGSB")
    # 13.1 MPvGP in an MP event: the game points.
    assert column(s, "MPvGP") == {1: 3.0, 2: 4.0, 3: 2.5, 4: 2.5}


def test_basic_sssc_normalising_factor() -> None:
    # 13.4: factor = highest primary score (3 rounds × 2 MP = 6) / most GP in one match
    # (2 boards × 1 = 2) = 3. SSSC T1 = GP 3.0 + BH:MP 9 / 3 = 6.0; T4 = 2.5 + 9/3 = 5.5.
    s = standings(events.basic(), "SSSC,SSSC/K2")
    assert column(s, "SSSC")[1] == 6.0 and column(s, "SSSC")[4] == 5.5
    # /K2 overrides the factor: T1 3.0 + 9/2 = 7.5; T4 2.5 + 4.5 = 7.0.
    assert column(s, "SSSC/K2")[1] == 7.5 and column(s, "SSSC/K2")[4] == 7.0


def test_basic_board_tiebreaks() -> None:
    # Art. 12. T1 board 1: R1 1, R2 1, R3 ½ = 2.5; board 2: ½ + 0 + 0 = 0.5.
    # T4 board 1: ½ (R1 draw) + 0 (R2) + ½ (R3) = 1.0; board 2: ½ + 0 + 1 = 1.5.
    s = standings(events.basic(), "BC,TBR,BBE")
    # 12.1 BC = 1×2.5 + 2×0.5 = 3.5 for T1; 1×1.0 + 2×1.5 = 4.0 for T4 (lower is better).
    assert column(s, "BC")[1] == 3.5 and column(s, "BC")[4] == 4.0
    # 12.2 TBR shows board 1; 12.3 BBE with two boards is board 1 alone.
    assert column(s, "TBR")[1] == 2.5 and column(s, "TBR")[4] == 1.0
    assert column(s, "BBE")[1] == 2.5 and column(s, "BBE")[4] == 1.0
    # T1 and T4 (3 MP) are separated by BC, lower first.
    assert [row.id for row in s.rows][1:3] == [1, 4]


def test_basic_progressive_and_wins() -> None:
    # 7.5 PS: T1 running MP 2, 3, 3 -> 8; T4 1, 1, 3 -> 5. PS/C1 drops round 1 (14.1.1 c):
    # T1 6, T4 4. 7.1 WIN (rounds with TW): T1 1, T2 2, T3 0, T4 1.
    s = standings(events.basic(), "PS,PS/C1,WIN")
    assert column(s, "PS")[1] == 8.0 and column(s, "PS")[4] == 5.0
    assert column(s, "PS/C1")[1] == 6.0 and column(s, "PS/C1")[4] == 4.0
    assert column(s, "WIN") == {1: 1.0, 2: 2.0, 3: 0.0, 4: 1.0}


# --------------------------------------------------------------------------- repeated meetings
def test_repeated_meetings_average_and_ede_chains() -> None:
    t = events.repeated()
    s = standings(t, "EDE,EDET,EDEB,EDEBT,EDEBB,BH:MP")
    # T1 and T2 (3 MP, 3.0 GP) met twice: 6.1.2 averages each pair's matches:
    # MP (2 + 0)/2 = 1 each, GP (1.5 + 0.5)/2 = 1 each: EDE (13.3.1) cannot separate them.
    assert column(s, "EDE")[1] == column(s, "EDE")[2] == 1.0
    # 13.3.2 (2026 chains): TBR T1 (1.5, 1.5) beats T2 (1.0, 2.0) on board 1;
    # BBE (board 1 with two boards) likewise; BC T1 1×1.5 + 2×1.5 = 4.5 < T2 1 + 4 = 5.0.
    # (Each chain on its own list: a per-group value is only computed for teams still tied.)
    for code in ("EDET", "EDEB", "EDEBT", "EDEBB"):
        chained = standings(t, f"EDE,{code}")
        assert column(chained, code)[1] == 1.0 and column(chained, code)[2] == 2.0, code
    # 4.4: a repeated opponent counts twice in BH: T1 = 3 + 4 + 3 = 10; T2 = 3 + 2 + 3 = 8.
    assert column(s, "BH:MP")[1] == 10.0 and column(s, "BH:MP")[2] == 8.0
    assert [row.id for row in s.rows] == [3, 1, 2, 4]


def test_chain_for_two_teams_still_tied() -> None:
    # events.two_pairs(): T2 and T4 (1 MP each) never met: Art. 6 has nothing to sum, so
    # EDE leaves them tied and 13.3.2 sends exactly two tied teams to the chain.
    # TBR (12.2): T2 board 1 = 0 + 1 = 1.0, T4 board 1 = 0 + 0 = 0.0 -> T2 first.
    # T1 and T3 (3 MP) drew their match: DE MP 1-1, GP 1-1; TBR T1 (1 + ½, ½ + ½) =
    # (1.5, 1.0) and T3 (1 + ½, ½ + ½) = (1.5, 1.0): still tied, both 1.
    s = standings(events.two_pairs(), "EDE,EDET")
    assert column(s, "EDE") == {1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0}
    assert column(s, "EDET") == {1: 1.0, 2: 1.0, 3: 1.0, 4: 2.0}
    assert [row.rank for row in s.rows] == [1, 1, 3, 4]
    assert [row.id for row in s.rows] == [1, 3, 2, 4]


# --------------------------------------------------------------------------- forfeits and byes
def test_forfeit_and_byes_buchholz_2023() -> None:
    t = events.forfeits_and_byes()
    s = standings(t, "BH:MP,BH:MP/P,BH:GP", rules="2023")
    assert {r.id: (r.match_points, r.game_points) for r in s.rows} == {
        1: (4.0, 4.0),
        2: (2.0, 2.0),
        3: (5.0, 4.5),
        4: (1.0, 1.5),
    }
    # 16.4 (2023): an unplayed round is a match against a dummy with the team's own score.
    # T2: T1 4 + PAB dummy 2 + T3 5 = 11. T3: forfeit-win dummy 5 + T1 4 + T2 2 = 11.
    # T4: forfeit-loss dummy 1 + HPB dummy 1 + T1 4 = 6. T1: 2 + 5 + 1 = 8.
    assert column(s, "BH:MP") == {1: 8.0, 2: 11.0, 3: 11.0, 4: 6.0}
    # /P: forfeits count as matches against the scheduled opponent:
    # T3 = T4 1 + 4 + 2 = 7; T4 = T3 5 + HPB dummy 1 + T1 4 = 10.
    assert column(s, "BH:MP/P")[3] == 7.0 and column(s, "BH:MP/P")[4] == 10.0
    # GP: T3 = dummy 4.5 + T1 4.0 + T2 2.0 = 10.5.
    assert column(s, "BH:GP")[3] == 10.5


def test_forfeit_and_byes_buchholz_2026() -> None:
    t = events.forfeits_and_byes()
    s = standings(t, "BH:MP,BH:GP,EMGSB", rules="2026")
    # 16.4.1 (2026): forfeit dummy = min(own, scheduled opponent's 16.3 score).
    # T3: min(5, T4's 1) = 1 -> 1 + 4 + 2 = 7. T4: min(1, 5) = 1 -> 1 + HPB dummy + 4.
    # 16.4.2: bye dummy = min(own, 1 MP × 3 rounds = 3): T4 HPB min(1, 3) = 1 -> 6;
    # T2 PAB min(2, 3) = 2 -> 11.
    assert column(s, "BH:MP") == {1: 8.0, 2: 11.0, 3: 7.0, 4: 6.0}
    # GP capped separately: T3 dummy = min(4.5, T4's 1.5) = 1.5 -> 1.5 + 4.0 + 2.0 = 7.5.
    assert column(s, "BH:GP")[3] == 7.5
    # EMGSB T2: T1 4 MP × 0 GP + PAB dummy min(2, 3) = 2 MP × 1.0 GP + T3 5 × 1.0 = 7.
    assert column(s, "EMGSB")[2] == 7.0


def test_forfeit_cut_first_and_counts() -> None:
    t = events.forfeits_and_byes()
    s = standings(t, "EMGSB/C1,GE,WIN,WON,WON/P,BPG,BC,TBR", rules="2023")
    # T4 EMGSB: forfeit-loss dummy 1 MP × 0 GP = 0 (16.2.4), HPB dummy 1 × 1.0 = 1 (16.2.3),
    # T1 4 × 0.5 = 2; total 3. The cut (14.1.2, 16.5) drops the forfeit loss (value 0): 3.
    assert column(s, "EMGSB/C1")[4] == 3.0
    # 7.6 GE/REP: 3 rounds - HPB - forfeit loss = 1 for T4; PAB and forfeit win count.
    assert column(s, "GE") == {1: 3.0, 2: 3.0, 3: 3.0, 4: 1.0}
    # 7.1 WIN counts the forfeit win (T3: R1 and R2 = 2); a PAB worth 1 MP is no win.
    assert column(s, "WIN")[3] == 2.0 and column(s, "WIN")[2] == 0.0
    # 7.2 over the board only: T3 won R2 alone; /P adds the forfeit win.
    assert column(s, "WON")[3] == 1.0 and column(s, "WON/P")[3] == 2.0
    # 7.3 T3 was the black team in R2 (1-3) and R3 (2-3).
    assert column(s, "BPG")[3] == 2.0
    # Art. 12: T3 boards: R1 forfeit win = 1 + 1, R2 ½ + 1, R3 ½ + ½ -> (2.0, 2.5),
    # BC = 2.0 + 5.0 = 7.0. T2: R1 0 + 0, PAB counts a win per board 1 + 1, R3 ½ + ½ ->
    # (1.5, 1.5), BC 4.5 (the PAB's 1.0 GP of record 320 does not matter here).
    assert column(s, "BC")[3] == 7.0 and column(s, "TBR")[3] == 2.0
    assert column(s, "BC")[2] == 4.5 and column(s, "TBR")[2] == 1.5
    # T4: R1 forfeit loss 0 + 0; the HPB is no game and adds nothing (only the PAB is
    # counted, Art. 12); R3 0 + ½ -> (0, 0.5), BC = 0 + 2 × 0.5 = 1.0.
    assert column(s, "BC")[4] == 1.0 and column(s, "TBR")[4] == 0.0


# --------------------------------------------------------------------------- 3-1-0 and caps
def test_three_one_zero_caps_apply_to_mp_and_gp_separately() -> None:
    t = events.three_one_zero()
    old = standings(t, "BH:MP,BH:GP,EMGSB,EGMSB,BH:MP/C1", rules="2023")
    new = standings(t, "BH:MP,BH:GP,EMGSB,EGMSB,BH:MP/C1", rules="2026")
    assert {r.id: (r.match_points, r.game_points) for r in old.rows} == {
        1: (4.0, 2.5),
        2: (4.0, 3.0),
        3: (2.0, 2.5),
        4: (4.0, 3.0),
    }
    # T1's HPB in R2: 2023 dummy = own (4 MP, 2.5 GP); 2026 dummy = (min(4, 1 MP × 3) = 3,
    # min(2.5, ½ × 2 boards × 3 = 3.0) = 2.5): the MP cap bites, the GP cap does not.
    # BH:MP 2023 = T2 4 + 4 + T4 4 = 12; 2026 = 4 + 3 + 4 = 11.
    assert column(old, "BH:MP")[1] == 12.0 and column(new, "BH:MP")[1] == 11.0
    # BH:GP = T2 3.0 + 2.5 + T4 3.0 = 8.5 under both rule sets.
    assert column(old, "BH:GP")[1] == 8.5 and column(new, "BH:GP")[1] == 8.5
    # EMGSB 2023 = 4×1.5 + 4×1.0 + 4×0 = 10; 2026 = 6 + 3×1.0 + 0 = 9.
    assert column(old, "EMGSB")[1] == 10.0 and column(new, "EMGSB")[1] == 9.0
    # EGMSB = 3.0×3 + 2.5×1 + 3.0×0 = 11.5 under both (dummy GP not capped).
    assert column(old, "EGMSB")[1] == 11.5 and column(new, "EGMSB")[1] == 11.5
    # T4 (unpaired in R2, a requested bye followed by a played round, 16.2.3):
    # BH:MP 2023 = T3 2 + dummy 4 + T1 4 = 10; 16.5 cuts the bye's contribution first:
    # BH:MP/C1 = 10 - 4 = 6 (plain Cut-1 would drop T3's 2 and give 8).
    # 2026: dummy min(4, 3) = 3, cut first -> 2 + 4 = 6.
    assert column(old, "BH:MP/C1")[4] == 6.0 and column(new, "BH:MP/C1")[4] == 6.0


def test_three_one_zero_sssc_wins_std() -> None:
    t = events.three_one_zero()
    old = standings(t, "SSSC,WIN,PS", rules="2023")
    new = standings(t, "SSSC,STD", rules="2026")
    # 13.4.2: factor = 3 rounds × 3 MP / (2 boards × 1) = 4.5, rounded towards zero: 4.
    # 2023: T1 2.5 GP + 12 / 4 = 5.5. 2026: 2.5 + 11 / 4 = 5.25.
    assert column(old, "SSSC")[1] == 5.5 and column(new, "SSSC")[1] == 5.25
    # 7.1 WIN with TW = 3: T1 won R1 only (the HPB's 1 MP is no win).
    assert column(old, "WIN")[1] == 1.0
    # 7.5 PS: T1 3, 4, 4 -> 11.
    assert column(old, "PS")[1] == 11.0
    # 2026 STD: R1 3 > 0 -> 1; HPB 1 MP = a draw's MP -> ½; R3 0 < 3 -> 0: 1.5.
    assert column(new, "STD")[1] == 1.5


def test_ede_not_certain() -> None:
    # T1, T2, T4 tie on 4 MP. Met: T1-T2 (T1 won, 3 MP), T1-T4 (T4 won); T2-T4 never.
    # DE MP: T1 3, T4 3, T2 0, one match missing for T2 and T4 (worth up to 3 MP):
    # T1's worst 3 is not above T4's best 3 + 3 (C.07 6.3) -> no ranking.
    # DE GP: T4 2.0, T1 1.5, T2 0.5; T4's worst 2.0 is not above T2's best 0.5 + 2 = 2.5.
    s = standings(events.three_one_zero(), "EDE,EDET")
    assert {column(s, "EDE")[i] for i in (1, 2, 4)} == {1.0}
    # Three teams are still tied, so the chain (13.3.2, exactly two teams) does not apply.
    assert {column(s, "EDET")[i] for i in (1, 2, 4)} == {1.0}


# --------------------------------------------------------------------------- withdrawals
def test_trailing_byes_count_as_draws_for_opponents() -> None:
    t = events.withdrawn()
    s = standings(t, "BH:MP,BH:GP", rules="2023")
    # 16.2.5 / 16.3.1: T2 (unpaired in the last round) and T4 (ZPB) count that round as a
    # draw for their opponents: T2 0 + 1 MP, 0 + 1.0 GP; T4 0 + 1 MP, 0.5 + 1.0 GP.
    # T1 = T2 1 + T3 3 = 4 MP, 1.0 + 2.5 = 3.5 GP; T3 = T4 1 + T1 3 = 4 MP.
    assert column(s, "BH:MP")[1] == 4.0 and column(s, "BH:MP")[3] == 4.0
    assert column(s, "BH:GP")[1] == 3.5
    # Own tie-break (16.4): T2 = T1 3 + dummy with its own 0 = 3 under both rule sets
    # (2026: min(0, 1 × 2 rounds) = 0). T4 GP: T3 2.5 + dummy min(0.5, ½×2×2 = 2.0) = 3.0.
    new = standings(t, "BH:MP,BH:GP", rules="2026")
    assert column(s, "BH:MP")[2] == 3.0 and column(new, "BH:MP")[2] == 3.0
    assert column(s, "BH:GP")[4] == 3.0 and column(new, "BH:GP")[4] == 3.0


def test_after_round_one() -> None:
    # Standings after round 1: T2 has 0 MP, so T1's BH:MP is 0; T3's is T4's 0.
    s = standings(events.withdrawn(), "BH:MP", after=1)
    assert s.after_round == 1
    assert column(s, "BH:MP")[1] == 0.0
    assert {r.id: r.match_points for r in s.rows} == {1: 2.0, 2: 0.0, 3: 2.0, 4: 0.0}


# --------------------------------------------------------------------------- choices
def test_rule_set_follows_the_start_date() -> None:
    import datetime as dt
    from dataclasses import replace

    t = events.three_one_zero()
    assert standings(t, "BH:MP", rules="auto").rules == "2023"  # starts 2025-05-01
    later = replace(t, start_date=dt.date(2026, 3, 1))
    s = standings(later, "BH:MP", rules="auto")
    assert s.rules == "2026" and column(s, "BH:MP")[1] == 11.0


def test_primary_game_points_from_212() -> None:
    from dataclasses import replace

    t = replace(events.basic(), tiebreaks=("GPTS", "MPvGP"), tiebreak_record="212")
    s = compute_team_standings(t, StandingsOptions(rules="2023"))
    # Ranked by GP: T2 4.0, T1 3.0, then T3 and T4 on 2.5; MPvGP = MP: T4 3 > T3 2.
    assert s.points_label == "GP"
    assert [row.id for row in s.rows] == [2, 1, 4, 3]
    assert column(s, "MPvGP")[4] == 3.0


def test_unknown_team_tiebreak_lists_known_ones() -> None:
    with pytest.raises(UnknownTiebreakError) as info:
        standings(events.basic(), "XYZ")
    assert "EMGSB" in info.value.message
    with pytest.raises(UnknownTiebreakError):
        standings(events.basic(), "EMGSB:GP")  # ESB names its scores; no reference score


def test_koya_counts_a_forfeited_match_won_against_a_strong_team() -> None:
    # C.07 (2023) 9.2: points achieved against teams with at least 50%, forfeits too.
    # Two boards (WB), three rounds, match points 2-1-0:
    # R1: 1-2 forfeit +- (T1 2 MP)   3-4 "11" (T3 2 MP)
    # R2: 1-3 "1=" (T1 2 MP)         2-4 "11" (T2 2 MP)
    # R3: 1-4 "==" (1 MP each)       2-3 "1=" (T2 2 MP)
    # MP: T1 2+2+1 = 5, T2 0+2+2 = 4, T3 2+0+0 = 2, T4 0+0+1 = 1.
    # Limit 50% of 3 x 2 = 3: T1 and T2. KS: T1 2 (the forfeit win over T2; 0 if
    # forfeits were left out), T2 0 (lost to T1 by forfeit), T3 0, T4 1 (drew with T1).
    b = EventBuilder(dict(FOUR_TEAMS))
    b.forfeit(1, 1, 2, "+-").match(1, 3, 4, "11")
    b.match(2, 1, 3, "1=").match(2, 2, 4, "11")
    b.match(3, 1, 4, "==").match(3, 2, 3, "1=")
    s = standings(b.build(), "KS")
    assert column(s, "KS") == {1: 2.0, 2: 0.0, 3: 0.0, 4: 1.0}


def test_team_round_robin_inferred_from_the_matches() -> None:
    # events.basic() has four teams over three rounds and every two teams met once
    # (1-2, 3-4 / 1-3, 2-4 / 1-4, 2-3): without a system in 092/192 it is a round robin.
    t = replace(events.basic(), type_code="", tournament_type="")
    s = compute_team_standings(t, StandingsOptions(rules="2023"))
    assert s.round_robin
    assert any("every team met every other once" in note for note in s.notes)
    assert not compute_team_standings(events.basic(), StandingsOptions(rules="2023")).round_robin
