"""Match reconstruction: board order, empty boards, forfeits, byes, 299, and the findings."""

from __future__ import annotations

from dataclasses import replace

from trfsite.model import (
    AbnormalPoints,
    ByeKind,
    Color,
    MatchForfeit,
    Outcome,
    SourceFormat,
    TeamRoundSummary,
)
from trfsite.model import TeamSummary as Summary
from trfsite.teams import RoundKind, reconstruct_matches

from . import events
from .builder import FOUR_TEAMS, EventBuilder, player_line, team_line


def codes(data) -> list[str]:
    return [f.code for f in data.findings]


def test_basic_event_reconstructs_cleanly() -> None:
    data = reconstruct_matches(events.basic())
    assert data.findings == ()
    assert len(data.matches) == 6 and data.byes == ()
    first = data.match_in(1, 1)
    assert first is not None
    assert (first.white_team, first.black_team) == (1, 2)
    # Record 352 "WB": the white team's player has White on board 1, Black on board 2.
    assert [b.white_color for b in first.boards] == [Color.WHITE, Color.BLACK]
    assert [(b.white_player, b.black_player) for b in first.boards] == [(1, 4), (2, 5)]
    # "1=": 1.5-0.5 on the boards, so 2-0 in match points (362 defaults).
    assert (first.white_game_points, first.black_game_points) == (1.5, 0.5)
    assert (first.white_match_points, first.black_match_points) == (2.0, 0.0)


def out_of_order() -> EventBuilder:
    """Three boards (WBW), four players per team.

    R1: team 1 plays out of order (300: 3 1 2); "1=0" -> 1.5-1.5.
    R2: team 2 is the white team and leaves board 2 empty (300: 5 0000 7);
        "=-1" from team 2's side: team 1's player 2 wins board 2 by forfeit -> 1.5-1.5.
    """
    b = EventBuilder({1: [1, 2, 3, 4], 2: [5, 6, 7, 8]}, boards="WBW", rounds=2)
    b.match(1, 1, 2, "1=0", white_players=[3, 1, 2])
    b.match(2, 2, 1, "=-1", white_players=[5, None, 7])
    return b


def test_out_of_order_and_empty_board() -> None:
    data = reconstruct_matches(out_of_order().build())
    assert data.findings == ()
    r1 = data.match_in(1, 1)
    assert r1 is not None
    assert [(b.white_player, b.black_player) for b in r1.boards] == [(3, 5), (1, 6), (2, 7)]
    assert (r1.white_match_points, r1.black_match_points) == (1.0, 1.0)
    r2 = data.match_in(2, 1)
    assert r2 is not None and (r2.white_team, r2.black_team) == (2, 1)
    empty = r2.boards[1]
    assert empty.white_empty and not empty.black_empty and empty.forfeit
    assert empty.black_result is Outcome.FORFEIT_WIN and empty.black_points == 1.0
    assert empty.white_color is Color.BLACK  # board 2 of "WBW"
    assert (r2.white_game_points, r2.black_game_points) == (1.5, 1.5)
    team1 = data.team_rounds(1)
    assert team1[1].players == (1, 2, 3) and team1[1].color is Color.BLACK


def test_forfeited_match_and_byes() -> None:
    data = reconstruct_matches(events.forfeits_and_byes())
    assert data.findings == ()
    forfeit = data.match_in(1, 3)
    assert forfeit is not None and forfeit.forfeit is MatchForfeit.WHITE_WINS
    # 330 +-: TW and P×W to the winner (2 present players), 0 and 0 to the loser.
    assert (forfeit.white_match_points, forfeit.white_game_points) == (2.0, 2.0)
    assert (forfeit.black_match_points, forfeit.black_game_points) == (0.0, 0.0)
    assert all(b.black_empty for b in forfeit.boards)
    kinds = {team: [r.kind for r in data.team_rounds(team)] for team in (2, 3, 4)}
    assert kinds[3][0] is RoundKind.FORFEIT_WIN and kinds[4][0] is RoundKind.FORFEIT_LOSS
    assert kinds[2][1] is RoundKind.PAIRING_BYE and kinds[4][1] is RoundKind.HALF_BYE
    byes = {(b.round, b.team): b for b in data.byes}
    # 320 gives the PAB 1 MP and 1.0 GP; 240 H gives TD = 1 MP and 2 boards × ½ = 1.0 GP.
    assert (byes[(2, 2)].kind, byes[(2, 2)].match_points, byes[(2, 2)].game_points) == (
        ByeKind.PAIRING,
        1.0,
        1.0,
    )
    assert (byes[(2, 4)].kind, byes[(2, 4)].match_points, byes[(2, 4)].game_points) == (
        ByeKind.HALF,
        1.0,
        1.0,
    )


