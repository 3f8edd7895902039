"""Hunt 24: what a viewer shows in a cell is not what the text layer holds, and the extractor
exited 0. Each construction is added to a real table drawn by reportlab, as an editor saves it
(an incremental update), and checked to be what a viewer draws (pdfium) before the extractor
is asked:

- part of a glyph painted over by a stroke widened by the graphics state (`/LW` set by `gs`,
  or a `cm` scaling a thin line) or by an annotation's appearance: the left of an 8 painted
  white shows a 3 (pipeline/extract/pdf_ink.py `painted_over`: the page against its text alone);
- an annotation whose flags are written as a real number (`/F 4.0`), taken as hidden;
- a Type 3 blank (a space, U+200B) whose glyph paints, or a Type 3 glyph painting in colours
  of its own (pipeline/extract/pdf_encodings.py);
- a glyph whose box a wide advance (`/Widths`) stretches across a column's rule: drawn left of
  it, given to the cell right of it (pipeline/extract/pdf_ink.py `drawn_across`: where its ink is).

The glyph set at an angle beside a value is tests/test_pdf_other_hands_round2.py's."""
from __future__ import annotations

import io
import re
from pathlib import Path

import numpy
import pdfplumber
import pypdfium2 as pdfium
import pytest

from pdf_drawing import canvas_font, header_and_row, incremental_update, stream  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.extract.pdf_ink import Sight
from test_pdf_glyph_drawn_as_read import CONTENT, FONTS, HELVETICA, PAGE, THIRTY_TWO, published
from test_pdf_same_glyphs_elsewhere import one_row_table

EIGHT = b"(8*Ascend) Tj"
RULE = b"q 0 G 1 w 210 722 m 210 742 l S Q"  # the value cell's left rule, drawn again over what covers it


def latest_content(data: bytes) -> bytes:
    """The page's content as last saved (an incremental update appends a new copy)."""
    return re.findall(rb"\n%d 0 obj\n<<\s*/Length \d+\s*>>\nstream\n(.*?)\nendstream" % CONTENT, data, re.S)[-1]


def with_content(data: bytes, old: bytes, new: bytes, **objects: bytes) -> bytes:
    return incremental_update(data, {CONTENT: stream(b"", latest_content(data).replace(old, new)),
                                     **{int(number[1:]): body for number, body in objects.items()}})


def page_with(data: bytes, entries: bytes, resources: bytes = b"") -> bytes:
    """The page object with `entries` added, and `resources` among its resources."""
    page = re.search(rb"\n%d 0 obj\n(<<.*?)>>\nendobj" % PAGE, data, re.S)[1]
    return page.replace(b"/Font 1 0 R", b"/Font 1 0 R " + resources) + entries + b">>"


@pytest.fixture()
def eight(canvas_font, tmp_path) -> bytes:
    """The table with 8*Ascend where 32*Ascend was."""
    shown_eight = with_content(one_row_table(canvas_font, tmp_path / "t.pdf"), THIRTY_TWO, EIGHT)
    assert published(shown_eight) == [8, 16]
    return shown_eight


WHITE_BAND = b"q 1 G %s Q " + RULE  # a white stroke on the rule, then the rule again

