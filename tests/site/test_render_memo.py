"""Memoized macros and cached number filters print exactly what the plain ones print."""

from __future__ import annotations

import jinja2
from markupsafe import Markup

from trfsite.render import Memoized, make_environment
from trfsite.theme import find_theme, theme_chain


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
