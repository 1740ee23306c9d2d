"""The default theme's round pages written in Python, for the shared frame (issue 39).

Through ``round.html`` a 2,000-player open's round page prints some 1,000 pairings of
a dozen values each (20 ms a page), each a getattr, a finalize and an escape, with
links, filters and translations around them. Written here, each value goes through
the same ``finalize``, escape, ``_``, filters and macros as in the template, and each
player's link is made once an event. Used only while the templates it copies
(``COPIED_TEMPLATES``) are the default theme's (``RoundFrames`` checks that, and
compares the first page, cut to its first pairings, with its whole render): a theme
that changes one gets its templates, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2

from trfsite.pages.contexts import RoundPage
from trfsite.pages.rows import MatchView
from trfsite.site.card_text import CardText
from trfsite.site.page_frame import PageFrames, default_parts, first_rows

ROUND_TEMPLATE = "round.html"
# The templates these parts copy: they must be the default theme's.
COPIED_TEMPLATES = (ROUND_TEMPLATE, "macros.html")
# The templates that make the frame.
FRAME_TEMPLATES = (ROUND_TEMPLATE, "event.html", "base.html")


class RoundParts(CardText):
    """A round page's title, heading, body and path, as ``round.html`` makes them."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        self._date: Callable[[Any], str] = env.filters["date"]
        macros = env.get_template("macros.html").module
        self._board_table: Callable[..., Any] = macros.board_table  # type: ignore[attr-defined]
        # A points cell by its value (the same scores on every page of the event).
        self._points_cells: dict[tuple[type, float | None], str] = {}

    def title(self, page: RoundPage) -> str:
        return self._out(self._translate("Round {n}", n=page.number))

    heading = title  # event.html's heading is the page's title

    def path(self, page: RoundPage) -> str:
        return self._out(page.meta.path)

    def body(self, page: RoundPage) -> str:
        out, said, link = self._out, self.said, self.link
        b = out(page.meta.base)
        parts: list[str] = []
        if page.date:
            parts.append(f'<p class="muted">{out(self._date(page.date))}</p>')
        if page.pending:
            parts.append(
                '<p class="alert live" role="status">'
                + said(
                    "In progress: results appear as they come in, and the standings count "
                    "this round once all its results are in."
                )
                + "</p>"
            )
        parts.append(
            f'<nav class="round-nav" aria-label="{said("Rounds")}">\n'
            f"  <span>{said('Round')}:</span>\n  <ul>\n"
        )
        previous = None
        for r in page.nav_rounds or page.event.rounds:
            if previous is not None and r > previous + 1:
                parts.append('<li class="gap" aria-hidden="true">…</li>')
            here = ' aria-current="page"' if r == page.number else ""
            shown = out(r)
            parts.append(f'<li><a href="{b}rounds/{shown}.html"{here}>{shown}</a></li>')
            previous = r
        parts.append("  </ul>\n</nav>\n")
        for match in page.matches:
            self._match(parts, match, b)
        if page.pairings:
            self._pairings(parts, page, b)
        if page.games_pgn:
            pgn = out(self._translate("Games of round {n} (PGN)", n=page.number))
            parts.append(f'<p><a href="{b}{out(page.games_pgn)}" download>{pgn}</a></p>')
        if page.byes:
            parts.append(f'<h2>{said("Byes")}</h2>\n<ul class="byes">\n')
            for bye in page.byes:
                points = ""
                if bye.points is not None:
                    points = f" ({out(self.points(bye.points))})"
                kind = out(self._translate(bye.kind))
                parts.append(f"<li>{link(bye.ref, b)} – {kind}{points}</li>")
            parts.append("</ul>\n")
        if page.absentees:
            parts.append(f'<h2>{said("Not paired")}</h2>\n<ul class="columns absent">\n')
            parts.extend(f"<li>{link(ref, b)}</li>" for ref in page.absentees)
            parts.append("</ul>\n")
        parts.append('<p class="pager">\n')
        if page.previous:
            number = out(page.previous)
            name = out(self._translate("Round {n}", n=page.previous))
            parts.append(f'<a href="{b}rounds/{number}.html" rel="prev">← {name}</a>')
        if page.next:
            number = out(page.next)
            name = out(self._translate("Round {n}", n=page.next))
            parts.append(f'<a href="{b}rounds/{number}.html" rel="next">{name} →</a>')
        parts.append("</p>\n")
        return "".join(parts)

    def _match(self, parts: list[str], match: MatchView, b: str) -> None:
        """A team match's heading and its boards (``board_table``, the macro itself)."""
        out, link = self._out, self.link
        home, away = match.home, match.away
        label = out(home.name) + (f" – {out(away.name)}" if away else "")
        parts.append(f'<section class="match" aria-label="{label}">\n  <h2 class="match-head">\n')
        if match.number:
            parts.append(f'<span class="table-no">{out(match.number)}</span>')
        parts.append(f'    <span class="team">{link(home, b)}</span>\n')
        score = f'<span class="score">{out(match.result)}</span>'
        if away:
            parts.append(f'{score}<span class="team">{link(away, b)}</span>\n')
        else:
            note = out(self._translate(match.note))
            parts.append(f'{score}<span class="team muted">{note}</span>')
        parts.append("  </h2>\n")
        if match.note and away:
            parts.append(f'<p class="note">{out(self._translate(match.note))}</p>')
        if match.boards:
            caption = f"{self._translate('Boards')}: {home.name} – {away.name if away else ''}"
            parts.append(f"  {out(self._board_table(match, caption, home.name, b))}\n")
        parts.append("</section>\n")

    def _points_cell(self, value: float | None) -> str:
        key = (value.__class__, value)
        made = self._points_cells.get(key)
        if made is None:
            made = f'    <td class="num pts opt">{self._out(self.points(value))}</td>\n'
            self._points_cells[key] = made
        return made

    def _pairings(self, parts: list[str], page: RoundPage, b: str) -> None:
        """The pairings table, one line a board."""
        out, said, link, points_cell = self._out, self.said, self.link, self._points_cell
        caption = out(self._translate("Pairings and results of round {n}", n=page.number))
        handicap_head = ""
        if page.is_go:
            handicap_head = f'<th scope="col" class="num">{said("Handicap")}</th>'
        parts.append(
            '<div class="table-wrap" role="region" aria-labelledby="pairings-caption" '
            'tabindex="0">\n<table class="pairings">\n'
            f'  <caption id="pairings-caption">{caption}</caption>\n'
            "  <thead><tr>\n"
            f'    <th scope="col" class="num">{said("Bd.")}</th>\n'
            f'    <th scope="col" class="name">{said("White")}</th>\n'
            f'    <th scope="col" class="num pts opt">{said("Pts")}</th>\n'
            f'    <th scope="col" class="result">{said("Result")}</th>\n'
            f'    <th scope="col" class="num pts opt">{said("Pts")}</th>\n'
            f'    <th scope="col" class="name">{said("Black")}</th>\n'
            f"{handicap_head}  </tr></thead>\n  <tbody>\n"
        )
        is_go = page.is_go
        game_word = said("Game")
        forfeit = ' class="forfeit"'
        for p in page.pairings:
            white = link(p.white, b, True)
            if p.white_rating:
                white += f' <span class="rating">{out(p.white_rating)}</span>'
            if p.black is None:  # the template fails on it too: the page is rendered whole
                raise ValueError(f"board {p.board!r} has no Black")
            black = link(p.black, b, True)
            if p.black_rating:
                black += f' <span class="rating">{out(p.black_rating)}</span>'
            if p.game:
                shown = out(p.result) if p.result else game_word
                result = f'<a class="game" href="{b}{out(p.game)}" title="{game_word}">{shown}</a>'
            elif p.result == "jigo":
                result = out(self._translate(p.result))
            else:
                result = out(p.result)
            handicap = ""
            if is_go:
                handicap = (
                    f'<td class="num">{out(p.handicap if p.handicap is not None else "")}</td>'
                )
            parts.append(
                f"  <tr{forfeit if p.forfeit else ''}>\n"
                f'    <td class="num">{out(p.board)}</td>\n'
                f'    <td class="name">{white}</td>\n'
                f"{points_cell(p.white_before)}"
                f'    <td class="result">{result}</td>\n'
                f"{points_cell(p.black_before)}"
                f'    <td class="name">{black}</td>\n'
                f"{handicap}  </tr>\n"
            )
        parts.append("  </tbody>\n</table>\n</div>\n")


class RoundFrames(PageFrames):
    """Renders an event's round pages in ``env``: the frame once, then each page's parts
    (the default theme's), or each page whole (a theme's own round page)."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(
            env,
            ROUND_TEMPLATE,
            FRAME_TEMPLATES,
            default_parts(RoundParts, COPIED_TEMPLATES),
            first_rows("pairings"),
        )
