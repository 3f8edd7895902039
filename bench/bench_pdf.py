"""Benchmark: PDF table extraction, ours against other extractors, time and accuracy.

    python bench/bench_pdf.py [--repeat N] [--copies 17] [--clock cpu]

Inputs: every raw/<release>/doc.pdf, the producer fixtures in tests/fixtures/pdf,
and a long synthetic PDF (the 2025-10-22 table repeated `copies` times, model names
prefixed per copy, rendered by tools/render_pdf.py: 50+ pages).

For each input and tool: median milliseconds per page after one warm-up run, the
peak resident memory of a fresh process that ran only that tool on that input,
and body-cell accuracy against the HTML grid: the share of the HTML table's body
slots whose text the tool returns in the same place, a slot covered by a merged
cell counting as right only when the tool returns the merged value there.

Tools: ours (pipeline.extract.pdf, bytes -> Grid); pdfplumber's plain
page.extract_tables(); PyMuPDF page.find_tables() and camelot lattice when they
are installed (`pip install -e '.[bench]'`). Compare ratios within one run: the
machine is shared and absolute numbers drift.
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

from pipeline.extract.html import extract_html  # noqa: E402
from pipeline.extract.pdf import extract_pdf  # noqa: E402
from pipeline.normalize import fill_spans  # noqa: E402
from pipeline.tokens import squash  # noqa: E402


# --- what each tool returns, as body rows of texts ------------------------------------------

def rows_ours(path: Path) -> list[list[str]]:
    grid, _ = extract_pdf(path.read_bytes(), path.name)
    return fill_spans(grid).iloc[grid.header_depth():].values.tolist()


def rows_pdfplumber(path: Path) -> list[list[str]]:
    import pdfplumber
    rows = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for table in page.extract_tables():
                rows += [[c or "" for c in row] for row in table]
    return rows


def rows_pymupdf(path: Path) -> list[list[str]]:
    import pymupdf
    rows = []
    with pymupdf.open(path) as doc:
        for page in doc:
            for table in page.find_tables().tables:
                rows += [[c or "" for c in row] for row in table.extract()]
    return rows


def rows_camelot(path: Path) -> list[list[str]]:
    import camelot
    tables = camelot.read_pdf(str(path), flavor="lattice", pages="all")
    return [list(row) for table in tables for row in table.df.values.tolist()]


TOOLS = {"ours": rows_ours, "pdfplumber.extract_tables": rows_pdfplumber,
         "pymupdf.find_tables": rows_pymupdf, "camelot.lattice": rows_camelot}
TOOL_MODULES = {"pymupdf.find_tables": "pymupdf", "camelot.lattice": "camelot"}


def available(tool: str) -> bool:
    module = TOOL_MODULES.get(tool)
    if module is None:
        return True
    try:
        __import__(module)
    except Exception:  # noqa: BLE001 - any import failure means "not installed here"
        return False
    return True


# --- accuracy ------------------------------------------------------------------------------

def reference_rows(html: bytes) -> tuple[list[list[str]], list[list[str]]]:
    """The HTML grid's header rows and body rows, merged slots filled, whitespace removed."""
    grid, _ = extract_html(html, "page.html")
    dense = fill_spans(grid).map(squash).values.tolist()
    return dense[:grid.header_depth()], dense[grid.header_depth():]


def accuracy(rows: list[list[str]], header: list[list[str]], body: list[list[str]]) -> float:
    """Share of body slots right. The tool's rows are read in order with rows that repeat
    the header dropped, and aligned with the HTML body row for row."""
    width = len(body[0])
    got = [[squash(c) for c in row] for row in rows if len(row) == width]
    got = [row for row in got if row not in header]
    right = sum(a == b for want, have in zip(body, got) for a, b in zip(want, have))
    return right / (len(body) * width)


# --- inputs --------------------------------------------------------------------------------

def synthetic_pdf(copies: int, out: Path) -> int:
    """The newest table repeated `copies` times, rendered like the raw PDFs; returns pages."""
    import render_pdf
    from bench_extract import synthetic_page
    html = synthetic_page(copies)
    grid, updated = extract_html(html, "synthetic.html")
    render_pdf.register_font(render_pdf.FONT_PATH)
    return render_pdf.render(grid, updated, out, render_pdf.Style(), "synthetic")


def inputs(tmp: Path, copies: int) -> list[tuple[str, Path, Path]]:
    """(name, pdf, html it must match)."""
    out = [(f"raw/{p.parent.name}", p, p.parent / "page.html") for p in sorted((REPO / "raw").glob("*/doc.pdf"))]
    def page_of(fixture: Path) -> Path:  # the release a fixture was printed from, named in it or the newest
        release = next((r.name for r in (REPO / "raw").glob("20*") if r.name in fixture.stem), "2025-10-22")
        return REPO / "raw" / release / "page.html"
    out += [(f"fixture {p.stem}", p, page_of(p)) for p in sorted((REPO / "tests" / "fixtures" / "pdf").glob("*.pdf"))]
    from bench_extract import synthetic_page
    # x1 is the short document rendered exactly like the long one (same density per page)
    for n in sorted({1, copies}):
        pdf, page = tmp / f"synthetic-x{n}.pdf", tmp / f"synthetic-x{n}.html"
        synthetic_pdf(n, pdf)
        page.write_bytes(synthetic_page(n))
        out.append((f"synthetic x{n}", pdf, page))
    return out


