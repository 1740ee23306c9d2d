"""Boxes with no background, border image or rounded corner: laid out in a step (WeasyPrint 70.0).

After each page is made, WeasyPrint walks every box of it to resolve its corner
radii and lay out its backgrounds, reading a dozen computed values of each box.
Nearly every box of a bulletin (each line and each piece of text) has none of
those, and boxes share their style: whether a style has any is decided once per
style object, and for a plain one the box gets what WeasyPrint would give it
(square corners, no background) in the same order, its children first.
Anything else, and the page itself, goes to WeasyPrint's function.

Installed by :mod:`trfsite.pdf.patching`, as the other fast paths are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trfsite.pdf import patching

_TARGET = ("weasyprint.layout.background", "layout_box_backgrounds")
_CORNERS = (
    "border_top_left_radius",
    "border_top_right_radius",
    "border_bottom_right_radius",
    "border_bottom_left_radius",
)
_SQUARE = (0, 0)

LayoutBackgrounds = Callable[..., None]

_PLAIN: patching.PerStyle[bool] = patching.PerStyle()  # whether a style's boxes are plain


def install() -> bool:
    """Use the shortcut in this process if WeasyPrint's version is the one checked."""
    return patching.install(*_TARGET, plain_boxes)


def uninstall() -> None:
    """Give WeasyPrint its own function back (tests compare both)."""
    patching.uninstall(*_TARGET)


def _is_plain(style: Any) -> bool:
    """No rounded corner, border or mask image, background colour, image or shadow."""
    from weasyprint.draw.color import get_color

    return (
        all((0, "px") in style[corner] for corner in _CORNERS)
        and style["border_image_source"][0] == "none"
        and style["mask_border_source"][0] == "none"
        and all(kind == "none" for kind, _value in style["background_image"])
        and get_color(style, "background_color").alpha == 0
        and not style["box_shadow"]
    )


def plain_boxes(original: LayoutBackgrounds) -> LayoutBackgrounds:
    """``original``, in a step for the boxes of a plain style."""

    def layout_box_backgrounds(
        page: Any,
        box: Any,
        get_image_from_uri: Any,
        layout_children: bool = True,
        style: Any = None,
    ) -> None:
        if style is None and layout_children and box is not page:
            try:
                plain = _PLAIN.of(box.style, _is_plain)
            except (AttributeError, TypeError):  # no font configuration to hang it on
                plain = False
            if plain:
                # WeasyPrint's order: corners, the children, then the background
                for corner in _CORNERS:
                    setattr(box, corner, _SQUARE)
                for child in box.all_children():
                    layout_box_backgrounds(page, child, get_image_from_uri)
                box.background = None
                return
        original(page, box, get_image_from_uri, layout_children, style)

    return layout_box_backgrounds
