"""What a player card written in Python writes once (site/card_text.py and
site/card_body.py, issue 46): counted in the values it writes and the frames it runs."""

from __future__ import annotations

import datetime as dt
import sys

import pytest
from framehelpers import event_pages

from trfsite.pages.rows import ExplanationView, Ref
from trfsite.render.charts import line_chart
from trfsite.render.environment import make_environment
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Contribution, Note
from trfsite.site import card_ratings
from trfsite.site.card_body import CardParts
from trfsite.site.card_ratings import rating_card
from trfsite.site.card_text import CardText


class CountingText(CardText):
    """Counts the ``{{ value }}`` written."""

    outs = 0

    def _out(self, value: object) -> str:
        CountingText.outs += 1
        return super()._out(value)


def _text() -> CountingText:
    return CountingText(make_environment(theme_chain(find_theme("default")), "en"))


def test_a_rating_card_s_values_are_written_without_a_wrapper() -> None:
    """Each value of a rating card goes straight to ``_out``: no ``out`` frame that only
    calls it (a frame more for each of its ~45 values, 122,000 on a 40-event archive)."""
    pages = event_pages("trf/individual-2026.trf", "en", "player.html")
    cards = [card for card in pages if card.rating_card]
    assert cards
    text = _text()
    frames: list[str] = []

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            frames.append(frame.f_code.co_name)  # type: ignore[attr-defined]

    CountingText.outs = 0
    sys.setprofile(count)
    try:
        for card in cards:
            rating_card(text, [], card.rating_card, "../")
    finally:
        sys.setprofile(None)
    assert CountingText.outs > 10 * len(cards)  # a card writes its values
    assert frames.count("out") == 0


class CountingParts(CardParts):
    """Counts the ``{{ value }}`` written."""

    outs = 0

    def _out(self, value: object) -> str:
        CountingParts.outs += 1
        return super()._out(value)


def test_a_row_two_tie_breaks_share_is_written_once_a_card() -> None:
    """Buchholz and its cut variant share the objects of the rows the cut leaves: the
    variant writes only its own rows."""
    kept_a, kept_b = Contribution(2, 5.0, "opponent 7: score 5"), Contribution(3, 6.5, "x")
    first = Contribution(1, 4.0, "opponent 3: score 4")
    cut = Contribution(1, 4.0, "opponent 3: score 4", cut=True)
    bh = ExplanationView("BH", "Buchholz", 15.5, (first, kept_a, kept_b), ())
    bh_c1 = ExplanationView("BH-C1", "Buchholz Cut 1", 11.5, (cut, kept_a, kept_b), ())
    parts = CountingParts(make_environment(theme_chain(find_theme("default")), "en"))
    parts.said("cut")  # the word made once, before counting
    rows: dict[int, tuple[Contribution, str]] = {}
    parts._explanation([], bh, True, rows)
    CountingParts.outs = 0
    shared: list[str] = []
    parts._explanation(shared, bh_c1, False, rows)
    # The summary's name, code and value 11.5 (3): the cut row's round 1, its label (the
    # same text object) and its value 4.0 were written by BH's first row; the two kept
    # rows as BH wrote them (3 values each before).
    assert CountingParts.outs == 3
    alone: list[str] = []
    parts._explanation(alone, bh_c1, False, {})
    assert shared == alone
    assert '<tr class="cut"><td class="num">1</td><td>opponent 3: score 4 <span' in "".join(alone)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_note_is_written_without_the_finalize(language: str) -> None:
    """A Note (a chart dot's label, a row's reason) is put in the page's language and
    then written as a text: the template's bytes, without the finalize's call, but
    for a note that holds a control character."""
    env = make_environment(theme_chain(find_theme("default")), language)
    finalize = env.finalize
    calls: list[object] = []

    def counted(value: object) -> object:
        calls.append(value)
        return finalize(value)  # type: ignore[misc]

    env.finalize = counted
    text = CountingText(env)
    template = env.from_string("{{ value }}")
    plain = Note("Round {x}: {y}", x=2, y=3)
    awkward = Note("{name}: score {score}", name="O'Brien & <Sons>", score=4.5)
    dated = Note("Played on {day}", day=dt.date(2024, 5, 1))
    for note in (plain, awkward, dated):
        assert text.out(note) == template.render(value=note)
    assert text.out(awkward) == "O&#39;Brien &amp; &lt;Sons&gt;: score " + (
        "4.5" if language == "en" else "4,5"
    )
    calls.clear()
    for note in (plain, awkward, dated):
        text.out(note)
    assert calls == []
    control = Note("{name} won", name="A\x01B")
    expected = template.render(value=control)
    calls.clear()
    assert text.out(control) == expected == "A\ufffdB won"
    assert len(calls) == 1


