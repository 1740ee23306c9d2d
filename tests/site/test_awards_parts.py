"""The default page of prizes and categories written in Python (site/awards_body.py).

While ``awards.html`` and ``macros.html`` are the default theme's, and ``event.html``
and ``base.html``, which make the frame, an event's awards page is the frame filled with
parts written in Python. They must give the template's bytes for any page (prizes by
either rule, lines without a player, categories with and without a birth column, the
age groups' cutoff, federations and clubs with players counted and not, text that needs
escaping or holds control characters, each language), the template's lookups must no
longer run for each row, and a theme's own template must still be rendered as it is.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from framehelpers import AWKWARD, CountingLookups, built_with, event_pages, own_theme
from lxml import html

from trfsite.pages.contexts import AwardsPage, GroupRow, PrizeLine
from trfsite.render.environment import make_environment, render_page
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Note
from trfsite.site.awards_body import AWARDS_TEMPLATE, AwardsFrames

EVENT = "trf/individual-2026.trf"  # women's category; federations ranked on their best 4


def _page(language: str) -> AwardsPage:
    (page,) = event_pages(EVENT, language, AWARDS_TEMPLATE)
    assert isinstance(page, AwardsPage)
    assert page.categories and page.federations and not page.prizes
    return page


def variants(page: AwardsPage) -> list[AwardsPage]:
    """The page, and the page with prizes, every optional part and awkward text, and
    with none of them."""
    cat = page.categories[0]
    first = cat.rows[0]
    awkward_ref = first.ref._replace(name=AWKWARD, person="people/o-brien.html")
    rows = tuple(
        row._replace(
            ref=awkward_ref if index % 2 else row.ref,
            title="<GM>" if index % 2 else "IM",
            rating=None if index % 2 else row.rating,
            federation="A&B",
            birth="U18 & S50",
        )
        for index, row in enumerate(cat.rows * 3)
    )
    awkward_cat = cat._replace(label=f"{AWKWARD} <w>", anchor="a&b", rows=rows, has_birth=True)
    how = Note("{place}. place of {category}", place=2, category="Women & <girls>")
    prizes = (
        PrizeLine("Overall", 1, "1,000.00", first.ref, 7.5, "1,000.00", how),
        PrizeLine("Overall", 2, "Trophy", awkward_ref, 7.0, "Trophy <&>", "shared & 'split'"),
        PrizeLine("Overall", 3, "50", None, None, "", "not awarded: no one <left>"),
        PrizeLine(AWKWARD, 1, "30", first.ref, 2, "30", how),
        PrizeLine("Overall", 4, "20", first.ref, 1.5, "20", ""),
    )
    groups = (
        GroupRow(1, "Club <&> 'A'", 8.5, ((first.ref, 4.0), (awkward_ref, 4.5)), ()),
        GroupRow(2, AWKWARD, 3, ((awkward_ref, 3),), ((first.ref, 0.5), (awkward_ref, 1.0))),
    )
    return [
        page,
        page._replace(
            prize_rule="one-prize",
            prizes=prizes,
            categories=(awkward_cat, cat),
            cutoff=dt.date(2026, 1, 1),
            ranking_best=0,
            federations=groups,
            clubs=groups[::-1],
            birth_is_year=True,
        ),
        page._replace(prize_rule="hort", prizes=prizes[:3], categories=(awkward_cat,)),
        page._replace(categories=(), federations=(), clubs=groups),
        page._replace(categories=(), federations=(), clubs=()),
        page._replace(prize_rule="hort", prizes=prizes, categories=(), federations=()),
    ]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_written_awards_page_is_the_template_s_bytes(language: str) -> None:
    env = make_environment(theme_chain(find_theme("default")), language)
    made = []
    for page in variants(_page(language)):
        frames = AwardsFrames(env)  # an event has one awards page: a frame each
        made.append(frames.render(page))
        assert made[-1] == render_page(env, AWARDS_TEMPLATE, page)
        assert frames.shared
    joined = "".join(made)
    for shown in ("O&#39;Brien &amp; &lt;Sons&gt;", "\ufffd", "people/o-brien.html", "A&amp;B"):
        assert shown in joined, shown


def test_a_later_event_s_awards_rows_are_not_looked_up() -> None:
    """Once a process compared an awards page, another event's is filled: only its
    frame is looked up through the templates (each row took some ten lookups)."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups
    page = variants(_page("en"))[1]
    CountingLookups.lookups = 0
    whole = render_page(env, AWARDS_TEMPLATE, page)
    alone = CountingLookups.lookups
    assert AwardsFrames(env).render(page) == whole  # compared
    later = AwardsFrames(env)
    CountingLookups.lookups = 0
    assert later.render(page) == whole
    assert later.shared
    assert CountingLookups.lookups < alone / 4  # the frame's, not the rows'


@pytest.mark.parametrize("template", ["awards.html", "macros.html"])
def test_a_theme_s_own_awards_template_is_rendered(tmp_path: Path, template: str) -> None:
    """A theme with its own copy of a template the written page copies gets its copy."""
    default = (find_theme("default").templates / template).read_text()
    if template == "macros.html":  # every player's link says it is the theme's
        text = default.replace("{{ breakable(ref.name) }}</a>", "{{ ref.name }}!</a>")
    else:
        text = default.replace('<table class="category">', '<table class="category mine">')
    assert text != default
    theme = own_theme(tmp_path, {template: text})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    frames = AwardsFrames(env)
    page = _page("en")
    assert frames.render(page) == render_page(env, AWARDS_TEMPLATE, page)
    assert not frames.shared
    out = built_with(tmp_path, theme, EVENT)
    doc = html.fromstring((out / "event/awards.html").read_bytes())
    if template == "macros.html":
        names = doc.xpath("//th[@class='name']/a/text()")
        assert names and all(name.endswith("!") for name in names)
    else:
        assert doc.xpath("//table[@class='category mine']")
