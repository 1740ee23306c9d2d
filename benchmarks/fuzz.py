"""Issues 22 and 50's long fuzz run: mutated files in hostile folders, every command, budgets.

    python benchmarks/fuzz.py --inputs 100000 --seed 1 --failures /tmp/fuzz-failures
    python benchmarks/fuzz.py --start 20000 --inputs 10000 --seed 1   # one chunk of that run

Each input is a sample file (the small test files, the EGF samples, and now and
then FIDE's 284-player and team examples) with one to three of the mutations of
``tests/fuzz/mutations.py`` (issue 22's, and issue 50's: record rounds, tie-break
lists, garbage lines, many rounds, hostile names), placed into a results folder by
one of ``tests/fuzz/hostile.py``'s placements (a FIFO or a link to ``/dev/zero``
beside it, a name that is not UTF-8, links out of the folder, an unreadable
neighbour) and, for ``--config-share`` of the inputs, with a hostile
``trfsite.toml``. Every command of ``mutations.case_commands`` runs on it through
click (validate of the file and the folder, standings as JSON, text and CSV,
awards, people, export, ``build --no-pdf``): validate FILE and standings as JSON on
every input, and two of the other seven chosen per input (``--all-commands``: all
nine), so that each of those seven, build included, runs on 2/7 of the inputs.

Each input runs in a forked process of its own, so that its CPU time and its peak
memory are its own (``wait4``). An input fails when an exception escapes, a
traceback is printed, the exit code is not 0-2, a JSON output is not valid UTF-8
JSON, one command takes more than --slow CPU seconds, or (for an input under 1 MB)
the input takes more than --budget-seconds of CPU or --budget-mb of memory. The
input of seed S and number N is the same on every run: a chunk (``--start``)
continues a run. Failing inputs are written to --failures.

The last line is a JSON summary (inputs, failures, peak memory, slowest, runs and
CPU per command), so that chunks can be added up: save each chunk's last line as
``benchmarks/fuzz-runs/SEED/chunk-NNNNNN.json`` and add them up with

    python benchmarks/fuzz.py --sum benchmarks/fuzz-runs/2026/chunk-*.json

which prints the run's figures and ``next_start``, the ``--start`` of the next chunk.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import select
import shutil
import signal
import stat
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fuzz.hostile import PLACEMENTS, hostile_config  # noqa: E402
from fuzz.mutations import EXIT_CODES, MUTATIONS, mutate, run_case  # noqa: E402

SMALL = sorted((ROOT / "tests" / "data" / "trf").glob("*.trf"))
SMALL += sorted((ROOT / "tests" / "data" / "egf").glob("*.h*"))
SMALL += sorted((ROOT / "tests" / "data" / "samples").glob("opengotha-*.h9"))
LARGE = sorted((ROOT / "tests" / "data" / "samples").glob("fide-*.trf"))
# 1 MiB: mutants are cut at 1,000,000 characters, a few bytes more once encoded, and
# those largest inputs are the ones the budget is for.
ONE_MB = 2**20
args_all_commands = False  # --all-commands: every command on every input


def _input(seed: int, number: int, args: argparse.Namespace) -> dict[str, object]:
    """What input ``number`` of run ``seed`` is: the same on every run and every chunk."""
    rng = random.Random(f"{seed}:{number}")
    source = rng.choice(LARGE if rng.random() < args.large_share else SMALL)
    names = [m.name for m in MUTATIONS]
    return {
        "number": number,
        "source": source,
        "mutations": rng.sample(names, rng.randint(1, 3)),
        "seed": rng.randrange(2**32),
        "placement": rng.choice(PLACEMENTS),
        "config": hostile_config(rng) if rng.random() < args.config_share else None,
        "build": not args.no_build,
        "pick": rng.randrange(2**32),
    }


def _mutant(case: dict[str, object]) -> bytes:
    """The input's bytes: its source file with its mutations."""
    source = case["source"]
    assert isinstance(source, Path)
    text = source.read_bytes().decode("utf-8", errors="replace")
    return mutate(text, case["mutations"], case["seed"]).encode("utf-8")  # type: ignore[arg-type]


def _make_apart(case: dict[str, object], target: Path) -> None:
    """Write the input's bytes to ``target`` from a process of its own.

    A mutation's text before the 1 MB cut can be gigabytes (a 20 KB line pasted 500
    times, then each copy 300 times longer: input 31,634 peaked at 1.5 GB): the
    harness's memory, which the input's own process must not count. If this process
    fails, the input's process makes the bytes itself and reports what went wrong.
    """
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            target.write_bytes(_mutant(case))
            code = 0
        finally:
            os._exit(code)
    os.waitpid(pid, 0)


