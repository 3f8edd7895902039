"""PDFs made by other hands, round 2: documents derived from real producers' output by
ordinary page tools (a page dropped, pages imposed two to a sheet), on which the
extractor once exited 0 with the wrong rows. Each is generated here from a fixture with
pypdfium2 (a pdfplumber dependency), the way a print shop or a PDF tool would."""
from __future__ import annotations

import functools

import pdfplumber
import pypdfium2 as pdfium
import pytest

from conftest import FIXTURES
from pipeline.errors import LayoutError, MincardsError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

PDF_FIXTURES = FIXTURES / "pdf"


def pages_of(source: str | bytes, order: list[int], out) -> bytes:
    """The pages of a fixture (by name) or of a PDF's bytes in `order` (0-based), as a new document."""
    new = pdfium.PdfDocument.new()
    new.import_pages(pdfium.PdfDocument(str(PDF_FIXTURES / source) if isinstance(source, str) else source), order)
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


def test_a_page_holding_another_table_between_two_parts_stops_the_stitching(tmp_path):
    """Catches: the parts joined across a page that holds another table. browser-chromium.pdf
    with a page of another document inserted after its first page (a small ruled table of its
    own, as merging two PDFs gives): the vendor table ends on page 1, ruled off; the part on
    page 3 is not where it would go on, so it is a second table headed like it, not rows to
    stitch on."""
    import io
    from reportlab.pdfgen.canvas import Canvas
    source = pdfium.PdfDocument(str(PDF_FIXTURES / "browser-chromium.pdf"))
    width, height = source[0].get_size()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    for row in range(2):
        for col in range(2):
            canvas.rect(100 + 100 * col, height - 120 - 20 * row, 100, 20, stroke=1, fill=0)
            canvas.drawString(105 + 100 * col, height - 115 - 20 * row, f"note {row}.{col}")
    canvas.showPage()
    canvas.save()
    new = pdfium.PdfDocument.new()
    new.import_pages(source, [0])
    new.import_pages(pdfium.PdfDocument(buffer.getvalue()), [0])
    new.import_pages(source, [1])
    new.save(str(tmp_path / "between.pdf"))
    with pytest.raises(MincardsError, match=r"^between.pdf: .*page 3: another table headed like the vendor table, "
                                            r"not where the table goes on"):
        extract_pdf((tmp_path / "between.pdf").read_bytes(), "between.pdf")


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


def aligned_pdf(out, pages, align: str, shadow: float = 0.0, shadowed: tuple = ()) -> bytes:
    """Pages of ruled boxes (x0, x1, top, bottom, text; points from the top of an A4 page),
    the text set left-aligned, right-aligned or centred in each box with a 3 pt padding, as
    a browser does with text-align; with `shadow`, the text of the boxes starting at the x
    positions `shadowed` (body rows) is drawn first in grey that many points to the right (a browser's
    text-shadow, a printer driver's overprinted bold)."""
    from render_pdf import CID_FONT, register_cid_font
    from reportlab.pdfgen.canvas import Canvas
    register_cid_font()
    canvas = Canvas(str(out), invariant=1)
    for boxes in pages:
        canvas.setFont(CID_FONT, 8)
        for x0, x1, top, bottom, text in boxes:
            canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
            for dx, grey in ([(shadow, 0.5)] if x0 in shadowed and top >= 100 else []) + [(0.0, 0.0)]:
                canvas.setFillGray(grey)
                if text and align == "right":
                    canvas.drawRightString(x1 - 3 + dx, 842 - top - 11, text)
                elif text and align == "center":
                    canvas.drawCentredString((x0 + x1) / 2 + dx, 842 - top - 11, text)
                elif text:
                    canvas.drawString(x0 + 3 + dx, 842 - top - 11, text)
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


# --- a stamp or watermark over the table ----------------------------------------------------

