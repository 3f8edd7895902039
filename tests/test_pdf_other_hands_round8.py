"""Pages and prints made by other hands, round 8 (hunts 40, 42, 44 and 46, session 36), each
published wrong with exit 0, stopped with an internal error or refused for no reason before: a
/Rotate that is no whole number of quarter turns; an update line whose date does not read (a
Ghostscript re-distilled print reads `：` as `ÿ`); an image inside a form XObject; prints imposed
as forms (pdfium places some glyphs in the form's own space); signs whose font maps name digits
(Ghostscript's brackets, a ZapfDingbats ✘); a glyph a form draws where pdfminer reads none."""
from __future__ import annotations

import functools
import io

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from conftest import FIXTURES, RAW
from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

REAL = RAW / "2025-05-07" / "doc.pdf"
GS = FIXTURES / "pdf" / "bad" / "gs-redistilled-2025-05-07.pdf"


def turned(rotate: bytes) -> bytes:
    """The real print with page 1's /Rotate set to `rotate` (an incremental update of its page
    dictionary, as an editor saves)."""
    with pdfplumber.open(REAL) as pdf:
        page = pdf.pages[0].page_obj
        number, contents = page.pageid, page.attrs["Contents"].objid
    data = REAL.read_bytes()
    head = data[data.index(b"\n%d 0 obj" % number) + 1:]
    head = head[:head.index(b"endobj")]
    assert b"/Rotate 0" in head  # the construction: reportlab writes the page unturned
    body = head[head.index(b"<<"):head.rindex(b">>") + 2].replace(b"/Rotate 0", b"/Rotate " + rotate)
    assert b"%d 0 R" % contents in body
    return incremental_update(data, {number: body})


def frame_of(data: bytes):
    return normalize(extract_pdf(data, "doc.pdf")[0], "2025-05-07").frame


@functools.lru_cache(maxsize=None)
def frame_of_file(path):
    """frame_of an unedited print, read once for the tests comparing with it."""
    return frame_of(path.read_bytes())


@pytest.mark.parametrize("rotate, pdfium_turn", [(b"45", 0), (b"100", 90), (b"1", 0), (b"90.0", 90)])
def test_a_page_turned_by_no_whole_quarter_is_an_error(rotate, pdfium_turn):
    """Catches: /Rotate 45 (or 1, or 100) stopped the run with `internal error: KeyError: 45`
    (pdfminer keeps the value as it is, the rendering takes it as a quarter turn), and /Rotate
    90.0 was refused as text outside the visible area. Viewers turn such a page each their own
    way (pdfium 100 as 90, poppler as 0; pdfminer reads 90.0 as 0): an error naming the page
    and the value."""
    data = turned(rotate)
    assert pdfium.PdfDocument(data)[0].get_rotation() == pdfium_turn  # the construction, as pdfium reads it
    with pytest.raises(LayoutError, match=rf"page 1: the page's /Rotate is {rotate.decode()}, not a whole "
                                          r"number of quarter turns"):
        extract_pdf(data, "doc.pdf")


@pytest.mark.parametrize("rotate", [b"-90", b"450"])
def test_quarter_turns_written_otherwise_are_read(rotate):
    """Catches the rule above refusing what every viewer turns alike: -90 is 270, 450 is 90.
    The print is read as stored (its text runs across it), the same rows as unturned."""
    data = turned(rotate)
    assert pdfium.PdfDocument(data)[0].get_rotation() == int(rotate) % 360
    assert frame_of(data).equals(frame_of_file(REAL))


def test_a_print_whose_update_line_does_not_read_is_an_error():
    """Catches: the Chromium print of the 2025-05-07 page, re-distilled by Ghostscript 10.00.0
    (`gs -sDEVICE=pdfwrite`), shows `更新时间：2025-05-07` but its font maps name the colon
    `ÿ`; the page was taken for one without an update line, and filed under 2025-10-22 it
    was published as that release with a warning and exit 0. An error quoting the line."""
    with pdfplumber.open(GS) as pdf:  # the construction: the text layer reads the label, not the line
        assert "更新时间ÿ2025-05-07" in pdf.pages[0].extract_text()
    with pytest.raises(SourceError, match=r"page 1: the update line reads '更新时间ÿ2025-05-07 GMT\+08:00'"):
        extract_pdf(GS.read_bytes(), "doc.pdf")


@pytest.mark.parametrize("line", ["更新时间：2025/10/22", "更新时间 2025-10-22", "更新时间：二〇二五年十月"])
def test_a_page_whose_update_line_does_not_read_is_an_error(line):
    """The same rule for pages: a 更新时间 label whose date is not YYYY-MM-DD is an error, where
    a page without the label is read with a warning (the folder's date)."""
    page = (RAW / "2025-10-22" / "page.html").read_text(encoding="utf-8")
    assert page.count("更新时间：2025-10-22") == 1
    with pytest.raises(SourceError, match="the update line reads '更新时间"):
        extract_html(page.replace("更新时间：2025-10-22", line).encode("utf-8"), "page.html")
    _, updated = extract_html(page.replace("更新时间：2025-10-22", "Updated 2025-10-22").encode("utf-8"), "page.html")
    assert updated is None


