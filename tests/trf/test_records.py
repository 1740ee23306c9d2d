"""One test per TRF record type: each field lands in the model (TRF-2026 text, 2025)."""

from __future__ import annotations

import datetime as dt

from trfsite.model import (
    AbnormalPoints,
    Acceleration,
    ByeKind,
    ByeRecord,
    Color,
    EventKind,
    ForfeitedMatch,
    MatchForfeit,
    NationalRating,
    Outcome,
    OutOfOrder,
    PairingByeRecord,
    PairingSystem,
    ProhibitedPairing,
    RawRecord,
    ScoringSystem,
    SourceFormat,
    StartingRankMethod,
    TeamScoring,
)

from .lines import codes, model, player, read, read_file


# --------------------------------------------------------------------------- ??2 records
def test_text_records_012_to_122() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert t.name == "Open Müller Cup"  # 012
    assert t.city == "Zürich"  # 022
    assert t.federation == "SUI"  # 032
    assert t.start_date == dt.date(2024, 8, 1)  # 042
    assert t.end_date == dt.date(2024, 8, 3)  # 052
    assert t.declared_players == 6  # 062
    assert t.declared_rated_players == 5  # 072
    assert t.tournament_type == "Individual: Swiss-System"  # 092
    assert t.chief_arbiter == "Anna Arbiter"  # 102
    assert t.deputy_arbiters == ("Bert Deputy", "Carla Deputy")  # 112, one line each
    assert t.time_control == "90 min + 30 s"  # 122


def test_record_082_number_of_teams() -> None:
    assert model("012 T", "082 12").declared_teams == 12


def test_record_132_round_dates_are_yy_mm_dd_from_column_92() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert t.round_dates == (dt.date(2024, 8, 1), dt.date(2024, 8, 2), dt.date(2024, 8, 3))


def test_record_132_blank_date_in_the_middle_is_none() -> None:
    t = model("012 T", "132" + " " * 88 + "24/08/01            24/08/03")
    assert t.round_dates == (dt.date(2024, 8, 1), None, dt.date(2024, 8, 3))


def test_records_142_152_172_182_192_222() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert t.declared_rounds == 3  # 142
    assert t.initial_color is Color.WHITE  # 152
    assert t.starting_rank_methods == (StartingRankMethod("GER", "NIDOF"),)  # 172
    assert t.pairing_controller == "JaVaFo 2.2"  # 182
    assert t.type_code == "FIDE_DUTCH_2025"  # 192
    assert t.time_control_code == "5400+30"  # 222
    assert t.pairing_system is PairingSystem.SWISS  # hint from 192


def test_record_162_scoring_system() -> None:
    # Letter at column 6, points at 7-10; then 15/16-19, 24/25-28...
    t = model("012 T", "162  W 3.0    D 1.0    L 0.0    A 0.0    P 2.0    X 1.5")
    assert t.scoring == ScoringSystem(3.0, 1.0, 0.0, 0.0, pairing_bye=2.0, unknown=1.5)


def test_record_162_defaults_where_silent() -> None:
    t = model("012 T", "162  W 3.0")
    assert t.scoring == ScoringSystem(win=3.0)
    assert t.scoring.value("P") == 3.0  # P follows W (TRF-2026 162 table)
    assert t.scoring.value("X") == 0.5  # X follows D


def test_records_202_and_212_tiebreaks() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert (t.tiebreaks, t.tiebreak_record) == (("BH/C1", "BH", "SB"), "202")
    team = read_file("team-2026.trf").tournament
    assert team is not None
    # "212 PTS," is "202": the leading PTS is not a tie-break.
    assert (team.tiebreaks, team.tiebreak_record) == (("MPvGP", "EDET"), "212")


def test_records_352_and_362_team_settings() -> None:
    t = model("012 T", "352 WBWB", "362 TW 3.0     TD 1.0     TL 0.0")
    assert t.board_colors == "WBWB"
    assert t.team_scoring == TeamScoring(3.0, 1.0, 0.0)