def stamp(name: str, page: int, x: float, top: float, text: str, angle: float, out) -> bytes:
    """The fixture with `text` stamped over page `page` (0-based) at (x, top) in points from
    the page's top-left, turned by `angle` degrees, light grey, as watermark and stamp tools
    do (the stamp is a page of its own placed over the page as a form XObject)."""
    import io
    from reportlab.pdfgen.canvas import Canvas
    document = pdfium.PdfDocument(str(PDF_FIXTURES / name))
    width, height = document[page].get_size()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setFillGray(0.7)
    canvas.setFont("Helvetica", 7)
    canvas.translate(x, height - top)
    canvas.rotate(angle)
    canvas.drawString(0, 0, text)
    canvas.showPage()
    canvas.save()
    overlay = pdfium.PdfDocument(buffer.getvalue())
    target = document[page]
    target.insert_obj(overlay.page_as_xobject(0, document).as_pageobject())
    target.gen_content()
    document.save(str(out))
    return out.read_bytes()


@functools.cache
def plain_frame(name: str):
    """The fixture's rows as printed, read once per test process (each angle compares with them)."""
    return normalize(extract_pdf((PDF_FIXTURES / name).read_bytes(), "stamped.pdf")[0], "2025-10-22").frame


@pytest.mark.parametrize("angle", [30, -45, 60])
def test_a_watermark_glyph_set_at_an_angle_clear_of_the_text_is_not_cell_text(angle, tmp_path):
    """Catches: a '2' stamped at 30 degrees over browser-chromium.pdf gave exit 0 with 82
    cards where it lay between the '8' and the '*' of '8*Ascend'. Table text is set on the
    horizontal (or, in a vertical heading, at a right angle); a character at any other angle
    clear of the table's text (here in the white space of a model's merged cell, page 2) is a
    watermark or a stamp, not a cell's."""
    data = stamp("browser-chromium.pdf", 1, 60, 150, "2", angle, tmp_path / "stamped.pdf")
    grid, _ = extract_pdf(data, "stamped.pdf")
    frame = normalize(grid, "2025-10-22").frame
    row = frame[(frame.model == "qwen2.5-7b") & (frame.strategy == "full") & (frame.seq_len == 8192)
                & (frame.framework == "MindSpeed-LLM") & (frame.hardware == "Snt9b")]
    assert list(row.min_units) == [8]
    assert frame.equals(plain_frame("browser-chromium.pdf"))


@pytest.mark.parametrize("angle", [30, -45, 60, 4])
def test_a_glyph_set_at_an_angle_on_a_line_of_the_table_is_an_error(angle, tmp_path):
    """Catches: a '2' stamped at 30 degrees between the '8' and the '*' of '8*Ascend' (page 2,
    qwen2.5-7b / full / 8192 / MindSpeed-LLM / Snt9b) was dropped as a watermark, 8 published;
    at 4 degrees (hunt 24: a `1` before `32*Ascend`) the eye reads it as part of the value, and
    the value published was the text without it. A glyph at an angle within a font size of the
    table's text, on its line, is an error naming it."""
    data = stamp("browser-chromium.pdf", 1, 239.5, 174, "2", angle, tmp_path / "stamped.pdf")
    with pdfplumber.open(tmp_path / "stamped.pdf") as pdf:  # the feature: the glyph is on the cell's line
        glyph = [c for c in pdf.pages[1].chars if c["text"] == "2" and c["fontname"] == "Helvetica"]
        assert len(glyph) == 1 and 234 < glyph[0]["x0"] < 245 and 160 < glyph[0]["top"] < 180
    with pytest.raises(LayoutError, match=r"page 2: a glyph set at an angle on a line of the vendor table's text "
                                          r"\(at 2\d\d pt from the left, 1\d\d pt from the top: '2'\)"):
        extract_pdf(data, "stamped.pdf")


