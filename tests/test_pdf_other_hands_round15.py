"""Prints made by other hands, round 15 (hunt 119, session 46): the page's visible area.

- **A CropBox through a glyph**: page 3 of raw/2025-10-22/doc.pdf with its CropBox's bottom edge set
  through the last text line of the table, the lone `2` of gemma3-27b lora's `4096/819` / `2`: a viewer
  shows the top fifth of the 2 (and no bottom rule), and `4096/8192` was read, exit 0. A clip path cut
  there was refused (round 7: a 4 cut to a 1); the edge of the visible area cuts as a clip does. A
  glyph whose box crosses the edge of the rendering and whose ink reaches it is an error naming it
  (pdf_ink.Sight.cut_by_edge).
- **A CropBox reaching past the MediaBox** (`[-100 -100 W+100 H+100]`, or 10 pt past the left or top):
  viewers show the CropBox cut to the MediaBox, and pdfium renders so, but every glyph was looked for
  from the CropBox's own corner, 10 to 100 pt away from its ink: 'text the page does not show'. The
  rendering's corner is the CropBox cut to the MediaBox (pdf_ink.origin).
- **A page box viewers read each their own way** (hunt 125): a CropBox of five numbers (mupdf takes
  the first four and hid 20 rows; pdfium ignores it) was read with exit 0, and one of three numbers,
  with an exponent (`5.2e2`, which pdfminer reads as 5.2 and a name), a string, a name, or outside the
  MediaBox stopped the run with an internal error. Each page's MediaBox and CropBox must be four
  numbers and meet (pdf_guards.check_page_boxes); an appearance stream whose filter pdfminer does not
  know is a PDF that cannot be read, no internal error."""
from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from conftest import RAW
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.pdf import extract_pdf
from test_pdf_other_hands_round4 import rows

HEIGHT, WIDTH = 841.8898, 595.276  # A4, both raw prints


def cropped(data: bytes, page: int, box: tuple[float, float, float, float]) -> tuple[bytes, object]:
    """The PDF with one page's CropBox set (left, bottom, right, top) and saved by pdfium, as an
    editor crops a page; and that page rendered at 2 px a point, as a viewer shows it."""
    document = pdfium.PdfDocument(data)
    edited = document[page]  # (held: pdfium's page must outlive the call that crops it)
    pdfium_c.FPDFPage_SetCropBox(edited.raw, *box)
    out = io.BytesIO()
    document.save(out)
    edited.close()
    document.close()
    saved = pdfium.PdfDocument(out.getvalue())
    view = saved[page]
    shown = view.render(scale=2, grayscale=True).to_numpy()
    view.close()
    saved.close()
    return out.getvalue(), shown


def test_a_cropbox_through_a_glyph_of_the_table_is_an_error():
    """Catches: 4096/8192 read from a page that shows 4096/819 and the top fifth of a 2."""
    data, shown = cropped((RAW / "2025-10-22" / "doc.pdf").read_bytes(), 2, (0, HEIGHT - 560.6, WIDTH, HEIGHT))
    # the premise, as pdfium shows the page: ink in the last rows of the rendering under the 2 (x 181 pt)
    assert (shown[-2:, 2 * 179:2 * 186] < 128).any()
    with pytest.raises(LayoutError, match=r"page 3: text in the vendor table cut by the edge of the page's visible "
                                          r"area \(at 181 pt from the left, 559 pt from the top: '2'\)"):
        extract_pdf(data, "doc.pdf")


@pytest.mark.parametrize("box", [(-100, -100, WIDTH + 100, HEIGHT + 100), (-10, 0, WIDTH, HEIGHT),
                                 (0, 0, WIDTH, HEIGHT + 10)], ids=["all-round", "left", "top"])
def test_a_cropbox_reaching_past_the_mediabox_is_read_as_the_mediabox(box):
    """Catches: 'text in the vendor table that the page does not show' for a page shown whole."""
    original = (RAW / "2025-05-07" / "doc.pdf").read_bytes()
    data, shown = cropped(original, 0, box)
    assert shown.shape == (round(2 * HEIGHT), round(2 * WIDTH))  # the premise: pdfium shows the MediaBox
    assert rows(extract_pdf(data, "doc.pdf")[0]).equals(rows(extract_pdf(original, "doc.pdf")[0]))


# --- hunt 125: page boxes viewers read each their own way ------------------------------------------

def with_crop_box(box: bytes) -> bytes:
    """raw/2025-05-07/doc.pdf with page 2 (object 4) given `/CropBox box`, as an editor's
    incremental update writes it."""
    from pdf_drawing import incremental_update

    data = (RAW / "2025-05-07" / "doc.pdf").read_bytes()
    page = re.search(rb"\n4 0 obj\n(<<.*?)>>\nendobj", data, re.S)[1]
    return incremental_update(data, {4: page + b"/CropBox " + box + b" >>"})


@pytest.mark.parametrize("box, said", [
    (b"[0 630.8898 595.2756 841.8898 0]", r"/CropBox is \[0, 630.8898, 595.2756, 841.8898, 0\], not four numbers"),
    (b"[0 520 595.2756]", r"/CropBox is \[0, 520, 595.2756\], not four numbers"),
    (b"[0 5.2e2 595.2756 841.8898]", r"/CropBox is .*, not four numbers"),
    (b"[0 (520) 595.2756 841.8898]", r"/CropBox is .*, not four numbers"),
    (b"[0 /Foo 595.2756 841.8898]", r"/MediaBox or /CropBox cannot be read"),
    (b"[700 0 800 100]", r"/CropBox \[700, 0, 800, 100\] does not meet its /MediaBox"),
], ids=["five", "three", "an exponent", "a string", "a name", "outside the page"])
def test_a_page_box_viewers_read_each_their_own_way_is_an_error_naming_it(box, said):
    """Catches (hunt 125): five numbers (mupdf shows the first four and hides 20 rows; pdfium shows
    the page whole) read with exit 0; three, `5.2e2` (pdfminer reads `5.2` and a name), a string or
    a CropBox outside the page stopped the run with an internal error (exit 3)."""
    with pytest.raises(SourceError, match=r"page 2: the page's " + said):
        extract_pdf(with_crop_box(box), "doc.pdf")
