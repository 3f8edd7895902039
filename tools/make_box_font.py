"""Writes pipeline/extract/box.ttf: the font pdf_ink renders every font a PDF does not carry in.

One glyph, a solid box (100-900 across an advance of 1000 units, -100 to 700 up), mapped
from every code point but the controls and the space (a format 13 cmap: many to one).
Committed; regenerate with `pip install fonttools` and `python tools/make_box_font.py`.
"""
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

OUT = Path(__file__).resolve().parent.parent / "pipeline" / "extract" / "box.ttf"


def box(x0: int, y0: int, x1: int, y1: int):
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y0))
    pen.lineTo((x0, y1))
    pen.lineTo((x1, y1))
    pen.lineTo((x1, y0))
    pen.closePath()
    return pen.glyph()


def main() -> None:
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", "box"])
    builder.setupCharacterMap({})
    builder.setupGlyf({".notdef": TTGlyphPen(None).glyph(), "box": box(100, -100, 900, 700)})
    builder.setupHorizontalMetrics({".notdef": (1000, 0), "box": (1000, 100)})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "mincards box", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    every = CmapSubtable.newSubtable(13)
    every.platformID, every.platEncID, every.language = 3, 10, 0
    every.cmap = {code: "box" for code in range(0x21, 0x110000) if not 0xD800 <= code < 0xE000}
    builder.font["cmap"].tables = [every]
    builder.font["head"].created = builder.font["head"].modified = 0  # the same bytes each time
    builder.font.recalcTimestamp = False
    builder.font.save(OUT)


if __name__ == "__main__":
    main()
