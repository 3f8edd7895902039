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

All glyphs of a page are judged together (`judge`): their boxes, cores and windows as arrays, the
pixels of the windows as runs, the boxes over each pixel counted once for the page (a loop over
the glyphs cost ~20 us a glyph in numpy calls on small slices: 15-40 % of a PDF's extraction).
"""
from __future__ import annotations

import functools
import io
import unicodedata
from dataclasses import dataclass

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from ..errors import LayoutError, Place, Problem
from . import pdf_fonts  # noqa: F401  (fonts the file does not carry drawn as boxes)
from .pdf_annots import annotations, drawn
from .pdf_cells import char_lines, dividing_rules
from .pdf_clips import PageClips, clipped_away_across, clipped_fills, cut_across, cut_glyphs
from .pdf_paths import named
from .pdf_glyphs import CROSSING, where
from .pdf_images import colorants_none, masking_states, painted_boxes, see_through_paths, see_through_text, \
    states_setting_fonts
from .pdf_textlayer import unmapped

SCALE = 2.0  # pixels per point of the rendering
SIDE = 2.0  # points: a rule this near the table's left or right side is its side
CONTRAST = 1.25  # WCAG contrast ratio below which text cannot be told from its background
REACH = 0.2  # of the font size: how far above and below its box a glyph may be inked
EDGE = 2  # pixels along the edge of the visible area where a glyph's ink shows it goes on past it
RULE = 1.0  # points each side of a ruling edge (snapped, perhaps off the rule's middle) its ink may reach
OWN = 0.5  # of a glyph's box: the least that no other glyph's box may cover for its ink to be judged
INKED = CONTRAST  # contrast with white: a pixel of the text alone this dark is ink (grey text too)
LOST = 1.5  # contrast: ink this much lighter on the page is painted over (a cover in the cell's grey too)
LOST_PIXELS = 2  # in a glyph's window: a stroke's worth of its ink painted over
OVERHANG = 0.15  # of the font size: how far past its box's side a glyph's ink may reach (an italic f's)
DESCENT = 0.5  # of the font size: how far above or below its box a glyph's ink may reach (a descender, where the
# font's descriptor gives a shallow descent: Noto Sans CJK's p in a Chromium print reaches 0.33 below)
UNHELD = 4  # dark pixels of text outside every glyph's box, in one TILE: a glyph's stroke drawn elsewhere
TILE = 8  # pixels (4 points) a side
DARK_LEVEL = 100  # grey levels below it are a stroke's dark ink (luminance 0.13), not an anti-aliased edge
ACROSS = 2.0  # a glyph with this many times more ink across a rule than on its box's centre's side is drawn there
RULE_SEEN = 1.1  # contrast across a rule's band (a faint #eee border: 1.16) at which the page shows a rule there
RULE_BAND = 3.0  # points each side of a rule looked at for it (a thick border drawn as a box reaches 2)
SEEN_SHARE = 0.2  # of the middle half of a rule's run between two slots: shown over this much, it divides them


def keep_text_only(holder, count, get, remove) -> None:
    """Every object but text out of a page or a form (pdfium's, through its count, get and
    remove functions), down into the forms it draws."""
    for index in reversed(range(count(holder))):
        obj = get(holder, index)
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            keep_text_only(obj, pdfium_c.FPDFFormObj_CountObjects, pdfium_c.FPDFFormObj_GetObject,
                           pdfium_c.FPDFFormObj_RemoveObject)
        elif kind != pdfium_c.FPDF_PAGEOBJ_TEXT and remove(holder, obj):
            pdfium_c.FPDFPageObj_Destroy(obj)  # removed objects are the caller's to free


def _linear(level: np.ndarray) -> np.ndarray:
    c = level / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


LUMINANCE = _linear(np.arange(256, dtype=float))  # relative luminance of each grey level
# [level with the text alone, level on the page]: ink of the text alone painted over on the page (WCAG
# contrast ratios: the text's ink against white, the page's pixel against the text's)
LOST_INK = ((1.05 / (LUMINANCE[:, None] + 0.05) >= INKED)
            & ((LUMINANCE[None, :] + 0.05) / (LUMINANCE[:, None] + 0.05) >= LOST))
INK_LEVEL = int(np.nonzero(1.05 / (LUMINANCE + 0.05) >= INKED)[0].max()) + 1  # grey levels below it are ink
# [darkest level, lightest level] of a rule's band: the page shows a rule there
SEEN_PAIR = (LUMINANCE[None, :] + 0.05) >= RULE_SEEN * (LUMINANCE[:, None] + 0.05)


@functools.lru_cache(maxsize=4096)  # a page repeats few distinct texts; asked per glyph
def printable(text: str) -> bool:
    """Does the character draw anything (not a space, not a format character)? A glyph
    without a Unicode map (`(cid:N)`, perhaps a space) is the text layer's error
    (pdf_textlayer), not looked at here."""
    return not unmapped({"text": text}) and any(not ch.isspace() and unicodedata.category(ch) != "Cf"
                                                for ch in text)


def beside(char: dict, other: dict) -> bool:
    """Do the two glyphs' boxes, each widened by its font size, overlap?"""
    reach = char["size"] + other["size"]
    return (char["x0"] < other["x1"] + reach and other["x0"] < char["x1"] + reach
            and char["top"] < other["bottom"] + reach and other["top"] < char["bottom"] + reach)


def blank_named(char: dict) -> str:
    """Where a blank glyph is and what the text layer calls it (`U+0020 SPACE`)."""
    names = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '')}".strip() for c in char["text"])
    return f"at {char['x0']:.0f} pt from the left, {char['top']:.0f} pt from the top: {names}"


