"""Prints made by other hands, round 9 (session 37), each published wrong with exit 0 before: a
digit in a font of signs that Chromium prints as Type 3 (no /BaseFont), and optional content whose
default state viewers work out each their own way (automatic states, the Design intent), and a
digit whose font's Unicode map names another digit than its glyph draws; and a Chromium print
refused for its page breaks."""
from __future__ import annotations

import io
import re

import pdfplumber
import pytest

from conftest import FIXTURES, RAW
from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError
from pipeline.extract.html import extract_html
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from test_pdf_other_hands_round8 import CELL_32, REAL_NEWER, with_optional_one

DINGBAT_TYPE3 = FIXTURES / "pdf" / "bad" / "dingbat-type3-2025-05-07.pdf"


def test_a_digit_in_a_font_of_signs_that_chromium_prints_as_type3_is_an_error():
    """Catches (hunts 44 and 46): `<span style="font-family:D050000L">8</span>*Ascend` printed by
    Chromium. Its Type 3 fonts carry no /BaseFont, so pdfium names none and the font-of-signs rule
    never saw D050000L: 8 was published where viewers show ✘ (only 0, 1, 2 and 7 were caught, by
    their boxes). The font's descriptor names it, as pdfminer reads it."""
    with pytest.raises(LayoutError, match=r"page 2: text in the vendor table drawn from a font of signs "
                                          r"\(at 324 pt from the left, 436 pt from the top: '8'\)"):
        extract_pdf(DINGBAT_TYPE3.read_bytes(), "doc.pdf")


ONE_IN_LAYER = b"/OC /g BDC BT 1 0 0 1 226 613.8898 Tm /F2+0 9 Tf (1) Tj ET EMC "  # a 1 before page 1's 32*Ascend


def with_layer(default: bytes, resources: bytes, drawn: bytes, objects: dict[int, bytes]) -> bytes:
    """raw/2025-10-22/doc.pdf with `drawn` before page 1's 32*Ascend (llama3.1-70b, full, 4096,
    MindSpeed-LLM), the page's resources naming `resources` beside its fonts, the layer g and
    `objects` added and the document's default configuration /D being `default`; saved as an
    incremental update (catalog, page, content, and the rest)."""
    with pdfplumber.open(REAL_NEWER) as pdf:
        page = pdf.pages[0].page_obj
        number, content = page.attrs["Contents"].objid, page.attrs["Contents"].resolve().get_data()
    return incremental_update(REAL_NEWER.read_bytes(), {
        10: b"<< /Type /Catalog /Pages 12 0 R /OCProperties << /OCGs [30 0 R] /D << " + default + b" >> >> >>",
        3: b"<< /Type /Page /Parent 12 0 R /MediaBox [0 0 595.2756 841.8898] /Contents 13 0 R /Rotate 0 "
           b"/Resources << /Font 1 0 R " + resources + b" >> >>",
        number: stream(b"", content.replace(CELL_32, drawn + CELL_32)), **objects})


def with_layered_one(default: bytes, layer: bytes = b"") -> bytes:
    """with_layer's 1 drawn inside the layer g (`/OC /g BDC … EMC`; `layer`: more of g's entries)."""
    return with_layer(default, b"/Properties << /g 30 0 R >>", ONE_IN_LAYER,
                      {30: b"<< /Type /OCG /Name (notes) " + layer + b" >>"})


AUTO_STATE = (b"/OFF [30 0 R] /AS [<< /Event /View /Category [/View] /OCGs [30 0 R] >> "
              b"<< /Event /Print /Category [/Print] /OCGs [30 0 R] >>]",
              b"/Usage << /View << /ViewState /ON >> /Print << /PrintState /ON >> >>")


@pytest.mark.parametrize("default, layer, why", [
    (*AUTO_STATE, "automatic states"), (b"/OFF [30 0 R] /Intent /Design", b"/Intent /Design", "an /Intent other"),
    (b"/OFF [30 0 R]", b"/Intent [/View /Design]", "an /Intent other"),
], ids=["auto-state", "design-intent", "layer-intent"])
def test_a_layer_whose_default_state_viewers_decide_otherwise_is_an_error(default, layer, why):
    """Catches (hunt 52): a 1 before 4*Ascend in a layer the default configuration turns off, but
    on by its automatic states for viewing and printing (/AS over the layer's /Usage), or off in a
    configuration and layer of the Design intent: pdfium and mupdf draw 14*Ascend, poppler 4*Ascend,
    and 14 was published. States set otherwise than by /BaseState, /ON and /OFF are an error, as
    membership policies are."""
    data = with_layered_one(default, layer)
    with pdfplumber.open(io.BytesIO(data)) as pdf:  # the construction: the text layer reads the 1
        assert "132*Ascend" in pdf.pages[0].extract_text()
    with pytest.raises(LayoutError, match=rf"page 1: optional content whose default state is set by {why}"):
        extract_pdf(data, "doc.pdf")


