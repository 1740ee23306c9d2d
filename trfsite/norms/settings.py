"""The norm check's settings: ``[events.<stem>.norms]`` in ``trfsite.toml``.

    [events.open-2026.norms]
    edition = "auto"                  # by the start date; or "2024"
    competition = "individual"        # "team-championship" (7 games), "world-cup" (8 count as 9)
    exemption = "none"                # "national-championship", "national-team-championship",
                                      # "zonal" (zonal and sub-zonal)
    # The spec's open points, each with its default:
    short_games = "not-counted"       # W/D/L games of less than one move; or "counted"
    eight_of_nine_shares = 8          # 8 of 9 games: shares computed on 8 (or 9) games
    fid_is_federation = false         # FID opponents count for the federation mix
    other_exemptions_lift_limits = true   # national and zonal exemptions lift 3/5 and 2/3
    double_round_robin_titles = "distinct-half"   # or "games"

Problems are appended to ``problems``, each naming its key, so that the config
reports every error at once.
"""

from __future__ import annotations

import enum
from dataclasses import fields, replace

from trfsite.model.frozen import frozen_record
from trfsite.norms.rules import EDITIONS
from trfsite.results import N_


class Competition(enum.Enum):
    """What kind of event, which the file cannot show (B.01 1.4.1a)."""

    INDIVIDUAL = "individual"  # at least 9 games
    TEAM_CHAMPIONSHIP = "team-championship"  # world or continental team/club, 7-9 rounds: 7
    WORLD_CUP = "world-cup"  # 8 games, counted as 9


class Exemption(enum.Enum):
    """The federation exemptions the file cannot show (B.01 1.4.3, spec section 4).

    The Swiss exemption (20 foreign rated players in every round...) is computed from
    the file and needs no setting.
    """

    NONE = "none"
    NATIONAL_CHAMPIONSHIP = "national-championship"  # the final; players of that federation
    NATIONAL_TEAM_CHAMPIONSHIP = "national-team-championship"  # players of that federation
    ZONAL = "zonal"  # zonal and sub-zonal tournaments


class DoubleRoundRobinTitles(enum.Enum):
    """How the titled shares of a double round robin are counted (open point)."""

    DISTINCT_HALF = "distinct-half"  # distinct opponents, half the requirement rounded up
    GAMES = "games"  # every game, as in a single round robin


@frozen_record
class NormSettings:
    edition: str = "auto"
    competition: Competition = Competition.INDIVIDUAL
    exemption: Exemption = Exemption.NONE
    count_short_games: bool = False
    eight_of_nine_shares: int = 8
    fid_is_federation: bool = False
    other_exemptions_lift_limits: bool = True
    double_round_robin_titles: DoubleRoundRobinTitles = DoubleRoundRobinTitles.DISTINCT_HALF

    def as_json(self) -> dict[str, object]:
        """The settings under their config keys, as the reports name them."""
        return {
            "edition": self.edition,
            "competition": self.competition.value,
            "exemption": self.exemption.value,
            "short_games": "counted" if self.count_short_games else "not-counted",
            "eight_of_nine_shares": self.eight_of_nine_shares,
            "fid_is_federation": self.fid_is_federation,
            "other_exemptions_lift_limits": self.other_exemptions_lift_limits,
            "double_round_robin_titles": self.double_round_robin_titles.value,
        }


@frozen_record
class OpenPoint:
    """A point of the rules that implementations read differently: its key and question."""

    key: str
    question: str


# The spec's open points, in its order; each is a setting, and the reports name them.
OPEN_POINTS: tuple[OpenPoint, ...] = (
    OpenPoint(
        "eight_of_nine_shares",
        N_("8 games of a 9-round event: are the shares computed on 8 or 9 games?"),
    ),
    OpenPoint("short_games", N_("Games of less than one move (W, D, L): do they count?")),
    OpenPoint(
        "other_exemptions_lift_limits",
        N_("Do the national and zonal exemptions also lift the 3/5 and 2/3 limits?"),
    ),
    OpenPoint("fid_is_federation", N_("Do opponents under the FIDE flag count as a federation?")),
    OpenPoint(
        "double_round_robin_titles",
        N_("Double round robins: how are the titled opponents counted?"),
    ),
)

NORM_KEYS = tuple(
    "short_games" if f.name == "count_short_games" else f.name for f in fields(NormSettings)
)
DEFAULT_SETTINGS = NormSettings()


def _choice(
    raw: object, kind: type[enum.Enum], key: str, where: str, problems: list[str]
) -> enum.Enum | None:
    values = [member.value for member in kind]
    if isinstance(raw, str) and raw.strip().lower() in values:
        return kind(raw.strip().lower())
    problems.append(f"{where}{key}: {raw!r} is unknown; expected one of: {', '.join(values)}")
    return None


def _flag(raw: object, key: str, where: str, problems: list[str]) -> bool | None:
    if isinstance(raw, bool):
        return raw
    problems.append(f"{where}{key}: {raw!r}; expected true or false")
    return None


def read_norm_settings(raw: object, where: str, problems: list[str]) -> NormSettings:
    """``[events.<stem>.norms]`` (``raw``: its table, or None for the defaults)."""
    if raw is None:
        return DEFAULT_SETTINGS
    where = f"{where}norms."
    if not isinstance(raw, dict):
        problems.append(
            f"{where[:-1]}: {raw!r} is not a table; expected [events.<stem>.norms] "
            'with e.g. exemption = "zonal"'
        )
        return DEFAULT_SETTINGS
    for key in sorted(set(raw) - set(NORM_KEYS)):
        problems.append(f"{where}{key}: unknown key; expected one of: {', '.join(NORM_KEYS)}")
    values: dict[str, object] = {}
    edition = raw.get("edition")
    names = ["auto", *(e.name for e in EDITIONS)]
    if edition is not None:
        if isinstance(edition, str | int) and str(edition) in names:
            values["edition"] = str(edition)
        else:
            problems.append(
                f"{where}edition: {edition!r} is unknown; expected one of: {', '.join(names)}"
            )
    for key, kind in (
        ("competition", Competition),
        ("exemption", Exemption),
        ("double_round_robin_titles", DoubleRoundRobinTitles),
    ):
        if key in raw:
            chosen = _choice(raw[key], kind, key, where, problems)
            if chosen is not None:
                values[key] = chosen
    if "short_games" in raw:
        short = raw["short_games"]
        if short in ("counted", "not-counted"):
            values["count_short_games"] = short == "counted"
        else:
            problems.append(
                f"{where}short_games: {short!r} is unknown; expected counted or not-counted"
            )
    if "eight_of_nine_shares" in raw:
        shares = raw["eight_of_nine_shares"]
        if shares in (8, 9) and not isinstance(shares, bool):
            values["eight_of_nine_shares"] = shares
        else:
            problems.append(f"{where}eight_of_nine_shares: {shares!r}; expected 8 or 9")
    for key in ("fid_is_federation", "other_exemptions_lift_limits"):
        if key in raw:
            flag = _flag(raw[key], key, where, problems)
            if flag is not None:
                values[key] = flag
    return replace(DEFAULT_SETTINGS, **values)  # type: ignore[arg-type]
