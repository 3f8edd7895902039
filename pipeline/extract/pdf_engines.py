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

Each glyph is also drawn where it is read. A font's outline may lie anywhere: an `x` set right of
the table whose outline is an 8 moved 129 pt left draws an 8 over the `3` of `32` (the page shows
82, the `3`'s box holds that ink, and the `x` is read outside the table), and the same outline in
white, or a space whose outline is a white box, erases part of a glyph (an 8 shown as a 3). The
text-alone rendering cannot tell whose ink is whose, and white ink is none. pdfium gives each
glyph's outline box (FPDFText_GetCharBox): one that reaches into the table must lie inside the box
of the glyph read at its origin, widened by what real glyphs reach past their boxes (pdf_ink's
OVERHANG sideways, DESCENT up and down; measured on the prints in the tests: 0.08 and 0.25 of the
size at most), and a blank's outline must be empty (pdfium then gives a box of no height).
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
from .pdf_forms import mapped, moved, placed_objects
from .pdf_ink import DESCENT, OVERHANG
from .pdf_textlayer import unmapped
from .sign_fonts import of_signs

# pdfium's text for a hyphen it takes as breaking a word at a line's end (U+0002 per glyph,
# U+FFFE in a page's text)
LINE_END_HYPHEN = str.maketrans({"\x02": "-", "\ufffe": "-"})

ASCII_DIGITS = frozenset("0123456789")  # the figures whose shapes pdf_digit_shapes knows


# a glyph's origin as each engine gives it may differ by rounding: within a point is the same place
SAME_PLACE = 1
AROUND = tuple((dx, dy) for dx in (0, -SAME_PLACE, SAME_PLACE) for dy in (0, -SAME_PLACE, SAME_PLACE))  # the same place
SMALLER = 0.8  # of the same digit's usual outline height for its size: a digit drawn this much smaller is another form
TALLER = 1.2  # and this much taller, another sign (a bracket's outline reaches below the line and above the digits)
NARROWER, WIDER = 0.65, 1.55  # of its usual outline width: another sign (a bracket is a quarter em or a whole one)
LOWER = 0.06  # of the size, its foot below the usual one's: another sign (a bracket reaches below the line)
FLAT = 0.005  # of the font size: an outline box no higher draws nothing (an empty one's: 0.001 on the tests' prints)
# How tall a glyph's outline may be for its size, by what it is read as, where a glyph of another
# height would show another value: a digit at least DIGIT_LEAST (a speck drawn for 1 shows 16 as 6:
# hunt 143; old-style figures are 0.45 tall), a hyphen or a full stop at most MARK_MOST (a 1 squeezed
# into the hyphen's box showed 1 in every unsupported cell; a hyphen is 0.05-0.12 tall, a digit 0.7)
DIGIT_LEAST = 0.3
MARK_MOST = 0.3
FLAT_MARKS = frozenset("-.")
# An asterisk is set high and small: its foot at least STAR_FOOT of its size above the line, at most
# STAR_MOST tall (the fixtures' prints: feet 0.26-0.47, heights 0.32-0.47); a 0 drawn for it stands on
# the line (hunt 151: 4*Ascend shown as 40Ascend, 4 published)
STAR_FOOT, STAR_MOST = 0.15, 0.55
DRAWN_KNOWN = frozenset({*ASCII_DIGITS, *FLAT_MARKS, "*"})  # the characters whose outlines' heights are known
# A digit of a font is at least this share of the height of the font's tallest digit in the table (old-style
# figures: 0.48 against 0.72); a smaller one is another sign (hunt 151: a 7 at 0.31 of the size drawn for 1)
DIGIT_SHARE = 0.55


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


class PageSpace:
    """pdfplumber's coordinates of a page back in its own (user) space, where pdfium gives
    what it draws."""

    def __init__(self, page):
        self.user = to_user_space(page)
        self.shift = page.page_obj.mediabox[0]  # pdfplumber's x0, x1 are device space moved by this; y0, y1 are not
        self.height = page.height + page.mediabox[1]  # pdfplumber's top is this less device space's y

    def box(self, char: dict, top: float | None = None, bottom: float | None = None) -> tuple:
        """A box of pdfplumber's (a character's or a path's, or x0 and x1 of `char` with `top` and
        `bottom`) in the page's user space: (left, bottom, right, top)."""
        if top is None:
            (ax, ay), (bx, by) = self.user(char["x0"] - self.shift, char["y0"]), self.user(char["x1"] - self.shift, char["y1"])
        else:
            height = self.height
            (ax, ay), (bx, by) = (self.user(char["x0"] - self.shift, height - top),
                                  self.user(char["x1"] - self.shift, height - bottom))
        return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)


