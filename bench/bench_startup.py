"""Benchmark: start-up time of the reading commands, side by side with the imports they
cannot avoid.

    python bench/bench_startup.py [--repeat N] [--build DIR]

Each command and its reference run in fresh processes, interleaved (command,
reference, command, …) so that load on a shared machine hits both alike; it prints
the median wall time and the median CPU time (user + system, from the child's
rusage, less sensitive to other load) of each, and their ratio against the goal:

    mincards --help                        vs  python -c "import click"  goal <= 2x
    mincards extract raw (nothing changed) vs  mincards --help             goal <= 1.5x
    mincards query MODEL                   vs  python -c "import click"  goal <= 3x
    mincards fit --hardware … --nodes 1    vs  python -c "import click"  goal <= 3x
    a completion request (query qw<TAB>)   vs  python -c "import click"  goal <= 3x

The real releases are extracted into --build (default: a temporary folder) first,
not timed, so that the timed extract finds nothing changed. Timing is measured here, never asserted in tests; what each command
imports is asserted by tests/test_cli_startup.py.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


COMPLETION = {"_MINCARDS_COMPLETE": "bash_complete", "COMP_WORDS": "mincards query qw", "COMP_CWORD": "2"}


def run_once(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one fresh process (argv may start with NAME=VALUE settings)."""
    env = dict(os.environ)
    while argv and "=" in argv[0]:
        name, value = argv[0].split("=", 1)
        env[name], argv = value, argv[1:]
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({process.returncode}): {process.stderr.read().decode()}")
    return wall, usage.ru_utime + usage.ru_stime


def compare(command: list[str], reference: list[str], repeat: int) -> dict[str, list[float]]:
    times = {"cmd_wall": [], "cmd_cpu": [], "ref_wall": [], "ref_cpu": []}
    run_once(command), run_once(reference)  # warm the file cache
    for _ in range(repeat):
        for name, argv in (("cmd", command), ("ref", reference)):
            wall, cpu = run_once(argv)
            times[f"{name}_wall"].append(wall)
            times[f"{name}_cpu"].append(cpu)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--only", help="only the cases whose label contains this text")
    parser.add_argument("--build", type=Path, help="a build folder (default: extract raw/ into a temporary one)")
    args = parser.parse_args()
    # the pipeline's bytecode as `make` leaves it (Makefile `bytecode`): the processes timed here
    # then import as a user's do, not compiling every module where Python writes no bytecode
    subprocess.run([PYTHON, "-m", "compileall", "-q", "pipeline", "schemas"], cwd=REPO, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        build = args.build or Path(tmp) / "build"
        subprocess.run([PYTHON, "-m", "pipeline", "extract", "raw", "--out", str(build)], cwd=REPO, check=True,
                       stdout=subprocess.DEVNULL)  # up to date: the timed extract has nothing to do
        mincards = [PYTHON, "-m", "pipeline"]
        click = ('python -c "import click"', [PYTHON, "-c", "import click"])
        completion = [f"{name}={value}" for name, value in {**COMPLETION, "MINCARDS_BUILD": str(build)}.items()]
        cases = [
            ("mincards --help", mincards + ["--help"], *click, 2.0),
            ("extract raw (nothing changed)", mincards + ["extract", "raw", "--out", str(build)], "mincards --help",
             mincards + ["--help"], 1.5),
            ("mincards query qwen2.5-7b", mincards + ["query", "qwen2.5-7b", "--build", str(build)], *click, 3.0),
            ("mincards fit Snt9b --nodes 1", mincards + ["fit", "--hardware", "Snt9b", "--nodes", "1", "--build",
                                                         str(build)], *click, 3.0),
            ("completion: query qw<TAB>", completion + mincards, *click, 3.0),
        ]
        print(f"median of {args.repeat} fresh processes each, interleaved; wall and CPU (user+sys) in ms")
        print(f"{'command':30} {'wall':>7} {'cpu':>7}   {'reference':44} {'wall':>7} {'cpu':>7}   "
              f"{'wall x':>6} {'cpu x':>6} {'goal':>5}")
        print("-" * 132)
        print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        for label, command, ref_label, reference, goal in cases:
            if args.only and args.only not in label:
                continue
            m = compare(command, reference, args.repeat)
            wall_ratio, cpu_ratio = m["cmd_wall"] / m["ref_wall"], m["cmd_cpu"] / m["ref_cpu"]
            print(f"{label:30} {m['cmd_wall'] * 1e3:7.0f} {m['cmd_cpu'] * 1e3:7.0f}   {ref_label:44} "
                  f"{m['ref_wall'] * 1e3:7.0f} {m['ref_cpu'] * 1e3:7.0f}   {wall_ratio:6.2f} {cpu_ratio:6.2f} "
                  f"{goal:5.1f}{'' if max(wall_ratio, cpu_ratio) <= goal else '  OVER'}")
        print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
