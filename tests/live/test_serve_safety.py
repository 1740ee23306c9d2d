"""``trfsite serve`` serves only the site's own files (issue 50.22) and builds into a
temporary folder it removes on exit, never into the results folder (issue 41.9)."""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from trfsite.cli.live_server import BuildSignal, start_server, stop_server
from trfsite.site.build import BuildOptions, build_site

LIVE = Path(__file__).resolve().parents[1] / "data" / "live"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(LIVE / "club-round2-partial.trf", src / "club.trf")
    out = tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False))
    secret = tmp_path / "secret.txt"
    secret.write_text("not the site's", encoding="utf-8")
    site = out.resolve()
    (site / "club" / "secret.html").symlink_to(secret)
    (site / "club" / "outside").symlink_to(tmp_path, target_is_directory=True)
    (site / "club" / "inside.html").symlink_to(site / "club" / "index.html")
    build = BuildSignal()
    server = start_server(out, 0, build)
    yield out, server.server_port
    stop_server(server, build)


def _get(port: int, path: str, method: str = "GET") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest(method, path, skip_accept_encoding=True)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


@pytest.mark.parametrize(
    "path",
    [
        "/.trfsite-build",
        "/.trfsite-cache-id",
        "/%2Etrfsite-build",
        "/club/../.trfsite-build",
        "/static/",  # a folder without index.html: never a listing
        "/club/rounds/",
        "/%00",
        "/club/%00index.html",
        "/index.html%00.png",
        "/club/secret.html",  # a link out of the site
        "/club/outside/secret.txt",
        "/club/outside/",
        "/../secret.txt",
        "/club/%2E%2E/%2E%2E/secret.txt",
        "/" + "x" * 5000,
        "/%ff%fe.html",
        "/club\\index.html",
    ],
)
def test_only_the_sites_own_files_are_served(
    served: tuple[Path, int], path: str, capfd: pytest.CaptureFixture[str]
) -> None:
    _, port = served
    status, body = _get(port, path)
    assert status == 404, (path, body[:200])
    assert b"not the site's" not in body and b"Directory listing" not in body
    assert _get(port, path, "HEAD")[0] == 404
    # The server is still sane: the next request on a new connection is answered.
    assert _get(port, "/club/")[0] == 200
    assert "Traceback" not in capfd.readouterr().err


def test_the_sites_files_still_are(served: tuple[Path, int]) -> None:
    _, port = served
    assert _get(port, "/")[0] == 200
    assert _get(port, "/static/style.css")[0] == 200
    assert _get(port, "/club/inside.html")[0] == 200  # a link inside the site
    assert _get(port, "/club/index.html", "HEAD")[0] == 200
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/club?x=1")
    response = connection.getresponse()
    assert response.status == 301 and response.getheader("Location") == "/club/?x=1"
    connection.close()


def _start_serve(src: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    serve = subprocess.Popen(
        [sys.executable, "-m", "trfsite", "serve", str(src), "--port", "0", *args],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert serve.stderr is not None
    for line in serve.stderr:
        if line.startswith("Serving "):
            return serve, line
    serve.wait(timeout=60)
    raise AssertionError(f"serve ended with {serve.returncode} before serving")


def test_serve_builds_into_a_temporary_folder_removed_on_sigterm(tmp_path: Path) -> None:
    src = tmp_path / "results"
    src.mkdir()
    shutil.copy(LIVE / "club-round2-partial.trf", src / "club.trf")
    before = sorted(p.name for p in src.iterdir())
    serve, line = _start_serve(src)
    found = re.match(r"Serving (\S+) on http://127\.0\.0\.1:(\d+)/", line)
    assert found is not None, line
    site = Path(found.group(1))
    assert (site / "club" / "index.html").is_file()
    assert not site.resolve().is_relative_to(src.resolve())
    assert sorted(p.name for p in src.iterdir()) == before  # nothing written into SRC
    serve.send_signal(signal.SIGTERM)
    assert serve.wait(timeout=60) == 0
    assert not site.exists() and not site.parent.exists()


def test_serve_keeps_an_output_folder_it_was_given(tmp_path: Path) -> None:
    src = tmp_path / "results"
    src.mkdir()
    shutil.copy(LIVE / "club-round2-partial.trf", src / "club.trf")
    out = tmp_path / "kept"
    serve, _ = _start_serve(src, "-o", str(out))
    os.kill(serve.pid, signal.SIGINT)  # Ctrl-C
    assert serve.wait(timeout=60) == 0
    assert (out / "club" / "index.html").is_file()
