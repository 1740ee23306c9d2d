"""What a process pays before its work: the CPU of importing a command's modules, and the
dataclasses and modules that import makes (issue 39).

Each tree is a checkout with its own ``.venv`` (e.g. a ``git archive`` of main beside the
branch); the trees' runs alternate, so that the load of the machine falls on each alike::

    python benchmarks/bench_imports.py --tree main=/tmp/main --tree branch=. --runs 10

Per tree and path: the median CPU (user + sys) of the whole process and of the import
alone (``time.process_time`` around it), and the dataclasses, named tuples and trfsite
modules it leaves in ``sys.modules``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
from pathlib import Path

# What each command imports before it reads a file (trfsite/cli: the command's module,
# then what it imports to do its work).
PATHS: dict[str, tuple[str, ...]] = {
    "build": ("trfsite.cli.build_cmd", "trfsite.site.build"),
    # ``trfsite standings`` of a plain TRF file, its modules as the command imports them
    "standings": (
        "trfsite.cli.standings_cmd",
        "trfsite.standings.compute",
        "trfsite.standings.output",
        "trfsite.input_files",
        "trfsite.formats.egf",
        "trfsite.formats.trf",
        "trfsite.validate.structure",
        "trfsite.validate.game_sides",
        "trfsite.standings.individual",
        "trfsite.standings.declared_notes",
    ),
}

_CHILD = """
import json, sys, time
start = time.process_time()
for name in sys.argv[1:]:
    __import__(name)
cpu = time.process_time() - start
classes = [v for name, m in list(sys.modules.items()) if name.startswith("trfsite")
           for v in vars(m).values() if isinstance(v, type) and v.__module__ == name]
print(json.dumps({
    "import_cpu": cpu,
    "dataclasses": sum("__dataclass_fields__" in c.__dict__ for c in classes),
    "named_tuples": sum(issubclass(c, tuple) and hasattr(c, "_fields") for c in classes),
    "modules": sum(name.startswith("trfsite") for name in sys.modules),
}))
"""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _one(tree: Path, modules: tuple[str, ...]) -> tuple[float, dict[str, float]]:
    before = _children_cpu()
    done = subprocess.run(
        ["nice", "-n", "10", str(tree / ".venv" / "bin" / "python"), "-c", _CHILD, *modules],
        cwd=tree,
        env=_ENV,
        capture_output=True,
        text=True,
        check=True,
    )
    return _children_cpu() - before, json.loads(done.stdout)


# Bytecode written (the first run of each tree writes it): a tree without it would time
# the compiler, not the imports.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", required=True, help="NAME=DIR")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--path", action="append", choices=sorted(PATHS))
    args = parser.parse_args()
    trees = [(t.split("=", 1)[0], Path(t.split("=", 1)[1]).resolve()) for t in args.tree]
    for path in args.path or sorted(PATHS):
        whole: dict[str, list[float]] = {name: [] for name, _ in trees}
        alone: dict[str, list[float]] = {name: [] for name, _ in trees}
        counts: dict[str, dict[str, float]] = {}
        for _, tree in trees:
            _one(tree, PATHS[path])
        for _ in range(args.runs):
            for name, tree in trees:
                cpu, report = _one(tree, PATHS[path])
                whole[name].append(cpu)
                alone[name].append(report["import_cpu"])
                counts[name] = report
        for name, _ in trees:
            c = counts[name]
            print(
                f"{path:9} {name:8} process cpu median {statistics.median(whole[name]):.3f} s"
                f"  import cpu median {statistics.median(alone[name]):.3f} s"
                f" (min {min(alone[name]):.3f})  dataclasses {c['dataclasses']:.0f}"
                f"  named tuples {c['named_tuples']:.0f}  trfsite modules {c['modules']:.0f}"
                f"  ({args.runs} runs)"
            )


if __name__ == "__main__":
    main()
