"""What every command shares: the exit codes and the log handler.

Below the group (``cli/__init__``) and the command list, which both use it.
"""

from __future__ import annotations

import logging
import sys

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2


def configure_logging(verbose: int, quiet: bool) -> None:
    level = logging.WARNING
    if quiet:
        level = logging.ERROR
    elif verbose == 1:
        level = logging.INFO
    elif verbose >= 2:
        level = logging.DEBUG
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
    root = logging.getLogger("trfsite")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False
