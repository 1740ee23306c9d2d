"""Where per-event work runs: this process, a process pool, or a Dask cluster.

``--executor`` takes ``local`` (the default: a process pool of ``--jobs``
workers, or this process for one job) or ``dask://HOST:PORT`` (a running Dask
scheduler; needs ``pip install trfsite[dask]``). The registry is ``SCHEMES``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, NamedTuple, TypeVar

import click

from trfsite.formats.numbers import is_whole

_T = TypeVar("_T")
_R = TypeVar("_R")


class ExecutorError(click.ClickException):
    """The executor cannot be made (usage error, exit 2)."""

    exit_code = 2


class InlineExecutor(Executor):
    """Runs each call at once in this process (``--jobs 1``), keeping tracebacks simple."""

    def submit(self, fn: Callable[..., _R], /, *args: Any, **kwargs: Any) -> Future[_R]:
        future: Future[_R] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            future.set_exception(exc)
        return future

    def map(  # type: ignore[override]
        self,
        fn: Callable[[_T], _R],
        *iterables: Iterable[_T],
        timeout: float | None = None,
        chunksize: int = 1,
    ) -> Iterator[_R]:
        del timeout, chunksize
        return map(fn, *iterables)


def available_cores() -> int:
    """The cores this process may run on (CPU affinity, e.g. under taskset or a container)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no affinity on this platform (macOS, Windows)
        return max(1, os.cpu_count() or 1)


class Scheme(NamedTuple):
    prefix: str
    example: str
    make: Callable[[str, int], contextlib.AbstractContextManager[tuple[Executor, int]]]


@contextlib.contextmanager
def _local(spec: str, jobs: int) -> Iterator[tuple[Executor, int]]:
    del spec
    executor: Executor = ProcessPoolExecutor(jobs) if jobs > 1 else InlineExecutor()
    try:
        yield executor, jobs
    finally:
        executor.shutdown(cancel_futures=True)


@contextlib.contextmanager
def _dask(spec: str, jobs: int) -> Iterator[tuple[Executor, int]]:
    del jobs
    address = spec.removeprefix("dask://")
    host, _, port = address.rpartition(":")
    if not host or not is_whole(port):
        raise ExecutorError(
            f"--executor {spec!r}: expected dask://HOST:PORT, e.g. dask://10.0.0.5:8786"
        )
    try:
        import distributed
    except ImportError as exc:
        raise ExecutorError(
            f"--executor {spec!r} needs Dask: pip install 'trfsite[dask]' ({exc})"
        ) from exc
    try:
        # distributed has no type hints: the client is Any to mypy.
        make_client: Any = distributed.Client
        client: Any = make_client(f"tcp://{address}", timeout="10s")
    except OSError as exc:
        raise ExecutorError(
            f"--executor {spec!r}: no Dask scheduler answers there ({exc})"
        ) from exc
    try:
        workers = sum(client.nthreads().values()) or 1
        yield client.get_executor(pure=False), workers
    finally:
        client.close()


SCHEMES: list[Scheme] = [
    Scheme("local", "local", _local),
    Scheme("dask://", "dask://HOST:PORT", _dask),
]


def find_scheme(spec: str) -> Scheme:
    """The scheme of an ``--executor`` value; fails listing the known forms."""
    for scheme in SCHEMES:
        is_url = scheme.prefix.endswith("//") and spec.startswith(scheme.prefix)
        if spec == scheme.prefix or is_url:
            return scheme
    known = ", ".join(s.example for s in SCHEMES)
    raise ExecutorError(f"--executor {spec!r} is unknown; expected one of: {known}")


def open_executor(
    spec: str | None, jobs: int
) -> contextlib.AbstractContextManager[tuple[Executor, int]]:
    """A context giving (executor, number of workers) for ``spec`` (None: local)."""
    scheme = find_scheme(spec or "local")
    return scheme.make(spec or "local", jobs)
