"""Whether a frame's templates are the default theme's is read once an environment.

Each event makes its frames (game pages, cards, standings, rounds, crosstable, lists):
each asked it again, reading two template files a name, 0.5 ms a kind an event.
"""

from __future__ import annotations

from collections.abc import Callable

import jinja2

from trfsite.render.environment import make_environment
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.card_body import CardFrames
from trfsite.site.crosstable_body import CrosstableFrames
from trfsite.site.players_body import PlayersFrames


class CountingLoader(jinja2.BaseLoader):
    """``loader``, its sources counted."""

    def __init__(self, loader: jinja2.BaseLoader) -> None:
        self.loader = loader
        self.sources = 0

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        self.sources += 1
        return self.loader.get_source(environment, template)


def test_each_event_s_frames_read_no_template_again() -> None:
    env = make_environment(theme_chain(find_theme("default")), "en")
    assert env.loader is not None
    counted = env.loader = CountingLoader(env.loader)
    kinds = (CardFrames, CrosstableFrames, PlayersFrames)
    first = [kind(env) for kind in kinds]
    assert all(frames.shared for frames in first)
    read = counted.sources
    assert read >= 2 * 3 * len(kinds)  # two sources of (the page's, event.html, base.html)
    for _event in range(5):
        assert all(kind(env).shared for kind in kinds)
    assert counted.sources == read
    # Another environment reads its own.
    other = make_environment(theme_chain(find_theme("default")), "en")
    assert other.loader is not None
    other.loader = counting = CountingLoader(other.loader)
    assert CardFrames(other).shared
    assert counting.sources > 0