@pytest.mark.parametrize("shadow", [0.3, 0.75])
def test_text_drawn_twice_over_itself_is_read_once(shadow, tools_on_path, tmp_path):
    """Catches: Chromium's text-shadow on the model cells (each glyph drawn again 0.45 pt to
    the side) gave exit 0 with models named 'qqwweenn22..55--77bb' (and seq_len 44009966 where
    the sequence lengths had it). A glyph drawn over the
    same glyph, less than half its width away, is one character printed twice (a shadow, an
    overprinted bold), not two."""
    rows = HEADER + [(XS[0], XS[1], 100, 120, "qwen2.5-7b"), (XS[1], XS[2], 100, 120, "full"),
                     (XS[2], XS[3], 100, 120, "4096"), (XS[3], XS[4], 100, 120, "8*Ascend"),
                     (XS[4], XS[5], 100, 120, "16*Ascend"),
                     (XS[0], XS[1], 120, 140, "llama3-8b"), (XS[1], XS[2], 120, 140, "lora"),
                     (XS[2], XS[3], 120, 140, "1024"), (XS[3], XS[4], 120, 140, "1*Ascend"),
                     (XS[4], XS[5], 120, 140, "-")]
    data = aligned_pdf(tmp_path / "s.pdf", [rows], "left", shadow, shadowed=(XS[0], XS[2]))  # model, seq_len
    with pdfplumber.open(tmp_path / "s.pdf") as pdf:  # the feature: every glyph is there twice
        assert "".join(c["text"] for c in pdf.pages[0].chars).count("q") == 2
    frame = normalize(extract_pdf(data, "s.pdf")[0], "2025-10-22").frame
    assert sorted(set(frame.model_label)) == ["llama3-8b", "qwen2.5-7b"]
    assert sorted(set(frame.seq_len)) == [1024, 4096] and list(frame.min_units.dropna()) == [1, 8, 16]


def test_slanted_text_keeps_its_doubled_letters(tmp_path, tools_on_path):
    """The rule for overprints must not eat a real doubled letter: text slanted by the text
    matrix (Chromium's synthetic italic) has glyph boxes wider than their advance, so the
    second 'l' of 'full' lies within half the first's box (it did: 'ful')."""
    from render_pdf import CID_FONT, register_cid_font
    from reportlab.pdfgen.canvas import Canvas
    register_cid_font()
    rows = HEADER + [(XS[0], XS[1], 100, 120, "llama3-8b"), (XS[1], XS[2], 100, 120, "full"),
                     (XS[2], XS[3], 100, 120, "4096"), (XS[3], XS[4], 100, 120, "8*Ascend"),
                     (XS[4], XS[5], 100, 120, "11*Ascend")]
    canvas = Canvas(str(tmp_path / "i.pdf"), invariant=1)
    for x0, x1, top, bottom, text in rows:
        canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
        text_object = canvas.beginText()
        text_object.setFont(CID_FONT, 8)
        slant = 0.25 if top >= 100 else 0.0
        text_object.setTextTransform(1, 0, slant, 1, x0 + 3, 842 - top - 11)
        text_object.textOut(text)
        canvas.drawText(text_object)
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(tmp_path / "i.pdf") as pdf:  # the feature: the two l's boxes overlap by over half
        ls = [c for c in pdf.pages[0].chars if c["text"] == "l" and c["top"] > 100][:2]
        assert ls[1]["x0"] - ls[0]["x0"] < (ls[0]["x1"] - ls[0]["x0"]) / 2
    frame = normalize(extract_pdf((tmp_path / "i.pdf").read_bytes(), "i.pdf")[0], "2025-10-22").frame
    assert set(frame.model_label) == {"llama3-8b"} and set(frame.strategy) == {"full"}
    assert list(frame.min_units) == [8, 11]


# --- a table wider than the page ------------------------------------------------------------

def test_a_table_cut_by_the_edge_of_the_page_is_an_error(tools_on_path, tmp_path):
    """Catches: a table wider than the page, cut by its right edge at a column boundary, as
    LibreOffice Writer exports one (soffice --convert-to pdf of the page converted to odt: the
    rules stop at the page edge, the text of the columns beyond is still written, outside the
    page) gave exit 0 without the frameworks beyond the edge. A table reaching the edge of the
    page may go on past it: an error naming the page."""
    from render_pdf import CID_FONT, register_cid_font
    from reportlab.pdfgen.canvas import Canvas
    register_cid_font()
    xs = [300, 390, 450, 500, 550, 595.28, 645, 695]  # A4 is 595.28 pt wide: LF is beyond it
    ruled = [(xs[0], xs[1], 60, 100, "支持模型参数量"), (xs[1], xs[2], 60, 100, "训练策略类型"),
             (xs[2], xs[3], 60, 100, "序列长度"), (xs[3], xs[5], 60, 80, "MS规格卡数/DIE"),
             (xs[3], xs[4], 80, 100, "Snt9b"), (xs[4], xs[5], 80, 100, "Snt9b23"),
             (xs[0], xs[1], 100, 120, "m-7b"), (xs[1], xs[2], 100, 120, "full"), (xs[2], xs[3], 100, 120, "4096"),
             (xs[3], xs[4], 100, 120, "8*Ascend"), (xs[4], xs[5], 100, 120, "16*Ascend")]
    beyond = [(xs[5], 60, "LF规格卡数/DIE"), (xs[5], 80, "Snt9b"), (xs[6], 80, "Snt9b23"),
              (xs[5], 100, "2*Ascend"), (xs[6], 100, "4*Ascend")]
    canvas = Canvas(str(tmp_path / "wide.pdf"), invariant=1)
    canvas.setFont(CID_FONT, 8)
    for x0, x1, top, bottom, text in ruled:
        canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
        canvas.drawString(x0 + 3, 842 - top - 11, text)
    for x0, top, text in beyond:
        canvas.drawString(x0 + 3, 842 - top - 11, text)
    canvas.showPage()
    canvas.save()
    with pdfplumber.open(tmp_path / "wide.pdf") as pdf:  # the feature: text beyond the page's edge
        assert max(c["x0"] for c in pdf.pages[0].chars) > pdf.pages[0].width
    with pytest.raises(MincardsError, match=r"^wide.pdf: .*page 1: the vendor table reaches the right edge of the "
                                            r"page and stops there"):
        extract_pdf((tmp_path / "wide.pdf").read_bytes(), "wide.pdf")


