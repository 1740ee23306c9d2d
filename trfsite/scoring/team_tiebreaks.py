"""The explicit registry of team tie-breaks (FIDE C.07 Art. 6-13, 16; 2023 and 2026).

``TEAM_TIEBREAKS`` lists every team tie-break; :func:`find_team_tiebreak`
looks one up by acronym and fails listing the known ones;
:func:`resolve_team` parses a code (H-ENGINE's parser, both spellings) and
checks its modifiers. Each value tie-break is a pure function
``(TeamContext, TiebreakSpec) -> dict[team id, TeamValue]``; DE, EDE and
its chains split tied groups instead (:mod:`trfsite.scoring.team_encounter`).

Reference score (C.07 13): ``:MP`` or ``:GP``, the primary score when absent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from trfsite.results import N_, Explanation, Note
from trfsite.scoring.codes import ALIASES, TiebreakSpec, UnknownTiebreakError, parse_tiebreak
from trfsite.scoring.registry import MODIFIER_TEXT, find_by_acronym, with_modifiers
from trfsite.scoring.team_context import GP, MP, TeamContext
from trfsite.scoring.team_encounter import (
    Blocks,
    direct_encounter,
    extended_direct_encounter,
)
from trfsite.scoring.team_values import (
    TeamValue,
    aob,
    board_count,
    bottom_board_elimination,
    buchholz,
    extended_sonneborn,
    game_points,
    games_elected,
    koya,
    match_points,
    matches_played_black,
    matches_won,
    matches_won_black,
    mp_v_gp,
    pairing_number,
    primary_points,
    progressive,
    sonneborn,
    sssc,
    standard_points,
    strength,
    top_board_results,
    wins,
)

TeamValues = dict[int, TeamValue]
Compute = Callable[[TeamContext, TiebreakSpec], TeamValues]
Partition = Callable[[TeamContext, TiebreakSpec, list[int], list[str]], Blocks]


@dataclass(frozen=True, slots=True)
class TeamTiebreak:
    """One team tie-break. ``partition`` is set for the per-group ones (DE, EDE...)."""

    acronym: str
    name: str
    article: str
    compute: Compute | None
    partition: Partition | None = None
    modifiers: frozenset[str] = frozenset({"R"})
    score: bool = False  # takes a :MP/:GP reference score
    lower_is_better: bool = False
    since: str = "2023"

    @property
    def per_group(self) -> bool:
        return self.partition is not None


def _mods(*letters: str) -> frozenset[str]:
    return frozenset(letters) | {"R"}


_OPP = _mods("C", "M", "P", "F")


def _extended_de(acronym: str, name: str, since: str = "2026") -> TeamTiebreak:
    """An Extended Direct Encounter variant (13.3): the variants share the article, the
    function and the modifiers, and differ in acronym, name and the rules they came with."""
    return TeamTiebreak(
        acronym,
        name,
        "13.3",
        None,
        extended_direct_encounter,
        modifiers=_mods("P"),
        lower_is_better=True,
        since=since,
    )


TEAM_TIEBREAKS: list[TeamTiebreak] = [
    TeamTiebreak("PTS", N_("Primary Score"), "13", primary_points),
    TeamTiebreak("MPTS", N_("Match Points"), "11.1.1", match_points),
    TeamTiebreak("GPTS", N_("Game Points"), "11.1.2", game_points),
    TeamTiebreak("MPVGP", N_("Match Points or Game Points"), "13.1", mp_v_gp),
    TeamTiebreak(
        "EMMSB",
        N_("Extended Sonneborn-Berger (MP × MP)"),
        "13.2.1",
        extended_sonneborn(MP, MP),
        modifiers=_OPP,
    ),
    TeamTiebreak(
        "EMGSB",
        N_("Extended Sonneborn-Berger (MP × GP)"),
        "13.2.2",
        extended_sonneborn(MP, GP),
        modifiers=_OPP,
    ),
    TeamTiebreak(
        "EGMSB",
        N_("Extended Sonneborn-Berger (GP × MP)"),
        "13.2.3",
        extended_sonneborn(GP, MP),
        modifiers=_OPP,
    ),
    TeamTiebreak(
        "EGGSB",
        N_("Extended Sonneborn-Berger (GP × GP)"),
        "13.2.4",
        extended_sonneborn(GP, GP),
        modifiers=_OPP,
    ),
    _extended_de("EDE", N_("Extended Direct Encounter"), since="2023"),
    _extended_de("EDET", N_("Extended Direct Encounter, then Top Board Results")),
    _extended_de("EDEB", N_("Extended Direct Encounter, then Bottom Board Elimination")),
    _extended_de("EDEBT", N_("Extended Direct Encounter, then Board Count and Top Board Results")),
    _extended_de(
        "EDEBB", N_("Extended Direct Encounter, then Board Count and Bottom Board Elimination")
    ),
    TeamTiebreak(
        "SSSC",
        N_("Scores and Schedule Strength Combination"),
        "13.4",
        sssc,
        modifiers=_mods("C", "M", "P", "F", "K"),
    ),
    TeamTiebreak("BC", N_("Board Count"), "12.1", board_count, lower_is_better=True),
    TeamTiebreak("TBR", N_("Top Board Results"), "12.2", top_board_results),
    TeamTiebreak("BBE", N_("Bottom Board Elimination"), "12.3", bottom_board_elimination),
    TeamTiebreak(
        "DE",
        N_("Direct Encounter"),
        "6",
        None,
        direct_encounter,
        modifiers=_mods("P"),
        score=True,
        lower_is_better=True,
    ),
    TeamTiebreak("WIN", N_("Number of Wins"), "7.1", wins, score=True),
    TeamTiebreak(
        "WON", N_("Number of Matches Won"), "7.2", matches_won, modifiers=_mods("P"), score=True
    ),
    TeamTiebreak(
        "BPG",
        N_("Number of Matches Played as Black Team"),
        "7.3",
        matches_played_black,
        modifiers=_mods("P"),
    ),
    TeamTiebreak(
        "BWG",
        N_("Number of Matches Won as Black Team"),
        "7.4",
        matches_won_black,
        modifiers=_mods("P"),
    ),
    TeamTiebreak(
        "PS", N_("Progressive Scores"), "7.5", progressive, modifiers=_mods("C"), score=True
    ),
    TeamTiebreak("GE", N_("Rounds One Elected to Play"), "7.6", games_elected),
    TeamTiebreak("BH", N_("Buchholz"), "8.1", buchholz, modifiers=_OPP, score=True),
    TeamTiebreak(
        "AOB", N_("Average of Opponents' Buchholz"), "8.2", aob, modifiers=_OPP, score=True
    ),
    TeamTiebreak("FB", N_("Fore Buchholz"), "8.3", buchholz, modifiers=_OPP, score=True),
    TeamTiebreak("SB", N_("Sonneborn-Berger"), "9.1", sonneborn, modifiers=_OPP, score=True),
    TeamTiebreak("KS", N_("Koya System"), "9.2", koya, modifiers=_mods("L", "P"), score=True),
    TeamTiebreak("STD", N_("Standard Points"), "2026", standard_points, score=True, since="2026"),
    TeamTiebreak(
        "TPN", N_("Team Pairing Number"), "2026", pairing_number, lower_is_better=True, since="2026"
    ),
    TeamTiebreak("RTNG", N_("Team Strength Factor"), "2026", strength, since="2026"),
]


def known_team_codes() -> list[str]:
    return [tb.acronym for tb in TEAM_TIEBREAKS] + sorted(ALIASES)


def find_team_tiebreak(name: str) -> TeamTiebreak:
    """The team tie-break with this acronym (any case; ``REP`` is ``GE``)."""
    return find_by_acronym(TEAM_TIEBREAKS, name)


def resolve_team(code: str, where: str = "") -> tuple[TiebreakSpec, TeamTiebreak]:
    """Parse a code and check that the team tie-break and its modifiers exist."""
    spec = parse_tiebreak(code, where)
    try:
        tb = find_team_tiebreak(spec.name)
    except UnknownTiebreakError as exc:
        raise UnknownTiebreakError(code, exc.known, where) from None
    bad = [MODIFIER_TEXT[m] for m in sorted(spec.modifiers - tb.modifiers)]
    if spec.score is not None and not tb.score:
        bad.append(":MP/:GP reference score")
    if bad:
        allowed = ", ".join(MODIFIER_TEXT[m] for m in sorted(tb.modifiers))
        if tb.score:
            allowed += ", :MP/:GP"
        raise UnknownTiebreakError(
            code,
            known_team_codes(),
            where,
            f"team tie-break {code!r}: {tb.acronym} takes no {', '.join(bad)}; "
            f"it accepts {allowed}",
        )
    return spec, tb


def team_display_name(spec: TiebreakSpec, tb: TeamTiebreak) -> str:
    """Handbook-style name, e.g. "Buchholz (match points) Cut 1 (forfeits as played)"."""
    text: str = Note(tb.name)
    if spec.score:
        template = N_("{name} (match points)") if spec.score == MP else N_("{name} (game points)")
        text = Note(template, name=text)
    if spec.fore and tb.acronym != "FB":
        text = Note("{name} (Fore)", name=text)
    return with_modifiers(text, spec)


def explanation_for(spec: TiebreakSpec, value: TeamValue) -> Explanation:
    return Explanation(spec.code, value.value, value.contributions, value.notes)
