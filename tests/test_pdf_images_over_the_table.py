"""Images and shadings painted where the vendor table is (round 12, each checked in pdfium's
render of the vendor's own print): a white image over the left of an 8 leaves a 3 with ink enough
for the ink check (8 was published), a `1` cropped from the print and drawn as an image before
`32*Ascend` shows 132 (32 was published). The table is drawn with text and lines only: any image
or shading inside its extent is a layout error naming the place."""
from __future__ import annotations

import pytest

from pdf_drawing import canvas_font  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from test_pdf_same_glyphs_elsewhere import one_row_table


def bar(width: int, height: int, level: int):
    from PIL import Image
    return Image.new("L", (width, height), level)


def a_one_drawn_as_an_image(canvas, x, baseline):
    canvas.drawInlineImage(bar(1, 8, 0), x + 1, baseline, width=0.8, height=5.7)


def white_over_the_three(canvas, x, baseline):
    from reportlab.lib.utils import ImageReader
    canvas.drawImage(ImageReader(bar(1, 1, 255)), x + 2.2, baseline - 1, width=2.3, height=8)


def white_shading_over_the_three(canvas, x, baseline):
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(x + 2.2, baseline - 1, 2.3, 8)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.linearGradient(x, baseline, x + 5, baseline, ((1, 1, 1), (1, 1, 1)), extend=True)
    canvas.restoreState()


@pytest.mark.parametrize("paint", [a_one_drawn_as_an_image, white_over_the_three, white_shading_over_the_three])
def test_an_image_or_shading_painted_in_the_table_is_an_error(canvas_font, tmp_path, paint):
    """Catches: pixels drawn in a value cell that are no glyph of the text layer: an image
    drawing a 1 before 32*Ascend (a reader sees 132), a white image or shading over part of the
    3 (a reader sees another digit) were read as 32*Ascend with exit 0."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", paint)
    with pytest.raises(LayoutError, match=r"page 1: an image or shading painted over the vendor table \(at 21\d pt "
                                          r"from the left, 10\d pt from the top\)"):
        extract_pdf(data, "t.pdf")


def test_an_image_beside_the_table_is_read(canvas_font, tmp_path):
    """What must not be refused: a logo above the table, outside its extent."""
    def logo(canvas, x, baseline):
        canvas.drawInlineImage(bar(4, 4, 0), 40, 842 - 30, width=20, height=20)
    grid, _ = extract_pdf(one_row_table(canvas_font, tmp_path / "t.pdf", logo), "t.pdf")
    assert any(cell.text == "32*Ascend" for cell in grid.cells)
