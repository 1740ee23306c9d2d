"""The default person page written in Python (site/person_body.py, issue 46's cost goal).

While ``person.html`` and ``macros.html`` are the default theme's (and ``base.html``,
which makes the frame), a person page is the shared frame filled with parts written in
Python. They must give the templates' bytes for any person (one event or many, chess,
team and Go, with a FIDE id, an EGD PIN or none, head to head, anonymised players, text
that needs escaping or holds control characters, each language), the template's
lookups must no longer run for each page, and a theme's own templates must still be
rendered as they are.
"""

from __future__ import annotations

import datetime as dt
import pickle
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from framehelpers import (
    AWKWARD,
    DATA,
    CountingLookups,
    own_theme,
    person_pages,
    rendered_alike,
)
from lxml import html

from trfsite.people.contexts import (
    MeetingGame,
    PeopleFinding,
    Period,
    PersonEventLine,
    PersonPage,
    SeriesPlace,
)
from trfsite.render.environment import make_environment, render_page
from trfsite.render.theme import find_theme, theme_chain
from trfsite.site.build import BuildOptions, build_site
from trfsite.site.person_body import PersonFrames, person_frames

RULES = tuple(f"people/rules/{stem}.trf" for stem in ("a-2020", "b-2021", "c-2022", "d-2023"))
# (events, people anonymised): chess with FIDE ids, findings and head to head; a team
# event beside an individual one; Go with EGD PINs and grades; chess with a player
# anonymised by name and id ([privacy]).
ARCHIVES = (
    (RULES, ()),
    (("teams/hand-built-team.trf", "trf/individual-2026.trf"), ()),
    (
        (
            "egf/real/results-first-swiss.h9",
            "egf/real/tabs-mcmahon.h9",
            "standings_go/mcmahon-handicap.h9",
        ),
        (),
    ),
    (RULES, ("Müller, Jürgen", "4100018")),
)


def _line(line: PersonEventLine, index: int) -> PersonEventLine:
    """Every other line with a team, game links and nothing ranked or rated."""
    if index % 2:
        return line
    return line._replace(
        team="<A&B> 'team'",
        game_links=((1, "../e/games/1-1.html"), (3, "../e/games/3-2.html?a&b")),
        rank=None,
        points=None,
        rating=None,
        grade="5k",
        performance=None,
        rating_change=None,
        date=None,
        event=AWKWARD,
    )


def variants(page: PersonPage) -> list[PersonPage]:
    """The page, with each optional part present and awkward, and with none."""
    game = MeetingGame(dt.date(2024, 1, 2), "Open <&>", 4, "../e/rounds/4.html", "w", "½", "draw")
    return [
        page,
        page._replace(
            meta=replace(page.meta, title=AWKWARD),
            name=AWKWARD,
            fide_id="1503014",
            fide_url="https://ratings.fide.com/profile/1503014?a&b",
            egd_pin="12345678",
            egd_url="https://europeangodatabase.eu/?pin=12345678&x",
            national_ids=("A&1", "<2>"),
            federation="<X>",
            name_matched=True,
            events=tuple(_line(line, index) for index, line in enumerate(page.events)),
            head_to_head=tuple(
                h._replace(opponent=f"{h.opponent} <&>'\"", games=(*h.games, game))
                for h in page.head_to_head
            ),
            history=(
                Period("name", AWKWARD, 2020, 2023, ""),
                Period("federation", "<X>", 2021, 2021, "federations/x.html?a&b"),
                Period("club", "A & B", None, None, ""),
                Period("title", "GM", 2022, None, ""),
            ),
            findings=(
                PeopleFinding("a&b.trf", 12, "x", "a <bad> 'line'", "../a/validation.html", ""),
                PeopleFinding("c.trf", 3, "y", "another", "../c/validation.html", ""),
            ),
            series=(
                SeriesPlace("gp&1", "Grand <Prix>", 2, 7.5, 14, 1),
                SeriesPlace("club", "Club's", None, 3.0, 9, 3),
            ),
        ),
        page._replace(
            fide_id="",
            egd_pin="",
            national_ids=(),
            federation="",
            name_matched=False,
            events=(),
            rating_chart=None,
            score_chart=None,
            head_to_head=(),
            history=(),
            findings=(),
            series=(),
        ),
    ]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize(("events", "anonymised"), ARCHIVES)
def test_the_written_person_page_is_the_templates_bytes(
    events: tuple[str, ...], anonymised: tuple[str, ...], language: str
) -> None:
    env = make_environment(theme_chain(find_theme("default")), language)
    pages = person_pages(events, language, anonymised)
    frames = PersonFrames(env)
    made = rendered_alike(frames, env, "person.html", pages, variants)
    assert len(made) == 3 * len(pages)
    joined = "".join(made)
    # The variants do reach each part compared.
    for shown in (
        "O&#39;Brien &amp; &lt;Sons&gt;",
        "\ufffd",
        'class="person-games"',
        'class="person-series"',
        "person-findings",
        '<a class="cell draw"',
        "12345678",
    ):
        assert shown in joined, shown


