"""The tournament section's records (172-362) and the EGF header, as read."""

from __future__ import annotations

import enum
from dataclasses import field

from trfsite.model.frozen import frozen_record
from trfsite.model.values import ByeKind, Color, Span, _span


# --------------------------------------------------------------------------- records
@frozen_record
class StartingRankMethod:
    """Record 172: which rating orders the starting rank (NRS)."""

    federation: str
    method: str
    source: Span = _span()


@frozen_record
class Acceleration:
    """Record 250: fictitious points for pairing only; never part of standings."""

    match_points: float | None
    game_points: float | None
    first_round: int
    last_round: int
    first_id: int
    last_id: int
    source: Span = _span()


@frozen_record
class ProhibitedPairing:
    """Record 260: participants who may not meet in the given rounds."""

    first_round: int
    last_round: int
    ids: tuple[int, ...]
    source: Span = _span()


@frozen_record
class ByeRecord:
    """Record 240: full-, half- or zero-point byes in one round."""

    kind: ByeKind
    round: int
    ids: tuple[int, ...]
    source: Span = _span()


@frozen_record
class PairingByeRecord:
    """Record 320: the team pairing-allocated bye, one team (or None) per round."""

    match_points: float | None
    game_points: float | None
    teams: tuple[int | None, ...]
    source: Span = _span()
    # Not in the file: trfsite.toml's team_bye, applied to the byes the pairings show.
    from_config: bool = field(default=False, compare=False)


class MatchForfeit(enum.Enum):
    """Record 330 types."""

    WHITE_WINS = "+-"
    BLACK_WINS = "-+"
    DOUBLE = "--"


@frozen_record
class ForfeitedMatch:
    """Record 330: a team match lost by forfeit."""

    kind: MatchForfeit
    round: int
    white_team: int
    black_team: int
    source: Span = _span()


@frozen_record
class OutOfOrder:
    """Record 300: a team's board order in one round; None marks an empty board."""

    round: int
    team: int
    opponent: int | None
    boards: tuple[int | None, ...]
    source: Span = _span()


@frozen_record
class AbnormalPoints:
    """Record 299: non-standard points for a kind of result, a round, or ids.

    ``kind`` is the TRF letter (W D L F H Z + -) or "" for a bonus/penalty.
    ``round`` 0 means every round; empty ``ids`` means everyone.
    """

    kind: str
    match_points: float | None
    game_points: float | None
    round: int
    ids: tuple[int, ...]
    source: Span = _span()


@frozen_record
class TeamRoundSummary:
    """One round of an 801/802 record, as declared by the writing program.

    ``opponent`` is a team id, or None with ``bye`` set to PAB/FPB/HPB/ZPB
    (801 shows byes through its board results instead).
    """

    round: int
    opponent: int | None
    bye: str = ""
    color: Color = Color.NONE
    game_points: float | None = None
    forfeit: bool = False
    board_results: str = ""
    board_players: str = ""


@frozen_record
class TeamSummary:
    """Record 801 or 802: a human-readable team line, checked against the matches."""

    record: str
    team: int
    nickname: str
    match_points: float | None
    game_points: float | None
    rounds: tuple[TeamRoundSummary, ...]
    source: Span = _span()


@frozen_record
class RawRecord:
    """A line kept as written: comments, legacy XX? records, unknown records."""

    code: str
    text: str
    source: Span = _span()


@frozen_record
class GoInfo:
    """EGF header tags."""

    handicap_rule: int | None = None  # N of HA[hN]; 9 means no handicap
    komi: float | None = None
    tournament_class: str = ""
    egd_code: str = ""
    place: str = ""
    adjusted_time: float | None = None
    comments: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()  # the file's own score column names
    # Where handicap_rule came from: "HA" (the header, trusted), "suffix" (the .hN
    # file name, often just .h9 whatever the games say) or "" (none).
    handicap_rule_source: str = ""
