"""Validation of Go tables: both sides of each game, handicaps, rounds, the file's own columns."""

from __future__ import annotations

import pytest
from egf_helpers import DATA, tournament

from trfsite.findings import Finding, Severity
from trfsite.formats.egf import read_egf
from trfsite.validate.egf_checks import check_egf


def findings(name: str) -> list[Finding]:
    return check_egf(tournament(name), name)


def codes(found: list[Finding]) -> list[str]:
    return sorted(f.code for f in found)


@pytest.mark.parametrize(
    "name", ["opengotha-ioct_20_02.h9", "hand-cup-latin1.h9", "pairgoth.h9", "egd-download.txt"]
)
def test_consistent_tables_have_no_warnings(name: str) -> None:
    assert [f for f in findings(name) if f.severity is not Severity.INFO] == []


def test_sample_columns_are_reproduced_and_its_both_win_game_is_reported() -> None:
    # OpenGotha's own MMS, SOS and SOSOS columns match trfsite's (no egf-column-differs);
    # the only remark is round 1 of rows 9 and 10, where both tokens say '+'.
    found = findings("opengotha-tournoi-chinois.h9")
    assert [(f.code, f.severity, f.line) for f in found] == [
        ("egf-game-result", Severity.WARNING, 20)
    ]
    assert "row 9 '10+/b0' and row 10 '9+/w0': both won" in found[0].message


def test_unchecked_columns_are_named_once() -> None:
    (info,) = findings("opengotha-ioct_20_02.h9")
    assert info.code == "egf-column-unchecked" and "CAT, EXT, EXR" in info.message


def test_broken_table() -> None:
    found = findings("broken.h9")
    assert codes(found) == [
        "egf-column-differs",  # MMS: row 4's start 28 does not fit its 3k
        "egf-column-differs",  # SOS: row 1 says 60; 2 (w0) 29 + 3 (b0) 29 = 58
        "egf-game-colour",  # rows 3-4 both white
        "egf-game-handicap",  # rows 3-4: 2 and 0 stones
        "egf-game-one-sided",  # row 8 names row 1, who played row 2
        "egf-game-result",  # rows 6-7: '+' against '='
        "egf-handicap-rule",  # HA[h9] yet 2 stones
        "egf-never-played",  # row 5
        "egf-opponent-unknown",  # row 2 names row 9 of 8
        "egf-rounds-count",  # row 6 has one token
    ]
    by_code = {f.code: f for f in found}
    assert by_code["egf-game-result"].severity is Severity.ERROR
    assert (by_code["egf-game-one-sided"].line, by_code["egf-game-one-sided"].column) == (11, 58)
    sos = next(f for f in found if f.code == "egf-column-differs" and "SOS" in f.message)
    assert sos.message.endswith("row 1 (One Player): file 60, computed 58")
    mms = next(f for f in found if f.code == "egf-column-differs" and "MMS" in f.message)
    assert "row 4 (Four Player, 3k): file MMS 28 means a start score of 28" in mms.message


def test_one_warning_per_column_lists_every_difference() -> None:
    text = (DATA / "hand-cup-latin1.h9").read_bytes().decode("latin-1")
    # Hand edits: row 1's SOS 94 -> 95, row 3's SOS 87½ -> 88, row 5's SOSOS 263 -> 264.
    text = text.replace("33   94  262", "33   95  262").replace("87½ 257½", " 88 257½")
    text = text.replace("80½  263", "80½  264")
    found = check_egf(read_egf(text, "edited.h9").tournament, "edited.h9")  # type: ignore[arg-type]
    differs = [f for f in found if f.code == "egf-column-differs"]
    assert [f.message for f in differs] == [
        "the file's SOS column differs from trfsite's computation for 2 player(s): "
        "row 1 (Ahn Sung Min): file 95, computed 94; row 3 (Müller Jürgen): file 88, "
        "computed 87.5",
        "the file's SOSOS column differs from trfsite's computation for 1 player(s): "
        "row 5 (Rossi Luca): file 264, computed 263",
    ]


def test_places_against_the_computed_ranking() -> None:
    text = (DATA / "hand-cup-latin1.h9").read_bytes().decode("latin-1")
    # Rows 4 and 5 swap places: row 5's SOS 80.5 beats row 4's 79.5.
    text = text.replace("   5 Dupont", "   4 Dupont").replace("   4 Rossi", "   5 Rossi")
    found = check_egf(read_egf(text, "p.h9").tournament, "p.h9")  # type: ignore[arg-type]
    (places,) = [f for f in found if f.code == "egf-places"]
    # One swap is one sentence that names the value deciding it (issue 40, class 9).
    assert places.message == (
        "places 4 and 5 look swapped: row 5 (Rossi Luca) has SOS 80.5 and row 4 "
        "(Dupont Marie) 79.5, so by the table's own order (MMS, SOS, SOSOS) row 5 is ahead"
    )


def test_tied_places_written_once_or_as_row_numbers_both_fit() -> None:
    # quirks.h2 leaves the second place of each tie blank (read as the same place).
    assert [f for f in findings("quirks.h2") if f.code == "egf-places"] == []
    text = (DATA / "quirks.h2").read_text()
    text = text.replace("     Lee", "   2 Lee").replace("     Choi", "   4 Choi")
    found = check_egf(read_egf(text, "q.h2").tournament, "q.h2")  # type: ignore[arg-type]
    assert [f for f in found if f.code == "egf-places"] == []


def test_handicaps_are_not_checked_against_a_mere_suffix() -> None:
    # quirks.h2 has no HA tag: its 'H4' game between 4d and 1k is not held against .h2.
    assert [f for f in findings("quirks.h2") if f.code == "egf-handicap-rule"] == []
    text = "; HA[h2]\n" + (DATA / "quirks.h2").read_text()
    found = check_egf(read_egf(text, "q.h2").tournament, "q.h2")  # type: ignore[arg-type]
    (rule,) = [f for f in found if f.code == "egf-handicap-rule"]
    # 4d (rank 3) v 1k (rank -1): 4 grades - 2 = 2 stones expected, 4 written.
    assert "round 1, rows 1-3 (4d v 1K): 4 stone(s), expected 2" in rule.message


def test_chess_events_are_left_alone() -> None:
    from trfsite.model import SourceFormat, Tournament

    assert check_egf(Tournament(SourceFormat.TRF16), "x.trf") == []


def test_the_validation_report_runs_the_egf_checks() -> None:
    from egf_helpers import read

    from trfsite.validate import find_check, validate

    assert find_check("egf").name == "egf"
    found = validate(read("broken.h9"), "broken.h9")
    differs = [f for f in found if f.code == "egf-column-differs"]
    # Each column warning points at its first row that differs: the MMS column at row 4
    # (line 7), the SOS column at row 1 (line 4).
    assert sorted((f.line, "SOS column" in f.message) for f in differs) == [(4, True), (7, False)]
    assert "egf-grade-unknown" in {f.code for f in found}  # the reader's own finding