def test_record_092_free_text_gives_the_pairing_hint() -> None:
    assert model("012 T", "092 Rundenturnier").pairing_system is PairingSystem.ROUND_ROBIN
    assert model("012 T", "092 Scheveningen").pairing_system is PairingSystem.ROUND_ROBIN
    assert model("012 T", "092 Swiss").pairing_system is PairingSystem.SWISS
    assert model("012 T", "092 Blitz").pairing_system is None


# --------------------------------------------------------------------------- players
def test_record_001_static_part() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    first = t.players[0]
    assert (first.id, first.sex, first.title, first.name) == (1, "m", "GM", "Müller, Hans")
    assert (first.rating, first.federation, first.fide_id) == (2500, "GER", "4600001")
    assert (first.birth_date, first.declared_points, first.declared_rank) == (
        "1980/01/02",
        4.0,
        2,
    )
    unrated = t.players[5]
    assert (unrated.rating, unrated.fide_id, unrated.birth_date) == (None, "", "")
    assert first.source.line == 23


def test_record_001_round_cells() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    one, _, three, four, five, six = t.players
    assert [(c.round, c.opponent, c.color, c.outcome) for c in one.rounds] == [
        (1, 4, Color.WHITE, Outcome.WIN),
        (2, 2, Color.BLACK, Outcome.LOSS),
        (3, 3, Color.WHITE, Outcome.DRAW),
    ]
    assert three.rounds[0].outcome is Outcome.FORFEIT_WIN
    assert four.rounds[1].outcome is Outcome.HALF_BYE
    assert five.rounds[2].outcome is Outcome.FULL_BYE
    assert [c.outcome for c in six.rounds] == [
        Outcome.FORFEIT_LOSS,
        Outcome.PAIRING_BYE,
        Outcome.ZERO_BYE,
    ]
    assert six.rounds[1].opponent is None
    assert one.rounds[1].source.column == 102


def test_national_rating_support_line() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert t.national_ratings == (
        NationalRating("GER", 1, "m", "FM", "Müller, Johann", 2450, "BAV", "12345", "1980/01/02"),
    )


# --------------------------------------------------------------------------- byes etc.
def test_record_240_byes() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert t.byes == (
        ByeRecord(ByeKind.HALF, 2, (4,)),
        ByeRecord(ByeKind.FULL, 3, (5,)),
    )


def test_record_250_acceleration() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert t.accelerations == (Acceleration(None, 1.0, 1, 2, 1, 3),)


def test_record_260_prohibited_pairing() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert t.prohibited_pairings == (ProhibitedPairing(1, 3, (1, 2)),)


def test_record_299_abnormal_points() -> None:
    t = read_file("individual-2026.trf").tournament
    assert t is not None
    assert t.abnormal_points == (AbnormalPoints("", None, 1.0, 0, (6,)),)


def test_record_299_team_example_of_the_spec() -> None:
    # TRF-2026 299 example: forfeits give 2 MP / 2.5 GP to winners, 0 / 1.5 to losers.
    t = model("012 T", "299 +  2.0   2.5", "299 -  0.0   1.5")
    assert t.abnormal_points == (
        AbnormalPoints("+", 2.0, 2.5, 0, ()),
        AbnormalPoints("-", 0.0, 1.5, 0, ()),
    )


# --------------------------------------------------------------------------- teams
def test_record_310_teams() -> None:
    t = read_file("team-2026.trf").tournament
    assert t is not None
    assert t.kind is EventKind.TEAM
    one = t.teams[0]
    assert (one.id, one.name, one.nickname, one.strength) == (1, "Team One", "ONE", 2175.0)
    assert (one.declared_match_points, one.declared_game_points, one.declared_rank) == (
        6.0,
        4.5,
        1,
    )
    assert (one.roster, one.record) == ((1, 2), "310")
    assert [team.nickname for team in t.teams] == ["ONE", "TWO", "THREE"]


def test_record_013_beside_310_is_kept_as_written() -> None:
    result = read_file("team-2026.trf")
    t = result.tournament
    assert t is not None
    assert [r.code for r in t.legacy_records] == ["013", "013", "013"]
    assert t.legacy_records[0].text.startswith("013 Team One")
    assert "team-013-mismatch" not in [f.code for f in result.findings]


