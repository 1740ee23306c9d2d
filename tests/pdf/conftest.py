"""Shared fixtures: the site's environment for the bulletin theme, and rendered PDFs."""

from __future__ import annotations

import io
from dataclasses import dataclass

import jinja2
import pypdf
import pytest
from pdf_events import INDIVIDUAL_DATA, TEAM_DATA

from trfsite.pdf import render_bulletin
from trfsite.render import make_environment
from trfsite.theme import find_theme, theme_chain


@dataclass(frozen=True)
class RenderedPdf:
    data: bytes
    reader: pypdf.PdfReader
    pages: tuple[str, ...]  # extracted text, page 1 first

    def page_of(self, heading: str) -> int:
        """1-based number of the first page after the cover with a line ``heading``."""
        for number, text in enumerate(self.pages[1:], start=2):
            if any(line.strip() == heading for line in text.splitlines()):
                return number
        raise AssertionError(f"no page has a line {heading!r}")


def read_pdf(data: bytes) -> RenderedPdf:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return RenderedPdf(data, reader, tuple(p.extract_text() for p in reader.pages))


@pytest.fixture(scope="session")
def bulletin_env() -> jinja2.Environment:
    return make_environment(theme_chain(find_theme("bulletin")), "en")


@pytest.fixture(scope="session")
def individual_pdf(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(INDIVIDUAL_DATA, bulletin_env))


@pytest.fixture(scope="session")
def team_pdf(bulletin_env: jinja2.Environment) -> RenderedPdf:
    return read_pdf(render_bulletin(TEAM_DATA, bulletin_env))
