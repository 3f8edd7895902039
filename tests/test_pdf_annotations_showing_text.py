"""Annotations of the kinds read through (links, underlines, highlights, form fields) whose
appearance draws text: a `1` set before `32*Ascend` by a link's appearance stream, or by a text
field whose value a viewer draws. pdfium and poppler draw 132*Ascend; the extractor once read
the text layer alone and exited 0 with 32 (pipeline/extract/pdf_annots.py). The annotations
are added as an editor adds them, by an incremental update of a real table drawn by reportlab."""
from __future__ import annotations

import re
import shutil
import subprocess

import numpy
import pypdfium2 as pdfium
import pytest
from PIL import Image

from pdf_drawing import XS, canvas_font, incremental_update, stream  # noqa: F401  (a fixture)
from conftest import FIXTURES, RAW
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from test_pdf_same_glyphs_elsewhere import one_row_table

PAGE, HELVETICA, CATALOG = 4, 2, 5  # reportlab's objects in one_row_table: the page, Helvetica, the catalog
GAP = (XS[3] + 2.5, 728, XS[3] + 8, 740)  # the room left before 32*Ascend (PDF space: left, bottom, right, top)
A_ONE = b"BT /H 8 Tf 1 3 Td (1) Tj ET"


def with_annotation(data: bytes, entries: bytes, appearance: bytes | None, resources: bytes = b"",
                    where: tuple[float, float, float, float] = GAP, rect: bytes | None = None,
                    head: bytes = b"", flags: int = 4) -> bytes:
    """`data` with one annotation over `where` (`entries`: its dictionary's own; `appearance`: the
    content of its normal appearance, with Helvetica as /H and `resources` besides), appended as an incremental update:
    new objects, the page again with /Annots (and for a form field the catalog with its form),
    an xref section and a trailer pointing back; `flags`: its /F (4: Print)."""
    page, catalog = (re.search(rb"\n%d 0 obj\n(<<.*?)>>\nendobj" % number, data, re.S)[1] for number in (PAGE, CATALOG))
    objects = {}
    rect = rect or b"[%.1f %.1f %.1f %.1f]" % where  # (`rect`: written otherwise, as a hostile hand may)
    width, height = where[2] - where[0], where[3] - where[1]
    if appearance is not None:
        objects[100] = stream(b"/Type /XObject /Subtype /Form /BBox [0 0 %.1f %.1f] /Resources << /Font << /H %d 0 R >> "
                              b"%s >>%s" % (width, height, HELVETICA, resources, head), appearance)
    ap = b" /AP << /N 100 0 R >>" if appearance is not None else b""
    objects[101] = b"<< /Type /Annot /Rect %s /F %d%s %s >>" % (rect, flags, ap, entries)
    objects[PAGE] = page + b"/Annots [101 0 R] >>"
    if b"/Widget" in entries:
        objects[CATALOG] = catalog + (b"/AcroForm << /Fields [101 0 R] /DA (/Helv 8 Tf 0 g) /DR << /Font << /Helv %d 0 R "
                                      b">> >> >> >>" % HELVETICA)
    return incremental_update(data, objects)


def ink_in_gap(data: bytes, where: tuple[float, float, float, float] = GAP) -> int:
    """Dark pixels a viewer (pdfium, forms and annotations drawn) shows in `where`."""
    document = pdfium.PdfDocument(data)
    document.init_forms()
    page = document[0]
    image = page.render(scale=4, grayscale=True, may_draw_forms=True, draw_annots=True).to_numpy()
    height = page.get_height()
    x0, y0, x1, y1 = (round(v * 4) for v in (where[0], height - where[3], where[2], height - where[1]))
    return int(numpy.count_nonzero(image[y0:y1, x0:x1] < 128))


SHOWING_A_ONE = {
    "link": (b"/Subtype /Link /Border [0 0 0]", A_ONE),
    "underline": (b"/Subtype /Underline /C [0 0 0] /QuadPoints [%.1f 740 %.1f 740 %.1f 728 %.1f 728]"
                  % (GAP[0], GAP[2], GAP[0], GAP[2]), A_ONE),
    "highlight": (b"/Subtype /Highlight /C [1 1 0] /QuadPoints [%.1f 740 %.1f 740 %.1f 728 %.1f 728]"
                  % (GAP[0], GAP[2], GAP[0], GAP[2]), A_ONE),
    "text field": (b"/Subtype /Widget /FT /Tx /T (f) /V (1) /DA (/Helv 8 Tf 0 g)", A_ONE),
    "text field, no appearance": (b"/Subtype /Widget /FT /Tx /T (f) /V (1) /DA (/Helv 8 Tf 0 g)", None),
}