def test_each_person_page_kind_is_compared() -> None:
    """The archives above hold what the comparison must see: people of one event and
    of many, FIDE ids, EGD PINs, teams, Go grades, charts, head to head, and the
    anonymised player gone from every page."""
    chess, team, go, anonymised = (
        person_pages(events, "en", hidden) for events, hidden in ARCHIVES
    )
    assert any(len(page.events) == 1 for page in chess)
    assert any(len(page.events) > 2 for page in chess)
    assert any(page.fide_id for page in chess) and any(not page.fide_id for page in chess)
    assert any(page.rating_chart and page.score_chart for page in chess)
    assert any(line.team for page in team for line in page.events)
    assert any(page.egd_pin for page in go)
    assert any(line.grade for page in go for line in page.events)
    assert all(page.head_to_head for page in chess)
    names = {h.opponent for page in chess for h in page.head_to_head}
    hidden = {h.opponent for page in anonymised for h in page.head_to_head}
    assert "Müller, Jürgen" in names
    assert "Müller, Jürgen" not in hidden and len(anonymised) < len(chess)


def test_the_frame_s_person_pages_run_no_template_lookups() -> None:
    """A default-theme person page looks nothing up through Jinja: through person.html
    each page of these took some 100 lookups (a person of many events, thousands)."""
    made = make_environment(theme_chain(find_theme("default")), "en")
    env = made.overlay()
    env.__class__ = CountingLookups  # the same settings, filters and globals; lookups counted
    frames = PersonFrames(env)
    pages = [variant for page in person_pages(RULES, "en") for variant in variants(page)]
    assert frames.render(pages[0]) == render_page(made, "person.html", pages[0])
    CountingLookups.lookups = 0
    again = [frames.render(page) for page in pages[1:]]
    assert CountingLookups.lookups == 0
    assert frames.shared
    assert again == [render_page(made, "person.html", page) for page in pages[1:]]
    # The same pages through the template: the lookups the written parts save.
    CountingLookups.lookups = 0
    for page in pages[1:]:
        render_page(env, "person.html", page)
    assert CountingLookups.lookups > 50 * len(pages[1:])


def _people_built_with(tmp_path: Path, theme: Path | None) -> Path:
    """The site of the rules archive (four events), built with ``theme``."""
    src = tmp_path / "src"
    src.mkdir()
    for event in RULES:
        shutil.copy(DATA / event, src / Path(event).name)
    out = tmp_path / "out"
    build_site(BuildOptions(src, out, theme=str(theme) if theme else None, pdf=False))
    return out


@pytest.mark.parametrize("template", ["person.html", "base.html", "macros.html"])
def test_a_theme_s_own_person_template_is_rendered(tmp_path: Path, template: str) -> None:
    """A theme with its own copy of a template the written page copies (or its frame's)
    gets its copy on every person page, not the written parts."""
    default = (find_theme("default").templates / template).read_text()
    if template == "macros.html":  # every chart's caption says it is the theme's
        text = default.replace("<figcaption>{{ _(chart.title) }}", "<figcaption>mine")
    elif template == "base.html":  # a frame that shows a person's own field
        text = default.replace(
            '<main id="main" class="wrap">',
            '<main id="main" class="wrap">{% if page.key is defined %}'
            '<p id="mine">{{ page.name }}</p>{% endif %}',
        )
    else:
        text = default.replace(
            "<h1>{{ p.name }}</h1>", '<h1>{{ p.name }}</h1><p id="mine">{{ p.name }}</p>'
        )
    assert text != default
    theme = own_theme(tmp_path, {template: text})
    env = make_environment(theme_chain(find_theme(str(theme))), "en")
    frames = PersonFrames(env)
    pages = person_pages(RULES, "en")
    assert [frames.render(page) for page in pages] == [
        render_page(env, "person.html", page) for page in pages
    ]
    assert not frames.shared
    out = _people_built_with(tmp_path, theme)
    for page in pages:
        doc = html.fromstring((out / page.meta.path).read_bytes())
        if template == "macros.html":
            if page.rating_chart:
                assert doc.xpath("//figcaption/text()")[0] == "mine"
        else:
            assert doc.xpath("//p[@id='mine']/text()") == [page.name]


def test_a_process_keeps_one_frame_per_environment_and_site() -> None:
    """A worker's batches (each a new copy of its pages) share one frame, compared with
    a whole render once; another site, language or environment gets its own."""
    env = make_environment(theme_chain(find_theme("default")), "en")
    pages = person_pages(RULES, "en")
    frames = person_frames(env, pages[0])
    copied = pickle.loads(pickle.dumps(pages[1]))
    assert copied.meta.site is not pages[0].meta.site
    assert person_frames(env, copied) is frames
    other_site = pages[1]._replace(
        meta=replace(pages[1].meta, site=replace(pages[1].meta.site, title="B"))
    )
    assert person_frames(env, other_site) is not frames
    other_env = make_environment(theme_chain(find_theme("default")), "en")
    assert person_frames(other_env, pages[1]) is not frames
    assert [person_frames(env, page).render(page) for page in pages] == [
        render_page(env, "person.html", page) for page in pages
    ]