def test_a_chart_s_title_and_axis_are_translated_once() -> None:
    """A chart's title and x axis are fixed texts: translated for the first chart,
    then taken as they were made (two translations a chart before)."""
    first = line_chart("Rank after each round", [(1, 2.0), (2, 1.0)], "Round", "Rank")
    second = line_chart("Rank after each round", [(1, 3.0), (2, 4.0)], "Round", "Rank")
    assert first is not None and second is not None
    text = _text()
    translate = text._translate
    asked: list[str] = []

    def counted(message: str, **values: object) -> str:
        asked.append(message)
        return translate(message, **values)

    text._translate = counted
    made = text.line_chart(first, "rank-chart")
    assert asked == ["Rank after each round", "Round"]
    text.line_chart(second, "rank-chart")
    assert asked == ["Rank after each round", "Round"]
    assert '<title id="rank-chart-title">Rank after each round</title>' in made
    assert made.endswith("<figcaption>Rank after each round</figcaption>\n</figure>\n")


def test_a_number_is_formatted_and_escaped_once_a_writer() -> None:
    """A card's numbers (tie-break rows, rating games, record points) recur across its
    cells and its event's cards: each distinct value is formatted by the filter and
    escaped once a writer, then taken as written."""
    env = make_environment(theme_chain(find_theme("default")), "de")
    asked: list[tuple[str, object]] = []
    for name in ("number", "signed", "points"):
        real = env.filters[name]

        def counted(value: object, *args: object, _name: str = name, _real: object = real) -> str:
            asked.append((_name, value))
            return _real(value, *args)  # type: ignore[operator, no-any-return]

        env.filters[name] = counted
    parts = CountingParts(env)
    rows = tuple(Contribution(r, 4.0, f"opponent {r}: score 4") for r in (1, 2, 3))
    sb = ExplanationView("SB", "Sonneborn-Berger", 12.0, rows, ())
    first: list[str] = []
    parts._explanation(first, sb, True, {})
    # The summary's 12.0 and the rows' 4.0, once each (four before: one a cell).
    assert asked == [("number", 12.0), ("number", 4.0)]
    assert "".join(first).count('<td class="num">4</td>') == 3
    again: list[str] = []
    parts._explanation(again, sb, True, {})  # the next card: every value written before
    assert again == first and len(asked) == 2
    # 1 and 1.0 are spelled apart by the filters; a signed value is not a number.
    assert (parts.written_number(1), parts.written_number(1.0)) == ("1", "1")
    assert parts.written_signed(1.0) == "+1,0" and parts.written_signed(1.0, 2) == "+1,00"
    assert parts.written_points(0.5) == "½"
    assert asked[2:] == [
        ("number", 1),
        ("number", 1.0),
        ("signed", 1.0),
        ("signed", 1.0),
        ("points", 0.5),
    ]


