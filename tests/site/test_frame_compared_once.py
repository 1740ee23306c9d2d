"""A page kind's written parts are compared with its whole render once a process (issue 46).

Each event made its frames and rendered the first page of each kind whole through Jinja
to compare it with the frame filled with its parts: 48 M instructions of an archive
event's ~900 M, and the reason a small event's crosstable and lists were rendered whole.
Now a later event's frame is filled at once; the tests of each kind compare the parts
with the templates on variants of every optional part. An event whose own data holds a
marker's character is still compared, and rendered whole.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2
import pytest
from framehelpers import CountingLookups, event_pages

from trfsite.render.environment import FRAME_MARK, make_environment, render_page
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.card_body import CardFrames
from trfsite.site.crosstable_body import CrosstableFrames
from trfsite.site.page_frame import PageFrames
from trfsite.site.players_body import PlayersFrames, StartListFrames
from trfsite.site.round_body import RoundFrames
from trfsite.site.standings_body import StandingsFrames

EVENT = "trf/individual-2026.trf"
KINDS: dict[str, Callable[[jinja2.Environment], PageFrames]] = {
    "player.html": CardFrames,
    "standings.html": StandingsFrames,
    "round.html": RoundFrames,
    "crosstable.html": CrosstableFrames,
    "players.html": PlayersFrames,
    "startlist.html": StartListFrames,
}


def _counting() -> jinja2.Environment:
    env = make_environment(theme_chain(find_theme("default")), "en").overlay()
    env.__class__ = CountingLookups  # the same settings, filters and globals; lookups counted
    return env


@pytest.mark.parametrize("template", KINDS)
def test_a_later_event_s_first_page_is_not_rendered_whole(template: str) -> None:
    """The second event's first page: its frame looked up, not the page (on every event,
    the page was rendered whole as well, or instead for a small crosstable or list)."""
    env = _counting()
    page = event_pages(EVENT, "en", template)[0]
    CountingLookups.lookups = 0
    whole = render_page(env, template, page)
    alone = CountingLookups.lookups
    assert KINDS[template](env).render(page) == whole  # the process's first: compared
    later = KINDS[template](env)
    CountingLookups.lookups = 0
    assert later.render(page) == whole
    assert later.shared
    assert CountingLookups.lookups < alone / 2


@pytest.mark.parametrize("name", [FRAME_MARK.format("P"), FRAME_MARK[0], "\ue000B"])
def test_an_event_named_with_a_marker_is_rendered_whole_after_a_compared_one(name: str) -> None:
    """A marker's character in a later event's name opens a hole of its own in its frame:
    that event's pages are compared, and rendered whole."""
    env = make_environment(theme_chain(find_theme("default")), "en")
    page: Any = event_pages(EVENT, "en", "player.html")[0]
    assert CardFrames(env).render(page) == render_page(env, "player.html", page)
    marked = page._replace(event=page.event._replace(name=f"Open {name} 2026"))
    frames = CardFrames(env)
    assert frames.render(marked) == render_page(env, "player.html", marked)
    assert not frames.shared
    # The next event, named plainly, is filled again.
    plain = CardFrames(env)
    assert plain.render(page) == render_page(env, "player.html", page)
    assert plain.shared
