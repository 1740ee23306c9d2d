"""Hand-derived standings: every value here was worked out by hand from the regulations.

Each ``tests/data/standings/NAME.trf`` has a derivation ``NAME.md`` (the arithmetic, round by
round, citing C.07 articles and the rule set) and an expectation file ``NAME.expected.json``::

    {"cases": [{"name": "...", "args": ["--tiebreaks", "BH,SB", "--rules", "2023"],
                "system": "swiss", "cite": "C.07 8.1, 16.4 (2023)",
                "expect": {"points": {"1": 3.5}, "rank": {"1": 1},
                           "tiebreaks": {"1": {"BH": 9.0, "SB": 7.25}}}}]}

Optional keys of ``expect``:

- ``rules``: the rule set the output must name;
- ``order``: the start numbers in the order the standings list them (shared places are
  ordered by start number);
- ``tiebreak_order``: for rank-type tie-breaks such as DE, whose number only has to order a
  tied group (lower is better). ``{"DE": [[[4], [1], [2]]]}`` means DE(4) < DE(1) < DE(2);
  players in the same inner list must have equal values.

``system`` is passed as ``--system`` unless the args already name one or it is ``""``.
Every case is one test, run through click's CliRunner:
``trfsite standings FILE ARGS --format json``. The values were never copied from the
program's output.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from expected_runner import rows_by_id, run_standings, value_problems

DATA = Path(__file__).resolve().parent / "data" / "standings"
TOLERANCE = 1e-9


@dataclass(frozen=True)
class Case:
    trf: Path
    index: int
    name: str
    args: tuple[str, ...]
    system: str
    cite: str
    expect: dict[str, Any]

    @property
    def label(self) -> str:
        return f"{self.trf.name} case {self.index} {self.name!r} ({self.cite})"


def _load_cases() -> list[Case]:
    cases: list[Case] = []
    for path in sorted(DATA.glob("*.expected.json")):
        trf = path.with_name(path.name.removesuffix(".expected.json") + ".trf")
        data = json.loads(path.read_text(encoding="utf-8"))
        for index, raw in enumerate(data["cases"]):
            cases.append(
                Case(
                    trf=trf,
                    index=index,
                    name=raw.get("name", str(index)),
                    args=tuple(raw["args"]),
                    system=raw["system"],
                    cite=raw["cite"],
                    expect=raw["expect"],
                )
            )
    return cases


CASES = _load_cases()


def _run(case: Case) -> dict[str, Any]:
    return run_standings(case.label, case.trf, case.args, case.system)


def _compare(case: Case, output: dict[str, Any]) -> list[str]:
    """Every disagreement with the hand-derived values, one readable line each."""
    rows = rows_by_id(case.label, output)
    keys = ("points", "rank")
    return value_problems(output, rows, case.expect, keys, "player", TOLERANCE)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.trf.stem}-{c.name}" for c in CASES])
def test_expected_standings(case: Case) -> None:
    output = _run(case)
    problems = _compare(case, output)
    assert not problems, f"{case.label}:\n  " + "\n  ".join(problems)


# --------------------------------------------------------------------------- the fixtures
# These checks need no engine: they keep the hand-made files honest (fixed columns,
# both sides of every game agree, declared points match the cells, every file documented).

_RESULT_PAIRS = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def _player_lines(trf: Path) -> dict[int, str]:
    lines = trf.read_text(encoding="utf-8").splitlines()
    return {int(line[4:8]): line for line in lines if line.startswith("001")}


def _cells(line: str, rounds: int) -> list[tuple[int, str, str]]:
    cells = []
    for k in range(rounds):
        raw = line[91 + 10 * k : 99 + 10 * k].ljust(8)
        opponent = int(raw[0:4]) if raw[0:4].strip() else 0
        cells.append((opponent, raw[5].strip() or "-", raw[7].strip() or "Z"))
    return cells


def _rounds(trf: Path) -> int:
    for line in trf.read_text(encoding="utf-8").splitlines():
        if line.startswith("142"):
            return int(line[4:].strip())
    raise AssertionError(f"{trf.name}: no 142 record (number of rounds)")


def _scoring(trf: Path) -> dict[str, float]:
    win, draw, loss = 1.0, 0.5, 0.0
    for line in trf.read_text(encoding="utf-8").splitlines():
        if line.startswith("162"):
            # TRF-2026: a result letter at column 6, 15, 24 ..., its points in the 4 columns after
            fields = {line[c - 1]: float(line[c : c + 4]) for c in range(6, len(line), 9)}
            win, draw, loss = fields["W"], fields["D"], fields["L"]
    return {
        "1": win,
        "+": win,
        "F": win,
        "U": win,
        "=": draw,
        "H": draw,
        "0": loss,
        "-": 0.0,
        "Z": 0.0,
    }


TRFS = sorted(DATA.glob("*.trf"))


@pytest.mark.parametrize("trf", TRFS, ids=[t.stem for t in TRFS])
def test_fixture_is_consistent(trf: Path) -> None:
    rounds = _rounds(trf)
    players = _player_lines(trf)
    points = _scoring(trf)
    cells = {pid: _cells(line, rounds) for pid, line in players.items()}
    for pid, line in players.items():
        assert len(line) <= 89 + 10 * rounds, f"{trf.name} player {pid}: line too long"
        declared = float(line[80:84])
        total = sum(points[result] for _, _, result in cells[pid])
        assert declared == total, f"{trf.name} player {pid}: declared {declared}, cells {total}"
        for number, (opponent, colour, result) in enumerate(cells[pid], start=1):
            if opponent == 0:
                assert result in "HFUZ", f"{trf.name} player {pid} round {number}: {result!r}"
                continue
            back, back_colour, back_result = cells[opponent][number - 1]
            where = f"{trf.name} round {number}, players {pid} and {opponent}"
            assert back == pid, f"{where}: the opponent's cell names {back}"
            assert {colour, back_colour} == {"w", "b"}, f"{where}: colours {colour}/{back_colour}"
            double_forfeit = result == back_result == "-"
            assert double_forfeit or _RESULT_PAIRS[result] == back_result, (
                f"{where}: results {result!r} and {back_result!r} do not match"
            )


def test_every_fixture_has_its_derivation_and_expectations() -> None:
    assert TRFS, f"no fixtures in {DATA}"
    for trf in TRFS:
        assert trf.with_suffix(".md").is_file(), f"{trf.name}: derivation {trf.stem}.md missing"
        expected = trf.with_name(trf.stem + ".expected.json")
        assert expected.is_file(), f"{trf.name}: {expected.name} missing"
    for case in CASES:
        assert case.trf.is_file(), f"{case.label}: {case.trf.name} missing"
        # "": no --system, the engine infers the system from the file (pairings included)
        assert case.system in ("swiss", "round-robin", ""), f"{case.label}: system {case.system!r}"
        assert case.cite.startswith(("C.07", "TRF")), f"{case.label}: cite an article"
        assert {"points", "tiebreaks", "rank"} & set(case.expect), f"{case.label}: expects nothing"
