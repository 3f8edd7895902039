"""PDFs whose text layer holds glyphs the printed page does not show, made by the tools that make them.

    python tools/print_hidden.py

- tests/fixtures/pdf/hidden-text-2025-05-07.pdf: the 2025-05-07 print-ready page printed
  by Chromium with a `1` no reader sees before three values, as a site's markup may carry
  one: `<span style="color:#fff">` (white on the white cell), `color: transparent` (Chromium
  draws it black under an ExtGState of fill alpha 0) and `color:#fafafa` (a grey without
  contrast). pdfplumber extracts all three: the extractor published 14, 12 and 18 cards where
  the print shows 4, 2 and 8, with exit 0.
- tests/fixtures/pdf/marks-2025-05-07.pdf: the same page with a footnote mark before two
  values, `<sup>1</sup>4*Ascend` and `<sub>2</sub>2*Ascend` (Chromium sets them smaller, off the
  baseline): read as 14 and 22 cards before, with exit 0.
- tests/fixtures/pdf/invisible-layer-2025-05-07.pdf: the plain print with a `1` in the
  invisible text render mode (3 Tr, how OCR tools lay their text over a scan) drawn by reportlab
  across the left rule of the first `4*Ascend` cell and laid over page 1 by `qpdf --overlay`:
  read as 14 cards before (the rule's ink was taken for the glyph's), with exit 0.
- tests/fixtures/pdf/poster-2025-05-07.pdf: the same page printed plainly, then split by
  `mutool poster -y 2` into half-page tiles: each tile keeps the whole page's content and
  shows half of it through its MediaBox (the second tile's starts at y = 421 pt); the
  extractor stopped with an internal error (pdfplumber: a box outside the page's box).
- tests/fixtures/pdf/mediabox-2025-05-07.pdf: the plain print with every page's MediaBox
  set to [20 20 575.92 822.88] (a box not starting at 0 0, as pdfcrop writes one; edited
  in qpdf's QDF form, rebuilt by `fix-qdf` and `qpdf`): nothing of the table is cut, and it
  is read exactly (it stopped with the same internal error).

Needs Debian's chromium, fonts-wqy-zenhei, qpdf and mupdf-tools, and reportlab.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

from render_pdf import print_ready_html, render_with_browser  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures" / "pdf"
RELEASE = "2025-05-07"
# cell (its <p> id) -> the hidden `1` put before its value
HIDDEN = {
    "modelarts_llm_train_5902044__p0013": '<span style="color:#fff">1</span>',  # 4*Ascend
    "modelarts_llm_train_5902044__p0058": '<span style="color:transparent">1</span>',  # 2*Ascend
    "modelarts_llm_train_5902044__p0114": '<span style="color:#fafafa">1</span>',  # 8*Ascend
}
MEDIABOX = b"/MediaBox [20 20 575.92 822.88]"
# cell -> a footnote mark set before or after its value, as vendors' tables carry them
MARKS = {
    "modelarts_llm_train_5902044__p0013": "<sup>1</sup>",  # 4*Ascend: read 14 before
    "modelarts_llm_train_5902044__p0058": "<sub>2</sub>",  # 2*Ascend: read 22 before
}


def run(*command: str) -> None:
    subprocess.run(command, check=True, capture_output=True, timeout=120)


def with_hidden_text(html: str, spans: dict[str, str] = HIDDEN) -> str:
    for cell, span in spans.items():
        html, found = re.subn(f'(<p id="{cell}">)', lambda m: m.group(1) + span, html)
        assert found == 1, cell
    return html


def printed(html: str, out: Path, tmp: Path) -> None:
    page = tmp / f"{out.stem}.html"
    page.write_text(html, encoding="utf-8")
    render_with_browser(page, out)


def invisible_layer(plain: Path, out: Path, tmp: Path) -> None:
    """`plain` with an invisible `1` (render mode 3) set just before the first `4*Ascend` of
    the table on page 1, laid over it by qpdf."""
    import pdfplumber
    from reportlab.pdfgen.canvas import Canvas
    from render_pdf import CID_FONT, register_cid_font
    with pdfplumber.open(plain) as pdf:
        page = pdf.pages[0]
        width, height, chars = float(page.width), float(page.height), page.chars
        table_top = page.find_tables()[0].bbox[1]
        first = next(ch for i, ch in enumerate(chars) if ch["top"] > table_top
                     and "".join(c["text"] for c in chars[i:i + 8]) == "4*Ascend")
    register_cid_font()
    layer = tmp / "layer.pdf"
    canvas = Canvas(str(layer), pagesize=(width, height))
    text = canvas.beginText(first["x0"] - 0.56 * first["size"], height - first["bottom"] + 0.2 * first["size"])
    text.setFont(CID_FONT, first["size"])
    text.setTextRenderMode(3)
    text.textOut("1")
    canvas.drawText(text)
    canvas.showPage()
    canvas.save()
    run("qpdf", str(plain), "--overlay", str(layer), "--to=1", "--", str(out))


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        html = print_ready_html(RELEASE)
        printed(with_hidden_text(html), FIXTURES / "hidden-text-2025-05-07.pdf", tmp)
        printed(with_hidden_text(html, MARKS), FIXTURES / "marks-2025-05-07.pdf", tmp)
        plain = tmp / "plain.pdf"
        printed(html, plain, tmp)
        invisible_layer(plain, FIXTURES / "invisible-layer-2025-05-07.pdf", tmp)
        run("mutool", "poster", "-y", "2", str(plain), str(FIXTURES / "poster-2025-05-07.pdf"))
        qdf = tmp / "qdf.pdf"
        run("qpdf", "--qdf", "--object-streams=disable", str(plain), str(qdf))
        text = re.sub(rb"/MediaBox \[[^\]]*\]", MEDIABOX, qdf.read_bytes())
        qdf.write_bytes(text)
        fixed = tmp / "fixed.pdf"
        with fixed.open("wb") as out:
            subprocess.run(["fix-qdf", str(qdf)], check=True, stdout=out, timeout=60)
        run("qpdf", str(fixed), str(FIXTURES / "mediabox-2025-05-07.pdf"))
    for name in ("hidden-text", "marks", "invisible-layer", "poster", "mediabox"):
        print(FIXTURES / f"{name}-{RELEASE}.pdf")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
