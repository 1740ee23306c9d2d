"""The build's worker processes end when the process that made them ends.

A service manager stopping a build may kill its main process alone (SIGKILL):
its pool workers, forks and their forks then went on, orphaned, holding memory
and the output folder's lock (8 orphans after 4 kills). Every process forked
while a build runs asks the kernel for SIGKILL when its parent goes
(``PR_SET_PDEATHSIG``, Linux, through ctypes), and checks that the parent had
not already gone; elsewhere a thread of the child watches its parent. The hook
is registered once per process (``os.register_at_fork``), so that every way the
build forks is covered: the process pools, the fork that works ahead, a
bulletin's process and the forks of a long bulletin.

The kernel sends the signal when the *thread* that forked ends; trfsite forks
from each process's main thread, which lives as long as the process.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable

logger = logging.getLogger(__name__)

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_registered = False
_parent = 0  # the process about to fork (set just before each fork)
_prctl: Callable[..., int] | None = None  # libc's, looked up before any fork


def end_children_with_this_process() -> None:
    """From now on, every process forked here (and by its forks) ends with its parent."""
    global _registered, _prctl
    if _registered or not hasattr(os, "register_at_fork"):
        return
    if sys.platform.startswith("linux"):
        try:
            # The running program's own symbols: libc's prctl, without a library search.
            _prctl = ctypes.CDLL(None, use_errno=True).prctl
        except (OSError, AttributeError):
            _prctl = None
    os.register_at_fork(before=_note_parent, after_in_child=_end_with_parent)
    _registered = True


def _note_parent() -> None:
    global _parent
    _parent = os.getpid()


def _end_with_parent() -> None:
    parent = _parent
    if not _death_signal():
        threading.Thread(target=_watch, args=(parent,), daemon=True, name="trfsite-parent").start()
    if parent and os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def _death_signal() -> bool:
    """Ask Linux to kill this process when its parent ends; False where it cannot."""
    if _prctl is None:
        return False
    return bool(_prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)


def _watch(parent: int) -> None:  # pragma: no cover - platforms without PR_SET_PDEATHSIG
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)
