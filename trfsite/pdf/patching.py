"""Putting a faster stand-in for one of WeasyPrint's functions in its place, and back.

The fast paths (``fastdraw``, ``fastlayout``, ``fontdescriptions``) mirror
WeasyPrint's code line for line, so each is installed only on the version it
was checked against; on another one WeasyPrint is left as it is. A stand-in
keeps the function it replaces as ``trfsite_original``: installing twice wraps
once, and uninstalling (the tests compare both) puts the original back.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import Any

SUPPORTED_VERSION = "70.0"
_LOCK = threading.Lock()


def supported() -> bool:
    """WeasyPrint is the version trfsite's stand-ins were checked against."""
    import weasyprint

    return bool(weasyprint.__version__ == SUPPORTED_VERSION)


def install(module_name: str, name: str, wrap: Callable[[Any], Callable[..., Any]]) -> bool:
    """Replace ``module_name.name`` by ``wrap(original)``, on the checked WeasyPrint only."""
    if not supported():
        return False
    module = importlib.import_module(module_name)
    with _LOCK:
        current = getattr(module, name)
        if getattr(current, "trfsite_original", None) is None:
            stand_in = wrap(current)
            stand_in.trfsite_original = current  # type: ignore[attr-defined]
            setattr(module, name, stand_in)
    return True


def uninstall(module_name: str, name: str) -> None:
    """Put WeasyPrint's own function back."""
    module = importlib.import_module(module_name)
    with _LOCK:
        original = getattr(getattr(module, name), "trfsite_original", None)
        if original is not None:
            setattr(module, name, original)
