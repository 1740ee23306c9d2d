"""The code ``@dataclass`` compiles for trfsite's classes is kept between runs (memo.py).

Kept or compiled afresh, a class must come out the same: these tests compare the two
ways, and check that the file is written, read back and ignored when it is not ours.
"""

from __future__ import annotations

import dataclasses
import json
import marshal
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from trfsite import memo
from trfsite.model import Player, Span

ROOT = Path(__file__).resolve().parent.parent

_SOURCE = """
from __future__ import annotations
from dataclasses import dataclass, field

@dataclass(frozen=True, slots=True)
class Item:
    number: int
    name: str = ""
    hidden: int = field(default=0, compare=False, repr=False)
"""


def _make(module: str) -> Any:
    """The class ``Item`` defined by a module of this name (dataclasses looks it up)."""
    sys.modules[module] = made = type(sys)(module)
    try:
        exec(_SOURCE, made.__dict__)
        return made.Item
    finally:
        del sys.modules[module]


def test_the_package_installs_the_cache() -> None:
    assert dataclasses.exec is memo._exec  # type: ignore[attr-defined]


def test_a_class_from_kept_code_behaves_as_one_compiled_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("_module_blobs", "_module_code", "_used_code"):
        monkeypatch.setattr(memo, name, {})
    monkeypatch.setattr(memo, "_stale_modules", set())
    fresh = _make("trfsite._probe")
    assert memo._stale_modules == {"trfsite._probe"}  # compiled now, to be saved
    kept_code = memo._used_code["trfsite._probe"]
    monkeypatch.setattr(memo, "_module_blobs", {"trfsite._probe": marshal.dumps(kept_code)})
    monkeypatch.setattr(memo, "_module_code", {})
    monkeypatch.setattr(memo, "_stale_modules", set())
    kept = _make("trfsite._probe")
    assert memo._stale_modules == set()  # every method came from the kept code
    for cls in (fresh, kept):
        a, b = cls(1, "a", 5), cls(1, "a", 6)
        assert a == b and hash(a) == hash(b) and repr(a) == "Item(number=1, name='a')"
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.number = 2
        assert cls.__init__.__annotations__ == {
            "number": "int",
            "name": "str",
            "hidden": "int",
            "return": None,  # no __future__ flag leaked into the compiled text
        }
        assert cls.__init__.__qualname__ == "Item.__init__"


def test_other_packages_classes_are_compiled_as_ever(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "_used_code", {})
    cls = _make("elsewhere._probe")
    assert memo._used_code == {}
    assert cls.__init__.__annotations__["return"] is None
    assert cls(3) == cls(3, "", 9)


def test_model_methods_are_compiled_without_future_annotations() -> None:
    assert Player.__init__.__annotations__["return"] is None
    assert repr(Span(1, 2, 3)) == "Span(line=1, column=2, end_column=3)"


@pytest.mark.parametrize(
    "content",
    [b"", b"not marshal", marshal.dumps(("another header", {})), marshal.dumps([1, 2])],
)
def test_an_unreadable_or_foreign_file_is_ignored(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "code.bin"
    path.write_bytes(content)
    assert memo._load_code(str(path)) == {}
    assert memo._load_code(str(tmp_path / "absent.bin")) == {}


@pytest.mark.parametrize("blob", [None, b"", b"junk", marshal.dumps([1]), marshal.dumps({1: 2})])
def test_a_damaged_module_entry_is_compiled_again(blob: bytes | None) -> None:
    assert memo._unmarshal(blob) == {}


def _stale(monkeypatch: pytest.MonkeyPatch, module: str, text: str) -> None:
    monkeypatch.setattr(memo, "_stale_modules", {module})
    monkeypatch.setattr(memo, "_used_code", {module: {text: memo._compile(text)}})


def test_saving_rewrites_the_stale_modules_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cache" / "code.bin"
    monkeypatch.setattr(memo, "_code_path", lambda: str(path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    _stale(monkeypatch, "trfsite.a", "x = 1")
    memo._save_code()
    _stale(monkeypatch, "trfsite.b", "y = 2")
    memo._save_code()
    _stale(monkeypatch, "trfsite.a", "x = 3")  # an edited class: the old text goes
    memo._save_code()
    saved = {m: sorted(memo._unmarshal(b)) for m, b in memo._load_code(str(path)).items()}
    assert saved == {"trfsite.a": ["x = 3"], "trfsite.b": ["y = 2"]}
    assert memo._stale_modules == set()
    assert os.listdir(path.parent) == ["code.bin"]  # no temporary file left behind


def test_nothing_is_written_under_dont_write_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "code.bin"
    monkeypatch.setattr(memo, "_code_path", lambda: str(path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    _stale(monkeypatch, "trfsite.a", "x = 1")
    memo._save_code()
    assert not path.exists()


_PROBE = """
import json, sys
import trfsite.model, trfsite.memo
print(json.dumps(len(trfsite.memo._stale_modules)))
"""


def test_a_second_run_compiles_nothing(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(tmp_path)}

    def compiled() -> int:
        done = subprocess.run(
            [sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=True
        )
        count: int = json.loads(done.stdout)
        return count

    assert compiled() > 0  # a fresh cache folder: everything compiled, then saved
    assert list(tmp_path.rglob("dataclass-code.*.bin"))
    assert compiled() == 0


def test_the_file_is_read_when_a_class_is_first_made() -> None:
    probe = (
        "import trfsite.memo as m; before = m._module_blobs is None; import trfsite.model; "
        "print(before, m._module_blobs is None)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["True", "False"]  # trfsite --help reads no file