@pytest.mark.parametrize("kind", SHOWING_A_ONE)
def test_an_annotation_read_through_that_shows_text_is_an_error(kind, canvas_font, tmp_path):
    """Catches: `32` published where viewers draw `132*Ascend`, the `1` drawn by a link's,
    underline's or highlight's appearance or by a text field's value, kinds read through as
    pointing or emphasising only."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    frame = normalize(extract_pdf(data, "t.pdf")[0], "2025-10-22").frame
    assert sorted(frame.min_units.dropna()) == [16, 32]  # the construction: a gap before 32*Ascend
    entries, appearance = SHOWING_A_ONE[kind]
    annotated = with_annotation(data, entries, appearance)
    if appearance is not None:
        assert ink_in_gap(annotated) > ink_in_gap(data) + 20  # a viewer draws the 1 there
    with pytest.raises(LayoutError, match=r"page 1: a (Link|Underline|Highlight|Widget) annotation drawn over the "
                                          r"vendor table \(at x \d+-\d+, y \d+-\d+\) whose appearance shows text"):
        extract_pdf(annotated, "t.pdf")


READ_THROUGH = {
    "link drawn as a box": (b"/Subtype /Link /Border [0 0 0]", b"0 0 5 11 re S"),
    "link with no appearance": (b"/Subtype /Link /Border [0 0 0]", None),
    "empty text field": (b"/Subtype /Widget /FT /Tx /T (f) /DA (/Helv 8 Tf 0 g)", None),
}


@pytest.mark.parametrize("kind", READ_THROUGH)
def test_an_annotation_that_shows_no_text_is_read_through(kind, canvas_font, tmp_path):
    """Catches a rule too strict: a link's box, a link or an empty field with nothing drawn."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    annotated = with_annotation(data, *READ_THROUGH[kind])
    frame = normalize(extract_pdf(annotated, "t.pdf")[0], "2025-10-22").frame
    assert sorted(frame.min_units.dropna()) == [16, 32]


# Round 16 (hunt, checked in pdfium's render): a link's, underline's or highlight's appearance that
# fills a white box over the left half of an 8 shows a 3 (the 8 keeps ink enough for the ink check),
# and 8 was published. Here a white box over the left of the 3 of 32*Ascend.
OVER_THE_THREE = (XS[3] + 3, 728, XS[3] + 11, 740)
MULTIPLY = b"/ExtGState << /G0 << /Type /ExtGState /BM /Multiply >> >>"
HIDING = {  # over x 217-219.7 of the page: the left half of the 3 (217.5-221.9)
    "link filling white": (b"/Subtype /Link /Border [0 0 0]", b"1 1 1 rg 4 0 2.7 12 re f", b""),
    "underline stroked wide in white": (b"/Subtype /Underline", b"1 1 1 RG 6 w 4 6 m 6.7 6 l S", b""),
    "highlight filling white": (b"/Subtype /Highlight", b"1 1 1 rg 4 0 2.7 12 re f", b""),
    "highlight multiplied in black": (b"/Subtype /Highlight", b"/G0 gs 0 0 0 rg 4 0 2.7 12 re f", MULTIPLY),
    # round 17: a 7 drawn in thin lines before the 3 (pdfium showed 72*Ascend once the 3 was erased)
    "link drawing a 7 in thin lines": (b"/Subtype /Link /Border [0 0 0]", b"0 0 0 RG 0.8 w 0 11 m 3.5 11 l 1 1 l S", b""),
    # round 18: level lines turned by a cm into a 7, a 7 of thin bars (rectangles)
    "link drawing a 7 in turned level lines": (b"/Subtype /Link /Border [0 0 0]",
                                               b"0 0 0 RG 0.8 w 0 11 m 3.5 11 l S 0.3 -1 1 0.1 1 1 cm 0 0 m 10 0 l S", b""),
    "link drawing a 7 in thin bars": (b"/Subtype /Link /Border [0 0 0]", b"0 0 0 RG 0.5 w 0 10.5 3.5 0.3 re 3 1 0.3 10 re S",
                                      b""),
}
DARKER = ("highlight multiplied in black", "link drawing a 7 in thin lines", "link drawing a 7 in turned level lines",
          "link drawing a 7 in thin bars")  # ink added, not taken


