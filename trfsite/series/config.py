"""``[series.KEY]`` in ``trfsite.toml``: standings across events.

    [series.grand-prix]
    title = "Club Grand Prix 2025"
    events = ["season/*.trf", "final-2025"]  # globs under the folder, or event keys
    points = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]  # by rank; or "score"
    best = 4                  # the best N results count (all when absent)
    participation = 1         # points for each event played, on top
    min_events = 3            # fewer events: listed without a rank
    shared_ranks = true       # a tie the event does not break shares its places' points
    categories = ["U18", "women", "S65"]  # ranked separately, the events' category rules
    weights = { "final-2025" = 2 }        # an event (key or glob) whose points count double
    live = true               # an event in progress counts after its last complete round
    teams = true              # a team series: teams by name, their places in team events

Every problem is appended to ``problems``, naming its key, as the rest of the config.
"""

from __future__ import annotations

from fnmatch import fnmatchcase

from trfsite.awards.categories import Category, parse_category
from trfsite.model.frozen import frozen_record
from trfsite.people.names import KEY_PATTERN

SERIES_KEYS = (
    "title",
    "events",
    "points",
    "best",
    "participation",
    "min_events",
    "shared_ranks",
    "categories",
    "weights",
    "live",
    "teams",
)
_GLOB = frozenset("*?[")
_MAX_POINTS = 1_000_000


@frozen_record
class SeriesConfig:
    key: str  # the page is series/<key>.html
    title: str
    events: tuple[str, ...]  # globs relative to the folder, or event keys
    points: tuple[float, ...] | None = None  # by final rank; None: each event's score
    best: int | None = None  # None: every result counts
    participation: float = 0.0
    min_events: int = 1
    shared_ranks: bool = False
    categories: tuple[Category, ...] = ()
    weights: tuple[tuple[str, float], ...] = ()  # (event key or glob, factor)
    live: bool = False
    teams: bool = False

    def weight_of(self, file: str, slug: str) -> float:
        """The factor of an event (the last matching entry wins; 1 when none does)."""
        found = 1.0
        for pattern, factor in self.weights:
            if names_event(pattern, file, slug):
                found = factor
        return found


def is_glob(pattern: str) -> bool:
    return any(ch in _GLOB for ch in pattern)


def names_event(pattern: str, file: str, slug: str) -> bool:
    """Does ``pattern`` (a glob under the folder, or an event key) name this event?"""
    stem = file.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if is_glob(pattern):
        return fnmatchcase(file, pattern)
    return pattern in (file, slug, stem)


def parse_series(data: object, problems: list[str]) -> tuple[SeriesConfig, ...]:
    """Every ``[series.KEY]`` table, by key."""
    if data is None:
        return ()
    if not isinstance(data, dict):
        problems.append(f"series: {data!r} is not a table; expected [series.<key>] tables")
        return ()
    found = []
    for key in sorted(data):
        where = f"series.{key}"
        if not KEY_PATTERN.match(key):
            problems.append(
                f"{where}: {key!r} is not a series key; expected lower-case letters, digits "
                "and inner hyphens (the page is series/<key>.html), e.g. 'grand-prix'"
            )
            continue
        table = data[key]
        if not isinstance(table, dict):
            problems.append(f"{where}: {table!r} is not a table; expected [series.{key}]")
            continue
        series = _series(key, table, where, problems)
        if series is not None:
            found.append(series)
    return tuple(found)


