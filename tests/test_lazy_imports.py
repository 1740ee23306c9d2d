"""``trfsite standings`` and ``trfsite build`` import only what their files need (issue 17:
start-up counts; issue 39: the imports before a big open's pages are on its critical path).

Each check runs the command in a fresh interpreter, then lists what got imported.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "data" / "samples"

# The modules imported after the interpreter's start are printed at exit, by an atexit
# function: those the start imported are not trfsite's doing (a Python's site-packages may
# hold .pth files that import zipfile, say, before any command runs).
_PROBE = """
import atexit, json, sys
started = set(sys.modules)
sys.argv = ["trfsite", *json.loads(sys.argv[1])]
atexit.register(
    lambda: print(json.dumps({"modules": sorted(set(sys.modules) - started)}), file=sys.stderr)
)
import runpy
runpy.run_module("trfsite", run_name="__main__")
"""

# Never needed to rank a chess file: the site, the PDF and other engines and readers.
_NEVER = ("weasyprint", "jinja2", "markdown_it", "babel", "trfsite.site", "trfsite.pages",
          "trfsite.render", "trfsite.pdf", "trfsite.people", "trfsite.cli.build_cmd")  # fmt: skip
_NOT_FOR_INDIVIDUAL = ("trfsite.standings.go", "trfsite.standings.team", "trfsite.teams",
                       "trfsite.scoring.go", "trfsite.scoring.go_context",
                       "trfsite.scoring.team_context",
                       "trfsite.formats.egf.reader", "trfsite.awards")  # fmt: skip
# A file of 0x2 records and players only: no team, bye or summary record, no stray line.
_NOT_FOR_PLAIN_TRF = ("trfsite.formats.trf.team_records", "trfsite.formats.trf.summaries",
                      "trfsite.formats.trf.draft", "trfsite.formats.trf.layout",
                      "trfsite.formats.trf.unknown_lines")  # fmt: skip


def _imported(*args: str) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(list(args))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stderr.strip().splitlines()[-1])
    modules: list[str] = report["modules"]
    return modules


def _loaded(modules: list[str], names: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == n or m.startswith(n + ".") for n in names)]


def test_individual_table_loads_no_site_no_other_engine() -> None:
    modules = _imported("standings", str(SAMPLES / "fide-example1-trf16.trf"), "--tiebreaks",
                        "BH-C1,BH,SB,PS,WIN")  # fmt: skip
    assert "trfsite.standings.individual" in modules  # the probe did rank the file
    assert _loaded(modules, _NEVER) == []
    assert _loaded(modules, _NOT_FOR_INDIVIDUAL) == []
    assert _loaded(modules, _NOT_FOR_PLAIN_TRF) == []


@pytest.mark.parametrize(
    ("sample", "engine"),
    [
        ("fide-grandmommys-cup-trf26-team.trf", "trfsite.standings.team"),
        ("opengotha-ioct_20_02.h9", "trfsite.standings.go"),
    ],
)
def test_team_and_go_files_load_their_engine_only(sample: str, engine: str) -> None:
    modules = _imported("standings", str(SAMPLES / sample))
    assert engine in modules
    assert _loaded(modules, _NEVER) == []
    other = {"trfsite.standings.team", "trfsite.standings.go"} - {engine}
    assert _loaded(modules, tuple(other)) == []


def test_a_folder_config_naming_chess_tiebreaks_loads_no_other_engine(tmp_path: Path) -> None:
    # The config's tie-break lists are checked against the registries: chess's knows these,
    # so the team and Go registries (and their contexts) are not imported to check them.
    shutil.copy(SAMPLES / "fide-example1-trf16.trf", tmp_path / "open.trf")
    (tmp_path / "trfsite.toml").write_text(
        '[events.open]\ntiebreaks = ["BH-C1", "BH", "SB", "WIN"]\n', encoding="utf-8"
    )
    modules = _imported("standings", str(tmp_path / "open.trf"))
    assert "trfsite.pages.config_tiebreaks" in modules  # the config's lists were checked
    engines = ("trfsite.scoring.go", "trfsite.scoring.team_tiebreaks",
               "trfsite.scoring.go_context", "trfsite.scoring.team_context")  # fmt: skip
    assert _loaded(modules, engines) == []


def test_json_loads_the_ratings_only_then() -> None:
    modules = _imported("standings", str(SAMPLES / "fide-example1-trf16.trf"), "--format", "json")
    assert "trfsite.awards.performance" in modules
    assert _loaded(modules, _NEVER) == []


# What ``trfsite build`` of one individual chess event, without PGN, with ``--no-pdf``, never
# uses: the other engines and readers, the games, team views, the PDF, and the commands
# that serve or publish a site.
_NOT_FOR_CHESS_SITE = ("trfsite.standings.go", "trfsite.standings.team", "trfsite.teams",
                       "trfsite.scoring.go", "trfsite.scoring.go_context",
                       "trfsite.scoring.team_context", "trfsite.formats.egf.reader",
                       "trfsite.formats.egf.header", "trfsite.formats.egf.grades",
                       "trfsite.validate.egf_checks", "trfsite.formats.pgn",
                       "trfsite.pages.games", "trfsite.pages.game_replay",
                       "trfsite.pages.game_pages", "trfsite.pages.teamview", "trfsite.pdf",
                       "weasyprint", "pypdf", "trfsite.site.live_publish", "trfsite.site.deploy",
                       "trfsite.cli.live_server")  # fmt: skip


# Nor, with no people pages and no norm to forecast, what only they use (issue 39: they were
# imported at every build's start); nor zipfile, which writes only an offline copy too large
# for the plain format.
_NOT_WITHOUT_PEOPLE_PAGES = ("trfsite.people.identity", "trfsite.people.contexts",
                             "trfsite.people.collect", "trfsite.people.incremental",
                             "trfsite.people.listings", "trfsite.people.pages",
                             "trfsite.people.rows", "trfsite.people.search", "fractions",
                             "zipfile")  # fmt: skip


def test_chess_site_without_games_loads_no_go_team_games_or_pdf(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(SAMPLES / "fide-example1-trf16.trf", src)
    # One process (--jobs 1): its modules are every module the build used.
    modules = _imported("build", str(src), "-o", str(tmp_path / "out"), "--no-pdf", "--jobs", "1")
    assert "trfsite.site.card_body" in modules  # the probe did build the pages
    assert "trfsite.validate.structure" in modules  # and checked the file
    assert _loaded(modules, _NOT_FOR_CHESS_SITE) == []
    assert _loaded(modules, _NOT_WITHOUT_PEOPLE_PAGES) == []


def test_people_site_without_series_loads_no_series_standings(tmp_path: Path) -> None:
    # Issue 46: a rebuild's one-core start imported the series' standings and pages (their
    # dataclasses compiled at import) for a site that has no [series.KEY].
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(SAMPLES / "fide-example1-trf16.trf", src / "one.trf")
    shutil.copy(SAMPLES / "fide-example1-trf16.trf", src / "two.trf")
    modules = _imported("build", str(src), "-o", str(tmp_path / "out"), "--no-pdf", "--jobs", "1")
    assert "trfsite.site.people_files" in modules  # the probe did make people pages
    assert (tmp_path / "out" / "people" / "index.html").is_file()
    series = ("trfsite.series.compute", "trfsite.series.pages", "trfsite.series.report")
    assert _loaded(modules, series) == []


# ``trfsite validate`` reads and checks: it renders nothing, keeps no state, and matches games
# only when a PGN (or ``bulletin_games``) is there.
_NOT_FOR_VALIDATE = ("jinja2", "markupsafe", "babel", "sqlite3", "multiprocessing", "hashlib",
                     "trfsite.render", "trfsite.site.state", "trfsite.site.state_cache",
                     "trfsite.site.event_rows", "trfsite.pages.plan", "trfsite.pages.contexts",
                     "trfsite.pages.games", "trfsite.people.identity")  # fmt: skip


def test_validate_of_a_file_without_games_renders_and_stores_nothing() -> None:
    modules = _imported("validate", str(SAMPLES / "fide-example1-trf16.trf"))
    assert "trfsite.validate.structure" in modules  # the probe did check the file
    assert _loaded(modules, _NOT_FOR_VALIDATE) == []