@pytest.mark.parametrize("kind", HIDING)
def test_an_annotation_read_through_that_hides_part_of_a_glyph_is_an_error(kind, canvas_font, tmp_path):
    """Catches: the annotation read through because its appearance shows no text, while its paint
    hides part of a glyph."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    annotated = with_annotation(data, *HIDING[kind], where=OVER_THE_THREE)
    before, after = ink_in_gap(data, OVER_THE_THREE), ink_in_gap(annotated, OVER_THE_THREE)
    # a viewer paints part of the 3 white, or the ground around it black (the glyph lost in it), or a 7
    assert after > 1.25 * before if kind in DARKER else after < 0.75 * before
    with pytest.raises(LayoutError, match=r"page 1: a (Link|Underline|Highlight) annotation drawn over the vendor table "
                                          r"\(at x \d+-\d+, y \d+-\d+\) whose appearance shows text or an image, or "
                                          r"paints what may hide"):
        extract_pdf(annotated, "t.pdf")


def test_a_highlight_multiplied_over_the_text_is_read_through(canvas_font, tmp_path):
    """What must not be refused: a highlight's yellow fill in the Multiply blend mode, as viewers
    write one (the text shows through it, dark on yellow)."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    entries = b"/Subtype /Highlight /C [1 1 0] /QuadPoints [%.1f 740 %.1f 740 %.1f 728 %.1f 728]" % (
        *OVER_THE_THREE[::2], *OVER_THE_THREE[::2])
    annotated = with_annotation(data, entries, b"/G0 gs 1 1 0 rg 0 0 8 12 re f",
                                MULTIPLY, OVER_THE_THREE)
    frame = normalize(extract_pdf(annotated, "t.pdf")[0], "2025-10-22").frame
    assert sorted(frame.min_units.dropna()) == [16, 32]


def test_a_dark_highlight_without_an_appearance_is_an_error(canvas_font, tmp_path):
    """Catches (round 18): a highlight with no appearance stream and a black colour, which the
    viewer draws itself, multiplying black over the 3 (only fields without one were judged)."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    entries = b"/Subtype /Highlight /C [0 0 0] /QuadPoints [%.1f 740 %.1f 740 %.1f 728 %.1f 728]" % (
        *OVER_THE_THREE[::2], *OVER_THE_THREE[::2])
    with pytest.raises(LayoutError, match=r"page 1: a Highlight annotation drawn over the vendor table"):
        extract_pdf(with_annotation(data, entries, None, where=OVER_THE_THREE), "t.pdf")


# Hunt 82: a link given no appearance stream, its border 7 pt wide (/Border [0 0 7], or /BS << /W 7 >>) in
# a colour (/C), its left edge on the 3 of 32*Ascend. poppler (pdftoppm, Evince, Okular) strokes the border
# and shows 2*Ascend; pdfium draws no border and shows 32. 32 was published: only appearances were judged.
WIDE_BORDERS = {
    "border array, white": b"/Subtype /Link /Border [0 0 7] /C [1 1 1]",
    "border style, black": b"/Subtype /Link /BS << /W 7 /S /S >> /C [0 0 0]",
}
# where the border goes: its left side (7 pt wide) on the left of the 3 (217.5-221.9), on past the cell
OVER_THE_THREE_AND_ON = (XS[3] + 7, 727, XS[3] + 63, 741)


def poppler_ink(data: bytes, where: tuple[float, float, float, float], tmp_path) -> int:
    """Dark pixels poppler (pdftoppm) shows in `where` (PDF space) at 288 dpi."""
    (tmp_path / "p.pdf").write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "288", "-gray", "-singlefile", "-png", str(tmp_path / "p.pdf"),
                    str(tmp_path / "p")], check=True)
    image = numpy.asarray(Image.open(tmp_path / "p.png"))
    height = image.shape[0] / 4
    x0, y0, x1, y1 = (round(v * 4) for v in (where[0], height - where[3], where[2], height - where[1]))
    return int(numpy.count_nonzero(image[y0:y1, x0:x1] < 128))


@pytest.mark.parametrize("kind", WIDE_BORDERS)
def test_a_wide_border_viewers_stroke_around_a_link_without_an_appearance_is_an_error(kind, canvas_font, tmp_path):
    """Catches: the border poppler strokes around a link it is given no appearance for not judged
    (pdfium strokes none): the left of the 3 painted over, 2*Ascend shown, 32 published."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    annotated = with_annotation(data, WIDE_BORDERS[kind], None, where=OVER_THE_THREE_AND_ON)
    assert ink_in_gap(annotated, OVER_THE_THREE) == ink_in_gap(data, OVER_THE_THREE)  # pdfium: the 3 whole
    if shutil.which("pdftoppm"):  # poppler: the left of the 3 painted over, white, or lost in black
        before, after = poppler_ink(data, OVER_THE_THREE, tmp_path), poppler_ink(annotated, OVER_THE_THREE, tmp_path)
        assert after < 0.75 * before or after > 1.25 * before
    with pytest.raises(LayoutError, match=r"page 1: a Link annotation drawn over the vendor table \(at x \d+-\d+, "
                                          r"y \d+-\d+\) whose appearance .* a wide border that viewers stroke"):
        extract_pdf(annotated, "t.pdf")


