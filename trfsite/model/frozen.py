"""``frozen_record`` and ``mutable_record``: the way to declare a slotted, typed record
whose class is cheap to make.

A ``@dataclass(frozen=True, slots=True)`` compiles six methods from source text when its
module is imported (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
``__delattr__``): 0.5-0.9 ms a class on Python 3.11, 73 M instructions for the model's 21
classes, paid by every process before its work (issue 39); a mutable one compiles three.
Here ``dataclasses`` only reads the fields and makes the slots (nothing is compiled); the
methods are closures over the fields, with the same behaviour as the generated ones:
defaults, default factories and ``__post_init__``, equality over the compared fields, the
hash over the hashed ones (a frozen record; a mutable one is unhashable), the same
``repr``; a frozen record refuses assignment with ``FrozenInstanceError`` and pickles by
the fields' values. A method the class writes itself is kept, as ``dataclass`` keeps it.
``dataclasses.replace``, ``fields`` and ``astuple`` work as before; type checkers see a
dataclass (``dataclass_transform``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

_Record = TypeVar("_Record", bound=type)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen_record(cls: _Record) -> _Record:
    """``cls`` as a frozen slotted dataclass."""
    return _declared(cls, frozen=True)


@dataclass_transform(field_specifiers=(field,))
def mutable_record(cls: _Record) -> _Record:
    """``cls`` as a slotted dataclass whose fields can be assigned (``@dataclass(slots=True)``)."""
    return _declared(cls, frozen=False)


def _declared(cls: _Record, frozen: bool) -> _Record:
    made: Any = dataclass(cls, init=False, repr=False, eq=False, slots=True)
    every = fields(made)
    assert all(f.init for f in every), f"{cls.__qualname__}: a field outside __init__"
    names = tuple(f.name for f in every)
    setters = tuple(made.__dict__[name].__set__ for name in names)
    compared = tuple(f.name for f in every if f.compare)
    assert compared, f"{cls.__qualname__}: no field to compare"
    # The class's own methods, as the dataclass leaves them in place.
    own = cls.__dict__
    if "__init__" not in own:
        defaults = tuple(map(_default, every))
        made.__init__ = _init(
            cls.__qualname__, names, setters, defaults, hasattr(made, "__post_init__")
        )
    if "__repr__" not in own:
        made.__repr__ = _repr(tuple(f.name for f in every if f.repr))
    if "__eq__" not in own:
        made.__eq__ = _eq(compared)
    # ``__hash__ = None`` beside a written ``__eq__`` is what Python put there, not the class.
    hash_written = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    if not hash_written:
        hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))
        made.__hash__ = _hash(hashed) if frozen else None
    if frozen:
        made.__setattr__ = _refuse_assignment
        made.__delattr__ = _refuse_deletion
        made.__getstate__, made.__setstate__ = _pickling(names, setters)
    return made  # type: ignore[no-any-return]


def _default(of: Field[object]) -> tuple[object, Callable[[], object] | None]:
    """A field's default and its factory (``MISSING`` and None: a required field)."""
    factory = of.default_factory
    return of.default, (None if factory is MISSING else factory)


Setter = Callable[[object, object], None]


def _init(
    qualname: str,
    names: tuple[str, ...],
    setters: tuple[Setter, ...],
    defaults: tuple[tuple[object, Callable[[], object] | None], ...],
    post_init: bool,
) -> Callable[..., None]:
    """The dataclass ``__init__``: positional then keyword arguments, the fields' defaults
    or their factories' values, then the class's ``__post_init__`` if it has one."""
    rest = tuple(zip(names, setters, defaults, strict=True))

    def __init__(self: object, *args: object, **kwargs: object) -> None:
        given = len(args)
        if given > len(names):
            raise TypeError(
                f"{qualname}.__init__() takes {len(names) + 1} positional arguments "
                f"but {given + 1} were given"
            )
        # Fewer arguments than fields: the rest come by keyword or default.
        for setter, value in zip(setters, args, strict=False):
            setter(self, value)
        pop = kwargs.pop
        for name, setter, (default, factory) in rest[given:]:
            value = pop(name, MISSING) if kwargs else MISSING
            if value is MISSING:
                if factory is not None:
                    value = factory()
                elif default is MISSING:
                    raise TypeError(f"{qualname}.__init__() missing required argument: {name!r}")
                else:
                    value = default
            setter(self, value)
        if kwargs:
            unexpected = next(iter(kwargs))
            if unexpected in names:
                raise TypeError(f"{qualname}.__init__() got multiple values for {unexpected!r}")
            raise TypeError(
                f"{qualname}.__init__() got an unexpected keyword argument {unexpected!r}"
            )
        if post_init:
            self.__post_init__()  # type: ignore[attr-defined]

    return __init__


def _eq(compared: tuple[str, ...]) -> Callable[[object, object], bool]:
    # The generated ``__eq__`` compares the tuples of the compared fields.
    key = _values(compared)

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(hashed: tuple[str, ...]) -> Callable[[object], int]:
    # The generated ``__hash__`` hashes the tuple of the hashed fields.
    key = _values(hashed)

    def __hash__(self: object) -> int:
        return hash(key(self))

    return __hash__


def _values(names: tuple[str, ...]) -> Callable[[object], tuple[object, ...]]:
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        return _one_value(*names)
    return lambda record: ()


def _one_value(name: str) -> Callable[[object], tuple[object, ...]]:
    get = attrgetter(name)
    return lambda record: (get(record),)


def _repr(shown: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({values})"

    return __repr__


def _refuse_assignment(self: object, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deletion(self: object, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _pickling(
    names: tuple[str, ...], setters: tuple[Setter, ...]
) -> tuple[Callable[[object], list[object]], Callable[[object, list[object]], None]]:
    """The dataclass's ``__getstate__`` (the values, a list) and ``__setstate__``:
    unpickling a slotted instance assigns each slot, past the refusal."""

    def __getstate__(self: object) -> list[object]:
        return [getattr(self, name) for name in names]

    def __setstate__(self: object, state: list[object]) -> None:
        for setter, value in zip(setters, state, strict=True):
            setter(self, value)

    return __getstate__, __setstate__
