"""The Jinja2 environment: theme loader, autoescaping, filters and the message catalog.

Autoescape is on for every template whatever its suffix, because names in
tournament files are untrusted input. The only HTML that reaches a page
unescaped is what the site itself marked safe (sanitised markdown).
"""

from __future__ import annotations

import datetime as dt
import math
import re
import traceback
from collections.abc import Callable, Iterator, Sequence
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from typing import Any

import jinja2
import jinja2.ext
from markupsafe import Markup

from trfsite.memo import forgotten_per_task, keep_within
from trfsite.render.i18n import FALLBACK_LANGUAGE, Catalog, language_name, load_catalog
from trfsite.render.theme import Theme, ThemeError
from trfsite.render.translation import ConstantTranslations, Label, Translate, TranslatePlural
from trfsite.results import Note

DASH = "\u2013"  # shown for undefined values
_FRACTIONS = {0.25: "\u00bc", 0.5: "\u00bd", 0.75: "\u00be"}
# Control characters (all but tab, LF, CR) are parse errors in HTML and invalid in XML;
# a name from a damaged file must not carry them into a page.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# The same test for ASCII text, on its bytes: 0 for a control character, 1 otherwise.
# (Bytes from 0x80 up map to 1: C1 characters are found by _C1_BYTES in UTF-8.)
_ASCII_CONTROL = bytes(
    0 if (byte < 0x20 and byte not in (0x09, 0x0A, 0x0D)) or byte == 0x7F else 1
    for byte in range(256)
)
_C1_BYTES = re.compile(b"\xc2[\x80-\x9f]")
_MEMO_KEEP = 20_000  # results one memoized macro keeps (a 2000-player event needs ~5000)


# An event's game pages and player cards share one frame (site/page_frame.py): the
# page's template with its title, heading and body blocks each a marker (a private-use
# character that nothing escapes or cleans, and no template writes, around a letter).
FRAME_MARK = "\ue000{}\ue000"
# The loader serves the frame of ``x.html`` as ``FRAME_PREFIX + "/x.html"`` (no theme has
# this name), so that it is compiled once and kept by the bytecode cache as templates are.
FRAME_PREFIX = "!\ue000frame"


def frame_source(template: str) -> str:
    """The frame of ``template``: its page with the title, heading and body marked."""
    return (
        '{% extends "' + template + '" %}'
        "{% block page_title %}" + FRAME_MARK.format("T") + "{% endblock %}"
        "{% block heading %}" + FRAME_MARK.format("H") + "{% endblock %}"
        "{% block body %}" + FRAME_MARK.format("B") + "{% endblock %}"
    )


# A page whose template extends ``base.html`` itself (the person page) has no title,
# heading or body blocks: its frame, served as ``CONTENT_FRAME_PREFIX + "/x.html"``, marks
# its whole content block as the body (its title is the page's own, marked in its meta).
CONTENT_FRAME_PREFIX = "!\ue000content-frame"


def content_frame_source(template: str) -> str:
    """The frame of ``template`` (extending ``base.html``): its content block marked."""
    return (
        '{% extends "'
        + template
        + '" %}{% block content %}'
        + FRAME_MARK.format("B")
        + "{% endblock %}"
    )


class _FrameLoader(jinja2.BaseLoader):
    """The frame of any template (``source``: ``frame_source`` or ``content_frame_source``).
    It lists none: a frame is no page of its own, and is loaded where a page is first
    filled into it."""

    def __init__(self, source: Callable[[str], str]) -> None:
        self._source = source

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        return self._source(template), None, None

    def list_templates(self) -> list[str]:
        return []


def make_loader(theme_chain: Sequence[Theme]) -> jinja2.BaseLoader:
    """Nearest theme first; ``"!name/x.html"`` reaches the template of theme ``name``."""
    by_prefix: dict[str, jinja2.BaseLoader] = {
        FRAME_PREFIX: _FrameLoader(frame_source),
        CONTENT_FRAME_PREFIX: _FrameLoader(content_frame_source),
    }
    for theme in theme_chain:
        by_prefix.setdefault(f"!{theme.name}", jinja2.FileSystemLoader(str(theme.templates)))
    chain = jinja2.FileSystemLoader([str(t.templates) for t in theme_chain])
    return jinja2.ChoiceLoader([jinja2.PrefixLoader(by_prefix, delimiter="/"), chain])


