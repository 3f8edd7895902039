"""Every glyph read from the vendor table is one a reader sees: there is ink where it is drawn.

A PDF's text layer holds glyphs no reader sees, and pdfplumber extracts them all:
text in the background's colour (white on white, a near-white grey), drawn fully
transparent (CSS `color: transparent`, `-webkit-text-fill-color: transparent`, an
ExtGState fill alpha of 0) or in the invisible text render mode (the text layer laid
over a scan), covered by an opaque box (a fake redaction, a value pasted over, a form field's widget), and
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
beside it. So are the other glyphs' boxes: a glyph is seen only by ink in the part of its box
that no other glyph's box covers, so that a hidden `1` laid over half of the visible `4` is not
taken as seen by the 4's ink. Neighbours in a real print touch or overlap by a fraction of a
point; a glyph with less than OWN of its box (narrowed by a pixel at each side, as are the
others') its own is drawn over another, cannot be judged, and is an error.
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
OWN = 0.5  # of a glyph's box: the least that no other glyph's box may cover for its ink to be judged


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


def rule_mask(shape: tuple[int, int], rules: list[dict], origin: tuple[float, float]) -> np.ndarray:
    """The pixels the ruling inks (a point each side of each edge)."""
    left, top = origin
    ruled = np.zeros(shape, dtype=bool)
    for edge in rules:
        ruled[max(int((edge["top"] - RULE - top) * SCALE), 0):max(int(np.ceil((edge["bottom"] + RULE - top) * SCALE)), 0),
              max(int((edge["x0"] - RULE - left) * SCALE), 0):max(int(np.ceil((edge["x1"] + RULE - left) * SCALE)), 0)] = True
    return ruled


def glyph_box(ch: dict, origin: tuple[float, float], narrow: int) -> tuple[int, int, int, int]:
    """The glyph's box in pixels (top, bottom, left, right), narrowed by `narrow` pixels at
    each side and, for slanted text (a synthetic italic), to its advance at mid-height: the
    box of a slanted glyph runs over its neighbours' by the slant."""
    left, top = origin
    x0, x1 = ch["x0"], ch["x1"]
    a, b = ch["matrix"][:2]
    slant = (x1 - x0) - ch["adv"] * a if a > 0 and b == 0 else 0.0  # the box's width past the advance
    if slant > 0:
        x0, x1 = x0 + slant / 2, x1 - slant / 2
    return (int((ch["top"] - top) * SCALE) + narrow, int(np.ceil((ch["bottom"] - top) * SCALE)) - narrow,
            int((x0 - left) * SCALE) + narrow, int(np.ceil((x1 - left) * SCALE)) - narrow)


def window(ch: dict, origin: tuple[float, float]) -> tuple[int, int, int, int]:
    """The pixels looked at for the glyph's ink: its box narrowed by a pixel at the left and
    right, reaching REACH of its size above and below it."""
    left, top = origin
    reach = REACH * ch["size"]
    return (int((ch["top"] - reach - top) * SCALE), int(np.ceil((ch["bottom"] + reach - top) * SCALE)),
            int((ch["x0"] - left) * SCALE) + 1, int(np.ceil((ch["x1"] - left) * SCALE)) - 1)


def coverage(shape: tuple[int, int], boxes: list[tuple[int, int, int, int]]) -> np.ndarray:
    covered = np.zeros(shape, dtype=np.int32)
    for y0, y1, x0, x1 in boxes:
        if y1 > max(y0, 0) and x1 > max(x0, 0):
            covered[max(y0, 0):y1, max(x0, 0):x1] += 1
    return covered


def within(box: tuple[int, int, int, int], rows: slice, cols: slice) -> tuple[slice, slice]:
    """The part of `box` inside the window rows x cols, as slices of the window."""
    y0, y1, x0, x1 = box
    return (slice(min(max(y0, rows.start), rows.stop) - rows.start, max(min(y1, rows.stop), rows.start) - rows.start),
            slice(min(max(x0, cols.start), cols.stop) - cols.start, max(min(x1, cols.stop), cols.start) - cols.start))


def others_in(counts: np.ndarray, box: tuple[int, int, int, int], rows: slice, cols: slice) -> np.ndarray:
    """The window of `counts` (glyph boxes on each pixel) without the glyph's own `box`."""
    window = counts[rows, cols].copy()
    window[within(box, rows, cols)] -= 1
    return window


