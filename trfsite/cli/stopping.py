"""SIGTERM (a service manager, ``kill``) and SIGINT (Ctrl-C) as a request to stop.

``serve`` stops at once, as on Ctrl-C, so that its ``finally`` removes what it made;
``publish`` finishes the step under way first. A second signal always stops at once.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StopRequest:
    """Set once a stop was asked for; ``event`` wakes up a waiting watcher."""

    def __init__(self, at_once: bool) -> None:
        self.at_once = at_once
        self.event = threading.Event()
        self.signal_name = ""

    @property
    def asked(self) -> bool:
        return self.event.is_set()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        again = self.event.is_set()
        self.signal_name = signal.Signals(signum).name
        self.event.set()
        if self.at_once or again:
            raise KeyboardInterrupt

    @contextmanager
    def installed(self) -> Iterator[StopRequest]:
        """The handlers in place (main thread only), the previous ones back afterwards."""
        if threading.current_thread() is not threading.main_thread():
            yield self  # a test's thread: signals are not ours to take
            return
        previous = {sig: signal.signal(sig, self._handle) for sig in _SIGNALS}
        try:
            yield self
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
