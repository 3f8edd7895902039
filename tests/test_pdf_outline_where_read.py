"""Hunt 26: a glyph of an embedded font whose outline lies away from where its text is read.

A TrueType font carries each glyph's outline; an editor may move it anywhere. An `x` set right of
the table whose outline is an 8 moved onto the `3` of `32*Ascend` makes the page show 82 (the 3's
box holds that ink, and the `x` is read outside the table); a space whose outline is a box, filled
white, erases the left of an 8 (a 3 is shown). pipeline/extract/pdf_engines.py: every glyph whose
outline (pdfium's box of it) reaches into the table lies inside the box of the character read at
its origin, and a blank's outline is empty. Each font here is DejaVu Sans edited with fontTools and
embedded by reportlab, as a font editor and a PDF library would make them."""
from __future__ import annotations

import io

import numpy
import pypdfium2 as pdfium
import pytest

from conftest import FIXTURES
from pdf_drawing import canvas_font, header_and_row  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from test_pdf_every_glyph_whole import DEJAVU
from test_pdf_glyph_drawn_as_read import published

SIZE = 8
VALUE_X = 218.0  # where the value cell's text starts (its rule at 210)
BASELINE = 842 - 100 - 11  # the row's text line
FAR_X = 320.0  # right of the table (its last rule at 310): no cell's text (further is past what a font's units hold)


def edited_dejavu(out, glyph: str, shape) -> str:
    """DejaVu Sans with the outline of `glyph` replaced by `shape(pen, glyphs, units)` (a pen
    drawing in font units, the font's glyph set, its units per em), saved at `out` and registered
    with reportlab; its name."""
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as FontFile
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    font = FontFile(str(DEJAVU))
    name, glyphs = font.getBestCmap()[ord(glyph)], font.getGlyphSet()
    pen = TTGlyphPen(glyphs)
    shape(pen, glyphs, font["head"].unitsPerEm)
    font["glyf"][name] = pen.glyph()
    font["glyf"][name].recalcBounds(font["glyf"])
    font["hmtx"][name] = (font["hmtx"][name][0], font["glyf"][name].xMin)  # the side bearing where the outline starts
    registered = f"Edited{out.stem}{len(pdfmetrics.getRegisteredFontNames())}"
    for record in font["name"].names:  # a face of its own name: reportlab knows faces by it
        if record.nameID in (1, 3, 4, 6):
            record.string = registered
    font.save(str(out))
    pdfmetrics.registerFont(TTFont(registered, str(out)))
    return registered


def moved(source: str, dx_points: float):
    """The outline of `source` moved `dx_points` (at SIZE) along the line."""
    from fontTools.pens.transformPen import TransformPen

    def shape(pen, glyphs, units):
        glyphs[{"8": "eight"}[source]].draw(TransformPen(pen, (1, 0, 0, 1, round(dx_points / SIZE * units), 0)))
    return shape


def box(x0_em: float, x1_em: float, low: float = -0.2, high: float = 0.9):
    """A filled box from `x0_em` to `x1_em` along the line, from `low` to `high` (em; by default
    below the baseline to above the digits)."""
    def shape(pen, glyphs, units):
        a, b, foot, top = (round(v * units) for v in (x0_em, x1_em, low, high))
        pen.moveTo((a, foot)), pen.lineTo((a, top)), pen.lineTo((b, top)), pen.lineTo((b, foot)), pen.closePath()
    return shape


def table_with(canvas_font, out, value: str, extra) -> bytes:
    """The one-row table (values in DejaVu Sans, `value` in the first value cell) and `extra`
    (font, x, text, grey[, baseline[, size]]) drawn after it, on the row's line at SIZE unless
    others are given."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas
    if "DejaVuSans" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVuSans", str(DEJAVU)))
    canvas = Canvas(str(out), invariant=1, pageCompression=0)
    for x0, x1, top, bottom, text in header_and_row(("llama3-8b", "full", "4096", value, "16*Ascend")):
        canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
        canvas.setFont("DejaVuSans" if text.endswith("Ascend") else canvas_font, SIZE)
        canvas.drawString(VALUE_X if text == value else x0 + 3, 842 - top - 11, text)
    for font, x, text, grey, *placed in extra:  # placed: a baseline, and a size
        canvas.setFillGray(grey)
        canvas.setFont(font, placed[1] if len(placed) > 1 else SIZE)
        canvas.drawString(x, placed[0] if placed else BASELINE, text)
    canvas.showPage()
    canvas.save()
    return out.read_bytes()


def value_ink(data: bytes) -> numpy.ndarray:
    """The value cell's text as pdfium draws it (4 pixels a point): where it is dark."""
    image = numpy.asarray(pdfium.PdfDocument(data)[0].render(scale=4, grayscale=True).to_pil())
    return image[(842 - BASELINE - 8) * 4:(842 - BASELINE + 2) * 4, int(VALUE_X * 4):int((VALUE_X + 12) * 4)] < 128


