"""Run a deeply recursive call inside one big chunk of CPython's frame stack.

CPython (3.11 on) keeps Python frames in 16 KiB chunks, mapped with ``mmap``,
and unmaps a chunk as soon as the frame at its start returns. WeasyPrint's
layout goes up and down across such a boundary for every line of text: on the
2000-player bulletin that was 66,000 ``mmap``/``munmap`` pairs and some 100,000
page faults, about 1 s of system time and 0.3 s of user time in ``render()``.

:func:`deep_call` runs its function from a frame whose code claims a value
stack of :data:`STACK_SLOTS` slots. No 16 KiB chunk has room for that frame, so
CPython gives it a chunk of its own (1 MiB; its pages are touched only as they
are used), and every frame the call makes fits behind it in the same chunk,
which is unmapped once, when the call returns. Deeper recursion than that
simply gets new chunks, as it would anyway; other Pythons ignore the extra
stack size.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_R = TypeVar("_R")

STACK_SLOTS = 65_536  # 512 KiB of 8-byte slots; WeasyPrint uses a few thousand


def _call(function: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    return function(*args, **kwargs)


# The frame size is read from the code object: claim the space without using it.
_call.__code__ = _call.__code__.replace(co_stacksize=_call.__code__.co_stacksize + STACK_SLOTS)


def deep_call(function: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """``function(*args, **kwargs)``, its frames kept in one chunk of the frame stack."""
    return _call(function, *args, **kwargs)
