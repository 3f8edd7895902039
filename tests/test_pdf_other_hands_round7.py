"""PDFs made by other hands, round 7: a clip path cutting through a glyph, so that what is
left of it reads as another (a 4 cut down to its upright stroke shows a 1). The extractor once
exited 0 with the glyph as the text layer has it. The inputs are the real print
raw/2025-05-07/doc.pdf with its first page's content edited and saved as an incremental
update (the original bytes kept, the new content stream appended), as an editor saves."""
from __future__ import annotations


import pdfplumber
import pypdfium2 as pdfium
import pytest
from pdfminer.pdftypes import resolve1

from conftest import RAW
from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

REAL = RAW / "2025-05-07" / "doc.pdf"
# page 1, the llama3.1-8b full 4096 cell's value, as reportlab set it
FOUR = b"BT 1 0 0 1 231 658.8898 Tm /F2+0 9 Tf 10.8 TL (4*Ascend) Tj T* ET"
K = 0.5523  # a quarter ellipse as a Bezier curve: its control points this far along the tangents


def ellipse(cx: float, cy: float, rx: float, ry: float) -> bytes:
    """A closed ellipse path (four Bezier curves), as drawing programs write one."""
    ox, oy = rx * K, ry * K
    return (f"{cx + rx} {cy} m {cx + rx} {cy + oy} {cx + ox} {cy + ry} {cx} {cy + ry} c "
            f"{cx - ox} {cy + ry} {cx - rx} {cy + oy} {cx - rx} {cy} c "
            f"{cx - rx} {cy - oy} {cx - ox} {cy - ry} {cx} {cy - ry} c "
            f"{cx + ox} {cy - ry} {cx + rx} {cy - oy} {cx + rx} {cy} c h").encode()


def page_one() -> tuple[int, bytes]:
    """Page 1's content stream: its object number and its data."""
    with pdfplumber.open(REAL) as pdf:
        ref = pdf.pages[0].page_obj.attrs["Contents"]
        content = resolve1(ref).get_data()
    assert content.count(FOUR) == 1
    return ref.objid, content


def updated(objects: dict[int, bytes], out) -> bytes:
    """The real print with `objects` (number -> body) added or replaced by an incremental update."""
    out.write_bytes(incremental_update(REAL.read_bytes(), objects))
    return out.read_bytes()


def clipped(clip: bytes, out) -> bytes:
    """The real print with the 4*Ascend cell's text drawn inside `clip` (a path then W n)."""
    number, content = page_one()
    return updated({number: stream(b"", content.replace(FOUR, b"q " + clip + b" W n " + FOUR + b" Q"))}, out)


def in_a_form(clip: bytes, inside: bool, out) -> bytes:
    """The real print with the 4*Ascend cell's text moved into a form XObject (drawn 10 pt to
    the right by its /Matrix, so set 10 pt to the left in it), `clip` in force where the form
    is drawn, or inside the form (given in its space). The form is drawn between q and Q, as
    producers draw one (pdfminer leaves the form's last CTM to what follows it otherwise)."""
    number, content = page_one()
    form = FOUR.replace(b" 231 ", b" 221 ")
    form, around = (b"q " + clip + b" W n " + form + b" Q", b"q ") if inside else (form, b"q " + clip + b" W n ")
    page = (b"<< /Type /Page /Parent 11 0 R /MediaBox [0 0 595.2756 841.8898] /Contents 12 0 R /Rotate 0 "
            b"/Resources << /Font 1 0 R /XObject << /Fm0 14 0 R >> >> >>")
    return updated({number: stream(b"", content.replace(FOUR, around + b"/Fm0 Do Q")),
                    3: page,
                    14: stream(b"/Type /XObject /Subtype /Form /BBox [0 0 595.2756 841.8898] /Matrix [1 0 0 1 10 0] "
                               b"/Resources << /Font 1 0 R >>", form)}, out)


