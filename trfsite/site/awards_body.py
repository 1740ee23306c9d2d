"""The default theme's page of prizes and categories written in Python, for the shared
frame (issue 46).

Through ``awards.html`` an archive event of 65 players prints its categories' rows,
some 1,500 values, each a getattr, a finalize and an escape, with a macro call per name:
the largest of the pages an event has one of (a sixth of a small event's rendering after
its player cards). Written here, each value goes through the same ``finalize``, escape,
``_``, filters and macros as in the template. Compared with its whole render once a
process (``page_frame``); used only while the templates it copies are the default
theme's: a theme that changes one gets its templates, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2

from trfsite.pages.contexts import AwardsPage, CategoryView, GroupRow, PrizeLine
from trfsite.site.card_text import CardText
from trfsite.site.page_frame import PageFrames, default_parts

AWARDS_TEMPLATE = "awards.html"
# The templates these parts copy: they must be the default theme's.
COPIED_TEMPLATES = (AWARDS_TEMPLATE, "macros.html")
# The templates that make the frame.
FRAME_TEMPLATES = (AWARDS_TEMPLATE, "event.html", "base.html")
_FIRST = object()  # ``loop.changed``'s value before the first line: no category is it


class AwardsParts(CardText):
    """The awards page's title, heading, body and path, as ``awards.html`` makes them."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        self._date: Callable[[Any], str] = env.filters["date"]

    def title(self, page: AwardsPage) -> str:
        return self.said("Prizes and categories")

    heading = title  # event.html's heading is the page's title

    def path(self, page: AwardsPage) -> str:
        return self._out(page.meta.path)

    def body(self, page: AwardsPage) -> str:
        out, said = self._out, self.said
        parts: list[str] = []
        if page.categories or page.federations or page.clubs:
            parts.append(f'<nav aria-label="{said("Categories")}"><ul class="columns">\n')
            if page.prizes:
                parts.append(f'<li><a href="#prizes">{said("Prizes")}</a></li>')
            parts.extend(
                f'<li><a href="#{out(cat.anchor)}">{out(self.note(cat.label))}</a></li>'
                for cat in page.categories
            )
            if page.federations:
                parts.append(f'<li><a href="#federations">{said("Federations")}</a></li>')
            if page.clubs:
                parts.append(f'<li><a href="#clubs">{said("Clubs")}</a></li>')
            parts.append("</ul></nav>\n")
        if page.prizes:
            self._prizes(parts, page)
        for cat in page.categories:
            self._category(parts, page, cat)
        if page.categories:
            if page.cutoff:
                note = self._translate(
                    "Age groups: ages on {date} (U18: born on or after that date 18 years "
                    "earlier; S65: born on or before it 65 years earlier).",
                    date=self._date(page.cutoff),
                )
                parts.append(f'<p class="note">{out(note)}</p>')
            else:
                said_note = said(
                    "Age groups by birth year, as in FIDE youth and senior events: U18 is "
                    "born in the event's year minus 18 or later, S65 in the year minus 65 "
                    "or earlier."
                )
                parts.append(f'<p class="note">{said_note}</p>')
        for title, anchor, rows in (
            (said("Federations"), "federations", page.federations),
            (said("Clubs"), "clubs", page.clubs),
        ):
            if rows:
                self._groups(parts, page, title, anchor, rows)
        return "".join(parts)

    def _prizes(self, parts: list[str], page: AwardsPage) -> None:
        out, said, link, note = self._out, self.said, self.link, self.note
        base = page.meta.base
        parts.append(
            f'<h2 id="prizes">{said("Prizes")}</h2>\n'
            '<div class="table-wrap" role="region" aria-labelledby="prizes-caption" '
            'tabindex="0">\n<table class="prizes">\n'
            f'  <caption id="prizes-caption">{said("Prize list")}</caption>\n'
            f'  <thead><tr><th scope="col" class="num">{said("Rk.")}</th>'
            f'<th scope="col" class="num opt">{said("Prize")}</th>'
            f'<th scope="col" class="name">{said("Name")}</th>'
            f'<th scope="col" class="num">{said("Pts")}</th>'
            f'<th scope="col" class="num">{said("Receives")}</th></tr></thead>\n'
            "  <tbody>\n"
        )
        line: PrizeLine
        last: object = _FIRST
        for line in page.prizes:
            if line.category != last:
                last = line.category
                parts.append(
                    '<tr class="group"><th scope="colgroup" colspan="5">'
                    f"{out(note(line.category))}</th></tr>"
                )
            if line.ref:
                name = link(line.ref, base)
                receives = (
                    f'<details class="how"><summary>{out(line.amount)}</summary>'
                    f'<p class="note">{out(note(line.how))}</p></details>'
                )
            else:
                name = f'<span class="muted">{out(note(line.how))}</span>'
                receives = ""
            points = "" if line.points is None else self.written_points(line.points)
            parts.append(
                f'  <tr><td class="num">{out(line.place)}</td>'
                f'<td class="num opt">{out(line.prize)}</td>\n'
                f'    <td class="name">{name}</td>\n'
                f'    <td class="num">{points}</td>\n'
                f'    <td class="num">{receives}</td></tr>\n'
            )
        parts.append("  </tbody>\n</table>\n</div>\n")
        if page.prize_rule == "hort":
            rule = said(
                "Prizes are shared by the Hort system: each prize goes to the best-ranked "
                "player who has no prize yet, highest prize first. Players with equal points "
                "share the money of the places they hold: each receives half of the prize of "
                "their own place, plus an equal share of the other half of the places' total."
            )
        else:
            rule = said(
                "One prize per player: each prize goes, highest first, to the best-ranked "
                "player of its category who has no prize yet, so each player receives the "
                "highest prize they qualify for."
            )
        parts.append(f'<p class="note">{rule}</p>\n')

    def _category(self, parts: list[str], page: AwardsPage, cat: CategoryView) -> None:
        out, said, link = self._out, self.said, self.link
        base = page.meta.base
        anchor, label = out(cat.anchor), out(self.note(cat.label))
        birth = ""
        if cat.has_birth:
            born = said("Born") if page.birth_is_year else said("Age group")
            birth = f'<th scope="col" class="opt">{born}</th>'
        parts.append(
            f'<h2 id="{anchor}">{label}</h2>\n'
            f'<div class="table-wrap" role="region" aria-labelledby="{anchor}-caption" '
            'tabindex="0">\n<table class="category">\n'
            f'  <caption id="{anchor}-caption" class="visually-hidden">{label}</caption>\n'
            f'  <thead><tr><th scope="col" class="num">{said("Rk.")}</th>'
            f'<th scope="col" class="num"><abbr title="{said("Overall rank")}">'
            f'{said("Overall")}</abbr></th><th scope="col" class="name">{said("Name")}</th>'
            f'<th scope="col" class="num opt">{said("Rating")}</th>'
            f'<th scope="col" class="opt">{said("Fed")}</th>{birth}'
            f'<th scope="col" class="num">{said("Pts")}</th></tr></thead>\n'
            "  <tbody>\n"
        )
        for row in cat.rows:
            born = f'<td class="opt">{out(row.birth)}</td>' if cat.has_birth else ""
            parts.append(
                f'  <tr><td class="num">{out(row.category_rank)}</td>'
                f'<td class="num">{out(row.overall_rank)}</td>'
                f'<th scope="row" class="name">{out(self._title_badge(row.title))}'
                f"{link(row.ref, base)}</th>"
                f'<td class="num opt">{out(row.rating or "")}</td>'
                f'<td class="opt">{out(row.federation)}</td>{born}'
                f'<td class="num strong">{self.written_points(row.points)}</td></tr>\n'
            )
        parts.append("  </tbody>\n</table>\n</div>\n")

    def _groups(
        self,
        parts: list[str],
        page: AwardsPage,
        title: str,
        anchor: str,
        rows: tuple[GroupRow, ...],
    ) -> None:
        out, said, link, points = self._out, self.said, self.link, self.written_points
        base = page.meta.base
        if page.ranking_best:
            caption = out(self._translate("Sum of the best {n} scores", n=page.ranking_best))
        else:
            caption = said("Sum of all scores")
        parts.append(
            f'<h2 id="{anchor}">{title}</h2>\n'
            f'<div class="table-wrap" role="region" aria-labelledby="{anchor}-caption" '
            'tabindex="0">\n<table class="groups">\n'
            f'  <caption id="{anchor}-caption">{caption}</caption>\n'
            f'  <thead><tr><th scope="col" class="num">{said("Rk.")}</th>'
            f'<th scope="col" class="name">{said("Name")}</th>'
            f'<th scope="col" class="num">{said("Pts")}</th>'
            f'<th scope="col">{said("Counted")}</th></tr></thead>\n'
            "  <tbody>\n"
        )
        not_counted = said("not counted")
        for row in rows:
            summed = " + ".join(points(pts) for _ref, pts in row.counted)
            counted = "".join(
                f"<li>{link(ref, base)}: {points(pts)}</li>" for ref, pts in row.counted
            )
            others = "".join(
                f'<li class="muted">{link(ref, base)}: {points(pts)} ({not_counted})</li>'
                for ref, pts in row.others
            )
            parts.append(
                f'  <tr><td class="num">{out(row.rank)}</td>'
                f'<th scope="row" class="name">{out(row.name)}</th>'
                f'<td class="num strong">{points(row.total)}</td>\n'
                f'    <td><details class="how"><summary>{summed}</summary><ul>{counted}'
                f"{others}</ul></details></td></tr>\n"
            )
        parts.append("  </tbody>\n</table>\n</div>\n")


class AwardsFrames(PageFrames):
    """Renders an event's awards page in ``env``: the frame and the parts (the default
    theme's), or the page whole (a theme's own)."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(
            env, AWARDS_TEMPLATE, FRAME_TEMPLATES, default_parts(AwardsParts, COPIED_TEMPLATES)
        )
