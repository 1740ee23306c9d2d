"""The notes the declared-ranks search leaves in the standings (see ``declared_ranks``)."""

from __future__ import annotations

from trfsite.results import Note
from trfsite.standings.declared_ranks import DeclaredOrder


def adopted_note(found: DeclaredOrder) -> Note:
    """Replaces the rule-set and list notes when the evidence changed the choice."""
    assert found.matched is not None
    codes, rules = found.matched.describe()
    return Note(
        "Tie-breaks: {codes}; rules: {rules}. The ranks the file declares (columns 86-89) "
        "follow them: the first of {tried} combinations of rule set and tie-break list tried "
        "that reproduces every declared rank.",
        codes=codes,
        rules=rules,
        tried=found.tried,
    )


def differing_note(found: DeclaredOrder, count: int, total: int) -> Note | None:
    """The final standings' note when they differ from the declared ranks.

    None when the choice made reproduces them: players it leaves tied share a place
    that the file may have split by lot (C.07 4.2).
    """
    if count == 0 or found.adopted:
        return None
    if found.matched is not None:
        codes, rules = found.matched.describe()
        return Note(
            "The ranks the file declares (columns 86-89) differ from these standings in "
            "{count} of {total} places. They follow another choice (tie-breaks {codes}; "
            "rules: {rules}), which the settings of this event rule out (the tie-breaks or "
            "rules set in trfsite.toml or on the command line).",
            count=count,
            total=total,
            codes=codes,
            rules=rules,
        )
    if found.closest is not None and found.closest != found.base:
        codes, rules = found.closest.describe()
        return Note(
            "The ranks the file declares (columns 86-89) differ from these standings in "
            "{count} of {total} places, and none of the {tried} combinations of rule set "
            "and tie-break list tried reproduces them all (the closest: tie-breaks {codes}; "
            'rules: {rules}; places that differ: {closest}). ranks_source = "declared" '
            "publishes the file's order.",
            count=count,
            total=total,
            tried=found.tried,
            codes=codes,
            rules=rules,
            closest=found.closest_differences,
        )
    return Note(
        "The ranks the file declares (columns 86-89) differ from these standings in "
        "{count} of {total} places, and none of the {tried} combinations of rule set and "
        'tie-break list tried reproduces them all. ranks_source = "declared" publishes the '
        "file's order.",
        count=count,
        total=total,
        tried=found.tried,
    )


def declared_order_note(count: int, total: int) -> Note:
    return Note(
        'Order and ranks as the file declares them (columns 86-89, ranks_source = "declared"); '
        "the points and tie-breaks beside them are computed, and {count} of {total} places "
        "differ from the computed order.",
        count=count,
        total=total,
    )