def ink_of_four(data: bytes) -> int:
    """Dark pixels pdfium draws where the 4 is set (x 231-236.5, y 658.9-665.5 in PDF points)."""
    image = pdfium.PdfDocument(data)[0].render(scale=4, grayscale=True).to_numpy()
    height = image.shape[0] / 4
    return int((image[int((height - 666) * 4):int((height - 658.5) * 4), 231 * 4:int(236.6 * 4)] < 128).sum())


@pytest.mark.parametrize("clip", [b"234.4 650 80 20 re", ellipse(270, 662, 35.6, 30)], ids=["rectangle", "ellipse"])
def test_a_glyph_a_clip_path_cuts_through_is_an_error(clip, tmp_path):
    """Catches: `4*Ascend` (llama3.1-8b full 4096) drawn inside `234.4 650 80 20 re W n`, whose
    left edge runs through the 4 just right of its upright stroke, gave exit 0 with 4 cards
    where viewers (pdfium, poppler) show `1*Ascend`: the text layer has no clip paths, and the
    stroke left is ink enough for the ink check. A glyph partly inside its clip is an error
    naming the page, the position and the text; a curved clip (an ellipse) alike."""
    data = clipped(clip, tmp_path / "c.pdf")
    with pdfplumber.open(tmp_path / "c.pdf") as pdf:  # the construction: the text layer still reads the 4 ...
        assert "4*Ascend" in pdf.pages[0].extract_text()
    whole = ink_of_four(REAL.read_bytes())
    assert 0 < ink_of_four(data) < whole * 0.6  # ... of which the page shows a part
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table cut through by a clip path "
                                          r"\(at 231 pt from the left, 176 pt from the top: '4'\)"):
        extract_pdf(data, "doc.pdf")


@pytest.mark.parametrize("clip", [b"229 650 62 20 re", ellipse(260, 662, 40, 12)], ids=["rectangle", "ellipse"])
def test_a_clip_path_around_whole_glyphs_is_read_through(clip, tmp_path):
    """A clip holding the glyphs whole (a cell's overflow clip, a rounded box) changes nothing
    a reader sees: the table reads as without it."""
    data = clipped(clip, tmp_path / "c.pdf")
    assert ink_of_four(data) == ink_of_four(REAL.read_bytes())
    frame = normalize(extract_pdf(data, "doc.pdf")[0], "2025-05-07").frame
    assert frame.equals(normalize(extract_pdf(REAL.read_bytes(), "doc.pdf")[0], "2025-05-07").frame)


def test_a_glyph_clipped_away_whole_is_hidden_text(tmp_path):
    """A clip leaving none of the value drawn is text the page does not show, as before."""
    data = clipped(b"300 650 20 20 re", tmp_path / "c.pdf")
    assert ink_of_four(data) == 0
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table that the page does not show "
                                          r"\(at 231 pt from the left, 176 pt from the top: '4\*Ascend'\)"):
        extract_pdf(data, "doc.pdf")



@pytest.mark.parametrize("clip, inside", [(b"234.4 650 80 20 re", False), (b"224.4 650 80 20 re", True)],
                         ids=["around-the-form", "inside-the-form"])
def test_a_clip_path_of_a_form_xobject_cutting_through_a_glyph_is_an_error(clip, inside, tmp_path):
    """The same cut with the value in a form XObject: the clip in force where the form is
    drawn (`re W n /Fm0 Do`) holds its glyphs as one inside it does (pdfium gives the first
    to the form object, the second to its text, in page space)."""
    data = in_a_form(clip, inside, tmp_path / "f.pdf")
    assert 0 < ink_of_four(data) < ink_of_four(REAL.read_bytes()) * 0.6
    with pytest.raises(LayoutError, match=r"page 1: text in the vendor table cut through by a clip path "
                                          r"\(at 231 pt from the left, 176 pt from the top: '4'\)"):
        extract_pdf(data, "doc.pdf")
    unclipped = in_a_form(b"0 0 595 841 re", inside, tmp_path / "whole.pdf")  # the construction reads without the cut
    frame = normalize(extract_pdf(unclipped, "doc.pdf")[0], "2025-05-07").frame
    assert frame.equals(normalize(extract_pdf(REAL.read_bytes(), "doc.pdf")[0], "2025-05-07").frame)
