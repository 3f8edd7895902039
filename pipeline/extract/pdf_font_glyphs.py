"""What a font draws for each code, from the font program itself (hunts 123 and 133).

The reader takes a glyph's character from its font's ToUnicode map; a viewer draws the glyph
the font's program gives the code. Two things the program says are read here:
- **The glyph drawn for a code** (`drawn_glyphs`), as its outline's bytes: a Type 3 glyph's
  program, or a TrueType glyph's `glyf` data, found by a CID font's CIDToGIDMap or a symbolic
  font's own cmap. Two codes drawn by the same outline draw the same sign, whatever font, copy
  of a font (one byte longer, re-saved, its encoding changed) or font type they are in.
- **Which glyph the program itself gives each ASCII digit** (`digit_glyphs`): its Unicode cmap.
- **Whether its cmap subtables and glyph names agree** (`subtables_disagree`): viewers choose
  among them each their own way.
A TrueType program is read only as far as asked: the tables' directory, the cmap lookups the
OpenType specification describes (formats 0, 4, 6 and 12), one glyph's `loca` entries; a table
cut short or malformed says nothing. (pdfminer parses whole cmaps and reads a format 4
segment's idRangeOffset from the wrong place; fontTools costs 35-70 ms to import into every run,
and reads only the `post` table's glyph names, for the fonts whose /Differences names glyphs.)
"""
from __future__ import annotations

import bisect
import functools
import io
import struct

from pdfminer.pdffont import PDFCIDFont
from pdfminer.pdftypes import PDFStream, resolve1

DIGITS = "0123456789"
# Unicode subtables by preference: (platform, encoding) of the full repertoire, then of the BMP
UNICODE_SUBTABLES = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
SYMBOL_SUBTABLES = ((3, 0), (1, 0))  # a symbolic font's codes: Microsoft's symbol cmap (codes at F0xx), Mac's
SYMBOLIC = 1 << 2  # font descriptor flag: the font's own encoding
UNREADABLE = (struct.error, IndexError, ValueError, KeyError)  # a table cut short or malformed: nothing said


class TrueType:
    """A TrueType program's tables, looked up as asked."""

    def __init__(self, program: bytes):
        self.program = program
        (count,) = struct.unpack_from(">H", program, 4)
        self.tables = {}
        for index in range(count):
            tag, _, offset, length = struct.unpack_from(">4sLLL", program, 12 + 16 * index)
            self.tables.setdefault(tag, (offset, length))

    def subtable(self, keys) -> int | None:
        """The offset of the first cmap subtable of these (platform, encoding) pairs (None: none)."""
        table = self.tables.get(b"cmap")
        if table is None:
            return None
        at = table[0]
        (count,) = struct.unpack_from(">H", self.program, at + 2)
        found = {}
        for index in range(count):
            platform, encoding, offset = struct.unpack_from(">HHL", self.program, at + 4 + 8 * index)
            found.setdefault((platform, encoding), at + offset)
        return next((found[key] for key in keys if key in found), None)

    def glyph_of(self, at: int, code: int) -> int:
        """A code's glyph by the cmap subtable at `at` (0: none)."""
        (kind,) = struct.unpack_from(">H", self.program, at)
        lookup = {0: format_0_glyph, 4: format_4_glyph, 6: format_6_glyph, 12: format_12_glyph}.get(kind)
        return lookup(self.program, at, code) if lookup else 0

    @functools.cached_property
    def glyph_names(self) -> dict[str, int]:
        """name -> glyph, by the program's `post` table where it names its glyphs (formats 1 and
        2; {} for format 3, which names none). Read by fontTools, imported here only: few fonts
        have names a /Differences looks up, and its import costs ~70 ms."""
        from fontTools.ttLib import TTFont

        try:
            font = TTFont(io.BytesIO(self.program), lazy=True)
            if font["post"].formatType not in (1.0, 2.0):
                return {}
            names = {}
            for glyph, name in enumerate(font.getGlyphOrder()):
                names.setdefault(name, glyph)
            return names
        except Exception:  # noqa: BLE001 (a table cut short or malformed says nothing, as here everywhere)
            return {}

    @functools.cached_property
    def locations(self) -> tuple[int, int, int]:
        """(the loca table's offset, 2 or 4 bytes an entry, the glyf table's offset)."""
        head, loca, glyf = self.tables[b"head"][0], self.tables[b"loca"][0], self.tables[b"glyf"][0]
        (long_offsets,) = struct.unpack_from(">h", self.program, head + 50)
        return loca, 4 if long_offsets else 2, glyf

    def outline(self, glyph: int, depth: int = 0) -> bytes:
        """A glyph's `glyf` data (b"" for a glyph of no outline, or one out of the table). A composite
        of one component, unscaled, is that component's, moved or not (hunt 134: a copy's 2 made of
        its 1 drew a 1)."""
        loca, size, glyf = self.locations
        start, end = struct.unpack_from(">LL" if size == 4 else ">HH", self.program, loca + size * glyph)
        if size == 2:
            start, end = start * 2, end * 2
        data = self.program[glyf + start:glyf + end] if start < end else b""
        component = sole_component(data)
        return self.outline(component, depth + 1) if component is not None and depth < COMPOSITE_DEPTH else data


