"""Import WeasyPrint without ``ctypes.util.find_library``'s subprocesses.

WeasyPrint loads Pango, HarfBuzz and fontconfig through cffi, trying several
names for each library (Windows and macOS names first). cffi asks
``ctypes.util.find_library`` about every name it cannot open directly, and on
Linux that runs ``ldconfig``, ``gcc`` and ``ld``: 54 subprocesses, 0.13-0.18 s
of a bulletin worker's 0.30-0.35 s ``import weasyprint`` (0.10 s of it in the
children, on the same two cores). Each of WeasyPrint's lists ends with the
library's soname (``libpango-1.0.so.0``), which is what ``find_library`` would
have answered and which the dynamic loader opens directly, so during the
import ``find_library`` answers "not found" at once and the soname is used.

Should that fail (a library only ``find_library`` can name), the import is
made again the usual way. Elsewhere than on Linux nothing is changed.
"""

from __future__ import annotations

import importlib
import sys
import threading

_LOCK = threading.Lock()


def _not_searched(name: str) -> None:
    return None


def import_weasyprint() -> None:
    """Import WeasyPrint (and the C libraries it loads) into this process."""
    if "weasyprint" in sys.modules or not sys.platform.startswith("linux"):
        importlib.import_module("weasyprint")
        return
    import ctypes.util

    with _LOCK:
        if "weasyprint" not in sys.modules:
            real = ctypes.util.find_library
            ctypes.util.find_library = _not_searched
            try:
                importlib.import_module("weasyprint")
            except OSError:
                pass  # imported again below, with the real find_library
            finally:
                ctypes.util.find_library = real
    importlib.import_module("weasyprint")
