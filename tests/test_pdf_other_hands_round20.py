"""PDFs made by other hands, round 20 (session 52).

- **Glyph names looked up in the font's program** (left open in round 38, hunt 168): a simple
  TrueType font whose /Differences names code 52 `four`, over a program whose `post` table gives
  the name `four` to the outline of 1 (its cmap still maps 0x34 to the outline of 4). MuPDF draws
  the code by the program's glyph name (1), pdfium and poppler by the name's character in the cmap
  (4); the tool read 4 and published it. A code drawn by different glyphs through the program's
  cmap subtables and its glyph names is an error (pdf_font_glyphs.subtables_disagree).
- **Which copy of an object a viewer reads** (hunt 172): an update marking free an object an older
  one gives in use (pdfminer and pdfium read the older copy, MuPDF null), and an entry pointing at
  a copy headed with another generation (poppler rebuilds the table and may take another copy) are
  errors (pdf_xref.check_freed, check_generations).
- **A Type 1 or CFF program's own encoding** (hunt 172): a font whose PDF names no base encoding
  draws its codes by its program's built-in encoding, which pdfminer never reads for CFF and reads
  roughly for Type 1; a code it gives another digit's glyph than the text read is an error
  (pdf_font_encodings).
"""
from __future__ import annotations

import io
import re

import pdfplumber
import pytest
from fontTools.ttLib import TTFont
from pdfminer.pdftypes import resolve1

from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from test_pdf_other_hands_round7 import FOUR, REAL, page_one
from test_pdf_other_hands_round18 import MOVED, ONE, PAGE, published

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


# --- hunt 172: which copy of an object a viewer reads --------------------------------------------------------

ONE_OBJECT = 45  # a content stream drawing a 1 before page 1's first value (moved right to make room)


def updated(data: bytes, bodies: dict[int, bytes], entries: dict[int, tuple[int | str, int, bytes]],
            trailer: bytes = b"") -> bytes:
    """`data` with an update appended as written by hand: `bodies` (number -> the object's whole
    text, header included), and a cross-reference table of `entries` (number -> (offset, or the
    number of a body given here, generation, n or f))."""
    body, offsets = b"", {}
    for number, text in bodies.items():
        offsets[number] = len(data) + len(body)
        body += text
    root, size = re.search(rb"/Root (\d+ 0 R)", data)[1], int(re.search(rb"/Size (\d+)", data)[1])
    prev = re.findall(rb"startxref\s+(\d+)", data)[-1]
    table = b"xref\n0 1\n0000000000 65535 f \n" + b"".join(
        b"%d 1\n%010d %05d %s \n" % (number, offsets[int(at)] if isinstance(at, str) else at, generation, kind)
        for number, (at, generation, kind) in sorted(entries.items()))
    return data + body + table + b"trailer\n<< /Size %d /Root %s /Prev %s %s >>\nstartxref\n%d\n%%%%EOF\n" % (
        max(size, ONE_OBJECT + 2), root, prev, trailer, len(data) + len(body))


def obj(number: int, generation: int, text: bytes) -> bytes:
    return b"%d %d obj\n%s\nendobj\n" % (number, generation, text)


def with_the_one_drawn_by(one: bytes, generation: int = 0) -> tuple[bytes, int]:
    """The print updated to draw page 1 by its content and object 45 (`one`, of that generation):
    (the file, where object 45 starts)."""
    number, content = page_one()
    data = REAL.read_bytes()
    page = PAGE % (b"/Contents [%d 0 R %d %d R]" % (number, ONE_OBJECT, generation), b"")
    data = updated(data, {number: obj(number, 0, stream(b"", content.replace(FOUR, MOVED))), 3: obj(3, 0, page),
                          ONE_OBJECT: obj(ONE_OBJECT, generation, stream(b"", b"q " + ONE + b" Q"))},
                   {number: (str(number), 0, b"n"), 3: ("3", 0, b"n"), ONE_OBJECT: (str(ONE_OBJECT), generation, b"n")})
    return data, data.rindex(b"%d %d obj" % (ONE_OBJECT, generation))


def test_the_one_drawn_by_an_update_is_read():
    """The premise of the two cases below: the update draws 14, read."""
    assert published(with_the_one_drawn_by(b"")[0]) == {14}


