"""Player lines that stand for the bye: a placeholder some pairing programs write.

Older Swiss-Manager exports, among others, list a "player" named ``spielfrei``
(or ``Freilos``, ``bye``, ``exempt``...) with no games: the slot the pairing
bye took. It is no participant: it gets no card and no person, and it is not
counted. Such a line is kept aside (``Tournament.bye_placeholders``) so that the
062 count still matches and an export writes it back, and an info finding says
how it was read. A line with such a name that has games stays a player.
"""

from __future__ import annotations

import unicodedata

from trfsite.formats.trf.fields import Sink
from trfsite.model import Outcome, Player
from trfsite.results import Note

# The names programs and arbiters write, in the twelve languages of the site
# (cs de en es fr hu it nl pl pt ru tr); compared folded (see ``folded``).
_SPELLINGS = (
    "bye",  # en, and used everywhere
    "pab",  # en: pairing-allocated bye
    "spielfrei",  # de
    "Freilos",  # de
    "exempt",  # fr
    "exempté",  # fr
    "libre",  # es
    "descanso",  # es
    "descansa",  # es
    "riposo",  # it
    "turno di riposo",  # it
    "vrij",  # nl
    "oneven",  # nl: the odd one out
    "pauza",  # pl
    "wolny los",  # pl
    "folga",  # pt
    "isento",  # pt
    "volno",  # cs
    "volný los",  # cs
    "szabadnap",  # hu
    "erőnyerő",  # hu
    "свободен",  # ru
    "пропуск",  # ru
    "бай",  # ru
    "bay",  # tr
)


# Outcomes that give points or stand for a game: a line with one of them has played.
_PLAYED = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.FORFEIT_WIN,
        Outcome.WIN_UNRATED,
        Outcome.DRAW_UNRATED,
        Outcome.LOSS_UNRATED,
        Outcome.HALF_BYE,
        Outcome.FULL_BYE,
        Outcome.PAIRING_BYE,
    }
)


# ASCII's characters that are no letter: what ``folded`` drops from an ASCII name.
_ASCII_NON_LETTERS = dict.fromkeys(code for code in range(128) if not chr(code).isalpha())


def folded(name: str) -> str:
    """``"- Spielfrei -"`` -> ``"spielfrei"``: letters only, without accents, case-folded."""
    if name.isascii():
        # No accents to take apart (NFKD leaves ASCII as it is): nearly every name. Its
        # non-letters dropped in one call, not str.isalpha called for each character.
        return name.translate(_ASCII_NON_LETTERS).casefold()
    return "".join(filter(str.isalpha, unicodedata.normalize("NFKD", name))).casefold()


BYE_NAMES = frozenset(folded(name) for name in _SPELLINGS)


def is_bye_name(name: str) -> bool:
    return folded(name) in BYE_NAMES


def _has_games(player: Player, opponents: set[int]) -> bool:
    if player.id in opponents or player.declared_points:
        return True
    return any(cell.opponent is not None or cell.outcome in _PLAYED for cell in player.rounds)


def split_bye_placeholders(
    players: tuple[Player, ...], sink: Sink, rostered: frozenset[int] = frozenset()
) -> tuple[tuple[Player, ...], tuple[Player, ...]]:
    """(the players, the bye placeholders): lines named like a bye with no games and
    on no team's roster (``rostered``)."""
    if BYE_NAMES.isdisjoint(folded(player.name) for player in players):
        return players, ()
    opponents = {cell.opponent for p in players for cell in p.rounds if cell.opponent is not None}
    opponents |= rostered
    kept: list[Player] = []
    placeholders: list[Player] = []
    for player in players:
        if is_bye_name(player.name) and not _has_games(player, opponents):
            placeholders.append(player)
            sink.info(
                "player-bye-placeholder",
                player.source.line,
                15,
                Note(
                    "player {id} {name!r} has no games and is named like a bye: read as "
                    "the placeholder some programs write for the bye, not as a player "
                    "(no card, not counted among the players)",
                    id=player.id,
                    name=player.name,
                ),
            )
        else:
            kept.append(player)
    return tuple(kept), tuple(placeholders)
