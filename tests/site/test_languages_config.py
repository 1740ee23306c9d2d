"""``language`` and ``languages`` in trfsite.toml."""

from __future__ import annotations

import pytest

from trfsite.pages.config import ConfigError, parse_config


def test_one_language_stays_at_the_top_of_the_site() -> None:
    config = parse_config('language = "pl"\n')
    assert config.language == "pl"
    assert config.languages == ()
    assert config.site_languages() == ("pl",)


def test_several_languages_the_first_is_the_default() -> None:
    config = parse_config('languages = ["fr", "en", "tr"]\n')
    assert config.language == "fr"
    assert config.site_languages() == ("fr", "en", "tr")


def test_a_list_of_one_is_one_language() -> None:
    config = parse_config('languages = ["cs"]\n')
    assert (config.language, config.languages) == ("cs", ())


def test_language_agreeing_with_languages() -> None:
    assert parse_config('language = "de"\nlanguages = ["de", "en"]\n').language == "de"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('languages = ["en", "xx"]\n', "languages: 'xx' has no message catalog; expected one of:"),
        ('languages = "en"\n', "languages: 'en' is not a list of language codes"),
        ("languages = []\n", "languages: [] is not a list of language codes"),
        ('languages = ["en", "en"]\n', "names a language twice"),
        ('language = "fr"\nlanguages = ["de", "fr"]\n', "differs from the first of languages"),
        ('language = "sv"\n', "language: 'sv' has no message catalog"),
    ],
)
def test_mistakes_are_named(text: str, expected: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    assert any(expected in problem for problem in caught.value.problems), caught.value.problems