class ReadGlyphs:
    """Each character pdfminer read on the page, by its glyph's origin to the point (a
    ligature's letters share their glyph's) and by its box. pdfminer's origin leaves out text
    rise (`Ts`), pdfium's includes it: a raised glyph is found by its box, which holds it."""

    def __init__(self, page, unread: list[dict]):
        """`unread`: the page's characters without a Unicode map."""
        self.chars = [(ch, text) for ch in page.chars if (text := printed(ch["text"]))
                      and not (unread and unmapped(ch))]
        self.space = PageSpace(page)
        self.user = self.space.user
        self.boxes_of: dict[int, tuple] = {}  # box_of's, by the character's identity
        self.places: dict[tuple[str, int, int], list[dict]] = {}
        user, places = self.user, self.places
        for ch, text in self.chars:
            x, y = user(ch["matrix"][4], ch["matrix"][5])
            x, y = round(x), round(y)
            for c in (*text, RADICAL) if radical(ch["text"]) else text:
                places.setdefault((c, x, y), []).append(ch)
        # where a font has no Unicode map, pdfium guesses otherwise than pdfminer (which reads (cid:N), or
        # a guess of its own): its glyphs are then paired by origin alone
        self.guessing = bool(unread)
        self.origins: dict[tuple[int, int], list[dict]] = {}
        for ch in page.chars if self.guessing else ():
            x, y = user(ch["matrix"][4], ch["matrix"][5])
            self.origins.setdefault((round(x), round(y)), []).append(ch)

    @cached_property
    def boxes(self) -> dict[str, list[tuple[tuple[float, float, float, float], tuple[float, float], dict]]]:
        """Each character's glyph box and origin (user space), asked only for a glyph pdfium
        reads somewhere else than at an origin read: rarely."""
        boxes = {}
        for ch, text in self.chars:
            x0, y0, x1, y1 = self.user_box(ch)
            box = (x0 - SAME_PLACE, y0 - SAME_PLACE, x1 + SAME_PLACE, y1 + SAME_PLACE)
            for c in text:
                boxes.setdefault(c, []).append((box, self.user(ch["matrix"][4], ch["matrix"][5]), ch))
        return boxes

    def at_origin(self, ch: str, x: float, y: float) -> list[dict]:
        """The characters read as `ch` with their glyph's origin at (x, y), to a point (none: [])."""
        x, y = round(x), round(y)
        return self.read_at(ch, x, y) or (self.read_at(RADICAL, x, y) if ideograph(ch) else [])

    def read_at(self, ch: str, x: int, y: int) -> list[dict]:
        places = self.places
        found = places.get((ch, x, y))  # (most glyphs are read at the very point: asked first)
        if found:
            return found
        return [char for dx, dy in AROUND for char in places.get((ch, x + dx, y + dy), ())]

    def any_at(self, x: float, y: float) -> list[dict]:
        """On a page with glyphs without a Unicode map (`guessing`), those read with their origin at
        (x, y), to a point, whatever text each engine gives them."""
        x, y = round(x), round(y)
        return [ch for dx, dy in AROUND for ch in self.origins.get((x + dx, y + dy), ())]

    def box_of(self, char: dict) -> tuple:
        """user_box() of a character read, once."""
        found = self.boxes_of.get(id(char))
        if found is None:
            found = self.boxes_of[id(char)] = self.user_box(char)
        return found

    def user_box(self, char: dict, top: float | None = None, bottom: float | None = None) -> tuple:
        return self.space.box(char, top, bottom)

    def in_box(self, ch: str, x: float, y: float) -> tuple[dict, float] | None:
        """The glyph read whose box holds this origin, and how far it is drawn above its
        origin as pdfminer gives it (text rise, on a line drawn across the page)."""
        for (x0, y0, x1, y1), (ox, oy), char in self.boxes.get(ch, ()):
            if x0 <= x <= x1 and y0 <= y <= y1:
                return char, (y - oy if abs(x - ox) <= SAME_PLACE else 0.0)
        return None


