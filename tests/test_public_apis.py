"""trfsite uses its dependencies and the standard library through their documented API only.

Issue 39's rule, checked on the source of every module of the package: no attribute of
an imported module is replaced (``weasyprint.x.y = ...``, ``setattr(module, ...)``,
``sys.modules[...] = ...``), no private name is imported or read (``from x import _y``,
``x._y``, ``getattr(obj, "_y")``, ``super()._y``), no code object is read or rewritten
(``f.__code__``, ``CodeType``, ``code.replace(co_...)``), and the modules imported from
WeasyPrint, Jinja, MarkupSafe and pypdf are among those their documentation offers.
pyproject.toml's ``public-apis-only`` import-linter contract says the same of the modules
in the import graph; this test also sees the ones it cannot (namespace packages, C
extensions) and what is done with an import.

``TRFSITE_RULES_ROOT`` points the check at another checkout (a folder holding ``trfsite/``).
"""

from __future__ import annotations

import ast
import importlib.util
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(os.environ.get("TRFSITE_RULES_ROOT") or Path(__file__).resolve().parent.parent)
PACKAGE = "trfsite"

# The modules of these packages that their documentation offers; any other is theirs.
DOCUMENTED_MODULES: dict[str, frozenset[str]] = {
    # https://doc.courtbouillon.org/weasyprint/stable/api_reference.html: HTML, CSS,
    # Document, Page, FontConfiguration (weasyprint.text.fonts), urls.URLFetcher and
    # URLFetcherResponse; the loggers are reached by name (logging.getLogger)
    "weasyprint": frozenset({"weasyprint", "weasyprint.urls", "weasyprint.text.fonts"}),
    # https://jinja.palletsprojects.com/en/stable/api/ and extensions.html
    "jinja2": frozenset(
        {
            "jinja2",
            "jinja2.exceptions",
            "jinja2.ext",
            "jinja2.lexer",
            "jinja2.meta",
            "jinja2.nativetypes",
            "jinja2.nodes",
            "jinja2.parser",
            "jinja2.runtime",
            "jinja2.sandbox",
        }
    ),
    "markupsafe": frozenset({"markupsafe"}),
    # https://pypdf.readthedocs.io/en/stable/: the modules of its API reference
    "pypdf": frozenset(
        {
            "pypdf",
            "pypdf.annotations",
            "pypdf.constants",
            "pypdf.errors",
            "pypdf.generic",
            "pypdf.pagerange",
            "pypdf.papersizes",
        }
    ),
    # WeasyPrint's own dependencies: none of them is trfsite's to use
    "pydyf": frozenset(),
    "fontTools": frozenset(),
    "tinycss2": frozenset(),
    "cssselect2": frozenset(),
    "tinyhtml5": frozenset(),
    "cffi": frozenset(),
}
# Underscored names that are documented API.
DOCUMENTED_PRIVATE = frozenset({"os._exit"})
# A named tuple's documented methods and attributes start with an underscore.
NAMEDTUPLE_API = frozenset({"_asdict", "_field_defaults", "_fields", "_make", "_replace"})
CODE_OBJECT_NAMES = frozenset({"__code__", "CodeType", "co_code"})
_ATTRIBUTE_CALLS = frozenset({"getattr", "hasattr", "setattr", "delattr"})


@dataclass(frozen=True, slots=True)
class Breach:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _ours(module: str) -> bool:
    return module == PACKAGE or module.startswith(PACKAGE + ".")


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


