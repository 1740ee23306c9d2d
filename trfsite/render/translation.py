"""Translation in templates: ``_()``, ``ngettext()``, ``label()`` and compile-time ``_("...")``.

The catalog is fixed per environment (one per language); see ``render.i18n``.
"""

from __future__ import annotations

from collections.abc import Iterable

import jinja2.ext
from jinja2.lexer import Token, TokenStream

from trfsite.render.i18n import Catalog
from trfsite.results import N_


class Translate:
    """The ``_()`` and ``gettext()`` of templates: the catalog's text, ``{name}`` filled.

    Without values the text is returned as it is, which is what ``{% trans %}``
    blocks (``%(name)s`` placeholders) expect.
    """

    __slots__ = ("catalog",)

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def __call__(self, message: str, **values: object) -> str:
        return self.catalog.gettext(message, **values)


class TranslatePlural:
    """The ``ngettext(singular, plural, n, **values)`` of templates; ``{n}`` is filled."""

    __slots__ = ("catalog",)

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def __call__(self, singular: str, plural: str, n: int, **values: object) -> str:
        if not values and "{" not in singular:  # a {% trans count=... %} block: %-style
            return self.catalog.translations.ngettext(singular, plural, n)
        return self.catalog.ngettext(singular, plural, n, **values)


class Label:
    """``label("kind-team")``: the translated name of a code the site's data carries."""

    __slots__ = ("catalog",)

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def __call__(self, code: str) -> str:
        return self.catalog.translate(CODE_LABELS.get(code, code))


# Codes that pages show by name (an event's kind, a finding's severity, a pairing
# system), with the English name that is the message id.
CODE_LABELS: dict[str, str] = {
    "kind-individual": N_("Individual"),
    "kind-team": N_("Team"),
    "kind-go": N_("Go"),
    "severity-error": N_("error"),
    "severity-warning": N_("warning"),
    "severity-info": N_("note"),
    "system-swiss": N_("Swiss system"),
    "system-round-robin": N_("Round robin"),
    "system-mcmahon": N_("McMahon"),
    "history-name": N_("Name"),
    "history-federation": N_("Federation"),
    "history-club": N_("Club"),
    "history-title": N_("Title"),
}


# Token types, as Jinja's extension documentation spells them (``Token.type``).
_DOT, _LPAREN, _NAME, _RPAREN, _STRING = "dot", "lparen", "name", "rparen", "string"


class ConstantTranslations(jinja2.ext.Extension):
    """``_("literal")`` translated once, when a template is compiled.

    The catalog is fixed per environment (one per language), so the text is a
    constant; the page then carries it as template data instead of a call on
    every render. A template that binds ``_`` itself (``{% set _ = ... %}``, a
    macro parameter, an import) is compiled as written.
    """

    def filter_stream(self, stream: TokenStream) -> Iterable[Token]:
        tokens = list(stream)
        translate = self.environment.globals.get("_")
        if not isinstance(translate, Translate) or not _only_called(tokens):
            return tokens
        folded: list[Token] = []
        index = 0
        while index < len(tokens):
            token = tokens[index]
            if _is_name(tokens, index) and [t.type for t in tokens[index + 1 : index + 4]] == [
                _LPAREN,
                _STRING,
                _RPAREN,
            ]:
                folded.append(Token(token.lineno, _STRING, translate(tokens[index + 2].value)))
                index += 4
            else:
                folded.append(token)
                index += 1
        return folded


def _is_name(tokens: list[Token], index: int) -> bool:
    """``tokens[index]`` is the name ``_`` (not an attribute ``x._``)."""
    token = tokens[index]
    after_dot = index > 0 and tokens[index - 1].type == _DOT
    return token.type == _NAME and token.value == "_" and not after_dot


def _only_called(tokens: list[Token]) -> bool:
    """Every ``_`` in the template is called: none is assigned, imported or a parameter."""
    return all(
        index + 1 < len(tokens) and tokens[index + 1].type == _LPAREN
        for index in range(len(tokens))
        if _is_name(tokens, index)
    )