def test_unpaired_team_is_a_zero_point_bye() -> None:
    data = reconstruct_matches(events.three_one_zero())
    bye = next(b for b in data.byes if b.team == 4)
    assert (bye.round, bye.kind, bye.declared, bye.match_points) == (2, ByeKind.ZERO, False, 0.0)


def test_abnormal_points_299() -> None:
    # The note of record 299: forfeits give 2 MP / 2.5 GP to the winner, 0 MP / 1.5 GP
    # to the loser. A blank type is a bonus or penalty: team 2 loses 1 MP.
    t = events.forfeits_and_byes()
    t = replace(
        t,
        abnormal_points=(
            AbnormalPoints("+", 2.0, 2.5, 0, ()),
            AbnormalPoints("-", 0.0, 1.5, 0, ()),
            AbnormalPoints("", -1.0, None, 0, (2,)),
        ),
    )
    data = reconstruct_matches(t)
    forfeit = data.match_in(1, 3)
    assert forfeit is not None
    assert (forfeit.white_game_points, forfeit.black_game_points) == (2.5, 1.5)
    # T3: 2.5 + 1.5 + 1.0 = 5.0 GP; T4: 1.5 + 1.0 + 0.5 = 3.0 GP, MP unchanged (1).
    assert data.game_points(3) == 5.0 and data.game_points(4) == 3.0
    assert data.match_points(4) == 1.0
    # T2: 0 + 1 + 1 = 2 MP, minus the 1 MP penalty.
    assert data.match_points(2) == 1.0
    assert data.team_rounds(3)[0].abnormal


# --------------------------------------------------------------------------- findings
def test_player_outside_the_roster() -> None:
    b = EventBuilder({1: [1, 2, 3], 2: [5, 6, 7]}, boards="WBW", rounds=1, unrostered=[99])
    b.match(1, 1, 2, "1==", black_players=[5, 6, 99], write_300=False)
    data = reconstruct_matches(b.build())
    outside = [f for f in data.findings if f.code == "team-player-outside-roster"]
    assert len(outside) == 1 and outside[0].line == player_line(99)
    assert "99" in outside[0].message
    # Team 2 seats two rostered players on three boards, without a 300 record.
    assert "team-board-missing" in codes(data)


def test_board_missing_without_300() -> None:
    b = EventBuilder({1: [1, 2, 3], 2: [5, 6, 7]}, boards="WBW", rounds=1)
    b.match(1, 1, 2, "1=+", black_players=[5, 6, None], write_300=False)
    data = reconstruct_matches(b.build())
    assert codes(data) == ["team-board-missing"]
    match = data.match_in(1, 1)
    assert match is not None and match.boards[2].black_empty
    # 1 + ½ + 1 (forfeit win against the empty board) = 2.5 against 0 + ½ + 0 = 0.5.
    assert (match.white_game_points, match.black_game_points) == (2.5, 0.5)


def test_330_that_disagrees_with_the_cells() -> None:
    b = EventBuilder({1: [1, 2, 3], 2: [5, 6, 7]}, boards="WBW", rounds=1)
    b.match(1, 1, 2, "1=0")
    t = b.build()
    from trfsite.model import ForfeitedMatch, Span

    t = replace(t, forfeited_matches=(ForfeitedMatch(MatchForfeit.WHITE_WINS, 1, 1, 2, Span(601)),))
    data = reconstruct_matches(t)
    found = [f for f in data.findings if f.code == "team-330-disagrees"]
    assert len(found) == 1 and found[0].line == 601
    assert "board(s) 1, 2, 3 show a game played" in found[0].message


def test_declared_310_totals_are_checked_at_their_column() -> None:
    b = EventBuilder(dict(FOUR_TEAMS))
    b.match(1, 1, 2, "1=").match(1, 3, 4, "==")
    b.match(2, 1, 3, "10").match(2, 2, 4, "11")
    b.match(3, 1, 4, "=0").match(3, 2, 3, "1=")
    b.declared = {1: (5.0, 3.0, None), 2: (4.0, 4.0, None)}  # team 1 has 3 MP, not 5
    data = reconstruct_matches(b.build())
    assert [(f.code, f.line, f.column) for f in data.findings] == [
        ("team-310-match-points", team_line(1), 55)
    ]
    assert "declares 5 match points" in data.findings[0].message
    assert "give 3" in data.findings[0].message