def _run_input(case: dict[str, object], work: Path) -> list[dict[str, object]]:
    """In the forked child: make the folder, run every command, report each outcome."""
    made = work / "mutant.bin"
    data = made.read_bytes() if made.is_file() else _mutant(case)
    made.unlink(missing_ok=True)
    folder = work / "src"
    folder.mkdir()
    placement = case["placement"]
    path = placement.place(folder, data, work)  # type: ignore[attr-defined]
    config = None
    if case["config"] is not None:
        config = work / "trfsite.toml"
        config.write_bytes(case["config"])  # type: ignore[arg-type]
    out = work / "out" if case["build"] else None
    pick = None if args_all_commands else random.Random(case["pick"])  # type: ignore[arg-type]
    outcomes = run_case(folder, path, config, out, pick)
    return [
        {
            "command": o.command,
            "exit": o.exit_code,
            "cpu": round(o.cpu_seconds, 3),
            "error": o.error,
            "bytes": len(data),
        }
        for o in outcomes
    ]


def _group_cpu(group: int) -> float:
    """CPU seconds used so far by the processes of ``group`` (Linux ``/proc``; 0 elsewhere)."""
    ticks = 0
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rpartition(") ")[2].split()
        except OSError:
            continue  # ended meanwhile
        if len(fields) > 14 and int(fields[2]) == group:
            ticks += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def _in_child(
    case: dict[str, object], work: Path, hang_seconds: float, runaway_cpu: float
) -> tuple[list[dict[str, object]], float, int]:
    """Run one input in a fork; (outcomes, its CPU seconds, its peak RSS in KB).

    A child whose process group used no CPU for ``hang_seconds`` of wall time (a read
    that waits) is killed with its group and reported as a hang. A busy machine only
    slows a working child down; it still gets some CPU in that time. A child that
    used more than ``runaway_cpu`` seconds of CPU (a loop that never ends) is a hang
    too: looked at every ``hang_seconds``.
    """
    _make_apart(case, work / "mutant.bin")
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.setpgid(0, 0)  # its build workers too end with it when it hangs
        os.close(read_end)
        try:
            report = json.dumps(_run_input(case, work))
        except BaseException:
            report = json.dumps([{"command": "harness", "exit": -1, "cpu": 0.0, "bytes": 0,
                                  "error": traceback.format_exc(limit=3)[-300:]}])  # fmt: skip
        with os.fdopen(write_end, "w") as pipe:
            pipe.write(report)
        os._exit(0)
    with contextlib.suppress(OSError):
        os.setpgid(pid, pid)  # also here: the child may not have run yet
    os.close(write_end)
    chunks: list[bytes] = []
    hung = ""
    used = -1.0
    with os.fdopen(read_end, "rb") as pipe:
        while True:
            if not select.select([pipe], [], [], hang_seconds)[0]:
                now = _group_cpu(pid)
                if now - used < 0.05:  # no CPU at all for hang_seconds: waiting, not working
                    hung = f"hang: no CPU used for {hang_seconds:.0f} s of wall time"
                elif now > runaway_cpu:
                    hung = f"hang: still running after {now:.0f} s of CPU (a loop that never ends?)"
                if hung:
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(pid, signal.SIGKILL)
                    break
                used = now
                continue
            chunk = os.read(pipe.fileno(), 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    text = b"".join(chunks).decode()
    _, status, usage = os.wait4(pid, 0)
    if hung:
        cpu = usage.ru_utime + usage.ru_stime
        outcome = {"command": "child", "exit": -1, "cpu": cpu, "bytes": 0, "error": hung}
        return [outcome], cpu, usage.ru_maxrss
    cpu = usage.ru_utime + usage.ru_stime
    if not text:
        code = os.waitstatus_to_exitcode(status)
        return [{"command": "child", "exit": code, "cpu": cpu, "bytes": 0,
                 "error": f"the child died (status {code})"}], cpu, usage.ru_maxrss  # fmt: skip
    return json.loads(text), cpu, usage.ru_maxrss


def _special_files(folder: str, names: list[str]) -> set[str]:
    """FIFOs and devices of a kept failure: copying one would read it (or fail the run)."""
    return {
        name
        for name in names
        if not stat.S_ISDIR(mode := os.lstat(os.path.join(folder, name)).st_mode)
        and not stat.S_ISREG(mode)
        and not stat.S_ISLNK(mode)
    }


def _failure_class(problem: str) -> str:
    """What kind of failure one problem of an input is (its command aside)."""
    for kind in ("over budget", "slow", "hang", "exit code", "not valid UTF-8 JSON",
                 "traceback", "internal-check-failed", "died"):  # fmt: skip
        if kind in problem:
            return kind
    return "exception"


def _label(case: dict[str, object]) -> str:
    source = case["source"]
    assert isinstance(source, Path)
    config = " +config" if case["config"] is not None else ""
    placement = case["placement"].name  # type: ignore[attr-defined]
    mutations = "+".join(case["mutations"])  # type: ignore[arg-type]
    return f"#{case['number']} {source.name} {mutations} seed={case['seed']} {placement}{config}"


# Failure classes that are crashes (a traceback, an exception, a dead child) and those
# that are budgets (CPU, memory, one slow command).
CRASHES = ("traceback", "exception", "internal-check-failed", "died", "exit code",
           "not valid UTF-8 JSON")  # fmt: skip
BUDGETS = ("over budget", "slow")


def add_up(paths: list[Path]) -> dict[str, object]:
    """The figures of a run from its chunks' JSON summaries (``--sum``)."""
    chunks = sorted((json.loads(p.read_text()) for p in paths), key=lambda c: c["start"])
    total: dict[str, object] = {"chunks": len(chunks), "seeds": sorted({c["seed"] for c in chunks})}
    for key in ("inputs", "commands", "builds", "configs", "failures", "hangs"):
        total[key] = sum(int(c[key]) for c in chunks)
    total["cpu_seconds"] = round(sum(float(c["cpu_seconds"]) for c in chunks), 1)
    ranges, overlaps, end = [], 0, 0
    for c in chunks:
        first, last = int(c["start"]), int(c["start"]) + int(c["inputs"]) - 1
        overlaps += first <= end
        if ranges and ranges[-1][1] + 1 == first:
            ranges[-1][1] = last
        else:
            ranges.append([first, last])
        end = max(end, last)
    total["input_numbers"] = ranges
    total["next_start"] = end + 1  # where the next chunk starts (--start)
    total["overlapping_chunks"] = overlaps
    classes: dict[str, int] = {}
    for c in chunks:
        for kind, count in dict(c["failure_classes"]).items():
            classes[kind] = classes.get(kind, 0) + int(count)
    total["failure_classes"] = classes
    # Inputs, not problems: an input over budget is often also "slow" (one command).
    failing = [f for c in chunks for f in c.get("failing", [])]
    kinds = [{_failure_class(p) for p in f.partition(": ")[2].split("; ")} for f in failing]
    total["crash_inputs"] = sum(1 for k in kinds if k & set(CRASHES))
    total["budget_inputs"] = sum(1 for k in kinds if k & set(BUDGETS))
    total["hang_inputs"] = sum(1 for k in kinds if "hang" in k)
    for key in ("max_cpu_under_1mb", "max_mb_under_1mb", "peak_mb", "slowest_cpu"):
        total[key] = max((c.get(key, 0) for c in chunks), default=0)
    commands: dict[str, dict[str, float]] = {}
    for c in chunks:
        for name, entry in dict(c.get("by_command", {})).items():
            into = commands.setdefault(name, {"runs": 0, "cpu": 0.0, "max_cpu": 0.0})
            into["runs"] += entry["runs"]
            into["cpu"] = round(into["cpu"] + entry["cpu"], 1)
            into["max_cpu"] = max(into["max_cpu"], entry["max_cpu"])
    total["by_command"] = dict(sorted(commands.items()))
    cpu = float(total["cpu_seconds"])  # type: ignore[arg-type]
    total["inputs_per_cpu_hour"] = round(int(total["inputs"]) * 3600 / cpu) if cpu else 0  # type: ignore[call-overload]
    total["failing"] = failing
    return total


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--sum":  # python fuzz.py --sum CHUNK.json ...
        print(json.dumps(add_up([Path(p) for p in sys.argv[2:]]), indent=1))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=5000)
    parser.add_argument("--start", type=int, default=1, help="number of the first input")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--large-share", type=float, default=0.02,
                        help="share of inputs made from the large FIDE samples")  # fmt: skip
    parser.add_argument("--config-share", type=float, default=0.2,
                        help="share of inputs with a hostile trfsite.toml")  # fmt: skip
    parser.add_argument("--no-build", action="store_true",
                        help="leave build --no-pdf out of the commands chosen from")  # fmt: skip
    parser.add_argument("--slow", type=float, default=10.0, help="CPU seconds per command")
    parser.add_argument("--budget-seconds", type=float, default=10.0,
                        help="CPU seconds per input under 1 MB (all its commands)")  # fmt: skip
    parser.add_argument("--budget-mb", type=float, default=500.0,
                        help="peak memory (MB) of an input under 1 MB")  # fmt: skip
    parser.add_argument("--all-commands", action="store_true",
                        help="every command on every input (default: validate FILE and "
                        "standings --explain --format json on each, and two of the other "
                        "seven, build included, chosen per input)")  # fmt: skip
    parser.add_argument("--hang-seconds", type=float, default=60.0,
                        help="wall seconds without CPU after which an input is a hang")  # fmt: skip
    parser.add_argument("--runaway-cpu", type=float, default=300.0,
                        help="CPU seconds after which a still-working input is a hang")  # fmt: skip
    parser.add_argument("--max-minutes", type=float, default=0.0,
                        help="stop after this wall time, with the summary (0: never)")  # fmt: skip
    parser.add_argument("--failures", type=Path, default=None)
    args = parser.parse_args()
    global args_all_commands
    args_all_commands = args.all_commands
    failures = 0
    slowest: list[tuple[float, str]] = []
    biggest: list[tuple[float, str]] = []
    by_mutation = dict.fromkeys((m.name for m in MUTATIONS), 0)
    by_placement = dict.fromkeys((p.name for p in PLACEMENTS), 0)
    configs = builds = commands = hangs = 0
    by_command: dict[str, dict[str, float]] = {}  # runs, CPU seconds and slowest per command
    small_cpu = small_mb = 0.0  # the largest per-input CPU (build aside) and memory under 1 MB
    failing: list[str] = []  # each failing input and its problems, for the chunk's summary
    command_cpu = 0.0  # CPU inside the commands: the rest of cpu_total is the harness's own
    cpu_total = 0.0  # CPU seconds of every input's forked process (build included)
    classes: dict[str, int] = {}  # failures by kind: what to fix, not how often it recurs
    longest = (0.0, "")  # wall seconds of the slowest input (a shared machine: a rough figure)
    started = time.perf_counter()
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    last = args.start + args.inputs
    with tempfile.TemporaryDirectory(prefix="fuzz-") as scratch:
        # Every module and the templates loaded once here: each forked input shares them.
        # A TRF file and a Go table: the EGF reader's modules load only for Go, and
        # half the inputs are Go tables (each child imported them again, 0.1 s a time).
        for warm_source in ("trf/team-2026.trf", "egf/pairgoth.h9"):
            warm = Path(tempfile.mkdtemp(dir=scratch))
            (warm / "src").mkdir()
            sample = warm / "src" / Path(warm_source).name
            sample.write_bytes((ROOT / "tests" / "data" / warm_source).read_bytes())
            run_case(warm / "src", sample, None, warm / "out")
        done = 0
        for number in range(args.start, last):
            if args.max_minutes and time.perf_counter() - started > args.max_minutes * 60:
                break
            done += 1
            case = _input(args.seed, number, args)
            for name in case["mutations"]:  # type: ignore[attr-defined]
                by_mutation[name] += 1
            by_placement[case["placement"].name] += 1  # type: ignore[attr-defined]
            configs += case["config"] is not None
            work = Path(tempfile.mkdtemp(dir=scratch))
            begun = time.perf_counter()
            outcomes, cpu, peak_kb = _in_child(case, work, args.hang_seconds, args.runaway_cpu)
            cpu_total += cpu
            label = _label(case)
            longest = max(longest, (time.perf_counter() - begun, label))
            size = max((int(o["bytes"]) for o in outcomes), default=0)  # type: ignore[call-overload]
            bad = []
            for o in outcomes:
                commands += 1
                spent = float(o["cpu"])  # type: ignore[arg-type]
                command_cpu += spent
                entry = by_command.setdefault(
                    str(o["command"]), {"runs": 0, "cpu": 0.0, "max_cpu": 0.0}
                )
                entry["runs"] += 1
                builds += o["command"] == "build --no-pdf"
                entry["cpu"] += spent
                entry["max_cpu"] = max(entry["max_cpu"], spent)
                slowest.append((float(o["cpu"]), f"{label}: {o['command']}"))  # type: ignore[arg-type]
                if o["error"]:
                    bad.append(f"{o['command']}: {o['error']}")
                elif o["exit"] not in EXIT_CODES:
                    bad.append(f"{o['command']}: exit code {o['exit']}")
                elif float(o["cpu"]) > args.slow:  # type: ignore[arg-type]
                    bad.append(f"{o['command']}: slow, {o['cpu']} s CPU")
            input_cpu = sum(float(o["cpu"]) for o in outcomes)  # type: ignore[arg-type]
            hung = any(str(o["error"]).startswith("hang") for o in outcomes)
            if size < ONE_MB and not hung and input_cpu > args.budget_seconds:
                bad.append(f"over budget: {input_cpu:.1f} s CPU for {size:,} bytes")
            if size < ONE_MB and not hung and peak_kb / 1024 > args.budget_mb:
                bad.append(f"over budget: {peak_kb / 1024:.0f} MB for {size:,} bytes")
            hangs += hung
            if size < ONE_MB and not hung:
                small_cpu = max(small_cpu, input_cpu)
                small_mb = max(small_mb, peak_kb / 1024)
            biggest.append((peak_kb / 1024, f"{label} ({size:,} bytes)"))
            if bad:
                failures += 1
                for kind in {_failure_class(b) for b in bad}:
                    classes[kind] = classes.get(kind, 0) + 1
                print(f"FAIL {label}: " + "; ".join(bad), flush=True)
                failing.append(f"{label}: " + "; ".join(bad)[:300])
                if args.failures:
                    kept = args.failures / f"{args.seed}-{number:06d}"
                    shutil.copytree(work, kept, symlinks=True, dirs_exist_ok=True,
                                    ignore=_special_files,
                                    ignore_dangling_symlinks=True)  # fmt: skip
            shutil.rmtree(work, ignore_errors=True)
            slowest = sorted(slowest, reverse=True)[:5]
            biggest = sorted(biggest, reverse=True)[:5]
            if number % 50 == 0:
                elapsed = time.perf_counter() - started
                print(f"{number} ({number - args.start + 1} inputs), {failures} failures, "
                      f"{elapsed:.0f} s", flush=True)  # fmt: skip
    elapsed = time.perf_counter() - started
    print(f"\n{done} inputs ({args.start}-{args.start + done - 1}, seed {args.seed}), {commands} "
          f"commands, {builds} builds, {configs} hostile configs, in {elapsed:.0f} s")  # fmt: skip
    print(f"failures: {failures} (hangs: {hangs})")
    for kind, count in sorted(classes.items()):
        print(f"  {kind}: {count}")
    per_hour = done / cpu_total * 3600 if cpu_total else 0.0
    print(f"CPU: {cpu_total:.0f} s for {done} inputs ({cpu_total / max(done, 1):.2f} s an input): "
          f"{per_hour:,.0f} inputs per CPU-hour; 100,000 inputs would take "
          f"{100_000 / per_hour if per_hour else 0:.1f} CPU-hours")  # fmt: skip
    print(f"CPU inside the commands: {command_cpu:.0f} s; per command (runs, CPU, slowest):")
    for name, entry in sorted(by_command.items(), key=lambda item: -item[1]["cpu"]):
        print(f"  {name:34} {int(entry['runs']):6} {entry['cpu']:8.1f} s {entry['max_cpu']:6.2f} s")
    print("mutations used: " + ", ".join(f"{k} {v}" for k, v in by_mutation.items()))
    print("placements used: " + ", ".join(f"{k} {v}" for k, v in by_placement.items()))
    print("slowest commands (CPU):")
    for seconds, label in slowest:
        print(f"  {seconds:6.2f} s  {label}")
    print(f"slowest input (wall): {longest[0]:.2f} s  {longest[1]}")
    print("largest inputs by peak memory (one forked process each, trfsite loaded):")
    for mb, label in biggest:
        print(f"  {mb:6.0f} MB  {label}")
    summary = {
        "seed": args.seed, "start": args.start, "inputs": done, "commands": commands,
        "builds": builds, "configs": configs, "failures": failures, "hangs": hangs,
        "seconds": round(elapsed),
        "slowest_cpu": slowest[0][0] if slowest else 0.0, "slowest_wall": round(longest[0], 2),
        "peak_mb": round(biggest[0][0]) if biggest else 0,
        "cpu_seconds": round(cpu_total, 1), "inputs_per_cpu_hour": round(per_hour),
        "failure_classes": classes,
        "command_cpu_seconds": round(command_cpu, 1),
        "max_cpu_under_1mb": round(small_cpu, 2), "max_mb_under_1mb": round(small_mb),
        "by_command": {k: {"runs": int(v["runs"]), "cpu": round(v["cpu"], 1),
                           "max_cpu": round(v["max_cpu"], 2)}
                       for k, v in sorted(by_command.items())},
        "failing": failing[:50],
    }  # fmt: skip
    print(json.dumps(summary))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
