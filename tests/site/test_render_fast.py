"""The render shortcuts print exactly what plain Jinja prints.

Memoized macros, cached number filters and the one-call printing of values
(``SiteEnvironment``) exist for speed only: each test compares with the
plain form, or with hand-written expected text.
"""

from __future__ import annotations

import enum

import jinja2
import pytest
from markupsafe import Markup, escape

from trfsite.render.environment import (
    Memoized,
    SiteEnvironment,
    has_control,
    make_environment,
    print_value,
    without_controls,
)
from trfsite.render.theme import find_theme, theme_chain


def _env() -> jinja2.Environment:
    return make_environment(theme_chain(find_theme("default")), "en")


def test_memoized_macro_tells_arguments_apart_by_type() -> None:
    env = _env()
    template = env.from_string(
        "{% macro show(x) %}[{{ x }}]{% endmacro %}{% set show = show|memoize %}"
        "{{ show(1) }}{{ show(1.0) }}{{ show(True) }}{{ show(1) }}{{ show('<b>') }}"
    )
    # 1, 1.0 and True are equal as dict keys but print differently; the name is escaped.
    assert template.render() == "[1][1.0][True][1][&lt;b&gt;]"


def test_memoized_macro_keys_by_arity_types_and_names() -> None:
    env = _env()
    template = env.from_string(
        "{% macro show(a, b=0, c=0) %}[{{ a }} {{ b }} {{ c }}]{% endmacro %}"
        "{% set show = show|memoize %}"
        "{{ show(1, 2) }}{{ show(1, b=2) }}{{ show(1, c=2) }}{{ show(1, 1.0) }}{{ show(1.0, 1) }}"
        "{{ show(1, 2, 3) }}{{ show(1, 2, 3.0) }}{{ show(True) }}{{ show(1) }}{{ show(1, 2) }}"
    )
    # b=2 is the same call as a second positional 2; c=2 is not; 1 and 1.0 differ
    # in any position (first, second, third); True prints as True, not as 1.
    assert template.render() == (
        "[1 2 0][1 2 0][1 0 2][1 1.0 0][1.0 1 0][1 2 3][1 2 3.0][True 0 0][1 0 0][1 2 0]"
    )


def test_memoized_macro_runs_once_per_arguments() -> None:
    calls: list[tuple[object, ...]] = []

    def macro(*args: object) -> Markup:
        calls.append(args)
        return Markup(f"<i>{len(calls)}</i>")

    memo = Memoized(macro)
    assert memo("a", 1) == memo("a", 1) == Markup("<i>1</i>")
    assert memo("a", 2) == Markup("<i>2</i>")
    assert memo(["unhashable"]) == Markup("<i>3</i>")  # runs, is not kept
    assert memo(["unhashable"]) == Markup("<i>4</i>")
    assert calls == [("a", 1), ("a", 2), (["unhashable"],), (["unhashable"],)]


def test_memoized_macro_with_a_call_block_runs_every_time() -> None:
    env = _env()
    template = env.from_string(
        "{% macro box() %}<{{ caller() }}>{% endmacro %}{% set box = box|memoize %}"
        "{% call box() %}a{% endcall %}{% call box() %}b{% endcall %}"
    )
    assert template.render() == "<a><b>"


def test_cached_filters_match_the_first_call() -> None:
    env = _env()
    template = env.from_string(
        "{{ x|points }} {{ x|points(plain=True) }} {{ x|number }} {{ y|number }} {{ z|points }}"
    )
    # 6.5 is 6½ with points, 6.5 plain; -0.0 prints as 0; None is a dash (U+2013).
    for _ in range(2):  # the second round is served from the caches
        assert template.render(x=6.5, y=-0.0, z=None) == "6\u00bd 6.5 6.5 0 \u2013"


class _Colour(enum.Enum):
    WHITE = "w"


class _Html:
    def __html__(self) -> str:
        return "<b>safe</b>"


