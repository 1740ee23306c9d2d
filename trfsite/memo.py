"""Two ways to remember what was computed: from an immutable object, and between runs.

The model and the standings are frozen, so a value computed from one stays right
for as long as that very object lives. The cache keeps the object itself (so its
id cannot be reused by another) and only the last few objects: the events one
worker is building. Dask runs tasks in threads, hence the lock. ``forget_all``
empties every cache when a task is done, so that its event goes at once.

``remember_dataclass_code`` keeps the code that ``dataclasses`` compiles for
trfsite's classes from one run to the next, as Python keeps a module's in a
``.pyc`` (issue 17: start-up counts), and gives their frozen classes an
``__init__`` that fills the fields at the speed of a mutable class's.
"""

from __future__ import annotations

import dataclasses
import marshal
import os
import re
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from types import CodeType
from typing import Any, Generic, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")
_KEEP = 32  # a final standings, one per round, an individual one, with room to spare
_CACHES: list[ByIdentity[object, object]] = []  # every cache made, for forget_all


class ByIdentity(Generic[_K, _V]):
    """``make(obj)`` for the last few objects, by identity (the objects are immutable)."""

    def __init__(self, make: Callable[[_K], _V], keep: int = _KEEP) -> None:
        self._make = make
        self._keep = keep
        self._found: OrderedDict[int, tuple[_K, _V]] = OrderedDict()
        self._lock = threading.Lock()
        _CACHES.append(self)  # type: ignore[arg-type]

    def __call__(self, obj: _K) -> _V:
        key = id(obj)
        with self._lock:
            hit = self._found.get(key)
            if hit is not None and hit[0] is obj:
                self._found.move_to_end(key)
                return hit[1]
        value = self._make(obj)
        with self._lock:
            self._found[key] = (obj, value)
            while len(self._found) > self._keep:
                self._found.popitem(last=False)
        return value

    def forget(self) -> None:
        with self._lock:
            self._found.clear()


def keep_within(made: dict[_K, _V], key: _K, value: _V, most: int) -> _V:
    """``made[key] = value``, emptying ``made`` first when it holds ``most`` values.

    The caches of formatted values, macros' HTML and a bulletin's fonts and measures
    live as long as their process (``serve``, Dask workers): bounded, they start again.
    """
    if len(made) >= most:
        made.clear()
    made[key] = value
    return value


def forget_all() -> None:
    """Empty every cache: an event's task is done.

    Kept here, the last events' models and standings would outlive their task;
    Python's cyclic collector then goes over them all (young objects, made while
    it was paused) before they are dropped: 0.9 s of a 300-event archive's build.
    """
    for cache in _CACHES:
        cache.forget()


# --------------------------------------------------------------------------- dataclass code
# ``@dataclass`` writes each class's __init__, __repr__, __eq__, __hash__ (and, frozen,
# __setattr__ and __delattr__) as source text and compiles it: 65 us a method, 20 ms of
# the 150 ms of ``trfsite standings`` on a 2,000-player open, for the ~50 classes it
# imports. The compiled code depends on that text alone (and on the Python that compiled
# it), so it is kept in the package's __pycache__, keyed by the whole text, beside the
# .pyc files and under the same rules: not written under PYTHONDONTWRITEBYTECODE, nor
# where the package cannot be written, and never trusted from another Python build.
#
# The file holds one marshalled {text: code} per module, unmarshalled when the module
# makes its first class: a command pays for the modules it imports, not for the site's.
# A module's entry is rewritten whole with the texts its classes asked for in the run
# that compiled something new, so an edited class leaves no stale code behind.
_CODE_HEADER = ("trfsite dataclass code", 3, sys.version, sys.hexversion)
# module -> marshal.dumps({text: code}), as read from the file when a class first asks
_module_blobs: dict[str, bytes] | None = None
_module_code: dict[str, dict[str, CodeType]] = {}  # module -> {text: code}, unmarshalled
_used_code: dict[str, dict[str, CodeType]] = {}  # module -> what its classes asked for
_stale_modules: set[str] = set()  # modules that compiled something: their entry is rewritten
_saving = threading.Lock()


