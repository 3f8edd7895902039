"""A font the PDF names but does not carry is rendered the same on every machine
(pipeline/extract/pdf_fonts.py): as solid boxes, so that the ink test (pdf_ink) decides from
where, in which colour and under which cover a glyph is drawn, never from the fonts this
machine happens to have."""
from __future__ import annotations

import io

import numpy as np
import pdfplumber
import pytest

from pipeline.extract.pdf_ink import SCALE, Sight


def drawn(tmp_path, font: str, text: str, colour=(0, 0, 0)) -> bytes:
    """One line of `text` at 40 pt, in `font` (reportlab embeds neither its CID fonts nor the
    14 standard ones), on a white page."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen.canvas import Canvas

    if font not in pdfmetrics.standardFonts and font not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(font))
    out = tmp_path / "one.pdf"
    canvas = Canvas(str(out), pagesize=(300, 100), invariant=1)
    canvas.setFillColorRGB(*colour)
    canvas.setFont(font, 40)
    canvas.drawString(20, 40, text)
    canvas.save()
    return out.read_bytes()


def middle_of_each_glyph(data: bytes) -> list[np.ndarray]:
    """The rendering inside the middle half (across and up) of each glyph's box."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        image = Sight(data).rendering(page)
        middles = []
        for ch in page.chars:
            width, height = ch["x1"] - ch["x0"], ch["bottom"] - ch["top"]
            x0, x1 = ch["x0"] + width / 4, ch["x1"] - width / 4
            y0, y1 = ch["top"] + height / 4, ch["bottom"] - height / 4
            middles.append(image[int(y0 * SCALE):int(y1 * SCALE), int(x0 * SCALE):int(x1 * SCALE)])
        return middles


def test_a_cjk_glyph_of_a_font_the_file_does_not_carry_is_a_solid_box(tmp_path):
    """Catches: pdfium drawing a CJK font the file only names with whatever this machine has
    (nothing at all without CJK fonts): the 2025-05-07 header in STSong-Light was refused as
    'text the page does not show' on a machine without fonts-wqy-zenhei and read on one with
    it. Drawn as a box, the middle of every glyph is ink on every machine (a real 模 or 数 has
    white between its strokes)."""
    middles = middle_of_each_glyph(drawn(tmp_path, "STSong-Light", "模型数"))
    assert len(middles) == 3
    assert all(middle.size and middle.max() < 64 for middle in middles)


def test_a_glyph_the_file_does_not_carry_in_the_background_colour_is_still_unseen(tmp_path):
    """Catches: a substitute that made every glyph count as seen. White on white in a font the
    file does not carry shows no ink; black shows it."""
    white = drawn(tmp_path, "STSong-Light", "14", colour=(1, 1, 1))
    with pdfplumber.open(io.BytesIO(white)) as pdf:
        hidden, off, _ = Sight(white).unseen(pdf.pages[0], pdf.pages[0].chars)
    assert [ch["text"] for ch in hidden] == ["1", "4"] and not off
    black = drawn(tmp_path, "STSong-Light", "14")
    with pdfplumber.open(io.BytesIO(black)) as pdf:
        assert Sight(black).unseen(pdf.pages[0], pdf.pages[0].chars) == ([], [], [])


@pytest.mark.parametrize("font", ["Helvetica", "Times-Roman"])
def test_the_standard_fonts_are_drawn_as_themselves(tmp_path, font):
    """Catches: boxes for the 14 standard fonts too, which pdfium carries and every reader
    draws alike: an O keeps its hole."""
    [middle] = middle_of_each_glyph(drawn(tmp_path, font, "O"))
    assert middle.max() > 192
