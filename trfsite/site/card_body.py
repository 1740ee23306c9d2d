"""The default theme's player card written in Python, for the shared frame (issue 39).

Through ``player.html`` a card of a 2,000-player open prints some 550 values, each a
getattr, a finalize and an escape, with macro calls and filters around them: two
thirds of the open's rendering. Written here, each value goes through the same
``finalize``, escape, ``_`` and filters as in the template, in a few string joins.
Used only while the templates it copies (``COPIED_TEMPLATES``) are the default
theme's (``CardFrames`` checks that, and compares the first card with its whole
render): a theme that changes one gets its templates, which stay the ones a theme
author reads and copies. The rating and GoR cards are in ``card_ratings``.
"""

from __future__ import annotations

import jinja2

from trfsite.memo import keep_within
from trfsite.pages.contexts import PlayerCardPage
from trfsite.pages.rows import ContributionLine, ExplanationView, PlayerRow, RecordLine
from trfsite.site.card_ratings import gor_card, rating_card
from trfsite.site.card_text import CardText
from trfsite.site.page_frame import PageFrames, default_parts

# The templates these parts copy: they must be the default theme's.
COPIED_TEMPLATES = ("player.html", "rating_card.html", "gor_card.html", "macros.html")
_CUT = ' class="cut"'
_COLOURS_KEPT = 64  # colour cells a writer keeps (two colours, a Go game's handicaps)
_VALUES_KEPT = 20_000  # record rows' starts and opponents' cells a writer keeps
_RESULTS_KEPT = 256  # record rows' colour and result cells (outcomes, colours, handicaps)


