"""``trfsite.toml``: site settings and per-event overrides.

    title = "Club championships"
    language = "de"            # one of the shipped catalogs: en, de, fr, es, it, nl, ...
    languages = ["en", "de"]   # or: the whole site in each, under en/, de/, ...
    theme = "default"          # a shipped theme's name or a theme folder
    base_url = "https://example.org/results/"

    [events.open-2024]         # keyed by the tournament file's stem
    tiebreaks = ["BH-C1", "BH", "SB"]
    rules = "2026"             # auto, pre2023, 2023, 2026
    unrated_rating = 1000
    system = "swiss"           # swiss, round-robin, mcmahon (Go)
    team_bye = { match_points = 1, game_points = "half" }  # PAB when there is no 320
    points_source = "cells"    # cells, declared (columns 81-84)
    ranks_source = "computed"  # computed, declared (the file's order, columns 86-89)
    go_bar = "3d"              # Go (McMahon) only
    go_floor = "20k"
    go_columns = ["NBW", "SOS", "-"]  # Go: meaning of the score columns ("-": none)
    go_free_draw_points = 0.5  # Go: what '0=' adds, 0.5 or 0
    go_bye_in_sos = "start"    # Go: a round without opponent in SOS: start, zero, own
    go_round_down_free_points = false
    games = ["games/*.pgn"]    # PGN files of its games (default: the file's stem + .pgn)
    bulletin_games = ["5.1"]   # round.board of games the PDF bulletin prints
    [events.open-2024.norms]   # see trfsite.norms.settings
    exemption = "zonal"

    [people]                   # see trfsite.people.config
    pages = true               # default: only when the site has more than one event
    merge = [["fide-4100018", "muller-jurgen-ger-1980"]]

    [series.grand-prix]        # see trfsite.series.config
    events = ["season/*.trf"]
    points = [25, 20, 16, 13, 11]

    [privacy]                  # see trfsite.people.privacy
    birth = "year"             # default "none": no birth date published
    anonymise = ["4612345", "Müller, Hans"]

Every problem is collected and reported at once, each naming its key.
"""

import functools
import os
import re
from pathlib import Path
from typing import NamedTuple

import click

from trfsite.awards.settings import AWARD_KEYS, AwardSettings, read_award_settings
from trfsite.formats.limits import MAX_CONFIG_BYTES
from trfsite.input_files import InputRefused, read_input, shown_name
from trfsite.norms.settings import NormSettings, read_norm_settings
from trfsite.pages.config_games import GAME_KEYS, GameSettings, read_game_settings
from trfsite.pages.config_shape import shape_problem
from trfsite.pages.config_tiebreaks import check_tiebreaks, within_budget
from trfsite.people.config import PeopleConfig, parse_people
from trfsite.people.privacy import PrivacySettings, parse_privacy
from trfsite.results import N_
from trfsite.series.config import SeriesConfig, parse_series
from trfsite.standings.options import StandingsOptions

CONFIG_NAME = "trfsite.toml"
DEFAULT_TITLE = N_("Tournament results")  # in the page's language when no title is set
_SITE_KEYS = (
    "title", "language", "languages", "theme", "base_url", "events", "people", "privacy",
    "series",
)  # fmt: skip
_EVENT_KEYS = (
    "tiebreaks",
    "rules",
    "unrated_rating",
    "system",
    "go_bar",
    "go_floor",
    "go_columns",
    "go_free_draw_points",
    "go_bye_in_sos",
    "go_round_down_free_points",
    "team_bye",
    "points_source",
    "ranks_source",
    *AWARD_KEYS,
    *GAME_KEYS,
    "norms",
)
_GRADE = re.compile(r"^\d{1,2}[kdpKDP]$")
_RULES = ("auto", "pre2023", "2023", "2026")
_SYSTEMS = ("swiss", "round-robin", "mcmahon")
_BYE_IN_SOS = ("start", "zero", "own")