def test_record_013_alone_defines_the_teams() -> None:
    t = model(
        "012 T",
        player(1, "A"),
        player(2, "B"),
        "013 Club A" + " " * 26 + "   1    2",
    )
    assert [(team.id, team.name, team.roster, team.record) for team in t.teams] == [
        (1, "Club A", (1, 2), "013")
    ]


def test_record_300_out_of_order() -> None:
    t = read_file("team-2026.trf").tournament
    assert t is not None
    assert t.out_of_order == (OutOfOrder(2, 2, 3, (4, 3)),)


def test_record_300_empty_board_is_none() -> None:
    t = model("012 T", "352 WBWB", "300   1   5  17   14    0   29   39")
    assert t.out_of_order == (OutOfOrder(1, 5, 17, (14, None, 29, 39)),)


def test_record_320_pairing_allocated_bye() -> None:
    t = read_file("team-2026.trf").tournament
    assert t is not None
    assert t.pairing_byes == (PairingByeRecord(2.0, 1.0, (3, 1, 2)),)


def test_record_330_forfeited_match() -> None:
    t = read_file("team-2026.trf").tournament
    assert t is not None
    assert t.forfeited_matches == (ForfeitedMatch(MatchForfeit.BLACK_WINS, 3, 3, 1),)


def test_record_801_variable_width() -> None:
    t = read_file("team-2026.trf").tournament
    assert t is not None
    full = [s for s in t.team_summaries if s.record == "801"]
    assert [(s.team, s.nickname, s.match_points, s.game_points) for s in full] == [
        (1, "ONE", 6.0, 4.5),
        (2, "TWO", 4.0, 3.0),
        (3, "THREE", 2.0, 1.5),
    ]
    rounds = full[1].rounds
    assert [(r.opponent, r.color, r.board_results, r.board_players) for r in rounds] == [
        (1, Color.BLACK, "0=", "12"),
        (3, Color.WHITE, "=1", "21"),
        (None, Color.NONE, "UU", ""),
    ]


def test_record_802_fixed_width() -> None:
    t = read_file("team-2026.trf").tournament
    assert t is not None
    short = [s for s in t.team_summaries if s.record == "802"]
    three = short[2]
    assert (three.team, three.nickname, three.match_points, three.game_points) == (
        3,
        "THREE",
        2.0,
        1.5,
    )
    assert [(r.opponent, r.bye, r.color, r.game_points, r.forfeit) for r in three.rounds] == [
        (None, "PAB", Color.NONE, 1.0, False),
        (2, "", Color.BLACK, 0.5, False),
        (1, "", Color.WHITE, 0.0, True),
    ]


# --------------------------------------------------------------------------- the rest
def test_comments_legacy_and_unknown_records_are_kept() -> None:
    result = read_file("individual-2026.trf")
    t = result.tournament
    assert t is not None
    assert t.comments[0].text.startswith("### SSSS")
    assert t.legacy_records == (RawRecord("XXS", "XXS W=3.0 D=1.0"),)
    assert t.unknown_records == (RawRecord("999", "999 a record from the future"),)
    assert ("record-unknown", 36, 1) in codes(result.findings)
    assert ("record-legacy", 35, 1) in codes(result.findings)


def test_legacy_xxr_and_xxc_give_rounds_and_first_colour() -> None:
    t = read_file("trf16-legacy.trf").tournament
    assert t is not None
    assert t.source_format is SourceFormat.TRF16
    assert t.declared_rounds == 3
    assert t.initial_color is Color.WHITE
    assert [r.code for r in t.legacy_records] == ["XXR", "XXC"]


def test_142_wins_over_xxr() -> None:
    result = read("012 T", "142 9", "XXR 7")
    assert result.tournament is not None and result.tournament.declared_rounds == 9
    assert ("legacy-rounds-mismatch", 3, 5) in codes(result.findings)


def test_source_format_is_trf26_only_with_a_trf26_record() -> None:
    assert model("012 T", player(1, "A")).source_format is SourceFormat.TRF16
    assert model("012 T", "142 5", player(1, "A")).source_format is SourceFormat.TRF26
    t = read_file("team-2026.trf").tournament
    assert t is not None and t.source_format is SourceFormat.TRF26
