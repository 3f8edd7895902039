"""PDFs made by other hands, round 22 (session 54).

- **A blank glyph that fills no path** (hunt 179): matplotlib writes fonts as Type 3 by default
  (`pdf.fonttype: 3`), and its /space glyph's program is `300 0 0 0 0 0 d1 f`: a fill of a path
  never built, which paints nothing. The rule that a blank read (a space) must not paint (a white box
  or a stroke over the glyphs beside it) took the `f` for paint and refused every such print. A
  glyph program paints a path only where it builds one (pdf_encodings.paints); a fill of a built
  path is still refused.
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

PRINT = Path(__file__).parent / "fixtures" / "pdf" / "matplotlib-type3-2025-10-22.pdf"


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
