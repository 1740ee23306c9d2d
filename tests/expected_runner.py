"""Running `trfsite standings --format json` for the hand-derived expectation files.

Shared by tests/test_expected_standings.py (individual events) and
tests/test_expected_standings_team_go.py (team and Go events).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from click.testing import CliRunner


def run_standings(label: str, path: Path, args: tuple[str, ...], system: str) -> dict[str, Any]:
    """The parsed JSON standings of ``path``; fails the test naming ``label`` otherwise."""
    from trfsite.cli import cli

    argv = ["standings", str(path), *args]
    if system and "--system" not in args:  # "": let the engine choose (or infer)
        argv += ["--system", system]
    argv += ["--format", "json"]
    result = CliRunner().invoke(cli, argv)
    assert result.exit_code == 0, (
        f"{label}: `trfsite {' '.join(argv)}` exited with {result.exit_code}\n"
        f"{result.output}\n{result.exception!r}"
    )
    try:
        parsed: dict[str, Any] = json.loads(result.stdout)
    except json.JSONDecodeError as exc:
        raise AssertionError(f"{label}: output is not JSON ({exc}):\n{result.stdout}") from exc
    return parsed


def same(expected: object, got: object, tolerance: float) -> bool:
    """Equal numbers within ``tolerance``, or both null."""
    if expected is None or got is None:
        return expected is None and got is None
    if isinstance(got, bool) or not isinstance(got, int | float):
        return False
    assert isinstance(expected, int | float)
    return math.isclose(float(got), float(expected), rel_tol=0.0, abs_tol=tolerance)


def rows_by_id(label: str, output: dict[str, Any]) -> dict[str, dict[str, Any]]:
    rows = {str(row["id"]): row for row in output["standings"]}
    assert len(rows) == len(output["standings"]), f"{label}: duplicate ids in the output"
    return rows


def value_problems(
    output: dict[str, Any],
    rows: dict[str, dict[str, Any]],
    expect: dict[str, Any],
    keys: tuple[str, ...],
    noun: str,
    tolerance: float,
) -> list[str]:
    """Every disagreement with the hand-derived rule set, row values (``keys``: points,
    rank...), tie-break values and orders, one readable line each."""
    problems: list[str] = []
    if "rules" in expect and output.get("rules") != expect["rules"]:
        problems.append(f"rule set: expected {expect['rules']!r}, got {output.get('rules')!r}")
    for key in keys:
        for rid, value in expect.get(key, {}).items():
            row = rows.get(rid)
            if row is None:
                problems.append(f"{noun} {rid}: missing from the standings")
            elif not same(value, row.get(key), tolerance):
                problems.append(f"{noun} {rid} {key}: expected {value!r}, got {row.get(key)!r}")
    for rid, codes in expect.get("tiebreaks", {}).items():
        row = rows.get(rid)
        if row is None:
            problems.append(f"{noun} {rid}: missing from the standings")
            continue
        values = row.get("tiebreaks", {})
        for code, value in codes.items():
            if code not in values:
                problems.append(
                    f"{noun} {rid} {code}: no such key in the output (keys: {sorted(values)})"
                )
            elif not same(value, values[code], tolerance):
                problems.append(f"{noun} {rid} {code}: expected {value!r}, got {values[code]!r}")
    return problems + order_problems(output, rows, expect, noun, tolerance)


def order_problems(
    output: dict[str, Any],
    rows: dict[str, dict[str, Any]],
    expect: dict[str, Any],
    noun: str,
    tolerance: float,
) -> list[str]:
    """The expectations on order: the whole row order, and tiers of still-tied rows per
    tie-break (``noun`` names the rows in messages: "player" or "id")."""
    problems: list[str] = []
    if "order" in expect:
        got_order = [row["id"] for row in output["standings"]]
        if got_order != expect["order"]:
            problems.append(f"row order: expected {expect['order']}, got {got_order}")
    for code, groups in expect.get("tiebreak_order", {}).items():
        for group in groups:
            problems += _check_order(rows, code, group, noun, tolerance)
    return problems


def _check_order(
    rows: dict[str, dict[str, Any]],
    code: str,
    group: list[list[int]],
    noun: str,
    tolerance: float,
) -> list[str]:
    """Lower is better: each tier must be strictly below the next, equal within a tier."""
    values: list[list[float]] = []
    for tier in group:
        tier_values = []
        for rid in tier:
            value = rows.get(str(rid), {}).get("tiebreaks", {}).get(code)
            if not isinstance(value, int | float):
                return [f"{noun} {rid} {code}: expected a number, got {value!r}"]
            tier_values.append(float(value))
        values.append(tier_values)
    problems = []
    for tier, tier_values in zip(group, values, strict=True):
        if max(tier_values) - min(tier_values) > tolerance:
            shown = dict(zip(tier, tier_values, strict=True))
            problems.append(f"{code}: {noun}s {tier} should be equal (still tied), got {shown}")
    for (upper, upper_values), (lower, lower_values) in zip(
        zip(group, values, strict=True), zip(group[1:], values[1:], strict=True), strict=False
    ):
        if not max(upper_values) < min(lower_values) - tolerance:
            problems.append(
                f"{code}: {noun}s {upper} ({upper_values}) should rank before "
                f"{lower} ({lower_values}), lower being better"
            )
    return problems