def test_802_that_disagrees() -> None:
    t = events.basic()
    summary = Summary(
        "802",
        1,
        "T1",
        3.0,
        3.0,
        (
            TeamRoundSummary(1, 2, "", Color.WHITE, 2.0),  # the boards give 1.5
            TeamRoundSummary(2, 4, "", Color.WHITE, 1.0),  # team 1 met team 3
            TeamRoundSummary(3, 4, "", Color.WHITE, 0.5),
        ),
    )
    from trfsite.model import Span

    t = replace(t, team_summaries=(replace(summary, source=Span(900)),))
    data = reconstruct_matches(t)
    assert [(f.code, f.line) for f in data.findings] == [("team-802-differs", 900)]
    message = data.findings[0].message
    assert "round 1 game points 2 (computed 1.5)" in message
    assert "round 2 shows opponent 4 (computed opponent 3)" in message


def test_cell_naming_the_wrong_opponent() -> None:
    t = events.basic()
    players = list(t.players)
    one = next(i for i, p in enumerate(players) if p.id == 1)
    cells = list(players[one].rounds)
    cells[0] = replace(cells[0], opponent=5)  # board 1 is player 4, not 5
    players[one] = replace(players[one], rounds=tuple(cells))
    data = reconstruct_matches(replace(t, players=tuple(players)))
    mismatch = [f for f in data.findings if f.code == "team-board-mismatch"]
    assert mismatch and mismatch[0].line == player_line(1)
    assert "faces player 4" in mismatch[0].message


def test_legacy_013_without_352() -> None:
    # TRF16 team files: 013 rosters, no 352. Boards = the number of players teams seat
    # (2 in every round here); colours alternate from White on board 1.
    t = events.basic()
    t = replace(t, board_colors="", teams=tuple(replace(team, record="013") for team in t.teams))
    data = reconstruct_matches(t)
    assert data.boards == 2
    assert [(f.code, f.severity.value) for f in data.findings] == [("team-boards-unknown", "info")]
    assert data.match_points(1) == 3.0 and data.game_points(1) == 3.0


def test_trf16_forfeits_on_empty_boards_of_both_teams() -> None:
    # Issue 19, Swiss-Manager TRF16: team 1 leaves board 4 empty, team 2 board 2; each
    # present player is written '0000 - +' (no 300 record exists in TRF16). Read as two
    # forfeits, not as two players without opponent facing each other (two false
    # team-board-mismatch errors before).
    b = EventBuilder({1: [1, 2, 3, 4], 2: [5, 6, 7, 8]}, boards="WBWB", rounds=2)
    b.match(1, 1, 2, "1+=-", [1, 2, 3, None], [5, None, 7, 8], write_300=False)
    b.match(2, 2, 1, "====")  # all four boards taken: the file's matches have 4 boards
    t = replace(b.build(), source_format=SourceFormat.TRF16, board_colors="")
    data = reconstruct_matches(t)
    assert [c for c in codes(data) if c != "team-boards-unknown"] == []
    match = data.match_in(1, 1)
    assert match is not None
    # Team 1: 1 (board 1) + 1 (forfeit, board 2) + ½ + 0 (empty board) = 2.5;
    # team 2: 0 + 0 (empty board) + ½ + 1 (forfeit) = 1.5.
    assert (match.white_game_points, match.black_game_points) == (2.5, 1.5)
    # TRF-2026 has record 300 for empty boards: there its absence is still a warning.
    data26 = reconstruct_matches(b.build())
    assert codes(data26) == ["team-board-missing", "team-board-missing"]


def test_trf16_board_count_from_the_fullest_match() -> None:
    # Without 352, the boards are the most players a team seated in one round.
    b = EventBuilder({1: [1, 2, 3, 4], 2: [5, 6, 7, 8]}, boards="WBWB", rounds=1)
    b.match(1, 1, 2, "1+=-", [1, 2, 3, None], [5, None, 7, 8], write_300=False)
    t = replace(b.build(), source_format=SourceFormat.TRF16, board_colors="")
    assert reconstruct_matches(t).boards == 3


def test_no_colour_warning_without_a_352_record() -> None:
    # Issue 19: a TRF16 file has no 352; its colours (here WWBB for the white team) are
    # no contradiction of a record, only of trfsite's assumption (WBWB).
    b = EventBuilder({1: [1, 2, 3, 4], 2: [5, 6, 7, 8]}, boards="WWBB", rounds=1)
    b.match(1, 1, 2, "1=0=")
    t = replace(b.build(), source_format=SourceFormat.TRF16, board_colors="")
    assert "team-board-colour" not in codes(reconstruct_matches(t))
    # With 352 saying WBWB, the same cells do contradict the record (boards 2 and 3).
    assert "team-board-colour" in codes(reconstruct_matches(replace(t, board_colors="WBWB")))
