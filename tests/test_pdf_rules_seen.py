"""Hunt 28: a rule the page does not show divides a cell.

The grid's rows and columns come from the file's path edges. A line drawn where nothing shows it
(white on white, with a stroke alpha of 0, under the cell's fill, clipped away, dashed with gaps
only, in a layer that is off) across the middle of the merged cell `4096/819` / `2` of llama3.1-8b
(2025-05-07, page 1) split it in two, and 819 and 2 were published where the page shows one cell
reading 4096/8192. pipeline/extract/pdf_ink.py `unseen_rule`: every rule dividing two slots of the
table is shown on the rendering (its band differs from itself by a contrast of 1.1 or more). Each
variant is the vendor's PDF with the line added as an editor saves it (an incremental update)."""
from __future__ import annotations

import re

import numpy
import pypdfium2 as pdfium
import pytest

from conftest import RAW
from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize

LINE = b"178 655.6 m 228 655.6 l S"  # inside the merged seq_len cell, between its two lines
PAGE, OLD_CONTENT, NEW_CONTENT = 3, b"12 0 R", 20

LINES_NOT_SHOWN = {
    "white": (b"q 1 G 0.6 w " + LINE + b" Q", b""),
    "stroke alpha 0": (b"q /Clear gs 0 G 0.6 w " + LINE + b" Q", b"/ExtGState << /Clear << /CA 0 >> >>"),
    "clipped away": (b"q 0 0 1 1 re W n 0 G 0.6 w " + LINE + b" Q", b""),
    "dashed with gaps only": (b"q [0 100] 0 d 0 J 0 G 0.6 w " + LINE + b" Q", b""),
    "under a white fill": (b"q 0 G 0.6 w " + LINE + b" 1 g 178.6 655 49 1.2 re f Q", b""),
}


def with_line(drawing: bytes, resources: bytes = b"") -> bytes:
    """The vendor's 2025-05-07 PDF with `drawing` appended to page 1's content."""
    data = (RAW / "2025-05-07" / "doc.pdf").read_bytes()
    page = re.search(rb"\n%d 0 obj\n(<<.*?)\nendobj" % PAGE, data, re.S)[1]
    page = page.replace(b"/Contents " + OLD_CONTENT, b"/Contents [ %s %d 0 R ]" % (OLD_CONTENT, NEW_CONTENT))
    page = page.replace(b"/Font 1 0 R", b"/Font 1 0 R " + resources)
    return incremental_update(data, {PAGE: page, NEW_CONTENT: stream(b"", drawing)})


def band(data: bytes) -> numpy.ndarray:
    """The page's pixels (4 a point) along the line between the cell's rules, a point either side
    of it (its text lines begin 1.5 pt away)."""
    image = numpy.asarray(pdfium.PdfDocument(data)[0].render(scale=4, grayscale=True).to_pil())
    y = round((841.8898 - 655.6) * 4)
    return image[y - 4:y + 5, 180 * 4:226 * 4]


@pytest.mark.parametrize("kind", LINES_NOT_SHOWN)
def test_a_rule_the_page_does_not_show_dividing_a_cell_is_an_error(kind):
    varied = with_line(*LINES_NOT_SHOWN[kind])
    assert band(varied).min() == 255  # the construction: nothing drawn there
    with pytest.raises(LayoutError, match=r"page 1: a rule dividing cells of the vendor table that the page does not "
                                          r"show \(at 203 pt from the left, 18[78] pt from the top\)"):
        extract_pdf(varied, "doc.pdf")


def test_a_rule_the_page_shows_divides_the_cell_as_shown():
    """Catches a rule too strict: the same line in black divides the cell on the page, and the
    reader divides it too (4096/819 for full, 2 for lora: what the page shows)."""
    varied = with_line(b"q 0 G 0.6 w " + LINE + b" Q")
    assert band(varied).min() < 100
    rows = normalize(extract_pdf(varied, "doc.pdf")[0], "2025-05-07").frame
    eight_b = rows[rows.model == "llama3.1-8b"]
    assert sorted(set(eight_b.seq_len)) == [2, 819, 4096]


def test_a_highlight_over_a_rule_the_page_does_not_show_does_not_show_it():
    """Catches (hunt 29): the white line with a Highlight annotation over the cell's first line
    (4096/819), whose colour reaches into the line's band: the band was taken to show a rule, and
    819 and 2 were published. An annotation's pixels are looked past."""
    data = with_line(*LINES_NOT_SHOWN["white"])
    annotated = incremental_update(data, {
        PAGE: re.findall(rb"\n%d 0 obj\n(<<.*?)\nendobj" % PAGE, data, re.S)[-1].replace(
            b"/Type /Page", b"/Annots [ 21 0 R ] /Type /Page"),
        21: b"<< /Type /Annot /Subtype /Highlight /Rect [ 180.5 656.2 222 667.6 ] /F 4 /C [ 1 1 0 ] "
            b"/QuadPoints [ 180.5 667.6 222 667.6 180.5 656.2 222 656.2 ] >>"})
    assert band(annotated).min() < 255  # the construction: the highlight's colour in the line's band
    with pytest.raises(LayoutError, match=r"page 1: a rule dividing cells of the vendor table that the page does not "
                                          r"show"):
        extract_pdf(annotated, "doc.pdf")
