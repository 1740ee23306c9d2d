"""The default theme's ``rating_card.html`` and ``gor_card.html`` written in Python.

Part of the player card written in Python (``card_body``, issue 39): the rating card
is 8 KB of a chess open's card, its games and the TPR and ARO explanations.
"""

from __future__ import annotations

from trfsite.memo import keep_within
from trfsite.pages.card_values import GorCard, RatingCard
from trfsite.pages.rows import ExplanationView
from trfsite.site.card_text import CardText

_DASH = "\u2013"  # the templates' "–" for a value that is not there
_KEPT = 20_000  # rating games' opponent cells and figures a writer keeps


def rating_card(w: CardText, parts: list[str], rc: RatingCard, b: str) -> None:
    """``{% include "rating_card.html" %}``."""
    out, said, number, signed = w.out, w.said, w.written_number, w.written_signed
    parts.append(
        '<section aria-labelledby="rating">\n'
        f'  <h2 id="rating">{said("Rating change and performance")}</h2>\n'
        '  <dl class="facts inline">\n'
    )
    if rc.change is not None:
        parts.append(f"<div><dt>{said('Rating change')}</dt><dd>{signed(rc.change)}</dd></div>")
    if rc.k:
        parts.append(f"<div><dt>K</dt><dd>{out(rc.k)}</dd></div>")
    performance, average = rc.performance.value, rc.average_opponent_rating.value
    parts.append(
        f"    <div><dt>{said('Performance')}</dt><dd>"
        f"{number(performance) if performance is not None else _DASH}</dd></div>\n"
        f"    <div><dt>{said('Average opponent rating')}</dt><dd>"
        f"{number(average) if average is not None else _DASH}</dd></div>\n"
        "  </dl>\n"
        '  <details class="explanation rating-change" open>\n'
        f"    <summary><strong>{said('Rating change')}</strong>: "
        f"{signed(rc.change) if rc.change is not None else _DASH}</summary>\n"
    )
    if rc.games:
        parts.append(_rating_head(w))
        # A game's opponent cells (link, rating) are the same on the cards of the players
        # who met them, its figures (D, W, We, W - We, the change) on many cards: each
        # written once a writer and joined (11,000 games for a part's cards of an open).
        opponents, figures = w.game_opponents, w.game_figures
        for g in rc.games:
            opponent = g.opponent
            made = opponents.get(id(opponent))
            if (
                made is None
                or made[0] is not opponent
                or made[1] != g.opponent_rating
                or made[2] != b
            ):
                text = (
                    f'<td>{w.link(opponent, b)}</td><td class="num">{out(g.opponent_rating)}</td>'
                )
                made = keep_within(
                    opponents, id(opponent), (opponent, g.opponent_rating, b, text), _KEPT
                )
            key = g[3:]  # difference, score, expected, delta, change
            tail = figures.get(key)
            if tail is None:
                tail = keep_within(
                    figures,
                    key,
                    f'<td class="num">{out(f"{g.difference:+d}")}</td>'
                    f'<td class="num">{number(g.score)}</td>'
                    f'<td class="num">{number(g.expected)}</td>'
                    f'<td class="num">{number(g.delta)}</td>'
                    f'<td class="num">{signed(g.change)}</td></tr>\n',
                    _KEPT,
                )
            parts.append(f'      <tr><td class="num">{out(g.round)}</td>{made[3]}{tail}')
        parts.append("      </tbody>\n    </table>\n    </div>\n")
    parts.append(w.notes(rc.notes))
    parts.append("  </details>\n")
    for ex in (rc.performance, rc.average_opponent_rating):
        _explanation(w, parts, ex)
    parts.append("</section>\n")


def _rating_head(w: CardText) -> str:
    said = w.said
    return w.made(
        "rating-head",
        lambda: (
            '    <div class="table-wrap" role="region" aria-label="'
            f'{said("Rating change")}" tabindex="0">\n'
            '    <table class="contributions rating-games">\n'
            f'      <caption class="visually-hidden">{said("Rating change")}</caption>\n'
            "      <thead><tr>\n"
            f'        <th scope="col" class="num">{said("Rd.")}</th>\n'
            f'        <th scope="col">{said("Opponent")}</th>\n'
            f'        <th scope="col" class="num">{said("Rating")}</th>\n'
            '        <th scope="col" class="num"><abbr title="'
            f'{said("Rating difference, at most 400")}">D</abbr></th>\n'
            f'        <th scope="col" class="num"><abbr title="{said("Score")}">W</abbr></th>\n'
            '        <th scope="col" class="num"><abbr title="'
            f'{said("Expected score (table 8.1(b))")}">We</abbr></th>\n'
            '        <th scope="col" class="num">W − We</th>\n'
            '        <th scope="col" class="num">K × (W − We)</th>\n'
            "      </tr></thead>\n"
            "      <tbody>\n"
        ),
    )


