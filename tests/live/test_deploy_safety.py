"""``trfsite deploy`` publishes only what a visitor may fetch, quietly, and never lets a
user's value reach git or rsync as an option (issues 41.3, 50.19, 50.21)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from trfsite.cli import cli
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.deploy import deploy_git, deploy_rsync

LIVE = Path(__file__).resolve().parents[1] / "data" / "live"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def _deploy(*args: str) -> Result:
    return CliRunner().invoke(cli, ["deploy", *args])


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """Two events (so the site has people pages, and the build state's stamp beside them)."""
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(LIVE / "club-round2-partial.trf", src / "club.trf")
    shutil.copy(LIVE / "club-round2-partial.trf", src / "club-again.trf")
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, pdf=False))
    assert (out / ".trfsite-state-id").is_file()  # build state: never deployed
    return out


def _visible(site: Path) -> set[str]:
    root = site.resolve()
    files = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    return {f for f in files if not any(part.startswith(".trfsite-") for part in f.split("/"))}


def test_git_deploy_publishes_no_build_state(site: Path, tmp_path: Path) -> None:
    repo = tmp_path / "pages.git"
    _git("init", "-q", "--bare", str(repo))
    done = _deploy(str(site), "--git", str(repo))
    assert done.exit_code == 0, done.output
    pushed = set(_git("-C", str(repo), "ls-tree", "-r", "--name-only", "gh-pages").split())
    assert not [f for f in pushed if ".trfsite-" in f]
    assert pushed == _visible(site) | {".nojekyll"}
    assert "people/index.html" in pushed


def test_rsync_deploy_sends_no_build_state_and_removes_an_older_deploys(
    site: Path, tmp_path: Path
) -> None:
    dest = tmp_path / "www"
    dest.mkdir()
    (dest / ".trfsite-people.json").write_text("{}", encoding="utf-8")  # an older deploy's
    done = _deploy(str(site), "--rsync", str(dest))
    assert done.exit_code == 0, done.output
    copied = {p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()}
    assert copied == _visible(site)


def test_deploy_prints_one_summary_line_and_the_file_list_only_with_v(
    site: Path, tmp_path: Path
) -> None:
    repo = tmp_path / "pages.git"
    _git("init", "-q", "--bare", str(repo))
    files = len(_visible(site))
    dry = _deploy(str(site), "--git", str(repo), "--dry-run")
    assert dry.exit_code == 0 and dry.stdout == ""
    # Every visible file plus .nojekyll is new: 'files + 1 added'.
    assert dry.stderr.splitlines() == [
        f"would deploy {site.resolve()} to {repo} branch gh-pages: "
        f"{files + 1} added, 0 changed, 0 deleted (of {files} files)"
    ]
    listed = _deploy(str(site), "--git", str(repo), "-v")
    assert listed.exit_code == 0
    lines = listed.stdout.splitlines()
    assert len(lines) == files + 1 and lines[0].split() == ["added", ".nojekyll"]
    quiet = _deploy(str(site), "--rsync", str(tmp_path / "www"), "-q")
    assert quiet.exit_code == 0 and quiet.output == ""


def test_deploy_reports_its_progress_file_by_file(site: Path, tmp_path: Path) -> None:
    repo = tmp_path / "pages.git"
    _git("init", "-q", "--bare", str(repo))
    files = len(_visible(site))
    seen: list[tuple[str, int, int]] = []
    deploy_git(site, str(repo), progress=lambda *step: seen.append(step))
    assert [s for s in seen if s[0] == "files"][-1] == ("files", files, files)
    assert seen[-1] == ("push", 1, 1)
    seen.clear()
    deploy_rsync(site, str(tmp_path / "www"), progress=lambda *step: seen.append(step))
    assert seen[-1] == ("files", files, files)  # rsync listed every file, sent or not


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--git", "--upload-pack=touch pwned"], "--git"),
        (["--git", "-c"], "--git"),
        (["--git", "REPO", "--branch", "-x"], "--branch"),
        (["--git", "REPO", "--branch", "--force"], "--branch"),
        (["--git", "REPO", "--branch", "a..b"], "--branch"),
        (["--rsync", "-n"], "--rsync"),
        (["--rsync", "--delete-before"], "--rsync"),
        (["--rsync", "me@-oProxyCommand=touch pwned:www"], "--rsync"),
    ],
)
def test_a_value_that_would_be_an_option_is_refused(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], option: str
) -> None:
    repo = tmp_path / "pages.git"
    _git("init", "-q", "--bare", str(repo))
    monkeypatch.chdir(tmp_path)
    done = _deploy(str(site), *[str(repo) if a == "REPO" else a for a in args])
    assert done.exit_code == 2, done.output  # a usage error, never 0 nor a run of git/rsync
    assert option in done.stderr and "Traceback" not in done.output
    assert not (tmp_path / "pwned").exists()
    assert _git("-C", str(repo), "branch", "--list") == ""


def test_a_folder_named_with_a_dash_is_reached_as_dot_slash(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    done = _deploy(str(site), "--rsync", "./-www")
    assert done.exit_code == 0, done.output
    assert (tmp_path / "-www" / "index.html").is_file()
