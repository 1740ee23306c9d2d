"""The tie-break rule sets trfsite knows, by the names users type and pages show.

* ``pre2023``: FIDE's tie-break regulations before C.07 2023. For tie-break
  purposes an opponent's unplayed games count as draws, and a player without
  an opponent in round R meets a virtual opponent whose score after n rounds is
  ``SPR + (1 - SfPR) + 0.5 (n - R)`` (SPR: the player's score before round R,
  SfPR: the player's forfeit score in round R); for the round itself the
  forfeit result counts as a normal result. The text knew no pre-determined
  event exception (C.07 2023 15.2) and no cut exception (16.5).
* ``2023``: C.07 2023 (its 2024 editions compute the same values).
* ``2026``: C.07 2026, in force from 1 March 2026.
"""

from __future__ import annotations

from trfsite.results import N_, Note

PRE2023 = "pre2023"
RULES_2023 = "2023"
RULES_2026 = "2026"
RULE_SETS: tuple[str, ...] = (PRE2023, RULES_2023, RULES_2026)

# How notes name a rule set ("Tie-breaks: BH, SB; rules: {rules}"), without an article:
# translations put it after a colon, in the nominative.
_NAMES = {
    PRE2023: N_("FIDE tie-break rules before 2023"),
    RULES_2023: N_("FIDE C.07 2023"),
    RULES_2026: N_("FIDE C.07 2026"),
}


def rule_set_name(rules: str) -> str:
    """The rule set as a note names it, translated by the page that shows it."""
    return Note(_NAMES.get(rules, rules))


def is_known_rule_set(rules: str) -> bool:
    return rules in RULE_SETS
