"""The zlib level of the bulletin's PDF streams.

pydyf (WeasyPrint's PDF writer) compresses every stream with
``zlib.compressobj(level=9)``, hard-coded. On a 2000-player bulletin level 9
takes 4.1-4.7 s of CPU where level 6 (zlib's own default) takes 2.7 s, for a
file 10 % larger (855 kB -> 941 kB): the level-9 search finds little more in
text streams. WeasyPrint makes its ``pydyf.Stream`` objects itself, so there is
no argument to pass; instead pydyf's module-level ``zlib`` name is pointed at
:class:`LeveledZlib`, which passes every call on to zlib with the level fixed.
The output stays deterministic (zlib is, at any level).
"""

from __future__ import annotations

import threading
import zlib
from typing import Any

LEVEL = 6
_LOCK = threading.Lock()


class LeveledZlib:
    """Stands in for the ``zlib`` module inside pydyf, with the level fixed."""

    def __init__(self, level: int) -> None:
        self.level = level

    def compressobj(self, level: int = -1, *args: Any, **kwargs: Any) -> Any:
        return zlib.compressobj(self.level, *args, **kwargs)

    def compress(self, data: bytes, level: int = -1, **kwargs: Any) -> bytes:
        return zlib.compress(data, self.level, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(zlib, name)


def use_level(level: int = LEVEL) -> None:
    """Make pydyf compress at ``level`` from now on, in this process (idempotent)."""
    import pydyf

    with _LOCK:
        current = getattr(pydyf, "zlib", None)
        if not (isinstance(current, LeveledZlib) and current.level == level):
            pydyf.zlib = LeveledZlib(level)  # type: ignore[attr-defined]
