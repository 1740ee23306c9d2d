"""``trfsite deploy``: to a local bare repository and to a local folder, through OUT symlinks.

OUT is made a symlink to ``OUT.builds/<n>`` here, as the build's atomic publish
step does: deploy must publish the folder it points to.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from trfsite.cli import cli
from trfsite.site.build import BuildOptions, build_site

LIVE = Path(__file__).resolve().parents[1] / "data" / "live"
PRIVATE_PREFIX = ".trfsite-"


def _deploy(*args: str) -> Result:
    """``-v``: the list of files added, changed and deleted on stdout."""
    return CliRunner().invoke(cli, ["deploy", "-v", *args])


def _changes(result: Result) -> dict[str, str]:
    """{path: added|changed|deleted} from deploy's stdout lines."""
    pairs = (line.split(None, 1) for line in result.stdout.splitlines() if line.strip())
    return {path: kind for kind, path in pairs}


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


class Event:
    """A source folder with the club file, built into OUT -> OUT.builds/<n>."""

    def __init__(self, root: Path) -> None:
        self.src = root / "src"
        self.src.mkdir()
        self.trf = self.src / "club.trf"
        shutil.copy(LIVE / "club-round2-partial.trf", self.trf)
        self.out = root / "out"
        self.builds = root / "out.builds"
        self.count = 0
        self.rebuild()

    def rebuild(self) -> None:
        self.count += 1
        folder = self.builds / str(self.count)
        build_site(BuildOptions(self.src, folder, pdf=False))
        self.out.unlink(missing_ok=True)
        self.out.symlink_to(folder, target_is_directory=True)

    def enter_board_2(self) -> None:
        """Round 2, board 2 (4-2) ends 1-0: player 4's cell '   2 w' gets 1, player 2's 0."""
        text = self.trf.read_text(encoding="utf-8")
        self.trf.write_text(
            text.replace("   2 w\n", "   2 w 1\n").replace("   4 b\n", "   4 b 0\n"),
            encoding="utf-8",
        )
        self.rebuild()

    def public_files(self) -> set[str]:
        site = self.out.resolve()
        found = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
        return {p for p in found if not p.startswith(PRIVATE_PREFIX)}


@pytest.fixture
def event(tmp_path: Path) -> Event:
    return Event(tmp_path)


def test_git_deploy_dry_run_then_push_then_only_the_changes(event: Event, tmp_path: Path) -> None:
    repo = tmp_path / "pages.git"
    _git("init", "-q", "--bare", str(repo))
    dry = _deploy(str(event.out), "--git", str(repo), "--dry-run")
    assert dry.exit_code == 0, dry.output
    # Every page of the site plus .nojekyll, none of trfsite's bookkeeping files.
    assert _changes(dry) == {p: "added" for p in event.public_files() | {".nojekyll"}}
    assert _git("-C", str(repo), "branch", "--list") == ""  # nothing was pushed

    first = _deploy(str(event.out), "--git", str(repo))
    assert first.exit_code == 0, first.output
    files = set(_git("-C", str(repo), "ls-tree", "-r", "--name-only", "gh-pages").split())
    assert files == event.public_files() | {".nojekyll"}

    again = _deploy(str(event.out), "--git", str(repo))
    assert again.exit_code == 0 and _changes(again) == {}
    assert "nothing changed" in again.stderr

    event.enter_board_2()
    second = _deploy(str(event.out), "--git", str(repo))
    assert second.exit_code == 0, second.output
    changed = _changes(second)
    # The round-2 page shows the new result; round 1 and the stylesheet cannot change.
    assert changed["club/rounds/2.html"] == "changed"
    assert "club/rounds/1.html" not in changed and "static/style.css" not in changed
    assert set(changed.values()) == {"changed"}
    assert _git("-C", str(repo), "rev-list", "--count", "gh-pages").strip() == "2"
    page = _git("-C", str(repo), "show", "gh-pages:club/rounds/2.html")
    assert "1\u20130" in page


def test_git_deploy_to_another_branch(event: Event, tmp_path: Path) -> None:
    repo = tmp_path / "pages.git"
    _git("init", "-q", "--bare", str(repo))
    done = _deploy(str(event.out), "--git", str(repo), "--branch", "pages", "-m", "Round 2")
    assert done.exit_code == 0, done.output
    assert _git("-C", str(repo), "log", "-1", "--format=%s", "pages").strip() == "Round 2"


def test_rsync_deploy_mirrors_the_site_and_sends_only_what_changed(
    event: Event, tmp_path: Path
) -> None:
    dest = tmp_path / "www"
    dry = _deploy(str(event.out), "--rsync", str(dest), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert _changes(dry) == {p: "added" for p in event.public_files()}
    assert not dest.exists()

    assert _deploy(str(event.out), "--rsync", str(dest)).exit_code == 0
    copied = {p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()}
    assert copied == event.public_files()
    (dest / "stray.html").write_text("left from an old site", encoding="utf-8")

    event.rebuild()  # same input: every file rewritten with the same bytes
    same = _deploy(str(event.out), "--rsync", str(dest))
    assert _changes(same) == {"stray.html": "deleted"}

    event.enter_board_2()
    before = (dest / "club/rounds/2.html").read_bytes()
    dry = _deploy(str(event.out), "--rsync", str(dest), "--dry-run")
    assert _changes(dry)["club/rounds/2.html"] == "changed"
    assert (dest / "club/rounds/2.html").read_bytes() == before
    done = _deploy(str(event.out), "--rsync", str(dest))
    assert "club/rounds/1.html" not in _changes(done)
    assert (dest / "club/rounds/2.html").read_bytes() == (
        event.out / "club/rounds/2.html"
    ).read_bytes()


def test_deploy_refuses_a_folder_trfsite_did_not_build(tmp_path: Path) -> None:
    done = _deploy(str(tmp_path), "--rsync", str(tmp_path / "www"))
    assert done.exit_code == 1 and ".trfsite-build" in done.output
    assert "Traceback" not in done.output


def test_deploy_needs_exactly_one_target(event: Event, tmp_path: Path) -> None:
    assert _deploy(str(event.out)).exit_code == 2
    both = _deploy(str(event.out), "--git", str(tmp_path), "--rsync", str(tmp_path / "w"))
    assert both.exit_code == 2
