"""The EGF reader on hand-made tables (one per quirk of egf-format-notes.md) and the samples."""

from __future__ import annotations

import datetime as dt

import pytest
from egf_helpers import SAMPLES, read, tournament

from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.formats.egf import read_egf, sniff
from trfsite.formats.egf.header import column_names
from trfsite.formats.egf.tokens import parse_score, parse_token
from trfsite.model import Color, Game, Outcome, PairingSystem, SourceFormat


def entries(name: str, row: int) -> list[tuple[int | None, Outcome, Color, int | None]]:
    player = tournament(name).player_index()[row]
    return [(e.opponent, e.outcome, e.color, e.handicap) for e in player.rounds]


# --------------------------------------------------------------------------- sniffing
@pytest.mark.parametrize(
    "name",
    [
        "opengotha-ioct_20_02.h9",
        "opengotha-tournoi-chinois.h9",
        "fide-example1-trf16.trf",
        "fide-grandmommys-cup-trf26-team.trf",
    ],
)
def test_sniff_claims_egf_tables_and_never_trf(name: str) -> None:
    text = (SAMPLES / name).read_bytes().decode("latin-1")
    assert sniff(text) is name.endswith(".h9")


def test_sniff_player_lines_without_header() -> None:
    assert sniff("1 Kim Ji_Ho 4d KR xxxx 2+/w0 3-/b0\n2 Lee Min 5k KR xxxx 1-/b0 0+\n")
    assert not sniff("Just some notes\nabout a Go club\n")


# --------------------------------------------------------------------------- the samples
@pytest.mark.parametrize("name", ["opengotha-ioct_20_02.h9", "opengotha-tournoi-chinois.h9"])
def test_samples_read_without_warnings(name: str) -> None:
    result = read(name)
    assert result.tournament is not None
    assert [f for f in result.findings if f.severity is not Severity.INFO] == []


def test_sample_swiss_header_and_handicaps_from_tokens() -> None:
    t = tournament("opengotha-ioct_20_02.h9")
    assert (t.source_format, t.game, t.pairing_system) == (
        SourceFormat.EGF,
        Game.GO,
        PairingSystem.SWISS,
    )
    assert t.name == "Istanbul Online City Tournament 2020/02"
    # OpenGotha's PC[,TR, Istanbul]: empty first field, then the country code.
    assert (t.federation, t.city) == ("TR", "Istanbul")
    assert t.start_date == t.end_date == dt.date(2020, 8, 30)
    assert t.go is not None
    assert (t.go.komi, t.go.adjusted_time, t.go.tournament_class) == (6.5, 120.0, "D")
    # No HA tag: the .h9 suffix is only a fallback, and the tokens' handicaps win.
    assert (t.go.handicap_rule, t.go.handicap_rule_source) == (9, "suffix")
    assert t.go.columns == ("CAT", "NBW", "EXT", "EXR")
    assert entries("opengotha-ioct_20_02.h9", 1)[0] == (3, Outcome.WIN, Color.BLACK, 7)
    assert t.rounds == 3


def test_sample_mcmahon_run_together_header_filler_and_tied_places() -> None:
    t = tournament("opengotha-tournoi-chinois.h9")
    # The header names three columns; the fourth (a 0 filler) is kept as #4.
    assert t.go is not None and t.go.columns == ("MMS", "SOS", "SOSOS", "#4")
    assert t.pairing_system is PairingSystem.MCMAHON
    assert t.rounds == 5  # four score columns (one a 0 filler), then five tokens
    players = t.player_index()
    assert players[1].declared_scores[:3] == (("MMS", 32.0), ("SOS", 154.0), ("SOSOS", 772.0))
    # Row 10's place is blank: it shares row 9's place.
    assert (players[9].declared_rank, players[10].declared_rank) == (9, 9)
    assert players[24].declared_rank == 18
    assert (players[1].club, players[2].club, players[2].federation) == ("35Re", "", "")
    name = "opengotha-tournoi-chinois.h9"
    assert entries(name, 7)[0] == (8, Outcome.UNKNOWN, Color.WHITE, 0)
    assert entries(name, 1)[1] == (None, Outcome.ZERO_BYE, Color.NONE, None)


# --------------------------------------------------------------------------- hand-made tables
def test_latin1_crlf_names_grades_and_half_points() -> None:
    result = read("hand-cup-latin1.h9")
    t = result.tournament
    assert t is not None and t.go is not None
    players = t.player_index()
    assert players[1].name == "Ahn Sung Min"  # '_' inside a name part
    assert players[2].name == "van der Berg Anna"
    assert players[3].name == "Müller Jürgen"  # Latin-1 bytes decoded
    assert t.city == "Köln" and t.federation == "DE"
    assert [players[i].grade for i in (1, 3, 5)] == ["2D", "2k", "5K"]
    # 31½ written with Latin-1's 0xBD.
    assert players[2].declared_scores[0] == ("MMS", 31.5)
    assert players[3].declared_scores == (
        ("MMS", 29.0),
        ("SOS", 87.5),
        ("SOSOS", 257.5),
        ("#4", 0.0),
    )
    assert t.go.comments == ("Standard byo-yomi", "Made by hand for trfsite's tests")
    assert (t.go.handicap_rule, t.go.handicap_rule_source) == (1, "HA")
    assert entries("hand-cup-latin1.h9", 4)[1] == (None, Outcome.HALF_BYE, Color.NONE, None)
    assert entries("hand-cup-latin1.h9", 5)[0] == (None, Outcome.FULL_BYE, Color.NONE, None)
    assert players[4].declared_rank == 5 and players[5].declared_rank == 4
    assert [f.code for f in result.findings] == ["egf-score-unnamed"]


