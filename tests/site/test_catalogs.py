"""The gettext catalogs: complete, exact placeholders, right plural forms, compiled, up to date.

After adding or changing a text, ``scripts/update-catalogs.sh`` brings every
catalog up to date; these tests then list what is left to translate.
"""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.catalog import Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from pohelpers import LANGUAGES, LOCALE, read_catalog
from sitehelpers import ROOT

from trfsite.render.i18n import known_languages, load_catalog

# The twelve languages issue 14 asks for; more may come (see the README).
REQUIRED = {"en", "de", "fr", "es", "it", "nl", "pl", "cs", "hu", "ru", "pt", "tr"}
_FIELD = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[a-z]")


def _ids(message: Message) -> tuple[str, ...]:
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def _forms(message: Message) -> tuple[str, ...]:
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


def test_every_required_language_ships_a_compiled_catalog() -> None:
    assert set(LANGUAGES) >= REQUIRED
    assert set(LANGUAGES) == set(known_languages())


def test_the_template_holds_every_text_of_the_code_and_themes() -> None:
    """A text added without running scripts/update-catalogs.sh is found here."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    extracted = {
        message if isinstance(message, str) else message[0]
        for _, _, message, _, _ in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=_KEYWORDS
        )
        if message
    }
    in_template = {i for m in read_catalog_template() if m.id for i in _ids(m)[:1]}
    assert len(extracted) > 300  # the mapping found the templates and the code
    assert sorted(extracted - in_template) == [], "run scripts/update-catalogs.sh"
    assert sorted(in_template - extracted) == [], "run scripts/update-catalogs.sh"


_KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "Note": None,
    "N_": None,
}


def read_catalog_template() -> list[Message]:
    from babel.messages.pofile import read_po

    with (LOCALE / "trfsite.pot").open("rb") as f:
        return list(read_po(f))


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_is_complete_and_exact(language: str) -> None:
    template = {m.id for m in read_catalog_template() if m.id}
    catalog = read_catalog(language)
    problems = []
    messages = {m.id: m for m in catalog if m.id}
    for missing in sorted(template - set(messages), key=str):
        problems.append(f"missing: {missing!r}")
    nplurals = get_plural(language).num_plurals
    for message in messages.values():
        forms = _forms(message)
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if not all(forms):
            problems.append(f"empty: {message.id!r}")
            continue
        if not isinstance(message.id, str) and len(forms) != nplurals:
            problems.append(f"{len(forms)} plural forms, expected {nplurals}: {message.id!r}")
        wanted = sorted(_FIELD.findall(_ids(message)[0]))
        for form in forms:
            if sorted(_FIELD.findall(form)) != wanted:
                problems.append(f"placeholders {wanted} broken in {form!r} ({message.id!r})")
    assert problems == [], f"{language}: {len(problems)} problem(s)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_rule_in_the_header_is_babels(language: str) -> None:
    """CLDR via Babel: Polish, Czech and Russian have three forms, Hungarian and Turkish one."""
    catalog = read_catalog(language)
    rule = get_plural(language)
    assert catalog.num_plurals == rule.num_plurals
    assert catalog.plural_expr == rule.plural_expr


@pytest.mark.parametrize("language", LANGUAGES)
def test_shipped_mo_is_compiled_from_the_po(language: str) -> None:
    """``pip install .`` ships the .mo files; one left behind its .po is a stale page text."""
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(language))
    shipped = (LOCALE / language / "LC_MESSAGES" / "trfsite.mo").read_bytes()
    assert shipped == compiled.getvalue(), "run scripts/update-catalogs.sh"


@pytest.mark.parametrize(
    ("language", "n", "expected"),
    [
        # Polish (CLDR): one for 1; few for 2-4, 22-24, ... but not 12-14; many otherwise.
        ("pl", 1, "1 błąd"),
        ("pl", 3, "3 błędy"),
        ("pl", 5, "5 błędów"),
        ("pl", 13, "13 błędów"),
        ("pl", 22, "22 błędy"),
        # Russian: one for 1, 21, 31 ... (not 11); few for 2-4, 22-24 ...; many otherwise.
        ("ru", 21, "21 ошибка"),
        ("ru", 11, "11 ошибок"),
        ("ru", 24, "24 ошибки"),
        # Czech: one for 1; few for 2-4; other for 0 and 5+.
        ("cs", 4, "4 chyby"),
        ("cs", 5, "5 chyb"),
        # French: 0 and 1 take the singular; Hungarian and Turkish never inflect after a number.
        ("fr", 0, "0 erreur"),
        ("fr", 2, "2 erreurs"),
        ("hu", 7, "7 hiba"),
        ("tr", 7, "7 hata"),
        ("en", 1, "1 error"),
        ("en", 0, "0 errors"),
        # CLDR 47 (Babel 2.19): Spanish, French, Italian and Portuguese have a "many"
        # form for whole millions; French and Portuguese count 0 as "one".
        ("es", 1, "1 error"),
        ("es", 2, "2 errores"),
        ("es", 1000000, "1000000 de errores"),
        ("fr", 2000000, "2000000 d’erreurs"),
        ("it", 1000001, "1000001 errori"),
        # Hungarian and Turkish: "one" and "other", the noun unchanged after a number.
        ("hu", 1, "1 hiba"),
        ("hu", 5, "5 hiba"),
        ("pl", 12, "12 błędów"),
    ],
)
def test_plural_forms(language: str, n: int, expected: str) -> None:
    assert load_catalog(language).ngettext("{n} error", "{n} errors", n) == expected


def test_templates_have_ngettext_and_trans_blocks() -> None:
    from trfsite.render.environment import make_environment
    from trfsite.render.theme import find_theme, theme_chain

    env = make_environment(theme_chain(find_theme("default")), "pl")
    counted = env.from_string('{{ ngettext("{n} error", "{n} errors", n) }}')
    # Polish: 1 błąd, 2-4 błędy, 5+ błędów (see test_plural_forms).
    assert [counted.render(n=n) for n in (1, 3, 5)] == ["1 błąd", "3 błędy", "5 błędów"]
    # {% trans %} (jinja2.ext.i18n, %-placeholders): a text not in the catalog stays English.
    block = env.from_string(
        "{% trans count=n %}{{ count }} game{% pluralize %}{{ count }} games{% endtrans %}"
    )
    assert block.render(n=1) == "1 game"
    assert env.from_string('{{ _("Round {n}", n=3) }}').render() == "Runda 3"
