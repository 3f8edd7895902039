"""Shortcuts the PDF reader takes for speed, each pinned to the rule it stands for on the real
prints of each producer: the shortcut must answer as the rule does."""
from __future__ import annotations

import pdfplumber
import pytest

from conftest import FIXTURES, RAW
from pipeline.extract.pdf_cells import char_lines, line_text, marks, marks_by_rule, shows_text

# one print of each producer and kind (NOTES.md), and the releases' own
PRINTS = [FIXTURES / "pdf" / f"{name}.pdf" for name in (
    "libreoffice-writer", "weasyprint", "reportlab-rects", "chromium-type3-2025-05-07", "breaks-chromium-a5-26",
    "guide-2025-10-22", "marks-2025-05-07")] + sorted(RAW.glob("*/doc.pdf"))


@pytest.mark.parametrize("path", PRINTS, ids=lambda p: p.parent.name if p.name == "doc.pdf" else p.stem)
def test_the_shortcuts_answer_as_the_rules_on_every_line_of_a_print(path):
    """On the first page of each print:
    - marks() answers at once for a line whose glyphs are all full size (MARK_SIZE of the largest) on
      one baseline: none is a mark. Catches: that answer differing from the rule's (marks_by_rule).
    - char_lines() drops the lines whose text is empty, told by shows_text() without setting the text.
      Catches: the two differing on any line (the page's glyphs one line each as well, spaces alone
      among them, so that lines without text are asked too)."""
    with pdfplumber.open(path) as pdf:
        chars = pdf.pages[0].chars
    lines = char_lines(chars)
    assert [marks(line) for line in lines] == [marks_by_rule(line, max(ch["size"] for ch in line)) for line in lines]
    alone = [[ch] for ch in chars] + [[ch for ch in chars if not ch["text"].strip()][:5]] + lines
    alone = [line for line in alone if line]
    assert any(not line_text(line) for line in alone)
    assert [shows_text(line) for line in alone] == [bool(line_text(line)) for line in alone]


def test_the_rule_is_asked_where_a_line_has_marks():
    """On the print with a superscript `1` and a subscript `2` (tools/print_hidden.py) lines have marks:
    the test above compares the shortcuts with the rules on lines that have marks, not only on lines
    that have none."""
    with pdfplumber.open(FIXTURES / "pdf" / "marks-2025-05-07.pdf") as pdf:
        lines = char_lines(pdf.pages[0].chars)
    marked = [ch["text"] for line in lines for ch, mark in zip(line, marks(line)) if mark]
    assert "1" in marked and "2" in marked