def own_share(counts: np.ndarray, box: tuple[int, int, int, int], rows: slice, cols: slice) -> float:
    """The share of the glyph's box (on the page) that no other glyph's box covers: the pixels
    only its own box counts."""
    inside = counts[rows, cols][within(box, rows, cols)]
    return float((inside == 1).mean()) if inside.size else 1.0


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

    def document(self) -> pdfium.PdfDocument:
        if self.doc is None:
            self.doc = pdfium.PdfDocument(self.data)
            self.doc.init_forms()  # form fields drawn as a viewer draws them (before any page is loaded)
        return self.doc

    def rendering(self, page) -> np.ndarray:
        """The page's visible area (its CropBox) in grey levels, turned as pdfplumber reads
        the page (a page read as stored, without its /Rotate, is rendered so too), with its
        annotations and form fields drawn from their appearance streams, as viewers draw them:
        a widget laid over a value covers it."""
        shown = self.document()[page.page_number - 1]
        try:
            turn = (page.rotation - shown.get_rotation()) % 360
            return shown.render(scale=SCALE, rotation=turn, grayscale=True, may_draw_forms=True,
                                draw_annots=True).to_numpy()
        finally:
            shown.close()

    def unseen(self, page, glyphs: list[dict], rules: list[dict] = ()) -> tuple[list[dict], list[dict], list[dict]]:
        """The glyphs (pdfplumber's characters of `page`) that show no ink on the page, those
        lying off its visible area, and those drawn over other glyphs (too little of their box
        their own to tell). The ink of `rules` (the table's ruling edges) and of the other
        glyphs' boxes is not a glyph's: a glyph drawn over a rule or another glyph shows ink
        only beside them."""
        glyphs = [ch for ch in glyphs if printable(ch["text"])]
        if not glyphs:
            return [], [], []
        image = self.rendering(page)
        origin = page.cropbox[0], page.cropbox[1]
        ruled = rule_mask(image.shape, rules, origin)
        # Each pixel's glyphs: whose ink may reach it (their boxes to the pixels their edges
        # touch), and whose box it lies well inside (narrowed by a pixel: a neighbour set a
        # fraction of a point into a glyph's box leaves it its own).
        boxes = [glyph_box(ch, origin, 0) for ch in glyphs]
        cores = [glyph_box(ch, origin, 1) for ch in glyphs]
        inked, held = coverage(image.shape, boxes), coverage(image.shape, cores)
        hidden, off, crowded = [], [], []
        height, width = image.shape
        for ch, box, core in zip(glyphs, boxes, cores):
            y0, y1, x0, x1 = window(ch, origin)
            if x0 >= width or x1 <= 0 or y0 >= height or y1 <= 0:
                off.append(ch)
                continue
            rows, cols = slice(max(y0, 0), min(y1, height)), slice(max(x0, 0), min(x1, width))
            if own_share(held, core, rows, cols) < OWN:
                crowded.append(ch)
                continue
            others = others_in(inked, box, rows, cols)  # other glyphs whose ink may reach each pixel
            shown = image[rows, cols][~ruled[rows, cols] & (others == 0)]
            if shown.size == 0 or LUMINANCE[shown.max()] + 0.05 < CONTRAST * (LUMINANCE[shown.min()] + 0.05):
                hidden.append(ch)
        return hidden, off, crowded

    def check(self, page, number: int, glyphs: list[dict], rules: list[dict], source: str) -> None:
        """Every glyph read from the vendor table on this page (`glyphs`) is seen on it, beside
        its ruling (`rules`)."""
        hidden, off, crowded = self.unseen(page, glyphs, rules)
        if off:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table outside the page's visible area ({where(char_lines(off)[0])}"
                "): the page's CropBox or MediaBox leaves it out (cut off by a crop?)",
                "every glyph read from the table inside the page's visible area"))
        if crowded:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table drawn over other text ({where(char_lines(crowded)[0])}"
                "): too little of its box is its own to tell whether the page shows it",
                "every glyph read from the table beside the others, not over them"))
        if hidden:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table that the page does not show ({where(char_lines(hidden)[0])}"
                "): no ink where it is drawn (in the background's colour, transparent, or covered)",
                "every glyph read from the table visible on the page"))

    def close(self) -> None:
        if self.doc is not None:
            self.doc.close()
            self.doc = None