def test_a_row_label_shared_by_cards_is_written_once_a_writer() -> None:
    """The players who met the same opponent read the same Note on their cards' rows
    (one object, made once by the scoring): put in the page's language and escaped
    for the first card only."""
    env = make_environment(theme_chain(find_theme("default")), "de")
    real = env.filters["note"]
    asked: list[object] = []

    def counted(value: str) -> str:
        asked.append(value)
        return real(value)  # type: ignore[no-any-return]

    env.filters["note"] = counted
    parts = CountingParts(env)
    label = Note("opponent {opponent}: score {score}", opponent="7 O'Brien, Ana", score=5.5)
    cards = [
        ExplanationView("BH", "Buchholz", 5.5, (Contribution(r, 5.5, label),), ()) for r in (2, 4)
    ]
    written = []
    for card in cards:
        made: list[str] = []
        parts._explanation(made, card, True, {})
        written.append("".join(made))
    assert [value for value in asked if value is label] == [label]  # twice before
    row = "<td>opponent 7 O&#39;Brien, Ana: score 5,5</td>"
    assert row in written[0] and row in written[1]


def test_a_chart_dot_shared_by_cards_is_written_once_a_writer() -> None:
    """Two score charts through the same points share their dots (render.charts draws
    each once): the second chart writes its own values only, not its dots again."""
    first = line_chart("Score after each round", [(1, 1.0), (2, 1.5)], "Round", "Pts", y_min=0)
    second = line_chart("Score after each round", [(1, 1.0), (2, 1.5)], "Round", "Pts", y_min=0)
    assert first is not None and second is not None and first.dots[1] is second.dots[1]
    text = _text()
    made = text.line_chart(first, "score-chart")
    CountingText.outs = 0
    again = text.line_chart(second, "score-chart")
    # Its width, height, the axis label's x and y, and the polyline: 5 (13 before, with
    # each dot's x, y and label, a Note written in two calls).
    assert CountingText.outs == 5
    assert again == made
    assert '<circle class="dot" cx="466.0" cy="14.0" r="4"><title>Round 2: 1.5</title>' in made


def test_a_record_line_s_colour_cell_is_made_once_per_colour() -> None:
    """Every line of a card's record shows its colour, with the colour's name: the cell
    is made once per colour (and Go handicap) a writer, not once a line."""
    pages = event_pages("trf/individual-2026.trf", "en", "player.html")
    parts = CountingParts(make_environment(theme_chain(find_theme("default")), "en"))
    real = parts.said
    asked: list[str] = []

    def said(message: str) -> str:
        asked.append(message)
        return real(message)

    parts.said = said  # type: ignore[method-assign]
    written = []
    for page in pages:
        made: list[str] = []
        parts._record(made, page, "../")
        written.append("".join(made))
    # 6 players, 3 rounds: 18 lines, nearly all with a colour; each name asked once.
    assert sorted(m for m in asked if m in ("White", "Black")) == ["Black", "White"]
    cells = "".join(written)
    assert cells.count('<span class="colour w" aria-hidden="true" title="White">') > 1
    assert cells.count('<span class="colour b" aria-hidden="true" title="Black">') > 1


class CountingCalls(CardParts):
    """Counts the labels and numbers asked to be written."""

    asked: list[object] = []

    def written_note(self, text: str) -> str:
        CountingCalls.asked.append(("note", text))
        return super().written_note(text)

    def written_number(self, value: float | int | None) -> str:
        CountingCalls.asked.append(("number", value))
        return super().written_number(value)


