"""Every glyph read is the character its font draws, where the PDF itself says which.

The reader takes a glyph's character from the font's ToUnicode map, or, without one, from
the glyph's name in the font's encoding. A viewer draws what the font's program draws for
it. Where the file says both, they can disagree, and the reader would publish what nobody
sees:
- a simple font (Type 1, TrueType) whose encoding names the glyph drawn for a code
  (`/Differences [51 /eight]` on Helvetica draws an 8 for the byte `3`) while its ToUnicode
  map reads that code as another character (`3`): 82 on the page, 32 read;
- a Type 3 glyph whose program shows text of its own (a glyph named `three` whose program
  is `(8) Tj` in another font), or an image (of an 8), or draws a form that may: the
  glyph's name or ToUnicode says one character, the program prints another (every text of
  such a font is refused: its base encoding may name the glyph);
- a CID font of a registered collection (Adobe-Japan1...) whose ToUnicode map reads a CID as
  another character than the collection gives it (CID 25 of Adobe-Japan1 is 8).
A font without /Encoding draws by its own (Helvetica's: StandardEncoding), as pdfminer reads
it; an embedded symbolic TrueType font is compared only where /Differences names its glyphs.
Either is an error naming the glyph, its font and what each says. What no PDF says cannot
be checked: the shape a font program (or a Type 3 glyph's paths) gives a glyph whose
ToUnicode says `3`; a CID font's glyphs have no names at all (docs/extractors.md).
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import re
import unicodedata

from pdfminer.cmapdb import CMapDB, FileUnicodeMap
from pdfminer.pdffont import PDFCIDFont, PDFType3Font
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1
from pdfminer.psparser import PSKeyword, PSLiteral
from pdfplumber.page import fix_fontname_bytes

from ..errors import LayoutError, Place, Problem
from .pdf_annots import NESTING, content_tokens, name, resources_within
from .pdf_font_encodings import drawn_characters
from .pdf_font_glyphs import DIGITS, cid_glyph, digit_glyphs, drawn_alike, drawn_glyphs, outline_points, \
    subtables_disagree, true_type_program
from .pdf_glyphs import where
from .pdf_textlayer import unmapped

SHOWS_TEXT = frozenset({b"Tj", b"TJ", b"'", b'"'})
PAINTS_OTHERWISE = frozenset({b"sh", b"scn", b"SCN", b"cs", b"CS"})  # a shading, a colour space (a pattern's)
COLLECTIONS = frozenset({"Adobe-Japan1", "Adobe-GB1", "Adobe-CNS1", "Adobe-Korea1"})  # CIDs that name characters
SIMPLE = frozenset({"Type1", "MMType1", "TrueType"})
SYMBOLIC = 1 << 2  # font descriptor flag: the font's own encoding, whatever /Encoding says
CODES = range(256)  # a simple font's one-byte codes
COLOURING = frozenset({b"g", b"rg", b"k", b"G", b"RG", b"K", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS", b"gs"})
COLOURING_BYTES = re.compile(rb"(?<![A-Za-z*])(?:g|rg|k|G|RG|K|sc|scn|SC|SCN|cs|CS|gs)(?![A-Za-z*])")
PAINTING = frozenset({b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"S", b"s", b"sh", b"Do", b"BI", *SHOWS_TEXT})


def fonts(resources):
    """(reference, font dictionary) of every font a page's (or form's) resources hold,
    and those of the forms it draws, each font once (hunt 62: 79 forms naming one font
    had each of its glyph programs looked at 79 times)."""
    seen = set()
    for held in resources_within(resources):
        for reference in (resolve1(held.get("Font")) or {}).values():
            spec = resolve1(reference)
            if isinstance(spec, dict) and id(spec) not in seen:
                seen.add(id(spec))
                yield reference, spec


def shows_text(stream: PDFStream, resources: dict, depth: int = 0, plain: set | None = None) -> bool:
    """Whether a glyph program draws what is not a shape of its own: text, an image (inline or
    an XObject), a shading or a pattern (which may hold text), or a form that does, or one it
    names but its resources do not hold."""
    if not any(operator in stream.get_data() for operator in (*SHOWS_TEXT, *PAINTS_OTHERWISE, b"Do", b"BI")):
        return False  # a glyph of paths (Chromium's): not parsed
    objects = resolve1(resources.get("XObject")) or {}
    operand = None
    for token in content_tokens(stream):
        if isinstance(token, PDFStream):
            return True  # an inline image (pdfminer gives BI ... ID ... EI as a stream)
        if not isinstance(token, PSKeyword):
            operand = token
            continue
        if token.name in SHOWS_TEXT or token.name in PAINTS_OTHERWISE:
            return True
        if token.name == b"Do":
            form = resolve1(objects.get(name(operand))) if isinstance(operand, PSLiteral) else None
            plain = set() if plain is None else plain  # forms found to draw shapes only: looked at once
            if not isinstance(form, PDFStream) or name(form.get("Subtype")) != "Form" or depth >= NESTING or (
                    id(form) not in plain and shows_text(form, resolve1(form.get("Resources")) or {}, depth + 1, plain)):
                return True
            plain.add(id(form))
    return False


def operators(stream: PDFStream) -> set[bytes]:
    """The operators a content stream uses (an inline image as BI)."""
    return {b"BI" if isinstance(token, PDFStream) else token.name for token in content_tokens(stream)
            if isinstance(token, (PDFStream, PSKeyword))}


def blank(text: str) -> bool:
    """Is the text read a blank: white space or format characters only (a space, U+200B)?"""
    return all(c.isspace() or unicodedata.category(c) == "Cf" for c in text)


def type3_misread(font, spec: dict) -> dict[str, str]:
    """misread() of a Type 3 font, whose glyphs are programs: every text of the font where one
    of them prints text, an image or a pattern (shows_text), or sets a colour of its own (a
    glyph may then paint white over its neighbour: an 8 shown as a 3); a blank read (a space,
    U+200B) whose glyph paints anything at all (a white box over the left of the 8 beside it,
    or a stroke that makes the 3 beside it an 8)."""
    programs = {str(glyph): resolve1(program) for glyph, program in (resolve1(spec.get("CharProcs")) or {}).items()}
    programs = {glyph: program for glyph, program in programs.items() if isinstance(program, PDFStream)}
    resources = resolve1(spec.get("Resources")) or {}
    plain: set = set()  # forms found to draw shapes only, looked at once for all the glyphs (hunt 62)
    printing = sorted(glyph for glyph, program in programs.items() if shows_text(program, resources, plain=plain))
    coloured = sorted(glyph for glyph, program in programs.items()  # a byte test first: programs of paths not parsed
                      if COLOURING_BYTES.search(program.get_data()) and operators(program) & COLOURING)
    if printing or coloured:
        how = "printing text, an image or a pattern of its own" if printing else "painting in colours of its own"
        return {text: f"in a Type 3 font whose glyph /{(printing or coloured)[0]} is drawn by a program {how} (which "
                f"glyph draws what is not read)" for code in CODES if (text := read_as(font, code))}
    names = encoded(spec)  # a Type 3 font's /Differences name all its glyphs
    return {text: f"a blank whose Type 3 glyph /{names[code]} paints (over the glyphs beside it)" for code in CODES
            if (text := read_as(font, code)) and blank(text) and names.get(code) in programs
            and paints(operators(programs[names[code]]))}


def paints(used: set[bytes]) -> bool:
    """Whether a glyph program with these operators may paint: anything but a path, or a path
    painted after one was built (matplotlib's /space is `… d1 f`, a fill of no path: nothing)."""
    return bool(used & (PAINTING - PAINT_PATH)) or bool(used & PAINT_PATH and used & BUILDS_PATH)


POINTS = {b"m": 1, b"l": 1, b"c": 3, b"v": 2, b"y": 2}  # path operators and the points they give
BOX_SLACK = 0.02  # of the box's larger side: a path's rounding past its declared box
# A glyph of points only: `wx wy llx lly urx ury d1`, then numbers and the operators of paths drawn with
# the default line width in the glyph's own space (Chromium's glyphs): every number after d1 is a coordinate
PLAIN_GLYPH = re.compile(rb"\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+d1((?:[\s\d.+-]|[mlcvyhfFSsBb*](?![A-Za-z]))*)\Z")
NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)")


