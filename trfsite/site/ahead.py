"""The first rounds' standings ranked by a forked process while this one goes on.

Before a split event's page workers fork, the building process reads, validates
and ranks the event, one step after the other, while the second core waits for
the people pages (which start once the players are listed). Ranking the
standings after each round is the longest of those steps: with
``rounds_meanwhile`` a fork of this process ranks the first rounds while this
one makes the awards and lists the players, then ranks the last rounds itself.

The fork sends its standings back as plain tuples (``standings.transfer``) and
exits without running this process's exit handlers. If it fails in any way,
the standings are ranked here after all, so the output never depends on it.
"""

from __future__ import annotations

import logging
import os
import pickle
from collections.abc import Callable

from trfsite.model import Tournament
from trfsite.results import Standings
from trfsite.standings.transfer import pack, unpack

logger = logging.getLogger(__name__)

Rounds = tuple[Standings, ...]


def rounds_meanwhile(t: Tournament, rank: Callable[[], Rounds]) -> Callable[[], Rounds]:
    """Start ``rank`` in a fork of this process; the call returned waits for its result.

    Call it exactly once (it reaps the fork). Without ``fork`` (not on Linux or
    macOS) or when the fork fails, ``rank`` runs here when the result is asked for.
    """
    if not hasattr(os, "fork"):
        return rank
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
    except OSError as exc:
        os.close(read_end)
        os.close(write_end)
        logger.debug("no fork for the first rounds' standings (%s): ranked here", exc)
        return rank
    if pid == 0:  # pragma: no cover - the fork's side (its coverage is not collected)
        _rank_and_send(t, rank, read_end, write_end)
    os.close(write_end)

    def collect() -> Rounds:
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(pid, 0)
        if status != 0 or not data:
            code = os.waitstatus_to_exitcode(status)
            logger.debug("the first rounds' fork ended with code %d: ranked here", code)
            return rank()
        return tuple(unpack(packed, t) for packed in pickle.loads(data))

    return collect


def _rank_and_send(
    t: Tournament, rank: Callable[[], Rounds], read_end: int, write_end: int
) -> None:  # pragma: no cover - runs in the fork
    status = 1
    try:
        os.close(read_end)
        data = pickle.dumps([pack(s, t) for s in rank()], pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
        status = 0
    except BaseException:  # noqa: BLE001 - the parent ranks them itself
        pass
    finally:
        os._exit(status)
