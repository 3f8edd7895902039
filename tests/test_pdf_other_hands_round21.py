"""PDFs made by other hands, round 21 (session 53).

- **Words the layout hyphenated** (hunt 178): WeasyPrint's `hyphens: auto` breaks a model's name
  where it wraps in a narrow column and draws U+2010 at the line's end (`Deep‐` / `Seek-` / `V3/R1`);
  the tool read it as the hyphen-minus of a name broken after its own hyphen (the vendor's
  `qwen2.5-` / `1.5b`) and published `Deep-Seek-V3/R1` and `mix-tral-8x7b`, exit 0. A cell's line
  ending in U+2010 is an error now (pdf_stitch.check_not_hyphenated): the hyphenation's mark and a
  name's own hyphen written U+2010 print alike.
"""
from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf

PRINT = Path(__file__).parent / "fixtures" / "pdf" / "weasyprint-hyphens-auto-2025-05-07.pdf"


def test_the_print_draws_u2010_where_weasyprint_hyphenated():
    """The premise: the page printed holds the names whole and no U+2010; the print draws U+2010
    at the end of the lines where the names wrap."""
    html = PRINT.with_suffix(".html").read_text(encoding="utf-8")
    assert "DeepSeek-V3/R1" in html and "mixtral-8x7b" in html and "\u2010" not in html
    with pdfplumber.open(PRINT) as pdf:
        words = [w["text"] for page in pdf.pages for w in page.extract_words()]
    assert "Deep\u2010" in words and "mix\u2010" in words


def test_a_word_the_layout_hyphenated_is_refused():
    """Catches (hunt 178): `mix-tral-8x7b` and `Deep-Seek-V3/R1` published, exit 0."""
    with pytest.raises(LayoutError, match=r"page 5, row 41, column 1: 'mix\u2010\\n\\ntral-8x7\\nb': a line ends in a "
                                          r"hyphen \(U\+2010\)"):
        extract_pdf(PRINT.read_bytes(), PRINT.name)