def drawn_glyphs(textpage):
    """Each character pdfium reads on the page (not one it adds between words and lines): its
    index, its printed text ('' for a blank), its glyph's origin, its outline's box (left,
    bottom, right, top; all in user space) and, for a blank, its font size as drawn."""
    x, y = ctypes.c_double(), ctypes.c_double()
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    at_x, at_y = ctypes.byref(x), ctypes.byref(y)
    edges = tuple(ctypes.byref(v) for v in (left, right, bottom, top))
    raw = textpage.raw  # (asked per glyph)
    origin, outline, generated = (pdfium_c.FPDFText_GetCharOrigin, pdfium_c.FPDFText_GetCharBox,
                                  pdfium_c.FPDFText_IsGenerated)
    for index, ch in enumerate(textpage.get_text_range()):
        text = printed(ch)
        if not text and generated(raw, index):
            continue
        origin(raw, index, at_x, at_y)
        outline(raw, index, *edges)
        yield index, text, x.value, y.value, (left.value, bottom.value, right.value, top.value), \
            drawn_size(raw, index) if not text else 0.0


def drawn_size(raw, index: int) -> float:
    """The glyph's font size as drawn: pdfium's is the Tf operand, which the text and graphics
    matrices scale (cairo writes `1 Tf` in a matrix scaled 9: a blank's flat box, 0.009 pt high,
    was then taken for a blank that draws, hunt 143)."""
    matrix = pdfium_c.FS_MATRIX()
    scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5 \
        if pdfium_c.FPDFText_GetMatrix(raw, index, ctypes.byref(matrix)) else 1.0
    return pdfium_c.FPDFText_GetFontSize(raw, index) * scale


def font_key(font) -> int:
    """A pdfium font as a key (its address; 0 for none)."""
    return ctypes.cast(font, ctypes.c_void_p).value or 0


class Fonts:
    """What the glyphs' fonts are (pdfium's), asked once per font: whether the file carries it
    (embedded, or Type 3; another is drawn from each viewer's own substitute, here pdf_fonts'
    box, whose outline says nothing of the file), and whether it is named as a font of signs
    (sign_fonts: a file's map may read a dingbat as a digit, `✘` as 8, and the dingbat is a
    digit's size)."""

    def __init__(self, textpage):
        self.textpage, self.known = textpage, {}

    def font(self, index: int):
        """pdfium's font of the glyph at `index` (a null pointer for none)."""
        return pdfium_c.FPDFTextObj_GetFont(pdfium_c.FPDFText_GetTextObject(self.textpage.raw, index))

    def key(self, index: int) -> int:
        """Which font the glyph at `index` is drawn from (0 for none)."""
        return font_key(self.font(index))

    def of(self, index: int) -> tuple[bool, bool]:
        """(carried, of signs) for the glyph at `index`."""
        font = self.font(index)
        key = font_key(font)
        found = self.known.get(key)
        if found is None:
            buffer = ctypes.create_string_buffer(256)
            name = buffer.value.decode("latin-1") if font and pdfium_c.FPDFFont_GetBaseFontName(font, buffer, 256) \
                else ""
            found = self.known[key] = (bool(font) and bool(pdfium_c.FPDFFont_GetIsEmbedded(font)), of_signs(name))
        return found

    def carried(self, index: int) -> bool:
        return self.of(index)[0]

    def of_signs(self, index: int) -> bool:
        return self.of(index)[1]


def in_form(textpage, index: int, forms: dict[int, tuple]) -> tuple | None:
    """The matrix taking the space of the form XObject that holds the glyph's text object to the
    page's (None for a glyph at the page's top level). pdfium places most glyphs in a form where
    the form draws them, but gives those it reads as several characters or as others (a CJK
    radical taken for its ideograph, a ligature) in the form's own space: in a Chromium print
    imposed by pdfjam or LaTeX's \\includepdf, a glyph not read where pdfium says is looked for
    where its form puts it. `forms` (text object -> matrix) is filled from the page's objects
    the first time."""
    if not forms:
        forms.update((ctypes.cast(handle, ctypes.c_void_p).value, to_page)
                     for handle, kind, to_page in placed_objects(textpage.page.raw)
                     if kind == pdfium_c.FPDF_PAGEOBJ_TEXT and to_page is not None)
        forms.setdefault(0, None)  # (asked once, whatever the page holds)
    return forms.get(ctypes.cast(pdfium_c.FPDFText_GetTextObject(textpage.raw, index), ctypes.c_void_p).value)


def overprinted(char: dict, text: str, read: ReadGlyphs, paired: set[int]) -> bool:
    """Is the character a copy of one paired with pdfium's glyph, printed over it within a point
    (a shadow, an overprinted bold: pdfium reads the two as one glyph)?"""
    x, y = read.user(char["matrix"][4], char["matrix"][5])
    x, y = round(x), round(y)
    return any(id(other) in paired for dx, dy in AROUND for other in read.places.get((text[0], x + dx, y + dy), ())
               if other is not char)


