"""Game pages rendered into one frame per event (issue 42: 2,000 games, a fifth at most).

The frame (``page_frame``) is filled with each page's title, heading, body and path,
made by the macros of ``game_parts.html`` (the same macros ``game.html`` places in its
blocks, so the two ways give the same bytes), or by ``game_body`` while those macros
are the default theme's.
"""

from __future__ import annotations

import jinja2

from trfsite.site.game_body import COPIED_TEMPLATES, GameParts
from trfsite.site.page_frame import PART_NAMES, PageFrames, Parts, are_default

GAME_TEMPLATE = "game.html"
PARTS_TEMPLATE = "game_parts.html"
# The templates that make the frame.
FRAME_TEMPLATES = (GAME_TEMPLATE, "event.html", "base.html")


def parts_are_default(env: jinja2.Environment) -> bool:
    """Whether the game pages' parts are the default theme's (``game_body`` copies them)."""
    return are_default(env, COPIED_TEMPLATES)


def _game_parts(env: jinja2.Environment) -> Parts:
    if parts_are_default(env):
        # The default parts written in Python: a fifth of their macros' work.
        written = GameParts(env)
        return {name: getattr(written, name) for name in PART_NAMES.values()}
    macros = env.get_template(PARTS_TEMPLATE).module
    return {name: getattr(macros, f"game_{name}") for name in PART_NAMES.values()}


class GameFrames(PageFrames):
    """Renders an event's game pages in ``env``: the frame once, then each page's parts."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env, GAME_TEMPLATE, FRAME_TEMPLATES, _game_parts)
