"""The default theme's crosstable written in Python, for the shared frame (issue 39).

Through ``crosstable.html`` a 2,000-player open's crosstable prints 2,000 rows of a
cell a round (0.23 s, the largest page of the event), each value a getattr, a finalize
and an escape. Written here, each value goes through the same ``finalize``, escape,
``_``, filters and macros as in the template. An event has one crosstable: rendered
whole to be compared it would cost what it saves, so the page compared with its whole
render is the crosstable cut to its first rows (``_sample``), and the crosstable itself
is then filled. Used only while the templates it copies (``COPIED_TEMPLATES``) are the
default theme's: a theme that changes one gets its templates, unchanged.
"""

from __future__ import annotations

import jinja2

from trfsite.pages.contexts import CrosstablePage
from trfsite.pages.grid import CrossGrid, GridCell
from trfsite.pages.rows import CrossCell
from trfsite.site.page_frame import SAMPLE_ROWS, PageFrames, default_parts, first_rows
from trfsite.site.standings_body import RankedTable

CROSSTABLE_TEMPLATE = "crosstable.html"
# The templates these parts copy: they must be the default theme's.
COPIED_TEMPLATES = (CROSSTABLE_TEMPLATE, "macros.html")
# The templates that make the frame.
FRAME_TEMPLATES = (CROSSTABLE_TEMPLATE, "event.html", "base.html")


