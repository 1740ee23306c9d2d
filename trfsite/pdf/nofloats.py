"""A line box where no float is: placed without the float machinery (WeasyPrint 70.0).

WeasyPrint asks ``avoid_collisions`` twice for every line box, to fit it beside the
floats of its formatting context. With no float there, the answer is the
containing block's content edge and width, yet the function still goes through
its loop, its keyword lists and a dozen box methods: 4-5 % of a 2000-player
bulletin. This gives that answer, computed in the same order (the same floats,
bit for bit), for a line box in a left-to-right block when the context has no
excluded shape; anything else goes to WeasyPrint's function.

Installed by :mod:`trfsite.pdf.patching`, as the other fast paths are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trfsite.pdf import patching

# the line breaker's calls; blocks and replaced boxes call it from other modules
_TARGET = ("weasyprint.layout.inline", "avoid_collisions")

Place = Callable[..., tuple[float, float, float]]


def install() -> bool:
    """Use the shortcut in this process if WeasyPrint's version is the one checked."""
    return patching.install(*_TARGET, without_floats)


def uninstall() -> None:
    """Give WeasyPrint its own function back (tests compare both)."""
    patching.uninstall(*_TARGET)


def without_floats(original: Place) -> Place:
    """``original``, short for a line box with no float around."""
    from weasyprint.formatting_structure.boxes import LineBox

    def avoid_collisions(
        context: Any, box: Any, containing_block: Any, outer: bool = True
    ) -> tuple[float, float, float]:
        if (
            not outer  # as the line breaker asks, for the line box's border box
            and type(box) is LineBox
            and not context.excluded_shapes
            and box.style["float"] == "none"
            and containing_block.style["direction"] == "ltr"
        ):
            # WeasyPrint's steps when nothing collides, in its order (the same floats)
            position_y = box.border_box_y()
            max_left_bound = containing_block.content_box_x()
            max_right_bound = max_left_bound + containing_block.width
            max_left_bound += box.margin_left
            max_right_bound -= box.margin_right
            available_width = max_right_bound - max_left_bound
            position_x = max_left_bound - box.margin_left
            return position_x, position_y - box.margin_top, available_width
        return original(context, box, containing_block, outer)

    return avoid_collisions
