"""PDFs made by other hands, round 4: a text layer holding glyphs the page does not show, and
pages whose box does not start at 0, 0 (tools/print_hidden.py made the fixtures; NOTES.md).
On each the extractor once exited 0 with the wrong rows, or stopped with an internal error."""
from __future__ import annotations

import pdfplumber
import pytest

from conftest import FIXTURES, RAW
from pipeline.errors import CellError, LayoutError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.extract.pdf_ink import Sight
from pipeline.normalize import normalize

PDF = FIXTURES / "pdf"
RELEASE = "2025-05-07"
LINEAGE_OF_FORMAT = ["source_file", "source_page", "raw_text"]


def rows(grid):
    return normalize(grid, RELEASE).frame.drop(columns=LINEAGE_OF_FORMAT)


def test_text_the_page_does_not_show_is_an_error():
    """Catches: the 2025-05-07 page printed by Chromium with a `1` no reader sees before three
    values (white on the white cell, `color: transparent`, a grey #fafafa) gave exit 0 with
    14, 12 and 18 cards where the print shows 4, 2 and 8: pdfplumber extracts every glyph of
    the text layer, seen or not. A glyph read from the table with no ink where it is drawn is
    an error naming the page, the position and the text."""
    data = (PDF / "hidden-text-2025-05-07.pdf").read_bytes()
    with pdfplumber.open(PDF / "hidden-text-2025-05-07.pdf") as pdf:
        chars = pdf.pages[0].chars
        hidden, off, _ = Sight(data).unseen(pdf.pages[0], chars)
    assert [ch["text"] for ch in hidden] == ["1", "1", "1"] and not off  # three, and no other glyph of the page
    after = [next(ch["text"] for ch in chars if abs(ch["top"] - one["top"]) < 1 and abs(ch["x0"] - one["x1"]) < 1)
             for one in hidden]
    assert after == ["4", "2", "8"]  # each set just before a value: 14, 12, 18 in the text layer
    assert [one["non_stroking_color"] for one in hidden] == [(1.0, 1.0, 1.0), (0.0, 0.0, 0.0), (0.9804, 0.9804, 0.9804)]
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table that the page does not show "
                                          r"\(at 235 pt from the left, 297 pt from the top: '1'\): no ink"):
        extract_pdf(data, "doc.pdf")


def test_text_outside_the_pages_visible_area_is_an_error():
    """Catches: the 2025-05-07 print split by `mutool poster -y 2` into half-page tiles (each
    keeps the whole page's content and shows half of it through its MediaBox, the first's
    starting at 421 pt) stopped with an internal error (pdfplumber: 'Bounding box ... is
    entirely outside parent page bounding box'); read, each tile would have given the whole
    table again. Table text outside the page's visible area is an error naming it."""
    with pdfplumber.open(PDF / "poster-2025-05-07.pdf") as pdf:
        assert [float(pdf.pages[i].page_obj.mediabox[1]) for i in (0, 1)] == [420.96, 0.0]
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table outside the page's visible area "
                                          r"\(.*'llama3.2-3b full 4096/819 2\*Ascend'\)"):
        extract_pdf((PDF / "poster-2025-05-07.pdf").read_bytes(), "doc.pdf")


def test_a_mediabox_not_starting_at_the_origin_is_read():
    """Catches: the 2025-05-07 print with each MediaBox set to [20 20 575.92 822.88], as
    pdfcrop writes one, stopped with an internal error: the page numbers were looked for in
    margins measured from 0, 0, not from the page's box. Nothing of the table is cut: read."""
    with pdfplumber.open(PDF / "mediabox-2025-05-07.pdf") as pdf:
        assert all(list(map(float, page.page_obj.mediabox)) == [20, 20, 575.92, 822.88] for page in pdf.pages)
    grid, _ = extract_pdf((PDF / "mediabox-2025-05-07.pdf").read_bytes(), "doc.pdf")
    html, _ = extract_html((RAW / RELEASE / "page.html").read_bytes(), "page.html")
    assert rows(grid).equals(rows(html))


def test_a_footnote_mark_set_off_the_baseline_is_kept_apart():
    """Catches: the 2025-05-07 page printed by Chromium with `<sup>1</sup>4*Ascend` and
    `<sub>2</sub>2*Ascend` gave exit 0 with 14 and 22 cards: the marks, set smaller on a
    raised or lowered baseline, were joined to the numbers. A glyph smaller than its line's
    text and off its baseline is set apart in brackets, as the HTML reader sets apart <sup>
    and <sub>: the cells are errors naming them."""
    with pdfplumber.open(PDF / "marks-2025-05-07.pdf") as pdf:
        ones = [ch for ch in pdf.pages[0].chars if ch["text"] in "12" and ch["size"] < 8]
    assert len(ones) == 2  # the two marks, set smaller than the 9 pt text
    grid, _ = extract_pdf((PDF / "marks-2025-05-07.pdf").read_bytes(), "doc.pdf")
    with pytest.raises(CellError, match=r"page 1, row 3, column 4: '\[1\]4\*Ascend' is not a unit count(.|\n)*"
                                        r"page 1, row 13, column 5: '\[2\]2\*As\\ncend' is not a unit count"):
        rows(grid)


def test_an_invisible_glyph_laid_across_a_rule_is_an_error():
    """Catches: the 2025-05-07 print with a `1` in the invisible text render mode (as OCR tools
    lay text over a scan) laid by `qpdf --overlay` across the left rule of a `4*Ascend` cell
    gave exit 0 with 14 cards: the rule's ink inside the glyph's box was taken for the glyph's.
    The table's ruling is masked out of the box a glyph is looked for in."""
    data = (PDF / "invisible-layer-2025-05-07.pdf").read_bytes()
    with pdfplumber.open(PDF / "invisible-layer-2025-05-07.pdf") as pdf:
        [one] = [ch for ch in pdf.pages[0].chars if ch["fontname"] == "STSongStd-Light"]  # the layer's one glyph
    assert one["text"] == "1"
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table that the page does not show "
                                          r"\(at 230 pt from the left, 298 pt from the top: '1'\)"):
        extract_pdf(data, "doc.pdf")