def read_otherwise(chars: list[dict]) -> list[dict]:
    """Of the characters pdfminer read, those pdfium reads as another text (in_form's glyphs): a
    CJK radical (pdfium's ideograph), a ligature (pdfium's letters). Only these are looked for
    where a form draws them: a plain glyph pdfium places in the page's space already, and placed
    through the form again it could land on another glyph of its kind (a 2 drawn by a form
    pdfminer does not read, shifted by a `cm` onto a 2 of another cell)."""
    return [ch for ch in chars if radical(ch["text"]) or len(printed(ch["text"])) > 1]


def meets(box: tuple, other: tuple) -> bool:
    return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


def holds(char_box: tuple, outline: tuple, size: float) -> bool:
    """Does a character's box (user space), widened by what a glyph's ink reaches past it, hold
    the outline box of the glyph drawn for it?"""
    wide, high = OVERHANG * size, DESCENT * size
    return (char_box[0] - wide <= outline[0] and outline[2] <= char_box[2] + wide
            and char_box[1] - high <= outline[1] and outline[3] <= char_box[3] + high)


def inside(char: dict, bbox: tuple[float, float, float, float]) -> bool:
    x0, top, x1, bottom = bbox
    return x0 <= (char["x0"] + char["x1"]) / 2 <= x1 and top <= (char["top"] + char["bottom"]) / 2 <= bottom


def misdrawn(c: str, height: float, foot: float) -> bool:
    """Is a glyph read as `c` (one of DRAWN_KNOWN) drawn at a height, or with its foot at a height
    above its line (of its outline, for its size), that character never has?"""
    if c in ASCII_DIGITS:
        return height < DIGIT_LEAST
    if c == "*":
        return foot < STAR_FOOT or height > STAR_MOST
    return height > MARK_MOST


def digits_small_in_their_font(heights: dict) -> list:
    """Of the digits of each font (font key -> [(height, digit, character)]), those under
    DIGIT_SHARE of the font's tallest digit in the table."""
    return [(height, digit, char, tallest) for drawn in heights.values()
            for tallest in [max(height for height, _, _ in drawn)]
            for height, digit, char in drawn if height < DIGIT_SHARE * tallest]


def digits_unlike(digits: dict) -> list:
    """Of the digits of the table (by digit: their outline's height, width and foot below the
    origin for their size, and the character read), those drawn unlike the same digit's middle
    one, with what differs: SMALLER or TALLER, NARROWER or WIDER, or reaching LOWER. A
    numerator form of a font (`font-feature-settings: 'numr'`) is a small 1 at full size: read as
    a 1 before 32, it is a note mark on the page (¹32). A glyph of another sign whose font map
    names a digit is another shape: Ghostscript's re-distilled Chromium prints read the brackets
    of `〔1〕8*Ascend` as 4 and 5 (4158), 0.96 of the size tall where a digit is 0.73, 0.25 wide
    where it is 0.5, reaching 0.1 below the line; in WenQuanYi Zen Hei Mono `〈1〉` reads 819."""
    found = []
    for drawn in digits.values():
        middle = len(drawn) // 2
        usual = tuple(sorted(shape[i] for shape, _ in drawn)[middle] for i in range(3))
        high, wide, low = usual
        for (height, width, foot), char in drawn:
            if height < SMALLER * high:
                found.append(("smaller", (height, width, foot), usual, char))
            elif height > TALLER * high or not NARROWER * wide <= width <= WIDER * wide or foot > low + LOWER:
                found.append(("other", (height, width, foot), usual, char))
    return found


