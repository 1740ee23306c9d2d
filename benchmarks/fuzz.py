"""Issue 22's long fuzz run: N mutated sample files, every command, no traceback, none slow.

    python benchmarks/fuzz.py --inputs 100000 --seed 1 --failures /tmp/fuzz-failures

Each input is a sample file (the small test files, the EGF samples, and now and
then FIDE's 284-player example) with one to three of the mutations of
``tests/fuzz/mutations.py``. ``validate`` and ``standings --explain`` (text and
JSON) run on it through click, in this process. An input fails when an
exception escapes, a traceback is printed, the exit code is not 0-2, or one
command takes more than --slow seconds; failing inputs are written to
--failures so they can be minimised into ``tests/data/fuzz/``. "Slow" is CPU time
by default (``--clock wall`` on a quiet machine). Prints the
counts, the slowest inputs and the peak memory; exits 1 when any input failed.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fuzz.mutations import EXIT_CODES, MUTATIONS, mutate, run_commands  # noqa: E402

SMALL = sorted((ROOT / "tests" / "data" / "trf").glob("*.trf"))
SMALL += sorted((ROOT / "tests" / "data" / "egf").glob("*.h*"))
SMALL += sorted((ROOT / "tests" / "data" / "samples").glob("opengotha-*.h9"))
LARGE = sorted((ROOT / "tests" / "data" / "samples").glob("fide-*.trf"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--large-share", type=float, default=0.02,
                        help="share of inputs made from the large FIDE samples")  # fmt: skip
    parser.add_argument("--slow", type=float, default=10.0, help="seconds per command")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="what --slow measures: CPU time (default; a shared machine inflates wall times "
        "of a niced run many times over) or wall time (on a quiet machine)",
    )
    parser.add_argument("--failures", type=Path, default=None)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = [m.name for m in MUTATIONS]
    failures = 0
    slowest: list[tuple[float, str]] = []
    by_mutation = dict.fromkeys(names, 0)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as work:
        for number in range(1, args.inputs + 1):
            source = rng.choice(LARGE if rng.random() < args.large_share else SMALL)
            chosen = rng.sample(names, rng.randint(1, 3))
            seed = rng.randrange(2**32)
            for name in chosen:
                by_mutation[name] += 1
            text = source.read_bytes().decode("utf-8", errors="replace")
            path = Path(work) / f"input{source.suffix}"
            path.write_text(mutate(text, chosen, seed), encoding="utf-8")
            label = f"{source.name} {'+'.join(chosen)} seed={seed}"
            for outcome in run_commands(path):
                seconds = outcome.cpu_seconds if args.clock == "cpu" else outcome.seconds
                slowest.append((seconds, f"{label}: {outcome.command}"))
                bad = outcome.error or ("" if outcome.exit_code in EXIT_CODES else "exit code")
                if not bad and seconds > args.slow:
                    bad = f"slow: {seconds:.1f} s {args.clock} ({outcome.seconds:.1f} s wall)"
                if bad:
                    failures += 1
                    print(f"FAIL {label}: {outcome.command}: {bad}", flush=True)
                    if args.failures:
                        args.failures.mkdir(parents=True, exist_ok=True)
                        kept = args.failures / f"{number:06d}{source.suffix}"
                        kept.write_bytes(path.read_bytes())
            slowest = sorted(slowest, reverse=True)[:5]
            if number % 500 == 0:
                elapsed = time.perf_counter() - started
                print(f"{number} inputs, {failures} failures, {elapsed:.0f} s", flush=True)
    elapsed = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\n{args.inputs} inputs in {elapsed:.0f} s ({elapsed / args.inputs * 1000:.0f} ms each)")
    print(f"failures: {failures}; peak RSS of the run: {peak_mb:.0f} MB")
    print("mutations used: " + ", ".join(f"{k} {v}" for k, v in by_mutation.items()))
    print(f"slowest commands ({args.clock} time):")
    for seconds, label in slowest:
        print(f"  {seconds:6.2f} s  {label}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
