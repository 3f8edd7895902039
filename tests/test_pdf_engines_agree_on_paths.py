"""Hunt 34 (session 35): paths and annotations a viewer draws otherwise than the extractor reads
them. Each construction is added to a real table drawn by reportlab as an editor saves it (an
incremental update), checked to be what a viewer draws (pdfium) and, before these rules, published
32 with exit 0 where viewers show another value:

- a stream whose /Length stops short of its data (pipeline/extract/pdf_guards.py
  `check_stream_lengths`; the page's content is tests/test_pdf_other_hands_round6.py's);
- a path, or text, drawn after a form XObject drawn without `q`/`Q` around it: pdfminer keeps the
  form's transformation for what follows (pipeline/extract/pdf_engine_paths.py, pdf_engines.py);
- a stroke's sharp miter join, drawn by viewers as a long spike through the value (pdf_engine_paths);
- a form field whose appearance viewers make anew from its value (/NeedAppearances), and an
  underline's line drawn through the text (pipeline/extract/pdf_annots.py)."""
from __future__ import annotations

import io
import math
import re

import numpy
import pdfplumber
import pypdfium2 as pdfium
import pytest

from pdf_drawing import canvas_font, incremental_update, stream  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from test_pdf_every_glyph_whole import latest_content, page_with, with_content
from test_pdf_glyph_drawn_as_read import CONTENT, PAGE, THIRTY_TWO, published
from test_pdf_same_glyphs_elsewhere import one_row_table

BASELINE = 731  # of 32*Ascend (PDF space); its 3 spans x 213-217.5, its digits 731-737
LIFT = b"/Type /XObject /Subtype /Form /BBox [0 0 600 800]"  # a form whose content moves what follows it 500 pt up


@pytest.fixture()
def table(canvas_font, tmp_path) -> bytes:
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    assert published(data) == [16, 32]
    return data


def ink(data: bytes, left: float, bottom: float, right: float, top: float) -> float:
    """The darkest grey level pdfium draws in the box (PDF space) on page 1, forms drawn."""
    document = pdfium.PdfDocument(data)
    document.init_forms()
    page = document[0]
    image = numpy.asarray(page.render(scale=4, grayscale=True, may_draw_forms=True).to_pil(), dtype=float)
    height = page.get_height()
    return image[int((height - top) * 4):int((height - bottom) * 4), int(left * 4):int(right * 4)].min()


def after_a_lifting_form(data: bytes, drawn: bytes) -> bytes:
    """`drawn` at the end of the page's content, after a form drawn without q/Q whose content ends
    `0 500 cm`."""
    return incremental_update(data, {
        CONTENT: stream(b"", latest_content(data) + b"\n/Lift Do " + drawn),
        PAGE: page_with(data, b"", b"/XObject << /Lift 20 0 R >>"), 20: stream(LIFT, b"1 0 0 1 0 500 cm")})


def test_a_path_after_a_form_drawn_without_q_is_an_error(table):
    """Catches: a bar over the 3 of 32*Ascend drawn after such a form was read 500 pt up by
    pdfminer, off the table; viewers draw it on the 3. Every path pdfium draws into the table must
    be one pdfminer read there."""
    varied = after_a_lifting_form(table, b"0 g 213.5 733 1.2 3 re f")
    assert ink(varied, 213.6, 733.2, 214.5, 735.8) < 64  # the construction: the bar is drawn on the 3 ...
    with pdfplumber.open(io.BytesIO(varied)) as pdf:  # ... and read 500 pt up
        assert [round(r["bottom"]) for r in pdf.pages[0].rects if r["width"] < 2 and r["height"] < 4] == [-391]
    with pytest.raises(LayoutError, match=r"page 1: a path a viewer draws into the vendor table that the extractor "
                                          r"does not read there: painted at \(214, 733\)-\(215, 736\) pt"):
        extract_pdf(varied, "t.pdf")


def test_text_after_a_form_drawn_without_q_is_an_error(table):
    """Catches: a `1` set after 32*Ascend's cell (viewers: 32*Ascend 1) is read 500 pt up, where
    the extractor takes it for no cell's. Every glyph pdfium reads must be one pdfminer read there."""
    varied = after_a_lifting_form(table, b"BT 1 0 0 1 250 731 Tm (1) Tj ET")
    with pytest.raises(LayoutError, match=r"page 1: text a viewer draws on the page that the extractor does not "
                                          r"read there: '1', the first '1' at \(250, 731\) pt"):
        extract_pdf(varied, "t.pdf")


def spike(join: int, length: float = 20.0, width: float = 0.6, back: float = 0.4) -> bytes:
    """A polyline whose corner lies on the value cell's left rule (x 210) at the digits' middle
    height: its two ends `back` pt behind the corner, so close that a miter join (`join` 0) reaches
    `length` pt to the right, through 32*Ascend; the miter limit lets it."""
    half = math.asin(width / 2 / length)
    a = (210 - back * math.cos(half), 734 + back * math.sin(half))
    c = (210 - back * math.cos(half), 734 - back * math.sin(half))
    return b"ET q 0 G %g w %d j 10000 M %.5f %.5f m 210 734 l %.5f %.5f l S Q BT" % (width, join, *a, *c)


