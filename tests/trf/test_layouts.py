"""Draft layouts (trf-extensions-draft.md) and lines off TRF-2026's columns."""

from __future__ import annotations

from trfsite.model import (
    Acceleration,
    ByeKind,
    ByeRecord,
    Color,
    ForfeitedMatch,
    MatchForfeit,
    PairingByeRecord,
    TeamRoundSummary,
)

from .lines import codes, player, read, read_file


def test_draft_layout_records_are_read_the_drafts_way_with_a_warning() -> None:
    result = read_file("draft-layouts.trf")
    t = result.tournament
    assert t is not None
    # Draft 310: match points 55-58, game points 60-65, rank 67-69, players from 72.
    assert [
        (x.declared_match_points, x.declared_game_points, x.declared_rank) for x in t.teams
    ] == [
        (15.0, 28.0, 11),
        (14.0, 26.5, 12),
    ]
    assert [x.roster for x in t.teams] == [(1, 2), (3, 4)]
    # Draft 250: "250 02 00.0 001 003 0001 0002" (MM GGGG RRF RRL PPPF PPPL).
    assert t.accelerations == (Acceleration(2.0, 0.0, 1, 3, 1, 2),)
    # Draft 320: "320 01 02.0 000 002".
    assert t.pairing_byes == (PairingByeRecord(1.0, 2.0, (None, 2)),)
    # Draft 330 held the byes (TRF-2026's 240) with 3-digit team numbers.
    assert t.byes == (ByeRecord(ByeKind.HALF, 3, (1, 2)),)
    # Draft 340 held the forfeits (TRF-2026's 330).
    assert t.forfeited_matches == (ForfeitedMatch(MatchForfeit.WHITE_WINS, 2, 1, 2),)
    # Draft 802: nickname 9-14, points 16-19 and 21-26, rounds from 28.
    (summary,) = t.team_summaries
    assert (summary.team, summary.nickname, summary.match_points) == (1, "ONE", 2.0)
    assert summary.rounds == (TeamRoundSummary(1, 2, "", Color.WHITE, 1.5, False),)
    draft_lines = [
        line for code, line, _ in codes(result.findings) if code == "record-draft-layout"
    ]
    assert draft_lines == [7, 8, 9, 10, 11, 12, 13]
    message = next(f.message for f in result.findings if f.code == "record-draft-layout")
    assert "TRF Extensions to support Acceleration, Tie-Breaks and Team Pairing" in message


def test_records_off_their_columns_are_read_word_by_word() -> None:
    result = read(
        "012 T",
        player(1, "A"),
        "310   1 One" + " " * 62 + "   1",
        "240 F 1 1",
        "250 2 1 1 1 2",
        "320 1 2.0 1 0",
    )
    t = result.tournament
    assert t is not None
    assert t.byes == (ByeRecord(ByeKind.FULL, 1, (1,)),)
    # Five words in a team event: the one points value is match points.
    assert t.accelerations == (Acceleration(2.0, None, 1, 1, 1, 2),)
    assert t.pairing_byes == (PairingByeRecord(1.0, 2.0, (1, None)),)
    deviant = [line for code, line, _ in codes(result.findings) if code == "record-columns-deviant"]
    assert deviant == [4, 5, 6]


def test_the_team_sample_quirks_need_no_fallback() -> None:
    # The Grandmommy's Cup lines "250  2          1   1    1    2", "240 F   1    3<TAB>" and
    # "310 ... 15     28.0" fit TRF-2026's columns once the tab is read as a blank.
    result = read(
        "012 T",
        "250  2          1   1    1    2",
        "240 F   1    3\t ",
        "320  1    2.0          50  49",
    )
    t = result.tournament
    assert t is not None
    assert t.accelerations == (Acceleration(2.0, None, 1, 1, 1, 2),)
    assert t.byes == (ByeRecord(ByeKind.FULL, 1, (3,)),)
    assert t.pairing_byes == (PairingByeRecord(1.0, 2.0, (None, None, 50, 49)),)
    assert [f.code for f in result.findings] == ["line-has-tab"]


def test_801_off_the_grid_is_read_word_by_word() -> None:
    result = read("012 T", "352 WB", "801 1 ONE 6 4.5 2 w 1= 12 UU 3 b ++ 12")
    t = result.tournament
    assert t is not None
    (summary,) = t.team_summaries
    assert [(r.opponent, r.board_results, r.board_players) for r in summary.rounds] == [
        (2, "1=", "12"),
        (None, "UU", ""),
        (3, "++", "12"),
    ]
    assert "record-columns-deviant" in [f.code for f in result.findings]


def test_unreadable_record_is_kept_as_written() -> None:
    result = read("012 T", "330 ?? x y z")
    t = result.tournament
    assert t is not None
    assert [r.text for r in t.unknown_records] == ["330 ?? x y z"]
    assert ("record-unreadable", 2, 5) in codes(result.findings)