def format_points(value: float | None, plain: bool = False) -> str:
    """Points as ``6½`` (or ``6.5`` with ``plain``); a dash when undefined."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return DASH
    whole = math.floor(value)
    rest = round(value - whole, 6)
    if rest == 0:
        return str(int(whole))
    if not plain and rest in _FRACTIONS:
        return (str(int(whole)) if whole else "") + _FRACTIONS[rest]
    return format_number(value)


def format_number(value: float | int | None, decimal_mark: str = ".", digits: int = 2) -> str:
    """A number without trailing zeros (``14``, ``14.5``, ``31.25``); a dash when undefined."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return DASH
    if isinstance(value, int):
        return str(value)
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace(".", decimal_mark)


def _signed(catalog: Catalog, value: float, digits: int) -> str:
    step = Decimal(1).scaleb(-digits)
    rounded = Decimal(repr(value)).quantize(step, rounding=ROUND_HALF_UP)
    places = "0" * digits
    if rounded == 0:
        return catalog.format_decimal(abs(rounded), f"0.{places}")
    return catalog.format_decimal(rounded, f"+0.{places};-0.{places}")


def format_date(value: dt.date | None, catalog: Catalog) -> str:
    """A date in the page language: ``28 July 2005``, ``28. Juli 2005``."""
    return catalog.format_date(value)


class NoteFormatter:
    """Fills a note's template the way the page spells things.

    Numbers take the page's decimal mark (``{x:g}`` is the site's ``number``
    spelling), dates are written out (``28. Juli 2005``), and a value that is a
    Note itself is translated too. The English text of a Note (JSON, CLI) is
    left as it is: only pages use this.
    """

    def __init__(self, catalog: Catalog, decimal_mark: str) -> None:
        self.catalog = catalog
        self.decimal_mark = decimal_mark
        # English pages: the catalog holds only codes (en.json), never note templates,
        # and numbers are spelled as in the notes' own text.
        self._english = catalog.language == FALLBACK_LANGUAGE and decimal_mark == "."
        # Tie-break names and notes repeat on every page of an event. A Note's English
        # text follows from its template and values, so (template, text) is a safe key.
        self._made: dict[tuple[str, str], str] = {}
        self._grouped = str.maketrans({",": catalog.group_mark, ".": decimal_mark})

    def note(self, value: str) -> str:
        """The note in the catalog's language; plain text is returned as it is."""
        if not isinstance(value, Note):
            return value
        english = str.__str__(value)
        if self._english and not value.dated:
            return english  # English is the notes' own language; only dates need spelling
        key = (value.template, english)
        text = self._made.get(key)
        if text is None:
            template = self.catalog.translate(value.template)
            if value.values:
                # str.format in C; only numbers, dates and nested notes call back here.
                fields = {k: self._field(v) for k, v in value.values.items()}
                template = template.format(**fields)
            text = template
            keep_within(self._made, key, text, _MEMO_KEEP)
        return text

    def _field(self, value: object) -> object:
        if isinstance(value, str):
            return self.note(value) if isinstance(value, Note) else value
        if isinstance(value, bool) or not isinstance(value, int | float | dt.date):
            return value
        return _PageValue(value, self)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Note):
            return self.note(value)
        if isinstance(value, dt.date):
            return format_date(value, self.catalog)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return str(format(value, format_spec))
        if "," in format_spec:  # grouped (money): the language's marks, 1.000,00
            return format(value, format_spec).translate(self._grouped)
        text = format(value, format_spec or "g")
        if "e" in text and format_spec in ("", "g"):
            # ``:g`` keeps 6 significant digits; a big number loses its exponent.
            return format_number(value, self.decimal_mark, 6)
        return text.replace(".", self.decimal_mark)


class _PageValue:
    """A number or date inside a note, spelled by the page when ``str.format`` asks."""

    __slots__ = ("formatter", "value")

    def __init__(self, value: float | int | dt.date, formatter: NoteFormatter) -> None:
        self.value = value
        self.formatter = formatter

    def __format__(self, format_spec: str) -> str:
        return self.formatter.format_field(self.value, format_spec)

    def __repr__(self) -> str:
        # ``{year!r}`` in a finding's message: the value as the English text shows it.
        return repr(self.value)


