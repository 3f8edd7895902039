"""PDF fixtures printed by third-party producers from the saved vendor page.

    python tools/print_producers.py       # tests/fixtures/pdf/{libreoffice-writer,browser-chromium-landscape}.pdf

Each producer prints a print-ready copy of raw/2025-10-22/page.html (narrow fixed
columns, so that values wrap inside their cells):

- LibreOffice Writer (`soffice --headless`, HTML import, PDF export): A4 portrait;
  Writer splits a row that does not fit across the page break, closing it at the
  bottom of one page and going on below the repeated header on the next (a band,
  empty or holding the rest of wrapped text), and closes merged cells at a break.
- Chromium (`chromium --headless --print-to-pdf`): A4 landscape, printed at 130%.

The producers' names and versions are written to tests/fixtures/pdf/NOTES.md.
Needs Debian's libreoffice-writer-nogui, chromium and fonts-wqy-zenhei (checked by
`make fixtures`), and reportlab for tools/render_pdf.py's helpers.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from print_breaks import PRINTS as BREAK_PRINTS  # noqa: E402
from render_pdf import column_widths, print_ready_html, render_with_browser  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures" / "pdf"
RELEASE = "2025-10-22"
SECONDS = 180  # an office suite that waits on something (a remote resource, a dialog) is stopped

# Writer's HTML import ignores most CSS: the layout goes into attributes, the font into
# a style for the cells.
WRITER_CSS = """<style>
body, td, th, p { font-family: "WenQuanYi Zen Hei"; }
td, th { font-size: 8pt; }
p { margin-top: 0; margin-bottom: 0; }
</style>"""


def writer_ready_html(release: str) -> str:
    """The saved page without anything it would fetch (the remote style sheet, images), the
    table's widths as attributes (points, Writer's unit for them) and the cell font."""
    page = (REPO / "raw" / release / "page.html").read_text(encoding="utf-8")
    page = re.sub(r"<link\b[^>]*>|<img\b[^>]*>|<script\b.*?</script>", "", page, flags=re.S)
    page = page.replace("</head>", WRITER_CSS + "</head>", 1)
    widths = column_widths(release)
    page = re.sub(r"<table\b", f'<table width="{sum(widths):g}"', page, count=1)
    cols = "<colgroup>" + "".join(f'<col width="{w:g}">' for w in widths) + "</colgroup>"
    return page.replace("</caption>", "</caption>" + cols, 1)


def render_with_writer(html: Path, out: Path) -> None:
    """LibreOffice Writer's PDF export (Debian package libreoffice-writer-nogui), with a
    private profile so that no other LibreOffice (or an earlier run's lock) is involved."""
    with tempfile.TemporaryDirectory() as tmp:
        profile = Path(tmp) / "profile"
        subprocess.run(["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
                        "--infilter=HTML (StarWriter)", "--convert-to", "pdf:writer_pdf_Export",
                        "--outdir", tmp, str(html)], check=True, capture_output=True, timeout=SECONDS)
        shutil.move(Path(tmp) / (html.stem + ".pdf"), out)


def version(command: list[str]) -> str:
    out = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True).stdout
    return out.strip().splitlines()[0]


def python_version(module: str) -> str:
    try:
        mod = __import__(module)
    except ImportError:
        return "not installed"
    return getattr(mod, "__version__", None) or getattr(mod, "Version", "?")


