"""import_weasyprint (trfsite.pdf.libraries) loads the same C libraries, without subprocesses."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the shortcut is only taken on Linux"
)

# Run in a fresh interpreter: counts the subprocesses started by the import and
# lists the Pango/HarfBuzz/fontconfig/GObject files it mapped.
CHILD = """
import ctypes.util, json, subprocess, sys
started = []
real_popen = subprocess.Popen.__init__
def popen(self, args, *rest, **kwargs):
    started.append(str(args))
    real_popen(self, args, *rest, **kwargs)
subprocess.Popen.__init__ = popen
real_find = ctypes.util.find_library
{setup}
{importer}
import weasyprint
from weasyprint.text import ffi
libraries = sorted({{
    line.split()[-1]
    for line in open("/proc/self/maps")
    if any(k in line for k in ("libgobject", "libpango", "libharfbuzz", "libfontconfig"))
}})
print(json.dumps({{
    "started": len(started),
    "libraries": libraries,
    "vector": ffi.harfbuzz_vector is not None,
    "find_library_restored": ctypes.util.find_library is real_find,
}}))
"""


def _child(importer: str, setup: str = "") -> dict[str, object]:
    code = CHILD.format(importer=textwrap.dedent(importer), setup=textwrap.dedent(setup))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_the_same_libraries_are_loaded_without_a_subprocess() -> None:
    usual = _child("import weasyprint")
    quick = _child("from trfsite.pdf.libraries import import_weasyprint; import_weasyprint()")
    assert usual["started"] > 0  # what the shortcut saves (else this test shows nothing)
    assert quick["started"] == 0
    assert quick["libraries"] == usual["libraries"]
    assert quick["vector"] == usual["vector"]
    assert quick["find_library_restored"]


def test_a_library_only_find_library_names_is_still_found() -> None:
    # Opening by soname fails while the shortcut is on: the import is made again.
    setup = """
    import cffi.api
    from trfsite.pdf import libraries
    real_dlopen = cffi.api.FFI.dlopen
    def dlopen(self, name, *args):
        if ctypes.util.find_library is libraries._not_searched:
            raise OSError(f"cannot open {name}")
        return real_dlopen(self, name, *args)
    cffi.api.FFI.dlopen = dlopen
    """
    found = _child("libraries.import_weasyprint()", setup)
    assert found["started"] > 0
    assert found["libraries"] == _child("import weasyprint")["libraries"]
    assert found["find_library_restored"]