def format_percent(value: float | None, catalog: Catalog | None = None) -> str:
    """A share as a whole percentage (``0.456`` -> ``46 %``), in the page's language."""
    if value is None:
        return DASH
    if catalog is None:
        return f"{round(value * 100):d}\u00a0%"
    return catalog.format_percent(value)


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character (other than tab, LF and CR).

    isprintable() rules them out fastest, but stops at the first newline: a macro's
    output (chart, header) is several kilobytes of lines, that _CONTROL scans at
    3 ns a character. Its bytes are tested instead, three to five times faster:
    C0 and DEL by a table, C1 (U+0080-U+009F) as UTF-8's two bytes ``C2 80``-``C2 9F``
    (``C2`` only ever leads a character, so nothing else reads as one).
    """
    if text.isprintable():
        return False
    if text.isascii():
        return 0 in text.encode("ascii").translate(_ASCII_CONTROL)
    data = text.encode("utf-8", "surrogatepass")
    return 0 in data.translate(_ASCII_CONTROL) or _C1_BYTES.search(data) is not None


def without_controls(value: Any) -> Any:
    """Every value a template prints, with control characters shown as U+FFFD."""
    if isinstance(value, str) and has_control(value):
        cleaned = _CONTROL.sub("\ufffd", value)
        return Markup(cleaned) if isinstance(value, Markup) else cleaned
    return value


class Memoized:
    """A macro that depends only on its arguments, run once per distinct arguments.

    Participant links and title badges appear on nearly every line of every page
    (hundreds of thousands of times in a large event): the HTML of each is made
    once and reused. Arguments are told apart by type too (``1`` prints unlike
    ``1.0``); unhashable ones, and macros called with a ``caller``, run every time.
    """

    def __init__(self, macro: Callable[..., Any]) -> None:
        self.macro = macro
        self._made: dict[object, Any] = {}
        # Emptied when the task rendering with it ends (memo.forget_all): an event's
        # header or a person's chart is not made again by the next task.
        forgotten_per_task(self)

    def forget(self) -> None:
        self._made.clear()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        key: tuple[Any, ...]
        # Positional keys have an even length, keyword keys three items: they never
        # meet. One to three arguments (nearly every call) are keyed without map(),
        # which costs more than the dictionary lookup.
        if kwargs:
            if "caller" in kwargs:  # a call block: its body is part of the output
                return self.macro(*args, **kwargs)
            named = tuple((k, type(v), v) for k, v in sorted(kwargs.items()))
            key = (args, tuple(map(type, args)), named)
        elif len(args) == 1:
            key = (args[0], type(args[0]))
        elif len(args) == 2:
            first, second = args
            key = (first, second, type(first), type(second))
        elif len(args) == 3:  # titled_link on every table line, the event header
            first, second, third = args
            key = (first, second, third, type(first), type(second), type(third))
        else:
            key = (*args, *map(type, args))
        try:
            made = self._made.get(key)
        except TypeError:  # an unhashable argument
            return self.macro(*args, **kwargs)
        if made is None:
            made = keep_within(self._made, key, self.macro(*args, **kwargs), _MEMO_KEEP)
        return made


def make_environment(theme_chain: Sequence[Theme], language: str) -> jinja2.Environment:
    """The environment every page (and the PDF bulletin) is rendered with."""
    catalog = load_catalog(language)
    decimal_mark = catalog.decimal_mark
    note = NoteFormatter(catalog, decimal_mark).note

    def finalize(value: Any) -> Any:
        """What ``{{ value }}`` prints: a Note (a tie-break name, a note) in the page's
        language even without the ``note`` filter, and never a control character.

        Called for every value of every page (millions in a large event): the common
        cases return before any further call."""
        cls = value.__class__
        if cls is int or cls is Markup or cls is str:
            if cls is int or value.isprintable():
                return value
            return without_controls(value)
        if cls is float:  # chart coordinates, ratings: no text to clean
            return value
        if isinstance(value, Note):
            value = note(value)
        return without_controls(value)

    env = jinja2.Environment(
        loader=make_loader(theme_chain),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=finalize,
    )

    # Scores and tie-break values repeat thousands of times over an event's pages.
    points_made: dict[tuple[type, float | None, bool], str] = {}
    numbers_made: dict[tuple[type, float | int | None, int], str] = {}

    def points(value: float | None, plain: bool = False) -> str:
        key = (value.__class__, value, plain)
        text = points_made.get(key)
        if text is None:
            text = format_points(value, plain).replace(".", decimal_mark)
            keep_within(points_made, key, text, _MEMO_KEEP)
        return text

    def number(value: float | int | None, digits: int = 2) -> str:
        key = (value.__class__, value, digits)
        text = numbers_made.get(key)
        if text is None:
            text = format_number(value, decimal_mark, digits)
            keep_within(numbers_made, key, text, _MEMO_KEEP)
        return text

    dates_made: dict[str, str] = {}

    def date(value: dt.date | str | None) -> str:
        """A date in the page's language; an ISO string (the build date) too."""
        if isinstance(value, str):
            text = dates_made.get(value)
            if text is None:
                try:
                    text = format_date(dt.date.fromisoformat(value), catalog)
                except ValueError:
                    text = value
                dates_made[value] = text
            return text
        return format_date(value, catalog)

    def date_time(value: str) -> str:
        """An ISO date and time (when a file was saved) in the page's language."""
        try:
            return catalog.format_datetime(dt.datetime.fromisoformat(value))
        except ValueError:
            return value

    def sort_key(value: Any) -> str:
        """A ``data-sort`` value: numbers as plain decimals, undefined sorts last."""
        cls = value.__class__  # every standings cell has one: the common types first
        if cls is float:
            return repr(value)
        if cls is int:
            return repr(float(value))
        if value is None:
            return ""
        if isinstance(value, bool):
            return str(int(value))
        if isinstance(value, int | float):
            return repr(float(value))
        return str(value)

    signed_made: dict[tuple[type, float | None, int], str] = {}

    def signed(value: float | None, digits: int = 1) -> str:
        """A change with its sign, rounded half up as an arbiter does: ``+10,3``,
        ``-0,8``, ``0,0``; nothing when undefined."""
        key = (value.__class__, value, digits)
        text = signed_made.get(key)
        if text is None:
            text = "" if value is None else _signed(catalog, value, digits)
            keep_within(signed_made, key, text, _MEMO_KEEP)
        return text

    def money(value: float | Decimal | None) -> str:
        """An amount of money: ``1.000,00``, ``1,000.00``; nothing when undefined."""
        return "" if value is None else catalog.format_decimal(value, "#,##0.00")

    env.filters["note"] = note
    env.filters["points"] = points
    env.filters["number"] = number
    env.filters["signed"] = signed
    env.filters["money"] = money
    env.filters["date"] = date
    env.filters["datetime"] = date_time
    env.filters["percent"] = partial(format_percent, catalog=catalog)
    env.filters["sortkey"] = sort_key
    env.filters["memoize"] = Memoized
    # jinja2.ext.i18n gives templates {% trans %} and {% pluralize %}; its callables are
    # ours, so that ``{name}`` placeholders and compile-time ``_("literal")`` work.
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        Translate(catalog), TranslatePlural(catalog), newstyle=False
    )
    env.globals["_"] = Translate(catalog)
    env.globals["label"] = Label(catalog)
    env.filters["language_name"] = language_name
    env.add_extension(ConstantTranslations)
    env.globals["language"] = language
    env.globals["DASH"] = DASH
    return env


