"""PDFs made by other hands, round 19 (session 51).

- **Overprint under the default overprint mode** (left open in round 18): a graphics state setting
  `/OP true` was refused whatever its mode; under `/OPM 0` every component of a CMYK paint is
  painted, and the viewers draw it alike. Overprint is an error only where a graphics state of the
  page sets the nonzero mode, in the same state or another (pdf_guards.check_graphics_states).
"""
from __future__ import annotations

import pytest

from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from test_pdf_other_hands_round18 import ink_before_the_value, one_painted_in, published


def test_overprint_under_the_default_mode_is_read():
    """What must be read (hunt 158's over-refusal): a black CMYK 1 painted with overprint under
    /OPM 0 is drawn by every viewer; 14, as pdfium draws it."""
    data = one_painted_in(b"/GO gs 0 0 0 1 k", b"/ExtGState << /GO << /OP true /op true /OPM 0 >> >>")
    assert ink_before_the_value(data) > 10
    assert published(data) == {14}


def test_overprint_and_its_nonzero_mode_set_by_two_states_is_an_error():
    """Catches a check asking each graphics state alone: after `/GO gs /GM gs`, the first setting
    overprint and the second /OPM 1, a white CMYK 1 on a black box is left unpainted by MuPDF (the
    box all black at 288 dpi) and drawn by poppler and Ghostscript (checked with mutool 1.21,
    pdftoppm 22 and gs 10)."""
    data = one_painted_in(b"0 g 229 655 9 13 re f /GO gs /GM gs 0 0 0 0 k",
                          b"/ExtGState << /GO << /OP true /op true >> /GM << /OPM 1 >> >>")
    with pytest.raises(LayoutError, match=r"page 1: the graphics state /GO sets overprint \(/OP true\) under the "
                                          r"nonzero overprint mode"):
        extract_pdf(data, "doc.pdf")