def test_an_object_freed_by_a_later_update_is_an_error():
    """Catches (hunt 172): a second update marks object 45 (drawing the 1) free; MuPDF takes it for
    null and drew 4, pdfium and poppler drew the first update's copy (14), and pdfminer, skipping
    free entries, read 14: published, exit 0."""
    data, _ = with_the_one_drawn_by(b"")
    data = updated(data, {}, {ONE_OBJECT: (0, 1, b"f")})
    with pytest.raises(SourceError, match=r"PDF object 45 is marked free by the newest cross-reference section "
                                          r"listing it and in use by an older one"):
        extract_pdf(data, "doc.pdf")


def test_a_tables_free_entry_given_in_use_by_its_cross_reference_stream_is_an_error():
    """Catches a check that reads a hybrid file's table and stream as one: an update (a table whose
    trailer adds a cross-reference stream, /XRefStm) marks object 45 free in its table and gives it
    in use in its stream. MuPDF 1.21 keeps the table's entry (`mutool show` prints null; it drew 4),
    poppler the stream's (pdftotext: 14*Ascend)."""
    data, at = with_the_one_drawn_by(b"")
    offset = len(data)
    entries = b"\x01" + at.to_bytes(4, "big") + b"\x00"  # type 1: in use at its offset, generation 0
    xref_stream = obj(ONE_OBJECT + 1, 0, stream(b"/Type /XRef /Size %d /Index [%d 1] /W [1 4 1]" % (
        ONE_OBJECT + 2, ONE_OBJECT), entries))
    data = updated(data, {ONE_OBJECT + 1: xref_stream}, {ONE_OBJECT: (0, 1, b"f"), ONE_OBJECT + 1: (str(ONE_OBJECT + 1), 0, b"n")},
                   trailer=b"/XRefStm %d" % offset)
    with pytest.raises(SourceError, match=r"PDF object 45 is marked free by the newest cross-reference section"):
        extract_pdf(data, "doc.pdf")


def test_an_entry_pointing_at_another_generations_copy_is_an_error():
    """Catches (hunt 172): the first update stores object 45 as generation 1 drawing the 1; a second
    points its entry (generation 1) at a copy headed `45 0 obj` drawing nothing. pdfium and MuPDF
    took the copy pointed at (4); poppler, finding the header otherwise, rebuilt the table and drew
    the generation 1 copy (14); 4 was published, exit 0."""
    data, _ = with_the_one_drawn_by(b"", generation=1)
    data = updated(data, {ONE_OBJECT: obj(ONE_OBJECT, 0, stream(b"", b"% nothing"))}, {ONE_OBJECT: (str(ONE_OBJECT), 1, b"n")})
    with pytest.raises(SourceError, match=r"PDF object 45's cross-reference entry gives it generation 1 and points at "
                                          r"an object headed `45 0 obj`"):
        extract_pdf(data, "doc.pdf")


# --- hunt 172: a Type 1 or CFF program's own encoding ------------------------------------------------------