def test_a_plain_layer_reads_as_its_state():
    """The control: a layer on by /ON is drawn by every viewer (132 read); one off by /OFF by none,
    and its 1 is text the page does not show (an error naming it, as any unseen text)."""
    frame = normalize(extract_pdf(with_layered_one(b"/ON [30 0 R] /Intent /View"), "doc.pdf")[0], "2025-10-22").frame
    row = frame[(frame.model == "llama3.1-70b") & (frame.strategy == "full") & (frame.seq_len == 4096)
                & (frame.framework == "MindSpeed-LLM") & (frame.hardware == "Snt9b")]
    assert list(row.min_units) == [132]
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table that the page does not show .*'1'"):
        extract_pdf(with_layered_one(b"/OFF [30 0 R]"), "doc.pdf")


REAL = RAW / "2025-05-07" / "doc.pdf"


def with_digit_read_as(code: str, read: str) -> bytes:
    """raw/2025-05-07/doc.pdf with its table font's Unicode map (object 5) reading the glyph of the
    digit `code` as the digit `read`: the page still shows `code` (an incremental update)."""
    with pdfplumber.open(REAL) as pdf:
        cmap = pdf.doc.getobj(5).get_data()
    line = b"<%02X> <%04X>" % (ord(code), ord(code))
    assert line in cmap  # the construction: reportlab maps each ASCII code to itself
    return incremental_update(REAL.read_bytes(), {5: stream(b"", cmap.replace(line, line[:5] + b"<%04X>" % ord(read)))})


@pytest.mark.parametrize("code, read, counters", [
    ("4", "8", "one small enclosed counter in its middle, an 8 has two enclosed counters"),
    ("8", "4", "two enclosed counters, a 4 has no enclosed counter or one small enclosed counter in its middle"),
    ("1", "6", "no enclosed counter, a 6 has one enclosed counter in its lower part"),
    ("4", "9", "one small enclosed counter in its middle, a 9 has one enclosed counter in its upper part"),
    ("6", "0", "one enclosed counter in its lower part, a 0 has one enclosed counter its whole height or two "
               "enclosed counters"),
    ("9", "6", "one enclosed counter in its upper part, a 6 has one enclosed counter in its lower part"),
])
def test_a_digit_whose_map_names_another_digit_is_an_error(code, read, counters):
    """Catches (hunt 52): a font's Unicode map reading the glyph of 4 as 8 (in one cell's copy of the
    font, in the whole print, or the glyphs of 4 and 8 exchanged inside the font program) is read
    alike by both engines and the digits' boxes agree: 8 was published where the page shows 4. A
    digit's enclosed counters are found on its glyph as drawn, and one counter told by where it lies
    and how tall it is (hunt 56: 4 read as 9, 6 as 0 passed a count alone)."""
    data = with_digit_read_as(code, read)
    with pdfplumber.open(io.BytesIO(data)) as pdf:  # the construction: the text layer reads the other digit
        assert code not in "".join(ch["text"] for ch in pdf.pages[0].chars if ch["fontname"].endswith("ZenHei-0"))
    with pytest.raises(LayoutError, match=rf"page 1: a digit in the vendor table drawn as another sign than the digit it "
                                          rf"is read as \(.*: read as {read}, its glyph has {counters}\)"):
        extract_pdf(data, "doc.pdf")


LEGAL = FIXTURES / "pdf" / "breaks-chromium-legal-13px.pdf"


def test_a_chromium_print_whose_breaks_leave_rows_open_reads_every_row():
    """Catches (hunt 52, refused before): Chromium on Legal paper, 13 px cells. Page 4 begins with
    the empty rest of a cut row, a few points high, its merged cells divided as the header's
    columns are ("does not continue in the same columns"); once read, page 5 begins a row of its
    own under a row whose bottom rule Chromium left undrawn, and the two were merged. An empty box
    continues the cell whose columns hold it; under a row left open, a band that begins a strategy
    or sequence length of its own is a row, and only its empty boxes continue the cells above."""
    grid, updated = extract_pdf(LEGAL.read_bytes(), "doc.pdf")
    html, _ = extract_html((RAW / "2025-10-22" / "page.html").read_bytes(), "page.html")
    columns = ["model", "strategy", "seq_len", "framework", "hardware", "supported", "min_units", "unit"]
    assert normalize(grid, updated).frame[columns].equals(normalize(html, "2025-10-22").frame[columns])


