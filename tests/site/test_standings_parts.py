"""The default standings pages written in Python (site/standings_body.py, issue 39).

While ``standings.html``, ``board_stats.html`` and ``macros.html`` are the default
theme's, a standings page is the shared frame filled with parts written in Python.
They must give the templates' bytes for any page (chess with and without ratings,
tie-break columns shown as points, shared ranks, a team event's board statistics, a
Go grid with its GoR column; after a round and final, in progress or not; notes and
names that need escaping; each language), the templates' lookups must no longer run
for each row, and a theme's own templates must still be rendered as they are.
"""

from __future__ import annotations

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

from trfsite.pages.contexts import StandingsPage
from trfsite.pages.rows import BoardStat, Link, Ref
from trfsite.render.environment import make_environment, render_page
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Note
from trfsite.site.standings_body import StandingsFrames

# Chess with ratings (rating change, performance) and shared ranks; a team event with
# its board statistics; Go with grid cells (byes' notes among them) and GoR.
EVENTS = (
    "trf/individual-2026.trf",
    "teams/hand-built-team.trf",
    "standings_go/mcmahon-handicap.h9",
    "samples/opengotha-tournoi-chinois.h9",
)
TEMPLATE = "standings.html"


def _pages(event: str, language: str) -> tuple[StandingsPage, ...]:
    pages = event_pages(event, language, TEMPLATE)
    assert len(pages) > 1 and all(isinstance(page, StandingsPage) for page in pages)
    return pages  # type: ignore[return-value]


def variants(page: StandingsPage) -> list[StandingsPage]:
    """The page, and the page with each optional part present, absent or awkward."""
    awkward_refs = {
        id(line.ref): line.ref._replace(name=f"{line.ref.name} {AWKWARD}", title="<1d>")
        for line in page.rows
    }
    rows = tuple(
        line._replace(
            ref=awkward_refs[id(line.ref)] if index % 2 else line.ref,
            title="GM" if index % 3 == 0 else "",
            federation="<A&B>" if index % 2 else line.federation,
            rating=None if index % 4 == 1 else line.rating,
            shared=index % 3 == 1,
            rating_change=None if index % 5 == 2 else (line.rating_change or 0.25) - 3.5,
            performance=None if index % 5 == 3 else 2345,
            tiebreaks=tuple(
                None if (index + i) % 7 == 0 else (value or 0) + 0.5
                for i, value in enumerate(line.tiebreaks)
            ),
            cells=tuple(
                cell._replace(title=Note("bye & <more>"), href="") if i % 3 == 0 else cell
                for i, cell in enumerate(line.cells)
            ),
        )
        for index, line in enumerate(page.rows)
    )
    columns = tuple(
        column._replace(
            points=i % 2 == 0,
            short=f"{column.short}<{i}>",
            code=column.short if i % 3 == 1 else f"{column.code}&",
        )
        for i, column in enumerate(page.columns)
    )
    # The standings after round 1, 2 and 5: a gap in the links before 5.
    others = (Link("standings-1.html", "1"), Link("standings-2.html", "2"))
    others += (Link("standings-5.html", "5"),)
    stats = (
        BoardStat(1, 6, 0.5, Ref(7, AWKWARD, "players/7.html", "FM", "people/x.html"), 2.5, 3),
        BoardStat(2, 0, None, None, None, 0),
    )
    return [
        page,
        page._replace(
            rows=rows,
            columns=columns,
            notes=(Note("A note & <more>"), "\x02 plain"),
            other_rounds=others,
            after_round=2,
            in_progress=3,
            rules="egf" if page.rules != "egf" else "pre2023",
            board_stats=stats,
            has_ratings=not page.is_go and not page.is_team,
            has_gor=page.is_go,
            event=page.event._replace(updated="2024-08-03T18:05:00"),
        ),
        # The final standings of an event still being played, under other rules.
        page._replace(final=True, in_progress=3, rules="2026 <new>", rows=rows[::-1]),
        # Nothing optional: no links, columns, notes, statistics, ratings nor GoR.
        page._replace(
            other_rounds=(),
            columns=(),
            rows=tuple(line._replace(tiebreaks=()) for line in rows),
            notes=(),
            board_stats=(),
            has_ratings=False,
            has_gor=False,
        ),
    ]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("event", EVENTS)
def test_the_written_standings_are_the_templates_bytes(event: str, language: str) -> None:
    env = make_environment(theme_chain(find_theme("default")), language)
    pages = _pages(event, language)
    frames = StandingsFrames(env)
    made = rendered_alike(frames, env, TEMPLATE, pages, variants)
    assert len(made) == 4 * len(pages)
    # The variants do reach each part compared.
    joined = "".join(made)
    for shown in (
        "O&#39;Brien &amp; &lt;Sons&gt;",
        "\ufffd",
        '<p class="note">A note &amp; &lt;more&gt;</p>',
        '<li class="gap" aria-hidden="true">',
        'aria-current="page">2</a>',
        '<p class="updated muted">',
        '<tr class="shared"',
        'class="board-stats"',
        "people/x.html",
        "2026 &lt;new&gt;",
    ):
        assert shown in joined, shown
    if not pages[0].is_team:
        assert "&lt;A&amp;B&gt;" in joined  # a federation
    if pages[0].is_go:
        assert '<td class="gcell' in joined
        assert "bye &amp; &lt;more&gt;" in joined
        assert "#gor" in joined
    elif not pages[0].is_team:
        assert "#rating" in joined


