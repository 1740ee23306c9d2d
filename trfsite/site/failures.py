"""A build that cannot finish ends in one clear error, never a traceback.

A full disk, a folder that turned read-only, or a worker killed by the kernel
(memory ran out) stop the build; the previous site is left as it was (the new
one is built beside it and only then made live). What is left of the new one
is removed by the build's own clean-up before the error is reported.
"""

from __future__ import annotations

import contextlib
import errno
import logging
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool

import click

from trfsite.input_files import shown_name

logger = logging.getLogger(__name__)

_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG)


class BuildError(click.ClickException):
    """The build cannot start or finish; OUT is left untouched (usage error, exit 2)."""

    exit_code = 2


@contextlib.contextmanager
def reported_as_build_errors(out: str) -> Iterator[None]:
    """Turn what the system refused during a build into a BuildError naming it."""
    left = f"the site in {out!r} is left as it was"
    try:
        yield
    except OSError as exc:
        if exc.errno is None:
            raise
        logger.debug("the build stopped", exc_info=True)
        where = f" {shown_name(exc.filename)!r}" if exc.filename else ""
        if exc.errno in _FULL:
            raise BuildError(
                f"the build stopped: no room to write{where} ({exc.strerror}); {left}. "
                "Expected free space for the new site beside the previous one"
            ) from None
        raise BuildError(
            f"the build stopped: the system refused{where} ({exc.strerror}); {left}"
        ) from None
    except BrokenProcessPool:
        logger.debug("the build stopped", exc_info=True)
        raise BuildError(
            "the build stopped: a worker process ended abruptly (killed, perhaps by the "
            f"system when memory ran out); {left}. Try fewer --jobs"
        ) from None
