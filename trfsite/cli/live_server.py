"""The server behind ``trfsite serve``: the built site, plus a page that reloads itself.

Each HTML response gets a small script that listens on ``/__trfsite/events``
(server-sent events); after every rebuild the server sends the new build
number and the open pages reload. The script is added to the response only,
never to the built files, so what ``build`` and ``deploy`` publish is unchanged.

Only the site's own files are served: a hidden name (the build's ``.trfsite-*``
bookkeeping), a folder without ``index.html`` (no listings), a path with a NUL
byte, or a symbolic link leading out of the site gets 404.
"""

from __future__ import annotations

import http.server
import logging
import os
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

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


def make_handler(site: Path, signal: BuildSignal) -> type[http.server.SimpleHTTPRequestHandler]:
    """A handler serving ``site`` (a folder or a symlink to one, followed on each request)."""

    class LiveHandler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(site), **kwargs)  # type: ignore[arg-type]

        def do_GET(self) -> None:
            path = unquote(urlsplit(self.path).path)
            if path == EVENTS_PATH:
                self._events()
                return
            if not self._servable(path):
                self.send_error(404)
                return
            html = self._html_file(path)
            if html is None:
                super().do_GET()
                return
            # Read before the file: a build published in between makes the page reload
            # once more, never miss it.
            number = signal.number
            body = inject_reload(html.read_bytes(), number)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_HEAD(self) -> None:
            if not self._servable(unquote(urlsplit(self.path).path)):
                self.send_error(404)
                return
            super().do_HEAD()

        def _servable(self, path: str) -> bool:
            """A file of the site itself (or a folder with its index.html)."""
            if "\x00" in path or any(part.startswith(".") for part in path.split("/")):
                return False
            found = self.translate_path(path)
            root = os.path.realpath(site)
            real = os.path.realpath(found)
            if real != root and not real.startswith(root + os.sep):
                return False
            if os.path.isdir(real):
                index = os.path.realpath(os.path.join(found, "index.html"))
                return index.startswith(root + os.sep) and os.path.isfile(index)
            return True

        def list_directory(self, path: str | os.PathLike[str]) -> None:
            self.send_error(404)  # _servable lets no folder without index.html through
            return None

        def _html_file(self, path: str) -> Path | None:
            """The HTML file a request names (a folder's index.html), None for anything else."""
            if path.endswith("/") or not Path(path).suffix:
                if not path.endswith("/"):
                    return None  # the default handler redirects "/event" to "/event/"
                path += "index.html"
            if not path.endswith(".html"):
                return None
            found = Path(self.translate_path(path))
            return found if found.is_file() else None

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
