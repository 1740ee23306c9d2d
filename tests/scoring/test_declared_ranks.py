"""The ranks a file declares (001 columns 86-89) as evidence, and the checks that judge them.

The event is ``tests/data/standings/swiss-pre2023.trf``; every value used here is derived by
hand in ``swiss-pre2023.md``: under the rules before 2023 ``BH, SB`` ranks it 4, 1, 2, 6, 5,
3 (BH 1 9.0 > 2 8.5, 6 8.0 > 5 7.5); under C.07 2023 ``BH, SB`` ranks it 4, 1, 2, 5, 6, 3
(BH ties, SB 5 2.25 > 6 2.0); under the rules before 2023 ``BH-C1`` puts 5 (7.0) before 6
(6.5).
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from pathlib import Path

from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.results import Standings
from trfsite.standings.compute import compute_round_standings, compute_standings
from trfsite.standings.declared_places import Split, count_differences, split_counting
from trfsite.standings.declared_ranks import (
    points_groups_judged,
)
from trfsite.standings.options import StandingsOptions
from trfsite.validate import validate

DATA = Path(__file__).resolve().parents[1] / "data" / "standings"
EVENT = (DATA / "swiss-pre2023.trf").read_text(encoding="utf-8")
MISRANKED = (DATA / "swiss-pre2023-misranked.trf").read_text(encoding="utf-8")
DECLARED = [4, 1, 2, 6, 5, 3]


def tournament(text: str) -> Tournament:
    t = read_bytes(text.encode(), "event.trf").tournament
    assert t is not None
    return t


def order(s: Standings) -> list[int]:
    return [row.id for row in s.rows]


def ranks_note(s: Standings) -> list[str]:
    return [n for n in s.notes if "columns 86-89" in n]


def test_places_within_a_tie_may_be_declared_in_any_order() -> None:
    # C.07 4.2: a tie the list leaves is broken by lot, so the file may order it any way.
    declared = {1: 1, 2: 2, 3: 3, 4: 4}
    # Counted with ties by lot, then as the standings print them (a shared place is the
    # block's first: 3 declares 3, not 2). [[1], [2, 3], [4]] -> lenient 0, shared 1
    # (player 3); [[1], [3], [2], [4]] -> 2 and 2; an unranked player (declared 0) takes
    # no place: [[1], [2], [3]] with 2 unranked -> 0 and 0.
    assert count_differences(declared, [[1], [2, 3], [4]]) == (0, 1)
    assert count_differences(declared, [[1], [3], [2], [4]]) == (2, 2)
    assert count_differences({1: 1, 3: 2}, [[1], [2], [3]]) == (0, 0)


class _ReadCounted(list[float | None]):
    """A column that counts the values read from it (the players sorted by it)."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        self.reads += 1
        return super().__getitem__(index)


def test_a_list_is_dropped_without_sorting_the_blocks_after_its_bound() -> None:
    # Players 0-5 declared 1-6, in two blocks of tied players. Higher is better:
    # [0, 1, 2] sorts 2 (3.0), 1 (2.0), 0 (1.0) into places 1-3: 2 declares 3 and 0
    # declares 1, so 2 places differ (as printed, too); [3, 4, 5] sorts 3 (6.0), 4, 5:
    # places 4-6, as declared. Total 2 and 2.
    declared = {0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6}
    blocks = [[0, 1, 2], [3, 4, 5]]
    column = _ReadCounted([1.0, 2.0, 3.0, 6.0, 5.0, 4.0])
    assert split_counting(declared, blocks, column, False, 3) == Split(
        [[2], [1], [0], [3], [4], [5]], 2, 2
    )
    assert column.reads == 6
    # Beaten by a list that leaves 2 places differing: 2 already differ after the first
    # block, so the second is neither sorted nor counted (3 values read, not 6).
    column = _ReadCounted([1.0, 2.0, 3.0, 6.0, 5.0, 4.0])
    assert split_counting(declared, blocks, column, False, 2) == 2
    assert column.reads == 3
    # Ties stay one block: [0, 1] share places 2-3 after 2 (3.0), where 0 declares 1
    # (differs) and 1 declares 2 (inside; and the block's first place, as printed).
    column = _ReadCounted([1.0, 1.0, 3.0, 6.0, 5.0, 4.0])
    assert split_counting(declared, blocks, column, False, 3) == Split(
        [[2], [0, 1], [3], [4], [5]], 2, 2
    )


