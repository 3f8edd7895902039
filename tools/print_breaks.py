"""Chromium prints of the vendor page whose page breaks fall inside merged cells.

    python tools/print_breaks.py                       # re-make tests/fixtures/pdf/breaks-*.pdf
    python tools/print_breaks.py --sweep A4 10:60:1    # which top margins (mm) cut a cell's last line

Where a page break falls inside a merged cell whose text has not all been laid out above
the break, Chromium draws the cell's last line just below the table's bottom rule (over
the page's bottom margin) and leaves the cell's box on the next page empty: `DeepSee`
above the rule, `k-V3/R1` below it. These prints have that, at several heights: the
print-ready page (tools/render_pdf.py) with a narrow model column, so that model names
wrap, printed with Chromium's default header and footer (date, title, URL, page n/m);
the page size and top margin move the breaks. `--sweep` prints one page size with a
range of top margins and lists, for each, the cells whose last line Chromium drew below
the rule (read with the project's own extractor), to choose new fixtures from.

Needs Debian's chromium and fonts-wqy-zenhei; the fixtures' provenance is written to
tests/fixtures/pdf/NOTES.md by tools/print_producers.py.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tools"))

from render_pdf import print_ready_html  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures" / "pdf"
RELEASE = "2025-10-22"
NARROW_MODEL = "col:first-child { width: 46pt !important; }"  # model names wrap: 'DeepSee' / 'k-V3/R1'

# fixture -> (page size, top margin in mm, what the break cuts)
PRINTS = {
    "breaks-chromium-a4-42.pdf": ("A4 portrait", 42.5, "page 3: 'DeepSee' above the rule, 'k-V3/R1' below"),
    "breaks-chromium-a4-68.pdf": ("A4 portrait", 68, "page 3: 'qwen3_m' above the rule, 'oe-30B_A' below, '3B' on "
                                                     "page 4"),
    "breaks-chromium-a5-26.pdf": ("A5 portrait", 26, "page 5: 'qwen2.5_vl' / '-32b'; page 7: 'DeepSeek-' / 'V3/R1'"),
    "breaks-chromium-a5-45.pdf": ("A5 portrait", 45.5, "page 4: 'qwen2.5-3' / '2b' and four values '16*As' / "
                                                       "'cend'"),
}


def print_html(page_size: str, top_mm: float) -> str:
    css = f"@page {{ size: {page_size}; margin: {top_mm}mm 14mm 14mm 14mm; }} {NARROW_MODEL}"
    return print_ready_html(RELEASE, page_size, css)


def chromium_print(html: str, out: Path, page: Path | None = None) -> None:
    """Chromium's print to PDF with its default header and footer (the page's date and title
    at the top, its URL and `n/m` at the bottom); `html` is written to `page` (a temporary
    file when None) and printed from there."""
    with tempfile.TemporaryDirectory() as tmp:
        page = page or Path(tmp) / "print.html"
        page.write_text(html, encoding="utf-8")
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={Path(tmp) / 'profile'}", f"--print-to-pdf={out}", page.as_uri()],
                       check=True, capture_output=True, timeout=120)


def cut_cells(pdf: Path) -> list[tuple[int, str, str]]:
    """(page, the cell's text above the rule, its text below it) for every cell whose text
    goes on below the table's bottom rule, as the extractor reads them."""
    import pdfplumber
    from pipeline.extract.pdf_cells import cell_chars, char_lines, line_text, page_table
    from pipeline.extract.pdf_glyphs import add_overflow
    from pipeline.extract.pdf_regions import vendor_regions
    text = lambda chars: " / ".join(line_text(line) for line in char_lines(chars))  # noqa: E731
    found = []
    with pdfplumber.open(pdf) as doc:
        for region in vendor_regions(doc.pages, pdf.name).regions:
            table = page_table(region.edges, region.bbox, region.page)
            chars = cell_chars(table, region.chars)
            inside = [list(c) for c in chars]
            add_overflow(table, chars, region.below, pdf.name)
            found += [(region.page, text(before), text(after[len(before):]))
                      for before, after in zip(inside, chars) if len(after) > len(before)]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweep", nargs=2, metavar=("SIZE", "FROM:TO:STEP"))
    args = parser.parse_args(argv)
    if args.sweep:
        size, span = args.sweep
        start, stop, step = (float(x) for x in span.split(":"))
        with tempfile.TemporaryDirectory() as tmp:
            top = start
            while top <= stop:
                out = Path(tmp) / "sweep.pdf"
                chromium_print(print_html(size, top), out)
                print(f"{size} top {top:g} mm: {cut_cells(out)}", flush=True)
                top += step
        return 0
    for name, (size, top, _) in PRINTS.items():
        chromium_print(print_html(size, top), FIXTURES / name)
        print(f"tests/fixtures/pdf/{name}: {cut_cells(FIXTURES / name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
