"""The fast __init__ of trfsite's frozen dataclasses (memo.fast_frozen_init).

It fills the fields through a mutable twin of the class; whatever way an object is
made, it must come out as ``dataclasses`` would have made it, and stay frozen.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sys
from typing import Any

import pytest

from trfsite import memo
from trfsite.results import Contribution

_SOURCE = """
from __future__ import annotations
from dataclasses import InitVar, dataclass, field

@dataclass(frozen=True, slots=True)
class Item:
    number: int
    tags: tuple[str, ...] = field(default_factory=tuple)
    name: str = ""
    seen: list[str] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        # runs once the fields are set, on the object as its own class
        self.seen.append(type(self).__name__)
        object.__setattr__(self, "name", self.name or f"#{self.number}")

@dataclass(frozen=True, slots=True)
class Odd:
    self: int
    scale: InitVar[int] = 1
    twice: int = 0

    def __post_init__(self, scale: int) -> None:
        object.__setattr__(self, "twice", 2 * self.self * scale)

@dataclass(frozen=True)
class Plain:
    number: int

@dataclass(frozen=True, slots=True)
class Base:
    number: int

@dataclass(frozen=True, slots=True)
class Derived(Base):
    name: str = ""
"""


def _classes(module: str) -> Any:
    """The module ``module`` made from _SOURCE (dataclasses looks its name up)."""
    sys.modules[module] = made = type(sys)(module)
    try:
        exec(_SOURCE, made.__dict__)
        return made
    finally:
        del sys.modules[module]


@pytest.fixture(scope="module")
def ours() -> Any:
    return _classes("trfsite._probe_frozen_init")


def test_a_frozen_class_with_slots_is_filled_through_its_twin(ours: Any) -> None:
    item = ours.Item(7, ("a",))
    assert memo.twin_of(ours.Item) is not None
    assert "__trfsite_class__" in ours.Item.__init__.__code__.co_varnames  # the fast one
    assert type(item) is ours.Item and item.number == 7 and item.tags == ("a",)
    assert item.name == "#7" and item.seen == ["Item"]  # __post_init__ saw the class
    same = ours.Item(7, ("a",), "#7")
    assert item == same and hash(item) == hash(same) and ours.Item(1).tags == ()
    assert repr(item) == "Item(number=7, tags=('a',), name='#7')"
    assert ours.Item(1).seen is not ours.Item(1).seen  # each default made afresh
    with pytest.raises(dataclasses.FrozenInstanceError):
        item.number = 8
    with pytest.raises(dataclasses.FrozenInstanceError):
        del item.name
    contribution = Contribution(3, 1.5, "opponent 7: score 1.5")  # a class of the package
    assert type(pickle.loads(pickle.dumps(contribution))) is Contribution
    assert pickle.loads(pickle.dumps(contribution)) == contribution
    assert copy.deepcopy(item) == item
    assert dataclasses.replace(item, number=9) == ours.Item(9, ("a",), "#7")


def test_a_field_named_self_and_init_only_values(ours: Any) -> None:
    odd = ours.Odd(3, scale=5)
    assert (odd.self, odd.twice) == (3, 30)
    assert "scale" not in [f.name for f in dataclasses.fields(odd)]


def test_classes_without_a_twin_are_filled_as_dataclasses_writes_it(ours: Any) -> None:
    # No slots (a __dict__), or a base of their own: no twin, and the same objects.
    assert memo.twin_of(ours.Plain) is None and memo.twin_of(ours.Derived) is None
    assert ours.Plain(1).number == 1
    derived = ours.Derived(2, "b")
    assert type(derived) is ours.Derived and (derived.number, derived.name) == (2, "b")
    with pytest.raises(dataclasses.FrozenInstanceError):
        derived.name = "c"

    class Later(ours.Base):  # a plain subclass: its objects are no Base
        __slots__ = ()

    later = Later(4)
    assert type(later) is Later and later.number == 4
    with pytest.raises(dataclasses.FrozenInstanceError):
        later.number = 5


def test_only_trfsite_classes_get_the_fast_init() -> None:
    other = _classes("not_trfsite_probe")
    assert "__trfsite_class__" not in other.Item.__init__.__code__.co_varnames
    assert "__trfsite_class__" in Contribution.__init__.__code__.co_varnames
    assert other.Item(1) == other.Item(1, (), "#1")


def test_other_texts_are_left_as_they_are() -> None:
    mutable = (
        "def __create_fn__(_type_a, _return_type):\n"
        " def __init__(self,a:_type_a)->_return_type:\n"
        "  self.a=a\n"
        " return __init__"
    )
    assert memo.fast_frozen_init(mutable) == mutable
    setattr_fn = mutable.replace("__init__", "__setattr__")
    assert memo.fast_frozen_init(setattr_fn) == setattr_fn
