"""PDFs made by other hands, round 22 (session 54).

- **A blank glyph that fills no path** (hunt 179): matplotlib writes fonts as Type 3 by default
  (`pdf.fonttype: 3`), and its /space glyph's program is `300 0 0 0 0 0 d1 f`: a fill of a path
  never built, which paints nothing. The rule that a blank read (a space) must not paint (a white box
  or a stroke over the glyphs beside it) took the `f` for paint and refused every such print. A
  glyph program paints a path only where it builds one (pdf_encodings.paints); a fill of a built
  path is still refused.
- **A running line under a cell cut at the break** (hunt 181, wrong values with exit 0): a line just
  under the table's bottom rule, set like a cell's text and lined up with a cell left open there,
  is read as that cell's next line (Chromium draws a cut cell's last lines there). A page number
  or footer placed so was joined to it: Chromium's print with a page-number footer under the model
  column published DeepSeek-V3/R1 as DeepSeek-R13, a ReportLab print with `-draft` under every
  page's table published `qwen2.5-14b-draft`. Such a line that is printed at the same height on
  another of the table's pages, the same but for its numbers, is an error now (pdf_glyphs.add_overflow,
  Region.recurs).
"""
from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from pdfminer.pdftypes import resolve1

from pdf_drawing import incremental_update, stream
from pipeline.errors import LayoutError
from pipeline.extract.pdf import extract_pdf
from pipeline.normalize import normalize
from test_pdf_other_hands_round3 import LINEAGE_OF_FORMAT, tidy_html

FIXTURES = Path(__file__).parent / "fixtures" / "pdf"
PRINT = FIXTURES / "matplotlib-type3-2025-10-22.pdf"
FOOTERS = {  # a print: the lines (page, text) at the model column's text x near the pages' feet, and its footer's
    "chromium-footer-page-number-under-open-cell-2025-10-22.pdf": (
        [(1, "1"), (2, "2"), (3, "DeepSee"), (3, "k-V3/R1"), (3, "3"), (4, "4")], {"1", "2", "3", "4"}),
    "reportlab-footer-word-under-open-cell-2025-05-07.pdf": ([(1, "qwen2.5-14b"), (1, "-draft"), (2, "-draft")], {"-draft"}),
}


def space_programs() -> dict[int, bytes]:
    """The programs of the /space glyphs of the print's Type 3 fonts, by object number."""
    found = {}
    with pdfplumber.open(PRINT) as pdf:
        for page in pdf.pages:
            for reference in (resolve1(page.page_obj.resources.get("Font")) or {}).values():
                procs = resolve1(resolve1(reference).get("CharProcs")) or {}
                if "space" in procs:
                    found[procs["space"].objid] = resolve1(procs["space"]).get_data()
    return found


def test_the_space_glyph_fills_no_path():
    """The premise: the space's program declares its width and box, then fills, building no path
    (no m, l, c, v, y or re)."""
    programs = set(space_programs().values())
    assert programs == {b"300 0 0 0 0 0 d1\nf"}
    assert not any(re.search(rb"(?<![A-Za-z])(?:m|l|c|v|y|re)(?![A-Za-z])", p.split(b"d1", 1)[1]) for p in programs)


def test_matplotlibs_type3_print_is_read_whole():
    """Catches the over-refusal: `a blank whose Type 3 glyph /space paints`, for the print of every
    table matplotlib draws with its default fonts."""
    grid, _ = extract_pdf(PRINT.read_bytes(), "doc.pdf")
    assert normalize(grid, "2025-10-22").frame.drop(columns=LINEAGE_OF_FORMAT).equals(tidy_html("2025-10-22"))


def test_a_space_filling_a_path_it_builds_is_still_refused():
    """What must stay refused: the same print, its space's program filling a box it builds (over the
    glyph beside it), saved as an editor saves it."""
    edited = incremental_update(PRINT.read_bytes(), {number: stream(b"", b"300 0 0 0 300 700 d1\n0 0 300 700 re f")
                                                     for number in space_programs()})
    with pytest.raises(LayoutError, match=r"a blank whose Type 3 glyph /space paints"):
        extract_pdf(edited, "doc.pdf")


def words_at_the_left(name: str) -> list[tuple[int, str, float, float]]:
    """(page, text, top, size) of the words of the model column's text x in the lowest 200 pt of
    each page."""
    with pdfplumber.open(FIXTURES / name) as pdf:
        first = min(w["x0"] for w in pdf.pages[0].extract_words() if w["text"].startswith(("llama", "qwen")))
        return [(number, w["text"], round(w["top"], 1), round(w["size"], 1))
                for number, page in enumerate(pdf.pages, start=1)
                for w in page.extract_words(extra_attrs=["size"])
                if abs(w["x0"] - first) < 1 and w["top"] > page.height - 200]


@pytest.mark.parametrize("name", FOOTERS)
def test_the_footer_is_lined_up_under_the_cut_cell(name):
    """The premise: under the cell cut at the break (Chromium: its last line below the rule), lined
    up with its text and in its size, a line that another page prints at the same height."""
    lines, footer = FOOTERS[name]
    found = [w for w in words_at_the_left(name) if w[1] in {text for _, text in lines}]
    assert [(page, text) for page, text, _, _ in found] == lines
    assert len({size for _, _, _, size in found}) == 1
    assert len({top for _, text, top, _ in found if text in footer}) == 1


@pytest.mark.parametrize("name", FOOTERS)
def test_a_running_line_under_a_cut_cell_is_refused(name):
    """Catches (hunt 181): DeepSeek-R13 and qwen2.5-14b-draft published, exit 0."""
    with pytest.raises(LayoutError, match=r"is printed at the same height on another of its pages"):
        extract_pdf((FIXTURES / name).read_bytes(), "doc.pdf")