def test_an_explanation_row_s_cells_after_its_round_are_written_once_a_writer() -> None:
    """Every player who met an opponent has a row with that opponent's label and value
    (Buchholz, TPR, ARO): after the first card, a row is its round's start and the
    cells written before, with no label or number asked again (two a row before)."""
    parts = CountingCalls(make_environment(theme_chain(find_theme("default")), "de"))
    label = Note("opponent {opponent}: score {score}", opponent="7 O'Brien, Ana", score=5.5)
    rating = Note("opponent {opponent}: rating {value}", opponent="7 O'Brien, Ana", value=2100)
    other = Note("opponent {opponent}: score {score}", opponent="9 Lee, Bo", score=3)

    def card(round_no: int) -> tuple[list[str], list[str]]:
        bh = ExplanationView(
            "BH",
            "Buchholz",
            8.5,
            (Contribution(round_no, 5.5, label), Contribution(round_no + 1, 3, other)),
            (),
        )
        aro = ExplanationView("ARO", "ARO", 2100.0, (Contribution(round_no, 2100.0, rating),), ())
        tiebreaks: list[str] = []
        parts._explanation(tiebreaks, bh, True, {})
        ratings: list[str] = []
        card_ratings._explanation(parts, ratings, aro)
        return tiebreaks, ratings

    first = card(2)
    assert ("note", label) in CountingCalls.asked and ("note", rating) in CountingCalls.asked
    CountingCalls.asked = []
    second = card(4)
    # The summaries' values (8.5, 2100.0) were written for the first card too: asked
    # again only as the summary asks them, never for a row.
    assert [kind for kind, value in CountingCalls.asked if value in (label, rating, other)] == []
    assert CountingCalls.asked == [("number", 8.5), ("number", 2100.0)]
    row = '<tr><td class="num">4</td><td>opponent 7 O&#39;Brien, Ana: score 5,5</td>'
    assert row + '<td class="num">5,5</td></tr>\n' in "".join(second[0])
    assert '<tr><td class="num">5</td><td>opponent 9 Lee, Bo: score 3</td>' in "".join(second[0])
    assert '<td class="num">4</td><td>opponent 7 O&#39;Brien, Ana: rating 2100</td>' in "".join(
        second[1]
    )
    assert "".join(second[0]).replace(">4<", ">2<").replace(">5<", ">3<") == "".join(first[0])
    # The same label with another value (or 1 against 1.0) is written anew.
    CountingCalls.asked = []
    for value in (3, 3.0, 4.0, 4.0):
        assert parts.contribution_row(1, other, value).endswith(f">{value:g}</td></tr>\n")
    numbers = [value for kind, value in CountingCalls.asked if kind == "number"]
    assert numbers == [3.0, 4.0] and numbers[0].__class__ is float  # 3 was the cards'


class CountingLinks(CardParts):
    """Counts the links asked for."""

    links: list[object] = []

    def link(self, ref: object, base: str, titled: bool = False) -> str:
        CountingLinks.links.append(ref)
        return super().link(ref, base, titled)  # type: ignore[arg-type]


