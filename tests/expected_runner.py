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
    if "--system" not in args:
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