PAINTED_OVER = {
    "a stroke on the rule widened by the graphics state (/LW by gs)": lambda data: with_content(
        data, EIGHT, EIGHT + b"\n" + WHITE_BAND % b"/W gs 210 722 m 210 742 l S", p4=page_with(
            data, b"", b"/ExtGState << /W 20 0 R >>"), p20=b"<< /Type /ExtGState /LW 10.8 >>"),
    "a thin stroke on the rule widened by the transform (cm)": lambda data: with_content(
        data, EIGHT, EIGHT + b"\n" + WHITE_BAND % b"0.6 w 18 0 0 18 210 732 cm 0 -0.5556 m 0 0.5556 l S"),
    "an underline's level line widened by its graphics state": lambda data: incremental_update(data, {
        PAGE: page_with(data, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Underline /Rect [200 725 216 741] /F 4 /AP << /N 22 0 R >> >>",
        22: stream(b"/Type /XObject /Subtype /Form /BBox [200 725 216 741] /Resources << /ExtGState << /W << /LW 10 >> "
                   b">> >>", b"1 G /W gs 200 735 m 215.2 735 l S")}),
    "an underline's thin line stretched by its form's matrix": lambda data: incremental_update(data, {
        PAGE: page_with(data, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Underline /Rect [200 725 216 741] /F 4 /AP << /N 22 0 R >> >>",
        22: stream(b"/Type /XObject /Subtype /Form /BBox [0 0 1.52 1.6] /Matrix [10 0 0 10 0 0]",
                   b"1 G 1 w 0 1 m 1.52 1 l S")}),
}


def inked_left_of_the_eight(data: bytes) -> bool:
    """Does pdfium draw ink in the left half of the 8 of 8*Ascend (x 213.5-215 pt, its middle
    two thirds in height)?"""
    page = pdfium.PdfDocument(data)[0]
    image = numpy.asarray(page.render(scale=4, grayscale=True).to_pil(), dtype=float)
    top = page.get_height() - 736
    return image[int(top * 4):int((top + 4) * 4), int(213.5 * 4):int(215 * 4)].min() < 128


@pytest.mark.parametrize("kind", PAINTED_OVER)
def test_part_of_a_glyph_painted_over_is_an_error(kind, eight):
    """Catches (hunt 24): a white stroke whose width the text layer's reader does not see (pdfminer
    takes `w` alone: not `/LW` set by `gs`, nor a `cm` or a form's /Matrix scaling it) painted over
    the left of the 8 of 8*Ascend: viewers draw 3*Ascend, 8 was published."""
    varied = PAINTED_OVER[kind](eight)
    assert inked_left_of_the_eight(eight) and not inked_left_of_the_eight(varied)  # the construction: 3*Ascend drawn
    with pytest.raises(LayoutError, match=r"page 1: (text in the vendor table partly painted over \(at 213 pt from the "
                                          r"left, 10\d pt from the top: '8'\)|a Underline annotation (drawn over|whose "
                                          r"appearance draws a line through the vendor table's text \(at 213 pt from the left, "
                                          r"105 pt from the top: '8'\)))"):
        extract_pdf(varied, "t.pdf")


def test_a_band_painted_beside_the_text_is_read(eight):
    """Catches a rule too strict: a white stroke on the rule that reaches no glyph (4 pt wide)
    paints over none of their ink."""
    assert published(with_content(eight, EIGHT, EIGHT + b"\n" + WHITE_BAND % b"4 w 210 722 m 210 742 l S")) == [8, 16]


def free_text(flags: bytes) -> bytes:
    return b"<< /Type /Annot /Subtype /FreeText /Rect [205 728 212 740] /F %s /DA (/H 8 Tf 0 g) /AP << /N 22 0 R >> >>" \
        % flags


@pytest.mark.parametrize("flags", [b"4.0", b"4.5", b"/Print"])
def test_annotation_flags_written_otherwise_than_as_an_integer_hide_nothing(flags, canvas_font, tmp_path):
    """Catches (hunt 24): a FreeText annotation drawing a `1` before 32*Ascend with `/F 4.0` was
    taken as hidden (flags only read as an integer); pdfium and poppler draw it: 132*Ascend shown,
    32 published. Flags that are a real number are read as viewers read them; flags that are no
    number hide nothing."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    varied = incremental_update(data, {
        PAGE: page_with(data, b"/Annots [21 0 R]"), 21: free_text(flags),
        22: stream(b"/Type /XObject /Subtype /Form /BBox [205 728 212 740] /Resources << /Font << /H %d 0 R >> >>"
                   % HELVETICA, b"BT /H 8 Tf 207 731 Td (1) Tj ET")})
    with pytest.raises(LayoutError, match=r"page 1: a FreeText annotation drawn over the vendor table"):
        extract_pdf(varied, "t.pdf")


def test_an_annotation_hidden_by_flags_written_as_a_real_number_is_left_out(canvas_font, tmp_path):
    """Catches a rule too strict: `/F 2.0` (hidden) is hidden for viewers too."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    varied = incremental_update(data, {PAGE: page_with(data, b"/Annots [21 0 R]"), 21: free_text(b"2.0"),
                                       22: stream(b"/Type /XObject /Subtype /Form /BBox [205 728 212 740]", b"")})
    assert published(varied) == [16, 32]