def test_a_record_row_s_opponent_cells_are_written_once_per_opponent_a_writer() -> None:
    """The players who met an opponent show the same link, federation and rating on
    their record's rows: each opponent's cells are written for the first row that
    shows them, then joined as written (a link, a federation and a rating a row before)."""
    pages = event_pages("trf/individual-2026.trf", "en", "player.html")
    parts = CountingLinks(make_environment(theme_chain(find_theme("default")), "en"))
    CountingLinks.links = []
    written = []
    for page in pages:
        made: list[str] = []
        parts._record(made, page, "../")
        written.append("".join(made))
    lines = [line for page in pages for line in page.record if line.opponent]
    distinct = {id(line.opponent) for line in lines if not line.note}
    noted = [line for line in lines if line.note]
    # 6 players, 3 rounds: 14 rows against an opponent, 12 of them against one of 5
    # opponents, whose links are asked once each; the 2 rows with a note (forfeits) are
    # written as they are.
    assert (len(lines), len(distinct), len(noted)) == (14, 5, 2)
    assert len(CountingLinks.links) == 7
    # The rows as a fresh writer makes them, card by card.
    for page, made_here in zip(pages, written, strict=True):
        alone: list[str] = []
        CardParts(make_environment(theme_chain(find_theme("default")), "en"))._record(
            alone, page, "../"
        )
        assert "".join(alone) == made_here


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_person_link_is_written_without_the_macro(language: str) -> None:
    """A person link (one a player with a person page, on nearly every row of an open's
    cards) is written in Python: the bytes of ``macros.html``'s ``person_link``, with
    no macro frame run (one a person before)."""
    env = make_environment(theme_chain(find_theme("default")), language)
    macro = env.get_template("macros.html").module.person_link  # type: ignore[attr-defined]
    refs = [
        Ref(1, "O'Brien & <Sons>, Ann", "players/1.html", "GM", "people/o-brien.html"),
        Ref(2, "Lee,\x01Bo", "players/2.html", "", "people/lee-bo.html?x=1&y=2"),
    ]
    text = CountingText(env)
    frames: list[str] = []

    def count(frame: object, event: str, arg: object) -> None:
        if event == "call":
            frames.append(frame.f_code.co_name)  # type: ignore[attr-defined]

    sys.setprofile(count)
    try:
        written = [text.person_link(ref, "../../") for ref in refs]
        linked = [text.link(ref, "../", titled) for ref in refs for titled in (False, True)]
    finally:
        sys.setprofile(None)
    assert frames.count("macro") == 0
    assert written == [str(macro(ref, "../../")) for ref in refs]
    # Each link (plain and titled) ends with its person link, made once a Ref.
    assert [made.endswith(written[index // 2]) for index, made in enumerate(linked)] == [True] * 4
    assert 'href="../../people/lee-bo.html?x=1&amp;y=2"' in written[1]
    assert "O&#39;Brien &amp; &lt;Sons&gt;, Ann" in written[0] and "\x01" not in written[1]


def test_an_explanation_s_opening_is_written_once_per_name_a_writer() -> None:
    """Every card explains the same tie-breaks: an explanation's ``<details>``, summary
    and table opening are written for the first card, then only its value (the name,
    code and the table opening made per card before). A Note and a text spelled
    alike are not the same name: the Note is translated."""
    parts = CountingParts(make_environment(theme_chain(find_theme("default")), "de"))
    row = (Contribution(1, 2.5, "x"),)
    first = ExplanationView("TPR", Note("Performance (TPR)"), 2400.0, row, ())
    made = parts.explanation_open(first, False)
    parts.written_number(2500.0)  # a value written before, by another cell
    CountingParts.outs = 0
    again = parts.explanation_open(
        first._replace(name=Note("Performance (TPR)"), value=2500.0), False
    )
    assert CountingParts.outs == 0  # 2 before: the name, the code
    assert again == made.replace("2400", "2500") and "Turnierleistung (TPR)" in made
    plain = parts.explanation_open(first._replace(name="Performance (TPR)"), False)
    assert "<strong>Performance (TPR)</strong>" in plain
    closed = parts.explanation_open(first._replace(contributions=()), True)
    assert closed == (
        '  <details class="explanation" open>\n'
        f"    <summary><strong>{made.split('<strong>')[1].split('</strong>')[0]}</strong> "
        "<code>TPR</code>: 2400</summary>\n"
    )
    assert made.startswith(closed.replace(" open>", ">")) and "<caption" in made


def test_a_rating_game_s_cells_are_written_once_per_opponent_and_figures() -> None:
    """A rating game's opponent (link and rating) is written once a writer, for the first
    card whose player met them, and its figures (D, W, We, W - We, change) once per
    distinct five; then joined as written (a link and seven values a game before)."""
    pages = event_pages("trf/individual-2026.trf", "en", "player.html")
    cards = [card.rating_card for card in pages if card.rating_card]
    games = [game for card in cards for game in card.games]
    parts = CountingLinks(make_environment(theme_chain(find_theme("default")), "en"))
    CountingLinks.links = []
    written = []
    for card in cards:
        made: list[str] = []
        rating_card(parts, made, card, "../")
        written.append("".join(made))
    distinct = {id(game.opponent) for game in games}
    assert len(games) > len(distinct) >= 3
    assert len(CountingLinks.links) == len(distinct)
    assert len(parts.game_figures) == len({game[3:] for game in games}) < len(games)
    for card, made_here in zip(cards, written, strict=True):
        alone: list[str] = []
        rating_card(_text(), alone, card, "../")
        assert "".join(alone) == made_here