def rule_mask(shape: tuple[int, int], rules: list[dict], origin: tuple[float, float]) -> np.ndarray:
    """The pixels the ruling inks (a point each side of each edge)."""
    ruled = np.zeros(shape, dtype=bool)
    if not rules:
        return ruled
    left, top = origin
    x0, x1, y0, y1 = np.array([(e["x0"], e["x1"], e["top"], e["bottom"]) for e in rules], dtype=float).T
    start = lambda v: np.maximum(pixel(np.trunc(v * SCALE)), 0).tolist()  # noqa: E731  (cut toward zero, as int())
    end = lambda v: np.maximum(pixel(np.ceil(v * SCALE)), 0).tolist()  # noqa: E731
    rows0, rows1 = start(y0 - RULE - top), end(y1 + RULE - top)
    cols0, cols1 = start(x0 - RULE - left), end(x1 + RULE - left)
    for r0, r1, c0, c1 in zip(rows0, rows1, cols0, cols1):  # the bounds at once, the slices one by one
        ruled[r0:r1, c0:c1] = True
    return ruled


@dataclass(frozen=True)
class Rects:
    """n rectangles of pixels, one a glyph: rows y0..y1 and columns x0..x1 (the ends excluded)."""
    y0: np.ndarray
    y1: np.ndarray
    x0: np.ndarray
    x1: np.ndarray

    def within(self, y0, y1, x0, x1) -> Rects:
        """Each rectangle cut to the bounds (numbers, or arrays of one bound a rectangle)."""
        return Rects(np.maximum(self.y0, y0), np.minimum(self.y1, y1), np.maximum(self.x0, x0), np.minimum(self.x1, x1))

    def on(self, shape: tuple[int, int]) -> Rects:
        return self.within(0, shape[0], 0, shape[1])

    def areas(self) -> np.ndarray:
        return np.maximum(self.y1 - self.y0, 0) * np.maximum(self.x1 - self.x0, 0)

    def rows(self) -> tuple[np.ndarray, np.ndarray]:
        """Each rectangle's rows: (its index, the row), rectangle after rectangle; none of an empty one."""
        height = np.where(self.x1 > self.x0, np.maximum(self.y1 - self.y0, 0), 0)
        owner = np.repeat(np.arange(len(height)), height)
        return owner, self.y0[owner] + np.arange(len(owner)) - np.repeat(np.cumsum(height) - height, height)

    def pixels(self, width: int) -> np.ndarray:
        """The flat indices (row * width + column) of the rectangles' pixels, rectangle after rectangle
        (each in the image: cut them to it first)."""
        owner, row = self.rows()
        return runs(row * width + self.x0[owner], (self.x1 - self.x0)[owner])


def runs(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """starts[0], starts[0] + 1, ... (lengths[0] of them), then the same from starts[1], ..."""
    lengths = np.maximum(lengths, 0)
    return np.arange(int(lengths.sum())) + np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)


FAR = 2.0**40  # pixels: further off the rendering than any page is wide, and exact as an integer


def pixel(position: np.ndarray) -> np.ndarray:
    """Whole pixel positions as integers, those beyond FAR either side held at FAR: off the page all the
    same, and no overflow (a glyph set at 1e30 points by a hostile file is off its page, not wrapped on)."""
    return np.clip(position, -FAR, FAR).astype(np.int64)


def rects(glyphs: list[dict], origin: tuple[float, float]) -> tuple[Rects, Rects, Rects]:
    """Each glyph's box (to the pixels its edges touch: where its ink may reach), its core (the box
    narrowed by a pixel at each side: a neighbour set a fraction of a point into a glyph's box leaves it
    its own) and the window looked at for its ink (its box narrowed by a pixel at the left and right,
    reaching REACH of its size above and below it), in pixels of the rendering. The box of slanted text
    (a synthetic italic) is cut to its advance at mid-height: the box of a slanted glyph runs over its
    neighbours' by the slant."""
    left, top = origin
    x0, x1, y0, y1, size, adv, a, b = np.array(
        [(ch["x0"], ch["x1"], ch["top"], ch["bottom"], ch["size"], ch["adv"], *ch["matrix"][:2]) for ch in glyphs],
        dtype=float).reshape(-1, 8).T
    slant = np.where((a > 0) & (b == 0), (x1 - x0) - adv * a, 0.0)  # the box's width past the advance
    slant = np.where(slant > 0, slant / 2, 0.0)
    first = lambda v: pixel(np.trunc(v * SCALE))  # noqa: E731  (a start: cut toward zero, as int() does)
    past = lambda v: pixel(np.ceil(v * SCALE))  # noqa: E731  (an end: the pixel past the last one touched)
    box = Rects(first(y0 - top), past(y1 - top), first(x0 + slant - left), past(x1 - slant - left))
    core = Rects(box.y0 + 1, box.y1 - 1, box.x0 + 1, box.x1 - 1)
    reach = REACH * size
    window = Rects(first(y0 - reach - top), past(y1 + reach - top), first(x0 - left) + 1, past(x1 - left) - 1)
    return box, core, window


def counts(shape: tuple[int, int], rects: Rects, pixels: np.ndarray) -> np.ndarray:
    """How many of the rectangles cover each of the pixels (flat indices)."""
    covered = rects.on(shape).pixels(shape[1])
    if not len(covered) or not len(pixels):
        return np.zeros(len(pixels), dtype=np.int64)
    first = min(covered.min(), pixels.min())  # counted from the first pixel that matters
    return np.bincount(covered - first, minlength=max(covered.max(), pixels.max()) - first + 1)[pixels - first]


def sums(values: np.ndarray, sizes: np.ndarray, reduce=np.add, empty=0) -> np.ndarray:
    """`reduce` over each glyph's run of `values` (sizes[i] of them, glyph after glyph); `empty` for none."""
    out = np.full(len(sizes), empty, dtype=np.int64 if reduce is np.add else values.dtype)
    some = sizes > 0
    if some.any():
        out[some] = reduce.reduceat(values.astype(np.int64) if reduce is np.add else values,
                                    (np.cumsum(sizes) - sizes)[some])
    return out