def with_type3_blank(program: bytes, data: bytes, text: bytes = b"(8*Ascend) Tj", glyph: bytes = b"space") -> bytes:
    """The table with a Type 3 blank (code 32, /space: read as U+0020) set before `text` in the
    32*Ascend cell, its glyph's program `program`; the font's other glyph /three plain paths."""
    font = (b"<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /FontBBox [0 0 1000 1000] "
            b"/CharProcs << /%s 22 0 R /three 23 0 R >> /Encoding << /Type /Encoding /Differences [32 /%s 51 /three] >> "
            b"/FirstChar 32 /LastChar 51 /Widths [100 %s 556] >>" % (glyph, glyph, b"0 " * 18))
    page = latest_content(data).replace(THIRTY_TWO, b"/T3 8 Tf ( ) Tj /F1 8 Tf " + text)
    return incremental_update(data, {FONTS: b"<< /F1 2 0 R /F2 3 0 R /T3 21 0 R >>", 21: font, 22: stream(b"", program),
                                     23: stream(b"", b"556 0 0 0 500 700 d1 50 0 m 500 0 l 500 700 l 50 700 l h f"),
                                     CONTENT: stream(b"", page)})


BLANKS_THAT_PAINT = {
    "a blank whose glyph paints white over the 8 beside it": (
        b"100 0 d0 1 g 100 -150 290 1100 re f",
        r"a glyph read as ' ' in font unknown is in a Type 3 font whose glyph /space is drawn by a program painting in "
        r"colours of its own"),
    "a blank whose glyph (uncoloured) strokes beside it": (
        b"100 0 -400 -200 100 900 d1 60 w -300 0 m -300 700 l S",
        r"a glyph read as ' ' in font unknown is a blank whose Type 3 glyph /space paints"),
}


@pytest.mark.parametrize("kind", BLANKS_THAT_PAINT)
def test_a_type3_blank_that_paints_is_an_error(kind, canvas_font, tmp_path):
    """Catches (hunt 24): a Type 3 glyph read as a space whose program fills a white box over the
    left of the 8 after it: viewers draw 3*Ascend, 8 was published (its own box shows nothing, so
    the check that a blank draws no ink passed). A blank draws nothing; a Type 3 glyph painting in
    a colour of its own may paint white."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    program, message = BLANKS_THAT_PAINT[kind]
    with pytest.raises(LayoutError, match=r"page 1: " + message):
        extract_pdf(with_type3_blank(program, data), "t.pdf")


def test_a_type3_blank_that_paints_nothing_is_read(canvas_font, tmp_path):
    """Catches a rule too strict: a Type 3 space of no paths (Chromium sets its spaces so)."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    assert published(with_type3_blank(b"100 0 0 0 0 0 d1", data, b"(32*Ascend) Tj")) == [16, 32]


DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # the system's, as tests/test_site_chrome.py's


def wide_one_table(canvas_font, out: Path) -> bytes:
    """The one-row table with its values in DejaVu Sans embedded (reportlab's subset: ASCII
    codes as they are, object 8), 32*Ascend set at 218 pt and a `1` at 206, 4 pt left of the
    value cell's rule at 210; then the font's width of the `1` made 1400 (of 1000), as an editor
    saves it: its box 206-217.2 pt, its glyph drawn where it was."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    if "DejaVuSans" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVuSans", str(DEJAVU)))
    canvas = Canvas(str(out), invariant=1, pageCompression=0)
    for x0, x1, top, bottom, text in header_and_row(("llama3-8b", "full", "4096", "32*Ascend", "16*Ascend")):
        canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
        canvas.setFont("DejaVuSans" if text.endswith("Ascend") else canvas_font, 8)
        canvas.drawString(x0 + 3 + (5 if text == "32*Ascend" else 0), 842 - top - 11, text)
    canvas.setFont("DejaVuSans", 8)
    canvas.drawString(206, 842 - 111, "1")
    canvas.showPage()
    canvas.save()
    data = out.read_bytes()
    font = re.search(rb"\n8 0 obj\n<<(.*?/BaseFont /AAAAAA\+DejaVuSans.*?)>>\nendobj", data, re.S)[1]
    widths = re.search(rb"/Widths \[(.*?)\]", font, re.S)
    numbers = widths[1].split()
    numbers[ord("1")] = b"1400"
    return incremental_update(data, {8: b"<<" + font.replace(widths[0], b"/Widths [" + b" ".join(numbers) + b"]") + b">>"})


def test_a_glyph_drawn_left_of_a_rule_and_read_right_of_it_is_an_error(canvas_font, tmp_path):
    """Catches (hunt 24): a `1` in an embedded font whose /Widths gives it 1400 (of 1000) set 4 pt
    left of the value cell's rule: viewers draw it in the cell before, beside 4096, and 32*Ascend
    alone in the value cell; its box's centre lay right of the rule, and 132 was published. (A
    glyph crossing a rule with most of its ink on its centre's side, as overflowing text is, is
    read in that cell: tests/test_extract_pdf.py's ambiguous.pdf.)"""
    varied = wide_one_table(canvas_font, tmp_path / "t.pdf")
    with pdfplumber.open(io.BytesIO(varied)) as pdf:  # the construction: the 1's box crosses the rule at 210, its centre past it
        one = next(c for c in pdf.pages[0].chars if c["text"] == "1" and 200 < c["x0"] < 210)
        assert one["x0"] < 210 - 3 and (one["x0"] + one["x1"]) / 2 > 210
    image = numpy.asarray(pdfium.PdfDocument(varied)[0].render(scale=4, grayscale=True).to_pil())
    rows = image[int(one["top"] * 4):int(one["bottom"] * 4)]
    assert rows[:, 206 * 4:209 * 4].min() < 128 and rows[:, 211 * 4:217 * 4].min() > 128  # drawn left of the rule only
    with pytest.raises(LayoutError, match=r"page 1: text printed across a column's rule, drawn on one side of it and "
                                          r"read on the other \(at 206 pt from the left, 10\d pt from the top: '1'\)"):
        extract_pdf(varied, "t.pdf")