def _series(key: str, data: dict[str, object], where: str, problems: list[str]) -> SeriesConfig:
    for name in sorted(data):
        if name not in SERIES_KEYS:
            problems.append(
                f"{where}.{name}: unknown key; expected one of: {', '.join(SERIES_KEYS)}"
            )
    title = data.get("title", key)
    if not isinstance(title, str) or not title.strip():
        problems.append(f"{where}.title: {title!r} is not text; expected a quoted title")
        title = key
    return SeriesConfig(
        key=key,
        title=title.strip(),
        events=_events(data.get("events"), where, problems),
        points=_points(data.get("points", "score"), where, problems),
        best=_whole(
            data.get("best"), f"{where}.best", problems, "the number of results that count"
        ),
        participation=_number(data.get("participation", 0), f"{where}.participation", problems),
        min_events=_whole(data.get("min_events", 1), f"{where}.min_events", problems, "events")
        or 1,
        shared_ranks=_flag(data.get("shared_ranks", False), f"{where}.shared_ranks", problems),
        categories=_categories(data.get("categories", []), where, problems),
        weights=_weights(data.get("weights", {}), where, problems),
        live=_flag(data.get("live", False), f"{where}.live", problems),
        teams=_flag(data.get("teams", False), f"{where}.teams", problems),
    )


def _events(raw: object, where: str, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) and x for x in raw):
        problems.append(
            f"{where}.events: {raw!r} is not a list of globs or event keys; "
            'expected e.g. ["season/*.trf", "final-2025"]'
        )
        return ()
    bad = [x for x in raw if x.startswith("/") or ".." in x.split("/")]
    for pattern in bad:
        problems.append(
            f"{where}.events: {pattern!r} leaves the folder; expected a glob relative to it"
        )
    return tuple(raw)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _points(raw: object, where: str, problems: list[str]) -> tuple[float, ...] | None:
    if raw == "score":
        return None
    if (
        isinstance(raw, list) and raw and all(_is_number(x) and 0 <= x <= _MAX_POINTS for x in raw)  # type: ignore[operator]
    ):
        return tuple(float(x) for x in raw)
    problems.append(
        f'{where}.points: {raw!r} is not a list of points by rank nor "score"; expected e.g. '
        '[25, 20, 16, 13] (numbers from 0, first place first) or "score" (each event\'s points)'
    )
    return None


def _whole(raw: object, where: str, problems: list[str], what: str) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= 10_000:
        return raw
    problems.append(f"{where}: {raw!r} is not a whole number from 1; expected {what}, e.g. 4")
    return None


def _number(raw: object, where: str, problems: list[str]) -> float:
    if _is_number(raw) and 0 <= raw <= _MAX_POINTS:  # type: ignore[operator]
        return float(raw)  # type: ignore[arg-type]
    problems.append(f"{where}: {raw!r} is not a number from 0; expected points, e.g. 1")
    return 0.0


def _flag(raw: object, where: str, problems: list[str]) -> bool:
    if isinstance(raw, bool):
        return raw
    problems.append(f"{where}: {raw!r} is not true or false; expected true or false")
    return False


def _categories(raw: object, where: str, problems: list[str]) -> tuple[Category, ...]:
    if not isinstance(raw, list):
        problems.append(
            f'{where}.categories: {raw!r} is not a list; expected e.g. ["women", "U18", "S65"]'
        )
        return ()
    found = []
    for code in raw:
        if not isinstance(code, str):
            problems.append(
                f'{where}.categories: {code!r} is not text; expected a quoted category, e.g. "U18"'
            )
            continue
        try:
            found.append(parse_category(code))
        except ValueError as exc:
            problems.append(f"{where}.categories: {exc}")
    return tuple(found)


def _weights(raw: object, where: str, problems: list[str]) -> tuple[tuple[str, float], ...]:
    if not isinstance(raw, dict):
        problems.append(
            f'{where}.weights: {raw!r} is not a table; expected e.g. {{ "final-2025" = 2 }}'
        )
        return ()
    found = []
    for pattern, factor in raw.items():
        if not _is_number(factor) or not 0 < factor <= 100:
            problems.append(
                f"{where}.weights.{pattern!r}: {factor!r} is not a factor; expected a number "
                "above 0 and at most 100, e.g. 2 (the event counts double)"
            )
            continue
        found.append((str(pattern), float(factor)))
    return tuple(found)
