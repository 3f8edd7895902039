"""Hunt 36 (session 35): marks over the table that viewers draw otherwise than the extractor read
them, each published 32 with exit 0 before (the object given twice is
tests/test_pdf_same_glyphs_elsewhere.py's). Each is added to a real table drawn by reportlab, as an
editor saves it (an incremental update), and checked to be what a viewer draws (pdfium) first:

- a filled path whose box is the cell's but whose shape is not a rectangle (pipeline/extract/pdf_paths.py);
- an Underline with no appearance (viewers draw it along its QuadPoints), a Highlight whose
  multiplied fill is shaped, an appearance turned by its /Matrix (pipeline/extract/pdf_annots.py);
- and, the other way, a highlight across a rule, which hid the rule from the check that rules are
  seen (pipeline/extract/pdf_ink.py `unseen_rule`)."""
from __future__ import annotations

import pytest

from pdf_drawing import canvas_font, incremental_update, stream  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from test_pdf_every_glyph_whole import latest_content, page_with
from test_pdf_glyph_drawn_as_read import CONTENT, PAGE, published
from test_pdf_engines_agree_on_paths import ink, table  # noqa: F401  (a fixture)


def under_the_text(data: bytes, path: bytes) -> bytes:
    """`path` painted before the page's text (a cell's background is)."""
    return incremental_update(data, {CONTENT: stream(b"", b"q " + path + b" Q\n" + latest_content(data))})


def test_a_fill_with_a_cells_box_but_another_shape_is_an_error(table):
    """Catches: a path was taken as a cell's background by its box alone; one crossing the
    32*Ascend cell corner to corner (its box the cell's) draws a grey X through the value."""
    varied = under_the_text(table, b"0.6 g 210 722 m 260 742 l 260 722 l 210 742 l h f")
    assert ink(varied, 234, 731, 236, 733) < 200  # the construction: grey where the X crosses, none above it
    assert ink(varied, 234, 738.5, 236, 739.5) > 250
    with pytest.raises(LayoutError, match=r"page 1: a path drawn inside the vendor table off its ruling, or painted "
                                          r"with a pattern \(50\.0 by 20\.0 pt at 210 pt from the left"):
        extract_pdf(varied, "t.pdf")


def test_a_cells_rectangle_is_its_background(table):
    """The control: the same grey as the cell's rectangle is its background."""
    assert published(under_the_text(table, b"0.9 g 210 722 50 20 re f")) == [16, 32]