# --- the header not repeated, borders collapsed ---------------------------------------------

def open_boxes_pdf(out, pages) -> bytes:
    """Pages of boxes (x0, x1, top, bottom, text, rule_above, rule_below), the side rules
    always drawn, the top and bottom rules only where asked (a collapsed border is drawn
    once, on the page of the row above it)."""
    from render_pdf import CID_FONT, register_cid_font
    from reportlab.pdfgen.canvas import Canvas
    register_cid_font()
    canvas = Canvas(str(out), invariant=1)
    for boxes in pages:
        canvas.setFont(CID_FONT, 8)
        for x0, x1, top, bottom, text, above, below in boxes:
            canvas.line(x0, 842 - top, x0, 842 - bottom)
            canvas.line(x1, 842 - top, x1, 842 - bottom)
            for y, drawn in ((top, above), (bottom, below)):
                if drawn:
                    canvas.line(x0, 842 - y, x1, 842 - y)
            if text:
                canvas.drawString(x0 + 3, 842 - top - 11, text)
        canvas.showPage()
    canvas.save()
    return out.read_bytes()


def test_a_row_closed_above_the_break_is_not_continued_below_it(tools_on_path, tmp_path):
    """Catches: Chromium printing with the header not repeated (thead as a row group) and
    collapsed borders draws the rule between two rows once, at the bottom of the first page,
    so every box at the top of the next page is open at its top. That was read as the last
    row split over the break even where the cell above was ruled off and the box below
    holds text of its own: '4096' then '8192' (under a strategy and values going on) became
    seq_len 40968192, exit 0 (the raw Chromium print of 2025-05-07 gave 'full' + 'lora')."""
    header = [box + (True, True) for box in HEADER]
    first = header + [(XS[0], XS[1], 100, 120, "m-7b", True, False), (XS[1], XS[2], 100, 120, "full", True, False),
                      (XS[2], XS[3], 100, 120, "4096", True, True), (XS[3], XS[4], 100, 120, "8*Ascend", True, False),
                      (XS[4], XS[5], 100, 120, "16*Ascend", True, False)]
    second = [(XS[0], XS[1], 40, 60, "", False, True), (XS[1], XS[2], 40, 60, "", False, True),
              (XS[2], XS[3], 40, 60, "8192", False, True), (XS[3], XS[4], 40, 60, "", False, True),
              (XS[4], XS[5], 40, 60, "", False, True)]
    grid, _ = extract_pdf(open_boxes_pdf(tmp_path / "c.pdf", [first, second]), "c.pdf")
    frame = normalize(grid, "2025-10-22").frame
    assert sorted(set(frame.seq_len)) == [4096, 8192]
    assert list(frame.min_units) == [8, 16, 8, 16]


# --- the page content turned a quarter turn -------------------------------------------------