def render_page(env: jinja2.Environment, template: str, context: object) -> str:
    """Render one page: the template sees its typed context as ``page``.

    A theme's broken template is a usage error naming the template file and line,
    never a traceback (the build then stops and leaves OUT as it was).
    """
    try:
        return env.get_template(template).render(page=context)
    except Exception as exc:
        # ``{{ 1/0 }}`` in a theme's template raises ZeroDivisionError, not a TemplateError.
        raise ThemeError(describe_template_error(template, exc)) from None


def page_pieces(env: jinja2.Environment, template: str, context: object) -> Iterator[str]:
    """``render_page``'s text in the pieces Jinja makes it of (``Template.generate``), for
    a page large enough to be written as it is made (an archive's home page)."""
    try:
        yield from env.get_template(template).generate(page=context)
    except Exception as exc:
        raise ThemeError(describe_template_error(template, exc)) from None


def describe_template_error(template: str, exc: Exception) -> str:
    """``file:line: problem`` for a template that cannot be loaded or rendered."""
    where = template
    if isinstance(exc, jinja2.TemplateSyntaxError):
        where = f"{exc.filename or exc.name or template}:{exc.lineno}"
    else:
        # Jinja rewrites tracebacks so that template lines appear as frames of their own.
        frames = [
            f
            for f in traceback.extract_tb(exc.__traceback__)
            if not f.filename.endswith(".py") and not f.filename.startswith("<")
        ]
        if frames:
            where = f"{frames[-1].filename}:{frames[-1].lineno}"
    return (
        f"{where}: the theme's template fails while rendering {template!r}: "
        f"{type(exc).__name__}: {getattr(exc, 'message', None) or exc}; expected a template "
        "that renders with the page's context (see the shipped default theme)"
    )
