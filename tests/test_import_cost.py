"""What importing a command's modules makes before its work (issue 39): every frozen slotted
dataclass compiles its methods from source at import (about 0.5 ms each on Python 3.11),
a named tuple one function (ten times less). The records that are only bags of values are
named tuples; these tests count the classes a path defines, in a fresh interpreter.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Prints, per trfsite module imported, its classes that are dataclasses.
_PROBE = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
made = {}
for name, module in list(sys.modules.items()):
    if name.startswith("trfsite"):
        made[name] = sorted(v.__qualname__ for v in vars(module).values()
                            if isinstance(v, type) and v.__module__ == name
                            and "__dataclass_fields__" in v.__dict__)
print(json.dumps(made))
"""

# Prints, per trfsite module imported, its classes with methods compiled from source text
# (a dataclass's generated ``__init__``, ``__eq__``...: their code's file is "<string>").
_COMPILED_PROBE = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
made = {}
for name, module in list(sys.modules.items()):
    if name.startswith("trfsite"):
        made[name] = sorted(
            v.__qualname__ for v in vars(module).values()
            if isinstance(v, type) and v.__module__ == name
            and any(getattr(getattr(f, "__code__", None), "co_filename", "") == "<string>"
                    for f in vars(v).values()))
print(json.dumps(made))
"""

# Prints, per trfsite module imported, how many fields of its named tuples were declared
# by a string: ``typing.NamedTuple`` compiles each into a ``ForwardRef``.
_STRING_FIELDS_PROBE = """
import json, sys, typing
for name in sys.argv[1:]:
    __import__(name)
made = {}
for name, module in list(sys.modules.items()):
    if name.startswith("trfsite"):
        made[name] = [f"{v.__qualname__}.{field}" for v in vars(module).values()
                      if isinstance(v, type) and v.__module__ == name and issubclass(v, tuple)
                      for field, kind in getattr(v, "__annotations__", {}).items()
                      if isinstance(kind, typing.ForwardRef)]