@functools.lru_cache(maxsize=8192)  # a document repeats its glyphs (a Chromium print's /g0 in every font)
def paints_outside(program: bytes, tight: bool = False) -> bool:
    """Does a Type 3 glyph that declares its box (`d1`) paint outside that box (or, `tight`, not up
    to its top and foot: asked of a digit's glyph, whose height is compared)? pdfium takes the
    glyph's box from `d1` (its box for the text and for pdf_engines' outline checks), and neither it
    nor poppler clips the painting to it: an `x` declaring a small box at its origin drew an 8 over
    the 3 of 32 from right of the table, and a small raised 1 declaring a full box passed for a
    full-size digit. Within BOX_SLACK (Chromium's Type 3 glyphs declare their paths' box exactly).
    Glyphs of numbers and path operators only are read by a pattern; any other by painted_past."""
    plain = PLAIN_GLYPH.match(program)
    if plain and plain[7].rstrip()[-1:] in (b"", *(bytes([c]) for c in b"fFSsBb*")):
        # points of painted paths only (none ended by n, none left unpainted at its end): their box
        try:
            box = [float(v) for v in plain.groups()[2:6]]
            numbers = [float(v) for v in NUMBER.findall(plain[7])]
        except ValueError:
            numbers = [0.0]
        if len(numbers) % 2 == 0:
            return outside(box, numbers[0::2], numbers[1::2], 1.0, tight) if numbers else False
    return painted_past(program, tight)


