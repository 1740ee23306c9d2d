"""The printable bulletin: one PDF per event, drawn by WeasyPrint through the theme.

The template ``bulletin.html`` (the ``bulletin`` theme, or any theme in the
chain) receives one typed context, ``page`` (:class:`trfsite.pdf.view.BulletinView`).
Its stylesheet and images are looked up in the theme chain's ``static/``
folders; nothing else is fetched (:mod:`trfsite.pdf.layout`), so the output
depends only on the input: two renders of the same data give the same bytes.
A long bulletin is laid out as several documents, in parallel when the caller
allows it, and merged (:mod:`trfsite.pdf.documents`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

import jinja2

from trfsite.pdf import documents
from trfsite.pdf.layout import STATIC_BASE, lay_out, make_fetcher, pdf_date
from trfsite.pdf.lines import LINE_MODE_CELLS, build_lines, rich_cells
from trfsite.pdf.text import PointsFormat, number_text, points_text
from trfsite.pdf.view import BulletinView, PartView, build_view

if TYPE_CHECKING:
    from trfsite.pages.contexts import BulletinData

__all__ = [
    "STATIC_BASE",
    "BulletinError",
    "bulletin_html",
    "bulletin_view",
    "make_fetcher",
    "render_bulletin",
    "static_folders",
]

logger = logging.getLogger(__name__)

TEMPLATE = "bulletin.html"


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
    """The typed context the bulletin template receives: the whole bulletin.

    ``line_mode`` None chooses by size (:data:`trfsite.pdf.lines.LINE_MODE_CELLS`).
    """
    view = build_view(
        data, _filter(env, "points", points_text), _filter(env, "number", number_text)
    )
    view = replace(view, part=PartView(view.sections()))
    if line_mode is None:
        line_mode = rich_cells(view) > LINE_MODE_CELLS
    if not line_mode:
        return view
    found = env.globals.get("_")
    translate = cast("Callable[..., str]", found) if callable(found) else _english
    return replace(view, lines=build_lines(view, translate))


def _template(env: jinja2.Environment) -> jinja2.Template:
    try:
        return env.get_template(TEMPLATE)
    except jinja2.TemplateNotFound as error:
        raise BulletinError(
            f"template {TEMPLATE!r} not found in the theme chain; "
            "expected a theme that extends 'bulletin' or ships its own bulletin.html"
        ) from error


def bulletin_html(
    data: BulletinData, env: jinja2.Environment, line_mode: bool | None = None
) -> str:
    """The whole bulletin as the HTML of one document, before WeasyPrint lays it out."""
    env = _environment_for(env)
    template = _template(env)
    return template.render(page=bulletin_view(data, env, line_mode))


def render_bulletin(
    data: BulletinData,
    env: jinja2.Environment,
    line_mode: bool | None = None,
    *,
    parallel: bool = False,
) -> bytes:
    """The bulletin PDF of one event; the same data always gives the same bytes.

    ``parallel``: a long bulletin's documents are laid out by worker processes
    forked from this one (where the system forks), for a caller that runs no other
    thread. Laid out here, one after another, they give the same bytes.
    """
    env = _environment_for(env)
    template = _template(env)
    view = bulletin_view(data, env, line_mode)
    folders = static_folders(env)
    if data.build_date.strip() and pdf_date(data.build_date) is None:
        logger.warning("build date %r is not an ISO date; the PDF gets no dates", data.build_date)

    def html(part_view: BulletinView) -> str:
        return template.render(page=part_view)

    found = documents.pieces(view)
    if found is None:
        return lay_out(html(view), folders, data.build_date).pdf
    return documents.render(view, found, html, folders, data.build_date, parallel)