def test_a_later_column_counts_only_what_its_splits_add_to_the_list_s_count() -> None:
    # Players 0-6 declared 1-7. After the list's earlier columns the blocks are [0],
    # [1, 2], [3, 4], [6], [5] (places 1, 2-3, 4-5, 6, 7): 6 and 5 differ (places 6
    # and 7, declared 7 and 6), so before = 2 with ties by lot; as printed 2 + 1 (2 is
    # not its block's first place) + 1 (4) = 4. Higher is better. [1, 2] sorts 2 (2.0),
    # 1 (1.0) into places 2 and 3, declared 3 and 2: 2 more differ, 2 + 2 = 4 reaches
    # the bound 4 after one block (2 values read). Counted from scratch, the 2 that
    # [6] and [5] hold are not seen before them: [3, 4] sorts 4, 3 (2 more), and 4
    # places differ only then (4 values read).
    declared = {0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7}
    blocks = [[0], [1, 2], [3, 4], [6], [5]]
    values = [9.0, 1.0, 2.0, 3.0, 4.0, 6.0, 5.0]
    column = _ReadCounted(values)
    assert split_counting(declared, blocks, column, False, 4, before=(2, 4)) == 4
    assert column.reads == 2
    column = _ReadCounted(values)
    assert split_counting(declared, blocks, column, False, 4) == 4
    assert column.reads == 4
    # Not given up (bound 9): the blocks and counts from scratch. Every place differs
    # but 0's: 6 with ties by lot and as printed (2 + 2 + 2; 4 + 1 + 1).
    whole = Split([[0], [2], [1], [4], [3], [6], [5]], 6, 6)
    assert split_counting(declared, blocks, values, False, 9, before=(2, 4)) == whole
    assert split_counting(declared, blocks, values, False, 9) == whole


def test_declared_ranks_outside_their_points_group_differ_under_every_list() -> None:
    # C.07 4.2: tie-breaks only order players with equal points, so a declared rank
    # outside the places of the player's points group differs whatever the list, and a
    # group whose declared ranks all lie outside its places needs no ranking.
    declared = {0: 2, 1: 1, 2: 6, 3: 7, 4: 8, 5: 3, 7: 7, 8: 1, 9: 9}  # 6 unranked
    groups = [[0, 1], [2, 3, 4], [5, 6], [7, 8, 9]]
    # [0, 1] has places 1-2: 0 declares 2, 1 declares 1, both inside: kept, 0 differ.
    # [2, 3, 4] has places 3-5: 6, 7, 8 all outside: split up, 3 differ.
    # [5, 6] has place 6 (6 is unranked and takes none): 5 declares 3, outside: split, 1.
    # [7, 8, 9] has places 7-9: 8 declares 1, outside; 7 and 9 inside: kept, 1 differs.
    # 0 + 3 + 1 + 1 = 5.
    assert points_groups_judged(declared, groups) == (
        [[0, 1], [2], [3], [4], [5], [6], [7, 8, 9]],
        5,
    )


def test_the_declared_order_picks_the_list_the_file_names_no_list_for() -> None:
    # Started 2005: the rules before 2023 only. The default list and BH-C1, BH, SB put 5
    # before 6 (BH-C1 7.0 > 6.5); BH, SB, the third combination, gives the declared order.
    s = compute_standings(tournament(EVENT), StandingsOptions())
    assert s.rules == "pre2023" and order(s) == DECLARED
    assert [c.code for c in s.columns] == ["BH", "SB"]
    assert s.notes[0] == (
        "Tie-breaks: BH, SB; rules: FIDE tie-break rules before 2023. The ranks the file "
        "declares (columns 86-89) follow them: the first of 3 combinations of rule set and "
        "tie-break list tried that reproduces every declared rank."
    )
    assert not ranks_note(s)[1:]  # no note that places differ: none do
    # The standings after each round follow the same choice.
    after = compute_round_standings(tournament(EVENT), StandingsOptions(), [2, 4])
    assert all(r.rules == "pre2023" and len(r.columns) == 2 for r in after)


def test_the_declared_order_picks_the_rule_set_for_the_files_own_list() -> None:
    # Started 2025 (auto: C.07 2023), record 202 names BH, SB. 2023 gives 5 before 6; the
    # rules before 2023, the second of the two combinations, give the declared order.
    text = EVENT.replace("042 2005/06/04", "042 2025/06/04").replace(
        "142 4\n", "142 4\n202 BH,SB\n"
    )
    s = compute_standings(tournament(text), StandingsOptions())
    assert s.rules == "pre2023" and order(s) == DECLARED
    assert "the first of 2 combinations" in s.notes[0]
    # --rules 2023 is the user's choice: kept, and the note says what the ranks show.
    s = compute_standings(tournament(text), StandingsOptions(rules="2023"))
    assert s.rules == "2023" and order(s) == [4, 1, 2, 5, 6, 3]
    assert ranks_note(s) == [
        "The ranks the file declares (columns 86-89) differ from these standings in 2 of 6 "
        "places. They follow another choice (tie-breaks BH, SB; rules: FIDE tie-break rules "
        "before 2023), which the settings of this event rule out (the tie-breaks or rules set "
        "in trfsite.toml or on the command line)."
    ]


