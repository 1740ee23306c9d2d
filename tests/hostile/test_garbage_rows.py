"""Issue 50, item 4: a file of garbage rows costs in proportion to what is read from it.

The fuzz campaign's only failures were CPU budgets: a 1 MB Go table whose rows hold
about 1,500 cell-like words (opponents beyond the table) made 1,500 score columns for
every player and one finding per word (110,000 built, 200 kept). The TRF reader built
a finding per cell of an unreadable opponent into a sink it then threw away. These
tests count the findings built and the columns kept, never time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from trfsite.findings import Finding, Severity
from trfsite.formats import read_bytes
from trfsite.formats.limits import MAX_FINDINGS_PER_CODE, MAX_SCORE_COLUMNS
from trfsite.validate import validate

from .data import CLEAN, DATA, player, with_lines

PAIRGOTH = (DATA / "egf" / "pairgoth.h9").read_text(encoding="utf-8")  # 4 rows, 2 rounds


def _garbage_row(rng: random.Random, words: int) -> str:
    # As tests/fuzz/mutations.garbage_lines makes them: cells naming rows up to 999 (the
    # table has a few hundred), so they are no result cells of this table.
    cells = "  ".join(
        f"{rng.randrange(300, 1000)}{rng.choice('+-=?')}/{rng.choice('wb')}{rng.randrange(10)}"
        for _ in range(words)
    )
    return f"{rng.randrange(1, 9999):4d} Name{rng.randrange(99)}  3k XX C  {cells}"


def _garbage_table(rows: int, words: int) -> str:
    rng = random.Random(50)
    return with_lines(PAIRGOTH, *(_garbage_row(rng, words) for _ in range(rows)))


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Finding]]:
    """Every Finding constructed while the test runs (kept or not)."""
    made: list[Finding] = []
    original = Finding.__init__

    def counting(self: Finding, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    monkeypatch.setattr(Finding, "__init__", counting)
    yield made


def test_a_go_row_of_1000_garbage_words_is_cut_with_one_finding() -> None:
    text = _garbage_table(3, 1000)
    result = read_bytes(text.encode(), "open.h9")
    t = result.tournament
    assert t is not None
    # Every player keeps at most MAX_SCORE_COLUMNS (20) score columns, not 1,500.
    assert max(len(p.declared_scores) for p in t.players) <= MAX_SCORE_COLUMNS.limit == 20
    cut = [f for f in result.findings if f.code == "egf-score-columns-too-many"]
    assert len(cut) == 3 and all(f.severity is Severity.ERROR for f in cut)
    # The first garbage row is the line after PAIRGOTH's own (its 4 rows, 2 rounds):
    # 1,000 words after 'C', 2 of them read as the 2 rounds, 998 beside them.
    first = cut[0]
    lines = text.splitlines()
    assert first.file == "open.h9"
    assert first.line == len(PAIRGOTH.rstrip("\n").splitlines()) + 1
    words = lines[first.line - 1].split()
    # Words 0-4 are place, name, grade, country and club; 5-6 the two rounds' cells;
    # 7-26 the 20 score columns kept: word 27 is the first one not read.
    value = words[27]
    assert first.column == lines[first.line - 1].index("  " + value + "  ") + 3
    assert first.message == (
        "row 5 has 998 words beside its result cells; expected at most 20 score columns "
        f"(such as MMS, SOS, SOSOS): the row looks damaged and its score words from {value!r} "
        "on are not read"
    )


def test_findings_beyond_the_cap_are_not_built(built: list[Finding]) -> None:
    # 60 rows of some 1,330 garbage words each (the lines cut at 12,000 characters).
    result = read_bytes(_garbage_table(60, 1500).encode(), "open.h9")
    kept = result.findings
    assert len([f for f in kept if f.code == "egf-score-value"]) == MAX_FINDINGS_PER_CODE.limit
    # Before: some 20,000 were built (a finding per bad score word and cell). Now at
    # most 200 of a code, and a few per row: the cut (60) and the rows' own findings.
    assert len(built) < 4 * MAX_FINDINGS_PER_CODE.limit + 10 * 60, len(built)


def test_trf_cells_of_an_unreadable_opponent_build_no_thrown_away_findings(
    built: list[Finding],
) -> None:
    # 40 players x 200 cells 'ab12 w 1': opponent unreadable, a win without opponent.
    # 8,000 cells; the reader used to build 'round-bye-as-result' for each into a sink
    # it threw away.
    lines = [player(100 + k, f"Garbage, P{k}", ["ab12 w 1"] * 200) for k in range(40)]
    result = read_bytes(with_lines(CLEAN, *lines).encode(), "t.trf")
    codes = {f.code for f in result.findings}
    assert "round-opponent-not-number" in codes
    assert len(built) < 3 * MAX_FINDINGS_PER_CODE.limit + 2 * 40, len(built)


def test_missing_results_are_built_only_while_kept(built: list[Finding]) -> None:
    # 600 players: round 1's cells name an opponent and have no result, round 2 is
    # complete, so each round-1 cell is a forgotten result: 600 warnings, 200 listed.
    def cells(k: int) -> list[str]:
        # Odd k meets k + 1 with white and wins round 2; even k meets k - 1.
        if k % 2:
            return [f"{k + 1:4d} w  ", f"{k + 1:4d} w 1"]
        return [f"{k - 1:4d} b  ", f"{k - 1:4d} b 0"]

    text = (
        "012 Missing results\n"
        + "\n".join(player(k, f"Player, P{k}", cells(k)) for k in range(1, 601))
        + "\n"
    )
    result = read_bytes(text.encode(), "t.trf")
    assert result.tournament is not None
    built.clear()
    found = validate(result, "t.trf")
    missing = [f for f in found if f.code == "round-result-missing"]
    assert len(missing) == MAX_FINDINGS_PER_CODE.limit
    assert "400 more findings [round-result-missing]" in " ".join(f.message for f in found)
    assert len([f for f in built if f.code == "round-result-missing"]) == 200


def test_unknown_opponents_are_built_only_while_kept(built: list[Finding]) -> None:
    # The fuzz run's slowest input under 1 MB (seed 2026, #1848: duplicated 001 lines
    # and hundreds of rounds) named an opponent with no 001 line in 96,000 cells;
    # validate built a finding for each (4 s of its 7) and kept 200. Here 100 players x
    # 50 cells naming players 900-949, none of whom exists: 5,000 unknown opponents.
    lines = [
        player(100 + k, f"Duplicate, P{k}", [f"{900 + r:4d} w 1" for r in range(50)])
        for k in range(100)
    ]
    result = read_bytes(with_lines(CLEAN, *lines).encode(), "t.trf")
    assert result.tournament is not None
    built.clear()
    found = validate(result, "t.trf")
    unknown = [f for f in found if f.code == "round-opponent-unknown"]
    assert len(unknown) == MAX_FINDINGS_PER_CODE.limit
    # The first is player 100's round 1 cell: CLEAN's 4 players come first.
    assert unknown[0].message.startswith("round 1: the opponent 900 of player 100 has no 001")
    assert "4,800 more findings [round-opponent-unknown]" in " ".join(f.message for f in found)
    assert len([f for f in built if f.code == "round-opponent-unknown"]) == 200


def _garbage_cells(rng: random.Random, cells: int) -> list[str]:
    # As tests/fuzz/mutations.garbage_lines fills a 001 line's round columns.
    return [
        "".join(rng.choice("0123456789 wb10=+-WLDHFUZ?/") for _ in range(8)) for _ in range(cells)
    ]


def test_lines_of_garbage_cells_do_not_decide_the_rounds() -> None:
    # Fuzz inputs #1245, #3868, ... of seed 2026: clean.trf (4 players, 3 rounds, 142
    # says 3) and 300 lines of garbage reaching ~145 cells were 145 rounds for 304
    # players (16 s of CPU to build). Here 12 such lines of 40 cells: the majority of
    # the lines, but none of their cells reads as TRF writes one ('  12 w 1').
    rng = random.Random(50)
    lines = [player(100 + k, f"Garbage, P{k}", _garbage_cells(rng, 40)) for k in range(12)]
    result = read_bytes(with_lines(CLEAN, *lines).encode(), "t.trf")
    t = result.tournament
    assert t is not None
    # The vote is CLEAN's 4 lines (3 cells each) and record 142's 3: 3 rounds.
    assert t.rounds == 3
    assert {len(p.rounds) for p in t.players} == {3}
    beyond = [f for f in result.findings if f.code == "round-cells-beyond-rounds"]
    assert len(beyond) == 12
    assert beyond[0].message.startswith(
        "player 100 has 40 round cells, but the event has 3 rounds (the file declares 3 rounds"
    )


def test_a_file_of_garbage_lines_alone_still_counts_their_cells() -> None:
    # No line's cells read as TRF writes them: every line votes, as before.
    rng = random.Random(50)
    lines = [player(k, f"Garbage, P{k}", _garbage_cells(rng, 40)) for k in range(1, 13)]
    result = read_bytes(("012 Garbage\n" + "\n".join(lines) + "\n").encode(), "t.trf")
    assert result.tournament is not None
    assert result.tournament.rounds == 40


def test_without_record_142_the_readable_lines_give_the_rounds() -> None:
    rng = random.Random(50)
    lines = [player(100 + k, f"Garbage, P{k}", _garbage_cells(rng, 40)) for k in range(12)]
    clean = "\n".join(line for line in CLEAN.splitlines() if not line.startswith("142"))
    result = read_bytes(with_lines(clean, *lines).encode(), "t.trf")
    assert result.tournament is not None and result.tournament.rounds == 3
    beyond = next(f for f in result.findings if f.code == "round-cells-beyond-rounds")
    assert "(at least half of the player lines whose cells read as TRF writes them have 3" in (
        beyond.message
    )


def test_garbage_lines_shorter_than_the_readable_ones_keep_the_count_they_gave() -> None:
    # Input #925's shape: the readable lines hold more cells (60 here) than the garbage
    # majority (40). Garbage adds no rounds, and the readable lines' 60 are not believed
    # over it either: the count stays the 40 all lines give, as before.
    rng = random.Random(50)
    # Colours alternate: one game 60 times in a row is damage itself (round-cells-repeated).
    readable = [
        player(k, f"Player, P{k}", [f"{k % 4 + 1:4d} {'wb'[r % 2]} 1" for r in range(60)])
        for k in (1, 2)
    ]
    lines = [player(100 + k, f"Garbage, P{k}", _garbage_cells(rng, 40)) for k in range(12)]
    result = read_bytes(("012 Mixed\n" + "\n".join(readable + lines) + "\n").encode(), "t.trf")
    assert result.tournament is not None and result.tournament.rounds == 40
