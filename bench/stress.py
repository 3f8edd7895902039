"""Stress: the reading commands run thousands of times, two at a time, part of them
next to a CPU hog; every run must exit with the status expected for that call.

    python bench/stress.py [--runs N] [--jobs J] [--load-share F] [--build DIR]

A user saw `mincards query` and `fit` abort at exit (status 134, `terminate called
without an active exception`) about once in 200 runs on a loaded machine: a race that
only shows under load, and only in numbers. This script makes both: it extracts raw/
into a temporary build (not timed), then runs the calls below (query, fit, models,
plan, diff; answers, and errors: an unknown model, a bad option, a missing release)
round-robin, J at a time. The first part of the runs is quiet; for the rest
(--load-share, default half) it starts one busy-looping process per CPU and stops them
at the end. It fails (exit 1) on any status other than the one expected for that call
(an abort shows as a signal, -6), on a run that outlives --timeout, and on a call whose
answer on stdout differs from its first run's, printing the command, the status and
stderr; it always prints a summary: runs per call, the statuses seen, aborts, wall time.

Every loop ends by itself: the runs are counted, each run has a timeout, and each hog
stops on its own when this script is gone or after --hog-limit seconds.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
MINCARDS = [PYTHON, "-m", "pipeline"]  # the `mincards` entry point, run from this checkout

PLAN = ["--tokens", "2B", "--tps", "1500", "--hours", "24"]
# name, arguments, the exit status the CLI documents for it (pipeline/cli/__init__.py)
CALLS: list[tuple[str, list[str], int]] = [
    ("query", ["query", "qwen2.5-7b"], 0),
    ("query json", ["query", "Qwen/Qwen2.5-7B-Instruct", "--strategy", "full", "--format", "json"], 0),
    ("query all releases", ["query", "qwen2.5-7b", "--all-releases", "--framework", "mindspeed-llm"], 0),
    ("query unknown model", ["query", "no-such-model-9b"], 1),
    ("query unknown framework", ["query", "qwen2.5-7b", "--framework", "no-such-framework"], 2),
    ("query bad option", ["query", "qwen2.5-7b", "--strategy", "bogus"], 2),
    ("fit", ["fit", "--hardware", "Snt9b", "--nodes", "1", "--strategy", "lora"], 0),
    ("fit csv", ["fit", "--hardware", "snt9b23", "--cards", "8", "--format", "csv"], 0),
    ("fit missing release", ["fit", "--hardware", "Snt9b", "--nodes", "1", "--release", "1999-01-01"], 1),
    ("fit bad option", ["fit", "--hardware", "Snt9b"], 2),
    ("models", ["models"], 0),
    ("models missing release", ["models", "--release", "1999-01-01"], 1),
    ("plan", ["plan", "qwen2.5-7b", *PLAN, "--strategy", "full", "--seq-len", "4096"], 0),
    ("plan unknown model", ["plan", "no-such-model-9b", *PLAN], 1),
    ("plan bad option", ["plan", "qwen2.5-7b", "--tokens", "-1", "--tps", "1500"], 2),
    ("diff", ["diff"], 0),
    ("diff exit code", ["diff", "--exit-code", "--format", "json"], 1),
    ("diff bad option", ["diff", "2025-05-07"], 2),
]
STATUS_NAMES = {-signal.SIGABRT: "SIGABRT", -signal.SIGSEGV: "SIGSEGV", -signal.SIGKILL: "SIGKILL"}


@dataclass
class Run:
    call: str
    argv: list[str]
    expected: int
    loaded: bool
    status: int | str = "not run"  # an int, or "timeout"
    stdout: bytes = b""
    stderr: bytes = b""

    @property
    def aborted(self) -> bool:
        return self.status in (-signal.SIGABRT, 128 + signal.SIGABRT)  # 134 when a shell ran it


@dataclass
class Tally:
    runs: Counter = field(default_factory=Counter)  # call -> runs
    statuses: dict[str, Counter] = field(default_factory=dict)  # call -> status -> runs
    answers: dict[str, str] = field(default_factory=dict)  # call -> sha256 of its first stdout
    failures: list[tuple[Run, str]] = field(default_factory=list)
    aborts: int = 0

    def add(self, run: Run) -> None:
        self.runs[run.call] += 1
        self.statuses.setdefault(run.call, Counter())[run.status] += 1
        self.aborts += run.aborted
        if run.status != run.expected:
            self.failures.append((run, f"exit status {status_text(run.status)}, expected {run.expected}"))
            return
        answer = hashlib.sha256(run.stdout).hexdigest()
        if self.answers.setdefault(run.call, answer) != answer:
            self.failures.append((run, "its answer on stdout differs from the first run's"))


def status_text(status: int | str) -> str:
    return f"{status} ({STATUS_NAMES[status]})" if status in STATUS_NAMES else str(status)


def extract(build: Path) -> None:
    subprocess.run([*MINCARDS, "extract", "raw", "--out", str(build)], cwd=REPO, check=True,
                   stdout=subprocess.DEVNULL)


def execute(run: Run, timeout: float) -> Run:
    try:
        done = subprocess.run(run.argv, cwd=REPO, capture_output=True, timeout=timeout)
        run.status, run.stdout, run.stderr = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired as exc:  # subprocess.run has killed it
        run.status, run.stderr = "timeout", exc.stderr or b""
    return run


# A busy loop that stops by itself when the script that started it is gone, or at a deadline.
HOG = """
import os, sys, time
parent, deadline = os.getppid(), time.monotonic() + float(sys.argv[1])
while os.getppid() == parent and time.monotonic() < deadline:
    sum(range(10000))
