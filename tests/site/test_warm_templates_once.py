"""A split build loads each template once before it forks (issue 39).

``warm_environment`` loads the theme's templates on the one core that works before the
pool forks. It loaded every name the loader lists: each template by its own name and
again as ``"!default/x.html"`` (the name by which a theme extends the one it builds on),
33 of 66 loads for nothing. Counted by the names loaded, not timed.
"""

from __future__ import annotations

from collections.abc import Callable

import jinja2

from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.render.page_meta import SiteInfo
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.event_build import EventTask, environment, warm_environment


class CountingLoader(jinja2.BaseLoader):
    """``loader``, the names of its sources kept."""

    def __init__(self, loader: jinja2.BaseLoader) -> None:
        self.loader = loader
        self.names: list[str] = []

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        self.names.append(template)
        return self.loader.get_source(environment, template)

    def list_templates(self) -> list[str]:
        return self.loader.list_templates()


def test_each_template_is_loaded_once_by_its_own_name() -> None:
    paths = tuple(theme.path for theme in theme_chain(find_theme("default")))
    site = SiteInfo("Results", "en", "", "2024-05-01", "t")
    job = EventJob(b"", "x.trf", "x", "", EventConfig(), site, False)
    fingerprint = "warmed once"  # an environment of its own, no template loaded yet
    env = environment(paths, "en", fingerprint)
    assert env.loader is not None
    counted = env.loader = CountingLoader(env.loader)
    warm_environment(EventTask(job, paths, fingerprint=fingerprint))
    listed = env.list_templates(extensions=["html"])
    own = sorted(name for name in listed if not name.startswith("!"))
    assert len(own) > 20  # every page kind's template, macros and frames
    assert sorted(counted.names) == own  # main: also the 33 "!default/..." names