def looked_at(shape: tuple[int, int], window: Rects) -> tuple[np.ndarray, Rects]:
    """Which glyphs lie off the rendering (their window wholly past a side), and the part of each
    window on it (none of a glyph off it)."""
    off = (window.x0 >= shape[1]) | (window.x1 <= 0) | (window.y0 >= shape[0]) | (window.y1 <= 0)
    on = window.on(shape)
    return off, Rects(on.y0, np.where(off, on.y0, on.y1), on.x0, on.x1)


def own_shares(shape: tuple[int, int], core: Rects, looked: Rects) -> np.ndarray:
    """The share of each glyph's core (its part in the window looked at) that no other glyph's core
    covers: the pixels only its own core counts (1 where nothing of the core is looked at)."""
    mine = core.within(looked.y0, looked.y1, looked.x0, looked.x1)
    area = mine.areas()
    alone = counts(shape, core, mine.pixels(shape[1])) == 1
    return np.divide(sums(alone, area), area, out=np.ones(len(area)), where=area > 0)


def window_runs(width: int, box: Rects, looked: Rects) -> tuple[np.ndarray, np.ndarray]:
    """The pixels of each glyph's window (flat, glyph after glyph) and whether each lies in the
    glyph's own box: row by row, the part left of the box, the part in it, the part right of it
    (a row above or below the box is all outside it)."""
    owner, row = looked.rows()
    left, right = looked.x0[owner], looked.x1[owner]
    in_rows = (box.y0[owner] <= row) & (row < box.y1[owner])
    inner0 = np.where(in_rows, np.clip(box.x0[owner], left, right), right)
    inner1 = np.where(in_rows, np.clip(box.x1[owner], inner0, right), right)
    lengths = np.stack([inner0 - left, inner1 - inner0, right - inner1], axis=1).ravel()
    starts = (np.stack([left, inner0, inner1], axis=1) + (row * width)[:, None]).ravel()
    in_box = np.repeat(np.tile([False, True, False], len(row)), lengths)
    return runs(starts, lengths), in_box


def shown_ranges(image: np.ndarray, ruled: np.ndarray, box: Rects, looked: Rects):
    """Per glyph: how many pixels of its window show ink that can only be its own (no rule, no
    other glyph's box over them), and their darkest and lightest grey levels."""
    shape = image.shape
    pixels, in_box = window_runs(shape[1], box, looked)
    # in its own box, no other glyph's box over the pixel; outside it, none at all
    shown = (counts(shape, box, pixels) == in_box) & ~ruled.ravel()[pixels]
    level = image.ravel()[pixels]
    sizes = looked.areas()
    return (sums(shown, sizes), sums(np.where(shown, level, np.uint8(255)), sizes, np.minimum, 255),
            sums(np.where(shown, level, np.uint8(0)), sizes, np.maximum, 0))