def test_a_list_the_user_chose_is_kept() -> None:
    # BH-C1, BH (rules before 2023): 5 (7.0) before 6 (6.5), so 5 and 6 differ from the file.
    s = compute_standings(tournament(EVENT), StandingsOptions(tiebreaks=("BH-C1", "BH")))
    assert order(s) == [4, 1, 2, 5, 6, 3]
    assert ranks_note(s) == [
        "The ranks the file declares (columns 86-89) differ from these standings in 2 of 6 "
        "places. They follow another choice (tie-breaks BH, SB; rules: FIDE tie-break rules "
        "before 2023), which the settings of this event rule out (the tie-breaks or rules set "
        "in trfsite.toml or on the command line)."
    ]
    # A choice that reproduces the ranks needs no note at all.
    s = compute_standings(tournament(EVENT), StandingsOptions(tiebreaks=("BH", "SB")))
    assert order(s) == DECLARED and not ranks_note(s)


def test_when_nothing_reproduces_the_ranks_the_note_says_so() -> None:
    # 3 (0.5 points) declared 5th above 5 (1.5 points): no list can. 11 combinations (the
    # rules before 2023 x the default and 10 usual lists); printed 4, 1, 2, 5, 6, 3 against
    # 4, 1, 2, 6, 3, 5: 3 places differ; BH, SB leaves only 5 and 3 wrong: 2.
    s = compute_standings(tournament(MISRANKED), StandingsOptions())
    assert order(s) == [4, 1, 2, 5, 6, 3]
    assert ranks_note(s) == [
        "The ranks the file declares (columns 86-89) differ from these standings in 3 of 6 "
        "places, and none of the 11 combinations of rule set and tie-break list tried "
        "reproduces them all (the closest: tie-breaks BH, SB; rules: FIDE tie-break rules "
        'before 2023; places that differ: 2). ranks_source = "declared" publishes the file\'s '
        "order."
    ]


def test_ranks_source_declared_publishes_the_files_order() -> None:
    s = compute_standings(tournament(MISRANKED), StandingsOptions(ranks_source="declared"))
    assert [(row.rank, row.id) for row in s.rows] == [
        (1, 4), (2, 1), (3, 2), (4, 6), (5, 3), (6, 5)
    ]  # fmt: skip
    # The values beside them are still computed: 3's BH-C1 6.5 and 5's 7.0 (swiss-pre2023.md).
    by_id = {row.id: row.tiebreaks for row in s.rows}
    assert by_id[3][0] == 6.5 and by_id[5][0] == 7.0
    assert ranks_note(s)[-1] == (
        'Order and ranks as the file declares them (columns 86-89, ranks_source = "declared"); '
        "the points and tie-breaks beside them are computed, and 3 of 6 places differ from the "
        "computed order."
    )
    # Standings after an earlier round are ranked: declared ranks are final ranks.
    s = compute_standings(
        tournament(MISRANKED), StandingsOptions(ranks_source="declared", after_round=2)
    )
    assert [row.rank for row in s.rows] == [1, 2, 3, 4, 5, 6] and not ranks_note(s)


def test_a_list_naming_a_2026_tie_break_does_not_choose_the_rules() -> None:
    # TRF-2026 has no record for the rule set; its code list names the 2026 tie-breaks
    # (FIDE's own TRF-2026 sample, started 2024-12-01, lists EDET), so a 202 "STD" says
    # nothing of the rules: a 2025 event keeps C.07 2023, with a note.
    text = EVENT.replace("042 2005/06/04", "042 2025/06/04").replace(
        "142 4\n", "142 4\n202 BH,STD\n"
    )
    s = compute_standings(tournament(text), StandingsOptions())
    assert s.rules == "2023"
    assert "STD is a 2026 tie-break, computed here under the 2023 rules." in s.notes
    # Its declared ranks are reproduced up to lots: under C.07 2023 BH ties 1 and 2 (9.5)
    # and 5 and 6 (7.5, swiss-pre2023.md); STD (1 a round won or a bye above a draw, ½
    # level): 1: 1 + ½ + 0 (forfeit loss) + 1 = 2.5, 2: 1 (forfeit win) + ½ + 1 + 0 = 2.5;
    # 5: 0 + ½ (H) + 0 + 1 (U) = 1.5, 6: ½ + 1 (U) + 0 + 0 = 1.5. Both pairs share a place
    # the file split by lot (C.07 4.2): no other combination is sought, no note.
    assert [(row.rank, row.id) for row in s.rows] == [
        (1, 4), (2, 1), (2, 2), (4, 5), (4, 6), (6, 3)
    ]  # fmt: skip
    assert not ranks_note(s)