class CardParts(CardText):
    """A player card's title, heading, body and path, as ``player.html`` makes them."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(env)
        self._heads: dict[tuple[bool, bool, bool, bool, str, bool, bool], str] = {}
        self._colours: dict[tuple[str, int | None], str] = {}
        # A record row's parts, written once per value a writer (see ``_record``).
        self._line_starts: dict[tuple[str, int, str], str] = {}
        self._opponent_cells: dict[int, tuple[object, ...]] = {}
        self._results: dict[tuple[str, str, str, int | None], str] = {}

    def title(self, page: PlayerCardPage) -> str:
        return self._out(page.player.ref.name)

    def heading(self, page: PlayerCardPage) -> str:
        ref = page.player.ref
        made = self._out(self._title_badge(page.player.title)) + self._out(ref.name)
        if ref.person:
            made += self.person_link(ref, page.meta.root)
        return made

    def path(self, page: PlayerCardPage) -> str:
        return self._out(page.meta.path)

    def body(self, page: PlayerCardPage) -> str:
        out, said = self._out, self.said
        b = out(page.meta.base)
        parts = [self._facts(page, page.player, b)]
        record = page.record
        if record and record[0].round > 1:
            only = self._translate(
                "Rounds {first} to {last} only: the event is too large to list every "
                "round here; the crosstable shows them all.",
                first=record[0].round,
                last=record[-1].round,
            )
            parts.append(f'<p class="note">{out(only)}</p>')
        parts.append(self._record_head(page))
        self._record(parts, page, b)
        parts.append(
            "  </tbody>\n</table>\n</div>\n"
            f'<div class="charts">\n{self.line_chart(page.rank_chart, "rank-chart")}\n'
            f"{self.line_chart(page.score_chart, 'score-chart')}\n</div>\n"
        )
        if page.explanations:
            parts.append(
                '<section aria-labelledby="why-heading">\n'
                f'  <h2 id="why-heading">{said("How the tie-breaks were computed")}</h2>\n'
            )
            # A tie-break and its cut or median variant share their rows' objects
            # (a quarter of a chess open's rows): each row written once a card.
            rows: dict[int, tuple[ContributionLine, str]] = {}
            for index, explanation in enumerate(page.explanations):
                self._explanation(parts, explanation, index == 0, rows)
            parts.append("</section>\n")
        if page.rating_card:
            rating_card(self, parts, page.rating_card, b)
        if page.gor_card:
            gor_card(self, parts, page.gor_card, b)
        return "".join(parts)

    def _facts(self, page: PlayerCardPage, p: PlayerRow, b: str) -> str:
        out, said = self._out, self.said
        facts = [
            '<dl class="facts inline">\n'
            f"  <div><dt>{said('Start no.')}</dt><dd>{out(p.ref.id)}</dd></div>\n"
        ]
        if page.rank:
            facts.append(f"<div><dt>{said('Rank')}</dt><dd>{out(page.rank)}</dd></div>")
        if page.points is not None:
            label = self._word(page.points_label)
            facts.append(f"<div><dt>{label}</dt><dd>{self.written_points(page.points)}</dd></div>")
        if page.is_go:
            if p.grade:
                facts.append(f"<div><dt>{said('Grade')}</dt><dd>{out(p.grade)}</dd></div>")
            if p.club:
                facts.append(f"<div><dt>{said('Club')}</dt><dd>{out(p.club)}</dd></div>")
        elif p.rating:
            facts.append(f"<div><dt>{said('Rating')}</dt><dd>{out(p.rating)}</dd></div>")
        if p.federation:
            country = said("Country") if page.is_go else said("Federation")
            facts.append(f"<div><dt>{country}</dt><dd>{out(p.federation)}</dd></div>")
        if p.fide_id:
            fide_id, url = out(p.fide_id), p.fide_url
            if url:
                fide_id = f'<a href="{out(url)}" rel="external">{fide_id}</a>'
            facts.append(f"<div><dt>{said('FIDE ID')}</dt><dd>{fide_id}</dd></div>")
        if p.team:
            facts.append(f"<div><dt>{said('Team')}</dt><dd>{self.link(p.team, b)}</dd></div>")
        facts.append("</dl>\n")
        return "".join(facts)

    def _record_head(self, page: PlayerCardPage) -> str:
        """The record table's opening and head row, alike on every card of an event."""
        key = (
            page.is_team,
            page.is_go,
            page.rating_card is not None,
            page.gor_card is not None,
            page.points_label,
            page.score_chart is not None,
            page.rank_chart is not None,
        )
        made = self._heads.get(key)
        if made is None:
            word = self._word
            team = f'<th scope="col" class="num">{word("Bd.")}</th>' if page.is_team else ""
            change = ""
            if page.rating_card:
                change = (
                    f'<th scope="col" class="num"><abbr title="{word("Rating change")}">'
                    f"{word('Rtg ±')}</abbr></th>"
                )
            if page.gor_card:
                change += (
                    f'<th scope="col" class="num"><abbr title="{word("GoR change")}">'
                    f"{word('GoR ±')}</abbr></th>"
                )
            # Charted below the table: on a phone they leave it (``opt``).
            points_css, rank_css = _charted_css(page)
            rank = "" if page.is_team else f'<th scope="col" class="{rank_css}">{word("Rank")}</th>'
            made = (
                '<div class="table-wrap" role="region" aria-labelledby="record-caption" '
                'tabindex="0">\n<table class="record">\n'
                f'  <caption id="record-caption">{word("Round by round")}</caption>\n'
                "  <thead><tr>\n"
                f'    <th scope="col" class="num">{word("Rd.")}</th>\n'
                f'{team}    <th scope="col" class="name">{word("Opponent")}</th>\n'
                '    <th scope="col" class="num">'
                f"{word('Grade') if page.is_go else word('Rating')}</th>\n"
                f'    <th scope="col"><abbr title="{word("Colour")}">{word("Col.")}</abbr></th>\n'
                f'    <th scope="col" class="result">{word("Result")}</th>\n'
                f'{change}    <th scope="col" class="{points_css}">{word(page.points_label)}</th>\n'
                f"{rank}  </tr></thead>\n  <tbody>\n"
            )
            self._heads[key] = made
        return made

    def _record(self, parts: list[str], page: PlayerCardPage, b: str) -> None:
        """The record's rows, one a round.

        A row's start (its outcome's class and round), its opponent's cells (link,
        federation, rating: the same on the four to eleven cards whose players met
        them) and its colour and result are each written once per value a writer
        and joined: an open's 1,000 cards of a part write 11,000 rows from some 2,000
        opponents, 11 rounds and a dozen outcomes."""
        out, translate = self._out, self._translate
        points, signed = self.written_points, self.written_signed
        is_team, is_go = page.is_team, page.is_go
        changes = bool(page.rating_card or page.gor_card)
        points_css, rank_css = _charted_css(page)
        starts, opponents, results = self._line_starts, self._opponent_cells, self._results
        line: RecordLine
        for line in page.record:
            css, opponent, note = line.css, line.opponent, line.note
            start = starts.get((css, line.round, b))
            if start is None:
                rnd = out(line.round)
                start = keep_within(
                    starts,
                    (css, line.round, b),
                    f'  <tr class="{out(css)}">\n'
                    f'    <td class="num"><a href="{b}rounds/{rnd}.html">{rnd}</a></td>\n',
                    _VALUES_KEPT,
                )
            if is_team:
                start += f'<td class="num">{out(line.board or "")}</td>'
            if opponent and not note:
                made = opponents.get(id(opponent))
                if (
                    made is None
                    or made[0] is not opponent
                    or made[1] != b
                    or made[2] != line.opponent_federation
                    or made[3] != line.opponent_rating
                    or made[4] is not is_go
                ):
                    text = self._opponent_cells_of(line, b, is_go)
                    made = (
                        opponent,
                        b,
                        line.opponent_federation,
                        line.opponent_rating,
                        is_go,
                        text,
                    )
                    keep_within(opponents, id(opponent), made, _VALUES_KEPT)
                cells = made[5]
            elif opponent:
                cells = self._opponent_cells_of(line, b, is_go)
            else:
                cells = (
                    f'    <td class="name"><span class="muted">{out(translate(note))}</span></td>\n'
                    f'    <td class="num">{out("" if is_go else line.opponent_rating or "")}</td>\n'
                )
            if line.game:
                result = (
                    f"    <td>{self._colour(line.color, line.handicap) if line.color else ''}"
                    f'</td>\n    <td class="result cell {out(css)}">'
                    f'<a class="game" href="{b}{out(line.game)}" title="{self.said("Game")}">'
                    f"{out(line.result)}</a></td>\n"
                )
            else:
                known = results.get((css, line.result, line.color, line.handicap))
                if known is not None:
                    result = known
                else:
                    colour = self._colour(line.color, line.handicap) if line.color else ""
                    result = keep_within(
                        results,
                        (css, line.result, line.color, line.handicap),
                        f'    <td>{colour}</td>\n    <td class="result cell {out(css)}">'
                        f"{out(line.result)}</td>\n",
                        _RESULTS_KEPT,
                    )
            change = f'<td class="num">{signed(line.rating_change)}</td>' if changes else ""
            rank = "" if is_team else f'<td class="{rank_css}">{out(line.rank_after or "")}</td>'
            parts.append(
                f"{start}{cells}{result}"
                f'{change}    <td class="{points_css}">{points(line.points_after)}</td>\n'
                f"{rank}  </tr>\n"
            )

    def _opponent_cells_of(self, line: RecordLine, b: str, is_go: bool) -> str:
        """A record row's opponent cells: the name (a link, the federation, a note) and
        the rating (a Go player's grade)."""
        out, opponent = self._out, line.opponent
        assert opponent is not None
        name = self.link(opponent, b, not is_go)
        if line.opponent_federation:
            name += f' <span class="muted opt">{out(line.opponent_federation)}</span>'
        if line.note:
            name += f' <span class="note">({out(self._translate(line.note))})</span>'
        rating = out(opponent.title) if is_go else out(line.opponent_rating or "")
        return f'    <td class="name">{name}</td>\n    <td class="num">{rating}</td>\n'

    def _colour(self, color: str, handicap: int | None) -> str:
        """A record line's colour cell: its swatch and name, and a Go game's handicap;
        made once per colour and handicap a writer (a card's every line had it made)."""
        key = (color, handicap)
        made = self._colours.get(key)
        if made is None:
            out, said = self._out, self.said
            colour_name = said("White") if color == "w" else said("Black")
            made = (
                f'<span class="colour {out(color)}" aria-hidden="true" '
                f'title="{colour_name}"></span><span class="visually-hidden">'
                f"{colour_name}</span>"
            )
            if handicap:
                made += f" H{out(handicap)}"
            keep_within(self._colours, key, made, _COLOURS_KEPT)
        return made

    def _explanation(
        self,
        parts: list[str],
        ex: ExplanationView,
        first: bool,
        rows: dict[int, tuple[ContributionLine, str]],
    ) -> None:
        """One tie-break's account, opened when ``first``; ``rows``: the card's rows
        written so far, by id of their contribution."""
        out, said, note, number = self._out, self.said, self.written_note, self.written_number
        parts.append(self.explanation_open(ex, first))
        if ex.contributions:
            for c in ex.contributions:
                written = rows.get(id(c))
                if written is not None and written[0] is c:
                    parts.append(written[1])
                    continue
                cut, why = c.cut, c.why
                if not cut and not why and not c.rounds:
                    row = self.contribution_row(c.round, c.label, c.value)
                    rows[id(c)] = (c, row)
                    parts.append(row)
                    continue
                if cut:
                    reason = f": {note(why)}" if why else ""
                    label = f'{note(c.label)} <span class="note">({said("cut")}{reason})</span>'
                elif why:
                    label = f'{note(c.label)} <span class="note">({note(why)})</span>'
                else:
                    label = note(c.label)
                # A summary line's rounds are its own; one round's, as every row's.
                rounds = out(c.rounds_text) if c.rounds else self.written_round(c.round)
                row = (
                    f"      <tr{_CUT if cut else ''}>"
                    f'<td class="num">{rounds}</td><td>{label}</td>'
                    f'<td class="num">{number(c.value)}</td></tr>\n'
                )
                rows[id(c)] = (c, row)
                parts.append(row)
            parts.append("      </tbody>\n    </table>\n    </div>\n")
        parts.append(self.notes(ex.notes))
        parts.append("  </details>\n")


CARD_TEMPLATE = "player.html"
# The templates that make the frame.
FRAME_TEMPLATES = (CARD_TEMPLATE, "event.html", "base.html")


class CardFrames(PageFrames):
    """Renders an event's player cards in ``env``: the frame once, then each card's parts
    (the default theme's), or each card whole (a theme's own card)."""

    def __init__(self, env: jinja2.Environment) -> None:
        super().__init__(
            env, CARD_TEMPLATE, FRAME_TEMPLATES, default_parts(CardParts, COPIED_TEMPLATES)
        )


def _charted_css(page: PlayerCardPage) -> tuple[str, str]:
    """The classes of the record's score and rank columns: ``opt`` (left out on a phone)
    when a chart below the table shows the same values."""
    return (
        "num opt" if page.score_chart is not None else "num",
        "num opt" if page.rank_chart is not None else "num",
    )
