"""``trfsite build`` as its own process: it ends losing nothing.

What it prints and writes must all be there, as after any normal exit.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sitehelpers import ROOT, small_round_robin


def test_a_build_process_prints_and_writes_everything(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "small.trf").write_text(small_round_robin(), encoding="utf-8")
    out = tmp_path / "site"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # --jobs 2 with one event: the event is split, prepared here and shared.
    done = subprocess.run(
        [sys.executable, "-m", "trfsite", "build", str(src), "-o", str(out), "--no-pdf",
         "--jobs", "2"],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    # The summary line, written just before the process ends, reached stderr.
    assert done.stderr.rstrip().splitlines()[-1].startswith("1 event, ")
    assert (out / "index.html").is_file()
    assert (out / "small" / "players" / "4.html").is_file()
    # The cache's id, written last (site.cache): a complete line.
    assert len((out / ".trfsite-cache-id").read_text(encoding="ascii")) == 65
    # Four players, three rounds: every page of the event was written in full.
    for page in (out / "small").rglob("*.html"):
        assert page.read_text(encoding="utf-8").rstrip().endswith("</html>"), page
