"""The awards keys of an event's table in ``trfsite.toml``:

    [events.open-2026]
    k_factor = { "12" = 40 }        # start number = K (a new player's first 30 games)
    categories = ["women", "U18", "S65", "U2000"]
    age_cutoff = 2026-01-01         # ages on this date; default: by birth year
    prize_rule = "one-prize"        # or "hort"
    ranking_best = 4                # federation and club rankings: best N scores, 0 = all
    [events.open-2026.prizes]       # category = prizes by place: money or names
    overall = [1000, 600, 400]
    women = [300, "Trophy"]

Problems are appended to ``problems``, each naming its key, so that the config
reports every error at once.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal

from trfsite.awards.categories import Category, parse_category
from trfsite.awards.prizes import Prize, PrizeRule, find_prize_rule
from trfsite.formats.numbers import is_whole
from trfsite.model.frozen import frozen_record

AWARD_KEYS = ("k_factor", "categories", "age_cutoff", "prize_rule", "ranking_best", "prizes")
DEFAULT_RANKING_BEST = 4


@frozen_record
class AwardSettings:
    k_factors: tuple[tuple[int, int], ...] = ()  # (start number, K)
    categories: tuple[Category, ...] | None = None  # None: the defaults
    age_cutoff: _dt.date | None = None
    prize_rule: PrizeRule = PrizeRule.ONE_PRIZE
    ranking_best: int = DEFAULT_RANKING_BEST
    prizes: tuple[Prize, ...] = ()

    @property
    def k_overrides(self) -> dict[int, int]:
        return dict(self.k_factors)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_award_settings(data: dict[str, object], where: str, problems: list[str]) -> AwardSettings:
    return AwardSettings(
        _k_factors(data.get("k_factor"), where, problems),
        _categories(data.get("categories"), where, problems),
        _cutoff(data.get("age_cutoff"), where, problems),
        _rule(data.get("prize_rule"), where, problems),
        _best(data.get("ranking_best"), where, problems),
        _prizes(data.get("prizes"), where, problems),
    )


def _k_factors(raw: object, where: str, problems: list[str]) -> tuple[tuple[int, int], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        problems.append(f'{where}k_factor: {raw!r} is not a table; expected e.g. {{ "12" = 40 }}')
        return ()
    found = []
    for key, k in raw.items():
        if not is_whole(key.strip()):
            problems.append(f'{where}k_factor: {key!r} is not a start number; expected e.g. "12"')
        elif not _whole(k) or not 1 <= k <= 700:
            problems.append(f"{where}k_factor.{key}: {k!r} is not a K; expected a whole 1-700")
        else:
            found.append((int(key), k))
    return tuple(sorted(found))


def _categories(raw: object, where: str, problems: list[str]) -> tuple[Category, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, list):
        problems.append(
            f'{where}categories: {raw!r} is not a list; expected e.g. ["women", "U18", "S65"]'
        )
        return None
    found = []
    for code in raw:
        try:
            found.append(parse_category(str(code)) if isinstance(code, str) else _not_text(code))
        except ValueError as exc:
            problems.append(f"{where}categories: {exc}")
    return tuple(found)


def _not_text(code: object) -> Category:
    raise ValueError(f'{code!r} is not text; expected a quoted category such as "U18"')


def _cutoff(raw: object, where: str, problems: list[str]) -> _dt.date | None:
    if raw is None:
        return None
    if isinstance(raw, _dt.date) and not isinstance(raw, _dt.datetime):
        if _FIRST_YEAR <= raw.year <= _LAST_YEAR:
            return raw
        # 0026-07-01 (a two-digit year typed by hand) made ages of year -24: a traceback.
        problems.append(
            f"{where}age_cutoff: {raw.isoformat()!r} has the year {raw.year}; expected a date "
            f"from {_FIRST_YEAR} to {_LAST_YEAR} with a four-digit year, e.g. 2026-01-01"
        )
        return None
    problems.append(f"{where}age_cutoff: {raw!r} is not a date; expected e.g. 2026-01-01")
    return None


# Ages are counted back from the cut-off by up to a category's age (S65, U200...).
_FIRST_YEAR, _LAST_YEAR = 1900, 2999


def _rule(raw: object, where: str, problems: list[str]) -> PrizeRule:
    if raw is None:
        return PrizeRule.ONE_PRIZE
    try:
        return find_prize_rule(str(raw)) if isinstance(raw, str) else find_prize_rule(repr(raw))
    except ValueError as exc:
        problems.append(f"{where}prize_rule: {exc}")
        return PrizeRule.ONE_PRIZE


def _best(raw: object, where: str, problems: list[str]) -> int:
    if raw is None:
        return DEFAULT_RANKING_BEST
    if _whole(raw) and 0 <= raw <= 100:  # type: ignore[operator]
        return raw  # type: ignore[return-value]
    problems.append(f"{where}ranking_best: {raw!r} is not a count; expected a whole 0-100")
    return DEFAULT_RANKING_BEST


def _prizes(raw: object, where: str, problems: list[str]) -> tuple[Prize, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        problems.append(
            f"{where}prizes: {raw!r} is not a table; expected [events.<stem>.prizes] "
            "with e.g. overall = [1000, 600, 400]"
        )
        return ()
    found: list[Prize] = []
    for code, places in raw.items():
        try:
            category = parse_category(code)
        except ValueError as exc:
            problems.append(f"{where}prizes.{code}: {exc}")
            continue
        if not isinstance(places, list):
            problems.append(
                f'{where}prizes.{code}: {places!r} is not a list; expected e.g. [300, "Trophy"]'
            )
            continue
        for place, value in enumerate(places, start=1):
            if isinstance(value, str) and value.strip():
                found.append(Prize(category.code, place, None, value.strip()))
            elif isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
                found.append(Prize(category.code, place, Decimal(str(value))))
            else:
                problems.append(
                    f"{where}prizes.{code}[{place}]: {value!r} is not a prize; "
                    'expected an amount (e.g. 300) or a name (e.g. "Trophy")'
                )
    return tuple(found)