def test_pages_turned_a_quarter_turn_are_a_clear_error(tmp_path):
    """Catches: reportlab-rects.pdf with each page's content placed turned by 90 degrees on a
    landscape sheet (as an imposition tool does) stopped with 'internal error: KeyError:
    None' (exit 3): pdfplumber gives the slightly skewed lines no orientation and its edge
    merging fails on them. Such lines are not rules; the table is then not found, said as
    such with the file's name."""
    source = pdfium.PdfDocument(str(PDF_FIXTURES / "reportlab-rects.pdf"))
    width, height = source[0].get_size()
    new = pdfium.PdfDocument.new()
    for index in range(len(source)):
        sheet = new.new_page(height, width)
        placed = source.page_as_xobject(index, new).as_pageobject()
        placed.transform(pdfium.PdfMatrix().rotate(90).translate(height, 0))
        sheet.insert_obj(placed)
        sheet.gen_content()
    new.save(str(tmp_path / "turned.pdf"))
    with pdfplumber.open(tmp_path / "turned.pdf") as pdf:  # the feature: lines with no orientation
        assert any(e["orientation"] is None for e in pdf.pages[0].edges)
    with pytest.raises(MincardsError, match=r"^turned.pdf: cannot read source: no vendor table on any of its 3 "):
        extract_pdf((tmp_path / "turned.pdf").read_bytes(), "turned.pdf")


def numbered(name: str, mark: str, out) -> bytes:
    """The fixture with a page number printed in each page's bottom margin (`mark` formatted
    with n and m), as a print shop's or an office suite's footer: a reportlab overlay page
    placed over each page with pypdfium2."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))  # reportlab's own CJK font: no system font
    source = pdfium.PdfDocument(str(PDF_FIXTURES / name))
    width, height = source[0].get_size()
    overlay = out.with_suffix(".marks.pdf")
    marks = canvas.Canvas(str(overlay), pagesize=(width, height))
    for n in range(1, len(source) + 1):
        marks.setFont("STSong-Light", 9)
        marks.drawRightString(width - 36, 20, mark.format(n=n, m=len(source)))
        marks.showPage()
    marks.save()
    stamps = pdfium.PdfDocument(str(overlay))
    for index in range(len(source)):
        page = source[index]
        page.insert_obj(stamps.page_as_xobject(index, source).as_pageobject())
        page.gen_content()
    source.save(str(out))
    return out.read_bytes()


@pytest.mark.parametrize("mark", ["{n}/{m}", "第 {n} 页 共 {m} 页", "Page {n} of {m}"])
def test_a_page_missing_between_clean_breaks_is_told_by_the_printed_page_numbers(tmp_path, mark):
    """Catches: browser-chromium.pdf without its second page gave exit 0 with 960 of the 1,350
    rows: the table is ruled off at every break, so the rows before and after the gap stitch
    cleanly. With page numbers printed in the margin, the gap shows: page 3 follows page 1.
    The same PDF whole reads every row (the marks are not cell text)."""
    whole = numbered("browser-chromium.pdf", mark, tmp_path / "numbered.pdf")
    grid, _ = extract_pdf(whole, "numbered.pdf")
    assert len(normalize(grid, "2025-10-22").frame) == 1350
    with pytest.raises(MincardsError, match=r"^gap.pdf: .*page 2: the page is printed as page 3 but follows the page "
                                            r"printed as 1 \(a page missing"):
        extract_pdf(pages_of(whole, [0, 2, 3], tmp_path / "gap.pdf"), "gap.pdf")


@pytest.mark.parametrize("mark", ["{n}/{m}", "Page {n} of {m}"])
def test_a_first_page_missing_is_told_by_the_printed_page_numbers(tmp_path, mark):
    """Catches: browser-chromium.pdf without its first page gave exit 0 with 950 of the 1,350 rows
    (its second page begins with the header repeated, at a clean break: a table's start to the
    eye). Its first page printed as page 2 of 4 says that a page is missing. (Hunt 131 found the
    vendor's print so cut refused for the wrong reason: "'' is not a model name".)"""
    whole = numbered("browser-chromium.pdf", mark, tmp_path / "numbered.pdf")
    with pytest.raises(MincardsError, match=r"^cut.pdf: .*page 1: the table's first page is printed as page 2 of 4 but "
                                            r"is page 1 of the file \(pages before it missing"):
        extract_pdf(pages_of(whole, [1, 2, 3], tmp_path / "cut.pdf"), "cut.pdf")