class ConfigError(click.ClickException):
    """The configuration has one or more errors (usage error, exit 2)."""

    exit_code = 2

    def __init__(self, path: str, problems: list[str]) -> None:
        self.problems = problems
        noun = "error" if len(problems) == 1 else "errors"
        lines = "\n".join(f"  {problem}" for problem in problems)
        super().__init__(f"{path}: {len(problems)} {noun}:\n{lines}")


class TeamByeSetting(NamedTuple):
    """``team_bye = { match_points = 1, game_points = "half" }``: a PAB the file leaves unvalued."""

    match_points: float = 1.0
    game_points: float | None = None  # None: "half", half the boards' points


class GoConventions(NamedTuple):
    """How to read a Go table's columns, when its own numbers should not decide."""

    columns: tuple[str, ...] | None = None
    free_draw_points: float | None = None
    bye_in_sos: str | None = None
    round_down_free_points: bool | None = None


class EventConfig(NamedTuple):
    tiebreaks: tuple[str, ...] | None = None
    rules: str = "auto"
    unrated_rating: int | None = None
    system: str | None = None
    go_bar: str | None = None
    go_floor: str | None = None
    go: GoConventions = GoConventions()
    team_bye: TeamByeSetting | None = None
    points_source: str = "cells"
    ranks_source: str = "computed"
    awards: AwardSettings = AwardSettings()  # rating change, categories, prizes
    games: GameSettings = GameSettings()  # the PGN files beside it, games in the bulletin
    norms: NormSettings = NormSettings()  # title norms: [events.<stem>.norms]
    # [people] split entries of this file: (start number, key); part of the event's
    # cache key, since its pages link these players to their own keys.
    people_splits: tuple[tuple[int, str], ...] = ()
    # The site's [privacy]: part of the event's cache key, since its pages show it.
    privacy: PrivacySettings = PrivacySettings()

    def options(self, after_round: int | None = None, explain: bool = False) -> StandingsOptions:
        return StandingsOptions(
            tiebreaks=self.tiebreaks,
            rules=self.rules,
            after_round=after_round,
            unrated_rating=self.unrated_rating,
            system=self.system,
            explain=explain,
            go_bar=self.go_bar,
            go_floor=self.go_floor,
            go_columns=self.go.columns,
            go_free_draw_points=self.go.free_draw_points,
            go_bye_in_sos=self.go.bye_in_sos,
            go_round_down_free_points=self.go.round_down_free_points,
            points_source=self.points_source,
            ranks_source=self.ranks_source,
        )


class SiteConfig(NamedTuple):
    title: str = DEFAULT_TITLE
    language: str = "en"
    theme: str = "default"
    base_url: str = ""
    events: tuple[tuple[str, EventConfig], ...] = ()
    path: str = ""  # where it was read from, "" for the defaults
    # Two or more: the site is built in each, under OUT/<language>/; the first is
    # the default (``language``). Empty: one language, at the top of OUT.
    languages: tuple[str, ...] = ()
    people: PeopleConfig = PeopleConfig()
    privacy: PrivacySettings = PrivacySettings()
    series: tuple[SeriesConfig, ...] = ()  # [series.KEY]: see trfsite.series.config

    def site_languages(self) -> tuple[str, ...]:
        """The languages to build, in order; one for a single-language site."""
        return self.languages or (self.language,)

    def for_stem(self, stem: str) -> EventConfig:
        """The settings of the event whose file is ``stem``: every event without settings
        of its own gets the very same object, so a build's cache keys show it once
        (``site.cache.KeyParts``)."""
        found = _NO_TABLE
        for key, event in self.events:
            if key == stem:
                found = event
        splits = tuple(sorted(self.people.splits_for(stem).items()))
        if splits:
            found = found._replace(people_splits=splits)
        elif found is _NO_TABLE:
            return _no_table_with(self.privacy)
        return found._replace(privacy=self.privacy) if self.privacy != found.privacy else found


