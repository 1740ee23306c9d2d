"""Pages about the site's languages: the default title in each, and the language choice."""

from __future__ import annotations

from trfsite import __version__
from trfsite.pages.config import DEFAULT_TITLE, SiteConfig
from trfsite.render.page_meta import PageMeta, SiteInfo
from trfsite.render.theme import Theme, static_files
from trfsite.site.writer import SiteWriter


def site_title(config: SiteConfig, language: str) -> str:
    """The configured title; the default one in the site's language."""
    if config.title != DEFAULT_TITLE:
        return config.title
    from trfsite.render.i18n import load_catalog

    return load_catalog(language).gettext(DEFAULT_TITLE)


def write_language_choice(
    writer: SiteWriter,
    chain: tuple[Theme, ...],
    config: SiteConfig,
    languages: tuple[str, ...],
    built_on: str,
) -> int:
    """OUT/index.html of a site in several languages: a link to each, in its own language."""
    from trfsite.pages.contexts import LanguageChoicePage
    from trfsite.render.environment import render_page
    from trfsite.site.event_build import environment

    site = SiteInfo(
        site_title(config, languages[0]),
        languages[0],
        config.base_url,
        built_on,
        f"trfsite {__version__}",
        languages,
        config.base_url,
        people=False,  # each language has its own people pages, under OUT/<language>/
    )
    page = LanguageChoicePage(PageMeta(site, site.title, "", "", "languages", "index.html"))
    env = environment(tuple(t.path for t in chain), languages[0])
    writer.write_text("index.html", render_page(env, "languages.html", page))
    for relative, source in static_files(chain):
        writer.copy_file(f"static/{relative}", source)
    return 1
