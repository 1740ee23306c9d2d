"""What the tests of the page parts written in Python share (player cards, standings,
round pages, crosstable, person pages): an event's page contexts on a site whose texts
need escaping."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from trfsite.pages import gather
from trfsite.pages.config import EventConfig
from trfsite.pages.plan import EventJob
from trfsite.people.contexts import PersonPage
from trfsite.people.identity import resolve
from trfsite.people.listing import read_entries
from trfsite.people.pages import PeoplePlanner, PersonPlan
from trfsite.people.privacy import PrivacySettings
from trfsite.render.environment import render_page
from trfsite.render.page_meta import SiteInfo
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.page_frame import PageFrames

DATA = Path(__file__).resolve().parents[1] / "data"
AWKWARD = 'O\'Brien & <Sons>, "Ann"\x01'  # escaped, and a control character cleaned


@cache
def event_pages(event: str, language: str, template: str) -> tuple[Any, ...]:
    """The contexts of ``template``'s pages of ``tests/data/<event>`` in ``language``."""
    site = SiteInfo("Results & <Co>", language, "https://example.org/r&s/", "2024-05-01", "t")
    path = DATA / event
    job = EventJob(path.read_bytes(), path.name, path.stem, "", EventConfig(), site, False)
    plans = gather.prepare_event(job).plans
    return tuple(plan.build().context for plan in plans if plan.template == template)


def own_theme(tmp_path: Path, templates: dict[str, str]) -> Path:
    """A theme extending the default one with its own ``templates`` (name: text)."""
    theme = tmp_path / "mytheme"
    (theme / "templates").mkdir(parents=True)
    (theme / "theme.toml").write_text('name = "mine"\nextends = "default"\n')
    for name, text in templates.items():
        (theme / "templates" / name).write_text(text)
    return theme


def built_with(tmp_path: Path, theme: Path, event: str, stem: str = "event") -> Path:
    """The site of ``tests/data/<event>`` (as ``<stem>`` + its suffix) built with ``theme``."""
    src = tmp_path / "src"
    src.mkdir()
    (src / f"{stem}{Path(event).suffix}").write_bytes((DATA / event).read_bytes())
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, theme=str(theme), pdf=False))
    return out


class CountingLookups(jinja2.Environment):
    """Counts the templates' attribute lookups (``row.rank``: one each), all environments
    of the class together: set ``lookups`` to 0 before counting."""

    lookups = 0

    def getattr(self, obj: Any, attribute: str) -> Any:
        type(self).lookups += 1
        return super().getattr(obj, attribute)


def rendered_alike(
    frames: PageFrames,
    env: jinja2.Environment,
    template: str,
    pages: Sequence[Any],
    variants: Callable[[Any], list[Any]],
) -> list[str]:
    """Every variant of each of ``pages`` rendered by ``frames``, each asserted to be the
    bytes of its whole render; the frame shared throughout (else each page would only
    be compared with itself)."""
    assert frames.render(pages[0]) == render_page(env, template, pages[0])
    assert frames.shared
    made = []
    for page in pages:
        for variant in variants(page):
            made.append(frames.render(variant))
            assert made[-1] == render_page(env, template, variant), variant.meta.path
    assert frames.shared
    return made


@cache
def person_pages(
    events: tuple[str, ...], language: str, anonymised: tuple[str, ...] = ()
) -> tuple[PersonPage, ...]:
    """The person pages of an archive of ``tests/data/<event>`` files, in ``language``;
    the people ``anonymised`` (ids or names) as ``[privacy]`` makes them."""
    site = SiteInfo("Results & <Co>", language, "https://example.org/r&s/", "2024-05-01", "t")
    config = EventConfig(privacy=PrivacySettings(anonymise=anonymised))
    read = [
        read_entries((DATA / event).read_bytes(), Path(event).name, Path(event).stem, config)
        for event in events
    ]
    resolution = resolve([entries for entries in read if entries is not None])
    planner = PeoplePlanner(resolution, site, {})
    return tuple(
        made.cut().make().context  # type: ignore[misc]
        for person in resolution.people
        for made in planner.person_pages(person)
        if isinstance(made, PersonPlan)
    )
