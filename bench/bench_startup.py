"""Benchmark: start-up time of the reading commands, side by side with the imports they
cannot avoid.

    python bench/bench_startup.py [--repeat N] [--build DIR]

Each command and its reference run in fresh processes, interleaved (command,
reference, command, …) so that load on a shared machine hits both alike; it prints
the median wall time and the median CPU time (user + system, from the child's
rusage, less sensitive to other load) of each, and their ratio against the goal:

    mincards --help           vs  python -c "import click"                    goal <= 2x
    mincards query MODEL      vs  python -c "import pandas, pyarrow.parquet"  goal <= 1.5x

Without --build, the real releases are extracted into a temporary folder first
(not timed). Timing is measured here, never asserted in tests; what each command
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


def run_once(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one fresh process."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
    parser.add_argument("--build", type=Path, help="a build folder (default: extract raw/ into a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        build = args.build or Path(tmp) / "build"
        if args.build is None:
            subprocess.run([PYTHON, "-m", "pipeline", "extract", "raw", "--out", str(build)], cwd=REPO, check=True,
                           stdout=subprocess.DEVNULL)
        mincards = [PYTHON, "-m", "pipeline"]
        cases = [
            ("mincards --help", mincards + ["--help"], 'python -c "import click"', [PYTHON, "-c", "import click"],
             2.0),
            ("mincards query qwen2.5-7b", mincards + ["query", "qwen2.5-7b", "--build", str(build)],
             'python -c "import pandas, pyarrow.parquet"', [PYTHON, "-c", "import pandas, pyarrow.parquet"], 1.5),
        ]
        print(f"median of {args.repeat} fresh processes each, interleaved; wall and CPU (user+sys) in ms")
        print(f"{'command':28} {'wall':>7} {'cpu':>7}   {'reference':44} {'wall':>7} {'cpu':>7}   "
              f"{'wall x':>6} {'cpu x':>6} {'goal':>5}")
        print("-" * 132)
        for label, command, ref_label, reference, goal in cases:
            m = compare(command, reference, args.repeat)
            wall_ratio, cpu_ratio = m["cmd_wall"] / m["ref_wall"], m["cmd_cpu"] / m["ref_cpu"]
            print(f"{label:28} {m['cmd_wall'] * 1e3:7.0f} {m['cmd_cpu'] * 1e3:7.0f}   {ref_label:44} "
                  f"{m['ref_wall'] * 1e3:7.0f} {m['ref_cpu'] * 1e3:7.0f}   {wall_ratio:6.2f} {cpu_ratio:6.2f} "
                  f"{goal:5.1f}{'' if max(wall_ratio, cpu_ratio) <= goal else '  OVER'}")


if __name__ == "__main__":
    main()