def check_drawn_were_read(textpage, page, number: int, table: tuple[float, float, float, float],
                          source: str) -> list[tuple[tuple, str, tuple, dict]]:
    """Every glyph pdfium reads on this page (`textpage`: its text page) is one pdfminer read
    (`page`: pdfplumber's) at the same place (on a page with glyphs without a Unicode map, a
    logo's, only at a place read); none in the vendor table (`table`: its box) is
    raised or lowered off its line by text rise, which pdfminer leaves out of where it
    places a glyph's line (`4 Ts (1) Tj 0 Ts (32*Ascend) Tj` draws a raised `1`, a note, as
    a superscript would be). Returns each carried font's first glyph of each digit and outline
    size in the table (its font and size, the digit, its outline box, pdfminer's character), for
    pdf_digit_shapes."""
    unread_text = [ch for ch in page.chars if unmapped(ch)]
    if any(inside(ch, table) for ch in unread_text):
        return []  # the table's text without a Unicode map: pdf_textlayer's error
    read = ReadGlyphs(page, unread_text)
    table_box = read.user_box({"x0": table[0], "x1": table[2]}, table[1], table[3])
    unread, raised, astray, digits, misshapen = [], [], [], {}, []
    font_heights: dict[int, list] = {}  # font -> its digits' heights in the table (digits_small_in_their_font)
    forms: dict[int, tuple] = {}  # in_form's, made when first asked
    fonts = Fonts(textpage)
    signs = []
    shapes: dict[tuple, tuple] = {}  # (font and outline size, digit) -> its first glyph in the table
    paired: set[int] = set()  # the characters pdfminer read that a glyph pdfium reads was paired with
    for index, text, x, y, outline, size in drawn_glyphs(textpage):
        into = meets(outline, table_box)  # (a glyph drawn elsewhere than it is read: only its ink in the table counts)
        if not text:
            if read.guessing and any(unmapped(ch) for ch in read.any_at(x, y)):
                continue  # a glyph pdfminer cannot map, which pdfium takes for a blank
            if into and (outline[3] - outline[1] > FLAT * size or not holds((x, y, x + size, y + size), outline, size)) \
                    and fonts.carried(index):
                astray.append((" ", x, y, outline))  # (flat bars drawn from elsewhere, stacked, cover a glyph too)
            continue
        for c in text:
            chars = read.at_origin(c, x, y)
            if not chars and (placed := in_form(textpage, index, forms)) is not None and \
                    (chars := read_otherwise(read.at_origin(c, *moved([(x, y)], placed)[0]))):
                (x, y), = moved([(x, y)], placed)
                outline = mapped(outline, placed)
                into = meets(outline, table_box)
            if not chars:
                found = read.in_box(c, x, y)
                if found is not None:
                    if abs(found[1]) > found[0]["size"] * MARK_SHIFT and inside(found[0], table):
                        raised.append(found[0])
                    chars = [found[0]]
                elif read.guessing:  # pdfium's guess at unmapped text: paired by origin (its text is pdf_textlayer's)
                    chars = read.any_at(x, y)
                else:
                    unread.append((c, x, y))
                if not chars:
                    continue
            paired.update(map(id, chars))
            if into and not any(holds(read.box_of(ch), outline, ch["size"]) for ch in chars) \
                    and fonts.carried(index):
                astray.append((c, x, y, outline))
            # (a Type 3 font has no name pdfium gives: Chromium's print names it in its descriptor, which pdfminer reads)
            if into and c.isalnum() and (fonts.of_signs(index) or of_signs(chars[0]["fontname"])):
                signs.append(chars[0])
            if into and c in DRAWN_KNOWN and chars[0]["size"] > 0 and fonts.carried(index):
                height, foot = (outline[3] - outline[1]) / chars[0]["size"], (outline[1] - y) / chars[0]["size"]
                if misdrawn(c, height, foot):
                    misshapen.append((c, height, foot, chars[0]))
                if c in ASCII_DIGITS:
                    font_heights.setdefault(fonts.key(index), []).append((height, c, chars[0]))
            if into and c in ASCII_DIGITS and chars[0]["size"] > 0 and fonts.carried(index):  # (¹ and ① are digits
                # to str.isdigit, not figures whose shapes are known: hunt 91's KeyError)
                # (its size as drawn: pdfium's is the Tf operand; a font the file does not carry is drawn from
                # each viewer's substitute, whose outline says nothing of the file)
                size = chars[0]["size"]
                shape = ((outline[3] - outline[1]) / size, (outline[2] - outline[0]) / size, (y - outline[1]) / size)
                digits.setdefault(c, []).append((shape, chars[0]))
                # one glyph of each outline per font and digit (its height, width and foot, to 1/10000 of the font
                # size: a map may read two glyphs as one digit, and 0 and 3 may share a box to 1/100)
                font = (fonts.key(index), *(round(v, 4) for v in shape))
                shapes.setdefault((font, c), (font, c, outline, chars[0]))
    if unread:
        ch, x, y = unread[0]
        raise LayoutError(source, Problem(
            Place(page=number), f"text a viewer draws on the page that the extractor does not read there: "
            f"{''.join(c for c, _, _ in unread)[:40]!r}, the first {ch!r} at ({x:.0f}, {y:.0f}) pt in the page's own "
            "coordinates (pdfium reads it there, pdfminer does not: a malformed file, e.g. a content stream "
            "longer than its /Length, or a page's content given twice)", "a PDF whose text every reader reads alike"))
    unseen = [ch for ch, text in read.chars if id(ch) not in paired and text.strip() and inside(ch, table)
               and not unmapped(ch) and not overprinted(ch, text, read, paired)]
    if unseen:
        raise LayoutError(source, Problem(
            Place(page=number), f"text in the vendor table that pdfium reads as no glyph there ({where(unseen)}): "
            "marked content replacing it (an /ActualText span read as a blank), or a glyph the engines place "
            "apart; every check of what the page draws looks at pdfium's glyphs",
            "every glyph of the table read alike by both engines"))
    if raised:
        raise LayoutError(source, Problem(
            Place(page=number), f"text in the vendor table raised or lowered off its line by text rise "
            f"({where(raised)}): a note set above or below the value, not part of it",
            "each line of a cell on one baseline"))
    if signs:
        raise LayoutError(source, Problem(
            Place(page=number), f"text in the vendor table drawn from a font of signs ({where(signs)}): Symbol, "
            "ZapfDingbats and their like draw a sign for the code, whatever character the file's map reads",
            "the table's text drawn from text fonts"))
    if misshapen:
        c, height, foot, char = misshapen[0]
        limit = f"at least {DIGIT_LEAST} tall" if c in ASCII_DIGITS else \
            f"at most {STAR_MOST} tall, its foot {STAR_FOOT} above its line or higher" if c == "*" else \
            f"at most {MARK_MOST} tall"
        raise LayoutError(source, Problem(
            Place(page=number), f"a glyph in the vendor table drawn at a height its character never has ({where([char])}: "
            f"read as {c!r}, its outline {height:.2f} of its size tall, its foot {foot:.2f} above its line, where "
            f"{'a digit' if c in ASCII_DIGITS else 'an asterisk' if c == '*' else 'a mark'} is {limit}): its font draws "
            "another sign for the character (a speck for a 1, a digit for a hyphen or an asterisk), which shows a "
            "reader another value", "every digit and mark of the table drawn at its character's height"))
    small = digits_small_in_their_font(font_heights)
    if small:
        height, digit, char, tallest = small[0]
        raise LayoutError(source, Problem(
            Place(page=number), f"a digit in the vendor table drawn much smaller than the other digits of its font "
            f"({where([char])}: read as {digit}, {height:.2f} of its size tall, the font's tallest digit {tallest:.2f}): "
            "another sign drawn small for the digit (a small 7 for a 1), or a note mark", "every digit of the table "
            "drawn at the height of its font's digits"))
    unlike = digits_unlike(digits)
    if unlike:
        kind, (height, width, foot), (high, wide, low), char = unlike[0]
        if kind == "smaller":
            raise LayoutError(source, Problem(
                Place(page=number), f"a digit in the vendor table drawn smaller than the same digit elsewhere in it "
                f"({where([char])}: {height:.2f} of its size tall, the others {high:.2f}): a numerator, denominator "
                "or superscript form of its font (OpenType numr, dnom, sups), a note mark, read as a digit of the value",
                "every digit of the table drawn at the height of the others"))
        raise LayoutError(source, Problem(
            Place(page=number), f"a digit in the vendor table drawn unlike the same digit elsewhere in it "
            f"({where([char])}: {height:.2f} of its size tall, {width:.2f} wide, its foot {foot:.2f} below its line; the "
            f"others {high:.2f}, {wide:.2f} and {low:.2f}): another sign (a bracket, a mark) whose font map names a "
            "digit, as Ghostscript's re-distilled prints have them, or a table mixing fonts whose digits differ this much",
            "every digit of the table drawn as the others of its kind"))
    if astray:
        ch, x, y, (left, bottom, right, top) = astray[0]
        raise LayoutError(source, Problem(
            Place(page=number), f"a glyph whose font draws it away from where its text is read, into the vendor "
            f"table: {ch!r} read at ({x:.0f}, {y:.0f}) pt in the page's own coordinates, its outline drawn at "
            f"({left:.0f}, {bottom:.0f})-({right:.0f}, {top:.0f}) pt (a glyph drawn over another one, black or white, "
            "changes what the page shows there: an 8 drawn over a 3, a white box over part of an 8)"
            + (" (a blank that draws)" if ch == " " else ""),
            "every glyph's outline inside the box its text is read in, every blank drawing nothing"))
    return list(shapes.values())
