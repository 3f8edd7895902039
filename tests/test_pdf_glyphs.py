"""Every glyph printed in the vendor table's columns ends up in exactly one cell, or the run
fails naming the page, the position and the text (pipeline/extract/pdf_glyphs.py).

Chromium prints (tools/print_breaks.py) whose page breaks fall inside merged cells at four
heights on two page sizes: Chromium draws the cell's last line just below the table's
bottom rule, and the tool once dropped it (`DeepSee` published for `DeepSeek-V3/R1`,
`qwen2.5_vl-` for `qwen2.5_vl-32b`, exit 0). Small reportlab pages make the refusals."""
from __future__ import annotations

import pdfplumber
import pytest

from conftest import FIXTURES, RAW
from pdf_drawing import HEADER, XS, boxes_pdf, canvas_font  # noqa: F401 (a fixture)
from pipeline.errors import LayoutError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

PDF_FIXTURES = FIXTURES / "pdf"
LINEAGE_OF_FORMAT = ["source_file", "source_page", "raw_text"]

# fixture -> (page, the text Chromium drew just below the table's bottom rule on that page)
CUT = {
    "breaks-chromium-a4-42.pdf": [(3, "k-V3/R1")],
    "breaks-chromium-a4-68.pdf": [(3, "oe-30B_A")],
    "breaks-chromium-a5-26.pdf": [(5, "-32b"), (7, "V3/R")],
    "breaks-chromium-a5-45.pdf": [(4, "2b"), (4, "cen")],
}
# fixture -> (a cut model cell's text as printed, its lines joined; the page it starts on)
CUT_MODEL = {
    "breaks-chromium-a4-42.pdf": ("DeepSee\nk-V3/R1", 3),  # the line below the rule, nothing overleaf
    "breaks-chromium-a4-68.pdf": ("qwen3_m\noe-30B_A\n3B", 3),  # below the rule, then '3B' overleaf
    "breaks-chromium-a5-26.pdf": ("qwen\n2.5_vl\n-32b", 5),
    "breaks-chromium-a5-45.pdf": ("qwen\n2.5-3\n2b", 4),
}


@pytest.fixture(scope="module")
def html_rows():
    grid, _ = extract_html((RAW / "2025-10-22" / "page.html").read_bytes(), "page.html")
    return normalize(grid, "2025-10-22").frame.drop(columns=LINEAGE_OF_FORMAT)


def text_below_the_table(name: str, page: int) -> str:
    """What is printed within 12 pt below the lowest rule of the page's ruled table, inside
    its sides (read with plain pdfplumber: the feature, not the extractor's reading)."""
    with pdfplumber.open(PDF_FIXTURES / name) as pdf:
        sheet = pdf.pages[page - 1]
        x0, _, x1, bottom = max(sheet.find_tables(), key=lambda t: t.bbox[3] - t.bbox[1]).bbox
        return "".join(c["text"] for c in sorted(sheet.chars, key=lambda c: (round(c["top"]), c["x0"]))
                       if x0 < c["x0"] < x1 and bottom - 1 < c["top"] < bottom + 12).replace(" ", "")


@pytest.mark.parametrize("name", CUT)
def test_a_cells_last_line_below_the_rule_at_a_break_is_that_cells(name, html_rows):
    """Catches: the glyphs Chromium draws below the bottom rule were dropped (only those
    whose centre lay inside the table were read): exit 0 with truncated models, `DeepSee`
    (40 rows missing, 20 wrong), `qwen2.5_vl-`, `qwen3_moe-30B_A`, or an error on `16*As`.
    The line below the rule joins the cell's text on its page, and what is left goes on in
    the cell's box on the next page."""
    for page, text in CUT[name]:  # the feature, from the PDF itself
        assert text in text_below_the_table(name, page)
    grid, _ = extract_pdf((PDF_FIXTURES / name).read_bytes(), name)
    raw_text, page = CUT_MODEL[name]
    model = next(c for c in grid.cells if c.col == 0 and c.raw_text.replace("\n", "") == raw_text.replace("\n", ""))
    assert (model.raw_text, model.page) == (raw_text, page)
    frame = normalize(grid, "2025-10-22").frame.drop(columns=LINEAGE_OF_FORMAT)
    assert frame.equals(html_rows)


# --- refusals, on small pages drawn with reportlab -----------------------------------------

def model_cut_at_the_break(first_extra=(), first_free=(), second_free=()):
    """A model (`m-` / `7b`) over two rows cut by the page break after the first: its second
    line drawn below the bottom rule of page 1 (the box is 14 pt tall, the line 10 pt below
    the first), its box on page 2 empty."""
    first = HEADER + [(XS[0], XS[1], 100, 114, ["m-", "7b"], False, True), (XS[1], XS[2], 100, 114, ["full"]),
                      (XS[2], XS[3], 100, 114, ["4096"]), (XS[3], XS[4], 100, 114, ["8*Ascend"]),
                      (XS[4], XS[5], 100, 114, ["16*Ascend"])] + list(first_extra)
    second = HEADER + [(XS[0], XS[1], 100, 114, [], True, False), (XS[1], XS[2], 100, 114, ["lora"]),
                       (XS[2], XS[3], 100, 114, ["4096"]), (XS[3], XS[4], 100, 114, ["1*Ascend"]),
                       (XS[4], XS[5], 100, 114, ["2*Ascend"])]
    return [(first, list(first_free)), (second, list(second_free))]