def remember_dataclass_code() -> None:
    """Let ``@dataclass`` reuse the code it compiled for trfsite's classes in earlier runs.

    ``dataclasses`` compiles through one call, ``exec(text, globals, namespace)`` in
    ``_create_fn``: a module-level ``exec`` in its namespace takes that call. It compiles
    the text exactly as the built-in does there (no inherited ``__future__`` flags, file
    name ``<string>``) or loads the code compiled from the same text before; classes of
    other packages are compiled as ever. Called once, by ``trfsite/__init__``.
    """
    if getattr(dataclasses, "exec", None) is _exec or _code_path() is None:
        return
    dataclasses.exec = _exec  # type: ignore[attr-defined]


def _code_path() -> str | None:
    tag = sys.implementation.cache_tag
    if tag is None:  # this Python keeps no compiled code
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    if sys.pycache_prefix:
        folder = os.path.join(sys.pycache_prefix, here.lstrip(os.sep))
    else:
        folder = os.path.join(here, "__pycache__")
    return os.path.join(folder, f"dataclass-code.{tag}.bin")


def _load_code(path: str) -> dict[str, bytes]:
    try:
        with open(path, "rb") as file:
            data = file.read()
        header, modules = marshal.loads(data)
    except (OSError, EOFError, ValueError, TypeError):  # absent, damaged, another format
        return {}
    if header != _CODE_HEADER or not isinstance(modules, dict):
        return {}
    return modules


def _exec(
    source: str | CodeType,
    namespace: dict[str, Any] | None = None,
    local_names: Mapping[str, object] | None = None,
    /,
) -> None:
    if isinstance(source, str):
        module = namespace.get("__name__") if namespace is not None else None
        if isinstance(module, str) and (module == "trfsite" or module.startswith("trfsite.")):
            source = _compiled(module, source)
        else:
            source = _compile(source)
    exec(source, namespace, local_names)


def _compile(text: str) -> CodeType:
    # What the built-in compiles when dataclasses.py (no __future__ imports) calls it.
    return compile(text, "<string>", "exec", dont_inherit=True)


def _compiled(module: str, text: str) -> CodeType:
    """The code of ``text`` (what ``dataclasses`` wrote) with a fast frozen __init__."""
    known = _module_code.get(module)
    if known is None:
        known = _module_code[module] = _unmarshal(_file_blobs().pop(module, None))
    code = known.get(text)
    if code is None:
        code = known[text] = _compile(fast_frozen_init(text))
        if not _stale_modules:
            import atexit

            atexit.register(_save_code)
        _stale_modules.add(module)
    _used_code.setdefault(module, {})[text] = code
    return code


def _file_blobs() -> dict[str, bytes]:
    """The file's entries, read once, when a class of the package is first made (``trfsite
    --help`` makes none)."""
    global _module_blobs
    if _module_blobs is None:
        path = _code_path()
        _module_blobs = _load_code(path) if path is not None else {}
    return _module_blobs


def _unmarshal(blob: bytes | None) -> dict[str, CodeType]:
    if blob is None:
        return {}
    try:
        found = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _save_code() -> None:
    """Rewrite the entries of the modules that compiled something (others' kept as read)."""
    path = _code_path()
    if not _stale_modules or path is None or sys.dont_write_bytecode:
        return
    with _saving:
        modules = _load_code(path)  # as other processes may have written it meanwhile
        for module in _stale_modules:
            modules[module] = marshal.dumps(_used_code[module])
        temporary = f"{path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(temporary, "wb") as file:
                file.write(marshal.dumps((_CODE_HEADER, modules)))
            os.replace(temporary, path)  # readers see the old file or the new one, whole
        except OSError:  # a read-only install: compiled again next time, as .pyc files
            import contextlib

            with contextlib.suppress(OSError):
                os.unlink(temporary)
            return
        _stale_modules.clear()


