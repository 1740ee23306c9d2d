"""Round cells and single fields from the wild: blank cells, '0000 - -', dates, numbers."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from trfsite.formats.trf.fields import (
    format_points,
    normalise_birth_date,
    parse_date,
    parse_points,
)
from trfsite.formats.trf.timecontrol import TimeControlError, decode_time_control
from trfsite.model import Color, Outcome
from trfsite.validate import validate

from .lines import codes, model, player, read, read_file


def _cells(*cells: str) -> list[tuple[int | None, Color, Outcome]]:
    t = model("012 T", player(1, "A", list(cells)), player(2, "B"), player(3, "C"))
    return [(c.opponent, c.color, c.outcome) for c in t.players[0].rounds]


def test_blank_cell_is_0000_minus_z() -> None:
    # TRF-2026: four blanks = 0000, blank colour = '-', blank result = Z.
    assert _cells("   2 w 1", "        ", "   3 b 0") == [
        (2, Color.WHITE, Outcome.WIN),
        (None, Color.NONE, Outcome.ZERO_BYE),
        (3, Color.BLACK, Outcome.LOSS),
    ]


def test_0000_minus_minus_is_an_unpaired_player() -> None:
    assert _cells("0000 - -") == [(None, Color.NONE, Outcome.ZERO_BYE)]


def test_0000_minus_plus_is_a_forfeit_win_without_opponent() -> None:
    assert _cells("0000 - +") == [(None, Color.NONE, Outcome.FORFEIT_WIN)]


def test_result_letters_are_case_insensitive() -> None:
    assert [o for _, _, o in _cells("   2 w w", "   3 B d", "0000 - h", "0000 - u")] == [
        Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED,
        Outcome.HALF_BYE,
        Outcome.PAIRING_BYE,
    ]


def test_lines_shorter_than_the_last_round_get_blank_cells() -> None:
    t = model("012 T", player(1, "A", ["   2 w 1", "   2 b 0"]), player(2, "B", ["   1 b 0"]))
    short = t.players[1]
    assert [(c.round, c.opponent, c.outcome) for c in short.rounds] == [
        (1, 1, Outcome.LOSS),
        (2, None, Outcome.ZERO_BYE),
    ]
    assert t.rounds == 2


def test_opponent_without_result_is_an_unknown_result() -> None:
    # Round 1 has no result although round 2 is complete: a forgotten result, not a
    # pending round (tests/data/live has those), so validation warns at the cell.
    result = read(
        "012 T",
        player(1, "A", ["   2 w  ", "   2 b 1"]),
        player(2, "B", ["   1 b  ", "   1 w 0"]),
    )
    assert result.tournament is not None
    assert result.tournament.players[0].rounds[0].outcome is Outcome.UNKNOWN
    found = codes(validate(result, "t.trf"))
    assert ("round-result-missing", 2, 99) in found
    assert ("round-result-missing", 3, 99) in found
    assert not [f for f in found if f[0] == "round-pending"]


def test_trf16_legacy_file_cells() -> None:
    t = read_file("trf16-legacy.trf").tournament
    assert t is not None
    two, three, four, five = t.players[1:]
    assert two.rounds[1].outcome is Outcome.ZERO_BYE  # blank cell
    assert three.rounds[0].outcome is Outcome.ZERO_BYE  # 0000 - -
    assert (four.rounds[0].opponent, four.rounds[0].outcome) == (None, Outcome.ZERO_BYE)  # "- z"
    assert four.rounds[2].outcome is Outcome.LOSS_UNRATED  # 'l'
    assert t.players[0].rounds[2].outcome is Outcome.WIN_UNRATED  # 'w'
    assert [c.outcome for c in five.rounds] == [Outcome.ZERO_BYE] * 3  # short line


def test_trf16_legacy_file_fields() -> None:
    t = read_file("trf16-legacy.trf").tournament
    assert t is not None
    assert t.start_date == dt.date(2005, 7, 28)  # "28. 07. 2005"
    assert t.end_date == dt.date(2005, 7, 30)  # "30/07/2005"
    one, two, three = t.players[:3]
    assert (one.title, one.birth_date) == ("GM", "1969/12/06")  # 'g', "1969.12.06"
    assert (two.sex, two.birth_date) == ("w", "1985/00/00")  # 'f', "1985"
    assert (three.name, three.birth_date) == ("Wolf, Jürgen", "")  # Latin-1, "0000/00/00"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024/08/01", dt.date(2024, 8, 1)),
        ("2024-08-01", dt.date(2024, 8, 1)),
        ("28. 07. 2005", dt.date(2005, 7, 28)),
        ("24/09/2010", dt.date(2010, 9, 24)),
        ("1969.12.06", dt.date(1969, 12, 6)),
        ("24/12/01", dt.date(2024, 12, 1)),  # 132's YY/MM/DD
        ("98/05/12", dt.date(1998, 5, 12)),
        ("28.07.05", dt.date(2005, 7, 28)),  # dots: the European DD.MM.YY
        ("05.07.28", dt.date(2028, 7, 5)),
        ("24/12/31", dt.date(2024, 12, 31)),  # slashes stay YY/MM/DD
        ("24/02/30", dt.date(2030, 2, 24)),  # ...unless only DD/MM/YY is a real date
        ("13.12.99", dt.date(1999, 12, 13)),
        ("99.12.13", dt.date(1999, 12, 13)),  # ...and the other way round
        ("2024/02/30", None),
        ("yesterday", None),
        ("", None),
    ],
)
def test_dates(text: str, expected: dt.date | None) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1987/00/00", "1987/00/00"),
        ("1987", "1987/00/00"),
        ("1969.12.06", "1969/12/06"),
        ("06.12.1969", "1969/12/06"),
        ("0000/00/00", "0000/00/00"),
        ("1990/13/01", None),
        ("abc", None),
    ],
)
def test_birth_dates(text: str, expected: str | None) -> None:
    assert normalise_birth_date(text) == expected


@pytest.mark.parametrize(
    "year", ["0000", "0999", "1000", "1900", "2000", "2024", "19a0", "１９９０"]
)
def test_birth_dates_written_as_read_take_the_same_checks(year: str) -> None:
    # YYYY/MM/DD is kept as written without going through date_parts; YYYY-MM-DD is not.
    for month in ("00", "01", "02", "12", "13", "1 "):
        for day in ("00", "01", "28", "29", "30", "31", "32", "0a"):
            written = f"{year}/{month}/{day}"
            assert normalise_birth_date(written) == normalise_birth_date(written.replace("/", "-"))


def test_points() -> None:
    assert parse_points(" 6.5".strip()) == 6.5
    assert parse_points("15") == 15.0  # 310 of the team sample writes "15"
    assert parse_points("-1.5") == -1.5
    assert parse_points("4,5") == 4.5
    assert parse_points("inf") is None
    assert parse_points("1.2.3") is None
    assert format_points(6.0) == " 6.0"
    assert format_points(12.5) == "12.5"
    assert format_points(0.25) == "0.25"
    assert format_points(102.0) == " 102"


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("5400+30", "90 min + 30 s per move"),  # TRF-2026: 90'+30"
        ("40/6000+30:900+30", "40 moves in 100 min + 30 s per move, then 15 min + 30 s per move"),
        ("W300-B240", "White 5 min; Black 4 min"),  # Armageddon example of TRF-2026
        ("180+2", "3 min + 2 s per move"),
        ("30", "30 s"),
        ("90", "1 min 30 s"),
        ("3630", "60 min 30 s"),
    ],
)
def test_time_control_codes(code: str, text: str) -> None:
    assert decode_time_control(code) == text


@pytest.mark.parametrize("code", ["90min", "40/", "W300", "5400+30:", "G/90"])
def test_bad_time_control_codes(code: str) -> None:
    with pytest.raises(TimeControlError, match=re.escape(repr(code))):
        decode_time_control(code)


def test_results_without_opponent_are_the_old_way_of_writing_byes() -> None:
    result = read("012 T", player(1, "A", ["0000 - =", "0000 - 1", "0000 - 0"]))
    assert result.tournament is not None
    assert [c.outcome for c in result.tournament.players[0].rounds] == [
        Outcome.HALF_BYE,
        Outcome.FULL_BYE,
        Outcome.ZERO_BYE,
    ]
    assert ("round-bye-as-result", 2, 92) in codes(result.findings)


def test_dos_end_of_file_character_is_ignored() -> None:
    result = read("012 T", player(1, "A"), "\x1a")
    assert result.findings == ()


def test_round_dates_every_12_columns_are_read_word_by_word() -> None:
    result = read("012 T", "132" + " " * 88 + "2024/08/01  2024/08/02  2024/08/03")
    assert result.tournament is not None
    assert result.tournament.round_dates == (
        dt.date(2024, 8, 1),
        dt.date(2024, 8, 2),
        dt.date(2024, 8, 3),
    )
    assert ("round-dates-misplaced", 2, 92) in codes(result.findings)


def test_round_dates_with_full_years_every_10_columns() -> None:
    t = model("012 T", "132" + " " * 88 + "2024/08/012024/08/02")
    assert t.round_dates == (dt.date(2024, 8, 1), dt.date(2024, 8, 2))


def test_impossible_tournament_date_says_why() -> None:
    result = read("012 Dates", "042 31. 02. 2005", "052 2005/03/02")
    found = [f for f in result.findings if f.code == "tournament-date-unreadable"]
    assert [(f.line, f.column) for f in found] == [(2, 5)]
    assert "year 2005, month 2, day 31 is not a calendar date" in found[0].message