_NO_TABLE = EventConfig()  # an event that no [events.STEM] table names


@functools.lru_cache(maxsize=8)
def _no_table_with(privacy: PrivacySettings) -> EventConfig:
    return _NO_TABLE if privacy == _NO_TABLE.privacy else _NO_TABLE._replace(privacy=privacy)


def _expect_str(data: dict[str, object], key: str, where: str, problems: list[str]) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        problems.append(f"{where}{key}: {value!r} is not text; expected a quoted string")
        return None
    return value


def _read_event(stem: str, data: object, problems: list[str]) -> EventConfig:
    where = f"events.{stem}."
    if not isinstance(data, dict):
        problems.append(f"events.{stem}: {data!r} is not a table; expected [events.{stem}]")
        return EventConfig()
    for key in sorted(data):
        if key not in _EVENT_KEYS:
            problems.append(f"{where}{key}: unknown key; expected one of: {', '.join(_EVENT_KEYS)}")
    tiebreaks: tuple[str, ...] | None = None
    raw = data.get("tiebreaks")
    if isinstance(raw, str):
        tiebreaks = tuple(code.strip() for code in raw.split(",") if code.strip())
    elif isinstance(raw, list) and all(isinstance(code, str) for code in raw):
        tiebreaks = tuple(code.strip() for code in raw)
    elif raw is not None:
        problems.append(
            f"{where}tiebreaks: {raw!r} is not a list of codes; "
            'expected e.g. ["BH-C1", "SB"] or "BH/C1,SB"'
        )
    if tiebreaks is not None:
        tiebreaks = within_budget(where, tiebreaks, problems)
        check_tiebreaks(where, tiebreaks, problems)
    rules = _expect_str(data, "rules", where, problems) or "auto"
    if rules not in _RULES:
        problems.append(
            f"{where}rules: {rules!r} is not a rule set; expected auto, pre2023, 2023 or 2026"
        )
        rules = "auto"
    unrated = data.get("unrated_rating")
    if unrated is not None and (
        not isinstance(unrated, int) or isinstance(unrated, bool) or not 0 <= unrated <= 3500
    ):
        problems.append(
            f"{where}unrated_rating: {unrated!r} is not a rating; expected a whole number 0-3500"
        )
        unrated = None
    system = _expect_str(data, "system", where, problems)
    if system is not None and system not in _SYSTEMS:
        problems.append(
            f"{where}system: {system!r} is unknown; expected swiss, round-robin or mcmahon"
        )
        system = None
    grades: dict[str, str | None] = {}
    for key in ("go_bar", "go_floor"):
        grade = _expect_str(data, key, where, problems)
        if grade is not None and not _GRADE.match(grade):
            problems.append(f"{where}{key}: {grade!r} is not a Go grade; expected e.g. 3d or 20k")
            grade = None
        grades[key] = grade
    return EventConfig(
        tiebreaks,
        rules,
        unrated if isinstance(unrated, int) else None,
        system,
        grades["go_bar"],
        grades["go_floor"],
        _read_go(data, where, problems),
        _read_team_bye(data.get("team_bye"), where, problems),
        _read_points_source(data, where, problems),
        _read_ranks_source(data, where, problems),
        read_award_settings(data, where, problems),
        read_game_settings(data, where, problems),
        norms=read_norm_settings(data.get("norms"), where, problems),
    )