def test_egd_download_without_column_header() -> None:
    result = read("egd-download.txt")
    t = result.tournament
    assert t is not None and t.go is not None
    assert t.go.columns == ("#1",) and t.go.egd_code == "T230520A"  # a '0' filler
    assert t.go.adjusted_time == 82.5  # TM may be decimal
    players = t.player_index()
    assert players[2].name == "Łukasiewicz Paweł"  # UTF-8
    assert players[4].name == "O'Brien Seán" and players[4].grade == "15k"
    assert [p.egd_pin for p in t.players] == ["12345678", "10203040", "13000001", "14000002"]
    # Short tokens, no handicap written: HA[h9] says even games.
    assert entries("egd-download.txt", 2) == [
        (1, Outcome.LOSS, Color.BLACK, 0),
        (4, Outcome.DRAW, Color.BLACK, 0),
    ]
    assert [f.code for f in result.findings] == ["egf-score-unnamed"]


def test_pairgoth_abbreviations_decimals_and_upper_case_grades() -> None:
    t = tournament("pairgoth.h9")
    assert t.go is not None and t.go.columns == ("MMS", "SOS", "SOSOS", "SODOS")
    players = t.player_index()
    assert players[2].declared_scores == (
        ("MMS", 30.5),
        ("SOS", 49.5),
        ("SOSOS", 119.0),
        ("SODOS", 7.75),
    )
    assert players[4].grade == "15K"


def test_quirks_forfeits_h4_o_short_tokens_and_suffix_rule() -> None:
    result = read("quirks.h2")
    t = result.tournament
    assert t is not None and t.go is not None
    assert (t.go.handicap_rule, t.go.handicap_rule_source) == (2, "suffix")
    assert entries("quirks.h2", 1) == [
        (3, Outcome.WIN, Color.WHITE, 4),  # 3+/wH4
        (2, Outcome.UNKNOWN, Color.WHITE, 0),  # 2?/wO
    ]
    # 4+!b: a win by default. No handicap written: .h2 gives 5k v 15k = 10 - 2 = 8.
    assert entries("quirks.h2", 2)[0] == (4, Outcome.FORFEIT_WIN, Color.BLACK, 8)
    assert entries("quirks.h2", 4)[0] == (2, Outcome.FORFEIT_LOSS, Color.WHITE, 8)
    # 4= without colour; 1k v 15k = 14 - 2 = 12 stones, capped at 9.
    assert entries("quirks.h2", 3)[1] == (4, Outcome.DRAW, Color.NONE, 9)
    players = t.player_index()
    # '0?' (0½ with the ½ lost) right before the tokens is a score, not a round.
    assert players[3].declared_scores == (("NBW", 0.5),)
    assert players[4].declared_scores == (("NBW", 0.5),)  # '½' alone
    assert [p.declared_rank for p in t.players] == [1, 1, 3, 3]
    assert players[4].egd_pin == "87654321" and players[4].grade == "15"
    assert t.rounds == 2
    assert [(f.code, f.line) for f in result.findings] == [("egf-grade-bare", 6)]


def test_score_column_that_looks_like_a_token_is_counted_from_the_right() -> None:
    text = (
        "1 Aa Bb 1d XX xxxx 0= 2+/w0 3+/b0\n"
        "2 Cc Dd 1k XX xxxx 0= 1-/b0 0+\n"
        "3 Ee Ff 2k XX xxxx 5 0+ 1-/w0\n"
    )
    t = read_egf(text).tournament
    assert t is not None and t.rounds == 2
    assert [len(p.rounds) for p in t.players] == [2, 2, 2]


def test_unknown_token_and_grade_are_reported_where_they_are() -> None:
    text = "1 Aa Bb 45k XX xxxx 2+/w0 2*x\n2 Cc Dd 1k XX xxxx 1-/b0 1+/b0\n"
    result = read_egf(text, "t.h9")
    codes = {(f.code, f.line, f.column) for f in result.findings}
    assert ("egf-grade-unknown", 1, 9) in codes
    assert ("egf-token-unknown", 1, 27) in codes
    message = next(f.message for f in result.findings if f.code == "egf-token-unknown")
    assert "'2*x'" in message and "expected" in message


def test_iso_8859_15_half_and_utf8_half() -> None:
    # ISO-8859-15 puts 'œ' at 0xBD where Latin-1 has '½'; both mean a half point.
    assert parse_score("408œ") == 408.5
    assert read_bytes("1 A B 1d XX xxxx 3½ 0+\n".encode(), "x.h9").tournament is not None


