"""Hand-made broken files: each finding code at the line and column of the bad field."""

from __future__ import annotations

from trfsite.findings import Severity
from trfsite.formats.trf import read_trf
from trfsite.model import ReadResult
from trfsite.validate import CHECKS, find_check, validate

from .lines import codes, player, read_file, trf

# (code, line, column), worked out from tests/data/trf/broken-fields.trf by hand.
BROKEN_FIELDS = [
    ("tournament-date-unreadable", 2, 5),  # 042 2024/13/45
    ("tournament-number-not-number", 3, 5),  # 062 six
    ("round-date-unreadable", 4, 102),  # 132: round 2's date 24/99/02 at 102-109
    ("initial-colour-unknown", 5, 5),  # 152 X
    ("scoring-code-unknown", 6, 15),  # 162: Q at column 15
    ("time-control-code-unreadable", 7, 5),  # 222 90min
    ("player-rating-not-number", 8, 49),  # rating columns 49-52
    ("player-fide-id-not-number", 9, 58),  # FIDE number columns 58-68
    ("player-birth-date-unreadable", 9, 70),  # 1990-13-01 at 70-79
    ("player-sex-unknown", 10, 10),
    ("player-title-unknown", 10, 11),
    ("player-federation-invalid", 10, 54),
    ("player-points-not-number", 11, 81),
    ("player-rank-not-number", 11, 86),
    ("round-opponent-not-number", 12, 92),  # round 1 cell at 92-99
    ("round-colour-unknown", 12, 107),  # round 2 colour: 102 + 5
    ("round-result-unknown", 12, 119),  # round 3 result: 112 + 7
    ("player-id-not-number", 13, 5),
    ("record-unreadable", 14, 5),  # 240 with bye type Q
    ("line-not-a-record", 15, 1),
    ("player-field-overflow", 16, 48),  # the name runs over column 48
    ("tournament-federation-invalid", 17, 5),
    ("board-colours-invalid", 18, 5),
    ("record-duplicate", 19, 1),
]

# The same for tests/data/trf/broken-structure.trf.
BROKEN_STRUCTURE = [
    ("players-count-mismatch", 6, 5),  # 062 says 4, five 001 lines
    ("round-dates-incomplete", 8, 92),  # two dates, three rounds
    ("round-dates-order", 8, 102),  # round 2 (24/08/02) before round 1 (24/08/03)
    ("rounds-declared-mismatch", 9, 5),  # 142 says 2, cells reach round 3
    ("game-colour-mismatch", 10, 97),  # round 1: 1 and 2 both white
    ("game-result-mismatch", 10, 109),  # round 2: 1 and 3 both won
    ("round-opponent-unknown", 11, 102),  # round 2: opponent 9 does not exist
    ("round-pairing-bye-repeated", 11, 119),  # round 3: U for 1 and for 2
    ("player-points-mismatch", 12, 81),  # 3: = + 1 + 1 = 2.5, declares 3.5
    ("game-not-reciprocal", 12, 112),  # round 3: 3 plays 4, 4 plays 2
    ("game-not-reciprocal", 13, 112),  # round 3: 4 plays 2, 2 has U
    ("bye-not-in-record", 13, 109),  # round 2: 4's H is in no 240
    ("player-id-duplicate", 14, 5),
    ("bye-record-mismatch", 15, 11),  # 240 H for 3 in round 2, 3 played
]


def _validated(name: str) -> tuple[ReadResult, list[tuple[str, int, int]]]:
    result = read_file(name)
    return result, codes(validate(result, name))


def test_broken_fields_each_finding_at_its_field() -> None:
    _, found = _validated("broken-fields.trf")
    for expected in BROKEN_FIELDS:
        assert expected in found


def test_broken_structure_each_finding_at_its_field() -> None:
    _, found = _validated("broken-structure.trf")
    for expected in BROKEN_STRUCTURE:
        assert expected in found


def test_broken_lines_are_kept_not_dropped() -> None:
    result, _ = _validated("broken-fields.trf")
    t = result.tournament
    assert t is not None
    kept = [record.text for record in t.unknown_records]
    assert "001  abc m    Id, Bad" in kept
    assert "240 Q   1    3" in kept
    assert "hello world" in kept
    assert "012 Second Name" in kept
    assert t.name == "Broken Fields"