def _read_go(data: dict[str, object], where: str, problems: list[str]) -> GoConventions:
    columns: tuple[str, ...] | None = None
    raw = data.get("go_columns")
    if isinstance(raw, list) and all(isinstance(c, str) for c in raw):
        # The EGF header reader, for a Go event's key only (a chess site never needs it).
        from trfsite.formats.egf.header import is_known_column, normalise_column

        columns = tuple(str(c).strip() for c in raw)
        for column in columns:
            if column != "-" and not is_known_column(normalise_column(column)):
                problems.append(
                    f"{where}go_columns: unknown column {column!r}; expected one of: "
                    "MMS, NBW, SOS, SOS-1, SOS-2, SOSOS, SODOS, CUSS, DC, or - for none"
                )
    elif raw is not None:
        problems.append(
            f'{where}go_columns: {raw!r} is not a list of names; expected e.g. ["NBW", "SOS", "-"]'
        )
    draw = data.get("go_free_draw_points")
    if draw is not None and (isinstance(draw, bool) or draw not in (0, 0.5)):
        problems.append(f"{where}go_free_draw_points: {draw!r}; expected 0.5 or 0")
        draw = None
    bye = _expect_str(data, "go_bye_in_sos", where, problems)
    if bye is not None and bye not in _BYE_IN_SOS:
        problems.append(f"{where}go_bye_in_sos: {bye!r}; expected one of: {', '.join(_BYE_IN_SOS)}")
        bye = None
    round_down = data.get("go_round_down_free_points")
    if round_down is not None and not isinstance(round_down, bool):
        problems.append(f"{where}go_round_down_free_points: {round_down!r}; expected true or false")
        round_down = None
    return GoConventions(
        columns,
        float(draw) if isinstance(draw, (int, float)) else None,
        bye,
        round_down if isinstance(round_down, bool) else None,
    )


def _read_points_source(data: dict[str, object], where: str, problems: list[str]) -> str:
    source = _expect_str(data, "points_source", where, problems) or "cells"
    if source not in ("cells", "declared"):
        problems.append(f"{where}points_source: {source!r} is unknown; expected cells or declared")
        return "cells"
    return source


def _read_ranks_source(data: dict[str, object], where: str, problems: list[str]) -> str:
    source = _expect_str(data, "ranks_source", where, problems) or "computed"
    if source not in ("computed", "declared"):
        problems.append(
            f"{where}ranks_source: {source!r} is unknown; expected computed or declared"
        )
        return "computed"
    return source


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        return None
    return float(value)


def _read_team_bye(raw: object, where: str, problems: list[str]) -> TeamByeSetting | None:
    if raw is None:
        return None
    expected = 'expected e.g. { match_points = 1, game_points = "half" } (numbers allowed)'
    if not isinstance(raw, dict):
        problems.append(f"{where}team_bye: {raw!r} is not a table; {expected}")
        return None
    for key in sorted(set(raw) - {"match_points", "game_points"}):
        problems.append(f"{where}team_bye.{key}: unknown key; {expected}")
    mp = _number(raw.get("match_points", 1))
    if mp is None:
        problems.append(
            f"{where}team_bye.match_points: {raw.get('match_points')!r} is not a number "
            "of points; expected e.g. 1"
        )
    gp_raw = raw.get("game_points", "half")
    gp = None if gp_raw == "half" else _number(gp_raw)
    if gp_raw != "half" and gp is None:
        problems.append(
            f"{where}team_bye.game_points: {gp_raw!r} is not a number of points; "
            'expected "half" or e.g. 2'
        )
    return TeamByeSetting(mp or 0.0, gp)


