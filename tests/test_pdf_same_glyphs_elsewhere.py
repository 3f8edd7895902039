"""A page's content given twice, the second copy appended after `%%EOF` with two digits of a
value swapped: viewers (pdfium, mutool; poppler once the xref is broken) draw the second copy,
pdfminer reads the first. The glyphs are the same, each somewhere else, so a count of what each
engine reads agrees; the extractor once exited 0 with `16` where viewers show `61*Ascend`. Each
glyph pdfium reads must be one pdfminer read at the same place (pipeline/extract/pdf_engines.py)."""
from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from pdf_drawing import canvas_font, header_and_row  # noqa: F401  (a fixture)
from pipeline.errors import CellError, LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

CONTENT = re.compile(rb"(\d+) 0 obj\s*<<[^>]*?/Length (\d+)[^>]*>>\s*stream\r?\n")


def one_row_table(canvas_font, out, before_32=None) -> bytes:
    """A one-row table, uncompressed and its values in a simple font, so that its content can be
    copied and edited; `before_32(canvas, x, baseline)` draws what stands before `32*Ascend`,
    set a `1`'s width in."""
    from reportlab.pdfgen.canvas import Canvas
    canvas = Canvas(str(out), invariant=1, pageCompression=0)
    rows = header_and_row(("llama3-8b", "full", "4096", "32*Ascend", "16*Ascend"))
    for x0, x1, top, bottom, text in rows:
        canvas.rect(x0, 842 - bottom, x1 - x0, bottom - top, stroke=1, fill=0)
        canvas.setFont("Helvetica" if text.endswith("Ascend") else canvas_font, 8)  # values as plain bytes
        shift = canvas.stringWidth("1", "Helvetica", 8) if before_32 and text == "32*Ascend" else 0
        canvas.drawString(x0 + 3 + shift, 842 - top - 11, text)
        if shift:
            before_32(canvas, x0 + 3, 842 - top - 11)
    canvas.showPage()
    canvas.save()
    return out.read_bytes()


def content_given_twice(data: bytes, old: bytes, new: bytes) -> bytes:
    """The page's content stream object appended again after `%%EOF`, `old` replaced by `new`
    (of the same length), and the offset of the xref damaged (an editor's append never
    finished): each reader rebuilds the xref by scanning the file, and takes the copy it
    meets first (pdfminer) or last (pdfium, poppler, mutool)."""
    start = re.search(rb"startxref\s+(\d+)", data)
    data = data[:start.start(1)] + b"1" * len(start[1]) + data[start.end(1):]
    for match in CONTENT.finditer(data):
        end = match.end() + int(match[2])
        body = data[match.end():end]
        if old in body:
            obj = data[match.start():data.index(b"endobj", end) + len(b"endobj")]
            return data + b"\n" + obj.replace(old, new) + b"\n"
    raise AssertionError("no content stream holds the text")


def test_digits_swapped_in_a_copy_viewers_draw_are_an_error(canvas_font, tmp_path):
    """Catches: `16` published where pdfium draws `61*Ascend` from a second copy of the page's
    content appended after `%%EOF` (pdfminer keeps the first); the glyphs are the same two, so
    comparing what the engines read without where they read it passed. (Refused since before any
    page is read: pdf_guards.check_one_copy_each.)"""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    frame = normalize(extract_pdf(data, "t.pdf")[0], "2025-10-22").frame
    assert sorted(frame.min_units.dropna()) == [16, 32]  # the construction reads as drawn
    twice = content_given_twice(data, b"(16*Ascend)", b"(61*Ascend)")
    assert "61*Ascend" in pdfium.PdfDocument(twice)[0].get_textpage().get_text_range()  # what a viewer draws
    with pytest.raises(SourceError, match=r"PDF object 8 is given more than once and the file's cross-reference table "
                                          r"is damaged: viewers read its last copy, this reader another"):
        extract_pdf(twice, "t.pdf")


def test_the_same_copy_unchanged_is_read(canvas_font, tmp_path):
    """Catches a rule too strict: the content given twice alike draws what pdfminer reads."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf")
    twice = content_given_twice(data, b"(16*Ascend)", b"(16*Ascend)")
    frame = normalize(extract_pdf(twice, "t.pdf")[0], "2025-10-22").frame
    assert sorted(frame.min_units.dropna()) == [16, 32]


def raised_by_text_rise(canvas, x, baseline):
    text = canvas.beginText(x, baseline)
    text.setFont("Helvetica", 8)
    text.setRise(3)
    text.textOut("1")
    text.setRise(0)  # the rise is the graphics state's: it would outlast the text object
    canvas.drawText(text)


def raised_by_its_place(canvas, x, baseline):
    canvas.setFont("Helvetica", 8)
    canvas.drawString(x, baseline + 3, "1")


def test_a_glyph_raised_by_text_rise_is_an_error(canvas_font, tmp_path):
    """Catches: a `1` the size of the rest raised 3 pt by text rise before `32*Ascend` (viewers
    draw a raised note) published as 132: pdfminer places a glyph's line without its rise, and
    a superscript was known only by a smaller size."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", raised_by_text_rise)
    assert b" Ts" in data  # the construction: the rise is in the content
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table raised or lowered off its line by "
                                          r"text rise \(at \d+ pt from the left, \d+ pt from the top: '1'\)"):
        extract_pdf(data, "t.pdf")


def test_a_glyph_set_above_the_line_the_size_of_the_rest_is_set_apart(canvas_font, tmp_path):
    """Catches: a `1` the size of the rest set 3 pt above the line of `32*Ascend` (its own
    position, no rise) read into the value as 132: a glyph off its line's baseline is set
    apart like a superscript, whatever its size."""
    data = one_row_table(canvas_font, tmp_path / "t.pdf", raised_by_its_place)
    with pytest.raises(CellError, match=r"\[1\]32\*Ascend"):
        normalize(extract_pdf(data, "t.pdf")[0], "2025-10-22")