class _Checker(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.breaches: list[Breach] = []
        self.modules: dict[str, str] = {}  # a name bound to a module -> the module's name

    def report(self, node: ast.AST, what: str) -> None:
        self.breaches.append(Breach(self.path, getattr(node, "lineno", 0), what))

    # ------------------------------------------------------------------ imports
    def check_module(self, node: ast.AST, module: str) -> None:
        if _ours(module):
            return
        if any(_private(part) for part in module.split(".")):
            self.report(node, f"imports the private module {module!r}")
            return
        top = module.split(".")[0]
        documented = DOCUMENTED_MODULES.get(top)
        if documented is not None and module not in documented:
            self.report(node, f"imports {module!r}, which {top}'s documentation does not offer")

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.check_module(node, alias.name)
            if alias.asname:
                self.modules[alias.asname] = alias.name
            else:
                top = alias.name.split(".")[0]
                self.modules[top] = top

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level or node.module is None:
            return
        self.check_module(node, node.module)
        for alias in node.names:
            full = f"{node.module}.{alias.name}"
            if alias.name in CODE_OBJECT_NAMES:
                self.report(node, f"imports {full}: code objects are the interpreter's")
            elif not _ours(node.module) and _private(alias.name) and full not in DOCUMENTED_PRIVATE:
                self.report(node, f"imports the private name {full!r}")
            elif _is_module(full):
                self.check_module(node, full)
                self.modules[alias.asname or alias.name] = full

    # ------------------------------------------------------------------ names
    def module_path(self, node: ast.expr) -> str | None:
        """``a.b.c`` as a dotted name when ``a`` is an imported module, else None."""
        if isinstance(node, ast.Name):
            return self.modules.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self.module_path(node.value)
            return None if base is None else f"{base}.{node.attr}"
        if isinstance(node, ast.Subscript):  # sys.modules["x"]
            base = self.module_path(node.value)
            return None if base != "sys.modules" else "sys.modules[]"
        if isinstance(node, ast.Call) and self.module_path(node.func) in (
            "importlib.import_module",
            "sys.modules.get",
        ):
            return "a module found by name"
        return None

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in CODE_OBJECT_NAMES:
            self.report(node, f"reads a code object ({node.attr})")
        elif _private(node.attr) and node.attr not in NAMEDTUPLE_API:
            owner = node.value
            base = self.module_path(owner)
            if base is not None and not _ours(base):
                if f"{base}.{node.attr}" not in DOCUMENTED_PRIVATE:
                    self.report(node, f"uses the private name {base}.{node.attr}")
            elif _is_super(owner):
                self.report(node, f"calls the private super()'s {node.attr}")
            elif base is None and not _is_own(owner):
                self.report(node, f"reads the private attribute {node.attr!r} of another object")
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id in CODE_OBJECT_NAMES:
            self.report(node, f"uses {node.id}: code objects are the interpreter's")

    # ------------------------------------------------------------------ writes
    def check_target(self, target: ast.expr) -> None:
        if isinstance(target, ast.Attribute | ast.Subscript):
            base = self.module_path(target.value)
            if base is not None:
                name = target.attr if isinstance(target, ast.Attribute) else "[...]"
                self.report(target, f"replaces {name} in the module {base}")
        elif isinstance(target, ast.Tuple | ast.List):
            for element in target.elts:
                self.check_target(element)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self.check_target(target)
        found = self.module_path(node.value)
        if found is not None and not isinstance(node.value, ast.Attribute):
            for target in node.targets:  # module = importlib.import_module(name)
                if isinstance(target, ast.Name):
                    self.modules[target.id] = found
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.check_target(node.target)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.check_target(node.target)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self.check_target(target)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name) and func.id in _ATTRIBUTE_CALLS and node.args:
            owner = node.args[0]
            name = node.args[1] if len(node.args) > 1 else None
            if func.id in ("setattr", "delattr") and self.module_path(owner) is not None:
                self.report(node, f"{func.id} on the module {self.module_path(owner)}")
            if (
                isinstance(name, ast.Constant)
                and isinstance(name.value, str)
                and _private(name.value)
                and not _is_own(owner)
            ):
                self.report(node, f"{func.id} of the private attribute {name.value!r}")
        rewrites_code = any(k.arg and k.arg.startswith("co_") for k in node.keywords)
        if isinstance(func, ast.Attribute) and func.attr == "replace" and rewrites_code:
            self.report(node, "rewrites a code object (replace(co_...))")
        self.generic_visit(node)