def underline_without_appearance(data: bytes, foot: float) -> bytes:
    """An Underline with no appearance over 32*Ascend, its quadrilateral (a line of text, 8 pt
    high) standing on `foot`."""
    return incremental_update(data, {
        PAGE: page_with(data, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Underline /Rect [212 %g 259 %g] /QuadPoints [213 %g 258 %g 213 %g 258 %g] "
            b"/C [1 0 0] /F 4 >>" % (foot - 1, foot + 9, foot + 8, foot + 8, foot, foot)})


def test_an_underline_without_appearance_through_the_text_is_an_error(table):
    """Catches: only lines an appearance strokes were placed against the text; viewers draw an
    Underline without one along its QuadPoints' foot, here through the digits (32*Ascend struck)."""
    varied = underline_without_appearance(table, 733.5)
    assert ink(varied, 253, 732.5, 257, 735.5) < 128  # the construction: the line drawn, past the text too
    with pytest.raises(LayoutError, match=r"page 1: a Underline annotation whose appearance draws a line through "
                                          r"the vendor table's text \(at 213 pt from the left"):
        extract_pdf(varied, "t.pdf")


def test_an_underline_without_appearance_under_the_text_is_read(table):
    """The control: its foot below the baseline (731) is an underline."""
    assert published(underline_without_appearance(table, 728.5)) == [16, 32]


def highlight(data: bytes, colour: bytes, path: bytes) -> bytes:
    """A Highlight over 32*Ascend whose appearance fills `path` in `colour`, multiplied."""
    return incremental_update(data, {
        PAGE: page_with(data, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Highlight /Rect [211 723 259 741] /F 4 /AP << /N 22 0 R >> >>",
        22: stream(b"/Type /XObject /Subtype /Form /BBox [211 723 259 741] /Resources << /ExtGState << /M << "
                   b"/BM /Multiply >> >> >>", b"/M gs " + colour + b" " + path + b" f")})


X_SHAPE = b"212 724 m 258 740 l 258 724 l 212 740 l h"
QUADRILATERAL = b"212 724 m 258 724 l 258 740 l 212 740 l h"


def test_a_highlights_shaped_grey_fill_is_an_error(table):
    """Catches: a fill multiplied over the text passed as a highlight whatever its shape when its
    colour was lighter than 0.1 luminance; a 0.4 grey (0.13) shaped as a digit shows one."""
    varied = highlight(table, b"0.4 g", X_SHAPE)
    assert ink(varied, 224, 731.5, 225, 732.5) < 128  # the construction: the X's middle, left of the 2's foot
    with pytest.raises(LayoutError, match=r"page 1: a Highlight annotation drawn over the vendor table"):
        extract_pdf(varied, "t.pdf")


@pytest.mark.parametrize("colour, path", [(b"1 1 0 rg", X_SHAPE), (b"0.4 g", QUADRILATERAL)],
                         ids=["faint-shape", "grey-quadrilateral"])
def test_a_highlight_too_faint_to_show_a_shape_or_a_quadrilateral_is_read(colour, path, table):
    """The controls: yellow shows no shape on white (1.07:1); a quadrilateral is a highlight's."""
    assert published(highlight(table, colour, path)) == [16, 32]


def link_stroking(data: bytes, matrix: bytes) -> bytes:
    """A Link whose appearance strokes one level line 7 units long, placed by `matrix` in a
    1-by-8-point box left of the 3 of 32*Ascend."""
    return incremental_update(data, {
        PAGE: page_with(data, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Link /Rect [211.2 730 212.2 738] /F 4 /Border [0 0 0] /AP << /N 22 0 R >> >>",
        22: stream(b"/Type /XObject /Subtype /Form /BBox [0 -0.5 7 0.5] /Matrix [%s]" % matrix, b"0 G 0.8 w 0 0 m 7 0 l S")})


def test_an_appearance_turned_upright_by_its_matrix_is_an_error(table):
    """Catches: the line was measured level in its form's space; its /Matrix turns it upright, and
    fitted to the /Rect it is a 1 drawn before 32*Ascend (viewers: 132*Ascend)."""
    varied = link_stroking(table, b"0 1 -1 0 0 0")
    assert ink(varied, 211.5, 732, 212, 736) < 128  # the construction: an upright stroke left of the 3
    with pytest.raises(LayoutError, match=r"page 1: a Link annotation drawn over the vendor table"):
        extract_pdf(varied, "t.pdf")


def test_a_highlight_across_a_rule_leaves_the_rule_seen(table):
    """Catches: where annotations lay, the check that each dividing rule shows looked past their
    whole box; a highlight across the rule between the header and 32*Ascend left nothing to look
    at there, and the page was refused ("a rule ... that the page does not show"), though viewers
    show the rule through the highlight. Rules are now looked at on the page without annotations."""
    varied = incremental_update(table, {
        PAGE: page_with(table, b"/Annots [21 0 R]"),
        21: b"<< /Type /Annot /Subtype /Highlight /Rect [211 735 259 749] /F 4 /AP << /N 22 0 R >> >>",
        22: stream(b"/Type /XObject /Subtype /Form /BBox [211 735 259 749] /Resources << /ExtGState << /M << "
                   b"/BM /Multiply >> >> >>", b"/M gs 1 1 0 rg 211 735 48 14 re f")})
    assert ink(varied, 230, 741.6, 240, 742.4) < 64  # the construction: the rule drawn through the highlight
    assert published(varied) == [16, 32]


# --- hunt 38 (the same session, against the rules above) ---------------------------------------------

def with_annotation(data: bytes, annotation: bytes, appearance: bytes | None = None, resources: bytes = b"") -> bytes:
    """`annotation` (a dictionary's entries) over 32*Ascend, with `appearance` drawn in a form of
    the page's own coordinates where given."""
    objects = {PAGE: page_with(data, b"/Annots [21 0 R]"),
               21: b"<< /Type /Annot /F 4 %s%s >>" % (annotation, b" /AP << /N 22 0 R >>" if appearance else b"")}
    if appearance:
        objects[22] = stream(b"/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << %s >>" % resources,
                             appearance)
    return incremental_update(data, objects)


MULTIPLY = b"/ExtGState << /M << /BM /Multiply >> /W << /LW 6.5 >> >>"
LINK = b"/Subtype /Link /Rect [0 0 595 842] /Border [0 0 0]"


def test_annotations_viewers_skip_are_skipped(table):
    """Catches (hunt 38): a link without /Rect, or an integer among the /Annots, stopped pdfplumber
    (exit 3, an internal error); viewers skip such entries and draw the table."""
    no_rect = incremental_update(table, {PAGE: page_with(table, b"/Annots [21 0 R 5]"),
                                         21: b"<< /Type /Annot /Subtype /Link /F 4 >>"})
    assert published(no_rect) == [16, 32]


@pytest.mark.parametrize("appearance", [
    b"/M gs 0.36 g " + b" ".join(b"213.5 %g 1.2 0.6 re f" % (731 + 0.8 * n) for n in range(7)),  # rows of a digit
    b"/M gs 2 2 2 2 k 212 724 m 258 740 l 258 724 l 212 740 l h f",  # out of range: viewers clamp it to black
    b"0 G 0.6 w 255 737 4.5 -4.5 re 213 734 l S",  # a line drawn on from a rectangle's corner, through the text
    b"0 G /W gs 212.5 731 m 212.6 731 l S",  # a level line 6.5 pt wide by the graphics state: a bar before the 3
], ids=["many-rectangles", "colour-out-of-range", "line-from-a-corner", "width-by-gs"])
def test_an_appearance_drawing_what_a_link_does_not_is_an_error(appearance, table):
    """Catches (hunt 38): each drew over 32*Ascend what viewers show as another value (82, a bar
    before it, a strike), and passed: fills judged one at a time, colours not clamped, the
    current point after `re` not kept, a line width set by `gs` not read."""
    varied = with_annotation(table, LINK, appearance, MULTIPLY)
    with pytest.raises(LayoutError, match=r"page 1: a Link annotation (drawn over the vendor table|whose appearance "
                                          r"draws a line through)"):
        extract_pdf(varied, "t.pdf")


@pytest.mark.parametrize("annotation", [
    b"/Subtype /Widget /FT /Tx /T (f) /Rect [211.5 730 212.7 738] /MK << /BG [0] /BC [0] >>",  # an empty field's bar
    b"/Subtype /Widget /FT /Ch /T (f) /Rect [212 729 220 739] /Opt [(8)]",  # a list box showing its option
    b"/Subtype /Underline /Rect [210 729 212.5 739] /C [0 0 0] /QuadPoints [" + b" ".join(
        b"210.5 %g 212 %g 210.5 %g 212 %g" % (y + 8, y + 8, y, y) for y in (731, 731.7, 732.4, 733.1, 733.8)) + b"]",
], ids=["field-background", "list-options", "stacked-feet"])
def test_what_a_viewer_draws_without_an_appearance_is_judged(annotation, table):
    """Catches (hunt 38): with no appearance, viewers draw a field's background and border and a
    list box's options, and an Underline along each quadrilateral's foot (stacked, a bar): each
    passed as drawing nothing, and 32 was published where viewers show a mark before it or 82."""
    with pytest.raises(LayoutError, match=r"page 1: a (Widget|Underline) annotation drawn over the vendor table"):
        extract_pdf(with_annotation(table, annotation), "t.pdf")


def test_a_fill_through_a_soft_mask_is_an_error(table):
    """Catches (hunt 38): a cell's background drawn through a soft mask cut as a shape shows the
    mask's shape (an 8 over the 3), and passed as the cell's rectangle."""
    mask = b"<< /Type /Mask /S /Luminosity /G 20 0 R >>"
    varied = incremental_update(table, {
        CONTENT: stream(b"", latest_content(table) + b"\nq /SM gs 0 g 210 722 50 20 re f Q"),
        PAGE: page_with(table, b"", b"/ExtGState << /SM << /SMask %s >> >>" % mask),
        20: stream(b"/Type /XObject /Subtype /Form /Group << /S /Transparency /CS /DeviceGray >> /BBox [0 0 595 842]",
                   b"0 g 0 0 595 842 re f 1 g 213.5 731 1.2 6 re f")})
    assert ink(varied, 213.7, 732, 214.5, 736) < 64  # the construction: the mask's bar drawn black
    with pytest.raises(LayoutError, match=r"page 1: a fill or line in the vendor table painted through a soft mask"):
        extract_pdf(varied, "t.pdf")


ACROBAT_ENDS = (b"214 724 m 211.5 726.5 211.5 737.5 214 740 c 256 740 l 258.5 737.5 258.5 726.5 256 724 c h")


@pytest.mark.parametrize("colour", [b"0.5 1 0.5 rg", b"0.5 0.8 1 rg", b"1 0.6 0.8 rg"], ids=["green", "blue", "pink"])
def test_a_highlight_with_rounded_ends_as_acrobat_draws_it_is_read(colour, table):
    """Catches (hunt 38): Acrobat's highlight, one fill with rounded ends (Bezier curves), in its
    palette's green, blue or pink (over FAINT against white), was refused as painting what may hide
    a glyph; it is one convex shape a line of text high, and viewers show 32*Ascend on it."""
    assert published(highlight(table, colour, ACROBAT_ENDS)) == [16, 32]


def test_a_curved_fill_that_is_not_convex_is_an_error(table):
    """The control: the same ends curved inwards (an hourglass) are not one convex shape."""
    inward = ACROBAT_ENDS.replace(b"211.5 726.5 211.5 737.5", b"216.5 726.5 216.5 737.5")
    with pytest.raises(LayoutError, match=r"page 1: a Highlight annotation drawn over the vendor table"):
        extract_pdf(highlight(table, b"0.5 1 0.5 rg", inward), "t.pdf")
