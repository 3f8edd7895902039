"""PDFs made by other hands, round 17 (session 49; hunt 143).

- **Glyphs drawn at a height their character never has**: a copy of the print's font whose 1 is a
  speck (the page shows `·4*Ascend`, 14 was published), or whose hyphen is a 1 squeezed into the
  hyphen's box (every unsupported cell shows 1, `-` was published). A digit's outline is at least
  0.3 of its size tall, a hyphen's or a full stop's at most 0.3 (pdf_engines.misdrawn).
- **An object referred to by another generation than its own**: poppler takes it for missing and
  draws nothing of it, pdfium and MuPDF draw it; an error (pdf_guards.check_generations).
- **What must be read**: a blank drawn at `1 Tf` in a text matrix scaled 9 (cairo's re-prints) is
  weighed at the size it is drawn at, not taken for a blank that draws; a Type 3 glyph filled inside
  its box (cairo's, in `q`...`Q`) is not taken as painting half a line width past it."""
from __future__ import annotations

import io
import shutil
import subprocess

import numpy as np
import pypdfium2 as pdfium
import pytest

from conftest import RAW
from pdf_drawing import canvas_font, incremental_update  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from pipeline.extract.pdf_encodings import paints_outside
from pipeline.normalize import normalize
from test_pdf_other_hands_round7 import FOUR, REAL, page_one, stream
from test_pdf_text_painted_otherwise import PAGE, font_reading, with_a_program_of_its_own, with_four

FONTS = b"<< /F1 2 0 R /F2+0 8 0 R /F9 14 0 R >>"  # the page's fonts and the copy, /F9


def glyph_edited(code: int, draw) -> callable:
    """An edit of the font program (fontTools): the glyph of `code` drawn by `draw(pen, font)`."""
    def edit(program: bytes) -> bytes:
        from fontTools.pens.ttGlyphPen import TTGlyphPen
        from fontTools.ttLib import TTFont

        font = TTFont(io.BytesIO(program))
        pen = TTGlyphPen(None)
        draw(pen, font)
        font["glyf"][font["cmap"].tables[0].cmap[code]] = pen.glyph()
        written = io.BytesIO()
        font.save(written)
        return written.getvalue()
    return edit


def speck(pen, font) -> None:
    """A square 40 units a side (a few hundredths of the size): a dot where the 1 was."""
    for x, y in ((300, 0), (300, 40), (340, 40), (340, 0)):
        (pen.lineTo if (x, y) != (300, 0) else pen.moveTo)((x, y))
    pen.closePath()


def squeezed_one(pen, font) -> None:
    """The font's own 1, squeezed to half its width: a narrow 1 in the hyphen's box."""
    one = font["glyf"][font["cmap"].tables[0].cmap[0x31]]
    coordinates, ends, start = one.getCoordinates(font["glyf"])[0], one.endPtsOfContours, 0
    for end in ends:
        points = [(round(x / 2), y) for x, y in coordinates[start:end + 1]]
        pen.moveTo(points[0])
        for point in points[1:]:
            pen.lineTo(point)
        pen.closePath()
        start = end + 1


def in_the_copy(code: int, draw, drawn: bytes, out) -> bytes:
    """The real print with the llama3.1-8b full 4096 cell drawn as `drawn`, /F9 a copy of its font
    with a program of its own whose glyph of `code` is drawn by `draw` (None: the print's)."""
    font, cmap, extra = with_a_program_of_its_own(*font_reading(code, chr(code)),
                                                  **({"edit": glyph_edited(code, draw)} if draw else {}))
    return with_four(drawn, b"", {1: FONTS, 14: font, 15: cmap, **extra}, out)


def ink(data: bytes, left: float, right: float, bottom: float, top: float) -> np.ndarray:
    """The dark pixels of page 1 (pdfium, 4 pixels a point) between those bounds (points, from the
    page's bottom left), as a boolean array, top row first."""
    page = pdfium.PdfDocument(data)[0]
    image = page.render(scale=4, grayscale=True).to_numpy()
    height = page.get_height()
    return image[round((height - top) * 4):round((height - bottom) * 4), round(left * 4):round(right * 4)] < 128


ONE_THEN_FOUR = FOUR.replace(b"/F2+0 9 Tf 10.8 TL (4*Ascend) Tj", b"/F9 9 Tf 10.8 TL (1) Tj /F2+0 9 Tf (4*Ascend) Tj")
FIRST_GLYPH = (230.5, 235.5, 658.0, 666.5)  # the 1's advance at 9 pt, from a little below the line to the digits' top


