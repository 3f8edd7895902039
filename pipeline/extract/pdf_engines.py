"""Every glyph a viewer draws on a page holding the vendor table is one the reader read, there.

pdfminer (under pdfplumber) reads the glyphs the table is made of; viewers draw the page
with their own parsers (pdfium in Chromium's, poppler in most others). Where the file is
malformed they part ways, and the reader then publishes what no viewer shows: a content
stream whose /Length stops short of its data (pdfminer stops at the length, pdfium and
poppler read on to `endstream`) hides from the reader a `1` that every viewer draws
before `32*Ascend`; a page's content given twice, the second copy appended after `%%EOF`,
is read by pdfminer from the first and drawn by viewers from the second, where `16`
may have become `61`: the same glyphs, each somewhere else. So each glyph pdfium reads on
a table page must be one pdfminer read with its origin at the same place (to a point),
in its printed form (both engines' text folded alike: radicals, compatibility forms, a
ligature's letters; pdfium's mark for a hyphen ending a line is a hyphen). The other way
round is pdf_ink's: a glyph read must show ink where it is drawn (pdfium also reads a glyph
printed twice over itself, a shadow, once). Glyphs without a Unicode mapping are not
compared: unmapped text is its own error (pdf_textlayer).
"""
from __future__ import annotations

import ctypes
import unicodedata
from functools import cached_property, lru_cache

import pypdfium2.raw as pdfium_c

from ..errors import LayoutError, Place, Problem
from .cjk import printed_text
from .pdf_cells import MARK_SHIFT
from .pdf_glyphs import where
from .pdf_textlayer import unmapped

# pdfium's text for a hyphen it takes as breaking a word at a line's end (U+0002 per glyph,
# U+FFFE in a page's text)
LINE_END_HYPHEN = str.maketrans({"\x02": "-", "\ufffe": "-"})


# a glyph's origin as each engine gives it may differ by rounding: within a point is the same place
SAME_PLACE = 1


@lru_cache(maxsize=4096)
def printed(ch: str) -> str:
    """A glyph's text in printed form, with no spaces or line breaks (engines differ in which
    they add between words and lines) and no control characters (pdfium's text for glyphs it
    cannot map)."""
    return "".join(c for c in printed_text(ch.translate(LINE_END_HYPHEN))
                   if not c.isspace() and unicodedata.category(c) != "Cc")


# A glyph pdfminer reads as a CJK radical (a ToUnicode map giving ⼾ for 户) is the ideograph a
# viewer reads there: the radical's printed form (cjk.py) may be a variant of it (⼾ folds to 戶,
# pdfium reads 户 from the font's own map), the same glyph either way.
RADICAL = "radical"


def radical(text: str) -> bool:
    return len(text) == 1 and "\u2e80" <= text <= "\u2fdf"


