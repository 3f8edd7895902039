"""Benchmark: the whole `mincards extract` run, against what it cannot avoid.

    python bench/bench_run.py [--repeat N] [--full]

1. The command on the real releases (raw/), in fresh processes, interleaved with its
   FLOOR: one process that imports pandas, pandera, pyarrow, pdfplumber and lxml, runs
   bare pdfplumber `page.extract_tables()` on every PDF page in raw/ and parses every
   HTML page with lxml. Median wall time of --repeat runs, goal <= 1.3x the floor.
   --jobs 2 is timed with each start method: fork (what a `mincards` process uses)
   and forkserver (what a library caller gets). Then the run after one release changed
   (one byte of raw/2025-10-22/page.html flipped before each run, the other release
   unchanged since the previous run) against the FLOOR of that release alone.
2. Where the time goes, in one process (time.perf_counter around the library calls):
   import, extract per format, normalize, contract, quality, agreement, report, write,
   publish (to disk, fsynced).
3. Many releases: 16 redated copies of the real releases (their page.html and
   SOURCE.md under new dates, the page's 更新时间 line rewritten to the folder's date;
   the PDFs are left out, since their date cannot be rewritten without re-rendering
   them) with --jobs 1 and --jobs 2: median wall time, the ratio (goal <= 0.65), and
   the peak RSS of the run (resource.getrusage(RUSAGE_CHILDREN).ru_maxrss in a fresh
   wrapper process: the largest single process, the parent or a worker, not a sum).
   --full adds 128 releases (memory should stay flat from 16 to 128), releases whose
   table is 10x and 100x the real one, and the stages at 100x.
4. What is made of every release together (the history, changelog, database and site:
   pipeline/across.py), in the same runs of part 3's releases: the seconds of its stage
   (pipeline/stages.py "across releases") against the rest of the run, in a fresh process
   (goal: at most 25 % added to the run), with --jobs 1 and 2; --full adds 128 releases.
   Part 3's peak memory includes it. --across-only runs this part alone, --repeat times.

Timing is measured here, never asserted in tests. Compare ratios within one run: the
machine is shared.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable

FLOOR = r"""
import sys
from pathlib import Path
import pandas, pandera.pandas, pyarrow, pyarrow.parquet, pdfplumber, lxml.html
for folder in sorted(p for p in Path(sys.argv[1]).iterdir() if p.is_dir()):
    for path in sorted(folder.iterdir()):
        if path.suffix == ".pdf":
            with pdfplumber.open(path) as pdf:
                for page in pdf.pages:
                    page.extract_tables()
        elif path.suffix in (".html", ".htm"):
            lxml.html.fromstring(path.read_bytes())
"""

# Flips the last byte of a page (a newline more or less) and runs `mincards extract`: one
# release changed since the previous run, the others not.
CHANGED = r"""
import os, sys
raw, out, release = sys.argv[1:4]
page = os.path.join(raw, release, "page.html")
data = open(page, "rb").read()
open(page, "wb").write(data[:-1] if data.endswith(b"\n\n") else data + b"\n")
os.execv(sys.executable, [sys.executable, "-m", "pipeline", "extract", raw, "--out", out, "--quiet"])
"""

# Runs a command and prints its peak RSS (KiB): the largest of it and its descendants.
PEAK = "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); " \
       "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"

STAGES = r"""
import json, sys, tempfile, time
from pathlib import Path
t0 = time.perf_counter()
from pipeline.limits import Limits
from pipeline.publish import publish_all
from pipeline.release import extract_release, find_releases, release_files
from pipeline.stages import stage, timed
imported = time.perf_counter() - t0
LIMITS = Limits(max_cells=10**7, max_bytes=2**30)  # the 100x table is past the default bounds
repeat = int(sys.argv[2])
totals = {}
for run in range(repeat + 1):  # the first run warms up and is not counted
    with timed() as seconds:  # the library's own stages (pipeline/stages.py)
        files = [release_files(extract_release(release, LIMITS)) for release in find_releases(Path(sys.argv[1]))]
        with tempfile.TemporaryDirectory() as tmp, stage("publish (disk)"):
            publish_all(Path(tmp) / "build", files)
    if run:
        for name, value in seconds.items():
            totals[name] = totals.get(name, 0.0) + value / repeat
print(json.dumps({"import": imported, **totals}))
"""


# One extract run timed by its own stage marks: the whole run, and the cross-release stage.
ACROSS = r"""
import json, sys, time
from pathlib import Path
from pipeline.run import extract_to
from pipeline.stages import timed
start = time.perf_counter()
with timed() as seconds:
    extract_to(Path(sys.argv[1]), Path(sys.argv[2]), jobs=int(sys.argv[3]), method="fork")