def test_a_digit_drawn_as_a_speck_is_an_error(tmp_path):
    """Catches (hunt 143): the 1 of 14*Ascend drawn from a copy of the font whose 1 is a speck: the
    page shows a dot before 4*Ascend, a reader reads 4, and 14 was published (a speck has no counter,
    as a 1 has none, and leaves ink enough to be seen). (The premise: the speck inks less than a
    tenth of what the print's 1 inks there.)"""
    real = in_the_copy(0x31, None, ONE_THEN_FOUR, tmp_path / "one.pdf")
    dotted = in_the_copy(0x31, speck, ONE_THEN_FOUR, tmp_path / "speck.pdf")
    assert 0 < ink(dotted, *FIRST_GLYPH).sum() < ink(real, *FIRST_GLYPH).sum() / 10
    with pytest.raises(LayoutError, match=r"page 1: a glyph in the vendor table drawn at a height its character never "
                                          r"has \(at 231 pt from the left, \d+ pt from the top: '1': read as '1', its "
                                          r"outline 0\.0\d of its size tall, its foot -?0\.\d\d above its line, where a digit is at least 0\.3 tall\)"):
        extract_pdf(dotted, "doc.pdf")


HYPHEN = FOUR.replace(b"/F2+0 9 Tf 10.8 TL (4*Ascend) Tj", b"/F9 9 Tf 10.8 TL (-) Tj")


def test_a_hyphen_drawn_as_a_digit_is_an_error(tmp_path):
    """Catches (hunt 143): a not-supported cell's `-` drawn from a copy of the font whose hyphen is
    its 1 squeezed to the hyphen's width: the page shows 1, and the cell was published as not
    supported. (The premise: the mark's ink stands over half the size tall, a hyphen's a tenth.)"""
    def rows_inked(data: bytes) -> int:
        return int(ink(data, 230.5, 236.5, 655.0, 670.0).any(axis=1).sum())

    real = in_the_copy(0x2D, None, HYPHEN, tmp_path / "hyphen.pdf")
    one = in_the_copy(0x2D, squeezed_one, HYPHEN, tmp_path / "one.pdf")
    assert rows_inked(one) > 0.5 * 9 * 4 and 0 < rows_inked(real) < 0.2 * 9 * 4
    with pytest.raises(LayoutError, match=r"'-': read as '-', its outline 0\.\d\d of its size tall, its foot -?0\.\d\d above "
                                          r"its line, where a mark is at most 0\.3 tall\)"):
        extract_pdf(one, "doc.pdf")
    extract_pdf(real, "doc.pdf")  # the print's own hyphen, in the copy: read


@pytest.mark.parametrize("written", [b"%d 0 R", b"%d %%c\n0 R", b"%d +0 R"], ids=["plain", "a comment", "a sign"])
def test_an_object_referred_to_by_another_generation_is_an_error(tmp_path, written):
    """Catches (hunt 143): page 1's content saved again as generation 1, the page still referring
    to it as generation 0: pdfium draws the table (and 4*Ascend was read), poppler draws a blank
    page; hunt 151 wrote the reference with a comment or a sign between its numbers, which the
    first check's pattern passed by. (The premise: pdfium's text holds the cell; poppler's, where
    it is installed, nothing.)"""
    _, content = page_one()
    number, path = 20, tmp_path / "doc.pdf"  # the content as a new object: the file refers to it only as written
    page = (PAGE % b"").replace(b"/Contents 12 0 R", b"/Contents " + written % number)
    path.write_bytes(incremental_update(REAL.read_bytes(), {number: stream(b"", content), 3: page}, {number: 1}))
    assert "4*Ascend" in pdfium.PdfDocument(path)[0].get_textpage().get_text_range()
    if shutil.which("pdftotext"):
        shown = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(path), "-"], capture_output=True, text=True)
        assert "Ascend" not in shown.stdout
    with pytest.raises(SourceError, match=rf"PDF object {number} is referred to as generation 0 but the "
                                          r"cross-reference table gives it generation 1"):
        extract_pdf(path.read_bytes(), "doc.pdf")


def test_a_blank_drawn_at_a_size_scaled_by_its_matrix_is_read(tmp_path):
    """What must be read (hunt 143: refused as `a blank that draws`): the cell written as cairo
    writes text, `1 Tf` in a text matrix scaled 9, with the vendor's broken `4*Asce nd`: its space's
    flat box is weighed at 9 pt, the size it is drawn at."""
    number, content = page_one()
    drawn = b"BT 9 0 0 9 231 658.8898 Tm /F2+0 1 Tf 1.2 TL (4*Asce nd) Tj T* ET"
    data = incremental_update(REAL.read_bytes(), {number: stream(b"", content.replace(FOUR, drawn))})
    grid, _ = extract_pdf(data, "doc.pdf")
    real, _ = extract_pdf(REAL.read_bytes(), "doc.pdf")
    compared = ["model", "strategy", "seq_len", "framework", "hardware", "supported", "min_units"]
    assert normalize(grid, "2025-05-07").frame[compared].equals(normalize(real, "2025-05-07").frame[compared])


