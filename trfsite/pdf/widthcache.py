"""Preferred widths measured once per text and font (WeasyPrint 70.0).

To size a box to its content, WeasyPrint measures its text at every place a
line could break, each time through a new Pango layout. Page headers and
footers are sized so on every page: a bulletin's running title is measured word
by word, ten or more times a page, the same words each time (3,500 measures on
a 2000-player bulletin). What comes back depends only on the text, the computed
values the line breaker reads and the arguments, and these callers keep only
numbers from it (the widths and where the next line starts), so each answer is
kept and given again.

Installed by :mod:`trfsite.pdf.patching`, as the other fast paths are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trfsite.memo import keep_within
from trfsite.pdf import patching

# The callers in preferred.py unpack ``_, _, resume, width, _, _``: the layout is dropped.
_TARGET = ("weasyprint.layout.preferred", "split_first_line")
_MOST = 20_000  # measures kept per font configuration; then the cache starts again

Split = Callable[..., tuple[Any, int, int | None, float, float, float]]

# per document: (text, computed values, arguments) -> what came back
_KEPT: patching.PerDocument[dict[tuple[Any, ...], tuple[Any, ...]]]
_KEPT = patching.PerDocument(dict)


def install() -> bool:
    """Keep the measures in this process if WeasyPrint's version is the one checked."""
    return patching.install(*_TARGET, remembered)


def uninstall() -> None:
    """Give WeasyPrint its own function back (tests compare both)."""
    patching.uninstall(*_TARGET)


def remembered(original: Split) -> Split:
    """``original``, each answer kept for the same text, font and arguments."""

    def split_first_line(
        text: str,
        style: Any,
        context: Any,
        max_width: float | None,
        justification_spacing: float,
        is_line_start: bool = True,
        minimum: bool = False,
    ) -> tuple[Any, int, int | None, float, float, float]:
        try:
            kept = _KEPT.of(style.font_config)
            key = (
                text,
                max_width,
                justification_spacing,
                is_line_start,
                minimum,
                *[style[name] for name in patching.LINE_BREAK_VALUES],
            )
            return kept[key]
        except KeyError:
            found = original(
                text, style, context, max_width, justification_spacing, is_line_start, minimum
            )
            # the layout is not kept: nobody here reads it, and it holds the style
            keep_within(kept, key, (None, *found[1:]), _MOST)
            return found
        except TypeError:  # a value that cannot be a key, or no weak reference to it
            return original(
                text, style, context, max_width, justification_spacing, is_line_start, minimum
            )

    return split_first_line
