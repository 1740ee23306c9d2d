"""Pending rounds: standings after the last complete round, info findings only.

Expectations are worked out by hand in tests/data/live/README.md (C.07 2023).
"""

from __future__ import annotations

from pathlib import Path

from trfsite.findings import Severity
from trfsite.formats import read_bytes
from trfsite.model import ReadResult
from trfsite.progress import PendingRound, round_progress
from trfsite.standings.compute import compute_standings
from trfsite.standings.options import StandingsOptions
from trfsite.validate import validate

LIVE = Path(__file__).resolve().parents[1] / "data" / "live"
SAMPLES = LIVE.parent / "samples"


def _read(path: Path) -> ReadResult:
    result = read_bytes(path.read_bytes(), path.name)
    assert result.tournament is not None
    return result


def test_partial_round_and_byes_ahead_are_pending() -> None:
    t = _read(LIVE / "club-round2-partial.trf").tournament
    assert t is not None
    progress = round_progress(t)
    assert progress.complete == 1
    # Round 2: 3 games, 2 without a result; round 3: no game, a bye known ahead.
    assert progress.pending == (PendingRound(2, 3, 2), PendingRound(3, 0, 0))


def test_standings_are_those_after_the_last_complete_round() -> None:
    t = _read(LIVE / "club-round2-partial.trf").tournament
    assert t is not None
    s = compute_standings(t, StandingsOptions(tiebreaks=("BH", "SB")))
    assert s.after_round == 1
    got = {row.id: (row.rank, row.points, row.tiebreaks) for row in s.rows}
    # README.md: points after round 1, BH (Art. 8.1), SB (Art. 9.1), shared places.
    assert got == {
        1: (1, 1.0, (0.0, 0.0)),  # round 2's entered win does not count yet
        6: (1, 1.0, (0.0, 0.0)),
        2: (3, 0.5, (0.5, 0.25)),
        5: (3, 0.5, (0.5, 0.25)),
        3: (5, 0.0, (1.0, 0.0)),  # round 3's half-point bye does not count yet
        4: (5, 0.0, (1.0, 0.0)),
    }
    assert any("round 2 is in progress" in note for note in s.notes)


def test_pending_rounds_are_info_not_errors() -> None:
    result = _read(LIVE / "club-round2-partial.trf")
    found = validate(result, "club.trf")
    pending = [f for f in found if f.code == "round-pending"]
    assert [(f.severity, f.line) for f in pending] == [(Severity.INFO, 5), (Severity.INFO, 6)]
    assert "2 of its 3 games have no result yet" in pending[0].message
    assert "only its byes are known" in pending[1].message
    assert not [f for f in found if f.severity is Severity.ERROR]
    assert not [f for f in found if f.code in ("round-result-missing", "player-points-mismatch")]


def test_fide_example_with_round_7_pending() -> None:
    result = _read(LIVE / "fide-round7-pending.trf")
    t = result.tournament
    assert t is not None
    assert round_progress(t).pending == (PendingRound(7, 138, 138),)
    s = compute_standings(t, StandingsOptions())
    points = {row.id: row.points for row in s.rows}
    assert (s.after_round, points[1], points[2]) == (6, 5.5, 4.0)
    found = validate(result, "cut.trf")
    assert not [f for f in found if f.severity is Severity.ERROR]
    assert [f.code for f in found if f.code == "round-pending"] == ["round-pending"]
    # The warnings left are the original file's own.
    original = validate(_read(SAMPLES / "fide-example1-trf16.trf"), "cut.trf")
    warnings = {f.code for f in found if f.severity is Severity.WARNING}
    assert warnings <= {f.code for f in original if f.severity is Severity.WARNING}


def test_fide_example_with_round_7_partly_entered() -> None:
    result = _read(LIVE / "fide-round7-partial.trf")
    t = result.tournament
    assert t is not None
    assert round_progress(t).pending == (PendingRound(7, 138, 133),)
    found = validate(result, "cut.trf")
    assert not [f for f in found if f.severity is Severity.ERROR]
    pending = [f for f in found if f.code == "round-pending"]
    assert len(pending) == 1 and "133 of its 138 games" in pending[0].message


def test_pending_standings_equal_the_original_after_round_6() -> None:
    cut = _read(LIVE / "fide-round7-pending.trf").tournament
    full = _read(SAMPLES / "fide-example1-trf16.trf").tournament
    assert cut is not None and full is not None
    live = compute_standings(cut, StandingsOptions())
    before = compute_standings(full, StandingsOptions(after_round=6))
    assert [(r.id, r.points, r.tiebreaks) for r in live.rows] == [
        (r.id, r.points, r.tiebreaks) for r in before.rows
    ]


def test_go_files_keep_their_unknown_results() -> None:
    # OpenGotha wrote '8?/w0' and '7?/b0' in round 1 of this sample: EGF's own result
    # '?', counted by its score columns, neither pending nor forgotten.
    result = _read(SAMPLES / "opengotha-tournoi-chinois.h9")
    assert result.tournament is not None
    assert round_progress(result.tournament).pending == ()
    found = {f.code for f in validate(result, "t.h9")}
    assert not found & {"round-pending", "round-result-missing"}


def test_after_round_cannot_name_a_pending_round() -> None:
    from click.testing import CliRunner

    from trfsite.cli import cli

    path = str(LIVE / "club-round2-partial.trf")
    refused = CliRunner().invoke(cli, ["standings", path, "--after-round", "2"])
    assert refused.exit_code == 2 and "round 2 is in progress" in refused.output
    # README.md: 1 point after round 1 for player 1.
    done = CliRunner().invoke(cli, ["standings", path, "--after-round", "1", "--format", "json"])
    assert done.exit_code == 0 and '"after_round": 1' in done.output
