"""Prints made by other hands, round 10 (hunts 60 and 62, session 38): a run that never ended on a
real producer's print, where forms share one resource dictionary that names them all again; the
walks over forms drawn inside forms that could take as long on a print made to; a page tree too
deep to walk, a million forms drawn, and a million operators read past the time bound."""
from __future__ import annotations

import base64
import zlib

import pdfplumber
import pytest
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import LIT

from conftest import FIXTURES, RAW
from pdf_drawing import incremental_update, stream
from test_limits import Clock
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from pipeline.limits import LimitError, Limits
from pipeline.normalize import normalize
from pipeline.extract.pdf_annots import NESTING, resources_within, shows_or_hides
from pipeline.extract.pdf_encodings import shows_text

TILED = FIXTURES / "pdf" / "bad" / "lo-tiled-watermark-2025-10-22.pdf"
RAW_NEWER = (RAW / "2025-10-22" / "doc.pdf").read_bytes()


def test_forms_sharing_the_pages_resources_are_walked_once():
    """Catches (hunt 60): LibreOffice's tiled watermark draws 150 forms whose resources are the
    page's own, listing all 150 again; the font walk followed each of them 8 deep (150^8 visits)
    and the run never ended. Each resource dictionary is given once now."""
    with pdfplumber.open(TILED) as pdf:
        resources = resolve1(pdf.pages[0].page_obj.resources)
        forms = [resolve1(x) for x in resolve1(resources["XObject"]).values()]
        assert len(forms) >= 100 and all(resolve1(form["Resources"]) is resources for form in forms)
        assert [id(held) for held in resources_within(resources)] == [id(resources)]


def test_a_tiled_watermark_across_the_text_is_an_error_naming_a_glyph():
    with pytest.raises(LayoutError, match=r"page 1: a glyph set at an angle on a line of the vendor table's text"):
        extract_pdf(TILED.read_bytes(), "doc.pdf")


def nested_forms(drawn_last: bytes, calls: int = 10) -> tuple[PDFStream, dict]:
    """A content stream drawing form F1 `calls` times, F1 drawing F2 as often, and so on NESTING
    deep, the last one drawing `drawn_last`: calls^NESTING forms drawn, each of them once."""
    inner = PDFStream({"Subtype": LIT("Form"), "Resources": {}}, drawn_last)
    for depth in range(NESTING, 0, -1):
        resources = {"XObject": {f"F{depth + 1}": inner}} if depth < NESTING else {}
        body = b" ".join([f"/F{depth + 1} Do".encode()] * calls) if depth < NESTING else drawn_last
        inner = PDFStream({"Subtype": LIT("Form"), "Resources": resources}, body)
    top = PDFStream({}, b" ".join([b"/F1 Do"] * calls))
    return top, {"XObject": {"F1": inner}}


def test_a_glyph_drawing_forms_inside_forms_is_looked_at_once_per_form():
    """A Type 3 glyph program drawing a form 10 times, which draws another 10 times, 8 deep:
    10^8 forms drawn. Each form is looked at once (a line drawn: no text)."""
    top, resources = nested_forms(b"0 0 m 10 10 l S")
    assert shows_text(top, resources) is False
    assert shows_text(*nested_forms(b"BT (1) Tj ET")) is True


def test_an_appearance_drawing_forms_inside_forms_is_looked_at_once_per_form():
    top, resources = nested_forms(b"q Q")  # nothing painted
    top.attrs["Resources"] = resources
    assert shows_or_hides(top) is False
    shown, resources = nested_forms(b"BT (1) Tj ET")
    shown.attrs["Resources"] = resources
    assert shows_or_hides(shown) is True


# --- hunt 62: a crash and two runs past their time bound -------------------------------------------------

BAD = FIXTURES / "pdf" / "bad"


def test_a_page_tree_too_deep_to_walk_is_one_clear_error():
    """Catches (hunt 62): raw/2025-10-22/doc.pdf's pages under a chain of 1,000 page-tree nodes.
    pdfminer stops at its recursion limit, which was told as an error, and then pdfplumber's close()
    walked the tree again and its own error replaced that one: `internal error`, exit 3."""
    with pytest.raises(SourceError, match=r"the PDF cannot be read \(maximum recursion depth exceeded\)"):
        extract_pdf((BAD / "deep-page-tree-2025-10-22.pdf").read_bytes(), "doc.pdf")


