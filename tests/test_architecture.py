"""The layers of ARCHITECTURE.md, as stated in pyproject.toml's import-linter contracts.

A new import circle, or an import pointing up the pipeline, fails here rather than
in a review. The second test proves the contracts can fail: it adds one offending
import to the real graph and expects the named contract to break.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import grimp
import pytest
from importlinter import configuration
from importlinter.adapters.building import GraphBuilder
from importlinter.application.app_config import settings
from importlinter.application.use_cases import lint_imports

ROOT = Path(__file__).resolve().parent.parent
CONFIG = str(ROOT / "pyproject.toml")


class _GraphWithExtraImport(GraphBuilder):  # type: ignore[misc]
    """The real import graph plus one import that the code does not have."""

    def __init__(self, importer: str, imported: str) -> None:
        self.importer = importer
        self.imported = imported

    def build(self, *args: Any, **kwargs: Any) -> grimp.ImportGraph:
        graph = super().build(*args, **kwargs)
        if self.imported not in graph.modules:
            graph.add_module(self.imported, is_squashed=True)  # an external package
        graph.add_import(importer=self.importer, imported=self.imported)
        return graph


@pytest.fixture(autouse=True)
def _fresh_settings() -> Any:
    configuration.configure()
    yield
    configuration.configure()


def test_the_contracts_hold(capsys: pytest.CaptureFixture[str]) -> None:
    kept = lint_imports(config_filename=CONFIG, cache_dir=None, no_logo=True)
    assert kept, capsys.readouterr().out


@pytest.mark.parametrize(
    ("contract", "importer", "imported"),
    [
        # gather imports the page builders; a builder importing gather closes a circle
        ("no-circles", "trfsite.pages.plan", "trfsite.pages.gather"),
        ("no-circles", "trfsite.standings.individual", "trfsite.standings.compute"),
        # the model is read by everyone and reads nobody above it
        ("layers", "trfsite.model", "trfsite.standings.compute"),
        ("layers", "trfsite.scoring.buchholz", "trfsite.pages.rows"),
        ("layers", "trfsite.pages.event", "trfsite.site.build"),
        ("formats-read-text", "trfsite.formats.trf.reader", "trfsite.render.environment"),
        ("data-layers-no-presentation", "trfsite.scoring.buchholz", "jinja2"),
        ("weasyprint-in-pdf", "trfsite.site.build", "weasyprint"),
        ("engines-apart", "trfsite.standings.go", "trfsite.standings.team"),
        ("commands-apart", "trfsite.cli.build_cmd", "trfsite.cli.serve_cmd"),
        # issue 39: another package's undocumented modules, and WeasyPrint's PDF writer
        ("public-apis-only", "trfsite.pdf", "weasyprint.layout"),
        ("public-apis-only", "trfsite.render.environment", "jinja2.compiler"),
        ("public-apis-only", "trfsite.pdf", "pypdf._writer"),
        ("public-apis-only", "trfsite.pdf", "pydyf"),
    ],
)
def test_an_offending_import_breaks_its_contract(
    contract: str, importer: str, imported: str
) -> None:
    def check() -> bool:
        return bool(
            lint_imports(
                config_filename=CONFIG, limit_to_contracts=(contract,), cache_dir=None, no_logo=True
            )
        )

    assert check()  # the contract exists and holds without the extra import
    settings.configure(GRAPH_BUILDER=_GraphWithExtraImport(importer, imported))
    assert not check()


def test_the_package_root_holds_at_most_six_modules() -> None:
    # Issue 18: the root shows the pipeline's packages, not a pile of loose modules.
    loose = sorted(
        path.name
        for path in (ROOT / "trfsite").glob("*.py")
        if path.name not in ("__init__.py", "__main__.py")
    )
    assert len(loose) <= 6, loose