def ideograph(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith("CJK ")


def to_user_space(page):
    """pdfminer's device space back to the page's own (user) space, where pdfium gives its
    glyphs' origins: the inverse of the rotation and shift pdfminer's interpreter starts a
    page with."""
    x0, y0, x1, y1 = page.page_obj.mediabox
    return {0: lambda X, Y: (X + x0, Y + y0), 90: lambda X, Y: (x1 - Y, X + y0),
            180: lambda X, Y: (x1 - X, y1 - Y), 270: lambda X, Y: (Y + x0, y1 - X)}[page.page_obj.rotate % 360]


class ReadGlyphs:
    """Each character pdfminer read on the page, by its glyph's origin to the point (a
    ligature's letters share their glyph's) and by its box. pdfminer's origin leaves out text
    rise (`Ts`), pdfium's includes it: a raised glyph is found by its box, which holds it."""

    def __init__(self, page):
        self.chars = [(ch, text) for ch in page.chars if (text := printed(ch["text"]))]
        self.user = to_user_space(page)
        self.shift = page.page_obj.mediabox[0]  # pdfplumber's x0, x1 are device space moved by this; y0, y1 are not
        self.places: set[tuple[str, int, int]] = set()
        user, places = self.user, self.places
        for ch, text in self.chars:
            x, y = user(ch["matrix"][4], ch["matrix"][5])
            x, y = round(x), round(y)
            for c in text:
                places.add((c, x, y))
            if radical(ch["text"]):
                places.add((RADICAL, x, y))

    @cached_property
    def boxes(self) -> dict[str, list[tuple[tuple[float, float, float, float], tuple[float, float], dict]]]:
        """Each character's glyph box and origin (user space), asked only for a glyph pdfium
        reads somewhere else than at an origin read: rarely."""
        user, shift, boxes = self.user, self.shift, {}
        for ch, text in self.chars:
            (ax, ay), (bx, by) = user(ch["x0"] - shift, ch["y0"]), user(ch["x1"] - shift, ch["y1"])
            box = (min(ax, bx) - SAME_PLACE, min(ay, by) - SAME_PLACE, max(ax, bx) + SAME_PLACE, max(ay, by) + SAME_PLACE)
            for c in text:
                boxes.setdefault(c, []).append((box, user(ch["matrix"][4], ch["matrix"][5]), ch))
        return boxes

    def at_origin(self, ch: str, x: float, y: float) -> bool:
        x, y = round(x), round(y)
        return self.read_at(ch, x, y) or (ideograph(ch) and self.read_at(RADICAL, x, y))

    def read_at(self, ch: str, x: int, y: int) -> bool:
        return (ch, x, y) in self.places or any(  # (most glyphs are read at the very point: asked first)
            (ch, x + dx, y + dy) in self.places for dx in (0, -SAME_PLACE, SAME_PLACE) for dy in (0, -SAME_PLACE, SAME_PLACE))

    def in_box(self, ch: str, x: float, y: float) -> tuple[dict, float] | None:
        """The glyph read whose box holds this origin, and how far it is drawn above its
        origin as pdfminer gives it (text rise, on a line drawn across the page)."""
        for (x0, y0, x1, y1), (ox, oy), char in self.boxes.get(ch, ()):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return char, (y - oy if abs(x - ox) <= SAME_PLACE else 0.0)
        return None


def drawn_glyphs(textpage):
    """Each character pdfium reads on the page with its glyph's origin (user space)."""
    x, y = ctypes.c_double(), ctypes.c_double()
    at_x, at_y = ctypes.byref(x), ctypes.byref(y)
    origin, raw = pdfium_c.FPDFText_GetCharOrigin, textpage.raw  # (asked per glyph)
    for index, ch in enumerate(textpage.get_text_range()):
        text = printed(ch)
        if text:
            origin(raw, index, at_x, at_y)
            yield text, x.value, y.value


def inside(char: dict, bbox: tuple[float, float, float, float]) -> bool:
    x0, top, x1, bottom = bbox
    return x0 <= (char["x0"] + char["x1"]) / 2 <= x1 and top <= (char["top"] + char["bottom"]) / 2 <= bottom


def check_drawn_were_read(textpage, page, number: int, table: tuple[float, float, float, float], source: str) -> None:
    """Every glyph pdfium reads on this page (`textpage`: its text page) is one pdfminer read
    (`page`: pdfplumber's) at the same place; none in the vendor table (`table`: its box) is
    raised or lowered off its line by text rise, which pdfminer leaves out of where it
    places a glyph's line (`4 Ts (1) Tj 0 Ts (32*Ascend) Tj` draws a raised `1`, a note, as
    a superscript would be)."""
    if any(unmapped(ch) for ch in page.chars):
        return  # pdf_textlayer's error
    read = ReadGlyphs(page)
    unread, raised = [], []
    for text, x, y in drawn_glyphs(textpage):
        for c in text:
            if read.at_origin(c, x, y):
                continue
            found = read.in_box(c, x, y)
            if found is None:
                unread.append((c, x, y))
            elif abs(found[1]) > found[0]["size"] * MARK_SHIFT and inside(found[0], table):
                raised.append(found[0])
    if unread:
        ch, x, y = unread[0]
        raise LayoutError(source, Problem(
            Place(page=number), f"text a viewer draws on the page that the extractor does not read there: "
            f"{''.join(c for c, _, _ in unread)[:40]!r}, the first {ch!r} at ({x:.0f}, {y:.0f}) pt in the page's own "
            "coordinates (pdfium reads it there, pdfminer does not: a malformed file, e.g. a content stream "
            "longer than its /Length, or a page's content given twice)", "a PDF whose text every reader reads alike"))
    if raised:
        raise LayoutError(source, Problem(
            Place(page=number), f"text in the vendor table raised or lowered off its line by text rise "
            f"({where(raised)}): a note set above or below the value, not part of it",
            "each line of a cell on one baseline"))