def with_layer_in_form(default: bytes) -> bytes:
    """with_layered_one's 1, drawn by a form XObject whose own resources name the layer g (the
    page names none), with /D being `default`."""
    form = stream(b"/Type /XObject /Subtype /Form /BBox [0 0 595.2756 841.8898] "
                  b"/Resources << /Font 1 0 R /Properties << /g 30 0 R >> >>", ONE_IN_LAYER.strip())
    return with_layer(default, b"/XObject << /Fm1 32 0 R >>", b"q /Fm1 Do Q ",
                      {30: b"<< /Type /OCG /Name (notes) >>", 32: form})


def test_layers_named_inside_a_form_are_looked_at_too():
    """Catches (hunt 54): hunt 52's layer (off, on by automatic states) named from a form's own
    resources, not the page's: 132 was published, as pdfium draws it, where poppler shows 32."""
    with pytest.raises(LayoutError, match=r"page 1: optional content whose default state is set by automatic states"):
        extract_pdf(with_layer_in_form(AUTO_STATE[0]), "doc.pdf")


def test_a_layers_usage_without_automatic_states_is_an_error():
    """Catches (hunt 54): a layer off in /D but on for viewing in its own /Usage, with no (or an
    empty) /AS: pdfium and mupdf apply the usage by themselves, poppler does not; 132 published."""
    with pytest.raises(LayoutError, match=r"page 1: optional content whose default state is set by a layer's /Usage"):
        extract_pdf(with_layered_one(b"/OFF [30 0 R] /AS []", AUTO_STATE[1]), "doc.pdf")


@pytest.mark.parametrize("membership", [b"/OCGs []", b"/OCGs [null]", b"/OCGs [99 0 R]"], ids=["empty", "null", "missing"])
def test_a_membership_naming_no_layer_is_an_error(membership):
    """Catches (hunt 54): an /OCMD whose /OCGs is empty, null or a missing object: pdfium draws its
    content, poppler hides it; 132 was published."""
    with pytest.raises(LayoutError, match=r"page 1: content shown or hidden by an optional-content membership naming "
                                          r"no layer"):
        extract_pdf(with_optional_one(membership), "doc.pdf")


def test_a_membership_naming_one_layer_outside_a_list_reads():
    """The control: /OCGs may name a single layer without a list; it is on, and 132 is shown."""
    frame = normalize(extract_pdf(with_optional_one(b"/OCGs 30 0 R"), "doc.pdf")[0], "2025-10-22").frame
    assert 132 in set(frame.min_units.dropna())


LAYER_IN_TYPE3 = FIXTURES / "pdf" / "bad" / "layer-in-type3-2025-05-07.pdf"


def test_a_layer_inside_a_type3_glyph_is_looked_at_too():
    """Catches (hunt 56): a Type 3 glyph drawing a 1, and the strokes of a 4 inside a layer its own
    resources name, off by its /Usage: pdfium shows 16, poppler 46; 16 was published."""
    with pytest.raises(LayoutError, match=r"page 1: optional content whose default state is set by a layer's /Usage"):
        extract_pdf(LAYER_IN_TYPE3.read_bytes(), "doc.pdf")


SAME_BOX = FIXTURES / "pdf" / "bad" / "digit-same-box-2025-05-07.pdf"


def test_each_outline_of_a_digit_is_looked_at():
    """Catches (hunt 56): a second code of the table's font draws a 3 and reads as 0, in the later
    4096 cells only. This font's 0 and 3 share an outline box to 1/100 of the size, and only the
    first 0 (a real one) was looked at: 4096 was published where the page shows 4396. (Since round
    34 the fonts alone tell it, before the page is drawn: one outline read as 3 and as 0.)"""
    with pytest.raises(LayoutError, match=r"a glyph read as '[03]' in font \S+ is drawn by a glyph the page's font \S+ "
                                          r"reads as '[03]' \(the same outline\)"):
        extract_pdf(SAME_BOX.read_bytes(), "doc.pdf")


ITALIC = FIXTURES / "pdf" / "italic-synthetic-2025-05-07.pdf"