def with_form(matrix: bytes, form_content: bytes) -> bytes:
    """The real print with a form XObject drawn last on page 1, placed by its /Matrix; the form
    draws `form_content` with a 1-pixel white image /Im0 at hand."""
    with pdfplumber.open(REAL) as pdf:
        contents = pdf.pages[0].page_obj.attrs["Contents"]
        number, content = contents.objid, contents.resolve().get_data()
    page = (b"<< /Type /Page /Parent 11 0 R /MediaBox [0 0 595.2756 841.8898] /Contents 12 0 R /Rotate 0 "
            b"/Resources << /Font 1 0 R /XObject << /Fm0 20 0 R >> >> >>")
    assert number == 12
    return incremental_update(REAL.read_bytes(), {
        number: stream(b"", content + b"\nq /Fm0 Do Q\n"), 3: page,
        20: stream(b"/Type /XObject /Subtype /Form /BBox [0 0 595.2756 841.8898] /Matrix [" + matrix + b"] "
                   b"/Resources << /XObject << /Im0 21 0 R >> >>", form_content),
        21: stream(b"/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
                   b"\xff")})


IMAGE = b"q 12 0 0 12 0 0 cm /Im0 Do Q"  # at the form's origin, 12 pt square
ACROSS_THE_TOP = b" 0.2 w 1 G 0 830 m 590 830 l S"  # a white line along the page's top: the form spans the page


def test_an_image_a_form_places_over_a_cell_is_an_error():
    """Catches the image boxes of a form's objects taken in the form's own space: an image at the
    form's origin, moved by the form's /Matrix onto the first 4*Ascend cell (x 231, y 659), is
    over the table."""
    with pytest.raises(LayoutError, match="page 1: an image or shading painted over the vendor table"):
        extract_pdf(with_form(b"1 0 0 1 229 656", IMAGE), "doc.pdf")


def test_an_image_in_a_form_away_from_the_table_is_read():
    """Catches: a page drawn as one form XObject (pdfjam, LaTeX's \\includepdf and n-up tools
    impose pages so) whose logo is an image was refused as an image over the table: the form's
    bounds, the whole page, were taken for the image's. The image at the bottom-left corner,
    away from the table, in a form whose other content spans the page, is read."""
    data = with_form(b"1 0 0 1 10 10", IMAGE + ACROSS_THE_TOP)
    assert frame_of(data).equals(frame_of_file(REAL))


CHROMIUM = FIXTURES / "pdf" / "chromium-type3-2025-05-07.pdf"  # a Chromium print: some fonts map CJK as radicals


def imposed(source, matrix: tuple[float, ...], size: tuple[float, float] | None = None) -> bytes:
    """Each page of `source` drawn as a form XObject on a page of its own (of `size`, else its
    own), placed by `matrix`, as pdfjam, LaTeX's \\includepdf and n-up tools impose pages; made
    with pypdfium2's own imposition (page_as_xobject)."""
    original, imposed = pdfium.PdfDocument(source), pdfium.PdfDocument.new()
    for index in range(len(original)):
        form = original.page_as_xobject(index, imposed).as_pageobject()
        form.transform(pdfium.PdfMatrix(*matrix))
        page = imposed.new_page(*(size or original[index].get_size()))
        page.insert_obj(form)
        page.gen_content()
    out = io.BytesIO()
    imposed.save(out)
    return out.getvalue()


@pytest.mark.parametrize("matrix, size", [((1, 0, 0, 1, 5, 0), None),
                                          ((0.9727, 0, 0, 0.9727, 0, 11.93), (595.276, 841.89))],
                         ids=["moved-5pt", "letter-to-a4"])
def test_a_print_imposed_as_forms_is_read(matrix, size):
    """Catches: a Chromium print whose pages are drawn as form XObjects (moved 5 pt; scaled from
    Letter to A4 as `pdfjam --paper a4paper` does) was refused as text pdfium draws where
    pdfminer reads none ('a malformed file'): pdfium gives the glyphs it reads as others (CJK
    radicals taken for their ideographs, the `fi` ligature) in the form's own space, without its
    matrix. They are looked for where the form puts them, and the print reads as the unimposed
    one."""
    data = imposed(CHROMIUM, matrix, size)
    document = pdfium.PdfDocument(data)
    assert pdfium_c.FPDFPage_CountObjects(document[0].raw) == 1  # the construction: one form per page
    assert frame_of(data).equals(frame_of_file(CHROMIUM))


