"""The default round pages written in Python (site/round_body.py, issue 39).

While ``round.html`` and ``macros.html`` are the default theme's, a round page is the
shared frame filled with parts written in Python. They must give the template's bytes
for any page (chess pairings with ratings, games and forfeits, a team event's matches
and boards, Go's handicaps and jigo; byes, absentees, a pending round, notes and names
that need escaping; each language), the template's lookups must no longer run for
each board, and a theme's own templates must still be rendered as they are.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from framehelpers import (
    AWKWARD,
    CountingLookups,
    built_with,
    event_pages,
    own_theme,
    rendered_alike,
)
from lxml import html

from trfsite.pages.contexts import RoundPage
from trfsite.pages.rows import ByeLine, MatchView, Ref
from trfsite.render.environment import make_environment, render_page
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.round_body import RoundFrames

# Chess pairings with ratings; a team event's matches and boards; Go with handicaps.
EVENTS = (
    "trf/individual-2026.trf",
    "teams/hand-built-team.trf",
    "standings_go/mcmahon-handicap.h9",
    "samples/opengotha-tournoi-chinois.h9",
)
TEMPLATE = "round.html"


def _pages(event: str, language: str) -> tuple[RoundPage, ...]:
    pages = event_pages(event, language, TEMPLATE)
    assert len(pages) > 1 and all(isinstance(page, RoundPage) for page in pages)
    return pages  # type: ignore[return-value]


def variants(page: RoundPage) -> list[RoundPage]:
    """The page, and the page with each optional part present, absent or awkward."""
    awkward = Ref(9, AWKWARD, "players/9.html", "<GM>", "people/o-brien.html")
    plain = Ref(8, "Plain, Pat")
    pairings = tuple(
        p._replace(
            white=awkward if index % 2 else p.white,
            black=plain if index % 3 == 1 else p.black,
            white_rating=None if index % 2 else 2345,
            black_rating=1999 if index % 2 else None,
            white_before=None if index % 4 == 1 else 1.5,
            result=("jigo", "", "1–0 <&>", p.result)[index % 4],
            game=f"games/{index}.html" if index % 3 == 0 else "",
            forfeit=index % 2 == 0,
            handicap=(None, 0, 3)[index % 3] if page.is_go else p.handicap,
        )
        for index, p in enumerate(page.pairings)
    )
    match = MatchView(1, 3, awkward, None, 1.0, None, "1–0", (), "Bye & <more>")
    matches = tuple(
        m._replace(home=awkward, number=0, note="Forfeited & <match>") if index % 2 else m
        for index, m in enumerate(page.matches)
    )
    return [
        page,
        page._replace(
            date=dt.date(2024, 8, 2),
            pending=True,
            pairings=pairings,
            matches=(*matches, match) if page.matches else (),
            byes=(ByeLine(awkward, "Half-point bye", 0.5), ByeLine(plain, "Zero & <bye>", None)),
            absentees=(awkward, plain),
            nav_rounds=(1, 2, 5, 6),
            games_pgn="games/round-<2>.pgn",
            previous=None,
            next=None,
        ),
        # Nothing optional: no date, pairings, matches, byes, absentees nor pager.
        page._replace(
            date=None,
            pairings=(),
            matches=(),
            byes=(),
            absentees=(),
            previous=None,
            next=None,
        ),
    ]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("event", EVENTS)
def test_the_written_round_pages_are_the_template_s_bytes(event: str, language: str) -> None:
    env = make_environment(theme_chain(find_theme("default")), language)
    pages = _pages(event, language)
    frames = RoundFrames(env)
    made = rendered_alike(frames, env, TEMPLATE, pages, variants)
    assert len(made) == 3 * len(pages)
    joined = "".join(made)
    for shown in (
        "O&#39;Brien &amp; &lt;Sons&gt;",
        "\ufffd",
        '<li class="gap" aria-hidden="true">',
        '<p class="alert live"',
        "Zero &amp; &lt;bye&gt;",
        'class="columns absent"',
        "games/round-&lt;2&gt;.pgn",
        'rel="next"',
        'rel="prev"',
    ):
        assert shown in joined, shown
    if pages[0].matches:
        assert "Forfeited &amp; &lt;match&gt;" in joined
        assert "Bye &amp; &lt;more&gt;" in joined
        assert 'class="boards"' in joined
    else:
        assert '<tr class="forfeit">' in joined
        assert '<a class="game"' in joined
        assert "1–0 &lt;&amp;&gt;" in joined
        assert "&lt;GM&gt;" in joined


def test_the_frame_s_round_pages_run_no_template_lookups() -> None:
    """A default-theme round page looks nothing up through Jinja once its players'
    links are made: through round.html each board took some 15 lookups."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups  # the same settings, filters and globals; lookups counted
    frames = RoundFrames(env)
    pages = [variant for page in _pages(EVENTS[0], "en") for variant in variants(page)]
    assert frames.render(pages[0]) == render_page(made, TEMPLATE, pages[0])
    first = [frames.render(page) for page in pages[1:]]  # the links made once
    CountingLookups.lookups = 0
    again = [frames.render(page) for page in pages[1:]]
    assert CountingLookups.lookups == 0
    assert frames.shared
    assert first == again == [render_page(made, TEMPLATE, page) for page in pages[1:]]
    boards = sum(len(page.pairings) for page in pages[1:])
    CountingLookups.lookups = 0
    for page in pages[1:]:
        render_page(env, TEMPLATE, page)
    assert CountingLookups.lookups > 10 * boards


@pytest.mark.parametrize("template", ["round.html", "macros.html"])
def test_a_theme_s_own_round_template_is_rendered(tmp_path: Path, template: str) -> None:
    """A theme with its own copy of a template the written round pages copy gets its
    copy on every round page, not the written parts."""
    default = (find_theme("default").templates / template).read_text()
    if template == "macros.html":  # every player's link says it is the theme's
        text = default.replace("{{ breakable(ref.name) }}</a>", "{{ ref.name }}!</a>")
    else:
        text = default.replace("<tbody>", '<tbody id="mine">')
    assert text != default
    theme = own_theme(tmp_path, {template: text})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    frames = RoundFrames(env)
    for page in _pages(EVENTS[0], "en"):
        assert frames.render(page) == render_page(env, TEMPLATE, page)
    assert not frames.shared
    out = built_with(tmp_path, theme, EVENTS[0])
    for number in (1, 2, 3):
        doc = html.fromstring((out / f"event/rounds/{number}.html").read_bytes())
        if template == "macros.html":
            names = doc.xpath("//td[@class='name']/a/text()")
            assert names and all(name.endswith("!") for name in names)
        else:
            assert doc.xpath("//tbody[@id='mine']")