def test_a_thin_link_border_around_a_value_is_read_and_one_through_it_is_an_error(canvas_font, tmp_path):
    """What must not be refused: LaTeX's hyperref marks a link with a 1 pt box a viewer strokes round
    the text (/Border [0 0 1], red, no appearance). Catches: the same box moved up so that its
    lower side runs through the digits, the value shown struck out, read as printed."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    hyperref = b"/Subtype /Link /Border [0 0 1] /C [1 0 0] /H /I"
    around = with_annotation(data, hyperref, None, where=(XS[3] + 1, 725, XS[4] - 1, 743))
    assert sorted(normalize(extract_pdf(around, "t.pdf")[0], "2025-10-22").frame.min_units.dropna()) == [16, 32]
    through = with_annotation(data, hyperref, None, where=(XS[3] + 1, 733, XS[4] - 1, 745))
    with pytest.raises(LayoutError, match=r"page 1: a Link annotation whose appearance draws a line through the "
                                          r"vendor table's text"):
        extract_pdf(through, "t.pdf")


HYPERREF_PRINT = FIXTURES / "pdf" / "xelatex-hyperref-2025-05-07.pdf"  # source: the .tex beside it


def test_latex_hyperrefs_boxes_round_links_in_the_table_are_read():
    """What must not be refused (hunt 82's rule checked on a real producer): XeLaTeX with hyperref's
    defaults, the model names and the 4*Ascend values made links. Each is a Link with a 1 pt cyan
    border and no appearance, which poppler strokes exactly round the text (a side on the edge of a
    glyph's box); read as the page."""
    import pdfplumber
    with pdfplumber.open(HYPERREF_PRINT) as pdf:
        links = [a["data"] for a in pdf.pages[0].annots if a["data"]["Subtype"].name == "Link"]
    assert len(links) >= 7 and all(a.get("AP") is None and list(a["Border"]) == [0, 0, 1] and a.get("C") for a in links)
    release = "2025-05-07"
    grid, updated = extract_pdf(HYPERREF_PRINT.read_bytes(), HYPERREF_PRINT.name)
    html = extract_html((RAW / release / "page.html").read_bytes(), "page.html")[0]
    lineage = ["source_file", "source_page", "raw_text"]
    assert normalize(grid, release).frame.drop(columns=lineage).equals(
        normalize(html, release).frame.drop(columns=lineage))


@pytest.mark.parametrize("rect", [b"[/Foo 728 %.1f 740]" % GAP[2], b"[null 728 %.1f 740]" % GAP[2],
                                  b"[0 728 %.1f 740 0]" % GAP[2]], ids=["a name", "null", "five numbers"])
def test_an_annotation_whose_rect_is_not_four_numbers_is_an_error(rect, canvas_font, tmp_path):
    """Catches (hunt 123): an annotation whose /Rect held a name or null was left out as one viewers
    skip, but pdfium reads what is no number as 0 and draws it (poppler and mupdf too, for a name;
    mupdf takes the first four of five numbers): its `1` before 32*Ascend was never looked at, and 32
    published where every viewer draws 132."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    one = b"BT /H 8 Tf %.1f 3 Td (1) Tj ET" % (GAP[0] + 1)
    edited = with_annotation(data, b"/Subtype /FreeText /DA (/H 8 Tf 0 g)", one, where=(0, 728, GAP[2], 740), rect=rect)
    if rect.startswith(b"[/Foo") or rect.startswith(b"[null"):
        assert ink_in_gap(edited) > 0  # the premise: pdfium draws the 1 there
    with pytest.raises(LayoutError, match=r"page 1: a FreeText annotation whose place this reader cannot read \(/Rect "):
        extract_pdf(edited, "t.pdf")


def test_an_appearance_whose_filter_pdfminer_does_not_know_is_an_error_not_an_internal_one(canvas_font, tmp_path):
    """Catches (hunt 125): a link's appearance stream under `/Filter /Foo` stopped the run with
    `internal error: PDFNotImplementedError` (exit 3); pdfium passes its bytes through and draws its 1."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", lambda *_: None)
    edited = with_annotation(data, b"/Subtype /Link /Border [0 0 0]", A_ONE, head=b" /Filter /Foo")
    assert ink_in_gap(edited) > 0  # the premise: pdfium draws the 1
    with pytest.raises(SourceError, match=r"the PDF cannot be read \(Unsupported filter: /'Foo'\)"):
        extract_pdf(edited, "t.pdf")
