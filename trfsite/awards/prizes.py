"""Prize lists: who gets which prize, under the rule the organiser chose.

``one-prize``: every prize goes, highest first (money by amount, then in the
order of the config), to the best-ranked player of its category who has no
prize yet; so each player gets one prize, the highest they qualify for.

``hort``: the same places, then players with equal points share the money of
the places they hold in that category (places beyond the last prize are worth
0): each gets half the prize of their own place, plus an equal share of the
other half of the group's total. Named prizes are not shared.
"""

import enum
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

from trfsite.awards.categories import CategoryStandings
from trfsite.results import Note

# An amount inside a note: a page spells it in its language (``1.000,00``).
_MONEY = "{value:,.2f}"


def money_note(value: Decimal | float) -> Note:
    """``1,000.00`` as a note, which a German page shows as ``1.000,00``."""
    return Note(_MONEY, value=float(value))


class PrizeRule(enum.Enum):
    ONE_PRIZE = "one-prize"
    HORT = "hort"


PRIZE_RULES = (PrizeRule.ONE_PRIZE, PrizeRule.HORT)


def find_prize_rule(name: str) -> PrizeRule:
    for rule in PRIZE_RULES:
        if rule.value == name:
            return rule
    known = ", ".join(rule.value for rule in PRIZE_RULES)
    raise ValueError(f"{name!r} is not a prize rule; expected one of: {known}")


class Prize(NamedTuple):
    category: str  # a category code, or "overall"
    place: int
    money: Decimal | None  # None for a named prize
    name: str = ""  # "Trophy", or "" for money

    @property
    def text(self) -> str:
        """The prize as listed: a name, an amount, or a dash for a tied place past the
        last prize (Hort)."""
        if self.money is None:
            return self.name
        return f"{self.money:.2f}" if self.money else "–"

    @property
    def shown(self) -> str:
        """``text`` for pages: the amount as a note, spelled in the page's language."""
        if self.money is None or not self.money:
            return self.text
        return money_note(self.money)


class Award(NamedTuple):
    prize: Prize
    player_id: int
    category_rank: int
    points: float
    amount: Decimal | None  # what the player receives (after sharing), None if named
    how: str  # how the amount was reached, in words


class PrizeList(NamedTuple):
    rule: PrizeRule
    awards: tuple[Award, ...]  # in the order of the prizes
    unawarded: tuple[Prize, ...]  # prizes for which nobody qualified


def award_prizes(
    prizes: Sequence[Prize], rankings: Sequence[CategoryStandings], rule: PrizeRule
) -> PrizeList:
    """``rankings`` must hold every category named by a prize ("overall" included)."""
    by_code = {r.category.code: r for r in rankings}
    order = sorted(
        range(len(prizes)),
        key=lambda k: (prizes[k].money is None, -(prizes[k].money or 0), k),
    )
    winner: dict[int, int] = {}  # prize index -> player
    taken: set[int] = set()
    for k in order:
        ranking = by_code.get(prizes[k].category)
        if ranking is None:
            continue
        for line in ranking.lines:
            if line.player_id not in taken:
                winner[k] = line.player_id
                taken.add(line.player_id)
                break
    awards = []
    for k, pid in sorted(winner.items()):
        line = next(x for x in by_code[prizes[k].category].lines if x.player_id == pid)
        how = Note("the prize of the place")
        awards.append(Award(prizes[k], pid, line.category_rank, line.points, prizes[k].money, how))
    if rule is PrizeRule.HORT:
        awards = _hort(prizes, winner, by_code, awards)
    unawarded = tuple(prizes[k] for k in range(len(prizes)) if k not in winner)
    return PrizeList(rule, tuple(awards), unawarded)


def _cents(value: Decimal) -> Decimal:  # half up, as the organiser pays
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _hort(
    prizes: Sequence[Prize],
    winner: dict[int, int],
    by_code: dict[str, CategoryStandings],
    awards: list[Award],
) -> list[Award]:
    """Share the money of each category's places among players with equal points;
    a tied player just past the last prize joins with a place worth 0."""
    elsewhere = {pid: prizes[k].category for k, pid in winner.items()}
    result: list[Award] = []
    for code in dict.fromkeys(p.category for p in prizes):
        mine = [a for a in awards if a.prize.category == code]
        ranking = by_code.get(code)
        if ranking is None or not mine or any(a.amount is None for a in mine):
            result.extend(mine)
            continue
        mine.sort(key=lambda a: a.prize.place)
        own = [x for x in ranking.lines if elsewhere.get(x.player_id, code) == code]
        index = 0
        while index < len(mine):
            points = own[index].points
            end = index
            while end + 1 < len(own) and own[end + 1].points == points:
                end += 1
            group = own[index : end + 1]
            values = [
                mine[i].amount or Decimal(0) if i < len(mine) else Decimal(0)
                for i in range(index, end + 1)
            ]
            pool = sum(values, Decimal(0))
            for offset, line in enumerate(group):
                position = index + offset
                if len(group) == 1:
                    result.append(mine[position])
                    continue
                half = values[offset] / 2
                amount = _cents(half + pool / 2 / len(group))
                how = Note(
                    "Hort: {n} players on {points:g} points, places {first}-{last} worth "
                    "{pool}; half of this place's {own} = {half}, plus {half_pool} / {n} = "
                    "{share}; total {amount}",
                    n=len(group),
                    points=points,
                    first=index + 1,
                    last=end + 1,
                    pool=money_note(pool),
                    own=money_note(values[offset]),
                    half=money_note(half),
                    half_pool=money_note(pool / 2),
                    share=money_note(_cents(pool / 2 / len(group))),
                    amount=money_note(amount),
                )
                prize = (
                    mine[position].prize
                    if position < len(mine)
                    else Prize(code, position + 1, Decimal(0))
                )
                result.append(
                    Award(prize, line.player_id, line.category_rank, line.points, amount, how)
                )
            index = end + 1
    return result
