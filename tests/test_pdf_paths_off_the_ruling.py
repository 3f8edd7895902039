"""Paths drawn inside the vendor table that are not its rules (pipeline/extract/pdf_paths.py):
ink of no glyph, which a reader reads as a digit or a point beside the text. Once read with
exit 0: a dot drawn between the 3 and the 2 of `32*Ascend` (pdfium shows `3.2*Ascend`, 32 was
published; found on a copy of the vendor's print edited with pikepdf, checked in pdfium's render).
A 1 or an 8 drawn as a stroke or curves before a value was refused only by chance, the stroke
taken for a column boundary (`a framework/hardware column appears twice`)."""
from __future__ import annotations

import pytest

from pdf_drawing import XS, canvas_font  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from test_pdf_same_glyphs_elsewhere import one_row_table

ROW_TOP, ROW_BOTTOM = 842 - 100, 842 - 120  # the value row's rules, PDF points from the page's foot


def a_one_as_a_stroke(canvas, x, baseline):
    canvas.setLineWidth(0.8)
    canvas.line(x + 1.5, baseline, x + 1.5, baseline + 5.8)


def an_eight_as_curves(canvas, x, baseline):
    path = canvas.beginPath()
    path.circle(x + 2, baseline + 1.4, 1.4)
    path.circle(x + 2, baseline + 4.3, 1.3)
    canvas.drawPath(path, stroke=1, fill=0)


def a_point(canvas, x, baseline):
    canvas.rect(x + 0.8, baseline, 0.8, 0.8, stroke=0, fill=1)


def a_dash_as_a_filled_box(canvas, x, baseline):
    canvas.rect(x, baseline + 2.5, 2.2, 0.7, stroke=0, fill=1)


def a_point_beside_the_rule(canvas, x, baseline):
    """1.6 pt from the cell's left rule (x - 3), within a boundary's reach but not on the rule."""
    canvas.rect(x - 1.8, baseline, 0.8, 0.8, stroke=0, fill=1)


@pytest.mark.parametrize("draw", [a_one_as_a_stroke, an_eight_as_curves, a_point, a_dash_as_a_filled_box,
                                  a_point_beside_the_rule])
def test_a_path_off_the_ruling_is_an_error_naming_the_place(canvas_font, tmp_path, draw):
    """Catches: a digit, a point or a dash drawn as a path before `32*Ascend` (a reader sees 132,
    832, .32 or -32) read as 32, or refused for another reason than the ink."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", draw)
    with pytest.raises(LayoutError, match=r"page 1: a path drawn inside the vendor table off its ruling, or painted "
                                          r"with a pattern \(.* at 21\d pt "
                                          r"from the left, 1[01]\d pt from the top\)"):
        extract_pdf(data, "t.pdf")


def a_background_and_a_rule_in_pieces(canvas, x, baseline):
    """The next value cell shaded (its text is drawn after this), and the row's bottom rule drawn
    again in two pieces meeting where no column boundary is (Chromium's print of a page where a
    merged cell leaves that boundary to other pages)."""
    canvas.setFillGray(0.9)
    canvas.rect(XS[4], ROW_BOTTOM, XS[5] - XS[4], ROW_TOP - ROW_BOTTOM, stroke=0, fill=1)
    canvas.setFillGray(0)
    canvas.line(XS[0], ROW_BOTTOM, 185, ROW_BOTTOM)
    canvas.line(185, ROW_BOTTOM, XS[5], ROW_BOTTOM)


def test_rules_in_pieces_and_backgrounds_are_read(canvas_font, tmp_path):
    """What must not be refused: a cell's background between its rules, a rule drawn in pieces
    that meet off the column boundaries, the rules' crossings."""
    grid, _ = extract_pdf(one_row_table(canvas_font, tmp_path / "t.pdf", a_background_and_a_rule_in_pieces), "t.pdf")
    assert any(cell.text == "32*Ascend" for cell in grid.cells)