def _is_super(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"
    )


def _is_own(node: ast.expr) -> bool:
    """``self``, ``cls`` or ``type(self)``: an object's own private attributes are its
    own business."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type":
        return len(node.args) == 1 and _is_own(node.args[0])
    return isinstance(node, ast.Name) and node.id in ("self", "cls")


def breaches_in(source: str, path: str) -> list[Breach]:
    checker = _Checker(path)
    checker.visit(ast.parse(source, path))
    return checker.breaches


def _sources() -> Iterator[Path]:
    yield from sorted((ROOT / PACKAGE).rglob("*.py"))


def test_the_package_uses_documented_apis_only() -> None:
    found = [
        breach
        for path in _sources()
        for breach in breaches_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, f"{len(found)} uses of another package's internals:\n" + "\n".join(
        map(str, found)
    )


# Each snippet breaks the rule once (the check must be able to fail), or keeps it.
BREAKING = [
    ("import weasyprint.layout.inline\n", "imports 'weasyprint.layout.inline'"),
    ("from weasyprint.text.line_break import split_first_line\n", "does not offer"),
    ("from markupsafe._speedups import _escape_inner\n", "private module"),
    ("from jinja2.compiler import CodeGenerator\n", "imports 'jinja2.compiler'"),
    ("import pydyf\n", "imports 'pydyf'"),
    ("from pypdf._writer import PdfWriter\n", "private module"),
    ("from atexit import _run_exitfuncs\n", "private name 'atexit._run_exitfuncs'"),
    ("import atexit\natexit._run_exitfuncs()\n", "private name atexit._run_exitfuncs"),
    ("import weasyprint.layout\nweasyprint.layout.x = 1\n", "replaces x in the module"),
    ("import dataclasses\ndataclasses.exec = print\n", "replaces exec in the module"),
    ("import ctypes.util as u\nu.find_library = len\n", "replaces find_library"),
    ("import sys\nsys.modules['x'] = sys\n", "replaces [...] in the module sys.modules"),
    ("import importlib\nm = importlib.import_module('a')\n", ""),  # reading is fine
    ("import importlib\nsetattr(importlib.import_module('a'), 'b', 1)\n", "setattr on"),
    ("import pydyf as p\nsetattr(p, 'zlib', None)\n", "setattr on the module pydyf"),
    ("import importlib\nm = importlib.import_module('a')\nsetattr(m, 'b', 1)\n", "setattr on"),
    ("def f(): pass\nf.__code__ = f.__code__.replace(co_stacksize=9)\n", "code object"),
    ("from types import CodeType\n", "CodeType"),
    ("def f(e): return getattr(e, '_processes', None)\n", "private attribute '_processes'"),
    ("def f(stream): return stream._fonts\n", "private attribute '_fonts'"),
    ("class A(B):\n def f(self): return super()._g()\n", "private super()'s _g"),
]
KEEPING = [
    "import os\nos._exit(0)\n",
    "from babel.dates import format_date as _babel_date\n",
    "def f(row): return row._replace(a=1)._fields\n",
    "class A:\n def f(self): return self._x + type(self)._y\n",
    "from weasyprint import HTML\nfrom weasyprint.urls import URLFetcher\n",
    "from jinja2.lexer import Token, TokenStream\nimport jinja2.ext\n",
    "from pypdf.generic import Fit\n",
    "from trfsite.pdf import _private_but_ours\n",
]


@pytest.mark.parametrize(("source", "expected"), BREAKING, ids=[s for s, _ in BREAKING])
def test_each_kind_of_breach_is_found(source: str, expected: str) -> None:
    found = [str(b) for b in breaches_in(source, "probe.py")]
    if expected:
        assert any(expected in b for b in found), found
    else:
        assert found == []


@pytest.mark.parametrize("source", KEEPING)
def test_documented_uses_pass(source: str) -> None:
    assert breaches_in(source, "probe.py") == []
