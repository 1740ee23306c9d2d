"""The default theme's game page parts written in Python, for the shared frame (issue 42).

Filled through ``game_parts.html``'s macros, a game page's parts cost about 1.2 million
instructions a page (2.5 G of a 2,000-game event's 11 G): some 50 ``{{ }}``, each a
getattr, a finalize and an escape, four translations with values and the macro calls
around them. Written here, each value goes through the same ``finalize`` and escape as
in the template, in a few string joins. Used only while ``game_parts.html`` and
``macros.html`` are the default theme's (``GameFrames`` checks that, and compares the
first page with its whole render): a theme that changes them gets its macros, and the
template stays the one a theme author reads and copies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2

from trfsite.pages.contexts import GamePage
from trfsite.pages.rows import Ref
from trfsite.site.written_parts import WrittenParts

# The templates these parts copy: they must be the default theme's.
COPIED_TEMPLATES = ("game_parts.html", "macros.html")
_HALF = ("1/2", "\u00bd")  # the template's ``result|replace("1/2", "½")``


class GameParts(WrittenParts):
    """A game page's title, heading, body and path, as ``game_parts.html`` makes them."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        self._date: Callable[[str], str] = env.filters["date"]
        macros = env.get_template("macros.html").module
        self._ref_link: Callable[..., Any] = macros.ref_link  # type: ignore[attr-defined]
        self._title_badge: Callable[..., Any] = macros.title_badge  # type: ignore[attr-defined]
        # The piece names as JSON in an attribute, by the template's own filters (the
        # same names on every page of a language: made once).
        self._names_template = env.from_string("{{ names|tojson|forceescape }}")
        self._names: tuple[dict[str, str], str] | None = None
        self._rounds: dict[tuple[str, int, str], tuple[str, str, str, str, str]] = {}
        self._links: dict[int, tuple[Ref, str, str]] = {}
        self._badges: dict[str, str] = {}
        word = self._word
        self._words = {
            name: word(name)
            for name in (
                "Round", "Board", "White", "Black", "Result", "Opening", "Date",
                "Encyclopaedia of Chess Openings", "Final position", "Starting position",
                "Position after {move}", "Previous move", "Next move", "Moves",
                "Previous game", "Next game",
                "Keys: Home, End, ← and → step through the game; a move in the score "
                "shows its position.",
            )
        }  # fmt: skip

    def _names_json(self, names: dict[str, str]) -> str:
        made = self._names
        if made is None or made[0] != names:
            made = self._names = (dict(names), self._names_template.render(names=names))
        return made[1]

    def _round_parts(self, page: GamePage) -> tuple[str, str, str, str, str]:
        """What every game of the round shows alike (the base, the round's number, its
        PGN's link and label, its page's label), made once a round."""
        key = (page.meta.base, page.round, page.download)
        made = self._rounds.get(key)
        if made is None:
            out, translate = self._out, self._translate
            made = (
                out(page.meta.base),
                out(page.round),
                out(page.download),
                out(translate("Games of round {n} (PGN)", n=page.round)),
                out(translate("Round {n}", n=page.round)),
            )
            self._rounds[key] = made
        return made

    def _link(self, ref: Ref, base: str) -> str:
        """``{{ ref_link(ref, base) }}``, kept by the player's Ref (the event's, the same
        object on each of its games): no hashing of the Ref, no macro call, per page."""
        made = self._links.get(id(ref))
        if made is None or made[0] is not ref or made[1] != base:
            made = (ref, base, self._out(self._ref_link(ref, base)))
            self._links[id(ref)] = made
        return made[2]

    def _badge(self, title: str) -> str:
        """``{{ title_badge(title) }}``, once a title."""
        made = self._badges.get(title)
        if made is None:
            made = self._badges[title] = self._out(self._title_badge(title))
        return made

    def title(self, page: GamePage) -> str:
        out = self._out
        return f"{out(page.white.name)} – {out(page.black.name)}"

    def heading(self, page: GamePage) -> str:
        out, badge = self._out, self._badge
        return (
            f"{badge(page.white.title)}{out(page.white.name)} – "
            f"{badge(page.black.title)}{out(page.black.name)} "
            f'<span class="game-result">{out(page.result.replace(*_HALF))}</span>'
        )

    def path(self, page: GamePage) -> str:
        return self._out(page.meta.path)

    def body(self, page: GamePage) -> str:
        out, words, link, translate = self._out, self._words, self._link, self._translate
        b, number, download_link, download, round_name = self._round_parts(page)
        result = out(page.result.replace(*_HALF))
        white = link(page.white, page.meta.base)
        if page.white_rating:
            white += f' <span class="rating">{out(page.white_rating)}</span>'
        black = link(page.black, page.meta.base)
        if page.black_rating:
            black += f' <span class="rating">{out(page.black_rating)}</span>'
        facts = ""
        if page.eco or page.opening:
            shown = ""
            if page.eco:
                eco_title = words["Encyclopaedia of Chess Openings"]
                shown = f'<abbr title="{eco_title}">{out(page.eco)}</abbr>'
            if page.eco and page.opening:
                shown += " "
            facts = f"<div><dt>{words['Opening']}</dt><dd>{shown}{out(page.opening)}</dd></div>"
        if page.date:
            facts += f"<div><dt>{words['Date']}</dt><dd>{out(self._date(page.date))}</dd></div>"
        if page.last_move:
            status = out(translate("Position after {move}", move=page.last_move))
        else:
            status = words["Final position"]
        stop = ""
        if page.stop:
            stopped = translate(
                "The board stops before {move}: the move cannot be played in that position.",
                move=page.stop,
            )
            stop = f'<p class="alert" role="note">{out(stopped)}</p>'
        previous = next_game = ""
        if page.previous:
            previous = (
                f'<a href="{b}{out(page.previous)}" rel="prev">← {words["Previous game"]}</a>'
            )
        if page.next:
            next_game = f'<a href="{b}{out(page.next)}" rel="next">{words["Next game"]} →</a>'
        source = out(translate("From {file}", file=page.source))
        return "".join(
            [
                '<dl class="facts inline">\n'
                f"  <div><dt>{words['Round']}</dt><dd>"
                f'<a href="{b}rounds/{number}.html">{number}</a></dd></div>\n'
                f"  <div><dt>{words['Board']}</dt><dd>{out(page.board)}</dd></div>\n"
                f"  <div><dt>{words['White']}</dt><dd>{white}</dd></div>\n"
                f"  <div><dt>{words['Black']}</dt><dd>{black}</dd></div>\n"
                f"  <div><dt>{words['Result']}</dt><dd>{result}</dd></div>\n",
                facts,
                '</dl>\n<div class="game">\n<figure class="game-board">\n'
                '  <div class="board" id="board" role="img" aria-label="'
                f"{words['Final position']}. {words['White']}: {out(page.white_pieces)}. "
                f'{words["Black"]}: {out(page.black_pieces)}." '
                f'data-fen="{out(page.final.fen)}" data-start="{out(page.start)}" '
                f'data-steps="{out(page.steps)}" '
                f'data-names="{self._names_json(page.piece_names)}" '
                f'data-white="{words["White"]}" data-black="{words["Black"]}" '
                f'data-start-label="{words["Starting position"]}" '
                f'data-after-label="{words["Position after {move}"]}">',
                self._safe(page.squares),
                "</div>\n"
                f'  <figcaption id="board-status" aria-live="polite">{status}</figcaption>\n'
                '  <div class="board-controls" hidden>\n'
                '    <button type="button" data-go="first" aria-label="'
                f'{words["Starting position"]} (Home)">⇤</button>\n'
                '    <button type="button" data-go="previous" aria-label="'
                f'{words["Previous move"]} (←)">◀</button>\n'
                '    <button type="button" data-go="next" aria-label="'
                f'{words["Next move"]} (→)">▶</button>\n'
                '    <button type="button" data-go="last" aria-label="'
                f'{words["Final position"]} (End)">⇥</button>\n'
                "  </div>\n"
                '  <p class="board-help muted" hidden>'
                + words[
                    "Keys: Home, End, ← and → step through the game; a move in the score "
                    "shows its position."
                ]
                + "</p>\n</figure>\n"
                '<section class="score" aria-labelledby="score-heading">\n'
                f'  <h2 id="score-heading">{words["Moves"]}</h2>\n',
                stop,
                f'  <p class="moves" data-first="{out(page.first)}">',
                self._safe(page.score),
                f'\n  <strong class="game-result">{result}</strong>\n  </p>\n'
                f'  <p class="muted source">{source} · '
                f'<a href="{b}{download_link}" download>{download}</a></p>\n'
                '</section>\n</div>\n<p class="pager">\n',
                previous,
                f'  <a href="{b}rounds/{number}.html">{round_name}</a>\n',
                next_game,
                "</p>\n",
            ]
        )
