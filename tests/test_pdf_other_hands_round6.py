"""PDFs made by other hands, round 6: text a viewer draws that the extractor's parser does not
read (a content stream longer than its /Length), and annotations laid over the table (a value
struck out). On each the extractor once exited 0 with the wrong rows. The inputs are made here:
small tables drawn by reportlab (uncompressed, so that one number can be edited in place), and
the real print raw/2025-10-22/doc.pdf with an annotation added by pdfium, as viewers add them."""
from __future__ import annotations

import ctypes
import re

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from conftest import RAW
from pdf_drawing import XS, canvas_font, header_and_row  # noqa: F401  (a fixture)
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

REAL = RAW / "2025-10-22" / "doc.pdf"
FOUR = (231.0, 658.8898)  # page 1: where the real print sets `4*Ascend` (llama3.1-8b, full, 4096, MindSpeed-LLM)
LAST_ONE = re.compile(rb"BT 1 0 0 1 [\d.]+ [\d.]+ Tm \(1\) Tj T\* ET\n\s*$")  # how reportlab writes the `1` drawn last


def table_with_a_last_one(canvas_font, out) -> bytes:
    """A one-row table whose `32*Ascend` is set a `1`'s width in, and that `1` (Helvetica) drawn
    in the gap as the page's last operation; uncompressed, so that its content can be edited in
    place."""
    from reportlab.pdfgen.canvas import Canvas
    canvas = Canvas(str(out), invariant=1, pageCompression=0)
    rows = header_and_row(("llama3-8b", "full", "4096", "32*Ascend", "16*Ascend"))
    one = canvas.stringWidth("1", "Helvetica", 8)
    for x0, x1, top, bottom, text in rows:
        canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
        canvas.setFont(canvas_font, 8)
        canvas.drawString(x0 + 3 + (one if text == "32*Ascend" else 0), 842 - top - 11, text)
    canvas.setFont("Helvetica", 8)
    canvas.drawString(XS[3] + 3, 842 - 100 - 11, "1")
    canvas.showPage()
    canvas.save()
    return out.read_bytes()


def length_short_of_the_last_one(data: bytes) -> bytes:
    """The content stream's /Length lowered to stop before its last operation (the `1`); the
    number keeps its digits, so no offset moves."""
    stream = re.search(rb"/Length (\d+)\s*>>\s*stream\r?\n", data)
    length = int(stream[1])
    last = LAST_ONE.search(data[stream.end():stream.end() + length])
    short = str(last.start()).encode()
    assert len(short) == len(stream[1])
    return data[:stream.start(1)] + short + data[stream.end(1):]


def test_text_past_a_streams_length_is_an_error(canvas_font, tmp_path):
    """Catches: a `1` drawn before `32*Ascend` at the end of a content stream whose /Length
    stops short of it gave exit 0 with 32 cards where viewers show 132*Ascend: pdfminer stops
    at the length, pdfium and poppler read on to `endstream`. Every stream must end where its
    /Length says (pdf_guards.check_stream_lengths, before any page is read)."""
    data = table_with_a_last_one(canvas_font, tmp_path / "t.pdf")
    frame = normalize(extract_pdf(data, "t.pdf")[0], "2025-10-22").frame
    assert sorted(frame.min_units.dropna()) == [16, 132]  # the construction: the `1` is read into the cell
    short = length_short_of_the_last_one(data)
    (tmp_path / "short.pdf").write_bytes(short)
    with pdfplumber.open(tmp_path / "short.pdf") as pdf:  # the feature: pdfminer does not read the 1 ...
        assert "".join(c["text"] for c in pdf.pages[0].chars).count("1") == 1  # (the 16's)
    text = pdfium.PdfDocument(short)[0].get_textpage().get_text_range()  # ... which pdfium reads
    assert text.count("1") == 2
    with pytest.raises(SourceError, match=r"PDF object \d+'s stream does not end where its /Length \(\d+\) says: "
                                          r"viewers read it on to `endstream`"):
        extract_pdf(short, "t.pdf")


