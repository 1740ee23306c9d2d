"""A call made by a forked helper (``pages.forked_call``): its result comes back whole,
and the call is made here when no helper was forked or the helper died."""

from __future__ import annotations

import os
from multiprocessing.connection import Connection

import pytest

from trfsite.pages.forked_call import ForkedCall, fork_context

needs_fork = pytest.mark.skipif(fork_context() is None, reason="helpers fork on Linux, 2+ cores")


@needs_fork
def test_the_helper_makes_the_call_and_sends_its_result() -> None:
    call = ForkedCall(lambda: (os.getpid(), ["a finding"] * 3))
    call.fork()
    assert call.helper is not None
    made_by, result = call.result()
    assert made_by != os.getpid()
    assert result == ["a finding", "a finding", "a finding"]
    assert call.helper is None and call.receiver is None  # joined and closed


def test_without_a_helper_the_call_is_made_here() -> None:
    assert ForkedCall(os.getpid).result() == os.getpid()


@needs_fork
def test_a_helper_that_dies_costs_only_time() -> None:
    parent = os.getpid()

    def dies_in_the_helper() -> str:
        if os.getpid() != parent:
            os._exit(3)
        return "made here"

    call = ForkedCall(dies_in_the_helper)
    call.fork()
    assert call.result() == "made here"


@needs_fork
def test_a_call_failing_in_the_helper_fails_here_too() -> None:
    """Its error is told once, where the result is asked for, not in the helper."""

    def broken() -> None:
        raise ValueError("broken check")

    call = ForkedCall(broken)
    call.fork()
    with pytest.raises(ValueError, match="broken check"):
        call.result()


def _forked_in_a_daemon(sender: Connection) -> None:
    call = ForkedCall(os.getpid)
    call.fork()  # a daemonic process may not have children (multiprocessing.Pool's workers)
    sender.send((call.helper is None, call.result() == os.getpid()))
    sender.close()


@needs_fork
def test_in_a_daemonic_process_the_call_is_made_there() -> None:
    context = fork_context()
    receiver, sender = context.Pipe(duplex=False)
    daemon = context.Process(target=_forked_in_a_daemon, args=(sender,), daemon=True)
    daemon.start()
    sender.close()
    assert receiver.recv() == (True, True)
    daemon.join()


@needs_fork
def test_a_helper_whose_result_is_not_asked_for_is_ended() -> None:
    """This process failed before asking: the helper does not wait to send its result."""
    call = ForkedCall(lambda: b"x" * 1_000_000)  # more than a pipe holds: it would block
    call.fork()
    helper = call.helper
    assert helper is not None
    call.cancel()
    assert not helper.is_alive() and call.helper is None and call.receiver is None