DIGIT_NAMES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def cff_program(encoding: dict[int, str]) -> bytes:
    """A CFF (Type1C) program drawing the digits (each a box as tall as the print's digits: the
    outlines do not matter here), whose built-in encoding is `encoding` (code -> glyph name)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    names = [".notdef", *DIGIT_NAMES]
    strings = {}
    for glyph in names:
        pen = T2CharStringPen(556, None)
        pen.moveTo((50, 0)), pen.lineTo((50, 700)), pen.lineTo((500, 700)), pen.lineTo((500, 0))
        pen.closePath()
        strings[glyph] = pen.getCharString()
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({})
    builder.setupCFF("ABCDEF+Digits", {"FullName": "Digits"}, strings, {})
    cff = builder.font["CFF "].cff
    cff.topDictIndex[0].Encoding = [encoding.get(code, ".notdef") for code in range(256)]
    program = io.BytesIO()
    cff.compile(program, builder.font)
    return program.getvalue()


def with_a_two_in(program: bytes, flags: int) -> bytes:
    """Page 1's first value moved right and a 2 (code 0x32) drawn before it in a simple font /FX over
    `program`, with no /Encoding (its codes left to the program's) and a ToUnicode map reading 0x32
    as 2."""
    number, content = page_one()
    to_unicode = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) "
                  b"/Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def "
                  b"1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar\n<32> <0032>\nendbfchar endcmap "
                  b"CMapName currentdict /CMapType 2 def end end")
    widths = b" ".join(b"556" for _ in range(0x30, 0x3a))
    drawn = content.replace(FOUR, MOVED + b" q BT 1 0 0 1 231 658.8898 Tm /FX 9 Tf (2) Tj ET Q")
    return incremental_update(REAL.read_bytes(), {
        number: stream(b"", drawn), 1: b"<< /F1 2 0 R /F2+0 8 0 R /FX 40 0 R >>",
        40: b"<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Digits /FirstChar 48 /LastChar 57 /Widths [%s] "
            b"/FontDescriptor 41 0 R /ToUnicode 43 0 R >>" % widths,
        41: b"<< /Type /FontDescriptor /FontName /ABCDEF+Digits /Flags %d /FontBBox [0 0 556 700] /ItalicAngle 0 "
            b"/Ascent 700 /Descent 0 /CapHeight 700 /StemV 80 /FontFile3 42 0 R >>" % flags,
        42: stream(b"/Subtype /Type1C", program), 43: stream(b"", to_unicode)})


@pytest.mark.parametrize("flags", [4, 32], ids=["symbolic", "nonsymbolic"])
def test_a_digit_the_programs_own_encoding_names_otherwise_is_an_error(flags):
    """Catches (hunt 172): a CFF program whose encoding gives code 0x32 the glyph `three`, the font
    without /Encoding and its ToUnicode map reading 2: poppler, MuPDF and pdfium drew 34 (symbolic;
    nonsymbolic, pdfium 24 by StandardEncoding), and pdfminer, which never reads a CFF program's
    encoding, read 24: published, exit 0."""
    program = cff_program({0x30 + index: name for index, name in enumerate(DIGIT_NAMES)} | {0x32: "three", 0x33: "two"})
    with pytest.raises(LayoutError, match=r"a glyph read as '2' in font ABCDEF\+Digits is drawn as '3', the glyph 'three' "
                                          r"its font program's own encoding gives code 50"):
        extract_pdf(with_a_two_in(program, flags), "doc.pdf")


def test_a_program_whose_own_encoding_agrees_is_read():
    """What must be read: the same program, its encoding the digits' own."""
    program = cff_program({0x30 + index: name for index, name in enumerate(DIGIT_NAMES)})
    assert published(with_a_two_in(program, 4)) == {24}


def test_an_object_freed_by_the_update_that_deleted_its_last_reference_is_read():
    """What must be read (the review of hunt 172's fix): an editor's update deletes an object
    (marks it free) and rewrites the one that referred to it; the older copy of that one, still
    in the file, refers to it, which no viewer reads."""
    data = updated(REAL.read_bytes(), {900: obj(900, 0, b"<< /A 1 >>"), 901: obj(901, 0, b"<< /Ref 900 0 R >>")},
                   {900: ("900", 0, b"n"), 901: ("901", 0, b"n")})
    data = updated(data, {901: obj(901, 0, b"<< /A 2 >>")}, {900: (0, 1, b"f"), 901: ("901", 0, b"n")})
    assert published(data) == {4}


def test_a_number_of_thousands_of_digits_where_a_table_may_be_is_no_crash():
    """Catches an internal error (the review): `xref` followed by a number of 5,000 digits inside
    a stream; Python's int() refuses more than 4,300 digits."""
    data = incremental_update(REAL.read_bytes(), {900: stream(b"", b"xref\n0 " + b"1" * 5000 + b"\n")})
    assert published(data) == {4}


def test_an_object_freed_by_a_cross_reference_stream_is_an_error():
    """Catches a check reading a cross-reference stream's entries all as in use (its free ones,
    of type 0, taken for objects): an update written as a stream marks object 45 free; MuPDF 1.21
    takes it for null (`mutool show`), poppler 22 finds the page's contents "weird", and pdfminer
    reads the older copy, drawing the 1 (14)."""
    data, _ = with_the_one_drawn_by(b"")
    root, prev = re.search(rb"/Root (\d+ 0 R)", data)[1], re.findall(rb"startxref\s+(\d+)", data)[-1]
    offset = len(data)
    entries = b"\x00" + (0).to_bytes(4, "big") + b"\x01"  # type 0: free, next generation 1
    section = obj(ONE_OBJECT + 1, 0, stream(b"/Type /XRef /Size %d /Index [%d 1] /W [1 4 1] /Root %s /Prev %s" % (
        ONE_OBJECT + 2, ONE_OBJECT, root, prev), entries))
    data += section + b"startxref\n%d\n%%%%EOF\n" % offset
    with pytest.raises(SourceError, match=r"PDF object 45 is marked free by the newest cross-reference section"):
        extract_pdf(data, "doc.pdf")
