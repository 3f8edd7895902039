"""A glyph drawn as one character and read as another, where the PDF says both (hunt 19):
Helvetica with `/Differences [51 /eight]` draws an 8 for the byte `3` while its ToUnicode map
reads `3`; a Type 3 glyph named `three` whose program prints `(8) Tj` in Helvetica. pdfium
and poppler draw 82*Ascend; the extractor exited 0 with 32
(pipeline/extract/pdf_encodings.py). The fonts are added to a real table drawn by reportlab,
as an editor saves: by an incremental update."""
from __future__ import annotations

import re

import numpy
import pypdfium2 as pdfium
import pytest

from pdf_drawing import XS, canvas_font, incremental_update, stream  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from test_pdf_same_glyphs_elsewhere import one_row_table

FONTS, HELVETICA, PAGE, CONTENT = 1, 2, 4, 8  # reportlab's objects in one_row_table: the font resources, Helvetica,
# the page and its content
THIRTY_TWO = b"(32*Ascend) Tj"
CELL = (XS[3], 722, XS[4], 742)  # the 32*Ascend cell (PDF space: left, bottom, right, top)


def to_unicode(code: bytes) -> bytes:
    """A ToUnicode map reading the byte `code` (hex) as 3, every other byte left to the encoding."""
    return (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def /CMapType 2 def\n"
            b"1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <%s> <0033> endbfchar endcmap\n"
            b"CMapName currentdict /CMap defineresource pop end end" % code)


def content(data: bytes) -> bytes:
    return re.search(rb"\n%d 0 obj\n<<\n/Length \d+\n>>\nstream\n(.*?)endstream" % CONTENT, data, re.S)[1]


def helvetica_with(entries: bytes, data: bytes, code: bytes = b"33") -> bytes:
    """The table with its values' Helvetica given `entries` instead of its encoding (object 20:
    a ToUnicode map reading `code` as 3)."""
    helvetica = re.search(rb"\n%d 0 obj\n<<\n(.*?)\n>>\nendobj" % HELVETICA, data, re.S)[1]
    helvetica = helvetica.replace(b"/Encoding /WinAnsiEncoding", b"")
    return incremental_update(data, {HELVETICA: b"<< %s %s >>" % (helvetica, entries), 20: stream(b"", to_unicode(code))})


def with_type3_three(program: bytes, data: bytes, page_resources: bool = False,
                     encoding: bytes = b"<< /Type /Encoding /Differences [51 /three] >>") -> bytes:
    """The table with the 3 of 32*Ascend shown in a Type 3 font whose glyph /three (code 51)
    is `program`; in its resources (or, `page_resources`, in the page's: a Type 3 font without
    resources of its own draws with the page's) Helvetica as /H, and as /X a form printing an 8."""
    resources = b"/Font << /H %d 0 R >> /XObject << /X 23 0 R >>" % HELVETICA
    font = (b"<< /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /FontBBox [0 0 1000 1000] "
            b"/CharProcs << /three 22 0 R >> /Encoding %s /FirstChar 51 /LastChar 51 /Widths [556] %s >>"
            % (encoding, b"" if page_resources else b"/Resources << %s >>" % resources))
    form = stream(b"/Type /XObject /Subtype /Form /BBox [0 0 1000 1000] /Resources << /Font << /H %d 0 R >> >>"
                  % HELVETICA, b"BT /H 1000 Tf (8) Tj ET")
    page = content(data).replace(THIRTY_TWO, b"/T3 8 Tf (3) Tj /F1 8 Tf (2*Ascend) Tj")
    objects = {FONTS: b"<< /F1 2 0 R /F2 3 0 R /T3 21 0 R >>", 21: font, 22: stream(b"", program), 23: form,
               CONTENT: stream(b"", page)}
    if page_resources:
        page_object = re.search(rb"\n%d 0 obj\n(<<.*?)>>\nendobj" % PAGE, data, re.S)[1]
        objects[PAGE] = page_object.replace(b"/Font 1 0 R", b"/Font 1 0 R /XObject << /X 23 0 R >>") + b">>"
    return incremental_update(data, objects)


def cell_pixels(data: bytes) -> numpy.ndarray:
    """The 32*Ascend cell as pdfium draws it, grey levels."""
    page = pdfium.PdfDocument(data)[0]
    image = numpy.asarray(page.render(scale=4, grayscale=True).to_pil(), dtype=float)
    height = page.get_height()
    left, bottom, right, top = CELL
    return image[int((height - top) * 4) + 4:int((height - bottom) * 4) - 4, int(left * 4) + 4:int(right * 4) - 4]


