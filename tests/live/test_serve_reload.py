"""``trfsite serve`` adds a reload script to what it serves, never to the built files."""

from __future__ import annotations

import http.client
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from trfsite.cli.live_server import (
    EVENTS_PATH,
    BuildSignal,
    inject_reload,
    start_server,
    stop_server,
)
from trfsite.site.build import BuildOptions, build_site

LIVE = Path(__file__).resolve().parents[1] / "data" / "live"
MARK = b"trfsite serve: reload"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, int, BuildSignal]]:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(LIVE / "club-round2-partial.trf", src / "club.trf")
    out = tmp_path / "site"
    build_site(BuildOptions(src, out, pdf=False))
    signal = BuildSignal()
    server = start_server(out, 0, signal)
    yield out, server.server_port, signal
    stop_server(server, signal)


def _get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def test_served_pages_get_the_script_and_built_files_do_not(
    served: tuple[Path, int, BuildSignal],
) -> None:
    out, port, _ = served
    for path in ("/", "/club/", "/club/rounds/2.html"):
        status, body = _get(port, path)
        assert status == 200 and body.count(MARK) == 1, path
        assert body.index(MARK) < body.lower().rindex(b"</body>")
    _, css = _get(port, "/static/style.css")
    assert MARK not in css
    built = [p for p in out.rglob("*") if p.is_file()]
    assert built and not [p for p in built if MARK in p.read_bytes()]


def test_the_event_stream_sends_the_build_number_after_each_rebuild(
    served: tuple[Path, int, BuildSignal],
) -> None:
    _, port, signal = served
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", EVENTS_PATH)
    response = connection.getresponse()
    assert response.getheader("Content-Type") == "text/event-stream"
    assert response.readline() == b"retry: 1000\n"
    assert [response.readline() for _ in range(3)] == [b"event: build\n", b"data: 0\n", b"\n"]
    signal.built()
    assert [response.readline() for _ in range(3)] == [b"event: build\n", b"data: 1\n", b"\n"]
    connection.close()


def test_inject_reload_without_a_body_tag_appends() -> None:
    assert inject_reload(b"<p>x</p>").startswith(b"<p>x</p><script>")
    assert inject_reload(b"<body>x</BODY>").endswith(b"</script></BODY>")


def test_a_served_page_knows_the_build_it_came_from(
    served: tuple[Path, int, BuildSignal],
) -> None:
    # A page whose event stream connects only after a rebuild must still reload: it
    # compares what it hears with the build it was served from, not with the first
    # number it hears (under load, the rebuild used to win that race unnoticed).
    _, port, signal = served
    assert b'var seen="0";' in _get(port, "/club/")[1]
    signal.built()
    assert b'var seen="1";' in _get(port, "/club/")[1]
    assert b"var seen=null;" in inject_reload(b"<body></body>")
