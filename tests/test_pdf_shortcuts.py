"""Shortcuts the PDF reader takes for speed, each pinned to the rule it stands for on the real
prints of every producer: the shortcut must answer as the rule does."""
from __future__ import annotations

import pdfplumber
import pytest

from conftest import FIXTURES, RAW
from pipeline.extract.pdf_cells import char_lines, marks, marks_by_rule

PRINTS = sorted((FIXTURES / "pdf").glob("*.pdf")) + sorted(RAW.glob("*/doc.pdf"))


@pytest.mark.parametrize("path", PRINTS, ids=lambda p: p.parent.name if p.name == "doc.pdf" else p.stem)
def test_a_line_of_full_size_glyphs_on_one_baseline_has_no_marks(path):
    """marks() answers at once for a line whose glyphs are all full size (MARK_SIZE of the largest) on
    one baseline: none is a mark. Catches: that answer differing from the rule's (marks_by_rule) on any
    line of the first page of each print."""
    with pdfplumber.open(path) as pdf:
        lines = char_lines(pdf.pages[0].chars)
    assert [marks(line) for line in lines] == [marks_by_rule(line, max(ch["size"] for ch in line)) for line in lines]


def test_the_rule_is_asked_where_a_line_has_marks():
    """On the print with a superscript `1` and a subscript `2` (tools/print_hidden.py) lines have marks:
    the test above compares the shortcut with the rule on lines that have marks, not only on lines
    that have none."""
    with pdfplumber.open(FIXTURES / "pdf" / "marks-2025-05-07.pdf") as pdf:
        lines = char_lines(pdf.pages[0].chars)
    marked = [ch["text"] for line in lines for ch, mark in zip(line, marks(line)) if mark]
    assert "1" in marked and "2" in marked