VALUES: list[object] = [
    "Kern1676, Dora",
    'O\'Neil & <Sons> "quoted"',
    "bell\x07 and \x85 next-line, tab\t and newline\n stay",
    "",
    "\u00bd\u2013\u00bd",
    Markup("<a href='x'>Sm\x01ith</a>"),
    Markup("<wbr>\n"),
    0,
    -17,
    2**70,
    1.5,
    -0.0,
    float("inf"),
    float("nan"),
    True,
    None,
    _Colour.WHITE,
    _Html(),
    ("a", 1),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_print_value_is_escape_of_without_controls(value: object) -> None:
    assert print_value(value) == escape(without_controls(value))


def test_print_value_hand_checked() -> None:
    # markupsafe's replacements; C0/C1 controls become U+FFFD, tab and newline stay.
    assert print_value('O\'Neil & <Sons> "q"') == "O&#39;Neil &amp; &lt;Sons&gt; &#34;q&#34;"
    assert print_value("a\x07b\x85c\td\n") == "a\ufffdb\ufffdc\td\n"
    assert print_value(Markup("<i>\x1b</i>")) == "<i>\ufffd</i>"
    assert print_value(12) == "12"


@pytest.mark.parametrize("prefix", ["", "line\n", "\u00e9\n"], ids=["alone", "ascii", "not-ascii"])
def test_has_control_agrees_with_the_pattern_on_every_character(prefix: str) -> None:
    # The ASCII way (bytes) and the pattern must find the same characters: C0 but for
    # tab, LF and CR, DEL and C1 (U+0080-U+009F, in non-ASCII text only).
    controls = {c for c in range(0x200) if (c < 0x20 and c not in (9, 10, 13)) or 0x7F <= c <= 0x9F}
    for code in range(0x200):
        text = prefix + "x" + chr(code) + "y"
        assert has_control(text) is (code in controls), (prefix, hex(code))


TEMPLATE = """\
{% macro box(x) %}<{{ x }}>{% endmacro %}
{% macro wrap() %}[{{ caller() }}]{% endmacro %}
{% set block %}{{ name }}|{{ 7 }}{% endset %}
{{ name }} {{ number }} {{ ratio }} {{ safe }} {{ box(name) }} {{ block }} {{ missing is none }}
{% filter upper %}{{ name }}{% endfilter %}
{% call wrap() %}{{ name }}{% endcall %}
{% autoescape false %}{{ name }} {{ number }}{% endautoescape %}
{{ name ~ "&" }} {{ [name, number]|join(",") }} {{ name|e }} {{ safe|safe }}
"""


def test_site_environment_prints_like_jinja() -> None:
    values = {
        "name": "O'Neil <b>\x07",
        "number": 42,
        "ratio": 0.5,
        "safe": Markup("<i>ok</i>"),
        "missing": None,
    }
    plain_env = jinja2.Environment(autoescape=True, finalize=without_controls, trim_blocks=True)
    fast_env = SiteEnvironment(autoescape=True, finalize=without_controls, trim_blocks=True)
    plain = plain_env.from_string(TEMPLATE).render(values)
    fast = fast_env.from_string(TEMPLATE).render(values)
    assert "&lt;b&gt;" in plain and "<b>" in plain  # escaped, and raw in the autoescape-off block
    assert fast == plain


def test_site_environment_compiles_values_to_one_call() -> None:
    code = SiteEnvironment(autoescape=True, finalize=without_controls).compile("{{ x }}", raw=True)
    assert "environment.print_value(" in code and "escape(" not in code


def test_direct_calls_keep_jinja_semantics() -> None:
    env = _env()

    @jinja2.pass_context
    def page_name(context: jinja2.runtime.Context) -> str:
        return str(context["name"])

    env.globals["page_name"] = page_name
    template = env.from_string(
        "{% macro m(a, b='-') %}{{ a }}{{ b }}{% endmacro %}"
        "{% for n in [1, 2] %}{{ _('Round {n}', n=n) }};{{ m(n, b='x') }};{{ page_name() }}|"
        "{% endfor %}{{ _('Standings') }}"
    )
    # English catalog: the text as written, placeholders filled; pass_context still works.
    assert template.render(name="open") == "Round 1;1x;open|Round 2;2x;open|Standings"


def test_translations_in_german() -> None:
    env = make_environment(theme_chain(find_theme("default")), "de")
    template = env.from_string("{{ _('Standings') }} {{ _('Round {n}', n=3) }}")
    assert template.render() == "Tabelle Runde 3"


def test_literal_translations_are_constants_of_the_compiled_template() -> None:
    env = make_environment(theme_chain(find_theme("default")), "de")
    source = "{{ _('Standings') }}|{{ _('Round {n}', n=2) }}|{{ _(word) }}"
    code = env.compile(source, raw=True)
    assert "Tabelle" in code and "'Standings'" not in code  # folded at compile time
    assert "'Round {n}'" in code  # placeholders: still a call
    assert env.from_string(source).render(word="Standings") == "Tabelle|Runde 2|Tabelle"


def test_a_constant_translation_is_escaped_like_a_printed_one() -> None:
    env = _env()
    # English: the message is its own translation; printed, it is escaped as any value.
    assert env.from_string("{{ _('A & <B>') }}").render() == "A &amp; &lt;B&gt;"


@pytest.mark.parametrize(
    "source",
    [
        "{% set _ = upper %}{{ _('abc') }}",
        "{% macro m(_) %}{{ _('abc') }}{% endmacro %}{{ m(upper) }}",
        "{% for _ in [upper] %}{{ _('abc') }}{% endfor %}",
    ],
)
def test_a_template_binding_its_own_underscore_is_left_alone(source: str) -> None:
    env = make_environment(theme_chain(find_theme("default")), "de")
    # Each binds _ to a function upper-casing its argument: 'abc' -> 'ABC', not translated.
    assert env.from_string(source).render(upper=str.upper) == "ABC"


INHERITED = {
    "base.html": "<h1>{% block title %}{{ name }}{% endblock %}</h1>"
    "{% if flag %}[{{ number }}]{% endif %}{% block body %}base {{ name }}{% endblock %}|"
    "{% for n in [1, 2] %}<{{ n }}:{{ name }}>{% endfor %}",
    "child.html": '{% extends "base.html" %}not shown {{ name }}'
    "{% block title %}{{ super() }} & {{ name }}!{% endblock %}"
    "{% block body %}{% for n in [3, 4] %}{{ n }}{{ name }}{% if loop.last %}.{% endif %}"
    "{% endfor %}"
    "{% set x %}{{ name }}{{ number }}{% endset %}({{ x }}){% endblock %}",
    "dynamic.html": "{% if parent %}{% extends parent %}{% endif %}{{ name }} {{ number }}"
    "{% block body %}own {{ name }}{% endblock %}",
    "part.html": "<p>{{ name }}{% for n in [5, 6] %}{{ n }}{% endfor %}</p>",
    "lib.html": "{% macro tag(x) %}<{{ x }}>{% endmacro %}top {{ name }}",
    "nested.html": '{% extends "base.html" %}{% import "lib.html" as lib %}'
    "{% block body %}{% block inner %}[{{ lib.tag(name) }}]{% endblock %}"
    '{% include "part.html" %}{{ self.inner() }}{% for n in [7] %}'
    "{% block looped scoped %}{{ n }}{{ name }}{% endblock %}{% endfor %}"
    "{% filter upper %}{{ name }}{% endfilter %}{% endblock %}",
    "standalone.html": '{% set shown = "set" %}{% block one %}{{ shown }} {{ name }}{% endblock %}'
    '{% include "part.html" %}{% for n in [8, 9] %}{{ n }}{% endfor %}'
    '{{ lib_name }}{% from "lib.html" import tag %}{{ tag(number) }}{% block two %}{% endblock %}',
}


@pytest.mark.parametrize(
    ("template", "parent"),
    [
        ("child.html", None),
        ("dynamic.html", "base.html"),
        ("dynamic.html", None),
        ("nested.html", None),
        ("standalone.html", None),
    ],
)
def test_site_environment_joins_output_like_jinja(template: str, parent: str | None) -> None:
    # Runs of output are yielded as one string and blocks go up whole (codegen.py):
    # the page must be the same text, with blocks, super(), {% set %} and a dynamic
    # extends (whose output outside blocks is dropped only when there is a parent),
    # nested and scoped blocks, self.block(), include, import and a filter block.
    values = {"name": "O'Neil <b>", "number": 42, "flag": True, "parent": parent}
    plain_env = jinja2.Environment(
        loader=jinja2.DictLoader(INHERITED), autoescape=True, finalize=without_controls
    )
    fast_env = SiteEnvironment(
        loader=jinja2.DictLoader(INHERITED), autoescape=True, finalize=without_controls
    )
    plain = plain_env.get_template(template).render(values)
    fast = fast_env.get_template(template).render(values)
    assert "O&#39;Neil &lt;b&gt;" in plain
    assert fast == plain
    code = fast_env.compile(fast_env.loader.get_source(fast_env, template)[0], raw=True)
    assert "yield concat(" in code


def test_a_block_yields_once() -> None:
    env = SiteEnvironment(loader=jinja2.DictLoader(INHERITED), autoescape=True)
    code = env.compile(INHERITED["child.html"], raw=True)
    body = code[code.index("def block_body") :]
    # One list for the whole block, one yield when it ends (its "if 0: yield None"
    # only makes the function a generator).
    assert body.count("yield concat(") == 1 and "yield " not in body.replace(
        "yield concat(", ""
    ).replace("if 0: yield None", "")


class _Record:
    """An object whose attributes a template reads: plain, slotted, property, failing."""

    __slots__ = ("name", "items")

    def __init__(self) -> None:
        self.name = "R&D"
        self.items = {"keys": "dict key, not the method", "a": 1}

    @property
    def broken(self) -> str:
        raise AttributeError("no broken")

    def __getitem__(self, key: str) -> str:
        return f"item {key}"


ATTRIBUTES = [
    "{{ r.name }}|{{ r.items.a }}|{{ d.key }}|{{ d['key'] }}|{{ d.items is defined }}",
    # getattr fails, then r["broken"] answers (Jinja's fallback to a subscript)
    "{{ r.broken }}|{{ r.other }}",
    "{{ d.nothing is defined }}|{{ d.nothing is undefined }}|{{ (d.nothing or 'x') }}",
    "{{ d.nothing|default('fallback') }}|{% if d.nothing %}yes{% else %}no{% endif %}",
    "{{ names.0 }}{{ s.upper() }}{{ (r.name ~ '!').lower() }}{{ d.sub.deep }}",
    "{% for x in [r, r] %}{{ loop.index }}{{ x.name }}{% if loop.first %},{% endif %}{% endfor %}",
    "{% macro m(o) %}{{ o.name }}{{ caller(o) }}{% endmacro %}"
    "{% call(v) m(r) %}[{{ v.items.a }}]{% endcall %}",
    "{% set ns = namespace(n=1) %}{% set ns.n = ns.n + 1 %}{{ ns.n }}",
    "{{ (1, 2).count(1) }}|{{ 'abc'.upper is callable }}",
    "{{ d.nothing }}",  # prints nothing (Undefined), or fails under StrictUndefined
    "{{ d.nothing.deeper }}",  # undefined.attribute: an error in both
    "{{ nothing.name }}",
]


@pytest.mark.parametrize("undefined", [jinja2.Undefined, jinja2.StrictUndefined])
@pytest.mark.parametrize("source", ATTRIBUTES)
def test_attribute_access_like_jinja(source: str, undefined: type[jinja2.Undefined]) -> None:
    # codegen.py reads ``a.b`` with Python's getattr and falls back to Jinja's rules
    # (a["b"], then Undefined); the page, or the error, must be Jinja's.
    values = {
        "r": _Record(),
        "d": {"key": "<v>", "items": 3, "sub": {"deep": "deep"}},
        "names": ["first"],
        "s": "text",
    }
    outcomes = []
    for env_class in (jinja2.Environment, SiteEnvironment):
        env = env_class(autoescape=True, finalize=without_controls, undefined=undefined)
        try:
            outcomes.append(env.from_string(source).render(values))
        except jinja2.UndefinedError as exc:
            outcomes.append(f"UndefinedError: {exc}")
    assert outcomes[1] == outcomes[0]


def test_attribute_access_hand_checked() -> None:
    env = SiteEnvironment(autoescape=True, finalize=without_controls)
    template = env.from_string(ATTRIBUTES[0] + "|" + ATTRIBUTES[1])
    # r.items.a reads the dict's key "a"; d.items is the key "items", not dict.items.
    assert template.render(r=_Record(), d={"key": "<v>", "items": 3}) == (
        "R&amp;D|1|&lt;v&gt;|&lt;v&gt;|True|item broken|item other"
    )
    code = env.compile("{{ r.name }}", raw=True)
    assert "getattr(" in code and "environment.getattr(" in code  # fast read, Jinja's fallback


CALLS = [
    "{% macro m(a, b=0) %}{{ a }}{{ b }}{{ varargs }}{{ kwargs }}{% endmacro %}"
    "{{ m(*[1, 2, 3]) }}|{{ m(1, **{'b': 5, 'z': 9}) }}|{{ m(b=2, a='<') }}",
    "{{ dict(class='x')['class'] }}|{{ range(3)|list }}|{{ s.replace('t', 'T') }}",
    "{% macro m(a) %}{{ a }}{% endmacro %}{% for x in [1, 2] %}{% set y = x * 2 %}"
    "{{ m(y) }}{{ show() }}{% endfor %}{{ show() }}",
    "{% macro row(n) %}<{{ caller(n, n + 1) }}>{% endmacro %}"
    "{% call(a, b) row(1) %}{{ a }}-{{ b }}{% endcall %}"
    "{% call(a, b) row(5) %}{{ b }}{% endcall %}",
    "{{ nothing() }}",
]


@pytest.mark.parametrize("source", CALLS)
def test_calls_like_jinja(source: str) -> None:
    # codegen.py calls macros directly and everything else through context.call:
    # pass_context functions still see the loop's variables, varargs and kwargs work.
    @jinja2.pass_context
    def show(context: jinja2.runtime.Context) -> str:
        return f"[{context.get('y', '-')}]"

    outcomes = []
    for env_class in (jinja2.Environment, SiteEnvironment):
        env = env_class(autoescape=True, finalize=without_controls)
        try:
            outcomes.append(env.from_string(source).render(show=show, s="text"))
        except jinja2.UndefinedError as exc:
            outcomes.append(f"UndefinedError: {exc}")
    assert outcomes[1] == outcomes[0]


def test_calls_hand_checked() -> None:
    env = SiteEnvironment(autoescape=True, finalize=without_controls)
    # varargs collects the surplus 3; the dict key z lands in kwargs; '<' is escaped.
    assert env.from_string(CALLS[0]).render() == "12(3,){}|15(){&#39;z&#39;: 9}|&lt;2(){}"
    # the loop's y reaches the pass_context global, which Jinja's context.call derives
    assert (
        env.from_string(CALLS[2]).render(show=jinja2.pass_context(lambda c: f"[{c.get('y', '-')}]"))
        == "2[2]4[4][-]"
    )
    code = env.compile("{{ m(1) }}", raw=True)
    assert "in environment.direct_calls else context.call(" in code


def test_sort_keys_hand_checked() -> None:
    env = _env()
    template = env.from_string("{% for v in values %}{{ v|sortkey }}|{% endfor %}")
    # Numbers as Python's shortest float repr (7 -> 7.0), True -> 1, None -> empty
    # (sorts last), text escaped as any printed value.
    values = [7, 6.5, -0.0, True, None, "A&B", 10**20]
    assert template.render(values=values) == "7.0|6.5|-0.0|1||A&amp;B|1e+20|"


def test_plain_text_filters_print_like_jinja() -> None:
    env = make_environment(theme_chain(find_theme("default")), "de")
    source = (
        "{{ a|points }} {{ b|number }} {{ c|number(1) }} {{ none|points }} "
        "{{ a|points|e }} {{ (b|number) ~ '<' }}{% autoescape false %}{{ b|number }}"
        "{% endautoescape %}"
    )
    plain_env = jinja2.Environment(autoescape=True, finalize=without_controls)
    plain_env.filters.update(env.filters)
    values = {"a": 6.5, "b": 31.25, "c": 2.25, "none": None}
    # German decimal comma: 6½ stays a fraction, 31.25 -> 31,25, 2.25 to 1 digit -> 2,2
    # (format() rounds half to even on the binary value), None -> dash.
    expected = "6\u00bd 31,25 2,2 \u2013 6\u00bd 31,25&lt;31,25"
    assert plain_env.from_string(source).render(values) == expected
    assert env.from_string(source).render(values) == expected
    code = env.compile("{{ a|points }}{{ a|number }}", raw=True)
    assert "print_value" not in code


def _globals_steps(env: jinja2.Environment) -> list[str]:
    env.globals["greeting"] = "hi"
    page = env.get_template("page.html")
    seen = [page.render(who="<a>"), page.render(who="b")]
    # Globals changed after the first render (Jinja asks for none): the page sees
    # them; the imported macros keep the module made at their first import.
    env.globals["other"] = 1
    env.globals["greeting"] = "hello"
    seen.append(page.render(who="c"))
    # A template with globals of its own, a new one among them: the macros get a
    # module of their own that sees it.
    own = env.from_string(
        '{% from "macros.html" import hello %}{{ hello(1) }}', globals={"greeting2": "x"}
    )
    seen.append(own.render())
    return seen


def test_templates_read_their_globals_once_like_jinja() -> None:
    """SiteTemplate keeps a flat copy of its globals; renders print what Jinja prints."""
    templates = {
        "macros.html": "{% macro hello(x) %}[{{ x }} {{ greeting }}{{ greeting2 }}]{% endmacro %}",
        "page.html": '{% from "macros.html" import hello %}{{ hello(who) }} {{ greeting }}',
    }
    site = _globals_steps(SiteEnvironment(loader=jinja2.DictLoader(templates), autoescape=True))
    plain = _globals_steps(jinja2.Environment(loader=jinja2.DictLoader(templates), autoescape=True))
    assert site == plain
    assert site == ["[&lt;a&gt; hi] hi", "[b hi] hi", "[c hi] hello", "[1 hellox]"]
