"""What the page parts written in Python share (cards, standings and round pages).

The environment's filters and ``macros.html``'s macros, each link made once a Ref,
each word and table head once an event. The links and title badges, on nearly every
line of every page, are written here too (``ref_link``, ``titled_link``,
``title_badge``): a 2,000-player open's worker made all 4,000 of them by macro calls.
"""

from __future__ import annotations

from collections.abc import Callable

import jinja2
from markupsafe import Markup

from trfsite.memo import keep_within
from trfsite.pages.rows import ExplanationView, Ref
from trfsite.render.charts import Dot, LineChart
from trfsite.results import Note
from trfsite.site.written_parts import WrittenParts

# Chart grids a process keeps (a person page's are its own: they seldom repeat).
_GRIDS_KEPT = 256
# Numbers a writer keeps written (a 2,000-player open's cards: ~2,500 distinct values).
_VALUES_KEPT = 20_000


class CardText(WrittenParts):
    """The filters, links, words and table heads of a card written in Python."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        filters = env.filters
        self.points: Callable[..., str] = filters["points"]
        self.number: Callable[..., str] = filters["number"]
        self.signed: Callable[..., str] = filters["signed"]
        self.note: Callable[[str], str] = filters["note"]
        # Links by id(ref) * 3 + 0 (a link), 1 (a titled link) or 2 (a person link).
        self._links: dict[int, tuple[Ref | None, str, str]] = {}
        self._said: dict[str, str] = {}
        self._made: dict[str, str] = {}
        self._grids: dict[tuple[object, ...], str] = {}
        self._values: dict[tuple[object, ...], str] = {}
        # Notes and chart dots as written, by id of the object (kept with it).
        self._notes: dict[int, tuple[str, str]] = {}
        self._rounds: dict[int, str] = {}
        # An explanation row's cells after its round, by id of its label (kept with it
        # and its value), and a row's start by its round: see ``contribution_row``.
        self._row_tails: dict[int, tuple[str, float | None, str]] = {}
        self._row_heads: dict[int | None, str] = {}
        self._opens: dict[tuple[object, ...], tuple[str, str]] = {}
        # A rating game's opponent cells by id of the Ref, and its figures' cells by
        # their values (``card_ratings``).
        self.game_opponents: dict[int, tuple[object, int, str, str]] = {}
        self.game_figures: dict[tuple[object, ...], str] = {}
        self._dots: dict[int, tuple[Dot, str, str]] = {}

    # A card writes some 130 numbers (its tie-breaks' rows, its rating games, its
    # record's points): each is formatted by the filter and escaped once per distinct
    # value a writer, not once per cell. The key holds the value's class: the filters
    # spell 1 and 1.0 apart.
    def written_number(self, value: float | int | None) -> str:
        """``{{ value|number }}``."""
        key = ("number", value.__class__, value)
        text = self._values.get(key)
        if text is None:
            text = keep_within(self._values, key, self._out(self.number(value)), _VALUES_KEPT)
        return text

    def written_signed(self, value: float | None, digits: int = 1) -> str:
        """``{{ value|signed }}`` (``signed(digits)``)."""
        key = ("signed", digits, value.__class__, value)
        text = self._values.get(key)
        if text is None:
            made = self._out(self.signed(value, digits))
            text = keep_within(self._values, key, made, _VALUES_KEPT)
        return text

    def written_points(self, value: float | None) -> str:
        """``{{ value|points }}``."""
        key = ("points", value.__class__, value)
        text = self._values.get(key)
        if text is None:
            text = keep_within(self._values, key, self._out(self.points(value)), _VALUES_KEPT)
        return text

    def written_round(self, round_no: int | None) -> str:
        """``{{ round or "" }}``: an explanation row's round (some 75 a card), written
        once per round a writer."""
        if round_no.__class__ is not int:
            return self._out(round_no or "")
        text = self._rounds.get(round_no)  # type: ignore[arg-type]
        if text is None:
            text = keep_within(self._rounds, round_no, self._out(round_no or ""), _VALUES_KEPT)
        return text

    def written_note(self, text: str) -> str:
        """``{{ text|note }}``, written once per object a writer: a tie-break row's label
        (and a TPR or ARO row's) is one Note for every card whose player met that
        opponent, about four cards of an open each."""
        made = self._notes.get(id(text))
        if made is None or made[0] is not text:
            made = keep_within(
                self._notes, id(text), (text, self._out(self.note(text))), _VALUES_KEPT
            )
        return made[1]

    def contribution_row(self, round_no: int | None, label: str, value: float | None) -> str:
        """An explanation row that is not cut, one round's: ``<tr><td class="num">{{
        round or "" }}</td><td>{{ label|note }}</td><td class="num">{{ value|number
        }}</td></tr>``. Its label is one object for every card whose player met that
        opponent (a Buchholz, TPR or ARO line), and its value goes with it: the cells
        after the round are written once per label and value a writer, not per row
        (some 80 rows a card of an open, about five cards sharing each label)."""
        tails = self._row_tails
        made = tails.get(id(label))
        if (
            made is None
            or made[0] is not label
            or made[1] != value
            or made[1].__class__ is not value.__class__  # the filters spell 1 and 1.0 apart
        ):
            text = (
                f"</td><td>{self.written_note(label)}</td>"
                f'<td class="num">{self.written_number(value)}</td></tr>\n'
            )
            made = keep_within(tails, id(label), (label, value, text), _VALUES_KEPT)
        head = self._row_heads.get(round_no)
        if head is None:
            head = f'      <tr><td class="num">{self.written_round(round_no)}'
            head = keep_within(self._row_heads, round_no, head, _VALUES_KEPT)
        return head + made[2]

    def said(self, message: str) -> str:
        """``{{ _("message") }}``, made once."""
        made = self._said.get(message)
        if made is None:
            made = self._said[message] = self._word(message)
        return made

    def made(self, key: str, make: Callable[[], str]) -> str:
        """A part alike on every card (a table's head), made once."""
        text = self._made.get(key)
        if text is None:
            text = self._made[key] = make()
        return text

    def contributions_head(self) -> str:
        """An explanation table's head row and the start of its body."""
        said = self.said
        return self.made(
            "contributions-head",
            lambda: (
                f'      <thead><tr><th scope="col" class="num">{said("Rd.")}</th>'
                f'<th scope="col">{said("Contribution")}</th>'
                f'<th scope="col" class="num">{said("Value")}</th></tr></thead>\n'
                "      <tbody>\n"
            ),
        )

    def explanation_open(self, ex: ExplanationView, opened: bool) -> str:
        """An explanation's ``<details>`` (``opened``: shown open) and summary, and the
        start of its table when it has contributions (``player.html``'s and
        ``rating_card.html``'s alike). All but its value is the same on every card that
        explains that tie-break (seven a card): written once per name, code and shape a
        writer. A Note's template is in the key, as the ``note`` filter keys it."""
        name = ex.name
        key = (
            name,
            name.template if name.__class__ is Note else None,  # type: ignore[attr-defined]
            ex.code,
            opened,
            not ex.contributions,
        )
        made = self._opens.get(key)
        if made is None:
            made = keep_within(self._opens, key, self._explanation_open(ex, opened), _GRIDS_KEPT)
        return f"{made[0]}{self.written_number(ex.value)}{made[1]}"

    def _explanation_open(self, ex: ExplanationView, opened: bool) -> tuple[str, str]:
        """``explanation_open``'s text before its value and after it."""
        out = self._out
        name = out(self.note(ex.name))
        before = (
            f'  <details class="explanation"{" open" if opened else ""}>\n'
            f"    <summary><strong>{name}</strong> <code>{out(ex.code)}</code>: "
        )
        if not ex.contributions:
            return before, "</summary>\n"
        return before, (
            "</summary>\n"
            f'    <div class="table-wrap" role="region" aria-label="{name}" tabindex="0">\n'
            '    <table class="contributions">\n'
            f'      <caption class="visually-hidden">{name}</caption>\n'
            f"{self.contributions_head()}"
        )

    def notes(self, notes: tuple[str, ...]) -> str:
        """``{% for note in notes %}<p class="note">{{ note|note }}</p>{% endfor %}``."""
        out, note = self._out, self.note
        return "".join(f'<p class="note">{out(note(text))}</p>' for text in notes)

    def link(self, ref: Ref | None, base: str, titled: bool = False) -> str:
        """``{{ ref_link(ref, base) }}`` (``titled``: ``titled_link(ref.title, ref, base)``),
        kept by the Ref (the event's, the same object on each card that shows it): no
        hashing of the Ref, no macro call, per line."""
        key = id(ref) * 3 + titled
        made = self._links.get(key)
        if made is None or made[0] is not ref or made[1] != base:
            if titled and ref is not None:
                html = self._out(self._titled_link(ref.title, ref, base))
            else:
                html = self._out(self._ref_link(ref, base))
            made = self._links[key] = (ref, base, html)
        return made[2]

    def _ref_link(self, ref: Ref | None, base: str) -> Markup:
        """``{{ ref_link(ref, base) }}`` of the default ``macros.html``, with its
        ``breakable(ref.name)``: "Surname,<wbr>Firstname"."""
        if ref is None:
            return Markup(f'<span class="empty">{self.said("empty board")}</span>')
        out = self._out
        name = self._safe(",<wbr>".join([out(part) for part in ref.name.split(",")]))
        html = f'<a href="{out(base)}{out(ref.href)}">{name}</a>' if ref.href else name
        if ref.person:
            html += self.person_link(ref, base + "../")
        return Markup(html)

    def _title_badge(self, title: str) -> Markup:
        """``{{ title_badge(title) }}`` of the default ``macros.html``."""
        if not title:
            return Markup("")
        shown = self._out(title)
        return Markup(f'<abbr class="title" title="{shown}">{shown}</abbr> ')

    def _titled_link(self, title: str, ref: Ref | None, base: str) -> Markup:
        """``{{ titled_link(title, ref, base) }}`` of the default ``macros.html``."""
        badge, link = self._title_badge(title), self._ref_link(ref, base)
        # Joined as texts: Markup + str would escape the str.
        return Markup(f"{self._safe(badge)}{self._safe(link)}")

    def person_link(self, ref: Ref, root: str) -> str:
        """``{{ person_link(ref, root) }}``, kept by the Ref as ``link`` keeps links."""
        key = id(ref) * 3 + 2
        made = self._links.get(key)
        if made is None or made[0] is not ref or made[1] != root:
            made = self._links[key] = (ref, root, self._person_link_of(ref, root))
        return made[2]

    def _person_link_of(self, ref: Ref, root: str) -> str:
        """``{{ person_link(ref, root) }}`` of the default ``macros.html``: its label
        set from ``_()`` (a text, escaped where it is printed), not a macro call per
        person (one a player of every event, 2,000 for an open's cards)."""
        out = self._out
        label = out(self._translate("All events of {name}", name=ref.name))
        return (
            f'<a class="person-link" href="{out(root)}{out(ref.person)}" title="{label}" '
            f'aria-label="{label}"></a>'
        )

    def line_chart(self, chart: LineChart | None, css: str) -> str:
        """``{{ line_chart(chart, css) }}`` (a player card's and a person page's)."""
        if not chart:
            return ""
        out = self._out
        # Fixed texts ("Rank after each round", "Round"), translated once a writer.
        title, x_label = self.said(chart.title), self.said(chart.x_label)
        width, height = out(chart.width), out(chart.height)
        grid = self.chart_grid(chart)
        made = [
            f'<figure class="{css}">\n'
            f'  <svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'role="img" aria-labelledby="{css}-title" preserveAspectRatio="xMidYMid meet">\n'
            f'    <title id="{css}-title">{title}</title>\n'
            f"    {grid}\n"
            f'    <text class="axis-label" x="{out(chart.right)}" y="{out(chart.height - 2)}" '
            f'text-anchor="end">{x_label}</text>\n'
            f'    <polyline class="line" points="{out(chart.polyline)}"></polyline>\n'
        ]
        # A score chart's dots are shared by the cards that pass through the same score
        # after the same round (render.charts draws each once): written once a writer.
        dots = self._dots
        for dot in chart.dots:
            written = dots.get(id(dot))
            if written is None or written[0] is not dot or written[1] != x_label:
                text = (
                    f'    <circle class="dot" cx="{out(dot.x)}" cy="{out(dot.y)}" r="4">'
                    f"<title>{x_label} {out(dot.label)}</title></circle>\n"
                )
                written = keep_within(dots, id(dot), (dot, x_label, text), _VALUES_KEPT)
            made.append(written[2])
        made.append(f"  </svg>\n  <figcaption>{title}</figcaption>\n</figure>\n")
        return "".join(made)

    def chart_grid(self, chart: LineChart) -> str:
        """``{{ chart_grid(chart.left, chart.right, chart.bottom, chart.y_ticks,
        chart.x_ticks) }}``: the grid lines and axis ticks, made once per axes (alike on
        every card of an event; a person page's follow the person's ratings)."""
        key = (chart.left, chart.right, chart.bottom, chart.y_ticks, chart.x_ticks)
        made = self._grids.get(key)
        if made is None:
            out = self._out
            left, right = out(chart.left), out(chart.right)
            grid = ['<g class="grid">\n']
            for tick in chart.y_ticks:
                y, label = out(tick.position), out(tick.label)
                grid.append(
                    f'      <line x1="{left}" x2="{right}" y1="{y}" y2="{y}"></line>\n'
                    f'      <text class="tick" x="{out(chart.left - 6)}" '
                    f'y="{out(tick.position + 4)}" text-anchor="end">{label}</text>\n'
                )
            below = out(chart.bottom + 18)
            grid.extend(
                f'      <text class="tick" x="{out(tick.position)}" y="{below}" '
                f'text-anchor="middle">{out(tick.label)}</text>\n'
                for tick in chart.x_ticks
            )
            grid.append("    </g>")
            made = keep_within(self._grids, key, "".join(grid), _GRIDS_KEPT)
        return made
