"""PDF round 34 (hunt 131, session 47): prints passed through the tools people use on PDFs
afterwards. The real print raw/2025-05-07/doc.pdf edited by an incremental update, as an editor
saves."""
from __future__ import annotations

import re

import pytest

from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from test_pdf_other_hands_round7 import FOUR, REAL, updated
from test_pdf_text_painted_otherwise import with_four

STAMP = b" BT /F1 14 Tf 40 50 Td (APPROVED) Tj ET"  # Helvetica, in the first page's bottom margin


def test_a_stamp_under_the_table_on_one_page_is_named_as_what_ends_it(tmp_path):
    """Catches the message (hunt 131): a stamp under the table on its first page only keeps the
    table from going on overleaf (the stamp could be text between two tables), and the error
    said "a page missing?" of a whole file. It now names the line under the table that the next
    page does not print."""
    data = with_four(FOUR + STAMP, b"", {}, tmp_path / "t.pdf")
    with pytest.raises(LayoutError, match=r"page 1: the vendor table is left open at the bottom of the page and does "
                                          r"not go on on the next page; under it, 'APPROVED', which the next page does "
                                          r"not print as a running footer, ends it"):
        extract_pdf(data, "doc.pdf")


@pytest.mark.parametrize("encoding", [b"/WinAnsiEncoding", b"/MacRomanEncoding"])
def test_a_named_encoding_on_the_prints_symbolic_font_is_read(encoding, tmp_path):
    """Catches (hunt 133) 'internal error: AttributeError' (exit 3): the print's embedded symbolic
    TrueType font given a named /Encoding, which holds no /Differences. Viewers draw the page as
    before (a symbolic font draws its codes by its own cmap), and every row is read."""
    font = re.search(rb"\n8 0 obj\s*(.*?)endobj", REAL.read_bytes(), re.S)[1].strip()
    assert font.startswith(b"<<") and b"/Encoding" not in font
    data = updated({8: b"<< /Encoding " + encoding + b" " + font[2:]}, tmp_path / "t.pdf")
    rows = normalize(extract_pdf(data, "doc.pdf")[0], "2025-05-07").frame
    reference = normalize(extract_pdf(REAL.read_bytes(), "doc.pdf")[0], "2025-05-07").frame
    assert rows[["model", "strategy", "seq_len", "hardware", "min_units"]].equals(
        reference[["model", "strategy", "seq_len", "hardware", "min_units"]])
