"""Issue 50, items 16, 19, 21 and 22: what export, deploy and serve do with hostile values.

``export -o`` writes through the path the user named and never replaces a link,
a FIFO or a device; ``deploy`` never lets a repository, branch or destination reach
git or rsync as an option; ``serve`` serves the site's own files and nothing else.
"""

from __future__ import annotations

import http.client
import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfsite.cli import cli
from trfsite.cli.live_server import BuildSignal, start_server, stop_server
from trfsite.site.build import BuildOptions, build_site

from .data import CLEAN

# ----------------------------------------------------------------------- item 16: export -o


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "clean.trf"
    path.write_text(CLEAN, encoding="utf-8")
    return path


def _export(event: Path, output: Path) -> tuple[int, str]:
    done = CliRunner().invoke(cli, ["export", str(event), "-o", str(output)])
    return done.exit_code, done.output


def test_export_writes_through_a_link_and_keeps_it(event: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("kept as a file\n", encoding="utf-8")
    victim.chmod(0o640)
    link = tmp_path / "link.trf"
    link.symlink_to(victim)
    code, output = _export(event, link)
    assert code == 0, output
    # 416ffd1 renamed a new file over the link: the link was gone, the victim untouched.
    assert link.is_symlink() and os.readlink(link) == str(victim)
    assert victim.read_text(encoding="utf-8").startswith("012 Clean Cup")
    assert stat.S_IMODE(victim.stat().st_mode) == 0o640  # its mode too, not mkstemp's 0600


def test_export_refuses_a_fifo_and_leaves_it(event: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "out.trf"
    os.mkfifo(fifo)
    code, output = _export(event, fifo)
    assert code == 2
    assert "expected a regular file" in output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # 416ffd1 replaced it by a file, exit 0


def test_export_refuses_a_link_to_a_device(event: Path, tmp_path: Path) -> None:
    link = tmp_path / "full.trf"
    link.symlink_to("/dev/null")
    code, output = _export(event, link)
    assert code == 2 and "is a character device" in output
    assert link.is_symlink() and os.readlink(link) == "/dev/null"


def test_export_of_a_fifo_is_a_finding_not_a_wait(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)  # 416ffd1 read it: the test would wait forever
    done = CliRunner().invoke(cli, ["export", str(fifo)])
    assert done.exit_code == 1
    assert "[file-not-regular]" in done.output


# ------------------------------------------------------------- items 19 and 21: deploy


@pytest.fixture
def built(tmp_path: Path, event: Path) -> Path:
    out = tmp_path / "out"
    build_site(BuildOptions(event, out, pdf=False))
    return out


@pytest.mark.parametrize(
    "options",
    [
        ("--git", "--upload-pack=touch pwned"),
        ("--git", "-c"),
        ("--git", "PLACEHOLDER-REPO", "--branch", "--force"),
        ("--git", "PLACEHOLDER-REPO", "--branch", "-x"),
        ("--rsync", "-e touch pwned"),
        ("--rsync", "-x"),
    ],
)
def test_a_value_that_starts_with_a_dash_is_refused(
    built: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, ...]
) -> None:
    monkeypatch.chdir(tmp_path)  # where 'touch pwned' would leave its file
    repo = tmp_path / "repo.git"
    subprocess.run(["git", "init", "-q", "--bare", str(repo)], check=True)
    args = [str(repo) if value == "PLACEHOLDER-REPO" else value for value in options]
    done = CliRunner().invoke(cli, ["deploy", str(built), *args])
    # 416ffd1 ran the command (--upload-pack), pushed a branch named '--force', or
    # exited 0 having deployed nothing (-x).
    assert done.exit_code == 2, done.output
    assert "would be read as an option" in done.output
    assert not (tmp_path / "pwned").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "clean.trf",
        "out",
        "out.builds",
        "repo.git",
    ]


def test_a_folder_named_with_a_dash_is_reached_as_a_path(built: Path, tmp_path: Path) -> None:
    target = tmp_path / "-site"
    done = CliRunner().invoke(cli, ["deploy", str(built), "--rsync", str(target)])
    assert done.exit_code == 0, done.output
    assert (target / "index.html").is_file()


# --------------------------------------------------------------------------- item 22: serve


@pytest.fixture
def server(built: Path, tmp_path: Path) -> Iterator[int]:
    site = Path(os.path.realpath(built))
    (site / "empty").mkdir()
    (site / "passwd.html").symlink_to("/etc/passwd")
    (site / "etc").symlink_to("/etc", target_is_directory=True)
    signal = BuildSignal()
    running = start_server(built.absolute(), 0, signal)
    try:
        yield running.server_port
    finally:
        stop_server(running, signal)


def _status(port: int, path: str, method: str = "GET") -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


@pytest.mark.parametrize("method", ["GET", "HEAD"])
@pytest.mark.parametrize(
    "path",
    [
        "/x%00.html",  # 416ffd1: a traceback, the connection dropped
        "/.trfsite-build",  # the build's bookkeeping
        "/%2etrfsite-cache-id",
        "/empty/",  # a listing of the folder
        "/static/",
        "/passwd.html",  # links out of the site
        "/etc/passwd",
    ],
)
def test_serve_answers_404_for_anything_but_the_site_s_files(
    server: int, path: str, method: str
) -> None:
    assert _status(server, path, method) == 404


def test_serve_still_serves_the_site(server: int) -> None:
    assert _status(server, "/") == 200
    assert _status(server, "/index.html") == 200
    assert _status(server, "/static/style.css") == 200
    assert _status(server, "/static/style.css", "HEAD") == 200
