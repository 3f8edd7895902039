"""PDFs made by other hands, round 5: a hidden glyph laid over part of a visible one, a form
field's widget over a value, a table whose one-row parts pdfplumber finds only in part, a
note set small above a value. On each the extractor once exited 0 with the wrong rows. The
inputs are made here: the real print raw/2025-10-22/doc.pdf with a page drawn by reportlab
laid over it (pypdfium2, as stamp tools do), or small tables drawn by reportlab."""
from __future__ import annotations

import io

import pdfplumber
import pypdfium2 as pdfium
import pytest

from conftest import RAW
from pdf_drawing import HEADER, XS, boxes_pdf, canvas_font, header_and_row  # noqa: F401  (a fixture)
from pipeline.errors import CellError, LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

REAL = RAW / "2025-10-22" / "doc.pdf"
FOUR = (231.0, 658.8898)  # page 1: where the real print sets `4*Ascend` (llama3.1-8b, full, 4096, MindSpeed-LLM)


def overlaid(out, draw) -> bytes:
    """The real print with what `draw(canvas)` draws (PDF coordinates) laid over page 1."""
    from reportlab.pdfgen.canvas import Canvas
    document = pdfium.PdfDocument(str(REAL))
    width, height = document[0].get_size()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    overlay = pdfium.PdfDocument(buffer.getvalue())
    page = document[0]
    page.insert_obj(overlay.page_as_xobject(0, document).as_pageobject())
    page.gen_content()
    document.save(str(out))
    return out.read_bytes()


def one_at(dx: float, mode: int = 0, grey: float = 0.0):
    """A `1` (Helvetica 9 pt, 5 pt wide) set `dx` points left of the real `4`, in text render
    mode `mode` and fill grey `grey`."""
    def draw(canvas):
        text = canvas.beginText(FOUR[0] - dx, FOUR[1])
        text.setFont("Helvetica", 9)
        text.setTextRenderMode(mode)
        text.setFillGray(grey)
        text.textOut("1")
        canvas.drawText(text)
    return draw


@pytest.mark.parametrize("mode, grey", [(3, 0.0), (0, 1.0)], ids=["invisible", "white"])
def test_a_hidden_glyph_over_half_of_a_visible_one_is_not_seen_by_its_ink(mode, grey, tmp_path):
    """Catches: a `1` in the invisible render mode (or white) set over the left half of the
    real print's `4` gave exit 0 with 14 cards where the page shows 4: its box touched the 4's
    ink, and a glyph was taken as seen by any ink in its box. A glyph is seen only by ink in
    the part of its box no other glyph's box covers."""
    data = overlaid(tmp_path / "o.pdf", one_at(2.5, mode, grey))
    with pdfplumber.open(tmp_path / "o.pdf") as pdf:  # the feature: the text layer reads 14
        line = sorted((c for c in pdf.pages[0].chars if abs(c["y0"] - FOUR[1]) < 3 and 225 < c["x0"] < 240),
                      key=lambda c: c["x0"])
        assert "".join(c["text"] for c in line[:3]) == "14*" and line[0]["x1"] - line[1]["x0"] > 2
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table that the page does not show "
                                          r"\(at 228 pt from the left, 176 pt from the top: '1'\)"):
        extract_pdf(data, "doc.pdf")


def test_a_glyph_drawn_mostly_over_another_is_an_error(tmp_path):
    """A visible `1` drawn over four fifths of the real `4` (a smudge no reader reads as 14):
    too little of its box is its own to tell whether it is seen; an error, not a pass."""
    data = overlaid(tmp_path / "o.pdf", one_at(1.0))
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table drawn over other text "
                                          r"\(at 230 pt from the left, 176 pt from the top: '14'\)"):
        extract_pdf(data, "doc.pdf")


def test_a_form_field_over_a_value_hides_what_it_covers(canvas_font, tmp_path):
    """Catches: a text field whose widget is filled white, laid over the `1` of `16*Ascend`,
    gave exit 0 with 16 cards where a viewer shows 6*Ascend: pdfium rendered the page without
    its forms. The page is rendered as viewers draw it, forms and annotations included."""
    from reportlab.lib.colors import white
    from reportlab.pdfgen.canvas import Canvas
    canvas = Canvas(str(tmp_path / "f.pdf"), invariant=1)
    rows = header_and_row(("llama3-8b", "full", "4096", "8*Ascend", "16*Ascend"))
    for x0, x1, top, bottom, text in rows:
        canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
        canvas.setFont(canvas_font, 8)
        canvas.drawString(x0 + 3, 842 - top - 11, text)
    one = canvas.stringWidth("1", canvas_font, 8)
    canvas.acroForm.textfield(name="cover", x=XS[4] + 2.8, y=842 - 120 + 2, width=one + 0.4, height=14,
                              fillColor=white, borderWidth=0, borderColor=white, value="")
    canvas.showPage()
    canvas.save()
    data = (tmp_path / "f.pdf").read_bytes()
    with pdfplumber.open(tmp_path / "f.pdf") as pdf:  # the feature: a widget, over the 1 of the text layer's 16
        assert [a["data"]["Subtype"].name for a in pdf.pages[0].annots] == ["Widget"]
        assert "16*Ascend" in pdf.pages[0].extract_text()
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table that the page does not show "
                                          r"\(at 263 pt from the left, \d+ pt from the top: '1'\)"):
        extract_pdf(data, "f.pdf")


