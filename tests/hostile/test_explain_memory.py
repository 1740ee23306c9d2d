"""Issue 50: ``standings --explain --format json`` of a 1 MB table of garbage rows.

Rows of hundreds of random EGF tokens (``717+/b9``) once made the Go standings take
999 rounds from the longest row, and the explanations for 147 players x 999 rounds
came to 38 MB of JSON and 542 MB of memory (the fuzz run of 2026-11-28, seed 50,
input 20). The standings now rank the rounds the table reads (3 here), so the
explanations stay in proportion to the file. The budget is issue 50's: under
500 MB for any input under 1 MB. Memory is the peak of a child process
(``getrusage`` of the children of a fresh interpreter), not a time.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from .data import DATA

BUDGET_MB = 500
TABLE = (DATA / "egf" / "hand-cup-latin1.h9").read_bytes().decode("utf-8", errors="replace")


def garbage_table(seed: int = 20) -> str:
    """The table with 300 rows of 10-1,500 random tokens each, cut at 1,000,000 characters
    (the shape of tests/fuzz/mutations.py's garbage-lines on an EGF file)."""
    rng = random.Random(seed)
    rows = TABLE.splitlines()
    for _ in range(300):
        tokens = "  ".join(
            f"{rng.randrange(1000)}{rng.choice('+-=?')}/{rng.choice('wb')}{rng.randrange(10)}"
            for _ in range(rng.randrange(10, 1500))
        )
        rows.append(f"{rng.randrange(1, 9999):4d} Name{rng.randrange(99)}  3k XX C  {tokens}")
    return "\n".join(rows)[:1_000_000]


_MEASURE = """
import resource, subprocess, sys
with open(sys.argv[1], "wb") as out:
    code = subprocess.run([sys.executable, "-m", "trfsite", *sys.argv[2:]], stdout=out,
                          stderr=subprocess.DEVNULL).returncode
print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_of(out: Path, *args: str) -> tuple[int, float]:
    """(exit code, peak memory in MB) of ``trfsite ARGS`` run alone, its output in ``out``."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(out), *args],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    code, kib = done.stdout.split()
    return int(code), int(kib) / 1024


def test_explanations_of_a_1_mb_garbage_table_stay_within_the_budget(tmp_path: Path) -> None:
    table = tmp_path / "garbage.h9"
    table.write_text(garbage_table(), encoding="utf-8")
    assert table.stat().st_size < 2**20
    out = tmp_path / "standings.json"
    code, peak_mb = peak_of(out, "standings", str(table), "--explain", "--format", "json")
    assert code == 1  # the damaged rows are findings
    assert peak_mb < BUDGET_MB
    standings = json.loads(out.read_bytes())
    # Explanations for the rounds the table reads, not for 999: well under 1 MB of JSON
    # for 1 MB of input (38 MB before).
    assert standings["after_round"] < 999
    assert out.stat().st_size < 5 * 2**20
