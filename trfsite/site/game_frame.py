"""Game pages rendered into one frame per event (issue 42: 2,000 games, a fifth at most).

Every game page of an event has the same head, navigation and footer; only its title,
heading, body and own path differ. The frame is rendered once, with a marker in each
of those places, and each page is the frame's pieces joined with its parts, made by
the macros of ``game_parts.html`` (the same macros ``game.html`` places in its blocks,
so the two ways give the same bytes). A theme that overrides ``game.html``,
``event.html`` or ``base.html`` may put anything of a game into the frame: its game
pages are rendered whole, as every other page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import jinja2

from trfsite.pages.contexts import GamePage
from trfsite.render.environment import render_page
from trfsite.site.game_body import COPIED_TEMPLATES, GameParts

GAME_TEMPLATE = "game.html"
PARTS_TEMPLATE = "game_parts.html"
# The templates that make the frame: the default theme's are known to read nothing of
# a game but its path (``page.meta.path``) outside the blocks filled per page.
FRAME_TEMPLATES = (GAME_TEMPLATE, "event.html", "base.html")
# Private-use characters: nothing escapes or cleans them, and no template writes them.
_MARK = "\ue000{}\ue000"
_TITLE, _HEADING, _BODY, _PATH = (_MARK.format(name) for name in "THBP")
# Each hole's macro in game_parts.html.
_MACROS = {"T": "title", "H": "heading", "B": "body", "P": "path"}
_HOLE = re.compile(_MARK.format("([THBP])"))
_FRAME_SOURCE = (
    '{% extends "' + GAME_TEMPLATE + '" %}'
    "{% block page_title %}" + _TITLE + "{% endblock %}"
    "{% block heading %}" + _HEADING + "{% endblock %}"
    "{% block body %}" + _BODY + "{% endblock %}"
)


def frame_is_default(env: jinja2.Environment) -> bool:
    """Whether the game pages' frame comes from the default theme's templates."""
    return _are_default(env, FRAME_TEMPLATES)


def parts_are_default(env: jinja2.Environment) -> bool:
    """Whether the game pages' parts are the default theme's (``game_body`` copies them)."""
    return _are_default(env, COPIED_TEMPLATES)


def _are_default(env: jinja2.Environment, names: tuple[str, ...]) -> bool:
    loader = env.loader
    if loader is None:
        return False
    try:
        return all(
            loader.get_source(env, name)[1] == loader.get_source(env, f"!default/{name}")[1]
            for name in names
        )
    except jinja2.TemplateNotFound:
        return False


class GameFrames:
    """Renders an event's game pages in ``env``: the frame once, then each page's parts."""

    def __init__(self, env: jinja2.Environment) -> None:
        self.env = env
        self.shared = frame_is_default(env)
        # The frame's text between its holes, and which hole follows each piece.
        self._pieces: list[str] = []
        self._holes: list[str] = []
        self._macros: dict[str, Callable[[GamePage], str]] = {}

    def render(self, page: GamePage) -> str:
        if not self.shared:
            return render_page(self.env, GAME_TEMPLATE, page)
        try:
            if not self._pieces:
                whole = render_page(self.env, GAME_TEMPLATE, page)
                self._split(page)
                # A marker's character from the file (an event named with one) would
                # open a hole of its own: that event's game pages are rendered whole.
                if _MARK[0] in whole or self._filled(page) != whole:
                    self.shared = False
                return whole
            return self._filled(page)
        except Exception:
            # A theme's broken game_parts.html: the whole page's render names its file
            # and line in a ThemeError (render_page), never a traceback.
            render_page(self.env, GAME_TEMPLATE, page)
            raise

    def _filled(self, page: GamePage) -> str:
        values = {hole: macro(page) for hole, macro in self._macros.items()}
        out = [self._pieces[0]]
        for hole, piece in zip(self._holes, self._pieces[1:], strict=True):
            out.append(values[hole])
            out.append(piece)
        return "".join(out)

    def _split(self, page: GamePage) -> None:
        """Render the frame with markers (``page`` gives the event's parts) and cut it."""
        marked = replace(page, meta=replace(page.meta, path=_PATH))
        frame = self.env.from_string(_FRAME_SOURCE).render(page=marked)
        if parts_are_default(self.env):
            # The default parts written in Python: a fifth of their macros' work.
            written = GameParts(self.env)
            self._macros = {hole: getattr(written, name) for hole, name in _MACROS.items()}
        else:
            parts = self.env.get_template(PARTS_TEMPLATE).module
            self._macros = {hole: getattr(parts, f"game_{name}") for hole, name in _MACROS.items()}
        split = _HOLE.split(frame)
        self._pieces = split[0::2]
        self._holes = split[1::2]
