"""Benchmark: time and memory of the HTML pipeline, by stage and by table size.

    python bench/bench_extract.py [--repeat N] [--sizes 1,10,50]

For each release in raw/ and for synthetic pages made from the 2025-10-22 table
repeated N times (each copy's model names prefixed, so keys stay unique), it
prints the median time of each stage after one warm-up run, the time per 1,000
output rows, and the peak resident memory of a fresh process doing that one
job. pandas.read_html on the same bytes is timed as a reference parser (it
copies spans and does nothing else). Compare ratios within one run: the machine
is shared and absolute numbers drift.
"""
from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pipeline.extract.html import extract_html  # noqa: E402
from pipeline.normalize import normalize  # noqa: E402
from pipeline.write import SourceInfo, release_artifacts  # noqa: E402
from schemas.min_cards import validate_min_cards  # noqa: E402

MODEL_PARAGRAPH = re.compile(r'(<p id="[^"]*">)([A-Za-z][^<]*-[^<]*</p>)')


def synthetic_page(copies: int) -> bytes:
    """The newest release's table with its body repeated `copies` times."""
    page = (REPO / "raw" / "2025-10-22" / "page.html").read_text(encoding="utf-8")
    head, rest = page.split("<tbody>", 1)
    body, tail = rest.split("</tbody>", 1)
    bodies = [MODEL_PARAGRAPH.sub(lambda m, i=i: f"{m[1]}c{i}{m[2]}", body) for i in range(copies)]
    return (head + "<tbody>" + "".join(bodies) + "</tbody>" + tail).encode("utf-8")


def page_bytes(job: str) -> tuple[bytes, str]:
    if job.startswith("x"):
        return synthetic_page(int(job[1:])), "2025-10-22"
    return (REPO / "raw" / job / "page.html").read_bytes(), job


def run_stages(data: bytes, release: str) -> dict[str, float]:
    times = {}
    t0 = time.perf_counter()
    grid, _ = extract_html(data, "bench.html")
    t1 = time.perf_counter()
    tidy = normalize(grid, release)
    t2 = time.perf_counter()
    frame = validate_min_cards(tidy.frame, "bench.html")
    t3 = time.perf_counter()
    release_artifacts(release, frame, tidy.dense, [SourceInfo("bench.html", "0" * 64)])
    t4 = time.perf_counter()
    times.update(extract=t1 - t0, normalize=t2 - t1, validate=t3 - t2, render=t4 - t3, total=t4 - t0,
                 rows=len(frame))
    return times


def reference_read_html(data: bytes) -> float:
    import pandas as pd
    t0 = time.perf_counter()
    pd.read_html(StringIO(data.decode("utf-8")), match="支持模型参数量", flavor="lxml")
    return time.perf_counter() - t0


def measure(job: str, repeat: int) -> dict:
    """One job in this process: warm-up, then the median of `repeat` runs."""
    data, release = page_bytes(job)
    run_stages(data, release)
    reference_read_html(data)
    runs, references = [], []
    for _ in range(repeat):  # interleaved: a drift in the machine's speed falls on both alike
        runs.append(run_stages(data, release))
        references.append(reference_read_html(data))
    result = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    result["read_html"] = statistics.median(references)
    result["bytes"] = len(data)
    result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def measure_in_fresh_process(job: str, repeat: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--one", job, "--repeat", str(repeat)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sizes", default="1,10,50", help="synthetic copies of the 2025-10-22 table")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.repeat)))
        return 0
    releases = sorted(p.name for p in (REPO / "raw").iterdir() if (p / "page.html").is_file())
    jobs = releases + [f"x{n}" for n in args.sizes.split(",")]
    header = (f"{'input':<12}{'KiB':>8}{'rows':>9}{'extract':>9}{'normal.':>9}{'valid.':>9}{'render':>9}"
              f"{'total ms':>10}{'ms/1k rows':>11}{'read_html':>10}{'ours/rh':>8}{'ex/rh':>7}{'peak MiB':>9}")
    print(header)
    print("-" * len(header))
    per_row, goal = {}, {}
    for job in jobs:
        r = measure_in_fresh_process(job, args.repeat)
        ms = {k: r[k] * 1000 for k in ("extract", "normalize", "validate", "render", "total", "read_html")}
        per_row[job] = ms["total"] / r["rows"] * 1000
        name = job if not job.startswith("x") else f"2025-10-22 x{job[1:]}"
        print(f"{name:<12}{r['bytes'] / 1024:>8.0f}{r['rows']:>9.0f}{ms['extract']:>9.1f}{ms['normalize']:>9.1f}"
              f"{ms['validate']:>9.1f}{ms['render']:>9.1f}{ms['total']:>10.1f}{per_row[job]:>11.2f}"
              f"{ms['read_html']:>10.1f}{ms['total'] / ms['read_html']:>8.2f}{ms['extract'] / ms['read_html']:>7.2f}"
              f"{r['peak_rss_mb']:>9.0f}")
        if job in releases:
            goal[job] = ms["extract"] / ms["read_html"]
    # ex/rh: extraction alone (bytes -> Grid: HTML5 parse, cascade, tables, cell text) against
    # pandas.read_html (lxml parsing plus its table reading) on the same bytes; goal: at most 1.5
    print("\nHTML extraction / (lxml parsing + read_html): " + ", ".join(f"{k} {v:.2f}" for k, v in goal.items())
          + f" (goal <= 1.5: {'met' if max(goal.values()) <= 1.5 else 'NOT met'})")
    synthetic = [j for j in jobs if j.startswith("x")]
    if len(synthetic) > 1:
        first, last = synthetic[0], synthetic[-1]
        print(f"\nscaling: ms per 1k rows at {last} / at {first} = {per_row[last] / per_row[first]:.2f}"
              " (1.00 = linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