ROW_A = [(XS[0], XS[1], 100, 120, ["llama3-8b"]), (XS[1], XS[2], 100, 120, ["full"]),
         (XS[2], XS[3], 100, 120, ["4096"]), (XS[3], XS[4], 100, 120, ["8*Ascend"]),
         (XS[4], XS[5], 100, 120, ["16*Ascend"])]


def one_row_pages(model_column: bool) -> list:
    """Page 1: the header and one row, closed. Pages 2 and 3: one row each at the top of the
    page, as Chromium prints `tbody tr {break-after: page}` without a repeated header; the
    model cell goes on from page 2 to page 3 (open below on 2, above on 3), so that pdfplumber
    finds on each only the columns right of it. Without `model_column`, pages 2 and 3 hold
    no model column at all (a part narrower than the table)."""
    model = [(XS[0], XS[1], 60, 80, ["qwen2.5-7b"], False, True), (XS[0], XS[1], 60, 80, [], True, False)]
    rest = [[(XS[1], XS[2], 60, 80, ["full"]), (XS[2], XS[3], 60, 80, ["4096"]),
             (XS[3], XS[4], 60, 80, ["8*Ascend"]), (XS[4], XS[5], 60, 80, ["16*Ascend"])],
            [(XS[1], XS[2], 60, 80, ["lora"]), (XS[2], XS[3], 60, 80, ["4096"]),
             (XS[3], XS[4], 60, 80, ["4*Ascend"]), (XS[4], XS[5], 60, 80, ["8*Ascend"])]]
    return [(HEADER + ROW_A, [])] + [(([model[i]] if model_column else []) + rest[i], []) for i in (0, 1)]


def test_one_row_parts_found_only_in_part_are_read_as_the_table_going_on(canvas_font, tmp_path):
    """Catches: Chromium's print with `thead {display: table-row-group} tbody tr
    {break-after: page}` (one row a page, the header not repeated) gave exit 0 with 40 of 1350
    rows (8 of 124 for 2025-05-07): on the pages where a merged cell goes on below, pdfplumber
    finds only the columns right of it, so the table was taken to end after its last whole
    part. The ruling at the top of the next page, ruled on both of the table's sides and with
    its columns, is the table going on."""
    data = boxes_pdf(tmp_path / "r.pdf", canvas_font, one_row_pages(model_column=True))
    with pdfplumber.open(tmp_path / "r.pdf") as pdf:  # the feature: page 2's table found without its model column
        found = pdf.pages[1].find_tables({"vertical_strategy": "lines", "horizontal_strategy": "lines"})
        assert [round(t.bbox[0]) for t in found] == [XS[1]]
    frame = normalize(extract_pdf(data, "r.pdf")[0], "2025-10-22").frame
    assert sorted(set(frame.model_label)) == ["llama3-8b", "qwen2.5-7b"]
    assert sorted(set(frame.strategy)) == ["full", "lora"] and len(frame) == 6
    assert list(frame[frame.model_label == "qwen2.5-7b"].min_units) == [8, 16, 4, 8]


def test_a_part_in_the_tables_columns_not_read_as_its_continuation_is_an_error(canvas_font, tmp_path):
    """The page after a part that filled its page begins with ruled cells in some of the
    table's columns that cannot be read as the table going on (not ruled at its left side):
    an error naming the page, never the table ended there without a word."""
    data = boxes_pdf(tmp_path / "r.pdf", canvas_font, one_row_pages(model_column=False))
    with pytest.raises(LayoutError, match=r"page 2: the page begins with ruled cells in the vendor table's "
                                          r"columns right after its part on page 1"):
        extract_pdf(data, "r.pdf")


def test_a_note_set_small_above_a_value_is_kept_apart(canvas_font, tmp_path):
    """Catches: Chromium's print of `<ruby>4<rt>1</rt></ruby>*Ascend` gave exit 0 with 14
    cards: the annotation `1`, set at half the size on a line of its own above the 4, was read
    as the first line of the value wrapped. A line set clearly smaller than its cell's text is
    set apart, as a superscript within a line is: the cell is an error naming it."""
    row = [(x0, x1, 100, 130, ["", *lines]) for x0, x1, _, _, lines in ROW_A[:4]]
    row.append((XS[4], XS[5], 100, 130, ["", "4*Ascend"]))
    data = boxes_pdf(tmp_path / "n.pdf", canvas_font, [(HEADER + row, [(XS[4] + 4, 111, "1", 4)])])
    with pdfplumber.open(tmp_path / "n.pdf") as pdf:  # the feature: the 1 on a line of its own above the 4
        one = next(c for c in pdf.pages[0].chars if c["text"] == "1" and c["size"] == 4)
        four = next(c for c in pdf.pages[0].chars if c["text"] == "4" and c["x0"] > XS[4] and c["top"] > 100)
        assert one["bottom"] <= four["top"] + 0.5 and four["x0"] - 1 < one["x0"] < four["x1"]
    with pytest.raises(CellError, match=r"page 1, row 3, column 5: '\[1\](\\n)+4\*Ascend' is not a unit count"):
        normalize(extract_pdf(data, "n.pdf")[0], "2025-10-22")
