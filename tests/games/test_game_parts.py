"""The default game page parts written in Python (site/game_body.py, issue 42's cost goal).

The shared frame fills each game page with its title, heading, body and path. With the
default theme's ``game_parts.html`` and ``macros.html`` these are written in Python;
they must give the macros' bytes for any game (every optional part present or absent,
text that needs escaping or holds control characters, each language), and the
templates' attribute lookups must no longer run for each page.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import jinja2
import pytest

from games.test_game_frame import SITES, game_contexts
from trfsite.pages.contexts import GamePage
from trfsite.render.environment import make_environment, render_page
from trfsite.render.page_meta import SiteInfo
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.game_body import GameParts
from trfsite.site.game_frame import GameFrames

PARTS = ("title", "heading", "body", "path")


def variants(page: GamePage) -> list[GamePage]:
    """The page, and the page with each optional part present, absent or awkward."""
    white, black = page.white, page.black
    return [
        page,
        page._replace(
            eco="B12",
            opening="Caro–Kann <Advance> & 'Short'",
            date="2024-03-05",
            stop='23.Nf3"<',
            white_rating=None,
            previous="",
            next="",
            last_move="",
        ),
        page._replace(eco="", opening="Only\x01 an opening", date="2024.??.??", black_rating=None),
        page._replace(eco="A00", opening="", result="1/2-1/2", score="<b>x\x02</b>", next=""),
        page._replace(
            white=white._replace(title="GM", name="Surname,First,Third"),
            black=black._replace(title="IM", href="", person=""),
            source="a&b <c>.pgn:3",
            previous="",
        ),
    ]


def _site(language: str) -> SiteInfo:
    return replace(SITES["plain"], language=language)


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_written_parts_are_the_macros_bytes(language: str) -> None:
    site = _site(language)
    env = make_environment(theme_chain(find_theme("default")), language)
    macros = env.get_template("game_parts.html").module
    written = GameParts(env)
    compared = 0
    for context in game_contexts(site):
        for page in variants(context):
            for part in PARTS:
                expected = str(getattr(macros, f"game_{part}")(page))
                assert getattr(written, part)(page) == expected, (part, page.meta.path)
                compared += 1
    assert compared == 3 * 5 * 4  # three games, five forms each, four parts


class _Counting(jinja2.Environment):
    """Counts the templates' attribute lookups (``page.round``: one each)."""

    lookups = 0

    def getattr(self, obj: Any, attribute: str) -> Any:
        type(self).lookups += 1
        return super().getattr(obj, attribute)


def test_the_frame_s_pages_run_no_template_lookups() -> None:
    """A default-theme game page looks nothing up through Jinja once its players' links
    are made (``ref_link`` is memoized): on main each page took some 60 lookups in the
    macros of game_parts.html."""
    site = SITES["plain"]
    made = make_environment(theme_chain(find_theme("default")), site.language)
    env = made.overlay()
    env.__class__ = _Counting  # the same settings, filters and globals; lookups counted
    frames = GameFrames(env)
    contexts = [page for context in game_contexts(site) for page in variants(context)]
    first = frames.render(contexts[0])
    assert first == render_page(made, "game.html", contexts[0])
    pages = [frames.render(page) for page in contexts[1:]]  # the links made once
    _Counting.lookups = 0
    again = [frames.render(page) for page in contexts[1:]]
    assert _Counting.lookups == 0
    assert frames.shared
    assert pages == again == [render_page(made, "game.html", page) for page in contexts[1:]]