BRACKETS = FIXTURES / "pdf" / "bad" / "gs-brackets-2025-10-22.pdf"


def test_a_sign_whose_font_map_names_a_digit_is_an_error():
    """Catches (hunt 42): the 2025-10-22 page with the llama3.1-8b / full / Llama-Factory cell
    written `〔1〕8*Ascend`, printed by Chromium and re-distilled by Ghostscript 10.00.0: its font
    maps read the brackets as 4 and 5, and 4158 cards were published with exit 0 where viewers
    show 〔1〕8. The brackets' outlines are 0.96 of the size tall, a digit's 0.73: a digit drawn
    taller than the same digit elsewhere in the table is an error naming it."""
    with pdfplumber.open(BRACKETS) as pdf:  # the construction: both engines read the brackets as digits
        assert "4158*Ascend" in pdf.pages[0].extract_text()
    assert "4158*Ascend" in pdfium.PdfDocument(BRACKETS)[0].get_textpage().get_text_range()
    with pytest.raises(LayoutError, match=r"page 1: a digit in the vendor table drawn unlike the same digit "
                                          r"elsewhere in it \(.*'4': 0\.96 of its size tall, 0\.25 wide, its foot "
                                          r"0\.10 below its line; the others 0\.73, 0\.50 and 0\.00\)"):
        extract_pdf(BRACKETS.read_bytes(), "doc.pdf")


MONO = FIXTURES / "pdf" / "bad" / "gs-brackets-mono-2025-10-22.pdf"


def test_a_sign_of_a_digit_s_height_whose_font_map_names_one_is_an_error():
    """Catches (hunt 44): the same chain with the page set in WenQuanYi Zen Hei Mono and the cell
    written `〈1〉8*Ascend`: Ghostscript reads the angle brackets as 8 and 9, and 8198 cards were
    published with exit 0. The brackets are only 1.17 times a digit's height, but a quarter em
    wide where the digit is 0.4, and reach 0.08 of the size below the line: a digit drawn unlike
    the same digit elsewhere in its width or its foot is an error too."""
    with pdfplumber.open(MONO) as pdf:  # the construction
        assert "8198*Ascend" in pdf.pages[0].extract_text()
    with pytest.raises(LayoutError, match=r"page 1: a digit in the vendor table drawn unlike the same digit "
                                          r"elsewhere in it \(.*'[89]': 0\.89 of its size tall, 0\.24 wide"):
        extract_pdf(MONO.read_bytes(), "doc.pdf")


SECOND_LOOK = FIXTURES / "pdf" / "bad" / "form-second-look-2025-05-07.pdf"
DINGBATS = FIXTURES / "pdf" / "bad" / "zapfdingbats-mapped-2025-05-07.pdf"


def test_a_glyph_a_form_draws_where_pdfminer_reads_none_is_an_error():
    """Catches (hunt 46): the 1 of a 16*Ascend cell set invisible (3 Tr) and a 2 drawn over it from a
    form whose text keeps the page's font (no Tf inside: pdfminer starts the form with a fresh text
    state and skips it, pdfium draws it). The form was placed by a `cm` that, applied once more by
    the form rule, lands on a 2 read in another cell: viewers show 26*Ascend, 16 was published.
    Only glyphs pdfium reads as another text (radicals, ligatures) are looked for through a form."""
    with pdfplumber.open(SECOND_LOOK) as pdf:  # the construction: the text layer still reads 16
        assert "16*Ascend" in pdf.pages[0].extract_text()
    with pytest.raises(LayoutError, match=r"page 1: text a viewer draws on the page that the extractor does not "
                                          r"read there: '2'"):
        extract_pdf(SECOND_LOOK.read_bytes(), "doc.pdf")


def test_a_digit_drawn_from_a_font_of_signs_is_an_error():
    """Catches (hunt 46): a value's digit drawn from the standard ZapfDingbats font (not embedded:
    every viewer's own copy) whose ToUnicode map reads its codes as digits: viewers show ✘*Ascend,
    8 was published (pdfminer reads the font through StandardEncoding as 8 too, and a font the
    file does not carry is left out of the digits' comparison)."""
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table drawn from a font of signs \(.*'8'\)"):
        extract_pdf(DINGBATS.read_bytes(), "doc.pdf")


REAL_NEWER = RAW / "2025-10-22" / "doc.pdf"
CELL_32 = b"BT 1 0 0 1 231 613.8898 Tm /F2+0 9 Tf 10.8 TL (32*Ascend) Tj T* ET"  # llama3.1-70b full 4096


