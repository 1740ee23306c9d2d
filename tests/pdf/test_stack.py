"""deep_call (trfsite.pdf.stack) is a plain call, made from a frame that claims a big stack."""

from __future__ import annotations

import sys

import pytest

from trfsite.pdf import stack


def test_deep_call_passes_arguments_and_returns_the_result() -> None:
    assert stack.deep_call(divmod, 17, 5) == (3, 2)
    assert stack.deep_call(sorted, [3, 1, 2], reverse=True) == [3, 2, 1]


def test_deep_call_lets_exceptions_through() -> None:
    with pytest.raises(ZeroDivisionError):
        stack.deep_call(divmod, 1, 0)


def test_the_calling_frame_claims_the_stack() -> None:
    # what makes CPython give the call a chunk of its own
    assert stack._call.__code__.co_stacksize >= stack.STACK_SLOTS


def test_calls_beyond_the_claimed_stack_still_work() -> None:
    def down(n: int) -> int:
        padding = list(range(8))  # some locals, so that frames are not tiny
        return n if n == 0 else down(n - 1) + len(padding) - 7

    depth = min(3000, sys.getrecursionlimit() - 200)
    assert stack.deep_call(down, depth) == depth

    # each nested deep_call claims a whole chunk's worth more: new chunks, same results
    def nested(levels: int) -> int:
        return down(20) if levels == 0 else stack.deep_call(nested, levels - 1) + 1

    assert stack.deep_call(nested, 6) == 26