print(json.dumps({"total": time.perf_counter() - start, "across": seconds.get("across releases", 0.0)}))
"""


def across_share(raw: Path, out: Path, jobs: int) -> tuple[float, float]:
    """(seconds of the whole run, seconds of its cross-release stage), in a fresh process
    forking its workers as `mincards` does."""
    shutil.rmtree(out, ignore_errors=True)
    done = json.loads(subprocess.run([PYTHON, "-c", ACROSS, str(raw), str(out), str(jobs)], cwd=REPO, check=True,
                                     capture_output=True, text=True).stdout)
    return done["total"], done["across"]


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=REPO, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def peak_mib(argv: list[str]) -> float:
    out = subprocess.run([PYTHON, "-c", PEAK, *argv], cwd=REPO, check=True, capture_output=True, text=True)
    return int(out.stdout.split()[-1]) / 1024


def extract_cmd(raw: Path, out: Path, jobs: int | None, *extra: str) -> list[str]:
    return [PYTHON, "-m", "pipeline", "extract", str(raw), "--out", str(out), "--quiet", *extra] + \
        (["--jobs", str(jobs)] if jobs else [])


def stages_of(raw: Path, repeat: int) -> dict[str, float]:
    """Seconds per stage of extracting `raw` in one process (mean of `repeat` after a warm-up)."""
    return json.loads(subprocess.run([PYTHON, "-c", STAGES, str(raw), str(repeat)], cwd=REPO, check=True,
                                     capture_output=True, text=True).stdout)


def print_stages(stages: dict[str, float]) -> None:
    total = sum(v for k, v in stages.items() if k != "import")
    for name, seconds in stages.items():
        share = "" if name == "import" else f"{seconds / total:6.1%}"
        print(f"{name:16} {seconds * 1000:8.1f} {share}")
    print(f"{'all but import':16} {total * 1000:8.1f}\n")


def interleaved(commands: dict[str, list[str]], repeat: int, fresh: Path | None = None) -> dict[str, float]:
    """Median wall seconds of each command, run in turn (a, b, c, a, b, c, ...) after one
    warm-up of each, so that load on a shared machine hits them alike. `fresh`: an
    output folder removed before each run (every run writes everything anew)."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for run in range(repeat + 1):
        for name, argv in commands.items():
            if fresh is not None:
                shutil.rmtree(fresh, ignore_errors=True)
            seconds = wall(argv)
            if run:
                times[name].append(seconds)
    return {name: statistics.median(values) for name, values in times.items()}


def redated_raw(folder: Path, count: int, page_for=None) -> Path:
    """`count` releases, copies of the real ones in turn under consecutive new dates."""
    raw = folder / f"raw{count}"
    sources = sorted(p.name for p in (REPO / "raw").iterdir() if p.is_dir())
    first = date(2020, 1, 1)
    for i in range(count):
        source, day = sources[i % len(sources)], (first + timedelta(days=i)).isoformat()
        target = raw / day
        target.mkdir(parents=True)
        page = page_for(source) if page_for else (REPO / "raw" / source / "page.html").read_text(encoding="utf-8")
        page, found = re.subn(r"更新时间：\d{4}-\d{2}-\d{2}", f"更新时间：{day}", page)
        assert found == 1, source
        (target / "page.html").write_text(page, encoding="utf-8")
        shutil.copy(REPO / "raw" / source / "SOURCE.md", target / "SOURCE.md")
    return raw


