"""The default theme's list of players and starting list written in Python, for the
shared frame (issues 39 and 46).

Through ``players.html`` a 2,000-player open's list prints its players twice (by start
number, then by name), some 20,000 values (0.11 s), and ``startlist.html`` 16,000
(0.05 s), each a getattr, a finalize and an escape, with a macro call per name. Written
here, each value goes through the same ``finalize``, escape, ``_``, filters and macros
as in the templates. An event has one page of each: the page compared with its whole
render (once a process: ``page_frame``) is cut to its first rows (``first_rows``), as
the crosstable's is. Used only while the templates these parts copy are the default
theme's: a theme that changes one gets its templates, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2

from trfsite.pages.contexts import PlayersPage, StartListPage
from trfsite.pages.rows import PlayerRow
from trfsite.site.card_text import CardText
from trfsite.site.page_frame import PageFrames, default_parts, first_rows

PLAYERS_TEMPLATE = "players.html"
START_LIST_TEMPLATE = "startlist.html"
_FRAME = ("event.html", "base.html")


class _Lists(CardText):
    """What the two lists share: their sortable heads and filters."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        self._sortkey: Callable[[Any], str] = env.filters["sortkey"]
        macros = env.get_template("macros.html").module
        self._sortable: Callable[..., Any] = macros.sortable_head  # type: ignore[attr-defined]

    def _head(self, label: str, cls: str = "", title: str = "") -> str:
        """``{{ sortable_head(_(label), cls, title) }}`` (a literal ``label`` when it is
        not translated, as the template's ``"K"``)."""
        return self._out(self._sortable(label, cls, title))

    def path(self, page: Any) -> str:
        return self._out(page.meta.path)


class PlayersParts(_Lists):
    """The list of players' title, heading, body and path, as ``players.html`` makes them."""

    def title(self, page: PlayersPage) -> str:
        return self.said("Players")

    heading = title  # event.html's heading is the page's title

    def body(self, page: PlayersPage) -> str:
        out, said, link, sortkey = self._out, self.said, self.link, self._sortkey
        base = page.meta.base
        b = out(base)
        is_go, teams, ids, birth = page.is_go, page.has_teams, page.has_fide_ids, page.has_birth
        start = f' · <a href="{b}startlist.html">{said("Starting list by rating")}</a>'
        parts = [
            f'<p><a href="#alphabetical">{said("Alphabetical list")}</a>'
            f"{start if page.has_start_list else ''}</p>\n"
            '<div class="table-wrap" role="region" aria-labelledby="start-caption" '
            'tabindex="0">\n<table class="sortable players">\n'
            f'  <caption id="start-caption">{said("Starting rank list")}</caption>\n',
            self._players_head(page),
            "  <tbody>\n",
        ]
        row: PlayerRow
        for row in page.rows:
            cells = [f'  <tr>\n    <td class="num">{out(row.ref.id)}</td>\n']
            if not is_go:
                cells.append(f"<td>{out(row.title)}</td>")
            cells.append(f'    <th scope="row" class="name">{link(row.ref, base)}</th>\n')
            if is_go:
                grade = out(row.grade)
                cells.append(
                    f'<td data-sort="{grade}">{grade}</td><td>{out(row.federation)}</td>'
                    f"<td>{out(row.club)}</td>\n"
                )
            else:
                cells.append(
                    f'<td class="num" data-sort="{out(sortkey(row.rating))}">'
                    f"{out(row.rating or '')}</td><td>{out(row.federation)}</td>"
                )
            if teams:
                cells.append(f"<td>{link(row.team, base) if row.team else ''}</td>")
            if ids:
                cells.append(f'<td class="num">{out(row.fide_id)}</td>')
            if birth:
                cells.append(f"<td>{out(row.birth)}</td>")
            cells.append("  </tr>\n")
            parts.append("".join(cells))
        parts.append(
            "  </tbody>\n</table>\n</div>\n"
            f'<h2 id="alphabetical">{said("Alphabetical list")}</h2>\n'
            '<ul class="columns alpha">\n'
        )
        for row in page.alphabetical:
            shown = out(row.grade if is_go else (row.rating or ""))
            parts.append(
                f'  <li>{link(row.ref, base)} <span class="muted">{out(row.title)} {shown} '
                f"{out(row.federation)}</span></li>\n"
            )
        parts.append("</ul>\n")
        return "".join(parts)

    def _players_head(self, page: PlayersPage) -> str:
        """The table's head row, alike on every list of the same columns."""
        key = (
            f"players-head:{page.is_go}:{page.has_teams}:{page.has_fide_ids}:"
            f"{page.has_birth}:{page.birth_is_year}"
        )

        def make() -> str:
            head, word = self._head, self._translate
            cells = ["  <thead><tr>\n", f"    {head(word('No.'), 'num')}\n"]
            if not page.is_go:
                cells.append(head(word("Title")))
            cells.append(f"    {head(word('Name'), 'name')}\n")
            if page.is_go:
                cells.append(f"{head(word('Grade'))}{head(word('Country'))}{head(word('Club'))}\n")
            else:
                cells.append(
                    head(word("Rating"), "num") + head(word("Fed"), "", word("Federation"))
                )
            if page.has_teams:
                cells.append(head(word("Team")))
            if page.has_fide_ids:
                cells.append(head(word("FIDE ID"), "num"))
            if page.has_birth:
                cells.append(head(word("Born") if page.birth_is_year else word("Age group")))
            cells.append("  </tr></thead>\n")
            return "".join(cells)

        return self.made(key, make)