def test_each_standings_kind_is_compared() -> None:
    """The events above hold what the comparison must see as they come: ratings and
    shared ranks, a team's board statistics, Go's grid and GoR, a grid cell whose title
    is a Note, pages after a round and final."""
    chess, team, go, chinese = (_pages(event, "en") for event in EVENTS)
    assert chess[0].final and chess[0].has_ratings and not chess[1].final
    assert any(line.shared for line in chess[0].rows)
    assert team[0].board_stats and team[0].is_team
    assert go[0].grid_rounds and go[0].has_gor
    assert any(isinstance(cell.title, Note) for line in chinese[0].rows for cell in line.cells)


def test_the_frame_s_standings_run_no_template_lookups() -> None:
    """A default-theme standings page looks nothing up through Jinja once its names'
    links are made: through standings.html each row took some 20 lookups."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups  # the same settings, filters and globals; lookups counted
    frames = StandingsFrames(env)
    pages = [variant for page in _pages(EVENTS[0], "en") for variant in variants(page)]
    assert frames.render(pages[0]) == render_page(made, TEMPLATE, pages[0])
    first = [frames.render(page) for page in pages[1:]]  # the links made once
    CountingLookups.lookups = 0
    again = [frames.render(page) for page in pages[1:]]
    # The head row's cells are made by macros.html's own macros, once a page.
    head_lookups = sum(len(page.columns) * 2 for page in pages[1:])
    assert CountingLookups.lookups <= head_lookups
    assert frames.shared
    assert first == again == [render_page(made, TEMPLATE, page) for page in pages[1:]]
    # The same pages through the template: the lookups the written parts save.
    rows = sum(len(page.rows) for page in pages[1:])
    CountingLookups.lookups = 0
    for page in pages[1:]:
        render_page(env, TEMPLATE, page)
    assert CountingLookups.lookups > head_lookups + 15 * rows


@pytest.mark.parametrize("template", ["standings.html", "board_stats.html", "macros.html"])
def test_a_theme_s_own_standings_template_is_rendered(tmp_path: Path, template: str) -> None:
    """A theme with its own copy of a template the written standings copy gets its
    copy on every standings page, not the written parts."""
    default = (find_theme("default").templates / template).read_text()
    if template == "macros.html":  # every player's link says it is the theme's
        text = default.replace("{{ breakable(ref.name) }}</a>", "{{ ref.name }}!</a>")
    elif template == "board_stats.html":
        text = default.replace("<tbody>", '<tbody id="mine">')
    else:
        text = default.replace("<tbody>", '<tbody id="mine">')
    assert text != default
    theme = own_theme(tmp_path, {template: text})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    frames = StandingsFrames(env)
    event = EVENTS[1] if template == "board_stats.html" else EVENTS[0]
    for page in _pages(event, "en"):
        assert frames.render(page) == render_page(env, TEMPLATE, page)
    assert not frames.shared
    out = built_with(tmp_path, theme, event)
    for name in ("standings.html", "standings-1.html"):
        doc = html.fromstring((out / "event" / name).read_bytes())
        if template == "macros.html":
            names = doc.xpath("//th[@class='name']/a/text()")
            assert names and all(name.endswith("!") for name in names)
        elif template == "standings.html" or name == "standings.html":
            assert doc.xpath("//tbody[@id='mine']")


def test_a_long_standings_page_is_compared_on_its_first_rows() -> None:
    """The event's first standings page of 240 rows is filled once its first 24 rows
    gave the template's bytes: the template looks up what those rows hold, not what
    the page holds."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups  # the same settings, filters and globals; lookups counted
    page = _pages(EVENTS[0], "en")[0]
    long = page._replace(rows=page.rows * 40)
    assert len(long.rows) == 240
    CountingLookups.lookups = 0
    render_page(env, TEMPLATE, long)
    whole = CountingLookups.lookups
    frames = StandingsFrames(env)
    CountingLookups.lookups = 0
    assert frames.render(long) == render_page(made, TEMPLATE, long)
    assert frames.shared
    assert CountingLookups.lookups < whole / 5


def test_a_players_rating_and_federation_cells_are_made_once_an_event() -> None:
    """Issue 46: an event's standings pages (final and after each round) show each
    player's rating and federation on each: their cells are made once an event, by
    their values, as the points and tie-break cells are. Counted by the ``sortkey``
    filter's calls once each page was rendered once: only the rating change's and
    the performance's remain (2 a row of a page with ratings); main sorted each row's
    rating again on every page."""
    env = make_environment(theme_chain(find_theme("default")), "en")
    made = make_environment(theme_chain(find_theme("default")), "en")
    sorted_values: list[object] = []
    real_sortkey = env.filters["sortkey"]

    def sortkey(value: object) -> str:
        sorted_values.append(value)
        return real_sortkey(value)  # type: ignore[no-any-return]

    env.filters["sortkey"] = sortkey
    pages = _pages(EVENTS[0], "en")
    assert not pages[0].is_go and not pages[0].is_team and len(pages) > 2
    frames = StandingsFrames(env)
    first = [frames.render(page) for page in pages]
    assert frames.shared
    sorted_values.clear()
    again = [frames.render(page) for page in pages]
    assert first == again == [render_page(made, TEMPLATE, page) for page in pages]
    assert len(sorted_values) == sum(2 * len(page.rows) for page in pages if page.has_ratings)
