"""The default theme's standings pages written in Python, for the shared frame (issue 39).

Through ``standings.html`` a 2,000-player open's standings page prints some 30,000
values (44 ms a page, a dozen pages: final and after each round), each a getattr, a
finalize and an escape, with the filters around them. Written here, each value goes
through the same ``finalize``, escape, ``_``, filters and macros as in the template,
and a cell that repeats (a score, a tie-break value, a player's name and link) is made
once an event. Used only while the templates it copies (``COPIED_TEMPLATES``) are the
default theme's (``StandingsFrames`` checks that, and compares the first page, cut to
its first rows, with its whole render): a theme that changes one gets its templates,
unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2

from trfsite.pages.contexts import StandingsPage
from trfsite.pages.rows import BoardStat, ColumnHead, CrossCell, Ref, StandingLine
from trfsite.site.card_text import CardText
from trfsite.site.page_frame import PageFrames, default_parts, first_rows

STANDINGS_TEMPLATE = "standings.html"
# The templates these parts copy: they must be the default theme's.
COPIED_TEMPLATES = (STANDINGS_TEMPLATE, "board_stats.html", "macros.html")
# The templates that make the frame.
FRAME_TEMPLATES = (STANDINGS_TEMPLATE, "event.html", "base.html")


class RankedTable(CardText):
    """The head cells and the cells that repeat over an event's ranked tables (the
    standings and the crosstable): a score, a tie-break value, a name and its link."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        filters = env.filters
        self._sortkey: Callable[[Any], str] = filters["sortkey"]
        self._percent: Callable[[Any], str] = filters["percent"]
        self._datetime: Callable[[str], str] = filters["datetime"]
        macros = env.get_template("macros.html").module
        self._sortable_head: Callable[..., Any] = macros.sortable_head  # type: ignore[attr-defined]
        self._tb_head: Callable[..., Any] = macros.tb_head  # type: ignore[attr-defined]
        # Cells that repeat over the rows and pages of an event, by their value.
        self._points_cells: dict[tuple[str, type, float | None], str] = {}
        self._value_cells: dict[tuple[bool, type, float | None], str] = {}
        # A line's name cell, by id(ref): (ref, title, base, cell).
        self._names: dict[int, tuple[Ref, str, str, str]] = {}

    def _name_cell(self, line: StandingLine, b: str) -> str:
        """``<th>{{ titled_link(line.title, line.ref, b) }}</th>``, kept by the line's Ref
        (the event's, the same object on each page that shows it)."""
        ref, title = line.ref, line.title
        made = self._names.get(id(ref))
        if made is None or made[0] is not ref or made[1] != title or made[2] != b:
            html = self._out(self._titled_link(title, ref, b))
            made = (ref, title, b, f'    <th scope="row" class="name">{html}</th>\n')
            self._names[id(ref)] = made
        return made[3]

    def _points_cell(self, css: str, value: float | None) -> str:
        """``<td class="{css}" data-sort="{{ value|sortkey }}">{{ value|points }}</td>``."""
        key = (css, value.__class__, value)
        made = self._points_cells.get(key)
        if made is None:
            out = self._out
            sort, shown = out(self._sortkey(value)), out(self.points(value))
            made = f'<td class="{css}" data-sort="{sort}">{shown}</td>'
            self._points_cells[key] = made
        return made

    @staticmethod
    def _as_points(columns: tuple[ColumnHead, ...]) -> tuple[bool, ...] | None:
        """Which tie-break columns are points (MPvGP, STD...); None: none is."""
        as_points = tuple(column.points for column in columns)
        return as_points if True in as_points else None

    def _tiebreak_cells(
        self, as_points: tuple[bool, ...] | None, values: tuple[float | None, ...]
    ) -> list[str]:
        """A row's tie-break cells, each value as points or as a number."""
        value_cell = self._value_cell
        if as_points is None:
            return [value_cell(False, value) for value in values]
        if len(values) > len(as_points):  # the template fails on it too: rendered whole
            raise IndexError(f"{len(values)} tie-break values for {len(as_points)} columns")
        return [value_cell(points, value) for points, value in zip(as_points, values, strict=False)]

    def _value_cell(self, as_points: bool, value: float | None) -> str:
        """A tie-break's cell: its value as points or as a number."""
        key = (as_points, value.__class__, value)
        made = self._value_cells.get(key)
        if made is None:
            out = self._out
            shown = self.points(value) if as_points else self.number(value)
            made = f'<td class="num" data-sort="{out(self._sortkey(value))}">{out(shown)}</td>'
            self._value_cells[key] = made
        return made