def annotated(out, subtype: int, rect: tuple[float, float, float, float], hidden: bool = False) -> bytes:
    """The real print with one annotation of `subtype` (FPDF_ANNOT_*) over `rect` (left, bottom,
    right, top in PDF points) on page 1, added by pdfium as a viewer adds it."""
    document = pdfium.PdfDocument(str(REAL))
    page = document[0]
    annot = pdfium_c.FPDFPage_CreateAnnot(page.raw, subtype)
    left, bottom, right, top = rect
    pdfium_c.FPDFAnnot_SetRect(annot, pdfium_c.FS_RECTF(left, top, right, bottom))
    quad = pdfium_c.FS_QUADPOINTSF(left, top, right, top, left, bottom, right, bottom)
    pdfium_c.FPDFAnnot_AppendAttachmentPoints(annot, ctypes.byref(quad))
    pdfium_c.FPDFAnnot_SetColor(annot, pdfium_c.FPDFANNOT_COLORTYPE_Color, 255, 0, 0, 255)
    if hidden:
        pdfium_c.FPDFAnnot_SetFlags(annot, pdfium_c.FPDF_ANNOT_FLAG_HIDDEN)
    pdfium_c.FPDFPage_CloseAnnot(annot)
    document.save(str(out))
    return out.read_bytes()


ON_FOUR = (FOUR[0] - 2, FOUR[1] - 2, FOUR[0] + 40, FOUR[1] + 8)


def test_a_value_struck_out_by_an_annotation_is_an_error(tmp_path):
    """Catches: a StrikeOut annotation across `4*Ascend` (a reviewer's "no longer valid") gave
    exit 0 with 4 cards, while the HTML reader refuses a struck value: annotations that change
    what a cell says are errors naming the page and the kind."""
    data = annotated(tmp_path / "s.pdf", pdfium_c.FPDF_ANNOT_STRIKEOUT, ON_FOUR)
    with pdfplumber.open(tmp_path / "s.pdf") as pdf:  # the feature: the annotation over the value
        assert [a["data"]["Subtype"].name for a in pdf.pages[0].annots] == ["StrikeOut"]
    with pytest.raises(LayoutError, match=r"page 1: a StrikeOut annotation drawn over the vendor table "
                                          r"\(at x 229-271, y 175-185\)"):
        extract_pdf(data, "s.pdf")


@pytest.mark.parametrize("subtype, hidden", [(pdfium_c.FPDF_ANNOT_HIGHLIGHT, False),
                                             (pdfium_c.FPDF_ANNOT_STRIKEOUT, True)], ids=["highlight", "hidden"])
def test_an_emphasis_or_a_hidden_annotation_is_read_through(subtype, hidden, tmp_path):
    """A highlight only emphasises; an annotation flagged hidden is not drawn: the table reads."""
    data = annotated(tmp_path / "h.pdf", subtype, ON_FOUR, hidden)
    frame = normalize(extract_pdf(data, "h.pdf")[0], "2025-10-22").frame
    assert len(frame) == 1350


def test_a_pdf_with_no_page_found_says_so(tmp_path):
    """Catches: a PDF whose page tree pdfminer finds empty (every page deleted, or an update
    that cut the tree off) was refused as "no text layer on any of its 0 page(s) (an image-only
    PDF?)", which sends the reader looking for a scan."""
    document = pdfium.PdfDocument(str(RAW / "2025-05-07" / "doc.pdf"))
    while len(document):
        document.del_page(0)
    document.save(str(tmp_path / "empty.pdf"))
    with pytest.raises(SourceError, match=r"the PDF has no page pdfminer can find \(its page tree is empty"):
        extract_pdf((tmp_path / "empty.pdf").read_bytes(), "empty.pdf")