def type3_one_drawn_away(canvas_font, tmp_path, program: bytes, away: bool = True) -> bytes:
    """The one-row table with a Type 3 `1` drawn by `program` set before 32*Ascend (`away`: its
    stroke drawn left of the value cell's rule, as the construction is checked)."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    font = (b"<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /FontBBox [-1500 0 556 1000] "
            b"/CharProcs << /one 22 0 R >> /Encoding << /Type /Encoding /Differences [49 /one] >> /FirstChar 49 "
            b"/LastChar 49 /Widths [556] >>")
    varied = incremental_update(data, {
        FONTS: b"<< /F1 2 0 R /F2 3 0 R /T3 21 0 R >>", 21: font, 22: stream(b"", program),
        CONTENT: stream(b"", latest_content(data).replace(THIRTY_TWO, b"/T3 8 Tf (1) Tj /F1 8 Tf (32*Ascend) Tj"))})
    image = numpy.asarray(pdfium.PdfDocument(varied)[0].render(scale=4, grayscale=True).to_pil())
    rows = image[int((842 - 737) * 4):int((842 - 732) * 4)]
    assert not away or rows[:, int(201.5 * 4):int(203.5 * 4)].min() < 128  # the construction: drawn left of the rule
    return varied


AWAY = b"-1400 0 200 700 re f 100 0 300 60 re f"  # its stroke 10 pt left of its origin, a speck in its box


def test_a_glyph_drawn_away_from_its_box_is_an_error(canvas_font, tmp_path):
    """Catches: a Type 3 `1` whose program paints its stroke 10 pt left of its origin, in the
    cell before (after 4096), and a speck in its box, set before 32*Ascend: viewers draw a 1
    after 4096 and the speck before 32*Ascend; the text layer puts the 1's box in the value cell,
    and 132 was published. Without a declared box (d0) pdfium's box of the glyph is what it paints,
    and the outline check refuses it (tests/test_pdf_outline_where_read.py); a d1 box leaving the
    stroke out is a Type 3 glyph painting outside its box. The ink no glyph's box holds is there
    too, for a glyph whose box tells neither (pdf_ink.Sight.ink_unheld, a backstop: a font's
    hinting may move its points)."""
    varied = type3_one_drawn_away(canvas_font, tmp_path, b"556 0 d0 " + AWAY)
    with pytest.raises(LayoutError, match=r"page 1: a glyph whose font draws it away from where its text is read"):
        extract_pdf(varied, "t.pdf")
    with pytest.raises(LayoutError, match=r"page 1: a Type 3 font \(unknown\) whose glyph /one paints elsewhere than "
                                          r"the box it declares"):
        extract_pdf(type3_one_drawn_away(canvas_font, tmp_path, b"556 0 0 0 556 700 d1 " + AWAY), "t.pdf")
    with pdfplumber.open(io.BytesIO(varied)) as pdf:
        page = pdf.pages[0]
        sight = Sight.of(pdf.pages)
        x, y = sight.ink_unheld(page, (40, 60, 310, 120))
        sight.close()
    assert 200 <= x <= 204 and 100 <= y <= 112


@pytest.mark.parametrize("program, away", [
    (b"556 0 0 0 556 700 d1\n% 0.001 0 0 0.001 0 0 cm\n" + AWAY, True),  # a comment is no operator
    (b"556 0 0 0 556 700 d1 /Span << /ActualText ([) >> BDC " + AWAY + b" EMC", True),  # a string is no array
    (b"556 0 0 0 556 700 d1 0 0 m 556 700 l n 200 400 120 300 re f", False),  # a path ended by n paints nothing
], ids=["comment", "string", "unpainted-path"])
def test_a_type3_glyph_is_read_as_pdf_reads_it(program, away, canvas_font, tmp_path):
    """Catches (hunt 31): the Type 3 box check read glyph programs with a pattern of its own: a
    `%` comment holding a `cm`, or a `[` in a string, hid the paths drawn outside the box (the 1
    drawn in the cell before was published in the value: 132), and the points of a path ended by
    `n` counted as paint (a small raised 1 passed for one reaching its declared top and foot).
    Programs are read by pdfminer's content parser, and only painted paths count."""
    with pytest.raises(LayoutError, match=r"page 1: a Type 3 font \(unknown\) whose glyph /one paints elsewhere"):
        extract_pdf(type3_one_drawn_away(canvas_font, tmp_path, program, away), "t.pdf")