class StandingsParts(RankedTable):
    """A standings page's title, heading, body and path, as ``standings.html`` makes them."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        # A row's place and rank cell, and a player's rating and federation cells, by
        # their values: each player's on every standings page of the event (one after
        # each round), the same places and ranks on most.
        self._rank_cells: dict[tuple[int, type, object], str] = {}
        self._rating_cells: dict[tuple[type, object, type, object], str] = {}

    def title(self, page: StandingsPage) -> str:
        if page.final:
            return self.said("Standings")
        return self._out(self._translate("Standings after round {n}", n=page.after_round))

    heading = title  # event.html's heading is the page's title

    def path(self, page: StandingsPage) -> str:
        return self._out(page.meta.path)

    def body(self, page: StandingsPage) -> str:
        out, said = self._out, self.said
        b = out(page.meta.base)
        parts: list[str] = []
        if page.final and page.event.updated:
            updated = self._translate("Updated {time}", time=self._datetime(page.event.updated))
            parts.append(f'<p class="updated muted">{out(updated)}</p>')
        if page.other_rounds:
            parts.append(self._round_nav(page, b))
        grid = page.grid_rounds
        if grid:
            parts.append(
                '<p class="muted small">'
                + said(
                    "Each round: the opponent's place in this table, the result (+ win, "
                    "− loss, = jigo), then the colour and handicap (/w2: White, 2 stones; ! "
                    "by default); 0+, 0= and 0- are rounds without a game. A cell leads to "
                    "the opponent's row."
                )
                + "</p>"
            )
        go_grid = " go-grid" if grid else ""
        parts.append(
            f'<div class="table-wrap standings-wrap{go_grid}" role="region" '
            'aria-labelledby="standings-caption" tabindex="0">\n'
            f'<table class="sortable standings{go_grid}">\n'
            f'  <caption id="standings-caption"><span class="caption-text">{self._caption(page)}'
            "</span></caption>\n"
            f"  <thead><tr>\n{self._head(page)}  </tr></thead>\n  <tbody>\n"
        )
        self._rows(parts, page, b)
        parts.append("  </tbody>\n</table>\n</div>\n")
        if page.columns:
            parts.append(self._legend(page))
        if page.has_gor:
            parts.append(
                '<p class="note">'
                + said(
                    "GoR ±: the change of the EGF rating the event would give, by the EGF's "
                    "formula, from the table's GoR column or the grades; an estimate from the "
                    "table, not the EGD's official figure. Each player's page shows it game "
                    "by game."
                )
                + "</p>"
            )
        parts.append(self.notes(page.notes))
        if page.board_stats:
            parts.append(f'<h2 id="boards">{said("Board statistics")}</h2>\n')
            parts.append(self._board_stats(page.board_stats, b))
        return "".join(parts)

    def _round_nav(self, page: StandingsPage, b: str) -> str:
        """The links to the standings after each round."""
        out, said = self._out, self.said
        made = [
            f'<nav class="round-nav" aria-label="{said("Standings after round")}">\n'
            f"  <span>{said('After round')}:</span>\n  <ul>\n"
        ]
        current = str(page.after_round)
        previous = None
        for link in page.other_rounds:
            if previous is not None and int(link.label) > int(previous.label) + 1:
                made.append('<li class="gap" aria-hidden="true">…</li>')
            here = ' aria-current="page"' if not page.final and link.label == current else ""
            made.append(f'    <li><a href="{b}{out(link.href)}"{here}>{out(link.label)}</a></li>\n')
            previous = link
        here = ' aria-current="page"' if page.final else ""
        last = said("Current") if page.in_progress else said("Final")
        made.append(f'    <li><a href="{b}standings.html"{here}>{last}</a></li>\n  </ul>\n</nav>\n')
        return "".join(made)

    def _caption(self, page: StandingsPage) -> str:
        out, said = self._out, self.said
        if page.final and not page.in_progress:
            caption = said("Final standings")
        else:
            caption = out(self._translate("Standings after round {n}", n=page.after_round))
        if page.rules == "egf":
            rules = said("EGF rules")
        elif page.rules == "pre2023":
            rules = said("Rules before 2023")
        else:
            rules = f"{said('Rule set')} {out(page.rules)}"
        return f"{caption} · {rules}"

    def _head(self, page: StandingsPage) -> str:
        """The head row's cells, by ``macros.html``'s own macros (once a page)."""
        out, head, translate = self._out, self._sortable_head, self._translate
        made = [
            f"    {out(head(translate('Rk.'), 'num rk', translate('Rank')))}\n",
            f"    {out(head(translate('Team') if page.is_team else translate('Name'), 'name'))}\n",
        ]
        if page.is_go:
            made.append(f'<th scope="col" class="grade">{self.said("Grade")}</th>')
            made.append(out(head(translate("Country"), "opt")))
            for r in page.grid_rounds:
                made.append(
                    f'<th scope="col" class="round"><abbr title="'
                    f'{out(translate("Round {n}", n=r))}">{out(r)}</abbr></th>'
                )
        elif not page.is_team:
            made.append(out(head(translate("Rating"), "num opt")))
            made.append(out(head(translate("Fed"), "opt", translate("Federation"))))
        if page.is_team:
            made.append(
                f"    {out(head(translate('MP'), 'num pts', translate('Match points')))}"
                f"{out(head(translate('GP'), 'num', translate('Game points')))}\n"
            )
        else:
            made.append(f"    {out(head(page.points_label, 'num pts', translate('Points')))}\n")
        made.extend(out(self._tb_head(column)) for column in page.columns)
        if page.has_ratings:
            made.append(
                out(head(translate("Rtg ±"), "num opt rating-change", translate("Rating change")))
            )
            made.append(out(head(translate("Perf."), "num opt", translate("Performance"))))
        if page.has_gor:
            made.append(
                out(
                    head(
                        translate("GoR ±"),
                        "num rating-change",
                        translate(
                            "GoR change (an estimate from the table, not the EGD's official figure)"
                        ),
                    )
                )
            )
        return "".join(made)

    def _go_cells(self, cells: tuple[CrossCell, ...]) -> str:
        out, note = self._out, self.note
        made = []
        for cell in cells:
            if cell.href:
                shown = f'<a href="{out(cell.href)}" title="{out(cell.title)}">{out(cell.text)}</a>'
            else:
                shown = f'<span title="{out(note(cell.title))}">{out(cell.text)}</span>'
            made.append(f'<td class="gcell {out(cell.css)}">{shown}</td>')
        return "".join(made)

    def _rows(self, parts: list[str], page: StandingsPage, b: str) -> None:
        """The table's lines, one a participant."""
        out, sortkey, signed, number = self._out, self._sortkey, self.signed, self.number
        name_cell, points_cell = self._name_cell, self._points_cell
        is_go, is_team, has_gor, has_ratings = (
            page.is_go,
            page.is_team,
            page.has_gor,
            page.has_ratings,
        )
        grid = bool(page.grid_rounds)
        as_points, tiebreak_cells = self._as_points(page.columns), self._tiebreak_cells
        rank_cells, rating_cells = self._rank_cells, self._rating_cells
        for index, line in enumerate(page.rows, 1):
            row = ["  <tr"]
            if line.shared:
                row.append(' class="shared"')
            if grid:
                row.append(f' id="p{out(line.ref.id)}"')
            rank = line.rank
            key = (index, rank.__class__, rank)
            cell = rank_cells.get(key)
            if cell is None:
                cell = f'>\n    <td class="num rk" data-sort="{index}">{out(rank)}</td>\n'
                rank_cells[key] = cell
            row.append(cell)
            row.append(name_cell(line, b))
            if is_go:
                row.append(
                    f'<td class="grade">{out(line.ref.title)}</td>'
                    f'<td class="opt">{out(line.federation)}</td>'
                )
                row.append(self._go_cells(line.cells))
            elif not is_team:
                rating, federation = line.rating, line.federation
                cells = (rating.__class__, rating, federation.__class__, federation)
                cell = rating_cells.get(cells)
                if cell is None:
                    cell = (
                        f'<td class="num opt" data-sort="{out(sortkey(rating))}">'
                        f'{out(rating or "")}</td><td class="opt">{out(federation)}</td>'
                    )
                    rating_cells[cells] = cell
                row.append(cell)
            if is_team:
                row.append(
                    f"    {points_cell('num strong pts', line.match_points)}\n"
                    f"    {points_cell('num', line.game_points)}\n"
                )
            else:
                row.append(f"    {points_cell('num strong pts', line.points)}\n")
            row.extend(tiebreak_cells(as_points, line.tiebreaks))
            change = line.rating_change
            if has_gor:
                shown = ""
                if change is not None:
                    shown = f'<a href="{b}{out(line.ref.href)}#gor">{out(signed(change))}</a>'
                row.append(
                    f'<td class="num rating-change" data-sort="{out(sortkey(change))}">{shown}</td>'
                )
            if has_ratings:
                shown = ""
                if change is not None:
                    shown = f'<a href="{b}{out(line.ref.href)}#rating">{out(signed(change))}</a>'
                performance = line.performance
                row.append(
                    f'<td class="num opt rating-change" data-sort="{out(sortkey(change))}">'
                    f'{shown}</td><td class="num opt" data-sort="{out(sortkey(performance))}">'
                    f"{out(number(performance) if performance is not None else '')}</td>"
                )
            row.append("  </tr>\n")
            parts.append("".join(row))

    def _legend(self, page: StandingsPage) -> str:
        out = self._out
        made = [f'<details class="legend">\n  <summary>{self.said("Tie-breaks")}</summary>\n  <dl>']
        for column in page.columns:
            code = ""
            if column.code != column.short:
                code = f" (<code>{out(column.code)}</code>)"
            made.append(f"<dt>{out(column.short)}</dt><dd>{out(column.name)}{code}</dd>")
        made.append("</dl>\n</details>\n")
        return "".join(made)

    def _board_stats(self, stats: tuple[BoardStat, ...], b: str) -> str:
        """``board_stats.html``."""
        out, said = self._out, self.said
        made = [
            f'<div class="table-wrap" role="region" aria-label="{said("Board statistics")}" '
            'tabindex="0">\n<table class="board-stats">\n'
            f"  <caption>{said('Results by board, and the best scorer on each')}</caption>\n"
            "  <thead><tr>\n"
            f'    <th scope="col" class="num">{said("Board")}</th>\n'
            f'    <th scope="col" class="num">{said("Games")}</th>\n'
            f'    <th scope="col" class="num">{said("White scored")}</th>\n'
            f'    <th scope="col">{said("Best result")}</th>\n'
            f'    <th scope="col" class="num">{said("Points")}</th>\n'
            "  </tr></thead>\n  <tbody>\n"
        ]
        for stat in stats:
            best = score = ""
            if stat.best:
                best = self.link(stat.best, b)
                score = f"{out(self.points(stat.best_points))}/{out(stat.best_games)}"
            made.append(
                "  <tr>\n"
                f'    <th scope="row" class="num">{out(stat.board)}</th>\n'
                f'    <td class="num">{out(stat.games)}</td>\n'
                f'    <td class="num">{out(self._percent(stat.white_share))}</td>\n'
                f'    <td class="name">{best}</td>\n'
                f'    <td class="num">{score}</td>\n'
                "  </tr>\n"
            )
        made.append("  </tbody>\n</table>\n</div>\n")
        return "".join(made)


class StandingsFrames(PageFrames):
    """Renders an event's standings pages in ``env``: the frame once, then each page's
    parts (the default theme's), or each page whole (a theme's own standings)."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(
            env,
            STANDINGS_TEMPLATE,
            FRAME_TEMPLATES,
            default_parts(StandingsParts, COPIED_TEMPLATES),
            first_rows("rows"),
        )
