"""Shared fixtures: the site's environment for the bulletin theme, and rendered PDFs."""

from __future__ import annotations

import jinja2
import pytest
from pdf_events import INDIVIDUAL_DATA, TEAM_DATA
from pdfhelpers import RenderedPdf, read_pdf

from trfsite.pdf import render_bulletin
from trfsite.render.environment import make_environment
from trfsite.render.theme import find_theme, theme_chain


@pytest.fixture(scope="session")
def bulletin_env() -> jinja2.Environment:
    return make_environment(theme_chain(find_theme("bulletin")), "en")


@pytest.fixture(scope="session")
def individual_pdf(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(INDIVIDUAL_DATA, bulletin_env))


@pytest.fixture(scope="session")
def team_pdf(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(TEAM_DATA, bulletin_env))
