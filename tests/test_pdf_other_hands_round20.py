"""PDFs made by other hands, round 20 (session 52).

- **Glyph names looked up in the font's program** (left open in round 38, hunt 168): a simple
  TrueType font whose /Differences names code 52 `four`, over a program whose `post` table gives
  the name `four` to the outline of 1 (its cmap still maps 0x34 to the outline of 4). MuPDF draws
  the code by the program's glyph name (1), pdfium and poppler by the name's character in the cmap
  (4); the tool read 4 and published it. A code drawn by different glyphs through the program's
  cmap subtables and its glyph names is an error (pdf_font_glyphs.subtables_disagree).
"""
from __future__ import annotations

import io

import pdfplumber
import pytest
from fontTools.ttLib import TTFont
from pdfminer.pdftypes import resolve1

from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from test_pdf_other_hands_round7 import REAL
from test_pdf_other_hands_round18 import published

FONT_PROGRAM, FONT, DESCRIPTOR = 6, 8, 7  # the print's font F2+0 (WenQuanYi Zen Hei, symbolic TrueType)


def print_font() -> TTFont:
    with pdfplumber.open(REAL) as pdf:
        return TTFont(io.BytesIO(resolve1(resolve1(pdf.doc.getobj(DESCRIPTOR))["FontFile2"]).get_data()))


def with_glyph_names(renamed: dict[str, str]) -> bytes:
    """The print's font program with a format 2 `post` table naming its glyphs, the glyphs of
    `renamed` under other names (the outlines and cmaps unchanged), and its font given
    `/Differences [52 /four]`."""
    font = print_font()
    order = [renamed.get(name, name) for name in font.getGlyphOrder()]
    font["post"].formatType, font["post"].extraNames, font["post"].mapping = 2.0, [], {}
    font.setGlyphOrder(order)
    font["glyf"].glyphs = {renamed.get(k, k): v for k, v in font["glyf"].glyphs.items()}
    font["glyf"].glyphOrder = order
    font["hmtx"].metrics = {renamed.get(k, k): v for k, v in font["hmtx"].metrics.items()}
    for subtable in font["cmap"].tables:
        subtable.cmap = {code: renamed.get(glyph, glyph) for code, glyph in subtable.cmap.items()}
    program = io.BytesIO()
    font.save(program)
    data = REAL.read_bytes()
    start = data.index(b"%d 0 obj" % FONT)
    spec = data[start + len(b"%d 0 obj" % FONT):data.index(b"endobj", start)].strip()
    spec = spec.replace(b"/Subtype /TrueType", b"/Subtype /TrueType /Encoding << /Differences [52 /four] >>")
    assert b"/Differences" in spec
    return incremental_update(data, {FONT_PROGRAM: stream(b"", program.getvalue()), FONT: spec})


def the_outline_of(character: str) -> str:
    return print_font()["cmap"].getcmap(1, 0).cmap[ord(character)]


def test_a_glyph_name_naming_another_digits_outline_is_an_error():
    """Catches (hunt 168): the program names the outline of 1 `four` (and that of 4 `one`), which
    /Differences gives code 52: MuPDF 1.21 drew every 4 of page 1 as a 1, pdfium and poppler as 4
    (checked in the hunt at 576 dpi), and the tool published 4."""
    one, four = the_outline_of("1"), the_outline_of("4")
    data = with_glyph_names({one: "four", four: "one"})
    with pytest.raises(LayoutError, match=r"page 1: a glyph read as '4' in font \S+ is drawn by different glyphs in its "
                                          r"font program \(cmap subtable \(1, 0\); the glyph named 'four'\): viewers choose"):
        extract_pdf(data, "doc.pdf")


def test_glyph_names_agreeing_with_the_cmap_are_read():
    """What must be read: the same program with glyph names of its own (the outline of 4 named
    `four`): every viewer draws 4, and the print's values are published."""
    data = with_glyph_names({the_outline_of("4"): "four"})
    assert published(data) == {4}