def _unranked(text: str) -> str:
    return (
        "\n".join(
            f"{line[:85]}   0{line[89:]}" if line.startswith("001") else line
            for line in text.splitlines()
        )
        + "\n"
    )


def test_rank_warnings_do_not_cascade_from_a_points_error() -> None:
    # Player 5 declares 3.5 points (its cells give 1.5) and rank 1; the file ranks by its
    # declared points: 5 (3.5), 4 (3.0), 1 and 2 (2.5), 6 (1.5), 3 (0.5). Judged by the cells,
    # 4, 1, 2 and 5 would all be outside their score groups (4 warnings); judged by the
    # declared points every rank lies in its group. The points error is reported once, at
    # player 5's line, column 81.
    lines = []
    for line in EVENT.splitlines():
        if line.startswith("001"):
            pid = int(line[4:8])
            rank = {5: 1, 4: 2, 1: 3, 2: 4, 6: 5, 3: 6}[pid]
            points = " 3.5" if pid == 5 else line[80:84]
            line = f"{line[:80]}{points} {rank:4d}{line[89:]}"
        lines.append(line)
    text = "\n".join(lines) + "\n"
    result = read_bytes(text.encode(), "event.trf")
    codes = {"player-points-mismatch", "standings-rank-mismatch"}
    found = [f for f in validate(result, "event.trf") if f.code in codes]
    assert [(f.code, f.line, f.column) for f in found] == [("player-points-mismatch", 15, 81)]
    assert "declares 3.5 points but the round cells give 1.5" in found[0].message


def test_a_typo_in_a_total_is_one_error_and_the_ranks_still_count() -> None:
    # Player 4 (first, 3.0 points by the cells) declares 0.0: a typo, the ranks follow the
    # real points. Judged by the declared totals 4 would sink to last and push 1, 2, 6, 5
    # and 3 up a place each; by the cells every rank fits. The cells fit better: one
    # error at 4's line, no rank warning, and the declared order still picks BH, SB (the
    # third combination, as in test_the_declared_order_picks_the_list...).
    text = (
        "\n".join(
            f"{line[:80]} 0.0{line[84:]}" if line.startswith("001    4") else line
            for line in EVENT.splitlines()
        )
        + "\n"
    )
    result = read_bytes(text.encode(), "event.trf")
    codes = {"player-points-mismatch", "standings-rank-mismatch"}
    found = [f for f in validate(result, "event.trf") if f.code in codes]
    assert [(f.code, f.line, f.column) for f in found] == [("player-points-mismatch", 14, 81)]
    assert result.tournament is not None
    s = compute_standings(result.tournament, StandingsOptions())
    assert order(s) == DECLARED and "the first of 3 combinations" in s.notes[0]


def test_no_evidence_while_a_round_is_entered_or_without_ranks() -> None:
    # No declared ranks at all: nothing to judge, the default list stays.
    s = compute_standings(tournament(_unranked(EVENT)), StandingsOptions())
    assert [c.code for c in s.columns] == ["BH-C1", "BH", "SB", "DE", "WIN"]
    assert not ranks_note(s)
    t = tournament(EVENT)
    assert replace(t, players=t.players[:1]).players  # one ranked player: nothing to compare
    s = compute_standings(replace(t, players=t.players[:1]), StandingsOptions())
    assert not ranks_note(s)


def test_direct_encounter_prints_0_for_players_not_tied_in_csv() -> None:
    # swiss-pre2023-misranked.md: after BH-C1 no one is tied, so DE applies to no one
    # (C.07 6 ranks tied participants only): the CSV says 0, as FIDE's checker and Vega do.
    from click.testing import CliRunner

    from trfsite.cli import cli

    path = DATA / "swiss-pre2023-misranked.trf"
    result = CliRunner().invoke(cli, ["standings", str(path), "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert [row["DE"] for row in rows] == ["0"] * 6
