"""Figures for publishing during an event: pending-round detection and deploys.

Prints: the time ``round_progress`` takes on a generated open (once per
tournament; the site and validation reuse it), and the wall time of
``trfsite deploy`` to a local bare repository and by rsync to a local folder,
first deploy and a redeploy after a rebuild that changed one result.

    python benchmarks/bench_live.py [--players 2000] [--rounds 11] [--runs 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generate import generate_individual_swiss  # noqa: E402

from trfsite.formats import read_bytes  # noqa: E402
from trfsite.progress import _progress
from trfsite.site.build import BuildOptions, build_site  # noqa: E402
from trfsite.site.deploy import deploy_git, deploy_rsync  # noqa: E402


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)

    text = generate_individual_swiss(args.players, args.rounds, 1)
    t = read_bytes(text.encode(), "open.trf").tournament
    assert t is not None
    times = [_timed(lambda: _progress(t)) for _ in range(args.runs)]
    print(
        f"round_progress, {args.players} players x {args.rounds} rounds: "
        f"median {statistics.median(times) * 1000:.1f} ms"
    )

    sample = Path(__file__).resolve().parents[1] / "tests" / "data" / "live"
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        src = root / "src"
        src.mkdir()
        shutil.copy(sample / "fide-round7-partial.trf", src / "open.trf")
        out = root / "out"
        build_site(BuildOptions(src, out, pdf=False))
        repo = root / "pages.git"
        subprocess.run(["git", "init", "-q", "--bare", str(repo)], check=True)
        files = sum(1 for p in out.rglob("*") if p.is_file())
        print(f"site of the 284-player cut: {files} files")
        print(f"deploy --git, first push:   {_timed(lambda: deploy_git(out, str(repo))):.2f} s")
        dest = root / "www"
        print(f"deploy --rsync, first copy: {_timed(lambda: deploy_rsync(out, str(dest))):.2f} s")
        trf = src / "open.trf"
        trf.write_text(_enter_board_6(trf.read_text(encoding="utf-8")), encoding="utf-8")
        build_site(BuildOptions(src, out, pdf=False))
        start = time.perf_counter()
        report = deploy_git(out, str(repo))
        git_took = time.perf_counter() - start
        start = time.perf_counter()
        rsync_report = deploy_rsync(out, str(dest))
        rsync_took = time.perf_counter() - start
        print(
            f"after one more result: deploy --git {git_took:.2f} s, "
            f"{len(report.changes)} files changed"
        )
        print(
            f"after one more result: deploy --rsync {rsync_took:.2f} s, "
            f"{len(rsync_report.changes)} files sent"
        )


def _enter_board_6(text: str) -> str:
    """Round 7 of the partial cut, board 6 (player 6 and their opponent): white wins."""
    cell = 151  # round 7's cell, 0-based
    lines = text.split("\n")
    six = next(line for line in lines if line.startswith("001") and int(line[4:8]) == 6)
    pair = {6, int(six[cell : cell + 4])}
    out = []
    for line in lines:
        if line.startswith("001") and int(line[4:8]) in pair:
            result = "1" if line[cell + 5] == "w" else "0"
            line = line[: cell + 7] + result + line[cell + 8 :]
        out.append(line)
    return "\n".join(out)


if __name__ == "__main__":
    main()