def test_messages_quote_the_bad_value_and_say_what_was_expected() -> None:
    result = read_file("broken-fields.trf")
    rating = next(f for f in result.findings if f.code == "player-rating-not-number")
    assert "'2x00'" in rating.message and "expected" in rating.message
    assert rating.severity is Severity.ERROR
    assert rating.file == "broken-fields.trf"


def test_missing_rating_only_fields_are_warnings_only_for_rating_in_trf16() -> None:
    # Issue 19: a TRF16 file owes nothing TRF-2026 adds; --for-rating lists it.
    result = read_trf(trf("012 Minimal", player(1, "A"), player(2, "B")), "m.trf")
    default = {f.code for f in validate(result, "m.trf")}
    assert "player-fide-id-missing" not in default  # TRF16 had no such demand
    assert {"tournament-city-missing", "chief-arbiter-missing"} <= default  # TRF16 fields
    findings = validate(result, "m.trf", for_rating=True)
    for code in (
        "tournament-city-missing",
        "chief-arbiter-missing",
        "tournament-start-date-missing",
        "player-fide-id-missing",
    ):
        assert [f.severity for f in findings if f.code == code] == [Severity.WARNING]
    assert not [f for f in findings if f.severity is Severity.ERROR]


MY_CHECKS = ("unique-ids", "references", "games", "pairing-byes", "rounds", "counts", "points")
MY_CHECKS += ("round-dates", "bye-records", "mandatory")


def test_the_samples_have_no_errors_in_reading_or_in_these_checks() -> None:
    from trfsite.formats import read_bytes
    from trfsite.validate import run_check

    from .lines import SAMPLES

    for name in ("fide-example1-trf16.trf", "fide-grandmommys-cup-trf26-team.trf"):
        path = SAMPLES / name
        if not path.exists():
            continue
        result = read_bytes(path.read_bytes(), name)
        assert result.tournament is not None
        found = list(result.findings)
        for check in MY_CHECKS:
            found += run_check(find_check(check), result.tournament, name)
        assert [f.format_text() for f in found if f.severity is Severity.ERROR] == []


def _team_file(*extra: str) -> str:
    return trf(
        "012 Teams",
        "352 WB",
        player(1, "A", ["0000 - U"]),
        player(2, "B", ["0000 - U"]),
        player(3, "C", ["0000 - U"]),
        player(4, "D", ["0000 - U"]),
        # 310: team 5-7, name 9-40, players from 74 every 5 columns.
        "310   1 One" + " " * 62 + "   1    2",
        "310   2 Two" + " " * 62 + "   3    9",
        "310   3 Three" + " " * 60 + "   4    1",
        *extra,
    )


def test_team_rosters_and_team_references() -> None:
    result = read_trf(_team_file("330 +-   1   1   7"), "teams.trf")
    found = codes(validate(result, "teams.trf"))
    assert ("team-player-unknown", 8, 79) in found  # team 2's second player, 9
    assert ("team-player-twice", 9, 79) in found  # player 1 on teams 1 and 3
    assert ("record-id-unknown", 10, 16) in found  # 330: black team 7
    # Round 1: the U of players 1, 2 (team 1) and 3 (team 2): two teams.
    assert ("round-pairing-bye-repeated", 5, 99) in found


def test_registry_lists_checks_and_find_check_names_the_known_ones() -> None:
    names = [check.name for check in CHECKS]
    assert {"unique-ids", "games", "points", "mandatory"} <= set(names)
    assert find_check("games").name == "games"
    try:
        find_check("nope")
    except KeyError as exc:
        assert "unique-ids" in str(exc)
    else:
        raise AssertionError("find_check accepted an unknown name")


def test_a_crashing_check_becomes_one_finding() -> None:
    from trfsite.validate import Check, run_check

    def broken(t: object, name: str) -> list[object]:
        raise ZeroDivisionError("boom")

    result = read_trf(trf("012 T", player(1, "A")), "x.trf")
    assert result.tournament is not None
    found = run_check(Check("broken", broken), result.tournament, "x.trf")  # type: ignore[arg-type]
    assert [f.code for f in found] == ["internal-check-failed"]