def looks_like(data: bytes, shown: bytes, otherwise: bytes) -> bool:
    """Whether a viewer draws the cell as `shown` rather than as `otherwise` (each the cell's
    text drawn plainly in Helvetica)."""
    drawn = cell_pixels(data)
    return numpy.abs(drawn - cell_pixels(shown)).sum() * 4 < numpy.abs(drawn - cell_pixels(otherwise)).sum()


def published(data: bytes) -> list[int]:
    return sorted(normalize(extract_pdf(data, "t.pdf")[0], "2025-10-22").frame.min_units.dropna())


@pytest.fixture()
def table(canvas_font, tmp_path) -> tuple[bytes, bytes]:
    """The table as drawn (16 and 32), and the same with 82 where 32 was."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    eighty_two = incremental_update(data, {CONTENT: stream(b"", content(data).replace(THIRTY_TWO, b"(82*Ascend) Tj"))})
    assert published(data) == [16, 32] and published(eighty_two) == [16, 82]
    return data, eighty_two


DRAWN_AS_EIGHT = {
    "differences name eight, ToUnicode reads 3": (
        lambda data, _: helvetica_with(b"/Encoding << /BaseEncoding /WinAnsiEncoding /Differences [51 /eight] >> "
                                       b"/ToUnicode 20 0 R", data),
        r"a glyph read as '3' in font Helvetica is drawn as '8', the glyph its encoding gives code 51"),
    "ToUnicode reads the encoding's 8 as 3": (
        lambda _, eighty_two: helvetica_with(b"/Encoding /WinAnsiEncoding /ToUnicode 20 0 R", eighty_two, b"38"),
        r"a glyph read as '3' in font Helvetica is drawn as '8', the glyph its encoding gives code 56"),
    "Type 3 glyph three printing an 8": (
        lambda data, _: with_type3_three(b"556 0 d0 BT /H 1000 Tf (8) Tj ET", data),
        r"a glyph read as '3' in font unknown is in a Type 3 font whose glyph /three is drawn by a program printing"),
    "Type 3 glyph three drawing a form that prints an 8": (
        lambda data, _: with_type3_three(b"556 0 d0 /X Do", data),
        r"a glyph read as '3' in font unknown is in a Type 3 font whose glyph /three is drawn by a program printing"),
    # hunt 20: the rule skipped a font without /Encoding, a symbolic one, and a Type 3 font drawing with the page's resources
    "no encoding, ToUnicode reads the 8 as 3": (
        lambda _, eighty_two: helvetica_with(b"/ToUnicode 20 0 R", eighty_two, b"38"),
        r"a glyph read as '3' in font Helvetica is drawn as '8', the glyph its encoding gives code 56"),
    "symbolic, differences name eight, ToUnicode reads 3": (
        lambda data, _: helvetica_with(b"/Encoding << /Differences [51 /eight] >> /ToUnicode 20 0 R /FontDescriptor "
                                       b"<< /Type /FontDescriptor /FontName /Helvetica /Flags 4 >>", data),
        r"a glyph read as '3' in font Helvetica is drawn as '8', the glyph its encoding gives code 51"),
    "Type 3 glyph three drawing a form from the page's resources": (
        lambda data, _: with_type3_three(b"556 0 d0 /X Do", data, page_resources=True),
        r"a glyph read as '3' in font unknown is in a Type 3 font whose glyph /three is drawn by a program printing"),
}


@pytest.mark.parametrize("kind", DRAWN_AS_EIGHT)
def test_a_glyph_drawn_as_another_character_than_read_is_an_error(kind, table):
    """Catches: 32 published where viewers draw 82*Ascend, the font's own entries saying
    so (its encoding's glyph name, a Type 3 glyph's program)."""
    data, eighty_two = table
    make, message = DRAWN_AS_EIGHT[kind]
    varied = make(data, eighty_two)
    assert looks_like(varied, eighty_two, data)  # the construction: a viewer draws 82*Ascend
    with pytest.raises(LayoutError, match=r"page 1: " + message):
        extract_pdf(varied, "t.pdf")


READ_RIGHT = {
    "differences name eight, no ToUnicode": (b"/Encoding << /BaseEncoding /WinAnsiEncoding /Differences [51 /eight] >>",
                                             [16, 82]),
    "ToUnicode agreeing with the encoding": (b"/Encoding /WinAnsiEncoding /ToUnicode 20 0 R", [16, 32]),
    "ToUnicode, no encoding named": (b"/ToUnicode 20 0 R", [16, 32]),
}


@pytest.mark.parametrize("kind", READ_RIGHT)
def test_a_font_whose_text_agrees_with_its_glyphs_is_read(kind, table):
    """Catches a rule too strict: an encoding's glyph names read without a ToUnicode map (82,
    as drawn), a ToUnicode map saying what the encoding says, or one beside no encoding."""
    data, _ = table
    entries, expected = READ_RIGHT[kind]
    assert published(helvetica_with(entries, data)) == expected


def test_a_type3_glyph_drawing_paths_is_read(table):
    """Catches a rule too strict: Chromium prints fonts as Type 3 glyphs of filled paths
    (tests/fixtures/pdf/chromium-type3-2025-05-07.pdf); a glyph program of paths is read by
    its name, as pdfminer reads it (its shape is not checked: docs/extractors.md)."""
    data, _ = table
    box = b"556 0 0 0 500 700 d1 50 0 m 500 0 l 500 700 l 50 700 l h f"
    assert published(with_type3_three(box, data)) == [16, 32]


def test_a_type3_glyph_drawn_as_an_image_is_an_error(table):
    """Catches (hunt 20): a Type 3 glyph /three whose program paints an image (of an 8, in the
    hunt), read as 3: which character an image shows is not read."""
    data, _ = table
    image = b"556 0 d0 q 500 0 0 700 0 0 cm BI /W 1 /H 1 /BPC 1 /IM true ID \x00 EI Q"
    with pytest.raises(LayoutError, match=r"in a Type 3 font whose glyph /three is drawn by a program printing text, an image"):
        extract_pdf(with_type3_three(image, data), "t.pdf")


def type0_japan1(code: bytes, data: bytes) -> bytes:
    """The table with the 3 of 32*Ascend shown as CID `code` (hex, Identity-H) of a Type 0 font of
    Adobe-Japan1 the file does not carry, whose ToUnicode map reads that CID as 3."""
    descendant = (b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPr6N-Regular /CIDSystemInfo << /Registry "
                  b"(Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor << /Type /FontDescriptor /FontName "
                  b"/KozMinPr6N-Regular /Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 "
                  b"/CapHeight 700 /StemV 80 >> /DW 500 >>")
    to_unicode = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def /CMapType 2 def\n"
                  b"1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfchar <%s> <0033> endbfchar endcmap\n"
                  b"CMapName currentdict /CMap defineresource pop end end" % code)
    font = b"<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPr6N-Regular /Encoding /Identity-H /DescendantFonts [24 0 R] " \
           b"/ToUnicode 25 0 R >>"
    page = content(data).replace(THIRTY_TWO, b"/J 8 Tf <%s> Tj /F1 8 Tf (2*Ascend) Tj" % code)
    return incremental_update(data, {FONTS: b"<< /F1 2 0 R /F2 3 0 R /J 26 0 R >>", 24: descendant,
                                     25: stream(b"", to_unicode), 26: font, CONTENT: stream(b"", page)})


FONTS_SAYING_OTHERWISE = {  # hunt 21: each published 32 where pdfium and poppler drew 82 (the hunt's own fonts)
    "symbolic Helvetica without an encoding, ToUnicode reading its 8 as 3": (
        lambda data: helvetica_with(b"/ToUnicode 20 0 R /FontDescriptor << /Type /FontDescriptor /FontName /Helvetica "
                                    b"/Flags 4 >>", data, b"38"),
        r"is drawn as '8', the glyph its encoding gives code 56"),
    "a Type 3 glyph named by the base encoding printing an 8": (
        lambda data: with_type3_three(b"556 0 d0 BT /H 1000 Tf (8) Tj ET", data,
                                      encoding=b"<< /BaseEncoding /WinAnsiEncoding >>"),
        r"is in a Type 3 font whose glyph /three is drawn by a program printing"),
    "a Type 3 glyph filled with a pattern": (
        lambda data: with_type3_three(b"556 0 d0 /Pattern cs /P0 scn 0 0 556 700 re f", data),
        r"is in a Type 3 font whose glyph /three is drawn by a program printing"),
    "a CID of Adobe-Japan1 (25: 8) that ToUnicode reads as 3": (
        lambda data: type0_japan1(b"0019", data), r"is drawn as '8', CID 25 of Adobe-Japan1"),
}


@pytest.mark.parametrize("kind", FONTS_SAYING_OTHERWISE)
def test_a_font_saying_its_glyph_is_another_character_is_an_error(kind, table):
    """Catches (hunt 21): the first version compared a symbolic font only where /Differences named
    a glyph, a Type 3 font only where /Differences did, no pattern in a glyph program, no CID font."""
    data, _ = table
    make, message = FONTS_SAYING_OTHERWISE[kind]
    with pytest.raises(LayoutError, match=r"page 1: a glyph read as '3' in font \S+ " + message):
        extract_pdf(make(data), "t.pdf")


def test_a_cid_font_whose_text_is_its_collections_is_read(table):
    """Catches a rule too strict: the same Adobe-Japan1 font showing CID 20 (3), read as 3."""
    data, _ = table
    assert published(type0_japan1(b"0014", data)) == [16, 32]
