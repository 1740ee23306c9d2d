"""Hand-derived standings of team events (FIDE C.07) and Go events (EGF / OpenGotha).

Every value here was worked out by hand from the regulations, never copied from the program.
Each data file ``tests/data/standings_team/NAME.trf`` or ``tests/data/standings_go/NAME.h9``
has a derivation ``NAME.md`` (every match or game, the scores per round, then each tie-break with
its arithmetic and article) and an expectation file ``NAME.expected.json``::

    {"cases": [{"name": "...", "args": ["--tiebreaks", "EMMSB,BH:MP", "--rules", "2023"],
                "system": "swiss", "cite": "C.07 13.2.1, 16.4 (2023)",
                "expect": {"points": {"1": 5.0}, "match_points": {"1": 5.0},
                           "game_points": {"1": 9.0}, "rank": {"1": 3},
                           "tiebreaks": {"1": {"EMMSB": 20.0}}}}]}

Keys of ``expect`` are keyed by the row id: the team pairing number (TRF 310) or the Go row
number. Besides those above:

- ``rules``: the rule set the output must name;
- ``kind`` / ``boards``: what ``tournament`` in the output must say;
- ``order``: the ids in the order the standings list them;
- ``tiebreak_order``: for rank-type tie-breaks (EDE and its chains), whose number only has to
  order a tied group, lower being better: ``{"EDE": [[[4], [3]]]}`` means EDE(4) < EDE(3); ids
  in the same inner list must have equal values.

A case may carry ``"xfail": "reason"`` when the engine disagrees with the regulation (the reason
names the article); it is then a strict xfail, so a fixed engine turns the test red until the
mark is removed. ``system`` is passed as ``--system`` unless the args name one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from expected_runner import rows_by_id, run_standings, value_problems

ROOT = Path(__file__).resolve().parent / "data"
DATA_DIRS = (ROOT / "standings_team", ROOT / "standings_go")
DATA_SUFFIXES = (".trf", ".h9")
SYSTEMS = ("swiss", "round-robin", "mcmahon")
# JSON carries at most 6 decimals (e.g. 5.5 + 13/3 shows as 9.833333): half a unit of the
# sixth decimal is the tightest fair tolerance; every hand value is a multiple of 1/12.
TOLERANCE = 5e-7


@dataclass(frozen=True)
class Case:
    data: Path
    index: int
    name: str
    args: tuple[str, ...]
    system: str
    cite: str
    expect: dict[str, Any]
    xfail: str

    @property
    def label(self) -> str:
        where = f"{self.data.parent.name}/{self.data.name}"
        return f"{where} case {self.index} {self.name!r} ({self.cite})"


def _data_file(expected: Path) -> Path:
    stem = expected.name.removesuffix(".expected.json")
    for suffix in DATA_SUFFIXES:
        candidate = expected.with_name(stem + suffix)
        if candidate.is_file():
            return candidate
    raise AssertionError(f"{expected}: no {stem}{{{','.join(DATA_SUFFIXES)}}} next to it")


def _load_cases() -> list[Case]:
    cases: list[Case] = []
    for folder in DATA_DIRS:
        for path in sorted(folder.glob("*.expected.json")):
            data = _data_file(path)
            raw_cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
            for index, raw in enumerate(raw_cases):
                cases.append(
                    Case(
                        data=data,
                        index=index,
                        name=raw.get("name", str(index)),
                        args=tuple(raw["args"]),
                        system=raw["system"],
                        cite=raw["cite"],
                        expect=raw["expect"],
                        xfail=raw.get("xfail", ""),
                    )
                )
    return cases


CASES = _load_cases()


def _run(case: Case) -> dict[str, Any]:
    return run_standings(case.label, case.data, case.args, case.system)


def _compare(case: Case, output: dict[str, Any]) -> list[str]:
    """Every disagreement with the hand-derived values, one readable line each."""
    problems: list[str] = []
    expect = case.expect
    rows = rows_by_id(case.label, output)

    tournament = output.get("tournament", {})
    for key in ("kind", "boards"):
        if key in expect and tournament.get(key) != expect[key]:
            got = tournament.get(key)
            problems.append(f"tournament {key}: expected {expect[key]!r}, got {got!r}")

    keys = ("points", "match_points", "game_points", "rank")
    return problems + value_problems(output, rows, expect, keys, "id", TOLERANCE)


def _params() -> list[Any]:
    params = []
    for case in CASES:
        marks = [pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else []
        ident = f"{case.data.parent.name.removeprefix('standings_')}-{case.data.stem}-{case.name}"
        params.append(pytest.param(case, id=ident, marks=marks))
    return params


@pytest.mark.parametrize("case", _params())
def test_expected_standings(case: Case) -> None:
    output = _run(case)
    problems = _compare(case, output)
    assert not problems, f"{case.label}:\n  " + "\n  ".join(problems)


# --------------------------------------------------------------------------- the fixtures
# These checks need no engine: they keep the hand-made files honest (fixed columns, both sides
# of every game agree, declared player points match the cells, every file documented).

_RESULT_PAIRS = {"1": "0", "0": "1", "=": "="}
_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "Z": 0.0}


def _trf_lines(trf: Path) -> list[str]:
    return trf.read_text(encoding="utf-8").splitlines()


def _rounds(lines: list[str]) -> int:
    for line in lines:
        if line.startswith("142"):
            return int(line[4:].strip())
    raise AssertionError("no 142 record (number of rounds)")


TEAM_FILES = sorted((ROOT / "standings_team").glob("*.trf"))
GO_FILES = sorted((ROOT / "standings_go").glob("*.h9"))


@pytest.mark.parametrize("trf", TEAM_FILES, ids=[t.stem for t in TEAM_FILES])
def test_team_fixture_is_consistent(trf: Path) -> None:
    lines = _trf_lines(trf)
    rounds = _rounds(lines)
    boards = next(len(line[4:].strip()) for line in lines if line.startswith("352"))
    cells: dict[int, list[tuple[int, str, str]]] = {}
    for line in lines:
        if not line.startswith("001"):
            continue
        assert len(line) <= 89 + 10 * rounds, f"{trf.name} {line[:8]!r}: line too long"
        pid = int(line[4:8])
        row = []
        for k in range(rounds):
            raw = line[91 + 10 * k : 99 + 10 * k].ljust(8)
            row.append((int(raw[0:4] or 0), raw[5].strip() or "-", raw[7].strip() or "Z"))
        cells[pid] = row
        declared = float(line[80:84])
        assert declared == sum(_POINTS[r] for _, _, r in row), f"{trf.name} player {pid}: points"
    rosters = {int(line[4:7]): line[73:].split() for line in lines if line.startswith("310")}
    assert rosters, f"{trf.name}: no 310 records"
    for number, line in ((int(line[4:7]), line) for line in lines if line.startswith("310")):
        float(line[54:60]), float(line[61:67]), int(line[68:71])  # columns 55-60, 62-67, 69-71
        assert all(int(p) in cells for p in rosters[number]), f"{trf.name} team {number}: roster"
    for pid, row in cells.items():
        for number, (opponent, colour, result) in enumerate(row, start=1):
            where = f"{trf.name} round {number}, player {pid}"
            if opponent == 0:
                assert result in "+-Z", f"{where}: {result!r} without an opponent"
                continue
            back, back_colour, back_result = cells[opponent][number - 1]
            assert back == pid, f"{where}: the opponent's cell names {back}"
            assert {colour, back_colour} == {"w", "b"}, f"{where}: colours {colour}/{back_colour}"
            assert _RESULT_PAIRS[result] == back_result, f"{where}: {result!r}/{back_result!r}"
    for line in lines:
        if line.startswith("300"):
            assert len(line[16:].split()) == boards, f"{trf.name}: {line!r} needs {boards} boards"


_TOKEN = re.compile(r"^(\d+)([-+=])(?:/([wb])(\d))?$")


@pytest.mark.parametrize("table", GO_FILES, ids=[t.stem for t in GO_FILES])
def test_go_fixture_is_consistent(table: Path) -> None:
    games: dict[int, list[re.Match[str]]] = {}
    rows = [line for line in table.read_text(encoding="utf-8").splitlines() if line.strip()]
    players = [line for line in rows if not line.lstrip().startswith(";")]
    for row, line in enumerate(players, start=1):
        tokens = [t for t in line.split() if re.match(r"^\d+[-+=]", t)]
        matches = [_TOKEN.match(t) for t in tokens]
        assert all(matches), f"{table.name} row {row}: unexpected token in {tokens}"
        games[row] = [m for m in matches if m]
    rounds = {len(g) for g in games.values()}
    assert len(rounds) == 1, f"{table.name}: players have {rounds} rounds"
    flip = {"+": "-", "-": "+", "=": "="}
    for row, parsed in games.items():
        for number, token in enumerate(parsed, start=1):
            opponent = int(token[1])
            if opponent == 0:
                continue
            back = games[opponent][number - 1]
            where = f"{table.name} round {number}, rows {row} and {opponent}"
            assert int(back[1]) == row, f"{where}: the opponent's token names {back[1]}"
            assert flip[token[2]] == back[2], f"{where}: results {token[2]}/{back[2]}"
            assert {token[3], back[3]} == {"w", "b"}, f"{where}: colours"
            assert token[4] == back[4], f"{where}: handicaps {token[4]}/{back[4]}"


def test_every_fixture_has_its_derivation_and_expectations() -> None:
    files = TEAM_FILES + GO_FILES
    assert TEAM_FILES and GO_FILES, f"no fixtures in {DATA_DIRS}"
    for data in files:
        assert data.with_suffix(".md").is_file(), f"{data.name}: derivation {data.stem}.md missing"
        expected = data.with_name(data.stem + ".expected.json")
        assert expected.is_file(), f"{data.name}: {expected.name} missing"
    for case in CASES:
        assert case.system in SYSTEMS, f"{case.label}: system {case.system!r}"
        assert case.cite.startswith(("C.07", "TRF", "EGF")), f"{case.label}: cite an article"
        assert {"points", "tiebreaks", "rank"} & set(case.expect), f"{case.label}: expects nothing"