CAIRO_GLYPH = (b"1 0 0.0234375 -0.859375 0.984375 0.0898438 d1\nq\n0.364 -0.86 m 0.295 -0.739 0.172 -0.628 "
               b"0.044 -0.561 c 0.07 -0.541 0.114 -0.496 0.133 -0.472 c 0.98 -0.1 l 0.98 0.089 l h\nf\nQ\n")


def test_a_type3_glyph_filled_inside_its_box_paints_inside_it():
    """What must be read (hunt 143: a cairo re-print of a Chromium print was refused): a glyph
    filled inside `q`...`Q` paints within its path, not half a line width past it; stroked, the
    same path paints past its box by half the line width."""
    assert not paints_outside(CAIRO_GLYPH)
    assert paints_outside(CAIRO_GLYPH.replace(b"\nf\n", b"\n0.2 w S\n"))


# --- hunt 146: an annotation drawn on paper only ------------------------------------------------------

def ink_printed(data: bytes, printing: bool) -> int:
    """Dark pixels pdfium draws in the gap before 32*Ascend, annotations drawn, on screen or as it
    prints (FPDF_PRINTING: an annotation's NoView and Print flags decide)."""
    from test_pdf_annotations_showing_text import GAP

    document = pdfium.PdfDocument(data)
    page = document[0]
    image = page.render(scale=4, grayscale=True, draw_annots=True, extra_flags=pdfium.raw.FPDF_PRINTING if printing
                        else 0).to_numpy()
    height = page.get_height()
    x0, y0, x1, y1 = (round(v * 4) for v in (GAP[0], height - GAP[3], GAP[2], height - GAP[1]))
    return int(np.count_nonzero(image[y0:y1, x0:x1] < 128))


@pytest.mark.parametrize("flags, printed", [(36, True), (32, False)], ids=["NoView and Print", "NoView"])
def test_an_annotation_drawn_on_paper_only_is_drawn(canvas_font, tmp_path, flags, printed):
    """Catches (hunt 146): a FreeText annotation drawing a 1 before 32*Ascend, flagged NoView and
    Print (/F 36): the screen shows 32, a print (Chromium's too) 132, and 32 was published as if
    nothing were drawn. One flagged NoView alone is drawn neither way, and read through. (The
    premise: pdfium's screen and print renderings of the gap.)"""
    from test_pdf_annotations_showing_text import A_ONE, with_annotation
    from test_pdf_same_glyphs_elsewhere import one_row_table

    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    annotated = with_annotation(data, b"/Subtype /FreeText /DA (/Helv 8 Tf 0 g)", A_ONE, flags=flags)
    assert ink_printed(annotated, printing=False) == ink_printed(data, printing=False)
    assert (ink_printed(annotated, printing=True) > ink_printed(data, printing=True) + 20) == printed
    if printed:
        with pytest.raises(LayoutError, match=r"page 1: a FreeText annotation drawn over the vendor table"):
            extract_pdf(annotated, "t.pdf")
    else:
        assert sorted(normalize(extract_pdf(annotated, "t.pdf")[0], "2025-10-22").frame.min_units.dropna()) == [16, 32]


# --- hunt 149: a part of the table on a page before its first part ---------------------------------------

# Chromium's print of the 2025-05-07 page as hunt 149 made it: landscape A4, the header not repeated
# on each page, the table pushed down so that its header part begins on page 2
SWAPPED_PRINT = ("<style>@page{size:A4 landscape;margin:15mm} body,td,th,p{font-size:14pt} td,th{padding:4px} "
                 "p{line-height:1.5} thead{display:table-row-group} td,th{box-decoration-break:clone} "
                 "h1{margin-top:402px}</style>")