def test_a_glyph_drawn_from_right_of_the_table_onto_a_value_is_an_error(canvas_font, tmp_path):
    """Catches (hunt 26, hole 3): an `x` set right of the table, its outline an 8 moved onto the 3
    of 32*Ascend: viewers show 82*Ascend, and 32 was published (the ink lies in the 3's box)."""
    font = edited_dejavu(tmp_path / "x.ttf", "x", moved("8", VALUE_X - FAR_X))
    plain = table_with(canvas_font, tmp_path / "plain.pdf", "32*Ascend", [])
    varied = table_with(canvas_font, tmp_path / "t.pdf", "32*Ascend", [(font, FAR_X, "x", 0)])
    assert (value_ink(varied) & ~value_ink(plain)).sum() > 20  # the construction: the 8 drawn over the 3
    with pytest.raises(LayoutError, match=r"page 1: a glyph whose font draws it away from where its text is read, "
                                          r"into the vendor table: 'x' read at \(320, 731\) pt .* its outline drawn at "
                                          r"\(21[89], 7\d\d\)"):
        extract_pdf(varied, "t.pdf")


def test_a_blank_whose_outline_paints_white_over_a_digit_is_an_error(canvas_font, tmp_path):
    """Catches (hunt 26, hole 2): a space set at the 8's origin whose outline is a box over the
    left 0.3 em of the 8, filled white: viewers show 3*Ascend, 8 was published (the space draws no
    ink, and its white shows only where it covers the 8)."""
    font = edited_dejavu(tmp_path / "space.ttf", " ", box(0, 0.3))
    plain = table_with(canvas_font, tmp_path / "plain.pdf", "8*Ascend", [])
    varied = table_with(canvas_font, tmp_path / "t.pdf", "8*Ascend", [(font, VALUE_X, " ", 1)])
    assert (value_ink(plain) & ~value_ink(varied)).sum() > 20  # the construction: the 8's left erased
    with pytest.raises(LayoutError, match=r"page 1: a glyph whose font draws it away .*: ' ' read at \(218, 731\) pt"
                                          r".*\(a blank that draws\)"):
        extract_pdf(varied, "t.pdf")


def test_flat_blanks_drawn_from_right_of_the_table_over_a_digit_are_an_error():
    """Catches (hunt 29): a space whose outline is a white bar too flat to count as drawing (0.04
    em), set right of the table and moved onto the 8, stacked 28 times a third of a point apart:
    viewers show 3*Ascend, 8 was published. A blank's outline lies at its origin, if anywhere.
    (tests/fixtures/pdf/NOTES.md: made by the hunt with pikepdf and fontTools.)"""
    data = (FIXTURES / "pdf" / "bad" / "stacked-blanks-2025-05-07.pdf").read_bytes()
    image = numpy.asarray(pdfium.PdfDocument(data)[0].render(scale=4, grayscale=True).to_pil())
    top = round((841.8898 - 393.89 - 7) * 4)  # the 8 of 8*Ascend (qwen2-7b / full / 8192), x 231
    assert image[top:top + 24, 231 * 4:int(232.5 * 4)].min() == 255  # the construction: the 8's left erased
    with pytest.raises(LayoutError, match=r"page 1: a glyph whose font draws it away .*: ' ' read at \(300, 39\d\)"):
        extract_pdf(data, "doc.pdf")