# --------------------------------------------------------------------------- frozen __init__
# A frozen dataclass's __init__ sets each field through ``object.__setattr__`` (its own
# __setattr__ refuses): 90 ns a field, against 10 ns for a mutable class's ``self.x = x``.
# A site build of the 2,000-player open makes 340,000 such objects (tie-break
# contributions, standings and record lines, ...), 2.3 million fields. So the __init__
# of trfsite's frozen classes with slots (and ``object`` for only base) turns the
# object, for the time of the assignments, into a *mutable twin*: a class with the
# same slots and no __setattr__ of its own, that Python lets an object change to and
# back (``__class__`` assignment between classes of one layout). Two such changes cost
# what two fields did. Every other class, and an instance of a subclass, is filled as
# ``dataclasses`` wrote it.
_FIELD_LINE = re.compile(r"^  __dataclass_builtins_object__\.__setattr__\((\w+),'(\w+)',(.*)\)$")
_TWINS: dict[type, type | None] = {}  # frozen class -> its mutable twin, None: none


def twin_of(cls: type) -> type | None:
    """``cls``'s mutable twin, made once; None when an object cannot change to one."""
    if cls in _TWINS:
        return _TWINS[cls]
    twin = None
    slots = cls.__dict__.get("__slots__")
    if (
        cls.__bases__ == (object,)
        and isinstance(slots, tuple)
        and cls.__dictoffset__ == 0
        and cls.__weakrefoffset__ == 0
    ):
        made = type(cls.__name__, (object,), {"__slots__": slots, "__module__": cls.__module__})
        made.__qualname__ = f"{cls.__qualname__}.<mutable twin>"
        probe: object = object.__new__(cls)
        try:  # Python itself decides whether the layouts are one
            object.__setattr__(probe, "__class__", made)
            probe.__class__ = cls
            twin = made
        except TypeError:
            twin = None
    _TWINS[cls] = twin
    return twin


def fast_frozen_init(text: str) -> str:
    """``text`` (what ``dataclasses`` compiles), with a frozen __init__ rewritten to fill
    its fields through the class's mutable twin; any other text as it is."""
    lines = text.split("\n")
    header = lines[0]
    if len(lines) < 3 or not lines[1].startswith(" def __init__(") or not header.endswith("):"):
        return text
    fields = [(i, _FIELD_LINE.match(line)) for i, line in enumerate(lines)]
    found = [(i, m) for i, m in fields if m is not None]
    if not found or len({m.group(1) for _, m in found}) != 1:
        return text
    first, last = found[0][0], found[-1][0]
    if last - first + 1 != len(found):  # the assignments are not one block
        return text
    me = found[0][1].group(1)
    fast = [f"   {me}.{m.group(2)}={m.group(3)}" for _, m in found]
    slow = ["   " + lines[i][2:] for i, _ in found]
    block = [
        f"  __trfsite_class__=type({me})",
        "  __trfsite_twin__=__trfsite_twins__.get(__trfsite_class__, False)",
        "  if __trfsite_twin__ is False:",
        "   __trfsite_twin__=__trfsite_twin_of__(__trfsite_class__)",
        "  if __trfsite_twin__ is None:",
        *slow,
        "  else:",
        f"   __dataclass_builtins_object__.__setattr__({me},'__class__',__trfsite_twin__)",
        *fast,
        f"   {me}.__class__=__trfsite_class__",
    ]
    # Both helpers come in as defaults of the outer function: evaluated once per class,
    # in no namespace of the class's module.
    memo = "__import__('trfsite.memo',fromlist=('twin_of',))"
    header = (
        f"{header[:-2]}{', ' if not header.endswith('():') else ''}"
        f"__trfsite_twins__={memo}._TWINS,__trfsite_twin_of__={memo}.twin_of):"
    )
    return "\n".join([header, *lines[1:first], *block, *lines[last + 1 :]])