COMPOSITE_DEPTH = 8  # composites of composites followed this deep
# A composite glyph's component flags (the OpenType `glyf` table)
WORDS, XY_VALUES, MORE, SCALED = 0x0001, 0x0002, 0x0020, 0x0008 | 0x0040 | 0x0080


def sole_component(data: bytes) -> int | None:
    """The glyph a composite of one component draws, unscaled (moved or not: the same sign, drawn
    elsewhere); None otherwise."""
    if len(data) < 14 or struct.unpack_from(">h", data, 0)[0] >= 0:
        return None  # (a simple glyph: contours counted)
    flags, component = struct.unpack_from(">HH", data, 10)
    if flags & MORE or flags & SCALED or not flags & XY_VALUES:
        return None
    return component


# A simple glyph's point flags (the OpenType `glyf` table)
ON_CURVE, X_SHORT, Y_SHORT, REPEAT, X_SAME, Y_SAME = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20


def outline_points(data: bytes) -> tuple[tuple, tuple, tuple] | None:
    """A simple glyph's outline as (its contours' last points, each point's on-curve flag, its
    points in font units); None for a composite or a glyph cut short."""
    try:
        (contours,) = struct.unpack_from(">h", data, 0)
        if contours <= 0:
            return None
        ends = struct.unpack_from(f">{contours}H", data, 10)
        count = ends[-1] + 1
        at = 10 + 2 * contours
        at += 2 + struct.unpack_from(">H", data, at)[0]  # (its instructions)
        flags: list[int] = []
        while len(flags) < count:
            flag = data[at]
            at += 1
            repeats = 1
            if flag & REPEAT:
                repeats += data[at]
                at += 1
            flags += [flag] * repeats
        flags = flags[:count]
        xs, at = coordinates(data, at, flags, X_SHORT, X_SAME)
        ys, _ = coordinates(data, at, flags, Y_SHORT, Y_SAME)
    except UNREADABLE:
        return None
    return ends, tuple(flag & ON_CURVE for flag in flags), tuple(zip(xs, ys))


def coordinates(data: bytes, at: int, flags: list[int], short: int, same: int) -> tuple[list[int], int]:
    """One axis of a simple glyph's points, from their deltas (and where the next axis starts)."""
    values, value = [], 0
    for flag in flags:
        if flag & short:
            value += data[at] if flag & same else -data[at]
            at += 1
        elif not flag & same:
            value += struct.unpack_from(">h", data, at)[0]
            at += 2
        values.append(value)
    return values, at


ALIKE = 0.08  # of a glyph's size: how far a point may lie from the other outline's and still draw the same sign


