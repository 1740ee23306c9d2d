"""Game pages made from one frame per event (site/game_frame.py, issue 42's cost goal).

The frame is rendered once with markers where a game's title, heading, body and path
go; each page is the frame filled with its own parts. These tests hold the two ways
to the same bytes, and keep a theme's own templates in effect.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import html

from games.gamehelpers import pgn, small_event
from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.contexts import GamePage
from trfsite.pages.plan import EventJob
from trfsite.render.environment import make_environment, render_page
from trfsite.render.page_meta import SiteInfo
from trfsite.render.theme import ThemeError, find_theme, theme_chain
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.game_frame import GameFrames

# A title and base URL that need escaping, so that the frame's escaping is compared too.
SITES = {
    "plain": SiteInfo("Results & <Co>", "en", "", "2024-05-01", "trfsite 0.1"),
    "base_url": SiteInfo("R", "en", "https://example.org/r&s/", "2024-05-01", "trfsite"),
    # Several languages: each page's own path is in its hreflang links and language menu.
    "languages": SiteInfo(
        "R",
        "de",
        "https://example.org/de/",
        "2024-05-01",
        "trfsite",
        languages=("en", "de"),
        root_url="https://example.org/",
    ),
}


def game_contexts(site: SiteInfo) -> list[GamePage]:
    games = (("small.pgn", pgn("small.pgn")),)
    job = EventJob(small_event().encode(), "small.trf", "small", "", EventConfig(), site, False)
    job = job._replace(games=games)
    plans = [plan for plan in gather.prepare_event(job).plans if plan.template == "game.html"]
    contexts = [plan.build().context for plan in plans]
    assert all(isinstance(context, GamePage) for context in contexts)
    return contexts  # type: ignore[return-value]


@pytest.mark.parametrize("kind", sorted(SITES))
def test_every_game_page_is_the_same_bytes_as_a_whole_render(kind: str) -> None:
    """Each game page made from the shared frame equals the page rendered whole."""
    site = SITES[kind]
    contexts = game_contexts(site)
    # small.pgn: rounds 1 (both boards) and 2 (board 2: Delta-Gamma).
    assert [context.meta.path for context in contexts] == [
        f"small/games/{game}.html" for game in ("1-1", "1-2", "2-2")
    ]
    env = make_environment(theme_chain(find_theme("default")), site.language)
    frames = GameFrames(env)
    assert frames.shared  # else this test would compare a whole render with itself
    pages = []
    for context in contexts:
        made = frames.render(context)
        assert made == render_page(env, "game.html", context), context.meta.path
        pages.append(made)
    # The pages differ where the games do: their own path, title and moves.
    assert len(set(pages)) == len(pages)
    assert f'href="{contexts[1].meta.path}"' not in pages[0]
    if site.languages:
        path = contexts[2].meta.path
        assert f'hreflang="en" href="https://example.org/en/{path}"' in pages[2]


def _theme(tmp_path: Path, templates: dict[str, str]) -> Path:
    theme = tmp_path / "mytheme"
    (theme / "templates").mkdir(parents=True)
    (theme / "theme.toml").write_text('name = "mine"\nextends = "default"\n')
    for name, text in templates.items():
        (theme / "templates" / name).write_text(text)
    return theme


def _build_with(tmp_path: Path, theme: Path) -> Path:
    monkey = pytest.MonkeyPatch()
    monkey.setenv("SOURCE_DATE_EPOCH", "1714521600")
    src = tmp_path / "src"
    src.mkdir()
    (src / "small.trf").write_text(small_event())
    (src / "small.pgn").write_bytes(pgn("small.pgn"))
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, theme=str(theme), pdf=False))
    monkey.undo()
    return out / "small"


def test_a_theme_s_base_layout_reads_each_game(tmp_path: Path) -> None:
    """A base.html of a theme may read anything of the page: the game pages are then
    rendered whole, and each shows its own game in the theme's frame."""
    default = find_theme("default").templates / "base.html"
    mine = '{% if page.round is defined %}<p id="mine">{{ page.board }}</p>{% endif %}'
    base = default.read_text().replace("<footer", mine + "<footer")
    theme = _theme(tmp_path, {"base.html": base})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    assert not GameFrames(env).shared
    event = _build_with(tmp_path, theme)
    # Round 1 board 2 is Beta-Gamma (gamehelpers).
    board_2 = html.fromstring((event / "games/1-2.html").read_bytes())
    assert board_2.xpath("//p[@id='mine']/text()") == ["2"]
    board_1 = html.fromstring((event / "games/1-1.html").read_bytes())
    assert board_1.xpath("//p[@id='mine']/text()") == ["1"]


