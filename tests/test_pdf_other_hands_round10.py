"""Prints made by other hands, round 10 (hunt 60, session 38): a run that never ended on a real
producer's print, where forms share one resource dictionary that names them all again, and the
walks over forms drawn inside forms that could take as long on a print made to."""
from __future__ import annotations

import pdfplumber
import pytest
from pdfminer.pdftypes import PDFStream, resolve1
from pdfminer.psparser import LIT

from conftest import FIXTURES
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.extract.pdf_annots import NESTING, resources_within, shows_or_hides
from pipeline.extract.pdf_encodings import shows_text

TILED = FIXTURES / "pdf" / "bad" / "lo-tiled-watermark-2025-10-22.pdf"


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
