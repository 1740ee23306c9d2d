"""Go as Go players read it: the results grid of the standings and the GoR change.

Each row of a Go event's standings carries one cell per round as the EGF table
writes it (``12+/w2``: beat the player placed 12th in this table, with White,
handicap 2; byes and absences as the file says), linked to the opponent's row.
The GoR change (:mod:`trfsite.awards.gor`) is an estimate from the table.
"""

from __future__ import annotations

from trfsite.awards.gor import GorChange, gor_changes
from trfsite.memo import ByIdentity
from trfsite.model import Outcome, Player
from trfsite.pages.card_values import GorCard, GorGameLine
from trfsite.pages.common import (
    COLOUR_LETTER,
    GO_SYMBOL,
    RESULT_SYMBOL,
    outcome_css,
    player_refs,
)
from trfsite.pages.lookups import players_by_id
from trfsite.pages.plan import EventData
from trfsite.pages.rows import CrossCell, StandingLine
from trfsite.results import N_, Note, Standings

_ABSENT = N_("not paired")


def _all_changes(data: EventData) -> dict[int, GorChange]:
    return gor_changes(data.tournament, data.final.after_round)


# One event's GoR changes, made once for its standings page and every player card.
gor_of: ByIdentity[EventData, dict[int, GorChange]] = ByIdentity(_all_changes, keep=4)


def grid_cell(
    player: Player, round_no: int, ranks: dict[int, int], players: dict[int, Player]
) -> CrossCell:
    """The cell of ``player`` in ``round_no``: the opponent's place in this table."""
    entry = player.entry(round_no)
    if entry is None:
        return CrossCell(round_no, "0-", "none", "", Note(_ABSENT))
    if entry.opponent is None or entry.opponent not in ranks:
        text = entry.raw or "?"
        css = "bye" if entry.outcome.is_bye else "none"
        return CrossCell(round_no, text, css, "", Note(_bye_name(entry.outcome)))
    # a game by default as the crosstable writes it (+ or −), then the "!"
    symbol = GO_SYMBOL.get(entry.outcome, RESULT_SYMBOL[entry.outcome])
    colour = COLOUR_LETTER.get(entry.color, "")
    handicap = "" if entry.handicap is None else str(entry.handicap)
    separator = "!" if entry.outcome.is_forfeit else "/"
    rank = ranks[entry.opponent]
    text = (
        f"{rank}{symbol}{separator}{colour}{handicap}" if colour or handicap else f"{rank}{symbol}"
    )
    opponent = players.get(entry.opponent)
    name = opponent.name if opponent else f"#{entry.opponent}"
    return CrossCell(round_no, text, outcome_css(entry.outcome), f"#p{entry.opponent}", name)


def _bye_name(outcome: Outcome) -> str:
    return {
        Outcome.FULL_BYE: N_("Free win (0+)"),
        Outcome.HALF_BYE: N_("Free round worth ½ (0=)"),
        Outcome.ZERO_BYE: N_("Free round worth nothing (0-)"),
    }.get(outcome, N_("Result unknown (?)"))


def with_grid(
    data: EventData, standings: Standings, lines: tuple[StandingLine, ...]
) -> tuple[StandingLine, ...]:
    """The lines with their round cells, and (final standings) the GoR change."""
    players = players_by_id(data.tournament)
    ranks = {row.id: row.rank for row in standings.rows}
    rounds = range(1, standings.after_round + 1)
    changes = gor_of(data) if standings is data.final else {}
    out = []
    for line in lines:
        player = players.get(line.ref.id)
        cells = tuple(grid_cell(player, r, ranks, players) for r in rounds) if player else ()
        change = changes.get(line.ref.id)
        value = change.value if change else None
        out.append(line._replace(cells=cells, rating_change=value))
    return tuple(out)


def gor_card(data: EventData, player_id: int) -> GorCard | None:
    """The player's GoR change, game by game, for the card."""
    change = gor_of(data).get(player_id)
    if change is None:
        return None
    refs = player_refs(data.tournament)
    games = tuple(
        GorGameLine(
            round=g.round,
            opponent=refs[g.opponent_id],
            opponent_rating=round(g.opponent_rating),
            handicap=g.handicap,
            colour="b" if g.black else "w" if g.handicap else "",
            own_adjusted=round(g.own_adjusted),
            opponent_adjusted=round(g.opponent_adjusted),
            expected=round(g.expected, 3),
            score=g.score,
            con=round(g.con, 2),
            bonus=round(g.bonus, 2),
            change=g.change,
        )
        for g in change.games
    )
    return GorCard(
        rating=None if change.rating is None else round(change.rating),
        weight=change.weight,
        change=change.value,
        total=sum(g.change for g in change.games),
        games=games,
        notes=change.notes,
    )


def round_changes(card: GorCard | None) -> dict[int, float]:
    """Round -> the game's share of the change (class weight applied), for the card."""
    if card is None or card.weight is None:
        return {}
    return {g.round: g.change * card.weight for g in card.games}