def judge(image: np.ndarray, ruled: np.ndarray, glyphs: list[dict],
          origin: tuple[float, float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which glyphs lie off the rendering, which are drawn over others (too little of their core their
    own), and which of the rest show no contrast in their window: all glyphs of a page at once."""
    box, core, window = rects(glyphs, origin)
    off, looked = looked_at(image.shape, window)
    crowded = ~off & (own_shares(image.shape, core, looked) < OWN)
    count, darkest, lightest = shown_ranges(image, ruled, box, looked)
    faint = LUMINANCE[lightest] + 0.05 < CONTRAST * (LUMINANCE[darkest] + 0.05)
    return off, crowded, ~off & ~crowded & ((count == 0) | faint)


def origin(page) -> tuple[float, float]:
    """The point of the page (pdfplumber's space: from the left and top) at the top left of its
    rendering: its CropBox's corner, the CropBox cut to the MediaBox, as pdfium cuts it (a CropBox
    reaching past the MediaBox showed every glyph 10 to 100 pt from where it is drawn: hunt 119)."""
    crop, media = page.cropbox, page.mediabox
    return max(crop[0], media[0]), max(crop[1], media[1])


def cut_around(box: tuple, area: tuple, turn: int, margin: float) -> tuple[float, float, float, float]:
    """What pdfium's render cuts off each side of the page's area (left, bottom, right, top of
    the page as displayed, turned by its /Rotate: `turn` degrees clockwise) to keep `box`,
    both in the page's own space, and `margin` around it."""
    x0, y0, x1, y1 = box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin
    left, bottom, right, top = area
    return {0: (x0 - left, y0 - bottom, right - x1, top - y1), 90: (y0 - bottom, right - x1, top - y1, x0 - left),
            180: (right - x1, top - y1, x0 - left, y0 - bottom), 270: (top - y1, x0 - left, y0 - bottom, right - x1)}[turn]


class Sight:
    """The document as pdfium renders it, opened the first time a page is looked at; the page
    looked at is loaded once for all that is asked of it (its rendering, its text, its clips)."""

    def __init__(self, data: bytes):
        self.data = data
        self.doc: pdfium.PdfDocument | None = None
        self.shown: Shown | None = None
        self.digits_seen: set[tuple] = set()  # (font and outline size, digit) whose shape was looked at (pdf_digit_shapes)

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

    def page(self, page) -> Shown:
        """pdfium's copy of `page` (pdfplumber's), the one before it released."""
        if self.shown is None or self.shown.number != page.page_number:
            self.release()
            self.shown = Shown(page.page_number, self.document()[page.page_number - 1])
        return self.shown

    def rendering(self, page) -> np.ndarray:
        """The page's visible area (its CropBox) in grey levels, turned as pdfplumber reads
        the page (a page read as stored, without its /Rotate, is rendered so too), with its
        annotations and form fields drawn from their appearance streams, as viewers draw them:
        a widget laid over a value covers it. Rendered once a page."""
        shown = self.page(page)
        if shown.image is None:
            turn = (page.rotation - shown.page.get_rotation()) % 360
            bitmap = shown.page.render(scale=SCALE, rotation=turn, grayscale=True, may_draw_forms=True, draw_annots=True)
            shown.to_pixels = bitmap.get_posconv(shown.page)
            shown.image = bitmap.to_numpy()
        return shown.image

    def without_annotations(self, page) -> np.ndarray:
        """The page rendered as rendering() does, without its annotations and form fields.
        Rendered once a page."""
        shown = self.page(page)
        if shown.bare is None:
            turn = (page.rotation - shown.page.get_rotation()) % 360
            shown.bare = shown.page.render(scale=SCALE, rotation=turn, grayscale=True, may_draw_forms=False,
                                           draw_annots=False).to_numpy()
        return shown.bare

    def text_alone(self, page) -> np.ndarray:
        """The page rendered as rendering() does, with its text alone: every other object (paths,
        images, shadings, and those inside forms) left out, no annotation, no form field.
        Rendered once a page."""
        shown = self.page(page)
        if shown.alone is None:
            alone = self.alone_page(page)
            turn = (page.rotation - alone.get_rotation()) % 360
            shown.alone = alone.render(scale=SCALE, rotation=turn, grayscale=True, may_draw_forms=False,
                                       draw_annots=False).to_numpy()
        return shown.alone

    def alone_page(self, page) -> pdfium.PdfPage:
        """A copy of the page with its text objects alone (kept_text_only), loaded once a page."""
        shown = self.page(page)
        if shown.alone_page is None:
            shown.alone_page = self.document()[page.page_number - 1]  # a copy of its own: objects left out of it only
            keep_text_only(shown.alone_page.raw, pdfium_c.FPDFPage_CountObjects, pdfium_c.FPDFPage_GetObject,
                           pdfium_c.FPDFPage_RemoveObject)
        return shown.alone_page

    def glyph_images(self, page, boxes: list[tuple], pixels: float) -> list[np.ndarray | None]:
        """Each box (left, bottom, right, top in pdfium's page space: a glyph's outline) of the
        page's text alone, rendered `pixels` high in grey levels with a margin of two pixels,
        turned as pdfplumber reads the page, so that its text stands upright (none for an empty box)."""
        alone = self.alone_page(page)
        area = alone.get_bbox()
        extra = (page.rotation - alone.get_rotation()) % 360  # as text_alone: a page read as stored is rendered so
        turn = (alone.get_rotation() + extra) % 360
        images = []
        for box in boxes:
            height = box[3] - box[1]
            if height <= 0 or box[2] <= box[0]:
                images.append(None)
                continue
            scale = pixels / height
            margin = 2 / scale
            crop = cut_around(box, area, turn, margin)
            images.append(alone.render(scale=scale, rotation=extra, crop=crop, grayscale=True, may_draw_forms=False,
                                       draw_annots=False).to_numpy() if min(crop) > -margin else None)
        return images

    def painted_over(self, page, glyphs: list[dict]) -> list[dict]:
        """The glyphs part of whose ink the page paints over: pixels of their window dark with
        the text alone (text_alone) and LOST lighter on the page (rendering), at least
        LOST_PIXELS of them. Whatever paints them (a stroke widened by the graphics state or a
        transform, a box, an annotation's appearance), it was drawn after the text: a white
        band over the left of an 8 shows a 3."""
        if not glyphs:
            return []
        page_image, alone = self.rendering(page), self.text_alone(page)
        if alone.shape != page_image.shape:
            return []
        box, _, window = rects(glyphs, origin(page))
        looked = Rects(window.y0, window.y1, box.x0, box.x1).on(alone.shape)
        top, left = int(looked.y0.min()), int(looked.x0.min())  # the part of the page the glyphs' windows cover
        bottom, right = max(int(looked.y1.max()), top), max(int(looked.x1.max()), left)
        alone, page_image = alone[top:bottom, left:right], page_image[top:bottom, left:right]
        lighter = (alone < INK_LEVEL) & (page_image > alone)  # the text's ink lighter on the page: rarely any
        if not lighter.any() or not LOST_INK[alone[lighter], page_image[lighter]].any():
            return []
        lost = LOST_INK[alone, page_image]
        table = np.pad(lost.cumsum(axis=0).cumsum(axis=1), ((1, 0), (1, 0)))  # summed areas: a box's count in 4 reads
        y0, x0 = looked.y0 - top, looked.x0 - left
        y1, x1 = np.maximum(looked.y1 - top, y0), np.maximum(looked.x1 - left, x0)
        count = table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]
        return [ch for ch, n in zip(glyphs, count) if n >= LOST_PIXELS]

    def text(self, page) -> pdfium.PdfTextPage:
        """pdfium's text page of the page (its glyphs, their origins)."""
        return self.page(page).text()

    def unseen(self, page, glyphs: list[dict], rules: list[dict] = ()) -> tuple[list[dict], list[dict], list[dict]]:
        """The glyphs (pdfplumber's characters of `page`) that show no ink on the page, those
        lying off its visible area, and those drawn over other glyphs (too little of their box
        their own to tell). The ink of `rules` (the table's ruling edges) and of the other
        glyphs' boxes is not a glyph's: a glyph drawn over a rule or another glyph shows ink
        only beside them."""
        return self.unseen_printed(page, [ch for ch in glyphs if printable(ch["text"])], rules)

    def unseen_printed(self, page, glyphs: list[dict], rules) -> tuple[list[dict], list[dict], list[dict]]:
        """unseen() of glyphs that all draw something (printable)."""
        if not glyphs:
            return [], [], []
        image = self.rendering(page)
        corner = origin(page)
        off, crowded, hidden = judge(image, rule_mask(image.shape, rules, corner), glyphs, corner)
        pick = lambda which: [ch for ch, yes in zip(glyphs, which) if yes]  # noqa: E731
        return pick(hidden), pick(off), pick(crowded)

    def check(self, page, number: int, glyphs: list[dict], rules: list[dict], source: str) -> None:
        """Every glyph read from the vendor table on this page (`glyphs`) is seen on it, beside
        its ruling (`rules`), drawn in a plain colour and whole; every blank one (a space, a
        format character) draws nothing."""
        blanks = [ch for ch in glyphs if not printable(ch["text"]) and not unmapped(ch)]
        glyphs = [ch for ch in glyphs if printable(ch["text"])]
        hidden, off, crowded = self.unseen_printed(page, glyphs, rules)
        cut = self.cut(page, glyphs)
        painted = self.painted(page, glyphs, lambda shown: painted_boxes(shown.page.raw))
        if painted:
            raise LayoutError(source, Problem(
                Place(page=number), f"an image or shading painted over the vendor table (at {painted[0]:.0f} pt from "
                f"the left, {painted[1]:.0f} pt from the top): pixels this reader does not read, which may hide part "
                "of a glyph or draw one", "the vendor table drawn with text and lines only"))
        filled = any(o.get("fill") for kind in ("rect", "curve") for o in page.objects.get(kind, ()))
        clipped = filled and self.painted(page, glyphs, lambda shown: clipped_fills(shown.clips()))
        if clipped:
            raise LayoutError(source, Problem(
                Place(page=number), f"a box filled inside the vendor table through a clip that cuts it (at "
                f"{clipped[0]:.0f} pt from the left, {clipped[1]:.0f} pt from the top): it paints part of itself only, "
                "which may hide part of a glyph", "the vendor table's fills drawn whole"))
        fonts_set = states_setting_fonts(page.page_obj.resources)
        if fonts_set:
            raise LayoutError(source, Problem(
                Place(page=number), f"a graphics state on the page sets a font (ExtGState /{fonts_set} with /Font): "
                "viewers differ in drawing the text after it in that font or in the one the text names, and may "
                "show other digits than are read", "the table's text drawn in the fonts it names"))
        if any(ch.get("ncs") in ("Separation", "DeviceN") for ch in glyphs) and colorants_none(page.page_obj.resources):
            raise LayoutError(source, Problem(
                Place(page=number), "text in the vendor table painted in a colour space of separations that are all "
                "/None, which paints nothing: some viewers draw it, others do not", "the table's text in plain colours"))
        masking = masking_states(page.page_obj.resources)
        shaped = self.painted(page, glyphs, lambda shown: see_through_paths(shown.page.raw, masking))
        if shaped:
            raise LayoutError(source, Problem(
                Place(page=number), f"a fill or line in the vendor table painted through a soft mask or a blend mode "
                f"(at {shaped[0]:.0f} pt from the left, {shaped[1]:.0f} pt from the top): what shows of it is the "
                "mask's shape, not its path's, which may draw a digit", "the vendor table's paths in plain colours"))
        masked = self.painted(page, glyphs, lambda shown: see_through_text(shown.page.raw, masking))
        patterned = [ch for ch in glyphs if ch.get("ncs") == "Pattern" or named(ch.get("stroking_color"))]
        if masked or patterned:
            at = f"at {masked[0]:.0f} pt from the left, {masked[1]:.0f} pt from the top" if masked else \
                where(char_lines(patterned)[0])
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table painted through a soft mask, a blend mode or with a "
                f"pattern, stroked wide, with dashes or as a hairline, or used as a clip, or a page with a knockout "
                f"group ({at}): parts of a glyph may be hidden or painted in the background's colour (an 8 shown as a "
                "3), or drawn otherwise by each viewer", "the vendor table's text in plain colours"))
        inked = self.inked(page, glyphs, blanks, rules)
        if inked:
            raise LayoutError(source, Problem(
                Place(page=number), f"a space or format character in the vendor table that draws ink "
                f"({blank_named(inked[0])}): its font draws a glyph the text layer does not name (a 1 "
                "mapped to a space)", "every blank in the table drawing nothing"))
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
        if cut:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table cut through by a clip path ({where(char_lines(cut)[0])}"
                "): only part of a glyph is drawn, which may read as another (a 4 cut to a 1)",
                "every glyph read from the table drawn whole (or not at all)"))
        edged = self.cut_by_edge(page, glyphs)
        if edged:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table cut by the edge of the page's visible area "
                f"({where(char_lines(edged)[0])}): its CropBox or MediaBox shows only part of a glyph, which may read "
                "as another (a 4 cut to a 1)", "every glyph read from the table drawn whole (or not at all)"))
        if hidden:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table that the page does not show ({where(char_lines(hidden)[0])}"
                "): no ink where it is drawn (in the background's colour, transparent, or covered)",
                "every glyph read from the table visible on the page"))

    def check_whole(self, page, number: int, glyphs: list[dict], rules: list[dict], bbox: tuple, source: str) -> None:
        """No glyph read from the vendor table on this page has part of its ink painted over
        (painted_over), whatever paints it; no ink of text in the table's box (`bbox`) lies
        outside every glyph's box (ink_unheld); no glyph is drawn on the other side of a
        column's rule (`rules`: the table's ruling edges) than the cell it is read in
        (drawn_across): checked after the checks that name what paints or hides (an
        annotation, a path off the ruling)."""
        glyphs = [ch for ch in glyphs if printable(ch["text"])]
        covered = self.painted_over(page, glyphs)
        if covered:
            raise LayoutError(source, Problem(
                Place(page=number), f"text in the vendor table partly painted over ({where(char_lines(covered)[0])}): "
                "something drawn after it (a stroke, a box, an annotation) hides part of a glyph's ink, which may "
                "then read as another (an 8 shown as a 3)", "every glyph read from the table drawn whole, nothing "
                "painted over it"))
        unheld = self.ink_unheld(page, bbox)
        if unheld:
            raise LayoutError(source, Problem(
                Place(page=number), f"ink of text inside the vendor table that no glyph's box holds (at {unheld[0]:.0f} pt "
                f"from the left, {unheld[1]:.0f} pt from the top): a glyph drawn away from where its text is read (its "
                "font draws outside its box), or text this reader does not read", "every glyph of the table drawn "
                "where its text is read"))
        hidden = self.unseen_rule(page, dividing_rules(rules, bbox))
        if hidden:
            raise LayoutError(source, Problem(
                Place(page=number), f"a rule dividing cells of the vendor table that the page does not show (at "
                f"{hidden[0]:.0f} pt from the left, {hidden[1]:.0f} pt from the top): drawn in its cells' colour, "
                "transparent, under a fill, clipped away or in a hidden layer, it splits what a reader sees as one "
                "cell (4096/8192 read as 4096/819 and 2)", "every rule dividing the table's cells visible on the page"))
        side = self.side_clipped(page, bbox)
        if side is not None:
            raise LayoutError(source, Problem(
                Place(page=number), f"the vendor table's rules or text beside it clipped away (at {side[0]:.0f} pt from "
                f"the left, {side[1]:.0f} pt from the top): the table goes on past a clip there (the page's margin, a box "
                "clipping it), its columns beyond unseen", "the whole table inside the page and every box around it"))
        across = self.drawn_across(page, glyphs, rules)
        if across:
            raise LayoutError(source, Problem(
                Place(page=number), f"text printed across a column's rule, drawn on one side of it and read on the other "
                f"({where(across[:1])}): its box reaches over the rule, its centre in one cell and most of its ink in "
                "the one beside", "every glyph in the table's columns drawn inside the cell it is read in"))

    def unseen_rule(self, page, rules: list[tuple[str, float, float, float]]) -> tuple[float, float] | None:
        """Where a rule dividing two slots of the table (`rules`: pdf_cells.dividing_rules) is not
        shown on the page (points from the left and top), or None. A rule is shown where, across
        its band (RULE_BAND each side), the page's pixels that are not text (text_alone) differ by
        RULE_SEEN or more: a line against its cells, or two cells' fills against each other. The
        band is looked at over the middle half of the slot's side (the rules crossing it at its
        ends are not its), and must show a rule over SEEN_SHARE of it, on the page without its
        annotations (a highlight's colour in the band is no rule, nor does it hide one); a band
        with nothing else to look at shows none. A rule drawn white, with an
        alpha of 0, under a fill, clipped away, dashed with gaps only or in a layer that is off
        divides a cell no reader sees divided: 4096/819 and 2 read where the page shows 4096/8192."""
        if not rules:
            return None
        # an annotation's paint (a highlight over the band) is no rule, nor does it hide one: the page is
        # looked at without its annotations (those that may hide a glyph or a line are check_annotations')
        annotated = any(drawn(annot) for annot in annotations(page))
        image, alone = self.without_annotations(page) if annotated else self.rendering(page), self.text_alone(page)
        if alone.shape != image.shape:
            return None
        left, top = origin(page)
        for orientation, shown, text, (across, along) in (("h", image, alone, (top, left)), ("v", image.T, alone.T, (left, top))):
            mine = [rule for rule in rules if rule[0] == orientation and rule[3] - rule[2] >= 2 * RULE_BAND]
            if not mine:
                continue  # (a slot no longer than its bands are wide lies inside a thick border's box)
            found = self.unseen_on(shown, text, np.array([rule[1:] for rule in mine], dtype=float), across, along)
            if found is not None:
                at, middle = mine[found][1], (mine[found][2] + mine[found][3]) / 2
                return (middle, at) if orientation == "h" else (at, middle)
        return None

    @staticmethod
    def unseen_on(shown: np.ndarray, text: np.ndarray, rules: np.ndarray, across: float, along: float) -> int | None:
        """unseen_rule() for rules of one orientation, on a rendering turned so that they run
        along its rows: `rules` as (position, from, to) in points, `across` and `along` the
        rendering's origin in those directions. The index of the first not shown, or None."""
        reach = int(RULE_BAND * SCALE)
        line = np.rint((rules[:, 0] - across) * SCALE).astype(np.int64)
        lo, hi = (rules[:, 1] - along) * SCALE, (rules[:, 2] - along) * SCALE
        a, b = (lo + (hi - lo) / 4).astype(np.int64), (hi - (hi - lo) / 4).astype(np.int64)
        inside = (line - reach >= 0) & (line + reach < shown.shape[0]) & (a >= 0) & (b <= shown.shape[1]) & (b > a)
        if not inside.any():
            return None  # off the visible area: the glyph checks' (text there is not seen)
        start, stop = int(a[inside].min()), int(b[inside].max())
        lines, which = np.unique(line, return_inverse=True)  # the rules on one line share its band
        rows = np.clip(lines[:, None] + np.arange(-reach, reach + 1), 0, shown.shape[0] - 1)
        band, free = shown[rows, start:stop], text[rows, start:stop] == 255  # free: no glyph's ink there
        lightest, darkest = np.where(free, band, 0).max(axis=1), np.where(free, band, 255).min(axis=1)
        looked = free.any(axis=1)
        seen = looked & SEEN_PAIR[darkest, lightest]
        seen_sum = np.pad(np.cumsum(seen, axis=1), ((0, 0), (1, 0)))
        looked_sum = np.pad(np.cumsum(looked, axis=1), ((0, 0), (1, 0)))
        index = which.reshape(-1)
        a, b = np.clip(a - start, 0, stop - start), np.clip(b - start, 0, stop - start)
        shown_over = seen_sum[index, b] - seen_sum[index, a]
        looked_over = looked_sum[index, b] - looked_sum[index, a]
        unseen = inside & (shown_over < SEEN_SHARE * np.maximum(looked_over, 1))  # (nothing to look at: none seen)
        return int(np.argmax(unseen)) if unseen.any() else None

    def ink_unheld(self, page, bbox: tuple) -> tuple[float, float] | None:
        """Where the page's text alone (text_alone) inks the table's box (`bbox`) outside every
        character's box of the page (any text, the table's or not; widened by OVERHANG of its
        size sideways and DESCENT above and below, as a glyph's ink reaches), UNHELD dark pixels
        or more in a TILE: points from the left and top; None for none. Each glyph a font draws is where
        pdfminer puts its box (nothing on the real prints); one drawn outside it (a glyph program
        painting left of its origin, into the cell before) is read where it is not shown."""
        alone, (left, top) = self.text_alone(page), origin(page)
        y0, y1 = (int(np.clip(v, 0, alone.shape[0])) for v in ((bbox[1] - top) * SCALE, (bbox[3] - top) * SCALE))
        x0, x1 = (int(np.clip(v, 0, alone.shape[1])) for v in ((bbox[0] - left) * SCALE, (bbox[2] - left) * SCALE))
        inked = alone[y0:y1, x0:x1] < DARK_LEVEL
        if not inked.any():
            return None
        chars = [ch for ch in page.chars if ch["x1"] >= bbox[0] and ch["x0"] <= bbox[2] and ch["bottom"] >= bbox[1]
                 and ch["top"] <= bbox[3]]
        if chars:
            sizes = np.array([ch["size"] for ch in chars], dtype=float)
            box = rects(chars, (left, top))[0]
            wide, high = (np.ceil(reach * sizes * SCALE).astype(np.int64) for reach in (OVERHANG, DESCENT))
            held = Rects(box.y0 - high - y0, box.y1 + high - y0, box.x0 - wide - x0, box.x1 + wide - x0).on(inked.shape)
            cover = np.zeros(inked.size, dtype=bool)
            cover[held.pixels(inked.shape[1])] = True
            inked &= ~cover.reshape(inked.shape)
        if inked.sum() < UNHELD:
            return None
        # counted by tiles of TILE pixels: a glyph's stroke, not a pixel of anti-aliasing here and there
        high, wide = -(-inked.shape[0] // TILE) * TILE, -(-inked.shape[1] // TILE) * TILE
        tiles = np.pad(inked, ((0, high - inked.shape[0]), (0, wide - inked.shape[1]))).reshape(
            high // TILE, TILE, wide // TILE, TILE).sum(axis=(1, 3))
        if tiles.max() < UNHELD:
            return None
        row, col = np.unravel_index(int(tiles.argmax()), tiles.shape)
        return (x0 + col * TILE) / SCALE + left, (y0 + row * TILE) / SCALE + top

    def drawn_across(self, page, glyphs: list[dict], rules: list[dict]) -> list[dict]:
        """The glyphs whose box a vertical rule crosses (more than CROSSING inside each side)
        with ACROSS times more of their ink (the text alone, rows of their box) on the other side
        of the rule than on their box's centre's: read in one cell, drawn in the next. (A
        glyph of text overflowing its cell, set across the rule, has about as much on each.)"""
        verticals = np.array([(e["x0"], e["top"], e["bottom"]) for e in rules if e["orientation"] == "v"],
                             dtype=float).reshape(-1, 3)
        if not glyphs or not len(verticals):
            return []
        x0, x1, middle = np.array([(ch["x0"], ch["x1"], (ch["top"] + ch["bottom"]) / 2) for ch in glyphs],
                                  dtype=float).T
        rule_x, rule_top, rule_bottom = (verticals[:, k] for k in range(3))
        hit = ((x0[:, None] + CROSSING < rule_x) & (rule_x < x1[:, None] - CROSSING)
               & (rule_top <= middle[:, None]) & (middle[:, None] <= rule_bottom))
        crossed = [(glyphs[g], float(rule_x[r])) for g, r in zip(*np.nonzero(hit))]
        if not crossed:
            return []
        alone, (left, top) = self.text_alone(page), origin(page)
        box = rects([ch for ch, _ in crossed], (left, top))[0].on(alone.shape)
        found = []
        for (ch, x), y0, y1, x0, x1 in zip(crossed, box.y0, box.y1, box.x0, box.x1):
            rule = int(round((x - left) * SCALE))
            inked = alone[y0:y1, x0:x1] < INK_LEVEL
            before, after = int(inked[:, :max(rule - x0, 0)].sum()), int(inked[:, max(rule - x0, 0):].sum())
            near, far = (before, after) if (ch["x0"] + ch["x1"]) / 2 < x else (after, before)
            if far > ACROSS * near:
                found.append(ch)
        return found

    def cut_by_edge(self, page, glyphs: list[dict]) -> list[dict]:
        """The glyphs the edge of the page's visible area (its CropBox cut to its MediaBox: the
        rendering's) runs through: their box crosses it and their ink reaches it (the text alone
        dark within EDGE pixels of it, in the glyph's columns or rows). What is left of such a
        glyph may read as another, as a clip's cut does (cut); one wholly past it is unseen's, and
        a box crossing it with ink short of it (a digit's descent) is whole (hunt 119: a CropBox
        through the lone 2 of a wrapped 4096/8192 showed its top fifth, and 8192 was read)."""
        if not glyphs:
            return []
        alone = self.text_alone(page)
        high, wide = alone.shape
        box = rects(glyphs, origin(page))[0]
        inside = (box.y1 > 0) & (box.y0 < high) & (box.x1 > 0) & (box.x0 < wide)
        crossing = inside & ((box.y0 < 0) | (box.y1 > high) | (box.x0 < 0) | (box.x1 > wide))
        found = []
        for i in np.nonzero(crossing)[0]:
            rows = slice(max(int(box.y0[i]), 0), min(int(box.y1[i]), high))
            cols = slice(max(int(box.x0[i]), 0), min(int(box.x1[i]), wide))
            strips = [alone[:EDGE, cols] if box.y0[i] < 0 else None, alone[high - EDGE:, cols] if box.y1[i] > high else None,
                      alone[rows, :EDGE] if box.x0[i] < 0 else None, alone[rows, wide - EDGE:] if box.x1[i] > wide else None]
            if any(strip is not None and (strip < INK_LEVEL).any() for strip in strips):
                found.append(glyphs[i])
        return found

    def cut(self, page, glyphs: list[dict]) -> list[dict]:
        """The glyphs (pdfplumber's characters of `page`, after its rendering) that a clip path
        cuts through (pdf_clips): pdfium's cut glyphs are found on the rendering, as pixels,
        in the boxes the ink check gives the glyphs read."""
        if not glyphs:
            return []
        shown = self.page(page)
        found = cut_glyphs(shown.clips())
        if not found:
            return []
        box = rects(glyphs, origin(page))[0]
        hit = np.zeros(len(glyphs), dtype=bool)
        for _, (left, bottom, right, top) in found:
            (xa, ya), (xb, yb) = shown.to_pixels.to_bitmap(left, bottom), shown.to_pixels.to_bitmap(right, top)
            x, y = (xa + xb) / 2, (ya + yb) / 2
            hit |= (box.x0 <= x) & (x < box.x1) & (box.y0 <= y) & (y < box.y1)
        return [ch for ch, yes in zip(glyphs, hit) if yes]

    def inked(self, page, glyphs: list[dict], blanks: list[dict], rules) -> list[dict]:
        """The blanks (`blanks`, beside the printable `glyphs`) whose own part of their box shows
        ink, judged with the other glyphs as they are."""
        if not blanks:
            return []
        image = self.rendering(page)
        near = [ch for ch in glyphs if any(beside(ch, blank) for blank in blanks)]  # all whose boxes may mask theirs
        off, crowded, hidden = judge(image, rule_mask(image.shape, rules, origin(page)),
                                     near + blanks, origin(page))
        shown = ~(off | crowded | hidden)[len(near):]
        return [ch for ch, yes in zip(blanks, shown) if yes]

    def painted(self, page, glyphs: list[dict], found) -> tuple[float, float] | None:
        """Where something `found` gives of the page as pdfium loaded it (Shown) (pdf_images: an
        image or a shading, text seen through; pdf_clips: a fill its clip cuts) is painted inside
        the extent of the table's glyphs on this page (points from the left and top of the
        rendering), or None."""
        if not glyphs:
            return None
        shown = self.page(page)
        boxes = found(shown)
        if not boxes:
            return None
        box = rects(glyphs, origin(page))[0]
        y0, y1, x0, x1 = box.y0.min(), box.y1.max(), box.x0.min(), box.x1.max()
        for left, bottom, right, top in boxes:
            (xa, ya), (xb, yb) = shown.to_pixels.to_bitmap(left, bottom), shown.to_pixels.to_bitmap(right, top)
            if min(xa, xb) < x1 and max(xa, xb) > x0 and min(ya, yb) < y1 and max(ya, yb) > y0:
                return min(xa, xb) / SCALE, min(ya, yb) / SCALE
        return None

    def side_clipped(self, page, bbox: tuple) -> tuple[float, float] | None:
        """Where something lies beside the table (past its left or right side, from SIDE pt inside
        it, between its top and bottom: `bbox`) drawn wholly outside its clip
        (pdf_clips.clipped_away_across), or where a clip whose edge runs along the table's side
        cuts a glyph anywhere on the page (pdf_clips.cut_across): points from the left and top
        of the rendering, or None. A clip of the table's own (`clip-path: inset()`, a box
        clipping it) through a column's rule leaves that rule half drawn, as the page's margin
        leaves a table's outer border, and Chromium draws nothing past it; the table's caption,
        wider than what is left, is then cut there (hunt 75). No print read here cuts a glyph."""
        shown = self.page(page)
        left, top = origin(page)
        x0, y0, x1, y1 = ((v - o) * SCALE for v, o in zip(bbox, (left, top, left, top)))
        for box, edge in cut_across(shown.clips()):
            (xa, ya), (xe, _) = shown.to_pixels.to_bitmap(box[0], box[3]), shown.to_pixels.to_bitmap(edge, box[1])
            if min(abs(xe - x0), abs(xe - x1)) <= SIDE * SCALE:
                return xe / SCALE, ya / SCALE
        found = clipped_away_across(shown.clips())
        if not found:
            return None
        for box_left, bottom, box_right, box_top in found:
            (xa, ya), (xb, yb) = shown.to_pixels.to_bitmap(box_left, bottom), shown.to_pixels.to_bitmap(box_right, box_top)
            if y0 < (ya + yb) / 2 < y1 and (min(xa, xb) >= x1 - SIDE * SCALE or max(xa, xb) <= x0 + SIDE * SCALE):
                return min(xa, xb) / SCALE, min(ya, yb) / SCALE
        return None

    def release(self) -> None:
        if self.shown is not None:
            self.shown.close()
            self.shown = None

    def close(self) -> None:
        self.release()
        if self.doc is not None:
            self.doc.close()
            self.doc = None


class Shown:
    """One page as pdfium loaded it, and its text page once read."""

    def __init__(self, number: int, page: pdfium.PdfPage):
        self.number, self.page = number, page
        self.textpage: pdfium.PdfTextPage | None = None
        self.to_pixels = None  # page points -> pixels of its rendering, once rendered
        self.image: np.ndarray | None = None  # its rendering, once rendered
        self.alone: np.ndarray | None = None  # its text alone, once rendered
        self.alone_page: pdfium.PdfPage | None = None  # a copy of it with its text alone, once made
        self.bare: np.ndarray | None = None  # its rendering without annotations, once rendered
        self.clipped: PageClips | None = None  # its objects under clips, once walked

    def text(self) -> pdfium.PdfTextPage:
        if self.textpage is None:
            self.textpage = self.page.get_textpage()
        return self.textpage

    def clips(self) -> PageClips:
        """Its objects under clips, and the glyphs a clip cuts (asked by several checks)."""
        if self.clipped is None:
            self.clipped = PageClips(self.page.raw, self.text().raw)
        return self.clipped

    def close(self) -> None:
        if self.textpage is not None:
            self.textpage.close()
        if self.alone_page is not None:
            self.alone_page.close()
        self.page.close()