# --- measuring -----------------------------------------------------------------------------

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}  # cpu: the process's own time, on a shared machine


def measure(tool: str, pdf: Path, html: Path, repeat: int, clock: str = "wall") -> dict:
    import pdfplumber
    with pdfplumber.open(pdf) as doc:
        pages = len(doc.pages)
    run = TOOLS[tool]
    header, body = reference_rows(html.read_bytes())
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # the imports, before any work
    rows = run(pdf)  # warm-up, and the rows for accuracy
    times, now = [], CLOCKS[clock]
    for _ in range(repeat):
        start = now()
        run(pdf)
        times.append(now() - start)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"pages": pages, "ms_per_page": statistics.median(times) * 1000 / pages,
            "ms_per_100_rows": statistics.median(times) * 1000 / len(body) * 100,
            "accuracy": accuracy(rows, header, body), "peak_rss_mb": peak, "growth_mb": peak - baseline}


def measure_in_fresh_process(tool: str, pdf: Path, html: Path, repeat: int, clock: str = "wall") -> dict:
    out = subprocess.run([sys.executable, __file__, "--one", tool, str(pdf), str(html), "--repeat", str(repeat),
                          "--clock", clock],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}
    return json.loads(out.stdout)


def summarise(results: dict[str, dict[str, dict]], long_name: str) -> None:
    """The ratios the targets are stated in: ours against plain extract_tables(), and the
    long document against short ones (the raw PDF, and the same table rendered once)."""
    ok = lambda r, t: t in r and "error" not in r[t]  # noqa: E731
    ratios = [(n, r["ours"]["ms_per_page"] / r["pdfplumber.extract_tables"]["ms_per_page"])
              for n, r in results.items() if ok(r, "ours") and ok(r, "pdfplumber.extract_tables")]
    if ratios:
        print("\nours / pdfplumber.extract_tables, time per page: " + ", ".join(f"{n} {x:.2f}" for n, x in ratios))
    if long_name not in results or not ok(results[long_name], "ours"):
        return
    long_ours = results[long_name]["ours"]
    for short_name in ("raw/2025-10-22", "synthetic x1"):
        if short_name in results and ok(results[short_name], "ours"):
            short = results[short_name]["ours"]
            print(f"ours, {long_name} / {short_name}: per page {long_ours['ms_per_page'] / short['ms_per_page']:.2f}, "
                  f"per 100 table rows {long_ours['ms_per_100_rows'] / short['ms_per_100_rows']:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--copies", type=int, default=20, help="copies of the table in the long PDF (20 -> 52 pages)")
    parser.add_argument("--tools", default=",".join(TOOLS), help="comma-separated subset of: " + ", ".join(TOOLS))
    parser.add_argument("--only", default="", help="measure only inputs whose name contains this text")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="wall time, or the process's CPU time (steadier on a machine others are using)")
    parser.add_argument("--one", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        tool, pdf, html = args.one
        print(json.dumps(measure(tool, Path(pdf), Path(html), args.repeat, args.clock)))
        return 0
    wanted = args.tools.split(",")
    tools = [t for t in TOOLS if t in wanted and available(t)]
    missing = [t for t in wanted if t not in tools]
    header = (f"{'input':<26}{'tool':<27}{'pages':>6}{'ms/page':>9}{'ms/100 rows':>12}{'accuracy':>10}"
              f"{'peak MiB':>10}{'+MiB':>7}")
    print(header)
    print("-" * len(header))
    results: dict[str, dict[str, dict]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, pdf, html in inputs(Path(tmp), args.copies):
            if args.only not in name:
                continue
            results[name] = {t: measure_in_fresh_process(t, pdf, html, args.repeat, args.clock) for t in tools}
            for t in tools:
                r = results[name][t]
                if "error" in r:
                    print(f"{name:<26}{t:<27}  error: {r['error']}")
                    continue
                print(f"{name:<26}{t:<27}{r['pages']:>6}{r['ms_per_page']:>9.1f}{r['ms_per_100_rows']:>12.1f}"
                      f"{r['accuracy'] * 100:>9.1f}%{r['peak_rss_mb']:>10.0f}{r['growth_mb']:>7.0f}")
    summarise(results, f"synthetic x{args.copies}")
    if missing:
        print(f"not installed here, so not measured: {', '.join(missing)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
