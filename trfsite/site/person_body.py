"""The default theme's person page written in Python, for a shared frame (issue 46).

Through ``person.html`` a person of many events prints some thirty values an event and
a dozen an opponent, each a getattr, a finalize and an escape: a tenth of a cold archive
build. Written here, each value goes through the same ``finalize``, escape, ``_`` and
filters as in the template, in a few string joins. Used only while the templates it
copies (``COPIED_TEMPLATES``) are the default theme's (``PersonFrames`` checks that, and
compares the first page with its whole render): a theme that changes one gets its
templates.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import jinja2

from trfsite.memo import keep_within
from trfsite.people.contexts import HeadToHead, PersonEventLine, PersonPage
from trfsite.render.page_meta import SiteInfo
from trfsite.site.card_text import CardText
from trfsite.site.page_frame import PageFrames, default_parts

PERSON_TEMPLATE = "person.html"
# Escaped texts a process keeps (``PersonParts._kept``): results, classes, event names.
_TEXTS_KEPT = 4096
# The templates these parts copy: they must be the default theme's.
COPIED_TEMPLATES = (PERSON_TEMPLATE, "macros.html")
# The templates that make the frame.
FRAME_TEMPLATES = (PERSON_TEMPLATE, "base.html")


class PersonParts(CardText):
    """A person page's title, content and path, as ``person.html`` makes them."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        self._date: Callable[..., str] = env.filters["date"]
        self._label: Callable[[str], str] = env.globals["label"]  # type: ignore[assignment]
        self._ngettext: Callable[..., str] = env.globals["ngettext"]  # type: ignore[assignment]
        self._texts: dict[str, str] = {}

    def title(self, page: PersonPage) -> str:
        return self._out(page.meta.title)

    def heading(self, page: PersonPage) -> str:
        return ""  # the frame has no heading of its own: the content holds the <h1>

    def path(self, page: PersonPage) -> str:
        return self._out(page.meta.path)

    def body(self, page: PersonPage) -> str:
        out, said = self._out, self.said
        parts = [f"<h1>{out(page.name)}</h1>\n", self._facts(page)]
        if page.name_matched:
            parts.append(
                '<p class="note">'
                + said(
                    "Some events are linked by name, federation and birth year only "
                    "(the file gives no id there)."
                )
                + "</p>"
            )
        if page.findings:
            parts.append('<ul class="status warning person-findings">\n')
            parts.extend(
                f'<li><a href="{out(f.href)}">{out(f.file)}:{out(f.line)}</a>: '
                f"{out(f.message)}</li>"
                for f in page.findings
            )
            parts.append("</ul>\n")
        if page.series:
            self._series(parts, page)
        parts.append(self._events_head())
        for line in page.events:
            self._event(parts, line)
        parts.append("  </tbody>\n</table>\n</div>\n")
        if page.rating_chart or page.score_chart:
            parts.append(
                f'<div class="charts">\n{self.line_chart(page.rating_chart, "rating-chart")}\n'
                f"{self.line_chart(page.score_chart, 'score-chart')}\n</div>\n"
            )
        if page.history:
            self._history(parts, page)
        if page.head_to_head:
            parts.append(self._head_to_head_head())
            for h in page.head_to_head:
                self._meeting(parts, h)
            parts.append("    </tbody>\n  </table>\n  </div>\n</div>\n")
        return "".join(parts)

    def _facts(self, page: PersonPage) -> str:
        out, said = self._out, self.said
        facts = ['<dl class="facts inline person-ids">\n']
        if page.fide_id:
            facts.append(
                f'<div><dt>{said("FIDE ID")}</dt><dd><a href="{out(page.fide_url)}" '
                f'rel="external">{out(page.fide_id)}</a></dd></div>'
            )
        if page.egd_pin:
            facts.append(
                f'<div><dt>{said("EGD PIN")}</dt><dd><a href="{out(page.egd_url)}" '
                f'rel="external">{out(page.egd_pin)}</a></dd></div>'
            )
        facts.extend(
            f"<div><dt>{said('National ID')}</dt><dd>{out(nid)}</dd></div>"
            for nid in page.national_ids
        )
        if page.federation:
            facts.append(f"<div><dt>{said('Federation')}</dt><dd>{out(page.federation)}</dd></div>")
        facts.append(
            f"  <div><dt>{said('Events')}</dt><dd>{out(len(page.events))}</dd></div>\n</dl>\n"
        )
        return "".join(facts)

    def _series(self, parts: list[str], page: PersonPage) -> None:
        out, said, translate = self._out, self.said, self._translate
        parts.append(
            '<section aria-labelledby="person-series">\n'
            f'<h2 id="person-series">{said("Series")}</h2>\n'
            '<ul class="person-series">\n'
        )
        for s in page.series:
            if s.rank:
                place = out(translate("{rank} of {count}", rank=s.rank, count=s.of))
            else:
                place = said("not ranked yet")
            events = out(self._ngettext("{n} event", "{n} events", s.events))
            parts.append(
                f'<li><a href="../series/{out(s.key)}.html">{out(s.title)}</a>: {place}, '
                f"{said('Points')} {out(self.number(s.points))} · {events}</li>"
            )
        parts.append("</ul>\n</section>\n")

    def _events_head(self) -> str:
        """The events table's opening and head row, alike on every page."""
        said = self.said
        return self.made(
            "events-head",
            lambda: (
                '<div class="table-wrap" role="region" aria-labelledby="events-caption" '
                'tabindex="0">\n<table class="person-events">\n'
                f'  <caption id="events-caption">{said("Events")}</caption>\n'
                "  <thead><tr>\n"
                '    <th scope="col" class="num">#</th>\n'
                f'    <th scope="col">{said("Date")}</th>\n'
                f'    <th scope="col" class="name">{said("Event")}</th>\n'
                f'    <th scope="col" class="num">{said("Rank")}</th>\n'
                f'    <th scope="col" class="num">{said("Points")}</th>\n'
                f'    <th scope="col" class="num">{said("Rating")}</th>\n'
                '    <th scope="col" class="num"><abbr title="'
                f'{said("Tournament Performance Rating")}">{said("Perf.")}</abbr></th>\n'
                f'    <th scope="col" class="num">{said("Rating change")}</th>\n'
                "  </tr></thead>\n  <tbody>\n"
            ),
        )

    def _event(self, parts: list[str], e: PersonEventLine) -> None:
        """One row of the events table."""
        out, said, translate = self._out, self.said, self._translate
        name = (
            f'<a href="{out(e.event_href)}">{out(e.event)}</a> '
            f'<a class="muted" href="{out(e.card_href)}">{said("card")}</a>'
        )
        if e.team:
            name += f' <span class="muted">{out(e.team)}</span>'
        if e.game_links:
            round_word = said("round")
            name += f' <span class="person-games"><span class="muted">{said("Games")}:</span>'
            name += "".join(
                f' <a href="{out(href)}" title="{round_word} {out(r)}">{out(r)}</a>'
                for r, href in e.game_links
            )
            name += "</span>"
        rank = out(translate("{rank} of {count}", rank=e.rank, count=e.of)) if e.rank else ""
        points = ""
        if e.points is not None:
            shown = self.points(e.points)
            points = out(translate("{points} of {games}", points=shown, games=e.rounds))
        change = "" if e.rating_change is None else out(self.signed(e.rating_change))
        rating = out(e.rating or e.grade or "")
        parts.append(
            f'  <tr><td class="num">{out(e.number)}</td>'
            f'<td class="date">{out(self._date(e.date) if e.date else "")}</td>\n'
            f'    <td class="name">{name}</td>\n'
            f'    <td class="num" data-label="{said("Rank")}">{rank}</td>\n'
            f'    <td class="num" data-label="{said("Points")}">{points}</td>\n'
            f'    <td class="num" data-label="{said("Rating")}">{rating}</td>'
            f'<td class="num" data-label="{said("Perf.")}">{out(e.performance or "")}</td>'
            f'<td class="num" data-label="{said("Rating change")}">{change}</td></tr>\n'
        )

    def _history(self, parts: list[str], page: PersonPage) -> None:
        out = self._out
        parts.append(
            '<section aria-labelledby="history-heading">\n'
            f'  <h2 id="history-heading">{self.said("Over time")}</h2>\n'
            '  <dl class="facts person-history">\n'
        )
        for h in page.history:
            value = f'<a href="{out(h.href)}">{out(h.value)}</a>' if h.href else out(h.value)
            span = ""
            if h.first:
                span = out(h.first)
                if h.last != h.first:
                    span += f"–{out(h.last)}"
            parts.append(
                f"    <div><dt>{out(self._label('history-' + h.what))}</dt><dd>{value} "
                f'<span class="muted">{span}</span></dd></div>\n'
            )
        parts.append("  </dl>\n</section>\n")

    def _head_to_head_head(self) -> str:
        said = self.said
        return self.made(
            "h2h-head",
            lambda: (
                '<div class="head-to-head-part">\n'
                f'  <h2 id="h2h-heading">{said("Head to head")}</h2>\n'
                '  <div class="table-wrap" role="region" aria-labelledby="h2h-heading" '
                'tabindex="0">\n'
                '  <table class="head-to-head">\n'
                "    <thead><tr>\n"
                f'      <th scope="col" class="name">{said("Opponent")}</th>\n'
                f'      <th scope="col" class="num">{said("Games")}</th>\n'
                '      <th scope="col" class="num">+</th>\n'
                '      <th scope="col" class="num">=</th>\n'
                '      <th scope="col" class="num">−</th>\n'
                f'      <th scope="col">{said("Result")}</th>\n'
                "    </tr></thead>\n    <tbody>\n"
            ),
        )

    def _meeting(self, parts: list[str], h: HeadToHead) -> None:
        """One opponent's row of the head-to-head table. Its numbers are ints (printed
        as their digits, as ``{{ }}`` prints them); a game's class, result and event
        repeat over the rows, and are escaped once (``_kept``)."""
        out, kept, round_word = self._out, self._kept, self.said("round")
        games = " ".join(
            [
                f'<a class="cell {kept(g.css)}" href="{out(g.href)}" '
                f'title="{kept(g.event)}, {round_word} {g.round}">{kept(g.result)}</a>'
                for g in h.games
            ]
        )
        parts.append(
            f'    <tr><th scope="row" class="name"><a href="{out(h.href)}">{out(h.opponent)}</a>'
            f'</th><td class="num">{len(h.games)}</td><td class="num">{h.wins}</td>'
            f'<td class="num">{h.draws}</td><td class="num">{h.losses}</td>\n'
            f'      <td class="games">{games}</td></tr>\n'
        )

    def _kept(self, value: str) -> str:
        """``{{ value }}`` of a text that repeats (a result, an event's name), made once."""
        made = self._texts.get(value)
        if made is None:
            made = keep_within(self._texts, value, self._out(value), _TEXTS_KEPT)
        return made


