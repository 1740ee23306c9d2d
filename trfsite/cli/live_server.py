"""The server behind ``trfsite serve``: the built site, plus a page that reloads itself.

Each HTML response gets a small script that listens on ``/__trfsite/events``
(server-sent events); after every rebuild the server sends the new build
number and the open pages reload. The script is added to the response only,
never to the built files, so what ``build`` and ``deploy`` publish is unchanged.

Only the site's own files are served, as ``deploy`` publishes them: a path that
names trfsite's bookkeeping (``.trfsite-*``), a folder without ``index.html`` (no
listings), anything a symbolic link leads to outside the site, or that cannot be a
file name at all (``%00``, too long) is answered 404, never with a traceback.
"""

from __future__ import annotations

import email.utils
import http.server
import logging
import os
import threading
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote, urlsplit

from trfsite.site.deploy import is_private

logger = logging.getLogger(__name__)

EVENTS_PATH = "/__trfsite/events"
# The page knows the number of the build it was served from (SEEN) and reloads when
# it hears another; after a lost connection EventSource reconnects and hears the
# current one. Without that number (null) it keeps the first one it hears: a rebuild
# finished before the page connected would then go unnoticed.
RELOAD_SCRIPT = (
    "<script>/* trfsite serve: reload after each rebuild */(function(){"
    "if(!window.EventSource)return;var seen=SEEN;"
    f'var source=new EventSource("{EVENTS_PATH}");'
    'source.addEventListener("build",function(e){'
    "if(seen!==null&&e.data!==seen){source.close();location.reload();}seen=e.data;});"
    "})();</script>"
)
_KEEPALIVE_SECONDS = 15.0


class BuildSignal:
    """The number of the current build; waiters wake up when it changes."""

    def __init__(self) -> None:
        self._number = 0
        self._changed = threading.Condition()
        self.closed = False

    @property
    def number(self) -> int:
        with self._changed:
            return self._number

    def built(self) -> None:
        with self._changed:
            self._number += 1
            self._changed.notify_all()

    def close(self) -> None:
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def wait_past(self, number: int, timeout: float) -> int:
        """The build number once it differs from ``number`` (or the timeout passes)."""
        with self._changed:
            self._changed.wait_for(lambda: self._number != number or self.closed, timeout)
            return self._number


def inject_reload(html: bytes, build: int | None = None) -> bytes:
    """``html`` with the reload script before ``</body>`` (at the end when there is none);
    ``build``: the number of the build ``html`` was read from, or at least as old."""
    seen = "null" if build is None else f'"{build:d}"'
    script = RELOAD_SCRIPT.replace("SEEN", seen).encode()
    at = html.lower().rfind(b"</body>")
    return html + script if at < 0 else html[:at] + script + html[at:]


def site_path(site: Path, url_path: str) -> Path | None:
    """The file or folder of the site that ``url_path`` (decoded) names, or None when it
    names nothing the site publishes: bookkeeping, ``..``, a path a link leads out of
    the site by, or no possible file name."""
    if "\x00" in url_path or "\\" in url_path:
        return None
    parts = [part for part in url_path.split("/") if part]
    if any(part in (".", "..") for part in parts) or is_private("/".join(parts)):
        return None
    try:
        root = site.resolve(strict=True)  # OUT may be a link to the current build
        found = root.joinpath(*parts).resolve(strict=True)
    except (OSError, RuntimeError, ValueError):  # missing, a loop, too long
        return None
    if not found.is_relative_to(root) or is_private(found.relative_to(root).as_posix()):
        return None
    return found if found.is_file() or found.is_dir() else None


def make_handler(site: Path, signal: BuildSignal) -> type[http.server.SimpleHTTPRequestHandler]:
    """A handler serving ``site`` (a folder or a symlink to one, followed on each request)."""

    class LiveHandler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(site), **kwargs)  # type: ignore[arg-type]

        def do_GET(self) -> None:
            path = self._url_path()
            if path == EVENTS_PATH:
                self._events()
                return
            html = self._file(path)
            if html is None or html.suffix != ".html":
                super().do_GET()  # send_head below: the file, a redirect or 404
                return
            # Read before the file: a build published in between makes the page reload
            # once more, never miss it.
            number = signal.number
            try:
                body = inject_reload(html.read_bytes(), number)
            except OSError:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def send_head(self) -> BinaryIO | None:  # type: ignore[override]
            """The response's head for GET and HEAD: only the site's own files."""
            path = self._url_path()
            found = site_path(site, path)
            if found is not None and found.is_dir() and not path.endswith("/"):
                parts = urlsplit(self.path)
                self.send_response(301)
                query = f"?{parts.query}" if parts.query else ""
                self.send_header("Location", f"{parts.path}/{query}")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            file = self._file(path)
            if file is None:
                self.send_error(404, "File not found")
                return None
            try:
                stream = open(file, "rb")  # noqa: SIM115 (closed by the caller, as http.server's)
                size = os.fstat(stream.fileno()).st_size
                modified = os.fstat(stream.fileno()).st_mtime
            except OSError:
                self.send_error(404, "File not found")
                return None
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(file)))
            self.send_header("Content-Length", str(size))
            self.send_header("Last-Modified", email.utils.formatdate(modified, usegmt=True))
            self.end_headers()
            return stream

        def list_directory(self, path: str | os.PathLike[str]) -> None:  # type: ignore[override]
            self.send_error(404, "File not found")  # never a folder's listing
            return None

        def _url_path(self) -> str:
            return unquote(urlsplit(self.path).path, errors="replace")

        def _file(self, path: str) -> Path | None:
            """The file a request names (a folder's index.html), None for anything else."""
            found = site_path(site, path)
            if found is not None and found.is_dir():
                if not path.endswith("/"):
                    return None  # send_head redirects "/event" to "/event/"
                found = site_path(site, path + "index.html")
            return found if found is not None and found.is_file() else None

        def _events(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            number = signal.number
            try:
                self.wfile.write(f"retry: 1000\nevent: build\ndata: {number}\n\n".encode())
                self.wfile.flush()
                while not signal.closed:
                    now = signal.wait_past(number, _KEEPALIVE_SECONDS)
                    if now == number:
                        self.wfile.write(b": keep-alive\n\n")
                    else:
                        number = now
                        self.wfile.write(f"event: build\ndata: {number}\n\n".encode())
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the page was closed or reloaded

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            logger.debug("serve: " + format, *args)

    return LiveHandler


def start_server(site: Path, port: int, signal: BuildSignal) -> http.server.ThreadingHTTPServer:
    """Serve ``site`` on 127.0.0.1:``port`` (0: any free port) from a background thread."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), make_handler(site, signal))
    server.daemon_threads = True  # open event streams must not keep the process alive
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop_server(server: http.server.ThreadingHTTPServer, signal: BuildSignal) -> None:
    signal.close()  # ends the event streams first, so that shutdown does not wait on them
    server.shutdown()
    server.server_close()
