"""The budgets of formats/limits.py: each exceeded one is a finding at its line and column."""

from __future__ import annotations

import logging

import pytest
from trf.lines import player, read, trf

from trfsite.formats import read_bytes
from trfsite.formats.limits import BUDGETS, find_budget

from .corpus import TESTS

CLEAN = (TESTS / "data" / "trf" / "clean.trf").read_text(encoding="utf-8").split("\n")
FIRST_PLAYER = 12  # clean.trf: 11 header lines, then four 001 lines


def _found(text: str, code: str) -> list[tuple[int, int]]:
    result = read_bytes(text.encode("utf-8"), "t.trf")
    return [(f.line, f.column) for f in result.findings if f.code == code]


def test_registry_lists_every_budget() -> None:
    assert find_budget("rounds").limit == 999
    with pytest.raises(KeyError, match="known budgets: 'rounds'"):
        find_budget("nonsense")
    assert len({b.code for b in BUDGETS}) == len(BUDGETS)


def test_more_player_lines_than_four_digit_ranks() -> None:
    # 11 header lines, then player 1's line 10,000 times: the 10,000th (line 11 + 10,000)
    # is the first beyond 9,999.
    text = "\n".join(CLEAN[:11] + [CLEAN[FIRST_PLAYER - 1]] * 10_000)
    assert _found(text, "players-too-many") == [(11 + 10_000, 1)]


def test_a_line_longer_than_the_budget_is_cut() -> None:
    # A 20,000-character 001 line: 12,000 characters are read, the error is at 12,001.
    text = "\n".join([*CLEAN, "001 " + "9" * 19_996])
    assert _found(text, "line-too-long") == [(len(CLEAN) + 1, 12_001)]


def test_a_declared_count_beyond_a_double_round_robin_is_ignored() -> None:
    # 4 players meet each other at most twice: 2 x (4 - 1) = 6 rounds; 142 says 7.
    lines = ["012 T", "142 7"]
    lines += [player(n, f"P{n}", [f"   {n % 4 + 1} w 1"]) for n in range(1, 5)]
    result = read(*lines)
    assert result.tournament is not None and result.tournament.rounds == 1
    assert ("rounds-declared-implausible", 2, 5) in {
        (f.code, f.line, f.column) for f in result.findings
    }
    six = read("012 T", "142 6", *lines[2:]).tournament
    assert six is not None and six.rounds == 6  # exactly a double round robin: believed


def test_a_declared_count_before_round_one_is_believed() -> None:
    # No cells yet (players still being entered): 1 player x 9 rounds is within budget.
    t = read_bytes(trf("012 T", "142 9", player(1, "A")).encode(), "t.trf").tournament
    assert t is not None and t.rounds == 9


def test_event_output_over_budget_is_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    from trfsite.site.event_build import over_output_budget

    # The CLI's own handlers may stop propagation, and a CLI run with -q before this
    # test leaves "trfsite" at ERROR: listen on the module's logger, at WARNING.
    logger = logging.getLogger("trfsite.site.event_build")
    logger.addHandler(caplog.handler)
    try:
        caplog.set_level(logging.WARNING, logger=logger.name)  # restored after the test
        limit = find_budget("output per event").limit  # 200 MiB = 209,715,200 bytes
        assert over_output_budget("open.trf", (("a.html", limit),)) == 0
        assert over_output_budget("open.trf", (("a.html", limit), ("b.html", 1))) == 1
    finally:
        logger.removeHandler(caplog.handler)
    assert "open.trf: the event's files take 210 MB" in caplog.text
    assert "[event-output-too-large]" in caplog.text


def test_findings_of_one_code_are_capped_with_a_count() -> None:
    from trfsite.findings import Finding, Severity, cap_per_code

    many = [
        Finding(Severity.ERROR, "round-colour-unknown", "x", "t.trf", n, 97) for n in range(250)
    ]
    one = [Finding(Severity.WARNING, "player-sex-unknown", "y", "t.trf", 3, 10)]
    kept = cap_per_code(many + one, 200)
    # 200 of the 250 kept, the warning kept, and one note for the 250 - 200 = 50 others.
    assert len(kept) == 200 + 1 + 1
    note = kept[-1]
    assert (note.code, note.severity) == ("findings-capped", Severity.INFO)
    assert note.message.startswith("50 more findings [round-colour-unknown] are not listed")
