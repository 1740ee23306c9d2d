"""Work started in a fork of this process while this one goes on.

A split event's checks and first rounds' standings are made this way before the
page workers fork (``pages.first_rounds``): the second core waited meanwhile.
The fork sends its result back pickled and exits without running this process's
exit handlers. If it fails in any way, the work runs here when its result is
asked for, so the output never depends on the fork.
"""

from __future__ import annotations

import logging
import os
import pickle
from collections.abc import Callable
from typing import TypeVar

logger = logging.getLogger(__name__)

_T = TypeVar("_T")


def in_a_fork(work: Callable[[], _T]) -> Callable[[], _T]:
    """Start ``work`` in a fork; the call returned waits for its result (call it once:
    it reaps the fork). Without ``fork``, or when it fails, ``work`` runs here then."""
    if not hasattr(os, "fork"):
        return work
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
    except OSError as exc:
        os.close(read_end)
        os.close(write_end)
        logger.debug("no fork for the work ahead (%s): done here", exc)
        return work
    if pid == 0:  # pragma: no cover - the fork's side (its coverage is not collected)
        _work_and_send(work, read_end, write_end)
    os.close(write_end)

    def collect() -> _T:
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(pid, 0)
        if status != 0 or not data:
            code = os.waitstatus_to_exitcode(status)
            logger.debug("the fork ahead ended with code %d: its work is done here", code)
            return work()
        made: _T = pickle.loads(data)
        return made

    return collect


def _work_and_send(
    work: Callable[[], object], read_end: int, write_end: int
) -> None:  # pragma: no cover - runs in the fork
    status = 1
    try:
        os.close(read_end)
        data = pickle.dumps(work(), pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
        status = 0
    except BaseException:  # noqa: BLE001 - the parent does the work itself
        pass
    finally:
        os._exit(status)
