"""One crosstable cell's text, shared by the site's crosstable and the PDF bulletin.

Chess cells read ``12w1`` (opponent's rank, colour, result); Go cells read
``12+/w0`` (rank, result, then colour and handicap as in the EGF table).
"""

from __future__ import annotations

from trfsite.model import Outcome, Player
from trfsite.pages.common import BYE_NAMES, COLOUR_LETTER, GO_SYMBOL, RESULT_SYMBOL, outcome_css
from trfsite.pages.rows import CrossCell
from trfsite.progress import known
from trfsite.results import N_, Note


def player_cell(
    players: dict[int, Player],
    go: bool,
    round_no: int,
    pid: int,
    ranks: dict[int, int],
    pending: frozenset[int] = frozenset(),
) -> CrossCell:
    """Player ``pid``'s cell for ``round_no``; ``ranks`` maps ids to final ranks.

    ``pending``: the rounds being played (trfsite.progress), whose blank cells stay blank.
    """
    player = players.get(pid)
    entry = known(player.entry(round_no), round_no in pending) if player else None
    if entry is None:
        return CrossCell(round_no, "", "none", "", Note(N_("not paired")))
    symbols = GO_SYMBOL if go else RESULT_SYMBOL
    symbol = symbols.get(entry.outcome, RESULT_SYMBOL[entry.outcome])
    css = outcome_css(entry.outcome)
    if entry.opponent is None or entry.opponent not in ranks:
        if entry.outcome.is_bye:
            bye = Note(BYE_NAMES[entry.outcome])
            return CrossCell(round_no, f"{entry.outcome.value}{symbol}", "bye", "", bye)
        if entry.outcome is Outcome.FORFEIT_WIN:
            return CrossCell(round_no, "+", "win", "", Note(BYE_NAMES[entry.outcome]))
        return CrossCell(round_no, "\u2013", "none", "", Note(N_("absent")))
    colour = COLOUR_LETTER.get(entry.color, "")
    rank = ranks[entry.opponent]
    if go:
        handicap = "" if entry.handicap is None else str(entry.handicap)
        text = f"{rank}{symbol}/{colour}{handicap}" if colour else f"{rank}{symbol}"
    else:
        text = f"{rank}{colour}{symbol}"
    opponent = players.get(entry.opponent)
    name = opponent.name if opponent else f"#{entry.opponent}"
    return CrossCell(round_no, text, css, f"players/{entry.opponent}.html", name)
