"""Pango font descriptions made once per font, not once per line (WeasyPrint 70.0).

WeasyPrint builds a new ``PangoFontDescription`` (nine cffi calls) every time
it lays out or draws a piece of text: ~43,000 times on a 2000-player bulletin,
for a handful of distinct fonts. The description depends only on seven
computed values, and its users copy it (``pango_layout_set_font_description``)
or read it (``pango_context_get_metrics``), so one description per set of
values is made and shared. 0.06-0.14 s of layout and ~0.06 s of drawing.

Installed by :mod:`trfsite.pdf.patching`, as the other fast paths are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trfsite.memo import keep_within
from trfsite.pdf import patching

# the font description is used by the line breaker (layout and drawing) only
_TARGET = ("weasyprint.text.line_break", "get_font_description")
_PROPERTIES = (
    "font_family",
    "font_style",
    "font_stretch",
    "font_weight",
    "font_size",
    "font_variant_caps",
    "font_variation_settings",
)
_MOST = 512  # distinct fonts kept; a theme has a few dozen at most


def install() -> bool:
    """Share descriptions in this process if WeasyPrint's version is the one checked."""
    return patching.install(*_TARGET, shared)


def uninstall() -> None:
    """Give WeasyPrint its own function back (tests compare both)."""
    patching.uninstall(*_TARGET)


def shared(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``original``, made once for each set of the values it reads."""
    made: dict[tuple[Any, ...], Any] = {}

    def get_font_description(style: Any) -> Any:
        key = tuple([style[name] for name in _PROPERTIES])
        try:
            return made[key]
        except KeyError:
            return keep_within(made, key, original(style), _MOST)
        except TypeError:  # a value that cannot be a key (a list): as WeasyPrint does
            return original(style)

    return get_font_description