def parse_config(text: str, path: str = CONFIG_NAME, base: Path | None = None) -> SiteConfig:
    """Read a config; raises ConfigError listing every problem at once."""
    # Imported here, not with the module: most folders have no trfsite.toml, and the
    # catalogs' module brings Babel, which ``trfsite validate`` needs for nothing else.
    import tomllib

    from trfsite.render.i18n import known_languages

    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    problem = shape_problem(text)
    if problem is not None:
        raise ConfigError(path, [f"not read: {problem}"])
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ConfigError(path, [f"not valid TOML: {exc}"]) from None
    problems: list[str] = []
    for key in sorted(data):
        if key not in _SITE_KEYS:
            problems.append(f"{key}: unknown key; expected one of: {', '.join(_SITE_KEYS)}")
    title = _expect_str(data, "title", "", problems) or DEFAULT_TITLE
    language = _expect_str(data, "language", "", problems) or ""
    languages = _read_languages(data.get("languages"), problems)
    if language and language not in known_languages():
        problems.append(
            f"language: {language!r} has no message catalog; "
            f"expected one of: {', '.join(known_languages())}"
        )
        language = ""
    if language and languages and language != languages[0]:
        problems.append(
            f"language: {language!r} differs from the first of languages {list(languages)!r}; "
            "expected one of the two keys, or the default language first in languages"
        )
    language = language or (languages[0] if languages else "en")
    if len(languages) == 1:
        languages = ()  # one language: the site stays at the top of OUT
    theme = _expect_str(data, "theme", "", problems) or "default"
    theme = _check_theme(theme, base, problems)
    base_url = _expect_str(data, "base_url", "", problems) or ""
    if base_url and not re.match(r"^(https?://|/)", base_url):
        problems.append(f"base_url: {base_url!r} is not a URL; expected https://... or /path/")
    events: list[tuple[str, EventConfig]] = []
    raw_events = data.get("events", {})
    if not isinstance(raw_events, dict):
        problems.append(f"events: {raw_events!r} is not a table; expected [events.<file stem>]")
        raw_events = {}
    for stem in sorted(raw_events):
        events.append((stem, _read_event(stem, raw_events[stem], problems)))
    people = parse_people(data.get("people"), problems)
    privacy = parse_privacy(data.get("privacy"), problems)
    series = parse_series(data.get("series"), problems)
    if problems:
        raise ConfigError(path, problems)
    return SiteConfig(
        title, language, theme, base_url, tuple(events), path, languages, people, privacy, series
    )


def _read_languages(raw: object, problems: list[str]) -> tuple[str, ...]:
    if raw is None:
        return ()
    from trfsite.render.i18n import known_languages  # as parse_config: only with a config

    known = known_languages()
    if not isinstance(raw, list) or not raw or not all(isinstance(x, str) for x in raw):
        problems.append(
            f"languages: {raw!r} is not a list of language codes; "
            f'expected e.g. ["en", "de"] from: {", ".join(known)}'
        )
        return ()
    unknown = [x for x in raw if x not in known]
    for code in unknown:
        problems.append(
            f"languages: {code!r} has no message catalog; expected one of: {', '.join(known)}"
        )
    if len(set(raw)) != len(raw):
        problems.append(f"languages: {raw!r} names a language twice; expected each once")
    return tuple(dict.fromkeys(x for x in raw if x in known))


def _check_theme(theme: str, base: Path | None, problems: list[str]) -> str:
    """A theme folder is taken relative to the config file's folder."""
    from trfsite.render.theme import ThemeError, find_theme

    candidate = theme
    try:
        if base is not None and ("/" in theme or theme.startswith(".")):
            candidate = str((base / theme).resolve())
        find_theme(candidate)
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL byte
        problems.append(
            f"theme: {theme!r} cannot be looked up ({getattr(exc, 'strerror', None) or exc}); "
            "expected a theme folder or a shipped theme's name"
        )
        return "default"
    except ThemeError as exc:
        problems.append(f"theme: {exc.format_message()}")
        return "default"
    return candidate


def load_config(src: Path, explicit: Path | None = None) -> SiteConfig:
    """The given config file, else ``SRC/trfsite.toml``, else the defaults."""
    path = explicit if explicit is not None else src / CONFIG_NAME
    if explicit is None and not os.path.lexists(path):
        return SiteConfig()
    shown = shown_name(path)
    try:
        # At most MAX_CONFIG_BYTES, and only a regular file: --config /dev/zero read
        # until the machine had no memory left.
        text = read_input(path, MAX_CONFIG_BYTES.limit).decode("utf-8")
    except InputRefused as exc:
        raise ConfigError(shown, [exc.reason]) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(shown, [f"cannot be read: {exc}; expected UTF-8 text"]) from None
    return parse_config(text, shown, path.parent)
