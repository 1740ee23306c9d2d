"""One call made by a forked helper while this process goes on; its result sent back.

For work of a split build whose inputs this process holds and whose result is small:
the helper inherits the inputs, only the result is pickled. Where no helper can be
forked (not Linux, one core, a daemonic process), or it fails, the call is made here
when its result is asked for.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, Generic, TypeVar

from trfsite.model.frozen import mutable_record

logger = logging.getLogger(__name__)

T = TypeVar("T")


def fork_context() -> Any:
    """The fork context where a helper may be forked (Linux, two cores or more)."""
    if (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    return multiprocessing.get_context("fork")


@mutable_record
class ForkedCall(Generic[T]):
    """``call()``, made here when its result is asked for, unless a helper was forked."""

    call: Callable[[], T]
    helper: Any = None
    receiver: Connection | None = None

    def fork(self) -> None:
        """Start the call in a forked helper, where one can be forked."""
        context = fork_context()
        if context is None or self.helper is not None:
            return
        receiver, sender = context.Pipe(duplex=False)
        try:
            helper = context.Process(target=_run_helper, args=(self.call, sender), daemon=True)
            helper.start()
        except (OSError, AssertionError, ValueError) as exc:  # no fork here (a daemonic process)
            logger.debug("no forked helper: %s", exc)
            receiver.close()
            sender.close()
            return
        sender.close()
        self.helper, self.receiver = helper, receiver

    def result(self) -> T:
        """The call's result: the helper's, or made here (no helper, or it failed)."""
        receiver, helper = self.receiver, self.helper
        self.receiver = self.helper = None
        if receiver is None or helper is None:
            return self.call()
        try:
            made: T = receiver.recv()
            return made
        except (EOFError, OSError):  # the helper ended without it
            logger.debug("a forked helper ended without its result")
            return self.call()
        finally:
            receiver.close()
            helper.join()

    def cancel(self) -> None:
        """The helper ended without its result being asked for (this process failed first)."""
        receiver, helper = self.receiver, self.helper
        self.receiver = self.helper = None
        if receiver is not None and helper is not None:
            receiver.close()
            helper.terminate()
            helper.join()


def _run_helper(call: Callable[[], Any], sender: Connection) -> None:
    try:
        sender.send(call())
    except Exception:  # nothing sent: the call is made again here, where it is told
        logger.debug("a forked helper's call failed", exc_info=True)
    finally:
        sender.close()
