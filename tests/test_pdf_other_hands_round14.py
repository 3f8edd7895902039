"""Prints made by other hands, round 14 (hunt 107, session 44): Writer page breaks inside merged cells.

LibreOffice Writer, printing the vendor page at 7 pt with a paragraph pushed down, closes qwen2vl-72b's
merged model cell after its first row and leaves the next row's model slot open at the table's left side
and into the cell below. No rule parts that slot from qwen2.5_vl-3b's cell, so the two were joined and
qwen2vl-72b's lora row published as qwen2.5_vl-3b's with exit 0. A slot open at the table's side is no
cell a reader can tell: the side of a table drawn along some rows must be drawn along all of them
(pdf_cells.check_sides_drawn)."""
from __future__ import annotations

import pdfplumber
import pytest

from conftest import FIXTURES
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf

WRITER_OPEN_SLOT = FIXTURES / "pdf" / "writer-closed-after-first-row-2025-10-22.pdf"


def test_writer_leaves_a_slot_open_at_the_left_side_and_into_the_cell_below():
    """The premise, as pdfplumber reads the print's rules on page 3: the left border stops at the
    bottom of qwen2vl-72b's first row and starts again at the top of qwen2.5_vl-3b's, and the rule
    under the open slot starts right of the model column."""
    with pdfplumber.open(WRITER_OPEN_SLOT) as pdf:
        page = pdf.pages[2]
        words = {w["text"]: w for w in page.extract_words()}
        above, below = words["qwen2vl-72b"], words["qwen2.5_vl-3b"]
        left = [e for e in page.edges if e["orientation"] == "v" and e["x0"] < above["x0"]]
        gap = [(round(a["bottom"]), round(b["top"])) for a in left for b in left if 5 < b["top"] - a["bottom"]]
        assert len(gap) == 1 and above["top"] < gap[0][0] < gap[0][1] < below["top"]
        under = [e for e in page.edges if e["orientation"] == "h" and abs(e["top"] - gap[0][1]) < 1]
        assert under and min(e["x0"] for e in under) > above["x1"]


def test_a_row_open_at_the_tables_side_is_an_error():
    """Catches: the open slot joined to the cell below it, qwen2vl-72b's lora 1024 row published as
    qwen2.5_vl-3b's (exit 0)."""
    with pytest.raises(LayoutError, match=r"page 3, row \d+, column 1: the table's left border is not drawn along "
                                          r"this row \(expected a border drawn along every row\)"):
        extract_pdf(WRITER_OPEN_SLOT.read_bytes(), WRITER_OPEN_SLOT.name)