"""


class Hogs:
    """One CPU-bound process per CPU while the block runs."""

    def __init__(self, count: int, limit: float):
        self.count, self.limit = count, limit
        self.processes: list[subprocess.Popen] = []

    def __enter__(self) -> Hogs:
        self.processes = [subprocess.Popen([PYTHON, "-c", HOG, str(self.limit)]) for _ in range(self.count)]
        return self

    def __exit__(self, *exc_info) -> None:
        for process in self.processes:
            process.kill()
        for process in self.processes:
            process.wait()


def runs_of(count: int, build: Path, load_share: float) -> list[Run]:
    """`count` runs, round-robin over CALLS; the last `load_share` of them under load."""
    quiet = count - round(count * load_share)
    out = []
    for i in range(count):
        name, args, expected = CALLS[i % len(CALLS)]
        out.append(Run(name, [*MINCARDS, *args, "--build", str(build)], expected, loaded=i >= quiet))
    return out


def run_all(runs: list[Run], jobs: int, timeout: float, tally: Tally, on_done) -> None:
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for run in pool.map(lambda r: execute(r, timeout), runs):
            tally.add(run)
            on_done(run)


def report_failures(tally: Tally, limit: int) -> None:
    for run, why in tally.failures[:limit]:
        print(f"\nFAILED ({why}){' under load' if run.loaded else ''}: {' '.join(run.argv)}", file=sys.stderr)
        for line in run.stderr.decode("utf-8", "replace").splitlines()[-15:]:
            print(f"    {line}", file=sys.stderr)
    if len(tally.failures) > limit:
        print(f"\n… and {len(tally.failures) - limit} more failures", file=sys.stderr)


def summary(tally: Tally, runs: list[Run], wall: float, hogs: int) -> str:
    loaded = sum(r.loaded for r in runs)
    lines = [f"{'call':28} {'runs':>5}  statuses seen (status: runs)", "-" * 72]
    for name, _, expected in CALLS:
        seen = ", ".join(f"{status_text(s)}: {n}" for s, n in sorted(tally.statuses.get(name, {}).items(),
                                                                        key=lambda kv: str(kv[0])))
        lines.append(f"{name:28} {tally.runs[name]:5}  {seen}   (expected {expected})")
    lines += ["-" * 72,
              f"runs {len(runs)} ({len(runs) - loaded} quiet, {loaded} next to {hogs} CPU hogs); "
              f"aborts {tally.aborts}; failures {len(tally.failures)}; wall {wall:.1f} s"]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000, help="runs in all (default 2000)")
    parser.add_argument("--jobs", type=int, default=2, help="runs at a time (default 2)")
    parser.add_argument("--load-share", type=float, default=0.5, help="share of the runs next to the CPU hogs")
    parser.add_argument("--hogs", type=int, default=os.cpu_count() or 2, help="CPU hogs (default: one per CPU)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds one run may take")
    parser.add_argument("--hog-limit", type=float, default=3600.0, help="seconds after which a hog stops anyway")
    parser.add_argument("--build", type=Path, help="a build folder (default: extract raw/ into a temporary one)")
    args = parser.parse_args()
    if args.runs < 1 or args.jobs < 1 or not 0 <= args.load_share <= 1:
        parser.error("--runs and --jobs must be at least 1, --load-share between 0 and 1")
    with tempfile.TemporaryDirectory(prefix="mincards-stress-") as tmp:
        build = args.build or Path(tmp) / "build"
        if args.build is None:
            extract(build)
        runs = runs_of(args.runs, build, args.load_share)
        tally, done = Tally(), [0]

        def progress(run: Run) -> None:
            done[0] += 1
            if done[0] % 100 == 0 or done[0] == len(runs):
                print(f"{done[0]}/{len(runs)} runs, {len(tally.failures)} failures, {tally.aborts} aborts",
                      file=sys.stderr, flush=True)

        start = time.perf_counter()
        quiet = [r for r in runs if not r.loaded]
        run_all(quiet, args.jobs, args.timeout, tally, progress)
        loaded = [r for r in runs if r.loaded]
        if loaded:
            with Hogs(args.hogs, args.hog_limit):
                run_all(loaded, args.jobs, args.timeout, tally, progress)
        wall = time.perf_counter() - start
    report_failures(tally, limit=20)
    print(summary(tally, runs, wall, args.hogs))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
