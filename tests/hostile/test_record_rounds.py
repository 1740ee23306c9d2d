"""Issue 50, item 1 (and the 320 record of item 2): round numbers named by records.

Records 240, 299, 300, 320 and 330 name rounds; the matches of a team event are
rebuilt up to the highest round any record names. A record may name at most
twice the event's rounds and 10 more, or a double round robin of its teams (see
``trfsite/formats/trf/record_rounds.py``); beyond that it is one error and unused.
"""

from __future__ import annotations

from trfsite.formats import read_bytes
from trfsite.model import Tournament
from trfsite.teams import reconstruct_matches

from .data import FIDE_TEAM, TEAM, with_lines

CODE = "record-round-too-high"


def _read(text: str) -> tuple[Tournament, list[tuple[int, str]]]:
    result = read_bytes(text.encode("utf-8"), "cup.trf")
    assert result.tournament is not None
    return result.tournament, [(f.line, f.message) for f in result.findings if f.code == CODE]


def test_the_bound_is_twice_the_rounds_and_ten_more_or_a_double_round_robin() -> None:
    from trfsite.formats.trf.record_rounds import round_bound

    assert round_bound(3, 3) == 16  # 2 x 3 + 10 = 16; 2 x (3 - 1) = 4
    assert round_bound(3, 50) == 98  # 50 teams: 2 x 49 = 98 rounds
    assert round_bound(700, 3) == 999  # 2 x 700 + 10 = 1,410: capped at MAX_ROUNDS


def test_a_bye_in_round_one_million_is_one_error_and_not_used() -> None:
    # team-2026.trf has 39 lines: the added 240 record is line 40.
    t, found = _read(with_lines(TEAM, "240 F 1000000    1"))
    assert [line for line, _ in found] == [40]
    assert "record 240 names round 1,000,000; expected a round from 1 to 16" in found[0][1]
    assert t.byes == ()
    # The record is kept as written (an export writes it back) ...
    assert any(r.code == "240" and "1000000" in r.text for r in t.unknown_records)
    # ... and the matches are rebuilt for the event's 3 rounds only.
    assert reconstruct_matches(t).rounds == 3


def test_a_board_order_and_a_forfeit_far_beyond_the_event_are_not_used() -> None:
    t, found = _read(with_lines(TEAM, "300 99999   2   3    4    3", "330 -+ 99999   3   1"))
    assert [line for line, _ in found] == [40, 41]
    assert {r.round for r in t.out_of_order} == {2}  # the file's own 300 record (round 2)
    assert {r.round for r in t.forfeited_matches} == {3}  # the file's own 330 (round 3)
    assert reconstruct_matches(t).rounds == 3


def test_fide_team_sample_with_a_300_record_for_round_99999() -> None:
    # The issue: 59 s and 2.9 GB to validate. 50 teams: a double round robin is 98 rounds.
    t, found = _read(with_lines(FIDE_TEAM, "300 99999   2   3    4    3"))
    assert len(found) == 1
    assert "expected a round from 1 to 98" in found[0][1]
    assert max(r.round for r in t.out_of_order) <= 98


def test_a_pairing_bye_record_of_999_rounds_is_cut_to_the_bound() -> None:
    # Item 2: such a line made the team pages quadratic (24 s for a 12 KB file).
    t, found = _read(with_lines(TEAM, "320  2.0  1.0" + "   3" * 999))
    assert len(found) == 1
    assert "record 320 lists 999 rounds; expected at most 16" in found[0][1]
    assert [len(p.teams) for p in t.pairing_byes] == [3, 16]  # the file's own, the cut one
    assert reconstruct_matches(t).rounds == 16


def test_a_bye_announced_for_the_next_round_is_kept() -> None:
    # Round 4 of a 3-round file (a bye known before the round is paired): within 16.
    t, found = _read(with_lines(TEAM, "240 H   4    1"))
    assert found == []
    assert [(b.round, b.ids) for b in t.byes] == [(4, (1,))]
