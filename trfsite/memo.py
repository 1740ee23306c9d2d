"""Remembering what was computed from an immutable object, and bounded caches.

The model and the standings are frozen, so a value computed from one stays right
for as long as that very object lives. The cache keeps the object itself (so its
id cannot be reused by another) and only the last few objects: the events one
worker is building. Dask runs tasks in threads, hence the lock. ``forget_all``
empties every cache when a task is done, so that its event goes at once.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")
_LOCK = threading.Lock()
_KEEP = 32  # a final standings, one per round, an individual one, with room to spare
_CACHES: list[ByIdentity[object, object]] = []  # every cache made, for forget_all


class _Forgets(Protocol):
    def forget(self) -> None: ...


# Caches kept for the task that runs (an event, a batch of people pages) and emptied
# by forget_all with the others; weakly, so that a cache goes with its owner.
_PER_TASK: weakref.WeakSet[_Forgets] = weakref.WeakSet()


def forgotten_per_task(cache: _Forgets) -> None:
    """Have ``forget_all`` empty ``cache`` when a task is done.

    For values a task reuses that the next one rarely does (a page header's and a
    person's chart's HTML): kept across the tasks, a worker held what it had made
    for the whole archive it went through, up to the cache's bound (issue 46).
    """
    with _LOCK:
        _PER_TASK.add(cache)


class ByIdentity(Generic[_K, _V]):
    """``make(obj)`` for the last few objects, by identity (the objects are immutable)."""

    def __init__(self, make: Callable[[_K], _V], keep: int = _KEEP) -> None:
        self._make = make
        self._keep = keep
        self._found: OrderedDict[int, tuple[_K, _V]] = OrderedDict()
        self._lock = threading.Lock()
        _CACHES.append(self)  # type: ignore[arg-type]

    def __call__(self, obj: _K) -> _V:
        key = id(obj)
        with self._lock:
            hit = self._found.get(key)
            if hit is not None and hit[0] is obj:
                self._found.move_to_end(key)
                return hit[1]
        value = self._make(obj)
        with self._lock:
            self._found[key] = (obj, value)
            while len(self._found) > self._keep:
                self._found.popitem(last=False)
        return value

    def forget(self) -> None:
        with self._lock:
            self._found.clear()


def keep_within(made: dict[_K, _V], key: _K, value: _V, most: int) -> _V:
    """``made[key] = value``, emptying ``made`` first when it holds ``most`` values.

    The caches of formatted values, macros' HTML and a bulletin's fonts and measures
    live as long as their process (``serve``, Dask workers): bounded, they start again.
    """
    if len(made) >= most:
        made.clear()
    made[key] = value
    return value


def forget_all() -> None:
    """Empty every cache: an event's task is done.

    Kept here, the last events' models and standings would outlive their task;
    Python's cyclic collector then goes over them all (young objects, made while
    it was paused) before they are dropped: 0.9 s of a 300-event archive's build.
    """
    for cache in _CACHES:
        cache.forget()
    with _LOCK:
        per_task = list(_PER_TASK)
    for kept in per_task:
        kept.forget()