NOTES = """# PDF fixtures: who made them

Written by `tools/print_producers.py` (run by `make fixtures`, with `tools/render_pdf.py
--fixtures --no-raw`). Each fixture must give exactly the 1,350 tidy rows of
raw/{release}/page.html (tests/test_extract_pdf.py), and has the feature it is here for
(checked from the PDF itself, so a regenerated fixture that lost it fails).

| fixture | producer (version when generated) | what it exercises |
|---|---|---|
| libreoffice-writer.pdf | {writer} | stroked lines; header repeated; rows split by a page break, closed at the page bottom and going on below the header as a band (empty, or the rest of wrapped text such as `4096/81` / `92`); merged cells closed at a break, an empty box below |
| browser-chromium-landscape.pdf | {chromium} | A4 landscape, printed at 130%: borders as filled rectangles, other page breaks |
| browser-chromium.pdf | {chromium} | A4 portrait: borders as filled rectangles |
| weasyprint.pdf | WeasyPrint {weasyprint} | stroked lines |
| reportlab-rects.pdf | reportlab {reportlab} (tools/render_pdf.py) | filled-rectangle borders, header not repeated, a row split open over the break, Kangxi radicals, a decoy table |
| reportlab-closed.pdf | reportlab {reportlab} (tools/render_pdf.py) | filled-rectangle borders, every fragment closed at a break as Writer does: merged cells closed with an empty box below; rows split into a band holding the rest of wrapped text (`4096/819` / `2`, `1*Asc` / `end`) |
{breaks}
Print-ready inputs: print-{release}.html (Chromium, WeasyPrint), writer-{release}.html (Writer).
The breaks-chromium-*.pdf prints (`tools/print_breaks.py`) are print-{release}.html with the model
column narrowed to 46 pt (names wrap) and the page's top margin set, printed with Chromium's default
header and footer; Chromium draws a cut cell's next line below the table's bottom rule.
guide-{release}.pdf (`tools/print_guide.py`, Chromium, A4 with header and footer) is
a 14-page guide built around the vendor table (guide-{release}.html beside it): topics with tables
of their own before it, captions restarting at 表1 in every topic, and after it a topic whose 表1 has
exactly the vendor table's columns and width, starting mid-page below the vendor table's notes and
going on at the top of the next page with its header repeated.
`tools/print_unreadable.py` makes the PDFs whose text cannot be read, each with the tool that makes
such files: bad/scan.pdf (page 1 of browser-chromium.pdf through `pdftoppm -r 60 -gray` and
`img2pdf`), bad/outlines.pdf (page 1 of raw/2025-05-07/doc.pdf through Ghostscript
`pdfwrite -dNoOutputFonts`), bad/no-unicode-map.pdf (the print-ready page printed by Chromium with
the body cells in Noto Sans CJK SC, embedded as Type 3 fonts, every /ToUnicode renamed in qpdf's
QDF form, rebuilt by `fix-qdf` and `qpdf`), and chromium-type3-2025-05-07.pdf (the 2025-05-07
print-ready page printed by Chromium in Noto Sans CJK SC: 89 Type 3 fonts, for each of which pdfminer
logs `Could not get FontBBox`; read exactly).
"""


def break_rows(chromium: str) -> str:
    return "".join(f"| {name} | {chromium}, with header and footer | {size}, top margin {top:g} mm: a page break "
                   f"inside merged cells; {cut} |\n" for name, (size, top, cut) in BREAK_PRINTS.items())


def main() -> int:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    writer_html = FIXTURES / f"writer-{RELEASE}.html"
    writer_html.write_text(writer_ready_html(RELEASE), encoding="utf-8")
    render_with_writer(writer_html, FIXTURES / "libreoffice-writer.pdf")
    print("tests/fixtures/pdf/libreoffice-writer.pdf: written by LibreOffice Writer")
    with tempfile.TemporaryDirectory() as tmp:
        landscape = Path(tmp) / "landscape.html"
        landscape.write_text(print_ready_html(RELEASE, "A4 landscape", "body { zoom: 1.3; }"), encoding="utf-8")
        render_with_browser(landscape, FIXTURES / "browser-chromium-landscape.pdf")
    print("tests/fixtures/pdf/browser-chromium-landscape.pdf: written by Chromium")
    (FIXTURES / "NOTES.md").write_text(NOTES.format(
        release=RELEASE, writer=version(["soffice", "--version"]), chromium=version(["chromium", "--version"]),
        breaks=break_rows(version(["chromium", "--version"])),
        weasyprint=python_version("weasyprint"), reportlab=python_version("reportlab")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
