"""A style's strut looked up by the style, not by a text made of it (WeasyPrint 70.0).

WeasyPrint keeps each strut (the line height and baseline a font gives) in a
cache whose key is ``str()`` of a tuple of fifteen computed values, made anew
on every call: the line breaker asks for a strut for every line box and every
text box, ~40,000 times on a 2000-player bulletin, where the key cost more
than the answer. This asks WeasyPrint once per style object and keeps the
answer beside the style for the rest of the document (the styles' values do
not change once computed).

Installed by :mod:`trfsite.pdf.patching`, as the other fast paths are, in each
module that imported WeasyPrint's function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trfsite.pdf import patching

# the line breaker's callers; the CSS units (line-height in ``lh``) call it rarely
_TARGETS = (
    ("weasyprint.text.line_break", "strut"),
    ("weasyprint.layout.inline", "strut"),
)

Strut = Callable[[Any], tuple[float, float]]

_KEPT: patching.PerStyle[tuple[float, float]] = patching.PerStyle()


def install() -> bool:
    """Keep struts by style in this process if WeasyPrint's version is the one checked."""
    return all(patching.install(module, name, by_style) for module, name in _TARGETS)


def uninstall() -> None:
    """Give WeasyPrint its own function back (tests compare both)."""
    for module, name in _TARGETS:
        patching.uninstall(module, name)


def by_style(original: Strut) -> Strut:
    """``original``, asked once per style object."""

    def strut(style: Any) -> tuple[float, float]:
        try:
            return _KEPT.of(style, original)
        except (AttributeError, TypeError):  # no font configuration to hang it on
            return original(style)

    return strut