def across_part(raws: dict[int, Path], out: Path, repeat: int) -> None:
    """Part 4: `repeat` runs of each release count and --jobs, interleaved, each line one run."""
    print(f"4. the history, changelog, database and site, in the runs of part 3 ({repeat} run(s) each)\n")
    print(f"{'releases':>8} {'jobs':>4} {'run s':>7} {'across s':>9} {'added':>6}")
    for _ in range(repeat):
        for count, many in raws.items():
            for jobs in (1, 2):
                total, across = across_share(many, out, jobs)
                print(f"{count:8} {jobs:4} {total:7.2f} {across:9.2f} {across / (total - across):6.1%}", flush=True)
    print("goal: at most 25 % added to the run\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of each command (median)")
    parser.add_argument("--full", action="store_true", help="also 128 releases and tables 10x and 100x the size")
    parser.add_argument("--changed-only", action="store_true", help="only the run with one release changed")
    parser.add_argument("--across-only", action="store_true",
                        help="only part 4, --repeat runs of each (the history, changelog, database and site)")
    args = parser.parse_args()
    # the pipeline's bytecode as `make` leaves it (Makefile `bytecode`): the processes timed here
    # then import as a user's do, not compiling every module where Python writes no bytecode
    subprocess.run([PYTHON, "-m", "compileall", "-q", "pipeline", "schemas"], cwd=REPO, check=True)
    raw = REPO / "raw"
    with tempfile.TemporaryDirectory(prefix="bench-run-") as tmp:
        tmp = Path(tmp)
        out = tmp / "build"
        if args.across_only:
            across_part({count: redated_raw(tmp, count) for count in ([16, 128] if args.full else [16])}, out,
                        args.repeat)
            return
        print(f"1. mincards extract raw vs its floor (median of {args.repeat} fresh processes, interleaved)\n")
        forkserver = ["env", "MINCARDS_START_METHOD=forkserver"]
        times = {} if args.changed_only else interleaved({"floor": [PYTHON, "-c", FLOOR, str(raw)],
                             "extract --jobs 1": extract_cmd(raw, out, 1),
                             "extract --jobs 2 (fork)": extract_cmd(raw, out, 2),
                             "extract --jobs 2 forkserver": forkserver + extract_cmd(raw, out, 2)},
                            args.repeat, fresh=out)
        print(f"{'command':28} {'s':>7} {'x floor':>8}  (default --jobs: {os.cpu_count()} CPUs)")
        for name, seconds in times.items():
            print(f"{name:28} {seconds:7.2f} {seconds / times['floor']:8.2f}")
        print("goal: extract <= 1.3x floor\n")  # (empty with --changed-only)

        changed = "2025-10-22"
        shutil.copytree(raw, tmp / "raw-changing")
        shutil.copytree(raw / changed, tmp / "raw-one" / changed)
        subprocess.run(extract_cmd(tmp / "raw-changing", tmp / "build-changing", None), cwd=REPO, check=True,
                       stdout=subprocess.DEVNULL)
        times = interleaved({"floor (that release)": [PYTHON, "-c", FLOOR, str(tmp / "raw-one")],
                             f"extract, {changed} changed": [PYTHON, "-c", CHANGED, str(tmp / "raw-changing"),
                                                             str(tmp / "build-changing"), changed]}, args.repeat)
        print(f"{'command':28} {'s':>7} {'x floor':>8}")
        for name, seconds in times.items():
            print(f"{name:28} {seconds:7.2f} {seconds / times['floor (that release)']:8.2f}")
        print("goal: a run with one release changed <= 1.3x the floor of that release\n")
        if args.changed_only:
            return

        print(f"2. stages, in one process (ms, mean of {args.repeat} runs after a warm-up; both real releases)\n")
        print_stages(stages_of(raw, args.repeat))

        counts = [16, 128] if args.full else [16]
        raws = {}
        print("3. redated releases (page.html only), --jobs 1 vs --jobs 2\n")
        print(f"{'releases':>8} {'jobs 1 s':>9} {'jobs 2 s':>9} {'ratio':>6} {'peak MiB j1':>12} {'peak MiB j2':>12}")
        for count in counts:
            many = raws[count] = redated_raw(tmp, count)
            runs = interleaved({1: extract_cmd(many, out, 1), 2: extract_cmd(many, out, 2)},
                               args.repeat if count <= 16 else 1, fresh=out)
            peaks = {}
            for jobs in (1, 2):
                shutil.rmtree(out, ignore_errors=True)
                peaks[jobs] = peak_mib(extract_cmd(many, out, jobs))
            print(f"{count:8} {runs[1]:9.2f} {runs[2]:9.2f} {runs[2] / runs[1]:6.2f} {peaks[1]:12.0f} "
                  f"{peaks[2]:12.0f}")
        print("goals: ratio <= 0.65; peak memory flat from 16 to 128 releases (--full)\n")

        across_part(raws, out, 1)

        if args.full:
            sys.path.insert(0, str(REPO / "bench"))
            from bench_extract import synthetic_page

            print("5. one release with the table 1x, 10x and 100x the real one (page.html only), --jobs 1\n")
            print(f"{'table':>8} {'rows':>8} {'s':>7} {'ms/1k rows':>11} {'peak MiB':>9}")
            bounds = ("--max-cells", str(10**7), "--max-bytes", str(2**30))  # 100x is past the default bounds
            big = {}
            for copies in (1, 10, 100):
                page = synthetic_page(copies).decode("utf-8")
                one = redated_raw(tmp / f"x{copies}", 1, lambda source, page=page: page)
                seconds = interleaved({copies: extract_cmd(one, out, 1, *bounds)}, 1, fresh=out)[copies]
                rows = 1350 * copies
                shutil.rmtree(out, ignore_errors=True)
                print(f"{'x' + str(copies):>8} {rows:8} {seconds:7.2f} {seconds / rows * 1e6:11.1f} "
                      f"{peak_mib(extract_cmd(one, out, 1, *bounds)):9.0f}")
                big[copies] = one
            print("goal: cost per row linear\n")
            print("6. stages at 100x the table (ms, one run after a warm-up)\n")
            print_stages(stages_of(big[100], 1))
            print("goal: no stage above 30 %")

if __name__ == "__main__":
    main()