def test_a_white_glyph_drawn_from_right_of_the_table_over_a_digit_is_an_error(canvas_font, tmp_path):
    """Catches (hunt 26, hole 2): an `x` right of the table, its outline a box moved onto the left
    of the 8, filled white: viewers show 3*Ascend, 8 was published."""
    font = edited_dejavu(tmp_path / "x.ttf", "x", box((VALUE_X - FAR_X) / SIZE, (VALUE_X - FAR_X) / SIZE + 0.3))
    plain = table_with(canvas_font, tmp_path / "plain.pdf", "8*Ascend", [])
    varied = table_with(canvas_font, tmp_path / "t.pdf", "8*Ascend", [(font, FAR_X, "x", 1)])
    assert (value_ink(plain) & ~value_ink(varied)).sum() > 20  # the construction: the 8's left erased
    with pytest.raises(LayoutError, match=r"page 1: a glyph whose font draws it away .*: 'x' read at \(320, 731\)"):
        extract_pdf(varied, "t.pdf")


def test_glyphs_drawn_where_they_are_read_beside_the_table_are_read(canvas_font, tmp_path):
    """Catches a rule too strict: text in an embedded font beside the table (a note right of it),
    each glyph's outline in its box, and an edited glyph drawn away from its box but nowhere near
    the table (below the page's text), leave the table read."""
    font = edited_dejavu(tmp_path / "x.ttf", "x", moved("8", -40))
    data = table_with(canvas_font, tmp_path / "t.pdf", "32*Ascend", [("DejaVuSans", FAR_X, "note 8x", 0)])
    assert published(data) == [16, 32]
    away = table_with(canvas_font, tmp_path / "t2.pdf", "32*Ascend", [(font, 200, "x", 0, 300)])  # its 8 at 160, 300
    assert published(away) == [16, 32]


def scaled(source: str, scale: float, raise_em: float):
    """The outline of `source` scaled by `scale` about its origin and raised `raise_em`."""
    from fontTools.pens.transformPen import TransformPen

    def shape(pen, glyphs, units):
        glyphs[{"1": "one"}[source]].draw(TransformPen(pen, (scale, 0, 0, scale, 0, round(raise_em * units))))
    return shape


def test_a_digit_drawn_as_a_numerator_before_a_value_is_an_error(canvas_font, tmp_path):
    """Catches (hunt 28): a `1` before 32*Ascend in a font whose 1 is a numerator form (half
    height, raised to the digits' top, as `font-feature-settings: 'numr'` draws it), at the
    value's size and on its baseline: viewers show a note mark ¹32, and 132 was published. The
    same digit elsewhere in the table (the 1 of 16) is drawn at full height."""
    font = edited_dejavu(tmp_path / "numr.ttf", "1", scaled("1", 0.5, 0.37))
    data = table_with(canvas_font, tmp_path / "t.pdf", "32*Ascend", [(font, VALUE_X - 3, "1", 0)])
    with pytest.raises(LayoutError, match=r"page 1: a digit in the vendor table drawn smaller than the same digit "
                                          r"elsewhere in it \(at 215 pt from the left, .*'1': 0.3\d of its size tall, "
                                          r"the others 0.7\d\)"):
        extract_pdf(data, "t.pdf")
    at_its_own_size = table_with(canvas_font, tmp_path / "s.pdf", "32*Ascend", [(font, VALUE_X - 3, "1", 0, BASELINE, 8.3)])
    with pytest.raises(LayoutError, match=r"a digit in the vendor table drawn smaller"):  # (hunt 29: another size)
        extract_pdf(at_its_own_size, "t.pdf")
    full = edited_dejavu(tmp_path / "full.ttf", "1", scaled("1", 1.0, 0))  # control: the same font, a full 1
    assert published(table_with(canvas_font, tmp_path / "f.pdf", "32*Ascend", [(full, VALUE_X - 5.1, "1", 0)])) \
        == [16, 132]


@pytest.mark.parametrize("name, message", [
    ("logo-unmapped", r"a glyph whose font draws it away from where its text is read, into the vendor table: 'x'"),
    ("logo-text-rise", r"text in the vendor table raised or lowered off its line by text rise"),
    ("note-ligature", r"one glyph read as several characters with a digit among them"),
])
def test_a_logo_without_a_unicode_map_or_a_glyph_of_two_digits_hides_nothing(name, message):
    """Catches (hunt 31): a logo's glyph without a Unicode map anywhere on the page turned off the
    checks comparing pdfium's glyphs with pdfminer's (82 and ¹32 published as 32 and 132); one glyph
    read as `13` drawing a small raised 1 beside its 3 was measured whole (132 for ¹32)."""
    data = (FIXTURES / "pdf" / "bad" / f"{name}-2025-05-07.pdf").read_bytes()
    with pytest.raises(LayoutError, match=r"page 1: " + message):
        extract_pdf(data, "doc.pdf")
