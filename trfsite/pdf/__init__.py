"""The printable bulletin: one PDF per event, drawn by WeasyPrint through the theme.

The template ``bulletin.html`` (the ``bulletin`` theme, or any theme in the
chain) receives one typed context, ``page`` (:class:`trfsite.pdf.view.BulletinView`).
Its stylesheet and images are looked up in the theme chain's ``static/``
folders; nothing else is fetched, so no network access happens and the output
depends only on the input: two renders of the same data give the same bytes.
"""

from __future__ import annotations

import logging
import mimetypes
import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import jinja2

from trfsite.pdf.lines import LINE_MODE_CELLS, build_lines, rich_cells
from trfsite.pdf.text import PointsFormat, number_text, points_text
from trfsite.pdf.view import BulletinView, build_view

if TYPE_CHECKING:
    from trfsite.pages.contexts import BulletinData

logger = logging.getLogger(__name__)

TEMPLATE = "bulletin.html"
# Relative links in the template (``bulletin.css``) resolve under this made-up
# folder; the fetcher maps it onto the theme chain's static folders.
STATIC_BASE = "file:///trfsite-theme-static/"
GENERATOR = "trfsite"
_W3C_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?)?)?)?$")


class BulletinError(Exception):
    """The bulletin could not be drawn (a template or the theme is broken)."""


# --------------------------------------------------------------------------- theme files
def _loader_folders(loader: jinja2.BaseLoader | None) -> Iterator[Path]:
    """Template folders of a loader, nearest theme first."""
    if isinstance(loader, jinja2.FileSystemLoader):
        for folder in loader.searchpath:
            yield Path(folder)
    elif isinstance(loader, jinja2.ChoiceLoader):
        for inner in loader.loaders:
            yield from _loader_folders(inner)
    elif isinstance(loader, jinja2.PrefixLoader):
        for inner in loader.mapping.values():
            yield from _loader_folders(inner)


def static_folders(env: jinja2.Environment) -> tuple[Path, ...]:
    """The ``static/`` folder beside each theme's ``templates/``, in lookup order."""
    seen: dict[Path, None] = {}
    for templates in _loader_folders(env.loader):
        static = (templates.parent / "static").resolve()
        if static.is_dir():
            seen.setdefault(static, None)
    return tuple(seen)


def _theme_file(folders: tuple[Path, ...], name: str) -> Path | None:
    """A file of the theme chain by relative name; never outside a static folder."""
    for folder in folders:
        candidate = (folder / name).resolve()
        if candidate.is_relative_to(folder) and candidate.is_file():
            return candidate
    return None


def _make_fetcher(folders: tuple[Path, ...]) -> Any:
    """A WeasyPrint URL fetcher that serves theme files and refuses everything else."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class ThemeFetcher(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: dict[str, str] | None = None) -> Any:
            if url.startswith("data:"):
                return super().fetch(url, headers)
            if url.startswith(STATIC_BASE):
                name = url[len(STATIC_BASE) :].split("?", 1)[0].split("#", 1)[0]
                found = _theme_file(folders, name)
                if found is None:
                    searched = ", ".join(str(f) for f in folders) or "no static folder"
                    raise ValueError(f"theme file {name!r} not found in {searched}")
                kind = mimetypes.guess_type(found.name)[0] or "application/octet-stream"
                return URLFetcherResponse(url, found.read_bytes(), headers={"Content-Type": kind})
            # The bulletin must print the same offline as online: no fetching.
            raise ValueError(f"refused to fetch {url!r}: the bulletin only uses theme files")

    return ThemeFetcher(allowed_protocols={"file", "data"})


# --------------------------------------------------------------------------- rendering
def _environment_for(env: jinja2.Environment) -> jinja2.Environment:
    """The caller's environment, with fallbacks for what a bare one lacks.

    The site's ``make_environment`` provides ``_`` and the filters; a plain
    environment (tests, other tools) gets English and the default spelling.
    Done on an overlay so the caller's environment is left as it was.
    """
    needed = ("points", "number", "note", "date")
    if "_" in env.globals and all(name in env.filters for name in needed):
        return env
    overlay = env.overlay(cache_size=0)
    overlay.globals = {"_": _english, **env.globals}
    fallbacks = {"points": points_text, "number": number_text, "note": str, "date": str}
    overlay.filters = {**fallbacks, **env.filters}
    return overlay


def _english(message: str, **values: object) -> str:
    return message.format(**values) if values else message


def _filter(env: jinja2.Environment, name: str, fallback: PointsFormat) -> PointsFormat:
    found: Callable[..., str] | None = env.filters.get(name)
    return fallback if found is None else found


def bulletin_view(
    data: BulletinData, env: jinja2.Environment, line_mode: bool | None = None
) -> BulletinView:
    """The typed context the bulletin template receives.

    ``line_mode`` None chooses by size (:data:`trfsite.pdf.lines.LINE_MODE_CELLS`).
    """
    view = build_view(
        data, _filter(env, "points", points_text), _filter(env, "number", number_text)
    )
    if line_mode is None:
        line_mode = rich_cells(view) > LINE_MODE_CELLS
    if not line_mode:
        return view
    found = env.globals.get("_")
    translate = cast("Callable[..., str]", found) if callable(found) else _english
    return replace(view, lines=build_lines(view, translate))


def bulletin_html(
    data: BulletinData, env: jinja2.Environment, line_mode: bool | None = None
) -> str:
    """The bulletin as HTML, before WeasyPrint lays it out."""
    env = _environment_for(env)
    try:
        template = env.get_template(TEMPLATE)
    except jinja2.TemplateNotFound as error:
        raise BulletinError(
            f"template {TEMPLATE!r} not found in the theme chain; "
            "expected a theme that extends 'bulletin' or ships its own bulletin.html"
        ) from error
    return template.render(page=bulletin_view(data, env, line_mode))


def _pdf_date(build_date: str) -> str | None:
    text = build_date.strip()
    if _W3C_DATE.match(text):
        return text
    if text:
        logger.warning("build date %r is not an ISO date; the PDF gets no dates", build_date)
    return None


def render_bulletin(
    data: BulletinData, env: jinja2.Environment, line_mode: bool | None = None
) -> bytes:
    """The bulletin PDF of one event; the same data always gives the same bytes."""
    return pdf_from_html(bulletin_html(data, env, line_mode), data.build_date, env)


def pdf_from_html(html: str, build_date: str, env: jinja2.Environment) -> bytes:
    """The PDF of a bulletin's HTML (from ``bulletin_html`` with the same ``env``)."""
    return _write(_renderer(env)(html), build_date)


def _renderer(env: jinja2.Environment) -> Callable[[str], Any]:
    """WeasyPrint's layout of a bulletin's HTML, its files from the theme chain only."""
    from weasyprint import HTML

    fetcher = _make_fetcher(static_folders(env))

    def render(html: str) -> Any:
        return HTML(string=html, base_url=STATIC_BASE, url_fetcher=fetcher).render()

    return render


def _write(document: Any, build_date: str) -> bytes:
    # WeasyPrint dates the PDF only from the HTML's meta tags; set them here so
    # a theme cannot make the output depend on the clock.
    date = _pdf_date(build_date)
    document.metadata.created = date
    document.metadata.modified = date
    document.metadata.generator = GENERATOR
    # the /ID is a hash of the content, not random
    pdf: bytes = document.write_pdf(pdf_identifier=True)
    return pdf