def with_cell(written: bytes) -> bytes:
    """raw/2025-10-22/doc.pdf with page 1's 32*Ascend cell (llama3.1-70b, full, 4096, MindSpeed-LLM)
    drawn by `written` instead, saved as an incremental update of the content stream."""
    with pdfplumber.open(REAL_NEWER) as pdf:
        contents = pdf.pages[0].page_obj.attrs["Contents"]
        number, content = contents.objid, contents.resolve().get_data()
    assert content.count(CELL_32) == 1
    return incremental_update(REAL_NEWER.read_bytes(), {number: stream(b"", content.replace(CELL_32, written))})


@pytest.mark.parametrize("actual", [b"( )", b"<FEFF200B>"], ids=["space", "zero-width-space"])
def test_a_glyph_a_blank_actual_text_hides_from_pdfium_is_an_error(actual):
    """Catches (hunt 48): a raised 1 (4 Ts, a note mark) inside `/Span <</ActualText ( )>> BDC … EMC`:
    pdfium reads the span's blank in place of the glyph, pdfminer reads the 1, and every check made
    on pdfium's glyphs (text rise, the digits' shapes, fonts of signs) never saw it: 132 was
    published where viewers show ¹32. Every glyph pdfminer reads in the table must be one pdfium
    reads there."""
    data = with_cell(b"BT 1 0 0 1 231 613.8898 Tm /F2+0 9 Tf 10.8 TL 4 Ts /Span <</ActualText " + actual
                     + b">> BDC (1) Tj EMC 0 Ts (32*Ascend) Tj T* ET")
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table that pdfium reads as no glyph there "
                                          r"\(.*'1'\)"):
        extract_pdf(data, "doc.pdf")


def test_the_raised_glyph_without_the_span_is_refused_as_raised():
    """The control: the same 1 without the span is refused as a note raised off its line."""
    with pytest.raises(LayoutError, match="raised or lowered off its line by text rise"):
        extract_pdf(with_cell(b"BT 1 0 0 1 231 613.8898 Tm /F2+0 9 Tf 10.8 TL 4 Ts (1) Tj 0 Ts (32*Ascend) Tj T* ET"),
                    "doc.pdf")


def with_optional_one(membership: bytes) -> bytes:
    """raw/2025-10-22/doc.pdf with a 1 drawn before page 1's 32*Ascend inside `/OC /md1 BDC … EMC`, md1
    an optional-content membership dictionary (`membership`) over a layer g that is on; saved as an
    incremental update (catalog, page, content, layer, membership)."""
    cell = b"/OC /md1 BDC BT 1 0 0 1 226 613.8898 Tm /F2+0 9 Tf (1) Tj ET EMC " + CELL_32
    with pdfplumber.open(REAL_NEWER) as pdf:
        page = pdf.pages[0].page_obj
        number, content = page.attrs["Contents"].objid, page.attrs["Contents"].resolve().get_data()
        assert page.pageid == 3 and pdf.doc.xrefs[0].trailer["Root"].objid == 10
    return incremental_update(REAL_NEWER.read_bytes(), {
        10: b"<< /Type /Catalog /Pages 12 0 R /OCProperties << /OCGs [30 0 R] /D << /ON [30 0 R] >> >> >>",
        3: b"<< /Type /Page /Parent 12 0 R /MediaBox [0 0 595.2756 841.8898] /Contents 13 0 R /Rotate 0 "
           b"/Resources << /Font 1 0 R /Properties << /md1 31 0 R >> >> >>",
        number: stream(b"", content.replace(CELL_32, cell)),
        30: b"<< /Type /OCG /Name (notes) >>",
        31: b"<< /Type /OCMD " + membership + b" >>"})


@pytest.mark.parametrize("membership", [b"/OCGs [30 0 R] /P /AnyOff", b"/VE [/Not 30 0 R]"], ids=["any-off", "not"])
def test_content_shown_by_a_membership_policy_is_an_error(membership):
    """Catches (hunt 50): a 1 drawn before 32*Ascend inside optional content whose membership
    dictionary is `/P /AnyOff` (or `/VE [/Not g]`) over a layer that is on: by the format it is
    hidden, and poppler hides it; pdfium ignores the policy and draws it, and 132 was published as
    pdfium shows it. Viewers decide such content each their own way: an error naming the page."""
    data = with_optional_one(membership)
    with pdfplumber.open(io.BytesIO(data)) as pdf:  # the construction: the text layer reads the 1
        assert "132*Ascend" in pdf.pages[0].extract_text()
    with pytest.raises(LayoutError, match=r"page 1: content shown or hidden by an optional-content membership policy"):
        extract_pdf(data, "doc.pdf")


def test_content_of_a_plain_membership_reads():
    """The control: a membership of the default policy (any on) over a layer that is on: every
    viewer draws the 1, and 132 is what the page shows."""
    frame = normalize(extract_pdf(with_optional_one(b"/OCGs [30 0 R]"), "doc.pdf")[0], "2025-10-22").frame
    assert 132 in set(frame.min_units.dropna())