def test_a_theme_s_game_template_takes_effect(tmp_path: Path) -> None:
    """A game.html of a theme in the shape it had before game_parts.html: used whole."""
    game = (
        '{% extends "event.html" %}'
        "{% block page_title %}Game {{ page.round }}.{{ page.board }}{% endblock %}"
        '{% block body %}<p id="mine">{{ page.white.name }}</p>{% endblock %}'
    )
    theme = _theme(tmp_path, {"game.html": game})
    event = _build_with(tmp_path, theme)
    doc = html.fromstring((event / "games/1-2.html").read_bytes())
    assert doc.xpath("//p[@id='mine']/text()") == ["Beta,Bert"]
    assert doc.xpath("//h1/text()") == ["Game 1.2"]


def test_a_theme_s_game_parts_fill_the_shared_frame(tmp_path: Path) -> None:
    """A theme that overrides only the game's parts keeps the shared frame."""
    default = find_theme("default").templates / "game_parts.html"
    facts = '<dl class="facts inline">'
    parts = default.read_text().replace(facts, '<p id="mine">{{ page.black.name }}</p>' + facts)
    theme = _theme(tmp_path, {"game_parts.html": parts})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    assert GameFrames(env).shared
    event = _build_with(tmp_path, theme)
    doc = html.fromstring((event / "games/1-2.html").read_bytes())
    assert doc.xpath("//p[@id='mine']/text()") == ["Gamma,Gus"]
    assert doc.xpath("//footer")  # the default frame around it


def test_a_broken_game_part_is_told_by_file_and_line(tmp_path: Path) -> None:
    """An error in a theme's game_parts.html is a ThemeError naming it, not a traceback."""
    default = find_theme("default").templates / "game_parts.html"
    facts = '<dl class="facts inline">'
    parts = default.read_text().replace(facts, "{{ 1 // 0 }}" + facts)
    theme = _theme(tmp_path, {"game_parts.html": parts})
    with pytest.raises(ThemeError) as caught:
        _build_with(tmp_path, theme)
    lines = parts.splitlines()
    line = next(number for number, text in enumerate(lines, 1) if "1 // 0" in text)
    assert f"game_parts.html:{line}" in caught.value.format_message()
    assert "ZeroDivisionError" in caught.value.format_message()


def test_an_event_named_with_a_marker_s_character_is_rendered_whole() -> None:
    """The frame's holes are marked with private-use characters; an event name that
    holds one (a damaged file) must not open a hole: such pages are rendered whole."""
    site = SITES["plain"]
    contexts = game_contexts(site)
    named = [c._replace(event=c.event._replace(name="Open \ue000T\ue000 2024")) for c in contexts]
    env = make_environment(theme_chain(find_theme("default")), site.language)
    frames = GameFrames(env)
    for context in named:
        assert frames.render(context) == render_page(env, "game.html", context)
    assert not frames.shared


def test_a_written_part_that_fails_gives_the_page_rendered_whole() -> None:
    """Parts written in Python that raise where the template does not: the page is the
    whole render's bytes, and the event's later pages are rendered whole too."""
    site = SITES["plain"]
    contexts = game_contexts(site)
    env = make_environment(theme_chain(find_theme("default")), site.language)
    frames = GameFrames(env)
    first, *rest = contexts
    assert frames.render(first) == render_page(env, "game.html", first)
    assert frames.shared

    def broken(page: object) -> str:
        raise KeyError("a field the written parts did not expect")

    frames._parts["B"] = broken  # the body's part
    for context in rest:
        assert frames.render(context) == render_page(env, "game.html", context)
    assert not frames.shared