def read(data: bytes, name: str):
    return normalize(extract_pdf(data, name)[0], "2025-10-22").frame


def test_a_line_below_the_rule_goes_on_its_open_cell(canvas_font, tmp_path):
    """The reportlab counterpart of the Chromium prints, with a page number in another size
    just below the table (4 pt under the cut line) and a note after the table's last row:
    neither is the table's. Catches the dropped line (`m-`) and a page number read into a
    cell (`m-7b1/2`)."""
    pages = model_cut_at_the_break(first_free=[(XS[0] + 3, 131, "1/2", 6)],
                                   second_free=[(XS[0] + 3, 124, "注：-表示不支持", 8)])
    data = boxes_pdf(tmp_path / "cut.pdf", canvas_font, pages)
    with pdfplumber.open(tmp_path / "cut.pdf") as pdf:  # the feature: '7b' lies below the rule at 114
        assert [c["text"] for c in pdf.pages[0].chars if c["top"] > 114 and c["size"] == 8] == ["7", "b"]
    frame = read(data, "cut.pdf")
    assert list(frame.model_label.unique()) == ["m-7b"]
    assert list(frame.min_units) == [8, 16, 1, 2]


def test_text_below_the_rule_under_a_closed_cell_is_an_error(canvas_font, tmp_path):
    """A value printed below the bottom rule beside the rest of the cut model, under the
    strategy's box ruled off there: it belongs to no cell (it was dropped)."""
    pages = model_cut_at_the_break(first_free=[(XS[1] + 3, 124, "lora", 8)])
    with pytest.raises(LayoutError) as info:
        read(boxes_pdf(tmp_path / "stray.pdf", canvas_font, pages), "stray.pdf")
    assert str(info.value) == (
        "stray.pdf: table layout: page 1: text printed below the vendor table's bottom rule in no cell (at 113 pt "
        "from the left, 118 pt from the top: 'lora') (expected every glyph in the table's columns inside one cell "
        "(below the table only the rest of a cell left open at the page break, lined up with its text))")


def test_text_below_an_open_cell_not_lined_up_with_it_is_an_error(canvas_font, tmp_path):
    """Text in the cell's size below the cut model box but not lined up with its lines
    (shifted 20 pt right): not the rest of the name, and in no cell."""
    first, second = model_cut_at_the_break()
    first = ([box if box[4] != ["m-", "7b"] else box[:4] + (["m-"], False, True) for box in first[0]],
             [(XS[0] + 23, 124, "7b", 8)])
    with pytest.raises(LayoutError, match=r"^shifted.pdf: table layout: page 1: text printed below the vendor "
                                          r"table's bottom rule in no cell \(at 63 pt from the left, 118 pt from the "
                                          r"top: '7b'\)"):
        read(boxes_pdf(tmp_path / "shifted.pdf", canvas_font, [first, second]), "shifted.pdf")


def one_page(free):
    boxes = HEADER + [(XS[0], XS[1], 100, 114, ["m-7b"]), (XS[1], XS[2], 100, 114, ["full"]),
                      (XS[2], XS[3], 100, 114, ["4096"]), (XS[3], XS[4], 100, 114, ["8*Ascend"]),
                      (XS[4], XS[5], 100, 114, ["16*Ascend"])]
    return [(boxes, free)]


@pytest.mark.parametrize("x, baseline, where", [(XS[0] - 5, 110, "35 pt from the left, 104"),
                                                (XS[5] - 3, 110, "307 pt from the left, 104"),
                                                (XS[1] + 3, 61.5, "113 pt from the left, 56"),
                                                (XS[1] + 3, 118.5, "113 pt from the left, 113")])
def test_text_across_the_tables_border_is_an_error(canvas_font, tmp_path, x, baseline, where):
    """A glyph crossing the table's left, right, top or bottom rule with its centre outside
    (below a cell ruled off there: not the rest of a cell): in no cell (it was dropped
    without a word)."""
    data = boxes_pdf(tmp_path / "border.pdf", canvas_font, one_page([(x, baseline, "量", 8)]))
    with pytest.raises(LayoutError, match=rf"^border.pdf: table layout: page 1: text printed across the vendor "
                                          rf"table's border, in no cell \(at {where} pt from the top: '量'\)"):
        read(data, "border.pdf")


def test_the_same_glyphs_inside_the_border_are_read(canvas_font, tmp_path):
    """The page the border test draws on, without the stray glyph, reads its row."""
    frame = read(boxes_pdf(tmp_path / "page.pdf", canvas_font, one_page([])), "page.pdf")
    assert list(frame.min_units) == [8, 16]