class CrosstableParts(RankedTable):
    """A crosstable's title, heading, body and path, as ``crosstable.html`` makes them."""

    def title(self, page: CrosstablePage) -> str:
        return self.said("Crosstable")

    heading = title  # event.html's heading is the page's title

    def path(self, page: CrosstablePage) -> str:
        return self._out(page.meta.path)

    def body(self, page: CrosstablePage) -> str:
        out, said, translate, head = self._out, self.said, self._translate, self._sortable_head
        b = out(page.meta.base)
        name = out(page.event.name)
        parts: list[str] = []
        if page.grid:
            self._grid(parts, page.grid, name, b)
        if page.is_team:
            explained = (
                "Each cell: the opponent's final rank, colour (w/b) and the game points scored."
            )
        elif page.is_go:
            explained = (
                "Each cell: the opponent's final rank, result (+ win, − loss, = jigo), colour "
                "and handicap."
            )
        else:
            explained = (
                "Each cell: the opponent's final rank, colour (w/b) and result; + and − are "
                "forfeits."
            )
        caption = said("Round by round") if page.grid else said("Crosstable")
        parts.append(
            f'<p class="muted small">{said(explained)}</p>\n'
            '<div class="table-wrap" role="region" aria-labelledby="cross-caption" '
            'tabindex="0">\n<table class="sortable crosstable">\n'
            f'  <caption id="cross-caption">{caption} · {name}</caption>\n  <thead><tr>\n'
            f"    {out(head(translate('Rk.'), 'num', translate('Rank')))}\n"
            f"    {out(head(translate('Team') if page.is_team else translate('Name'), 'name'))}\n"
        )
        if not page.is_team and not page.is_go:
            parts.append(out(head(translate("Rating"), "num opt")))
        parts.extend(
            f'<th scope="col" class="round"><abbr title="{out(translate("Round {n}", n=r))}">'
            f"{out(r)}</abbr></th>"
            for r in page.rounds
        )
        if page.is_team:
            parts.append(
                f"{out(head(translate('MP'), 'num', translate('Match points')))}"
                f"{out(head(translate('GP'), 'num', translate('Game points')))}\n"
            )
        else:
            parts.append(out(head(page.points_label, "num", translate("Points"))))
        parts.extend(out(self._tb_head(column)) for column in page.columns)
        parts.append("  </tr></thead>\n  <tbody>\n")
        self._cross_rows(parts, page, b)
        parts.append("  </tbody>\n</table>\n</div>\n")
        return "".join(parts)

    def _cells(self, cells: tuple[CrossCell, ...], b: str) -> str:
        out = self._out
        made = []
        for cell in cells:
            title = f' title="{out(cell.title)}"' if cell.title else ""
            text = out(cell.text)
            if cell.href:
                game = ' class="game"' if cell.game else ""
                text = f'<a href="{b}{out(cell.href)}"{game}>{text}</a>'
            made.append(f'<td class="cell {out(cell.css)}"{title}>{text}</td>')
        return "".join(made)

    def _cross_rows(self, parts: list[str], page: CrosstablePage, b: str) -> None:
        """The round-by-round table's rows, one a participant."""
        out, sortkey, link = self._out, self._sortkey, self.link
        points_cell = self._points_cell
        is_team, is_go = page.is_team, page.is_go
        as_points, tiebreak_cells = self._as_points(page.columns), self._tiebreak_cells
        for index, row in enumerate(page.rows, 1):
            made = [
                f'  <tr>\n    <td class="num" data-sort="{index}">{out(row.rank)}</td>\n'
                f'    <th scope="row" class="name">{link(row.ref, b)}</th>\n'
            ]
            if not is_team and not is_go:
                rating = row.rating
                made.append(
                    f'<td class="num opt" data-sort="{out(sortkey(rating))}">'
                    f"{out(rating or '')}</td>"
                )
            made.append(self._cells(row.cells, b))
            if is_team:
                made.append(
                    f"    {points_cell('num strong', row.match_points)}\n"
                    f"    {points_cell('num', row.game_points)}\n"
                )
            else:
                made.append(f"    {points_cell('num strong', row.points)}\n")
            made.extend(tiebreak_cells(as_points, row.tiebreaks))
            made.append("  </tr>\n")
            parts.append("".join(made))

    def _grid(self, parts: list[str], grid: CrossGrid, name: str, b: str) -> None:
        """A round robin's grid: every participant against every other."""
        out, said, translate = self._out, self.said, self._translate
        if grid.is_team:
            explained = said(
                "Each cell: the row team's game points against the column team; the column "
                "numbers are the rows' numbers."
            )
        else:
            explained = said(
                "Each cell: the row player's result against the column player (1 win, ½ "
                "draw, 0 loss; + and − are forfeits); the column numbers are the rows' "
                "numbers."
            )
        multi = grid.games_per_pair > 1
        if multi:
            explained += f" {said('One result per game, in round order.')}"
        parts.append(
            f'<p class="muted small">{explained}</p>\n'
            '<div class="table-wrap grid-wrap" role="region" aria-labelledby="grid-caption" '
            f'tabindex="0">\n<table class="crossgrid{" multi" if multi else ""}">\n'
            f'  <caption id="grid-caption">{said("Crosstable")} · {name}</caption>\n'
            "  <thead><tr>\n"
        )
        if grid.shared_ranks:
            parts.append(
                f'<th scope="col" class="num"><abbr title="'
                f'{said("Row number, as in the column heads")}">{said("No.")}</abbr></th>'
            )
        parts.append(
            f'    <th scope="col" class="num"><abbr title="{said("Rank")}">{said("Rk.")}</abbr>'
            "</th>\n"
            f'    <th scope="col" class="name">'
            f"{said('Team') if grid.is_team else said('Name')}</th>\n"
        )
        if not grid.is_team:
            parts.append(f'<th scope="col" class="num opt">{said("Rating")}</th>')
        names = [out(column.ref.name) for column in grid.columns]
        parts.extend(
            f'<th scope="col" class="gn" title="{shown}">{out(column.number)}</th>'
            for column, shown in zip(grid.columns, names, strict=True)
        )
        if grid.is_team:
            parts.append(
                f'<th scope="col" class="num"><abbr title="{said("Match points")}">'
                f"{said('MP')}</abbr></th>"
                f'<th scope="col" class="num"><abbr title="{said("Game points")}">'
                f"{said('GP')}</abbr></th>\n"
            )
        else:
            parts.append(
                f'<th scope="col" class="num"><abbr title="{said("Points")}">'
                f"{out(translate(grid.points_label))}</abbr></th>"
            )
        parts.extend(
            f'<th scope="col" class="num"><abbr title="{out(head.name)}">{out(head.short)}'
            "</abbr></th>"
            for head in grid.heads
        )
        parts.append("  </tr></thead>\n  <tbody>\n")
        for row in grid.rows:
            made = ["  <tr>\n"]
            if grid.shared_ranks:
                made.append(f'<td class="num">{out(row.position)}</td>')
            made.append(
                f'    <td class="num">{out(row.rank)}</td>\n'
                f'    <th scope="row" class="name">'
                f"{out(self._titled_link(row.title, row.ref, b))}</th>\n"
            )
            if not grid.is_team:
                made.append(f'<td class="num opt">{out(row.rating or "")}</td>')
            made.extend(self._grid_cell(cell, names, b) for cell in row.cells)
            if grid.is_team:
                made.append(
                    f'    <td class="num strong">{out(self.points(row.match_points))}</td>\n'
                    f'    <td class="num">{out(self.points(row.game_points))}</td>\n'
                )
            else:
                made.append(f'    <td class="num strong">{out(self.points(row.points))}</td>\n')
            for index, value in enumerate(row.tiebreaks):
                shown = self.points(value) if grid.heads[index].points else self.number(value)
                made.append(f'<td class="num">{out(shown)}</td>')
            made.append("  </tr>\n")
            parts.append("".join(made))
        parts.append(
            f'  </tbody>\n</table>\n</div>\n<h2 id="round-by-round">{said("Round by round")}</h2>\n'
        )

    def _grid_cell(self, cell: GridCell, names: list[str], b: str) -> str:
        if cell.diagonal:
            return '<td class="gc diagonal"></td>'
        if not cell.games:
            return '<td class="gc empty"></td>'
        out, said, translate = self._out, self.said, self._translate
        opponent = names[cell.column - 1]
        made = [f'<td class="gc {out(cell.css)}">']
        for game in cell.games:
            if game.colour == "w":
                when = translate("Round {n}, White", n=game.round)
            elif game.colour == "b":
                when = translate("Round {n}, Black", n=game.round)
            else:
                when = translate("Round {n}", n=game.round)
            title = f"{opponent}: {out(when)}"
            if game.forfeit:
                title += f" · {said('Forfeit')}"
            if game.unrated:
                title += f" · {said('Not rated')}"
            text = out(game.text)
            if game.game:
                text = f'<a class="game" href="{b}{out(game.game)}">{text}</a>'
            made.append(f'<span class="g {out(game.classes)}" title="{title}">{text}</span>')
        made.append("</td>")
        return "".join(made)


def _sample(page: CrosstablePage) -> CrosstablePage:
    """The crosstable cut to its first rows, its grid's too: compared with its whole render."""
    sample: CrosstablePage = first_rows("rows")(page)
    grid = page.grid
    if grid is not None and grid.size > SAMPLE_ROWS:
        sample = sample._replace(grid=grid._replace(rows=grid.rows[:SAMPLE_ROWS]))
    return sample


class CrosstableFrames(PageFrames):
    """Renders an event's crosstable in ``env``: the frame and the parts (the default
    theme's, compared on the crosstable's first rows), or the page whole (a theme's own
    crosstable)."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(
            env,
            CROSSTABLE_TEMPLATE,
            FRAME_TEMPLATES,
            default_parts(CrosstableParts, COPIED_TEMPLATES),
            _sample,
        )
