"""Prints made by other hands, round 9 (session 37), each published wrong with exit 0 before."""
from __future__ import annotations

import pytest

from conftest import FIXTURES
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf

DINGBAT_TYPE3 = FIXTURES / "pdf" / "bad" / "dingbat-type3-2025-05-07.pdf"


def test_a_digit_in_a_font_of_signs_that_chromium_prints_as_type3_is_an_error():
    """Catches (hunts 44 and 46): `<span style="font-family:D050000L">8</span>*Ascend` printed by
    Chromium. Its Type 3 fonts carry no /BaseFont, so pdfium names none and the font-of-signs rule
    never saw D050000L: 8 was published where viewers show ✘ (only 0, 1, 2 and 7 were caught, by
    their boxes). The font's descriptor names it, as pdfminer reads it."""
    with pytest.raises(LayoutError, match=r"page 2: text in the vendor table drawn from a font of signs "
                                          r"\(at 324 pt from the left, 436 pt from the top: '8'\)"):
        extract_pdf(DINGBAT_TYPE3.read_bytes(), "doc.pdf")