class StartListParts(_Lists):
    """The starting list's title, heading, body and path, as ``startlist.html`` makes them."""

    def title(self, page: StartListPage) -> str:
        return self.said("Starting list by rating")

    heading = title  # event.html's heading is the page's title

    def body(self, page: StartListPage) -> str:
        out, link, sortkey, note = self._out, self.link, self._sortkey, self.note
        base = page.meta.base
        b = out(base)
        ids = page.has_fide_ids
        parts = [
            f'<p><a href="{b}players.html">{self.said("Starting rank list")}</a></p>\n',
            self._start_head(ids),
        ]
        for row in page.rows:
            fide_id = f'<td class="num opt">{out(row.fide_id)}</td>' if ids else ""
            k = ""
            if row.k:
                k = f'<abbr title="{out(note(row.k_reason))}">{out(row.k)}</abbr>'
            parts.append(
                f'  <tr>\n    <td class="num">{out(row.number)}</td>\n'
                f"    <td>{out(row.title)}</td>\n"
                f'    <th scope="row" class="name">{link(row.ref, base)}</th>\n'
                f'    <td class="num" data-sort="{out(sortkey(row.rating))}">'
                f"{out(row.rating or '')}</td>\n"
                f"    <td>{out(row.federation)}</td>\n"
                f'{fide_id}    <td class="num" data-sort="{out(sortkey(row.k))}">{k}</td>\n'
                "  </tr>\n"
            )
        parts.append(self._start_foot())
        return "".join(parts)

    def _start_head(self, ids: bool) -> str:
        def make() -> str:
            head, word = self._head, self._translate
            fide_id = head(word("FIDE ID"), "num opt") if ids else ""
            return (
                '<div class="table-wrap" role="region" aria-labelledby="startlist-caption" '
                'tabindex="0">\n<table class="sortable players startlist">\n'
                '  <caption id="startlist-caption">'
                f"{self.said('Starting list by rating')}</caption>\n"
                "  <thead><tr>\n"
                f"    {head(word('No.'), 'num')}\n"
                f"    {head(word('Title'))}\n"
                f"    {head(word('Name'), 'name')}\n"
                f"    {head(word('Rating'), 'num')}\n"
                f"    {head(word('Fed'), '', word('Federation'))}\n"
                f"{fide_id}"
                f"    {head('K', 'num', word('Development coefficient K (B.02 8.3.3)'))}\n"
                "  </tr></thead>\n  <tbody>\n"
            )

        return self.made(f"start-head:{ids}", make)

    def _start_foot(self) -> str:
        said = self.said
        return self.made(
            "start-foot",
            lambda: (
                "  </tbody>\n</table>\n</div>\n"
                '<p class="note">'
                + said(
                    "K is the development coefficient of the FIDE Rating Regulations "
                    "(B.02 8.3.3): 40 until the end of the year of the 18th birthday while "
                    "the rating is under 2300, 20 under 2400, 10 from 2400. Without a birth "
                    "year a player gets the adult K. Point at a K to see why."
                )
                + "</p>\n"
            ),
        )


class _OnePage(PageFrames):
    """A page an event has one of: compared on its first rows (``sample``) and then
    filled."""

    def __init__(
        self,
        env: jinja2.Environment,
        template: str,
        make: Callable[[jinja2.Environment], object],
        fields: tuple[str, ...],
    ) -> None:
        copied = (template, "macros.html")
        super().__init__(
            env, template, (template, *_FRAME), default_parts(make, copied), first_rows(*fields)
        )


class PlayersFrames(_OnePage):
    """Renders an event's list of players in ``env`` (see ``_OnePage``)."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env, PLAYERS_TEMPLATE, PlayersParts, ("rows", "alphabetical"))


class StartListFrames(_OnePage):
    """Renders an event's starting list by rating in ``env`` (see ``_OnePage``)."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env, START_LIST_TEMPLATE, StartListParts, ("rows",))
