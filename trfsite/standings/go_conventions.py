"""The notes that say how a Go table counted, as its numbers showed or the settings set."""

from __future__ import annotations

from trfsite.results import N_, Note
from trfsite.scoring.go_byes import (
    HALF,
    HALF_BYE,
    SOSOS_OF,
    ByeInSos,
    ByeInSosos,
    default_byes,
)
from trfsite.standings.go_fit import FitTable, GoConventions
from trfsite.standings.options import StandingsOptions

SOS_WORDS = {
    ByeInSos.START: N_("own start MMS"),
    ByeInSos.ZERO: N_("0"),
    ByeInSos.OWN: N_("own score"),
    ByeInSos.OWN_MINUS: N_("own score less the bye's points"),
    ByeInSos.FIXED: N_("half the rounds"),
}
SOSOS_WORDS = {
    ByeInSosos.START: N_("own start MMS x rounds"),
    ByeInSosos.ZERO: N_("0"),
    ByeInSosos.OWN: N_("own SOS"),
    ByeInSosos.GHOST: N_("the SOS of a ghost opponent"),
    ByeInSosos.FIXED: N_("rounds x half the rounds"),
}


def convention_notes(options: StandingsOptions, c: GoConventions, table: FitTable) -> list[str]:
    """Say each convention that the settings fixed or the file's numbers showed."""
    notes: list[str] = []
    rules = c.rules()
    defaults = default_byes()
    kinds = sorted(table.present_kinds())
    tb_kinds = sorted(table.present_kinds(c.tiebreak_rounds))
    if options.go_free_draw_points is not None:
        notes.append(Note("'0=' counts {points:g}, as set", points=rules[HALF_BYE].points))
    elif HALF_BYE in kinds and rules[HALF_BYE].points != HALF:
        notes.append(
            Note(
                "'0=' counts {points:g}, as the file's columns show", points=rules[HALF_BYE].points
            )
        )
    for kind in kinds:
        rule, usual = rules[kind], defaults[kind]
        if kind != HALF_BYE and rule.points != usual.points:
            notes.append(
                Note(
                    "{kind} rounds add {points:g} to the score, as the file's columns show",
                    kind=f"'{kind}'",
                    points=rule.points,
                )
            )
        if c.mcmahon and rule.wins != rule.points:
            notes.append(
                Note(
                    "{kind} rounds: the wins column counts {points:g}, as the file's columns show",
                    kind=f"'{kind}'",
                    points=rule.wins,
                )
            )
    pairs = {(rules[k].sos, rules[k].sosos) for k in tb_kinds}
    if options.go_bye_in_sos is not None:
        what = Note(SOS_WORDS[next(iter(pairs), (ByeInSos.START, None))[0]])
        notes.append(Note("a round without opponent adds {what} to SOS, as set", what=what))
    elif len(pairs) == 1 and next(iter(pairs))[1] is SOSOS_OF[next(iter(pairs))[0]]:
        sos = next(iter(pairs))[0]
        if sos is not ByeInSos.START:
            notes.append(
                Note(
                    "a round without opponent adds {what} to SOS, as the file's columns show",
                    what=Note(SOS_WORDS[sos]),
                )
            )
    else:
        # Kinds counted differently: one sentence per kind, SOS and SOSOS both.
        notes += [
            Note(
                "{kind} rounds: SOS adds {sos}, SOSOS adds {sosos}, as the file's columns show",
                kind=f"'{kind}'",
                sos=Note(SOS_WORDS[rules[kind].sos]),
                sosos=Note(SOSOS_WORDS[rules[kind].sosos]),
            )
            for kind in tb_kinds
        ]
    if c.cut_highest and not options.go_sos_cut_highest:
        notes.append(Note("SOS-1 and SOS-2 drop the highest values, as the file's columns show"))
    if not c.handicap_adjusted and options.go_handicap_adjusted_sos:
        notes.append(Note("SOS without handicap adjustment, as the file's columns show"))
    return notes