def test_a_page_drawing_a_million_forms_is_refused_before_it_is_laid_out():
    """Catches (hunt 62): a 38 KB edit of raw/2025-05-07/doc.pdf whose page 1 draws a form drawing
    the next ten times, six deep: pdfminer laid out all 10^6 forms (2.5 GB, minutes) before any bound
    was looked at. Forms drawn are counted first, each form's count worked out once."""
    with pytest.raises(LayoutError, match=r"page 1: the page draws over 100,000 forms"):
        extract_pdf((BAD / "form-fanout-2025-05-07.pdf").read_bytes(), "doc.pdf")


def test_the_time_bound_is_looked_at_inside_a_content_stream():
    """Catches (hunt 62): ten Type 3 glyphs no code names, each drawing one form of a million
    operators that paint nothing, added to raw/2025-05-07's Chromium print: the glyph check read
    the form once per glyph (a cache per glyph), and the time bound was looked at between pages
    only: `--max-seconds 5` ran 146 s. The form is read once now, and the bound is looked at every
    TOKENS_BETWEEN_CHECKS tokens: here 40 s pass at each look (a clock the test moves)."""
    clock = Clock(step=40)
    with pytest.raises(LimitError, match=r"extraction ran \d+ s and was stopped at reading a content stream"):
        extract_pdf((BAD / "type3-million-operators-2025-05-07.pdf").read_bytes(), "doc.pdf",
                    Limits(max_seconds=100, clock=clock))


# --- hunt 65: a cross-reference stream claiming two billion objects, a shading run per pixel -------------

def test_an_xref_stream_claiming_two_billion_objects_is_read_by_its_entries():
    """Catches (hunt 65): raw/2025-10-22/doc.pdf (qpdf --qdf) with its cross-reference stream's
    /Size set to 2,000,000,000 over its 24 entries. Viewers show the table; pdfminer's object
    numbers were counted out one by one (a set growing to gigabytes, never ending). Read now."""
    grid, updated = extract_pdf((FIXTURES / "pdf" / "xref-stream-size-2025-10-22.pdf").read_bytes(), "doc.pdf")
    assert updated == "2025-10-22" and len(normalize(grid, "2025-10-22").frame) == 1350


def test_a_shading_function_of_megabytes_of_postscript_is_refused_before_it_is_rendered():
    """Catches (hunt 65): a function-based shading in page 1's bottom margin whose calculator
    function is a million `0 add`s: pdfium runs it for every pixel, in one call no time bound
    stops (265 s against --max-seconds 5)."""
    with pytest.raises(LayoutError, match=r"page 1: a shading or transfer function of 6,000,015 bytes of PostScript"):
        extract_pdf((BAD / "calculator-shading-2025-10-22.pdf").read_bytes(), "doc.pdf")


SPACES = b" " * 3_000_000  # past a 1 MiB cap once decoded
CAP = Limits(max_stream_bytes=2**20)


@pytest.mark.parametrize("filters, encoded", [
    (b"[/ASCIIHexDecode /FlateDecode]", zlib.compress(SPACES, 9).hex().encode() + b">"),
    (b"[/ASCII85Decode /FlateDecode]", base64.a85encode(zlib.compress(SPACES, 9)) + b"~>"),
    (b"/RunLengthDecode", bytes([129, 32]) * (len(SPACES) // 128 + 1) + bytes([128])),
])
def test_a_compression_bomb_behind_another_filter_is_refused(filters, encoded):
    """Catches (hunt 65): a stream of spaces added to raw/2025-10-22/doc.pdf, deflated then
    hex-encoded (3.3 GB decoded from 6.7 MB: MemoryError, exit 3), or LZW-encoded (3.8 GB from 1.5
    MB: still decoding after 195 s against --max-seconds 5): the guard inflated streams named as
    Flate only, and a hex-encoded one's bytes did not inflate. Each filter of the chain is decoded
    now, its output capped (LZW through pdfminer's decoder, piece by piece)."""
    data = incremental_update(RAW_NEWER, {90: stream(b"/Filter " + filters, encoded)})
    with pytest.raises(LimitError, match=r"PDF object 90 inflates past 1,048,576 bytes \(a compression bomb\?\)"):
        extract_pdf(data, "doc.pdf", CAP)


def test_a_stream_behind_another_filter_within_the_cap_is_read():
    data = incremental_update(RAW_NEWER, {90: stream(b"/Filter [/ASCIIHexDecode /FlateDecode]",
                                                     zlib.compress(b" " * 500_000).hex().encode() + b">")})
    grid, _ = extract_pdf(data, "doc.pdf", CAP)
    assert len(normalize(grid, "2025-10-22").frame) == 1350
