"""The site's render helpers print what the plain form prints.

Memoized macros and cached number filters exist for speed only; the printing of
values (``finalize``: control characters out, Notes in the page's language) is
checked with hand-written expected text.
"""

from __future__ import annotations

import jinja2
import pytest
from markupsafe import Markup

from trfsite.render.environment import (
    Memoized,
    has_control,
    make_environment,
    without_controls,
)
from trfsite.render.theme import find_theme, theme_chain
from trfsite.results import Note


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


@pytest.mark.parametrize(
    "prefix",
    ["", "line\n", "\u00e9\n", "\u00bd\u00a0\ud800\n"],
    ids=["alone", "ascii", "not-ascii", "c2-lead-bytes-and-a-surrogate"],
)
def test_has_control_agrees_with_the_pattern_on_every_character(prefix: str) -> None:
    # The ASCII way (bytes) and the pattern must find the same characters: C0 but for
    # tab, LF and CR, DEL and C1 (U+0080-U+009F, in non-ASCII text only). The last
    # prefix holds UTF-8 lead bytes C2 (½, no-break space) that are no C1 character.
    controls = {c for c in range(0x200) if (c < 0x20 and c not in (9, 10, 13)) or 0x7F <= c <= 0x9F}
    for code in range(0x200):
        text = prefix + "x" + chr(code) + "y"
        assert has_control(text) is (code in controls), (prefix, hex(code))


def test_calls_keep_jinja_semantics() -> None:
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


def test_printed_values_hand_checked() -> None:
    env = _env()
    template = env.from_string("{{ a }}|{{ b }}|{{ c }}|{{ d }}")
    # markupsafe's replacements; C0/C1 controls become U+FFFD (in Markup too), tab and
    # newline stay; a number prints as it is.
    assert template.render(
        a='O\'Neil & <Sons> "q"', b="a\x07b\x85c\td\n", c=Markup("<i>\x1b</i>"), d=12
    ) == ("O&#39;Neil &amp; &lt;Sons&gt; &#34;q&#34;|a\ufffdb\ufffdc\td\n|<i>\ufffd</i>|12")


def test_a_note_printed_without_the_filter_is_in_the_page_language() -> None:
    env = make_environment(theme_chain(find_theme("default")), "de")
    # "Standings" is "Tabelle" in the German catalog (see test_translations_in_german)
    assert env.from_string("{{ n }}|{{ n|note }}").render(n=Note("Standings")) == (
        "Tabelle|Tabelle"
    )