class PersonFrames(PageFrames):
    """Renders person pages in ``env``: the frame once, then each page's parts (the
    default theme's), or each page whole (a theme's own person page)."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(
            env,
            PERSON_TEMPLATE,
            FRAME_TEMPLATES,
            default_parts(PersonParts, COPIED_TEMPLATES),
            content=True,
        )


# This process's frames, by environment, thread and what the frame holds of a page's
# meta (the site, its root, base and navigation; not its title and path, the holes): a
# worker renders batch after batch of one build's person pages, and compares only its
# first page with a whole render. By value: each batch sent to a worker is a new copy.
_FrameKey = tuple[int, int, SiteInfo, str, str, str]
_FRAMES: dict[_FrameKey, tuple[jinja2.Environment, PersonFrames]] = {}
_KEEP = 8


def person_frames(env: jinja2.Environment, page: PersonPage) -> PersonFrames:
    """The frames that render ``page`` (made once for its environment and site)."""
    meta = page.meta
    key = (id(env), threading.get_ident(), meta.site, meta.root, meta.base, meta.current)
    made = _FRAMES.get(key)
    if made is None or made[0] is not env:
        made = _FRAMES[key] = (env, PersonFrames(env))
        while len(_FRAMES) > _KEEP:
            del _FRAMES[next(iter(_FRAMES))]
    return made[1]