def test_a_type3_digit_declaring_a_box_taller_than_it_paints_is_an_error(canvas_font, tmp_path):
    """Catches (hunt 29): a Type 3 `1` painting a small raised stroke (a note mark, ¹) while its d1
    declares a full-height box, set before 32*Ascend: pdfium takes the glyph's height from the
    box, so the smaller-digit check saw a full 1 and 132 was published. A digit's glyph paints up
    to the top and foot of the box it declares; a glyph of another character may declare more."""
    small_one = b"556 0 0 0 556 700 d1 200 400 120 300 re f"
    with pytest.raises(LayoutError, match=r"page 1: a Type 3 font \(unknown\) whose glyph /one paints elsewhere than "
                                          r"the box it declares"):
        extract_pdf(type3_one_drawn_away(canvas_font, tmp_path, small_one, away=False), "t.pdf")


def left_of_the_eight(data: bytes) -> float:
    """The darkest grey level pdfium draws in the left half of the 8 of 8*Ascend."""
    page = pdfium.PdfDocument(data)[0]
    image = numpy.asarray(page.render(scale=4, grayscale=True).to_pil(), dtype=float)
    top = page.get_height() - 736
    return image[int(top * 4):int((top + 4) * 4), int(213.5 * 4):int(215 * 4)].min()


@pytest.mark.parametrize("eight, cover", [
    (b"0.75 g (8*Ascend) Tj 0 g", b"1 G /W gs 210 722 m 210 742 l S"),  # grey text, a white band
    (b"(8*Ascend) Tj", b"0.65 G /W gs 210 722 m 210 742 l S"),  # black text on a grey cell, a band of its grey
], ids=["light-text", "grey-cell"])
def test_a_cover_is_told_by_contrast_whatever_the_colours(eight, cover, canvas_font, tmp_path):
    """Catches (hunt 26): the painted-over test took ink as darker than luminance 0.5 and a cover
    as 0.4 lighter: a white band over the left of an 8 in 0.75 grey, and a band in the cell's
    0.65 grey over a black 8 on that grey, showed 3*Ascend; 8 was published. Ink is now what
    contrasts with white (1.25:1), and a cover what lightens it by 1.5:1."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    cell = b"q 0.65 g 210.5 722.5 49 19 re f Q " if b"0.65" in cover else b""
    plain = with_content(data, THIRTY_TWO, eight)
    plain = incremental_update(plain, {CONTENT: stream(b"", cell + latest_content(plain))})
    varied = with_content(plain, eight, eight + b" ET " + (b"q %s Q " % cover) + RULE + b" BT", p4=page_with(
        plain, b"", b"/ExtGState << /W 20 0 R >>"), p20=b"<< /Type /ExtGState /LW 10.8 >>")
    assert left_of_the_eight(varied) > left_of_the_eight(plain) + 40  # the construction: the 8's left half lighter
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table partly painted over"):
        extract_pdf(varied, "t.pdf")