def test_a_part_of_the_table_on_a_page_before_its_header_is_an_error(printer):
    """Catches (hunt 149): the print's pages 2 and 3 swapped (`qpdf --pages ... 1,3,2,4-z`): the
    rows of page 3, printed before the page with the header, were taken for another table, and 84
    of 124 rows published with exit 0 (pages 1 and 2 of a 2025-10-22 print swapped joined a row of
    qwen2-7b to llama3.1-70b's cell: 8 published for 16 and 32). (The premise: the print as
    made reads all 124 rows; swapped, the page before the header's holds body rows.)"""
    from chromium import tab

    html = (RAW / "2025-05-07" / "page.html").read_text(encoding="utf-8").replace("</head>", SWAPPED_PRINT + "</head>", 1)
    with tab(printer) as page:
        page.set_content(html)
        data = page.pdf(prefer_css_page_size=True)
    assert len(normalize(extract_pdf(data, "doc.pdf")[0], "2025-05-07").frame) == 124
    document = pdfium.PdfDocument(data)
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    header = next(i for i, text in enumerate(texts) if "支持模型参数量" in text)
    assert "Ascend" in texts[header + 1] and "支持模型参数量" not in texts[header + 1]
    swapped = pdfium.PdfDocument.new()
    order = list(range(len(document)))
    order[header], order[header + 1] = order[header + 1], order[header]
    swapped.import_pages(document, order)
    written = io.BytesIO()
    swapped.save(written)
    with pytest.raises(LayoutError, match=rf"page {header + 1}: a table opening with the vendor table's rows .* read "
                                          rf"before the table's first part \(page {header + 2}\): a part of it printed "
                                          r"before its header"):
        extract_pdf(written.getvalue(), "doc.pdf")



# --- hunt 151: a small digit among its font's digits; an asterisk drawn as a digit --------------------------

def small_seven(pen, font) -> None:
    """The font's own 7 at 0.46 of its size, standing on the line: a small 7 where a 1 is read."""
    seven = font["glyf"][font["cmap"].tables[0].cmap[0x37]]
    coordinates, start = seven.getCoordinates(font["glyf"])[0], 0
    for end in seven.endPtsOfContours:
        points = [(round(x * 0.46), round(y * 0.46)) for x, y in coordinates[start:end + 1]]
        pen.moveTo(points[0])
        for point in points[1:]:
            pen.lineTo(point)
        pen.closePath()
        start = end + 1


def zero_for(pen, font) -> None:
    """The font's own 0, drawn for another character."""
    zero = font["glyf"][font["cmap"].tables[0].cmap[0x30]]
    coordinates, start = zero.getCoordinates(font["glyf"])[0], 0
    for end in zero.endPtsOfContours:
        points = list(coordinates[start:end + 1])
        pen.moveTo(points[0])
        for point in points[1:]:
            pen.lineTo(point)
        pen.closePath()
        start = end + 1


def test_a_digit_drawn_small_among_its_fonts_digits_is_an_error(tmp_path):
    """Catches (hunt 151): the 1 of 16 drawn from a copy of the font whose 1 is its 7 at 0.46 of the
    size (0.31 of it tall: past the least height of a digit, and a 7 has no counter, as a 1): the
    page shows a small 7 before 6, and 16 was published. A digit under 0.55 of its font's tallest
    digit in the table is another sign."""
    drawn = FOUR.replace(b"/F2+0 9 Tf 10.8 TL (4*Ascend) Tj", b"/F9 9 Tf 10.8 TL (16) Tj /F2+0 9 Tf (*Ascend) Tj")
    data = in_the_copy(0x31, small_seven, drawn, tmp_path / "t.pdf")
    with pytest.raises(LayoutError, match=r"a digit in the vendor table drawn much smaller than the other digits of its "
                                          r"font \(at 231 pt from the left, \d+ pt from the top: '1': read as 1, 0\.3\d"):
        extract_pdf(data, "doc.pdf")


def test_an_asterisk_drawn_as_a_digit_is_an_error(tmp_path):
    """Catches (hunt 151): the asterisk of 4*Ascend drawn from a copy of the font whose asterisk is
    its 0: the page shows 40Ascend, and 4 was published. An asterisk stands high and small (its
    foot at least 0.15 of its size above the line, at most 0.55 tall); a 0 stands on the line."""
    drawn = FOUR.replace(b"/F2+0 9 Tf 10.8 TL (4*Ascend) Tj", b"/F9 9 Tf 10.8 TL (4*) Tj /F2+0 9 Tf (Ascend) Tj")
    data = in_the_copy(0x2A, zero_for, drawn, tmp_path / "t.pdf")
    real = in_the_copy(0x2A, None, drawn, tmp_path / "real.pdf")
    extract_pdf(real, "doc.pdf")  # the print's own asterisk, in the copy: read
    with pytest.raises(LayoutError, match=r"read as '\*', its outline 0\.\d\d of its size tall, its foot -?0\.0\d "
                                          r"above its line, where an asterisk is at most 0\.55 tall"):
        extract_pdf(data, "doc.pdf")