print(json.dumps(made))
"""

BUILD = ("trfsite.cli.build_cmd", "trfsite.site.build")

# Display rows and page contexts: made, read by templates and the page parts, never changed.
_ROWS_AND_CONTEXTS = ("trfsite.pages.rows", "trfsite.pages.contexts", "trfsite.people.contexts",
                      "trfsite.pages.norm_rows", "trfsite.pages.grid",
                      "trfsite.pages.card_values")  # fmt: skip
# Their one dataclass: a named tuple's field ``count`` would hide ``tuple.count``.
_KEPT = {"trfsite.pages.rows": ["CountRow"]}


def _dataclasses(*modules: str, probe: str = _PROBE) -> dict[str, list[str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", probe, *modules],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    made: dict[str, list[str]] = json.loads(done.stdout)
    return made


def test_rows_and_contexts_are_named_tuples_on_the_build_path() -> None:
    # Named too: the people pages' contexts are imported by the people step, not at start.
    made = _dataclasses(*BUILD, *_ROWS_AND_CONTEXTS)
    for module in _ROWS_AND_CONTEXTS:
        assert made[module] == _KEPT.get(module, []), module


# ``trfsite standings`` of a plain TRF file: the modules it imports (tests/test_lazy_imports.py
# says which it may not).
STANDINGS = ("trfsite.cli.standings_cmd", "trfsite.standings.compute", "trfsite.standings.output",
             "trfsite.input_files", "trfsite.formats.egf", "trfsite.formats.trf",
             "trfsite.validate.structure", "trfsite.validate.game_sides",
             "trfsite.standings.individual", "trfsite.standings.declared_notes")  # fmt: skip

# The dataclasses each path may make: the model (its equality leaves the source lines out),
# the readers' mutable scratch records, the settings read with ``fields()``. A new record
# that is only a bag of values is a named tuple; raise a budget only for a class that
# needs a dataclass's features, and say which in its comment. The build path's 65: besides
# those, records a ``replace`` of other helpers' modules still makes (the people entries,
# ``Person``, the event tasks and outputs), mutable ones (``LateReads``, ``Group``,
# ``_LanguageBuild``), ``Resolution`` (a dict made per value by default) and ``Listing``
# (its ``__iter__`` walks its files, a tuple's would be its fields).
_BUDGETS = {STANDINGS: 32, BUILD: 65}


def test_standings_path_makes_at_most_its_budget_of_dataclasses() -> None:
    made = _dataclasses(*STANDINGS)
    found = sorted(f"{module}.{name}" for module, names in made.items() for name in names)
    assert len(found) <= _BUDGETS[STANDINGS], found


def test_build_path_makes_at_most_its_budget_of_dataclasses() -> None:
    made = _dataclasses(*BUILD)
    found = sorted(f"{module}.{name}" for module, names in made.items() for name in names)
    assert len(found) <= _BUDGETS[BUILD], found


def test_the_model_compiles_no_method_at_import() -> None:
    # Its 21 records (``model.frozen.frozen_record``) are declared by every process before
    # its work: dataclasses' generated methods cost 73 M instructions there (issue 39).
    made = _dataclasses("trfsite.model", probe=_COMPILED_PROBE)
    model = {name: classes for name, classes in made.items() if name.startswith("trfsite.model")}
    assert set(model) >= {"trfsite.model", "trfsite.model.records", "trfsite.model.values"}
    assert all(classes == [] for classes in model.values()), model


def test_the_model_stays_21_dataclasses() -> None:
    # ``dataclasses.replace`` and ``fields`` still take every record (45 modules use them).
    made = _dataclasses("trfsite.model")
    model = [
        c for name, classes in made.items() if name.startswith("trfsite.model") for c in classes
    ]
    assert len(model) == 21, model


# Classes whose methods are still compiled at import: ``Finding`` (findings.py lies below the
# model and its ``frozen_record``). Every other record of these paths, mutable scratch
# included, is declared with ``frozen_record`` or ``mutable_record``: a generated dataclass
# costs 3 M instructions more a class (issue 39: 36 on the build path, 107 M).
# A rebuild of an archive imports the people step after the build's start (issue 46: its
# nine generated dataclasses were ~5 ms of that rebuild's one core).
PEOPLE_STEP = (*BUILD, "trfsite.site.people", "trfsite.people.pages")
_COMPILED_BUDGET = {STANDINGS: 1, BUILD: 1, PEOPLE_STEP: 1}


@pytest.mark.parametrize(
    "path", [STANDINGS, BUILD, PEOPLE_STEP], ids=["standings", "build", "people step"]
)
def test_a_path_compiles_at_most_its_budget_of_classes(path: tuple[str, ...]) -> None:
    made = _dataclasses(*path, probe=_COMPILED_PROBE)
    found = sorted(f"{module}.{name}" for module, names in made.items() for name in names)
    assert len(found) <= _COMPILED_BUDGET[path], found


# Fields of named tuples declared by a string, each compiled at import into a ``ForwardRef``
# (55 k instructions; a real type is only checked): a module of records is written
# without ``from __future__ import annotations``, so that its fields are real types
# (1,216 such fields on the build path before, 48 M instructions). Left: the site's and
# the declared ranks' modules (other work in them), and a few types imported only for
# type checkers (the team and norms data, the awards).
_STRING_FIELDS_BUDGET = {STANDINGS: 38, BUILD: 92}


@pytest.mark.parametrize("path", [STANDINGS, BUILD], ids=["standings", "build"])
def test_named_tuples_fields_are_mostly_real_types(path: tuple[str, ...]) -> None:
    made = _dataclasses(*path, probe=_STRING_FIELDS_PROBE)
    found = sorted(f"{module}.{name}" for module, names in made.items() for name in names)
    assert len(found) <= _STRING_FIELDS_BUDGET[path], found