# --------------------------------------------------------------------------- units
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12+/w0", (12, Outcome.WIN, Color.WHITE, 0)),
        ("11-/b5", (11, Outcome.LOSS, Color.BLACK, 5)),
        ("35=", (35, Outcome.DRAW, Color.NONE, None)),
        ("23+/w", (23, Outcome.WIN, Color.WHITE, None)),
        ("22+!w0", (22, Outcome.FORFEIT_WIN, Color.WHITE, 0)),
        ("22-!B", (22, Outcome.FORFEIT_LOSS, Color.BLACK, None)),
        ("7+/bH4", (7, Outcome.WIN, Color.BLACK, 4)),
        ("7-/Wo", (7, Outcome.LOSS, Color.WHITE, 0)),
        ("8?/?", (8, Outcome.UNKNOWN, Color.NONE, None)),
        ("0+", (0, Outcome.FULL_BYE, Color.NONE, None)),
        ("0-", (0, Outcome.ZERO_BYE, Color.NONE, None)),
        ("0=", (0, Outcome.HALF_BYE, Color.NONE, None)),
    ],
)
def test_parse_token(text: str, expected: tuple[int, Outcome, Color, int | None]) -> None:
    token = parse_token(text)
    assert token is not None
    assert (token.opponent, token.outcome, token.color, token.handicap) == expected


@pytest.mark.parametrize("text", ["12", "+", "12+/x", "xxxx", "3d", "12+/w0/"])
def test_parse_token_rejects(text: str) -> None:
    assert parse_token(text) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [("32", 32.0), ("12.5", 12.5), ("12,5", 12.5), ("408½", 408.5), ("408?", 408.5), ("½", 0.5)],
)
def test_parse_score(text: str, value: float) -> None:
    assert parse_score(text) == value


@pytest.mark.parametrize(
    ("header", "names"),
    [
        ("Pl Name Rk Co Club MMS SOSSOSOS", ["MMS", "SOS", "SOSOS"]),
        ("Pl Name Rk Co Club CAT NBW EXT EXR", ["CAT", "NBW", "EXT", "EXR"]),
        ("Num Name Rank Co Club NBW MMS SSOS SDOS", ["NBW", "MMS", "SOSOS", "SODOS"]),
        ("Pl Name Rk Co Club Ratin MMS SOS-1SODOS", ["Rating", "MMS", "SOS-1", "SODOS"]),
        # Issue 40: the PIN after '|' is no score column; round labels ('1.', 'playoff',
        # 'final') are not either, and 'playoff' is not cut into 5-letter names; a
        # second 'Rank' after the club is a score column, not the grade.
        ("Pl Name Rk Co Club 1 2 3 NBW SOS SOSOS | PIN", ["NBW", "SOS", "SOSOS"]),
        ("Pl Name Rk Co Club MMS SOS Pin", ["MMS", "SOS"]),
        ("Pl Name Rk Co Club 1. 2. 3. playoff final Wins SOS", ["NBW", "SOS"]),
        ("Pl Name Rank Co Club Rank SOS SOSOS", ["Rank", "SOS", "SOSOS"]),
    ],
)
def test_column_header_names(header: str, names: list[str]) -> None:
    assert column_names(header.split()).names == names


def test_header_decides_when_every_row_has_a_token_like_score() -> None:
    # Every row writes '0=' in its second score column: the header names two columns.
    text = (
        "; Pl Name Rk Co Club MMS SOS\n"
        "1 Aa Bb 1d XX xxxx 31 0= 2+/w0\n"
        "2 Cc Dd 1k XX xxxx 29 0= 1-/b0\n"
    )
    t = read_egf(text).tournament
    assert t is not None and t.rounds == 1
    # '0=' in a score column is 0½, as '1=' is 1½ (issue 40).
    assert t.players[0].declared_scores == (("MMS", 31.0), ("SOS", 0.5))


def test_reader_and_engine_never_raise_on_odd_text() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from trfsite.standings.go import compute_go_standings
    from trfsite.standings.options import StandingsOptions
    from trfsite.validate.egf_checks import check_egf

    words = st.sampled_from(
        [
            "1",
            "2",
            "Aa",
            "Bb_c",
            "3d",
            "12K",
            "15",
            "XX",
            "xxxx",
            "0",
            "31½",
            "7?",
            "0=",
            "0+",
            "0-",
            "1+/w0",
            "2-/b3",
            "3=",
            "1?/wO",
            "2+!b",
            "1-/bH4",
            "|123",
            ";",
            "HA[h1]",
            "x/y",
        ]
    )
    lines = st.lists(st.lists(words, max_size=12).map(" ".join), max_size=8)

    @settings(max_examples=200, deadline=None)
    @given(lines)
    def run(rows: list[str]) -> None:
        result = read_egf("; Pl Name Rk Co Club MMS SOS\n" + "\n".join(rows), "x.h9")
        assert result.tournament is not None
        compute_go_standings(result.tournament, StandingsOptions(tiebreaks=("SOS", "DC")))
        check_egf(result.tournament, "x.h9")

    run()