def drawn_alike(one: tuple, other: tuple) -> bool:
    """Do two outlines (outline_points) draw the same sign: the same contours and points, one moved
    against the other as a whole (the same deltas but the first: a glyph moved by a unit), each
    point within ALIKE of the glyph's size of where the other has it (one point nudged)? Two digits
    of a font are never so alike: their contours, or their points, differ by far more."""
    if one[:2] != other[:2] or not one[2]:
        return False
    points, others = one[2], other[2]
    dx = sorted(p[0] - q[0] for p, q in zip(points, others))[len(points) // 2]
    dy = sorted(p[1] - q[1] for p, q in zip(points, others))[len(points) // 2]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    room = ALIKE * max(max(xs) - min(xs), max(ys) - min(ys), 1)
    return all(abs(p[0] - q[0] - dx) <= room and abs(p[1] - q[1] - dy) <= room for p, q in zip(points, others))


@functools.lru_cache(maxsize=32)
def true_type(program: bytes) -> TrueType | None:
    try:
        return TrueType(program)
    except UNREADABLE:
        return None


def digit_glyphs(program: bytes) -> dict[int, str]:
    """glyph -> the digit the program's own Unicode cmap gives it ({} where it has none)."""
    font = true_type(program)
    try:
        at = font.subtable(UNICODE_SUBTABLES) if font is not None else None
        return {} if at is None else {glyph: digit for digit in DIGITS if (glyph := font.glyph_of(at, ord(digit)))}
    except UNREADABLE:
        return {}


def drawn_glyphs(font, spec: dict, codes, named: dict[int, str]) -> dict[int, tuple[str, bytes]]:
    """code -> the glyph the font draws for it, as (its kind, its outline's bytes), for those of
    `codes` this can tell: a Type 3 font's glyph programs by the names its /Differences gives them
    (`named`); a CID font's TrueType glyphs by its CIDToGIDMap (`codes` its CIDs); a symbolic simple
    TrueType font's by its own cmap, the codes `named` aside (those are drawn by name). Glyphs of no
    outline are left out."""
    subtype = getattr(resolve1(spec.get("Subtype")), "name", None)
    try:
        if subtype == "Type3":
            return type3_glyphs(spec, codes, named)
        if isinstance(font, PDFCIDFont):
            return cid_glyphs(spec, codes)
        if subtype == "TrueType":
            return symbolic_glyphs(spec, codes, named)
    except UNREADABLE:
        pass
    return {}


def type3_glyphs(spec: dict, codes, names: dict[int, str]) -> dict[int, tuple[str, bytes]]:
    procs = resolve1(spec.get("CharProcs"))
    found = {}
    for code in codes:
        program = resolve1(procs.get(names[code])) if isinstance(procs, dict) and code in names else None
        if isinstance(program, PDFStream) and (data := program.get_data()):
            found[code] = ("type3", data)
    return found


def cid_glyphs(spec: dict, cids) -> dict[int, tuple[str, bytes]]:
    descendant = resolve1((resolve1(spec.get("DescendantFonts")) or [None])[0])
    program = embedded_true_type(descendant)
    if program is None:
        return {}
    glyph_of = cid_glyph(descendant)
    found = {}
    for cid in cids:
        if (outline := program.outline(glyph_of(cid))):
            found[cid] = ("glyf", outline)
    return found


def cid_glyph(descendant: dict):
    """CID -> glyph, by a CID font's CIDToGIDMap (a stream of two bytes a CID; a name, Identity)."""
    mapping = resolve1(descendant.get("CIDToGIDMap"))
    if not isinstance(mapping, PDFStream):
        return lambda cid: cid
    table = mapping.get_data()
    return lambda cid: int.from_bytes(table[2 * cid:2 * cid + 2], "big")


def symbolic_glyphs(spec: dict, codes, named: dict[int, str]) -> dict[int, tuple[str, bytes]]:
    descriptor = resolve1(spec.get("FontDescriptor"))
    flags = resolve1(descriptor.get("Flags")) if isinstance(descriptor, dict) else None
    program = embedded_true_type(spec)
    if program is None or not isinstance(flags, int) or not flags & SYMBOLIC:
        return {}
    at = program.subtable(SYMBOL_SUBTABLES)  # (none: pdfium draws the glyph numbered as the code)
    microsoft = at is not None and at == program.subtable(((3, 0),))
    found = {}
    for code in codes:
        if code in named:
            continue
        # Microsoft's symbol subtable by the code as it is, then at F0xx, as pdfium, poppler and MuPDF look it
        # up (hunt 168: 0x34 the outline of 1 and 0xF034 that of 4 draw 1*Ascend in all three)
        glyph = code if at is None else (program.glyph_of(at, code) or program.glyph_of(at, 0xF000 + code)) \
            if microsoft else program.glyph_of(at, code)
        if glyph and (outline := program.outline(glyph)):
            found[code] = ("glyf", outline)
    return found


# Every cmap subtable a viewer may draw a simple TrueType font's code by (PDF 32000 9.6.6.4, and what
# viewers do past it): Microsoft's Unicode one by the code's character, Mac Roman's and Microsoft's
# symbol one by the code (at F0xx, or as it is)
CODE_SUBTABLES = ((1, 0), (3, 0))
CHARACTER_SUBTABLES = ((3, 1), (3, 10), (0, 3), (0, 4), (0, 6))


def subtables_disagree(spec: dict, read: dict[int, str], named: dict[int, str]) -> dict[str, str]:
    """text read -> how else it may be drawn, for the digits (`read`: code -> text) of an embedded
    simple TrueType font whose cmap subtables, or whose glyph names for the names its /Differences
    gives (`named`), give the code glyphs of different outlines: which of them draws it, viewers
    decide each their own way (hunt 139: the 3 of 32*Ascend drawn as 8 by poppler, or by mupdf, as 3
    by pdfium; hunt 168: `/Differences [52 /four]` over a program naming the outline of 1 `four`,
    drawn 1 by MuPDF and 4 by pdfium and poppler)."""
    program = embedded_true_type(spec)
    if program is None:
        return {}
    said = {}
    try:
        tables = [(key, at) for key in (*CODE_SUBTABLES, *CHARACTER_SUBTABLES) if (at := program.subtable((key,)))]
        if len(tables) + bool(named) < 2:
            return {}
        for code, text in read.items():
            if not (len(text) == 1 and text in DIGITS and code < 0x80):  # (a digit's code is its ASCII character
                continue  # in every simple encoding a viewer may take)
            glyphs = {}
            for (platform, encoding), at in tables:
                by = 0xF000 + code if (platform, encoding) == (3, 0) and not program.glyph_of(at, code) else code
                if (glyph := program.glyph_of(at, by)) and (outline := program.outline(glyph)):  # (symbolic_glyphs)
                    glyphs.setdefault(outline, f"cmap subtable ({platform}, {encoding})")
            if code in named and (glyph := program.glyph_names.get(named[code])) and (outline := program.outline(glyph)):
                glyphs.setdefault(outline, f"the glyph named {named[code]!r}")
            shapes = [outline_points(outline) for outline in glyphs]
            if len(glyphs) > 1 and not (None not in shapes and all(drawn_alike(shapes[0], other) for other in shapes[1:])):
                said[text] = f"drawn by different glyphs in its font program ({'; '.join(glyphs.values())}): " \
                             "viewers choose among them differently"
    except UNREADABLE:
        return {}
    return said


def true_type_program(spec) -> bytes | None:
    """The TrueType program a font (or a CID font's descendant) carries (None: none)."""
    descriptor = resolve1(spec.get("FontDescriptor")) if isinstance(spec, dict) else None
    program = resolve1(descriptor.get("FontFile2")) if isinstance(descriptor, dict) else None
    return program.get_data() if isinstance(program, PDFStream) else None


def embedded_true_type(spec) -> TrueType | None:
    program = true_type_program(spec)
    return true_type(program) if program is not None else None


def format_0_glyph(program: bytes, at: int, code: int) -> int:
    return program[at + 6 + code] if 0 <= code < 256 else 0


def format_4_glyph(program: bytes, at: int, code: int) -> int:
    """A BMP code point's glyph in a format 4 subtable (segments sorted by their end code)."""
    (doubled,) = struct.unpack_from(">H", program, at + 6)
    count = doubled // 2
    ends = struct.unpack_from(f">{count}H", program, at + 14)
    index = bisect.bisect_left(ends, code)
    if index >= count:
        return 0
    starts_at = at + 16 + 2 * count
    (start,) = struct.unpack_from(">H", program, starts_at + 2 * index)
    if code < start:
        return 0
    (delta,) = struct.unpack_from(">h", program, starts_at + 2 * count + 2 * index)
    range_offset_at = starts_at + 4 * count + 2 * index
    (range_offset,) = struct.unpack_from(">H", program, range_offset_at)
    if range_offset == 0:
        return (code + delta) & 0xFFFF
    (glyph,) = struct.unpack_from(">H", program, range_offset_at + range_offset + 2 * (code - start))
    return (glyph + delta) & 0xFFFF if glyph else 0


def format_6_glyph(program: bytes, at: int, code: int) -> int:
    first, count = struct.unpack_from(">HH", program, at + 6)
    if not first <= code < first + count:
        return 0
    return struct.unpack_from(">H", program, at + 10 + 2 * (code - first))[0]


def format_12_glyph(program: bytes, at: int, code: int) -> int:
    """A code point's glyph in a format 12 subtable (groups sorted by their start code)."""
    (count,) = struct.unpack_from(">L", program, at + 12)
    count = min(count, (len(program) - at - 16) // 12)  # (a count past the table's end is not believed)
    low, high = 0, count
    while low < high:  # the last group starting at or before the code
        middle = (low + high) // 2
        (start,) = struct.unpack_from(">L", program, at + 16 + 12 * middle)
        low, high = (middle + 1, high) if start <= code else (low, middle)
    if low == 0:
        return 0
    start, end, glyph = struct.unpack_from(">LLL", program, at + 16 + 12 * (low - 1))
    return glyph + code - start if code <= end else 0
