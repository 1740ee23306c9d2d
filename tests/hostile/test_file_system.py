"""Issue 50, items 10, 11, 12 and 17: what the results folder may hold.

A FIFO or a device named ``*.trf`` (a read would wait, or never end), a file nobody
may read, a name that is not UTF-8, a link out of the folder: each is one finding
for that file, and the rest of the site is built. Commands that could wait run in a
process of their own with a timeout, so that a hang fails the test instead of the run.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfsite.cli import cli

from .data import CLEAN, TEAM

_TIMEOUT = 120  # seconds for a command that must end at once; a hang fails the test


def _limited() -> None:  # runs in the child: 1 GB of memory, so that /dev/zero cannot win
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def _trfsite(*args: str, unprivileged: bool = False) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "trfsite", *args]
    if unprivileged and os.geteuid() == 0:
        # root reads any file; without these two capabilities it reads as others do.
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    env = {**os.environ, "TRFSITE_CACHE_DIR": ""}
    try:
        return subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=_TIMEOUT,
            env=env,
            preexec_fn=_limited,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{' '.join(args)}: no end after {_TIMEOUT} s (a read that waits)")


def _folder(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "clean.trf").write_text(CLEAN, encoding="utf-8")
    return src


def test_a_fifo_named_like_a_tournament_file_is_a_finding(tmp_path: Path) -> None:
    src = _folder(tmp_path)
    os.mkfifo(src / "pipe.trf")
    done = _trfsite("validate", str(src))
    assert done.returncode == 1, done.stderr
    assert "pipe.trf: error: is a FIFO (named pipe), not a regular file" in done.stdout
    assert "[file-not-regular]" in done.stdout
    done = _trfsite("standings", str(src / "pipe.trf"))
    assert done.returncode == 1
    assert "[file-not-regular]" in done.stderr and "Traceback" not in done.stderr
    done = _trfsite("build", str(src), "-o", str(tmp_path / "out"), "--no-pdf", "-j", "1")
    assert done.returncode == 1, done.stderr
    assert "pipe.trf: error: is a FIFO" in done.stderr
    assert (tmp_path / "out" / "clean" / "index.html").is_file()


def test_a_link_to_dev_zero_is_never_read(tmp_path: Path) -> None:
    src = _folder(tmp_path)
    os.symlink("/dev/zero", src / "zero.trf")
    done = _trfsite("standings", str(src / "zero.trf"))  # named: the link is followed ...
    assert done.returncode == 1, done.stderr
    assert "zero.trf: error: is a character device, not a regular file" in done.stderr
    done = _trfsite("validate", str(src))  # ... in a folder it leads out of it
    assert done.returncode == 1, done.stderr
    assert "is a symbolic link to '/dev/zero', outside" in done.stdout


@pytest.mark.skipif(
    os.geteuid() == 0 and shutil.which("setpriv") is None,
    reason="root reads every file; setpriv (util-linux) is needed to read as others do",
)
def test_an_unreadable_file_is_one_finding_and_the_rest_is_built(tmp_path: Path) -> None:
    src = _folder(tmp_path)
    locked = src / "locked.trf"
    locked.write_text(TEAM, encoding="utf-8")
    locked.chmod(0)
    done = _trfsite(
        "build", str(src), "-o", str(tmp_path / "out"), "--no-pdf", "-j", "1", unprivileged=True
    )
    assert "Traceback" not in done.stderr
    assert done.returncode == 1, done.stderr
    assert "locked.trf: error: cannot be read (Permission denied)" in done.stderr
    assert (tmp_path / "out" / "clean" / "index.html").is_file()
    done = _trfsite("validate", str(src), unprivileged=True)
    assert done.returncode == 1 and "[file-unreadable]" in done.stdout


def test_a_file_name_that_is_not_utf8(tmp_path: Path) -> None:
    src = _folder(tmp_path)
    # café.trf as a Latin-1 archive unpacks it: the byte 0xE9 alone is not UTF-8.
    latin = os.fsdecode(b"caf\xe9.trf")
    (src / latin).write_text(TEAM, encoding="utf-8")
    runner = CliRunner()
    for command in (["validate", "--format", "json", str(src)], ["people", "--format", "json",
                                                                 str(src)]):  # fmt: skip
        done = runner.invoke(cli, command)
        assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
        text = done.stdout_bytes.decode("utf-8")  # strict: the output is valid UTF-8
        json.loads(text)  # and valid JSON
        assert r"caf\\xe9.trf" in text  # the byte shown as \xe9 (JSON escapes the backslash)
    done = runner.invoke(cli, ["build", str(src), "-o", str(tmp_path / "out"), "--no-pdf"])
    assert done.exit_code == 0, done.output
    page = (tmp_path / "out" / "caf-xe9" / "index.html").read_bytes().decode("utf-8")
    assert "caf\\xe9.trf" in page


def test_links_out_of_the_results_folder_are_not_published(tmp_path: Path) -> None:
    src = _folder(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:SECRET-LINE", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere.trf"
    elsewhere.write_text(TEAM, encoding="utf-8")
    os.symlink(secret, src / "clean.md")  # the event's notes
    os.symlink(elsewhere, src / "linked.trf")
    inside = src / "sub"
    inside.mkdir()
    os.symlink(src / "clean.trf", inside / "again.trf")  # a link inside the folder is fine
    done = CliRunner().invoke(cli, ["build", str(src), "-o", str(tmp_path / "out"), "--no-pdf"])
    assert done.exit_code == 1, done.output
    assert "clean.md: error: is a symbolic link to" in done.output
    assert "linked.trf: error: is a symbolic link to" in done.output
    assert "[file-outside-folder]" in done.output
    out = tmp_path / "out"
    published = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())
    assert b"SECRET-LINE" not in published
    assert not (out / "linked").exists()
    assert (out / "again" / "index.html").is_file()


def test_a_theme_static_link_out_of_the_theme_is_refused(tmp_path: Path) -> None:
    src = _folder(tmp_path)
    theme = tmp_path / "theme"
    (theme / "static").mkdir(parents=True)
    (theme / "theme.toml").write_text('extends = "default"\n', encoding="utf-8")
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET-LINE", encoding="utf-8")
    os.symlink(secret, theme / "static" / "extra.css")
    out = tmp_path / "out"
    done = CliRunner().invoke(
        cli, ["build", str(src), "-o", str(out), "--no-pdf", "--theme", str(theme)]
    )
    assert done.exit_code == 2, done.output
    assert "extra.css: a symbolic link to" in done.output
    assert "outside the theme folder" in done.output
    assert not out.exists()