def test_a_speck_of_smoothing_inside_a_stroke_is_no_counter():
    """Catches (hunt 56, refused before): Chromium's synthetic italic of the table's font; a 9's
    rendering has a 1-pixel speck inside its stroke, taken for a second counter. Every row reads
    as the page shows it (the HTML page's rows)."""
    grid, updated = extract_pdf(ITALIC.read_bytes(), "doc.pdf")
    html, _ = extract_html((RAW / "2025-05-07" / "page.html").read_bytes(), "page.html")
    columns = ["model", "strategy", "seq_len", "framework", "hardware", "supported", "min_units", "unit"]
    assert normalize(grid, updated).frame[columns].equals(normalize(html, "2025-05-07").frame[columns])


A5_BREAKS = FIXTURES / "pdf" / "breaks-chromium-a5-26.pdf"


def with_below_rule_read_as(read: str) -> bytes:
    """breaks-chromium-a5-26.pdf with the `-32b` Chromium draws below page 5's bottom rule (the cut
    model cell's last line) set in a copy of its font whose Unicode map reads the glyph of 3 as
    `read` (an incremental update: the font, its map, page 5 and its content). The copy carries
    its own program, whose 3 has one point moved by a unit and is in no Unicode map of its own: a
    copy drawing the very outline of another reading, or a glyph its program names another
    digit, is refused by the fonts alone (pdf_encodings), and this is about the glyph's shape as
    drawn."""
    data = A5_BREAKS.read_bytes()
    raw = {n: re.search(rb"\n%d 0 obj\s*(.*?)endobj" % n, data, re.S)[1].strip() for n in (5, 15, 2592, 2593)}
    with pdfplumber.open(A5_BREAKS) as pdf:
        cmap, content = pdf.doc.getobj(2594).get_data(), pdf.doc.getobj(16).get_data()
        program = pdf.doc.getobj(2591).get_data()
    old, target = b"<002E> <003B> <002D>", b"/F5 12 Tf\n1 0 0 -1 13 3184 Tm\n<002E003400330063> Tj"
    assert old in cmap and content.count(target) == 1  # the construction: `-32b` in F5, the map's digits a range
    cmap = cmap.replace(old, b"<002E> <0033> <002D>\n<0034> <0034> <%04X>\n<0035> <003B> <0034>" % ord(read))
    return incremental_update(data, {
        5000: raw[5].replace(b"/ToUnicode 2594 0 R", b"/ToUnicode 5001 0 R").replace(b"[2593 0 R]", b"[5002 0 R]"),
        5002: raw[2593].replace(b"/FontDescriptor 2592 0 R", b"/FontDescriptor 5003 0 R"),
        5003: raw[2592].replace(b"/FontFile2 2591 0 R", b"/FontFile2 5004 0 R"),
        5004: stream(b"", three_moved(program)),
        5001: stream(b"", cmap.replace(b"15 beginbfrange", b"17 beginbfrange")),
        15: raw[15].replace(b"/F5 5 0 R", b"/F5 5 0 R\n/F9 5000 0 R"),
        16: stream(b"", content.replace(target, target.replace(b"/F5", b"/F9")))})


def three_moved(program: bytes) -> bytes:
    """The TrueType program with its 3's first point moved right, far enough (150 units, a spike)
    that the outline is no longer the print's 3 (pdf_font_glyphs.drawn_alike: a unit's nudge is
    that 3 since round 35), and the 3 left out of its own Unicode map (fontTools): nothing in the
    font says the glyph is a 3."""
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(program))
    glyph = font["glyf"][font.getBestCmap()[ord("3")]]
    (x, y), *_ = glyph.coordinates
    glyph.coordinates[0] = (x + 150, y)
    for table in font["cmap"].tables:
        table.cmap.pop(ord("3"), None)
    written = io.BytesIO()
    font.save(written)
    return written.getvalue()


def test_a_digit_chromium_draws_below_the_tables_rule_is_looked_at_too():
    """Catches (hunt 56): the lines Chromium draws below the table's bottom rule at a break are read
    as the table's (the rest of a cut cell), but the glyph checks looked inside the rule only: with
    the 3 of `-32b` read as 8, qwen2.5_vl-82b was published where the page shows qwen2.5_vl-32b."""
    with pytest.raises(LayoutError, match=r"page 5: a digit in the vendor table drawn as another sign than the digit "
                                          r"it is read as \(.*read as 8, its glyph has no enclosed counter"):
        extract_pdf(with_below_rule_read_as("8"), "doc.pdf")