PAINT_PATH = frozenset({b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*"})
BUILDS_PATH = frozenset({b"m", b"l", b"c", b"v", b"y", b"re"})
STROKE_PATH = frozenset({b"S", b"s", b"B", b"B*", b"b", b"b*"})
NO_PAINT = frozenset({b"h", b"n", b"W", b"W*", b"J", b"j", b"M", b"d", b"ri", b"i", b"gs", b"d0", b"BMC", b"BDC",
                      b"EMC", b"MP", b"DP", *COLOURING})


def painted_past(program: bytes, tight: bool) -> bool:
    """paints_outside() of any glyph program, read by pdfminer's content parser (comments, strings
    and arrays as PDF reads them): the points of the paths it paints (not of those ended by `n`
    or only clipping), moved by its `cm`s and, where stroked, widened by half its line width (a fill's
    points are its paint's bounds: cairo's glyphs, filled in `q`...`Q`, were taken as painting half
    a line width past their box, hunt 143). An operator whose
    paint this reader does not bound (a form, an image, a shading, text) counts as painting outside."""
    operands, matrix, saved, width, box = [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], 1.0, None
    path: list[tuple[float, float]] = []
    xs: list[float] = []
    ys: list[float] = []
    for token in content_tokens(PDFStream({}, program)):
        if isinstance(token, PDFStream):  # an inline image: its paint is not bounded here
            return box is not None
        if not isinstance(token, PSKeyword):
            operands.append(token)
            continue
        op, numbers = token.name, [float(v) for v in operands if isinstance(v, (int, float))]
        operands = []
        if op == b"d1" and len(numbers) >= 6:
            box = numbers[2:6]
        elif op in POINTS or op == b"re":
            if op == b"re" and len(numbers) >= 4:
                x, y, w, h = numbers[-4:]
                corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
            else:
                taken = numbers[-2 * POINTS.get(op, 1):]
                corners = list(zip(taken[::2], taken[1::2]))
            a, b, c, d, e, f = matrix
            path += [(a * x + c * y + e, b * x + d * y + f) for x, y in corners]
        elif op in PAINT_PATH:  # a fill paints inside its path; a stroke half its line's width past it
            reach = width / 2 * max(map(abs, matrix[:4])) if op in STROKE_PATH else 0.0
            xs += [v for x, _ in path for v in (x - reach, x + reach)]
            ys += [v for _, y in path for v in (y - reach, y + reach)]
            path = []
        elif op == b"n":
            path = []
        elif op == b"cm" and len(numbers) >= 6:
            a2, b2, c2, d2, e2, f2 = numbers[-6:]
            a, b, c, d, e, f = matrix
            matrix = (a2 * a + b2 * c, a2 * b + b2 * d, c2 * a + d2 * c, c2 * b + d2 * d, e2 * a + f2 * c + e,
                      e2 * b + f2 * d + f)
        elif op == b"q":
            saved.append((matrix, width))
        elif op == b"Q":
            matrix, width = saved.pop() if saved else (matrix, width)
        elif op == b"w" and numbers:
            width = abs(numbers[-1])
        elif op not in NO_PAINT:
            return box is not None  # Do, BI, sh, BT…: what it paints is not bounded here
    if box is None or not xs:
        return False
    return outside(box, xs, ys, 0.0, tight)


def outside(box: list[float], xs: list[float], ys: list[float], width: float, tight: bool) -> bool:
    """Do the points (xs, ys) reach past the box (llx, lly, urx, ury) by more than BOX_SLACK and
    the line width, or (tight) stop short of its top or foot by more?"""
    low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
    slack = BOX_SLACK * max(box[2] - box[0], box[3] - box[1], 1.0) + width
    past = (box[0] - low_x, box[1] - low_y, high_x - box[2], high_y - box[3])  # how far it paints past each side
    short = (low_y - box[1], box[3] - high_y) if tight else ()  # how far short of its top and foot
    return max(*past, *short) > slack


def folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def read_as(font, code: int) -> str | None:
    try:
        return font.unicode_map.get_unichr(code) if font.unicode_map is not None else font.cid2unicode.get(code)
    except KeyError:
        return None


def encoded(spec: dict) -> dict[int, str]:
    """code -> glyph name, from a font's /Encoding /Differences (none in a named encoding: hunt 133
    found `/WinAnsiEncoding` on an embedded symbolic TrueType font an internal error)."""
    names, code = {}, 0
    encoding = resolve1(spec.get("Encoding"))
    differences = resolve1(encoding.get("Differences")) if isinstance(encoding, dict) else None
    for item in differences if isinstance(differences, list) else []:
        if isinstance(item, PDFObjRef):
            item = resolve1(item)
        if isinstance(item, int):
            code = item
        elif isinstance(item, PSLiteral):
            names[code], code = item.name, code + 1
    return names


def symbolic(spec: dict) -> bool:
    flags = (resolve1(spec.get("FontDescriptor")) or {}).get("Flags")
    return isinstance(resolve1(flags), int) and bool(resolve1(flags) & SYMBOLIC)


def embedded(spec: dict) -> bool:
    descriptor = resolve1(spec.get("FontDescriptor")) or {}
    return any(key in descriptor for key in ("FontFile", "FontFile2", "FontFile3"))


def misread(font, spec: dict) -> dict[str, str]:
    """text read -> how it is drawn instead, for codes whose glyph the PDF says is another
    character than the one read (the encoding's glyph name, as pdfminer reads it; a CID's
    character in its collection); for a Type 3 font with a glyph program printing otherwise,
    every text of the font."""
    subtype = name(spec.get("Subtype"))
    if isinstance(font, PDFType3Font) or subtype == "Type3":
        return type3_misread(font, spec)
    if isinstance(font, PDFCIDFont):
        return {**cid_misread(font, spec), **program_misread(font, spec)}
    if subtype not in SIMPLE:
        return {}
    if font.unicode_map is None:
        return own_encoding_misread(font, spec)
    # An embedded symbolic TrueType font draws its codes by its own cmap, but for the glyphs /Differences names
    codes = set(encoded(spec)) if symbolic(spec) and subtype == "TrueType" and embedded(spec) else CODES
    said = {}
    for code in codes:
        drawn, text = font.cid2unicode.get(code), read_as(font, code)
        if drawn and text and folded(drawn) != folded(text):
            said[text] = f"drawn as {drawn!r}, the glyph its encoding gives code {code}"
    if subtype == "TrueType" and embedded(spec):
        said.update((text, drawn) for text, drawn in subtables_disagree(spec, readings(font), encoded(spec)).items() if text not in said)
    return {**own_encoding_misread(font, spec), **said}


def own_encoding_misread(font, spec: dict) -> dict[str, str]:
    """text read -> how it may be drawn instead, for a simple font whose codes its Type 1 or CFF
    program's own encoding names (pdf_font_encodings.drawn_characters)."""
    said = {}
    for code, drawn in drawn_characters(spec, encoded(spec)).items():
        text = read_as(font, code)
        for character, how in sorted(drawn):
            if text and not blank(text) and folded(character) != folded(text):
                said.setdefault(text, f"drawn as {character!r}, {how}")
    return said


def cid_misread(font: PDFCIDFont, spec: dict) -> dict[str, str]:
    """For a CID font of a registered collection (Adobe-Japan1, -GB1, -CNS1, -Korea1) drawn by
    its CIDs, the texts its ToUnicode map reads for CIDs whose character is another."""
    if not isinstance(font.unicode_map, FileUnicodeMap) or font.cidcoding not in COLLECTIONS:
        return {}
    descendant = resolve1((resolve1(spec.get("DescendantFonts")) or [{}])[0]) or {}
    if name(descendant.get("Subtype")) == "CIDFontType2" and embedded(descendant):
        return {}  # drawn by its own TrueType glyphs (CIDToGIDMap), not the collection's characters
    try:
        collection = CMapDB.get_unicode_map(font.cidcoding, font.vertical)
    except CMapDB.CMapNotFound:
        return {}
    said = {}
    for cid, text in font.unicode_map.cid2unichr.items():
        try:
            drawn = collection.get_unichr(cid)
        except KeyError:
            continue
        if folded(drawn) != folded(text):
            said[text] = f"drawn as {drawn!r}, CID {cid} of {font.cidcoding}"
    return said


def drawing_key(spec: dict) -> tuple | None:
    """What draws a font's codes: its embedded program (by its bytes) and what takes its codes to
    the program's glyphs (its encoding, a CID font's CIDToGIDMap). Two fonts of one key draw the
    same glyph for each code. None for a font the file does not carry (a viewer's own) or a Type 3."""
    subtype = name(spec.get("Subtype"))
    drawing = resolve1((resolve1(spec.get("DescendantFonts")) or [{}])[0]) if subtype == "Type0" else spec
    descriptor = resolve1(drawing.get("FontDescriptor")) if isinstance(drawing, dict) else None
    if not isinstance(descriptor, dict):
        return None
    program = next((resolve1(descriptor[key]) for key in ("FontFile", "FontFile2", "FontFile3") if key in descriptor),
                   None)
    if not isinstance(program, PDFStream):
        return None
    return subtype, shape(program), shape(spec.get("Encoding")), shape(drawing.get("CIDToGIDMap"))


def shape(value, depth: int = 0):
    """A PDF object as a comparable value: a stream by a digest of its data (a copy of a font
    program is the program), arrays and dictionaries by their items."""
    value = resolve1(value)
    if depth > NESTING:
        return ("unfollowed", id(value))  # (a key no other font shares)
    if isinstance(value, PDFStream):
        return "stream", hashlib.sha256(value.get_data()).digest()
    if isinstance(value, dict):
        return tuple(sorted((str(key), shape(item, depth + 1)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple(shape(item, depth + 1) for item in value)
    return repr(value)


def readings(font) -> dict[int, str]:
    """code -> the text read for it, for the codes a font reads as something printed."""
    codes = (font.unicode_map.cid2unichr if isinstance(font.unicode_map, FileUnicodeMap) else {}) \
        if isinstance(font, PDFCIDFont) else CODES
    return {code: folded(text) for code in codes if (text := read_as(font, code)) and not blank(text)}


def read_otherwise(named: list[tuple[str, object, dict]]) -> dict[tuple[str, str], str]:
    """(font name, text read) -> what else the same glyph is read as, for glyphs of the page's fonts
    (`named`: font name, pdfminer's font, its dictionary) that two codes draw and read otherwise: a
    copy of a font with its ToUnicode map changed (3 and 5 swapped), used for one cell; a copy
    whose own cmap or CIDToGIDMap sends a code to another digit's glyph. Which reading is true, the
    file cannot say. A glyph is known by its outline's bytes (pdf_font_glyphs.drawn_glyphs: any
    copy of a font, one byte longer or re-saved, draws the same outline) or, for fonts whose
    glyphs that cannot find (a Type 1 or CFF program, a non-symbolic TrueType), by its code in a
    program and encoding (drawing_key). Distinct characters may share an outline (a Latin A and a
    Greek Alpha; DejaVu Sans Mono's Cyrillic З is its 3 as a composite: hunt 134), so by outline
    only readings holding a digit are compared with each other."""
    by_glyph: dict[tuple, list[tuple[str, str]]] = {}
    for fontname, font, spec in named:
        read = readings(font)
        drawn = drawn_glyphs(font, spec, read, encoded(spec))
        key = drawing_key(spec) if len(drawn) < len(read) else None
        for code, text in read.items():
            glyph = drawn.get(code) or ((key, code) if key is not None else None)
            if glyph is not None:
                by_glyph.setdefault(glyph, []).append((fontname, text))
    found = {}
    for glyph, read in {**by_glyph, **outlines_alike(by_glyph)}.items():
        if glyph[0] in ("glyf", "type3"):  # one outline: its readings as digits only (Cyrillic З may be a 3's
            read = [(fontname, text) for fontname, text in read if any(c in DIGITS for c in text)]  # composite)
        if len({text for _, text in read}) < 2:
            continue
        for fontname, text in read:
            other, other_text = next((f, t) for f, t in read if t != text)
            found[(fontname, text)] = same_outline(other_text, other)
    return found


def outlines_alike(by_glyph: dict[tuple, list[tuple[str, str]]]) -> dict[tuple, list[tuple[str, str]]]:
    """The readings of TrueType outlines that draw the same sign though their bytes differ (a copy
    of the print's font whose 5 is the 3's outline moved by a unit, or with a point nudged: hunt
    134), each pair as one glyph (pdf_font_glyphs.drawn_alike). Only outlines read as digits are
    compared: a few a print."""
    shapes = [(glyph, points, read) for glyph, read in by_glyph.items()
              if glyph[0] == "glyf" and any(c in DIGITS for _, text in read for c in text)
              and (points := outline_points(glyph[1])) is not None]
    return {("glyf", one[0][1], other[0][1]): one[2] + other[2]
            for one, other in itertools.combinations(shapes, 2) if drawn_alike(one[1], other[1])}


def same_outline(text: str, fontname: str) -> str:
    return f"drawn by a glyph the page's font {fontname} reads as {text!r} (the same outline)"


def program_misread(font: PDFCIDFont, spec: dict) -> dict[str, str]:
    """For a CID font drawn by its own TrueType glyphs, the texts its ToUnicode map reads for
    glyphs the program's own Unicode cmap gives another digit (pdf_font_glyphs.digit_glyphs: a
    map edited to read the glyph of 3 as 5, in the print's only font)."""
    if not isinstance(font.unicode_map, FileUnicodeMap):
        return {}
    descendant = resolve1((resolve1(spec.get("DescendantFonts")) or [None])[0])
    program = true_type_program(descendant)
    digits = digit_glyphs(program) if program is not None else {}
    if not digits:
        return {}
    glyph_of = cid_glyph(descendant)
    said = {}
    for cid, text in font.unicode_map.cid2unichr.items():
        drawn = digits.get(glyph := glyph_of(cid))
        if drawn is not None and folded(text) != drawn:
            said[text] = f"drawn as {drawn!r}, the glyph its font program's own map gives {drawn} (glyph {glyph})"
    return said


def page_misreads(page, used: set[str]) -> dict[tuple[str, str], str]:
    """(font name as pdfplumber gives it, text read) -> how it is drawn instead, for the fonts of
    a page named `used`."""
    found, named = {}, []
    for reference, spec in fonts(page.page_obj.resources):
        objid = reference.objid if isinstance(reference, PDFObjRef) else None
        font = page.pdf.rsrcmgr.get_font(objid, spec)  # pdfminer's, as it read the page
        fontname = fix_fontname_bytes(font.fontname) if isinstance(font.fontname, bytes) else font.fontname
        named.append((fontname, font, spec))
        if fontname in used:
            found.update(((fontname, text), drawn) for text, drawn in misread(font, spec).items())
    if len(named) > 1:
        found.update((key, drawn) for key, drawn in read_otherwise(named).items() if key[0] in used)
    return found


def check_type3_boxes(page, number: int, source: str) -> None:
    """No Type 3 font used on the page has a glyph painting elsewhere than the box it declares
    (paints_outside), wherever its text is: the glyph checks take its box from the font."""
    used = {char["fontname"] for char in page.chars}
    for reference, spec in fonts(page.page_obj.resources):
        if getattr(resolve1(spec.get("Subtype")), "name", None) != "Type3":
            continue
        objid = reference.objid if isinstance(reference, PDFObjRef) else None
        font = page.pdf.rsrcmgr.get_font(objid, spec)
        fontname = fix_fontname_bytes(font.fontname) if isinstance(font.fontname, bytes) else font.fontname
        if fontname not in used:
            continue
        digits = None  # the names of the glyphs read as digits, found when a glyph is not tight
        for glyph, program in (resolve1(spec.get("CharProcs")) or {}).items():
            program = resolve1(program)
            if not isinstance(program, PDFStream) or not paints_outside(data := program.get_data(), tight=True):
                continue
            if digits is None:
                digits = {name for code, name in encoded(spec).items() if (read_as(font, code) or "").isdigit()}
            if paints_outside(data, tight=str(glyph) in digits):
                raise LayoutError(source, Problem(
                    Place(page=number), f"a Type 3 font ({fontname}) whose glyph /{glyph} paints elsewhere than the box "
                    "it declares (d1: outside it, which viewers do not clip to, or short of its sides): its text may be "
                    "drawn elsewhere or smaller than it is read (an x right of the table drawn as an 8 over a value, a "
                    "small raised 1 declaring a full box)", "Type 3 glyphs painting the box they declare"))


def check_glyphs_drawn_as_read(page, number: int, chars: list[dict], source: str) -> None:
    """No glyph of the table (`chars`) is read as one character and drawn as another."""
    joined = next((char for char in chars if len(char["text"]) > 1 and not unmapped(char)
                   and any(c.isdigit() for c in char["text"])), None)
    if joined is not None:
        raise LayoutError(source, Problem(
            Place(page=number), f"one glyph read as several characters with a digit among them ({where([joined])}): "
            "what each of them looks like on the page, no glyph of its own tells (a small note mark drawn with the "
            "digit beside it, read as 13)", "each digit of the table a glyph of its own"))
    said = page_misreads(page, {char["fontname"] for char in chars})
    if not said:
        return
    for char in chars:
        drawn = said.get((char["fontname"], char["text"]))
        if drawn:
            raise LayoutError(source, Problem(
                Place(page=number), f"a glyph read as {char['text']!r} in font {char['fontname']} is {drawn} "
                f"({where([char])}): the page shows another character than its text says",
                "fonts whose glyphs draw the characters their text maps them to"))