def _explanation(w: CardText, parts: list[str], ex: ExplanationView) -> None:
    """One of the rating card's explanations (TPR, ARO), closed."""
    row = w.contribution_row
    parts.append(w.explanation_open(ex, False))
    if ex.contributions:
        parts.extend(row(c.round, c.label, c.value) for c in ex.contributions)
        parts.append("      </tbody>\n    </table>\n    </div>\n")
    parts.append(w.notes(ex.notes))
    parts.append("  </details>\n")


def gor_card(w: CardText, parts: list[str], gc: GorCard, b: str) -> None:
    """``{% include "gor_card.html" %}``."""
    out, said = w.out, w.said
    number, signed, points = w.written_number, w.written_signed, w.written_points
    change = signed(gc.change) or _DASH
    parts.append(
        '<section aria-labelledby="gor">\n'
        f'  <h2 id="gor">{said("GoR change")}</h2>\n'
        '  <dl class="facts inline">\n'
        f"    <div><dt>{said('GoR before the event')}</dt><dd>"
        f"{out(gc.rating if gc.rating is not None else _DASH)}</dd></div>\n"
    )
    if gc.weight is not None:
        parts.append(f"<div><dt>{said('Class weight')}</dt><dd>{number(gc.weight)}</dd></div>")
    weighted = ""
    if gc.weight is not None:
        weighted = f" = {number(gc.weight)} × {signed(gc.total, 2)}"
    parts.append(
        f"    <div><dt>{said('GoR change')}</dt><dd>{change}</dd></div>\n"
        "  </dl>\n"
        f'  <p class="note">{said(_ESTIMATE)}</p>\n'
        '  <details class="explanation gor-change" open>\n'
        f"    <summary><strong>{said('GoR change')}</strong>: {change}{weighted}</summary>\n"
        f'    <p class="small">{said(_GOR_FORMULA)}</p>\n'
    )
    if gc.games:
        parts.append(_gor_head(w))
        for g in gc.games:
            handicap = f"{out(g.handicap)}{out(g.colour)}" if g.handicap else ""
            parts.append(
                f'      <tr><td class="num">{out(g.round)}</td><td>{w.link(g.opponent, b)}</td>'
                f'<td class="num">{out(g.opponent_rating)}</td><td class="num">{handicap}</td>'
                f'<td class="num">{out(g.own_adjusted)} / {out(g.opponent_adjusted)}</td>'
                f'<td class="num">{number(g.expected)}</td>'
                f'<td class="num">{points(g.score)}</td>'
                f'<td class="num">{number(g.con)}</td>'
                f'<td class="num">{number(g.bonus)}</td>'
                f'<td class="num">{signed(g.change, 2)}</td></tr>\n'
            )
        parts.append("      </tbody>\n    </table>\n    </div>\n")
    parts.append(w.notes(gc.notes))
    parts.append("  </details>\n</section>\n")


_ESTIMATE = "An estimate from the table, not the EGD's official figure."
_GOR_FORMULA = (
    "Each game played over the board adds con × (Sa − Se) + bonus, with the ratings "
    "before the event: Se = 1 / (1 + exp(β(r_B) − β(r_A))), β(r) = −7 ln(3300 − r); "
    "Black in a handicap game counts 50 more for 1 stone and 100 × h − 50 for h stones "
    "(for Se only); con = ((3300 − r_A) / 200)^1.6; bonus = ln(1 + exp((2300 − r_A) / "
    "80)) / 5; Sa = 1, ½ or 0. The sum is multiplied by the class weight (A 1, B 0.75, "
    "C 0.5, D 0.25). Byes, absences and games by default do not count."
)


def _gor_head(w: CardText) -> str:
    said = w.said
    return w.made(
        "gor-head",
        lambda: (
            '    <div class="table-wrap" role="region" aria-label="'
            f'{said("GoR change")}" tabindex="0">\n'
            '    <table class="contributions gor-games">\n'
            f'      <caption class="visually-hidden">{said("GoR change")}</caption>\n'
            "      <thead><tr>\n"
            f'        <th scope="col" class="num">{said("Rd.")}</th>\n'
            f'        <th scope="col">{said("Opponent")}</th>\n'
            '        <th scope="col" class="num">GoR</th>\n'
            f'        <th scope="col" class="num"><abbr title="{said("Handicap")}">H</abbr></th>\n'
            '        <th scope="col" class="num"><abbr title="'
            f'{said("Ratings for Se: own, opponent (handicap bonus for Black)")}">r′</abbr></th>\n'
            '        <th scope="col" class="num"><abbr title="'
            f'{said("Expected result")}">Se</abbr></th>\n'
            f'        <th scope="col" class="num"><abbr title="{said("Result")}">Sa</abbr></th>\n'
            '        <th scope="col" class="num">con</th>\n'
            '        <th scope="col" class="num">bonus</th>\n'
            f'        <th scope="col" class="num">{said("Change")}</th>\n'
            "      </tr></thead>\n"
            "      <tbody>\n"
        ),
    )
