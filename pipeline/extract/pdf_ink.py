"""Every glyph read from the vendor table is one a reader sees: there is ink where it is drawn.

A PDF's text layer holds glyphs no reader sees, and pdfplumber extracts them all:
text in the background's colour (white on white, a near-white grey), drawn fully
transparent (CSS `color: transparent`, `-webkit-text-fill-color: transparent`, an
ExtGState fill alpha of 0) or in the invisible text render mode (the text layer laid
over a scan), covered by an opaque box (a fake redaction, a value pasted over), and
glyphs outside the page's visible area (a CropBox cutting the table, pages tiled by
`mutool poster`, which keep the whole page's content on every tile). A hidden `1`
before `4*Ascend` reads 14 where the print shows 4: a silent wrong number.

So the pages holding the vendor table are rendered (pdfium, the engine Chromium's own
viewer uses; grey levels, 2 pixels a point) and each glyph's box is looked at on the
rendering: a glyph whose box shows no contrast (the WCAG ratio between its darkest
and lightest pixel below 1.25, the bound the HTML reader uses for text without
contrast), or lies off the rendering, is not seen, and is an error naming the page,
the position and the text. The box is narrowed by a pixel at each side (a neighbour's
anti-aliased edge is not this glyph's ink) and reaches a fifth of the font size above
and below it (an underscore or an accent is inked just outside pdfminer's box). The
table's rules (a point each side of their edges) are masked out of the box: a glyph drawn
over a rule (an invisible `1` laid across a cell's left rule, before its value) shows ink only
beside it. The test otherwise errs towards seeing: a hidden glyph touching another glyph's ink
is taken as seen, never a seen glyph as hidden.
"""
from __future__ import annotations

import io
import unicodedata

import numpy as np
import pypdfium2 as pdfium

from ..errors import LayoutError, Place, Problem
from . import pdf_fonts  # noqa: F401  (fonts the file does not carry drawn as boxes)
from .pdf_cells import char_lines
from .pdf_glyphs import where
from .pdf_textlayer import unmapped

SCALE = 2.0  # pixels per point of the rendering
CONTRAST = 1.25  # WCAG contrast ratio below which text cannot be told from its background
REACH = 0.2  # of the font size: how far above and below its box a glyph may be inked
RULE = 1.0  # points each side of a ruling edge (snapped, perhaps off the rule's middle) its ink may reach


def _linear(level: np.ndarray) -> np.ndarray:
    c = level / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


LUMINANCE = _linear(np.arange(256, dtype=float))  # relative luminance of each grey level


def printable(text: str) -> bool:
    """Does the character draw anything (not a space, not a format character)? A glyph
    without a Unicode map (`(cid:N)`, perhaps a space) is the text layer's error
    (pdf_textlayer), not looked at here."""
    return not unmapped({"text": text}) and any(not ch.isspace() and unicodedata.category(ch) != "Cf"
                                                for ch in text)


class Sight:
    """The document as pdfium renders it, opened the first time a page is looked at."""

    def __init__(self, data: bytes):
        self.data = data
        self.doc: pdfium.PdfDocument | None = None

    @classmethod
    def of(cls, pages) -> Sight:
        """The rendering of the document `pages` (pdfplumber's) come from."""
        stream = pages[0].pdf.stream if pages else io.BytesIO(b"")
        if isinstance(stream, io.BytesIO):
            return cls(stream.getvalue())
        position = stream.tell()
        stream.seek(0)
        data = stream.read()
        stream.seek(position)
        return cls(data)

    def rendering(self, page) -> np.ndarray:
        """The page's visible area (its CropBox) in grey levels, turned as pdfplumber reads
        the page (a page read as stored, without its /Rotate, is rendered so too)."""
        if self.doc is None:
            self.doc = pdfium.PdfDocument(self.data)
        shown = self.doc[page.page_number - 1]
        try:
            turn = (page.rotation - shown.get_rotation()) % 360
            return shown.render(scale=SCALE, rotation=turn, grayscale=True).to_numpy()
        finally:
            shown.close()

    def unseen(self, page, glyphs: list[dict], rules: list[dict] = ()) -> tuple[list[dict], list[dict]]:
        """The glyphs (pdfplumber's characters of `page`) that show no ink on the page, and
        those lying off its visible area. The ink of `rules` (the table's ruling edges) is not
        a glyph's: a glyph drawn over a rule shows ink only beside it."""
        glyphs = [ch for ch in glyphs if printable(ch["text"])]
        if not glyphs:
            return [], []
        image = self.rendering(page)
        height, width = image.shape
        left, top = page.cropbox[0], page.cropbox[1]
        ruled = np.zeros(image.shape, dtype=bool)  # the pixels the ruling inks
        for edge in rules:
            ruled[max(int((edge["top"] - RULE - top) * SCALE), 0):max(int(np.ceil((edge["bottom"] + RULE - top) * SCALE)), 0),
                  max(int((edge["x0"] - RULE - left) * SCALE), 0):max(int(np.ceil((edge["x1"] + RULE - left) * SCALE)), 0)] = True
        hidden, off = [], []
        for ch in glyphs:
            reach = REACH * ch["size"]
            x0 = int((ch["x0"] - left) * SCALE) + 1
            x1 = int(np.ceil((ch["x1"] - left) * SCALE)) - 1
            y0 = int((ch["top"] - reach - top) * SCALE)
            y1 = int(np.ceil((ch["bottom"] + reach - top) * SCALE))
            if x0 >= width or x1 <= 0 or y0 >= height or y1 <= 0:
                off.append(ch)
                continue
            rows, cols = slice(max(y0, 0), min(y1, height)), slice(max(x0, 0), min(x1, width))
            box = image[rows, cols]
            if box.size and ruled[rows, cols].any():  # the rules' ink is not the glyph's
                box = box[~ruled[rows, cols]]
            if box.size == 0 or LUMINANCE[box.max()] + 0.05 < CONTRAST * (LUMINANCE[box.min()] + 0.05):
                hidden.append(ch)
        return hidden, off

    def check(self, page, number: int, glyphs: list[dict], rules: list[dict], source: str) -> None:
        """Every glyph read from the vendor table on this page (`glyphs`) is seen on it, beside
        its ruling (`rules`)."""
        hidden, off = self.unseen(page, glyphs, rules)
        if off:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table outside the page's visible area ({where(char_lines(off)[0])}"
                "): the page's CropBox or MediaBox leaves it out (cut off by a crop?)",
                "every glyph read from the table inside the page's visible area"))
        if hidden:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table that the page does not show ({where(char_lines(hidden)[0])}"
                "): no ink where it is drawn (in the background's colour, transparent, or covered)",
                "every glyph read from the table visible on the page"))

    def close(self) -> None:
        if self.doc is not None:
            self.doc.close()
            self.doc = None
