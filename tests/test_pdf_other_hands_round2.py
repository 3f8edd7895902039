"""PDFs made by other hands, round 2: documents derived from real producers' output by
ordinary page tools (a page dropped, pages imposed two to a sheet), on which the
extractor once exited 0 with the wrong rows. Each is generated here from a fixture with
pypdfium2 (a pdfplumber dependency), the way a print shop or a PDF tool would."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from conftest import FIXTURES
from pipeline.errors import MincardsError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

PDF_FIXTURES = FIXTURES / "pdf"


def pages_of(name: str, order: list[int], out) -> bytes:
    """The fixture's pages in `order` (0-based), as a new document."""
    new = pdfium.PdfDocument.new()
    new.import_pages(pdfium.PdfDocument(str(PDF_FIXTURES / name)), order)
    new.save(str(out))
    return out.read_bytes()


def two_up(name: str, out) -> bytes:
    """The fixture imposed two pages to a landscape sheet, side by side at 70% (n-up)."""
    source = pdfium.PdfDocument(str(PDF_FIXTURES / name))
    width, height = source[0].get_size()
    new = pdfium.PdfDocument.new()
    for first in range(0, len(source), 2):
        sheet = new.new_page(height, width)
        for j in range(min(2, len(source) - first)):
            placed = source.page_as_xobject(first + j, new).as_pageobject()
            placed.transform(pdfium.PdfMatrix().scale(0.7, 0.7).translate(j * height / 2, 0))
            sheet.insert_obj(placed)
        sheet.gen_content()
    new.save(str(out))
    return out.read_bytes()


def test_a_table_left_open_on_the_last_page_is_an_error(tmp_path):
    """Catches: reportlab-rects.pdf without its last page gave exit 0 with 950 rows, 20 of them
    with seq_len 819 (the row cut open at the bottom of page 2, '4096/819', whose rest '2' was
    on the dropped page). A table whose last row has no rule below it goes on somewhere."""
    data = pages_of("reportlab-rects.pdf", [0, 1], tmp_path / "short.pdf")
    with pytest.raises(MincardsError, match=r"^short.pdf: .*page 2: the vendor table is left open at the bottom "
                                            r"of the page and does not go on on the next page"):
        extract_pdf(data, "short.pdf")


def test_the_vendor_table_headed_again_elsewhere_is_an_error(tmp_path):
    """Catches: browser-chromium.pdf printed two pages to a sheet gave exit 0 with 390 of the
    1,350 rows: the vendor table on the left half, its next part (header repeated) on the
    right half not below it, so the stitcher stopped there. A second table headed like the
    vendor table that is not read as its continuation is an error, not ignored."""
    data = two_up("browser-chromium.pdf", tmp_path / "2up.pdf")
    with pytest.raises(MincardsError, match=r"^2up.pdf: .*page 1: another table headed like the vendor table"):
        extract_pdf(data, "2up.pdf")


def test_the_pages_in_order_still_read_whole(tmp_path):
    """The same tools, used without changing the table, change nothing: the pages copied as
    they are, and the sheet-per-page imposition of one page each."""
    data = pages_of("reportlab-rects.pdf", [0, 1, 2], tmp_path / "same.pdf")
    grid, _ = extract_pdf(data, "same.pdf")
    assert len(normalize(grid, "2025-10-22").frame) == 1350


# --- text aligned right or centred: the room left on a line --------------------------------

XS = [40, 130, 190, 240, 290, 340]
HEADER = [(XS[0], XS[1], 60, 100, "支持模型参数量"), (XS[1], XS[2], 60, 100, "训练策略类型"),
          (XS[2], XS[3], 60, 100, "序列长度"), (XS[3], XS[5], 60, 80, "MS规格卡数/DIE"),
          (XS[3], XS[4], 80, 100, "Snt9b"), (XS[4], XS[5], 80, 100, "Snt9b23")]


def aligned_pdf(out, pages, align: str) -> bytes:
    """Pages of ruled boxes (x0, x1, top, bottom, text; points from the top of an A4 page),
    the text set right-aligned or centred in each box with a 3 pt padding, as a browser does
    with text-align: right / center."""
    from render_pdf import CID_FONT, register_cid_font
    from reportlab.pdfgen.canvas import Canvas
    register_cid_font()
    canvas = Canvas(str(out), invariant=1)
    for boxes in pages:
        canvas.setFont(CID_FONT, 8)
        for x0, x1, top, bottom, text in boxes:
            canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
            if text and align == "right":
                canvas.drawRightString(x1 - 3, 842 - top - 11, text)
            elif text:
                canvas.drawCentredString((x0 + x1) / 2, 842 - top - 11, text)
        canvas.showPage()
    canvas.save()
    return out.read_bytes()


@pytest.fixture
def tools_on_path():
    import sys
    from conftest import REPO
    sys.path.insert(0, str(REPO / "tools"))
    yield
    sys.path.remove(str(REPO / "tools"))


@pytest.mark.parametrize("align", ["right", "center"])
def test_a_short_right_aligned_key_below_the_break_is_a_row_of_its_own(align, tools_on_path, tmp_path):
    """Catches: right-aligned text (Chromium, text-align: right) made every line look full, so
    '8192' at the top of page 2 (a row of its own, under a strategy and values whose boxes
    were closed at the break, as Writer draws them) was taken for the rest of '4096' wrapped
    over the break: exit 0 with seq_len 40968192. The room at the end of a line is the cell's
    width less the table's padding on both sides, whatever the alignment."""
    first = HEADER + [(XS[0], XS[1], 100, 120, "m-7b"), (XS[1], XS[2], 100, 120, "full"),
                      (XS[2], XS[3], 100, 120, "4096"), (XS[3], XS[4], 100, 120, "8*Ascend"),
                      (XS[4], XS[5], 100, 120, "16*Ascend")]
    second = HEADER + [(XS[0], XS[1], 100, 120, ""), (XS[1], XS[2], 100, 120, ""),
                       (XS[2], XS[3], 100, 120, "8192"), (XS[3], XS[4], 100, 120, ""),
                       (XS[4], XS[5], 100, 120, "")]
    grid, _ = extract_pdf(aligned_pdf(tmp_path / "a.pdf", [first, second], align), "a.pdf")
    frame = normalize(grid, "2025-10-22").frame
    assert sorted(set(frame.seq_len)) == [4096, 8192]
    assert list(frame.min_units) == [8, 16, 8, 16]