def test_a_miter_join_drawn_as_a_spike_through_the_value_is_an_error(table):
    """Catches: pdfminer gives the polyline's geometry only (a speck on the rule, read through);
    viewers draw its miter join 20 pt long through the 3 and the 2: the value struck out."""
    varied = with_content(table, THIRTY_TWO, THIRTY_TWO + b" " + spike(join=0))
    assert ink(varied, 211, 733.8, 212.5, 734.2) < 64  # the construction: the spike crosses the gap before the 3
    with pytest.raises(LayoutError, match=r"page 1: a path a viewer draws into the vendor table that the extractor "
                                          r"does not read there: painted at \(209, 733\)-\(230, 735\) pt"):
        extract_pdf(varied, "t.pdf")


def test_the_same_corner_with_a_round_join_is_read(table):
    """The control: a round join draws no spike, and the speck on the rule is read through."""
    varied = with_content(table, THIRTY_TWO, THIRTY_TWO + b" " + spike(join=1))
    assert ink(varied, 211, 733.8, 212.5, 734.2) > 192
    assert published(varied) == [16, 32]


@pytest.mark.parametrize("length", [b"/Length 4", b"/Length 57 /Length 4", b"/Len#67th 4"],
                         ids=["plain", "given-twice", "name-escaped"])
def test_a_stream_whose_length_stops_short_in_an_annotation_is_an_error(length, table):
    """Catches: a link whose appearance is `q Q` by its /Length and an 8 over the 3 past it: viewers
    read on to `endstream` and draw 82*Ascend; pdfminer stopped at the length. The length is the
    one pdfminer reads (hunt 38: the last of two, a name written with an escape)."""
    appearance = b"q Q 0 g BT /Helv 8 Tf 213 731 Td (8) Tj ET"
    varied = incremental_update(table, {
        PAGE: page_with(table, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Link /Rect [212 729 219 739] /F 4 /Border [0 0 0] /AP << /N 22 0 R >> >>",
        22: b"<< /Type /XObject /Subtype /Form /BBox [212 729 219 739] /Resources << /Font << /Helv 2 0 R >> >> "
            + length + b" >>\nstream\n" + appearance + b"\nendstream"})
    assert ink(varied, 213.3, 735, 214.2, 736) < 64  # the construction: the 8's upper left bowl over the 3
    with pytest.raises(SourceError, match=r"PDF object 22's stream does not end where its /Length \(4\) says"):
        extract_pdf(varied, "t.pdf")


def with_field(table: bytes, need_appearances: bool) -> bytes:
    """A text field over the 3 holding `8`, with an empty appearance, and the document's form
    asking viewers to make its fields' appearances anew (or not)."""
    root = int(re.search(rb"/Root (\d+) 0 R", table)[1])
    catalog = re.search(rb"\n%d 0 obj\n(<<.*?)>>\nendobj" % root, table, re.S)[1]
    form = b"/AcroForm << /Fields [21 0 R] /DA (/Helv 8 Tf 0 g) /DR << /Font << /Helv 2 0 R >> >> %s >>" % (
        b"/NeedAppearances true" if need_appearances else b"")
    return incremental_update(table, {
        root: catalog + form + b">>",
        PAGE: page_with(table, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Widget /FT /Tx /T (f) /V (8) /DA (/Helv 8 Tf 0 g) /F 4 "
            b"/Rect [212 729 219 739] /AP << /N 22 0 R >> /MK << >> >>",
        22: stream(b"/Type /XObject /Subtype /Form /BBox [0 0 7 10]", b"")})


def test_a_field_whose_appearance_viewers_make_anew_is_judged_by_its_value(table):
    """Catches: `pdftk fill_form` leaves a field's appearance empty and sets /NeedAppearances:
    viewers draw its value `8` over the 3 (82*Ascend shown), and the empty appearance was read
    through (32 published)."""
    varied = with_field(table, need_appearances=True)
    with pytest.raises(LayoutError, match=r"page 1: a Widget annotation drawn over the vendor table"):
        extract_pdf(varied, "t.pdf")


def test_a_field_drawn_from_its_empty_appearance_is_read_through(table):
    """The control: without /NeedAppearances viewers draw the empty appearance."""
    assert published(with_field(table, need_appearances=False)) == [16, 32]


def underline(y: float) -> bytes:
    """The appearance of an annotation over 32*Ascend (inside its cell): one thin level line at `y`."""
    return stream(b"/Type /XObject /Subtype /Form /BBox [211 725 259 741]", b"0 G 0.8 w 213 %g m 250 %g l S" % (y, y))


@pytest.mark.parametrize("kind", ["Underline", "Link"])
def test_an_annotations_line_through_the_text_is_an_error(kind, table):
    """Catches: an underline's (or a link's) level line was read through at any height; at the
    digits' middle it strikes 32*Ascend out, as a StrikeOut annotation does (which is refused)."""
    varied = incremental_update(table, {
        PAGE: page_with(table, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /%s /Rect [211 725 259 741] /F 4 /AP << /N 22 0 R >> >>" % kind.encode(),
        22: underline(734)})
    assert ink(varied, 222, 733.7, 224, 734.3) < 64  # the construction: the line between the 2 and the *
    with pytest.raises(LayoutError, match=rf"page 1: a {kind} annotation whose appearance draws a line through "
                                          r"the vendor table's text \(at 213 pt from the left"):
        extract_pdf(varied, "t.pdf")


def test_an_underline_below_the_baseline_is_read_through(table):
    """The control: the same line under the text is an underline."""
    varied = incremental_update(table, {
        PAGE: page_with(table, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Underline /Rect [211 725 259 741] /F 4 /AP << /N 22 0 R >> >>",
        22: underline(729.8)})
    assert published(varied) == [16, 32]
