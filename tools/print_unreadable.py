"""PDFs whose text a reader sees but the tool cannot read, made by the tools that make them.

    python tools/print_unreadable.py

- tests/fixtures/pdf/bad/scan.pdf: page 1 of browser-chromium.pdf rasterised by
  `pdftoppm -r 60 -gray` and wrapped as a PDF by `img2pdf` (a scan: page images only);
- tests/fixtures/pdf/bad/outlines.pdf: page 1 of raw/2025-05-07/doc.pdf through
  Ghostscript's `pdfwrite -dNoOutputFonts` (every glyph drawn as an outline);
- tests/fixtures/pdf/bad/no-unicode-map.pdf: the print-ready page printed by Chromium
  with the body cells in Noto Sans CJK SC (Chromium embeds it as Type 3 fonts), every
  /ToUnicode entry renamed in qpdf's QDF form and the file rebuilt by `fix-qdf` and
  `qpdf` (the cells' glyphs have no Unicode map: `(cid:N)`, 792 cell errors before);
- tests/fixtures/pdf/chromium-type3-2025-05-07.pdf: the 2025-05-07 print-ready page
  printed by Chromium in Noto Sans CJK SC (89 Type 3 fonts: pdfminer logs `Could not get
  FontBBox` for each), read exactly.

Needs Debian's poppler-utils, img2pdf, ghostscript, qpdf, chromium, fonts-noto-cjk and
fonts-wqy-zenhei.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from print_breaks import chromium_print  # noqa: E402
from render_pdf import print_ready_html  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures" / "pdf"
NOTO = '"Noto Sans CJK SC"'


def run(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True, timeout=120)


def scan(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run("pdftoppm", "-r", "60", "-gray", "-png", "-f", "1", "-l", "1", "-singlefile",
            str(FIXTURES / "browser-chromium.pdf"), f"{tmp}/page")
        run("img2pdf", f"{tmp}/page.png", "-o", str(out))


def outlines(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run("qpdf", "--empty", "--pages", str(REPO / "raw" / "2025-05-07" / "doc.pdf"), "1", "--", f"{tmp}/one.pdf")
        run("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dNoOutputFonts", "-sDEVICE=pdfwrite",
            f"-sOutputFile={out}", f"{tmp}/one.pdf")


def without_unicode_map(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        chromium_print(print_ready_html("2025-10-22", "A4 portrait", f"td {{ font-family: {NOTO}; }}"),
                       Path(tmp) / "print.pdf")
        run("qpdf", "--qdf", "--object-streams=disable", f"{tmp}/print.pdf", f"{tmp}/qdf.pdf")
        qdf = (Path(tmp) / "qdf.pdf").read_bytes().replace(b"/ToUnicode", b"/ToUnicodX")  # same length
        (Path(tmp) / "renamed.pdf").write_bytes(qdf)
        with open(Path(tmp) / "fixed.pdf", "wb") as fixed:
            subprocess.run(["fix-qdf", f"{tmp}/renamed.pdf"], stdout=fixed, check=True, timeout=120)
        run("qpdf", "--object-streams=generate", "--compress-streams=y", f"{tmp}/fixed.pdf", str(out))


def type3(out: Path) -> None:
    chromium_print(print_ready_html("2025-05-07", "A4 portrait", f"body, th, td {{ font-family: {NOTO}; }}"), out)


def main() -> int:
    for make, path in ((scan, FIXTURES / "bad" / "scan.pdf"), (outlines, FIXTURES / "bad" / "outlines.pdf"),
                       (without_unicode_map, FIXTURES / "bad" / "no-unicode-map.pdf"),
                       (type3, FIXTURES / "chromium-type3-2025-05-07.pdf")):
        make(path)
        print(f"{path.relative_to(REPO)}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
