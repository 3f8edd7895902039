"""Pages made by other hands, round 42 (session 55): differentials against Chromium's layout.

- **An inline list item's bullet between two parts of a name** (a differential of boxes around part
  of a model name, judged by where Chromium draws each glyph): `glm4-9<span style="display: inline
  list-item">b</span>` is drawn `glm4-9 • b`, the marker between the 9 and the b, a gap of more
  than a space. This reader read an item's bullet as one a reader reads past (the bullet of a list in
  a cell, drawn at the start of its line) and published `glm4-9b`, exit 0. A bullet drawn after text
  on its own line now keeps the two apart (text.between_bullets): the label is refused, and so is
  `3 • 2*Ascend` in a value cell.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from chromium import evaluated_on
from page_variants import read
from pipeline.errors import CellError, LayoutError

PAGE = (Path(__file__).resolve().parents[1] / "raw" / "2025-05-07" / "page.html").read_text(encoding="utf-8")


def in_cell(paragraph_id: str, written: str, markup: str) -> str:
    """The 2025-05-07 page with the cell paragraph `paragraph_id` (which holds `written`) holding `markup`."""
    cell = f'<p id="{paragraph_id}">{written}</p>'
    assert PAGE.count(cell) == 1
    return PAGE.replace(cell, f'<p id="{paragraph_id}">{markup}</p>')


NAME, VALUE = ("modelarts_llm_train_5902044__p0156", "glm4-9b"), ("modelarts_llm_train_5902044__p0021", "32*Ascend")
INLINE_ITEMS = {  # the cell, its markup, what this reader refuses it as
    "a name": (NAME, 'glm4-9<span style="display: inline list-item">b</span>', "'glm4-9 • b' is not a model name"),
    "a value": (VALUE, '3<span style="display: inline list-item">2*Ascend</span>', "'3 • 2\\*Ascend' is not a unit count"),
}
# The gap Chromium draws between the last character before the span and the first in it, in ems
GAP = """() => {
  const span = document.querySelector('p > span'), before = span.previousSibling, range = document.createRange();
  range.setStart(before, before.length - 1); range.setEnd(before, before.length);
  const a = range.getBoundingClientRect();
  range.setStart(span.firstChild, 0); range.setEnd(span.firstChild, 1);
  const b = range.getBoundingClientRect();
  return {gap: (b.left - a.right) / parseFloat(getComputedStyle(span).fontSize), line: Math.abs(b.top - a.top) < 2};
}"""


@pytest.mark.parametrize("case", INLINE_ITEMS)
def test_chromium_draws_an_inline_items_bullet_between_the_parts(browser, case):
    """The premise: the marker is drawn on the line, between the two parts, wider than a space."""
    (paragraph, written), markup, _ = INLINE_ITEMS[case]
    drawn = evaluated_on(browser, in_cell(paragraph, written, markup), GAP)
    assert drawn["line"] and drawn["gap"] > 0.5


@pytest.mark.parametrize("case", INLINE_ITEMS)
def test_an_inline_items_bullet_between_the_parts_keeps_them_apart(case):
    """Catches the bullet read past: `glm4-9b` published for `glm4-9 • b`."""
    (paragraph, written), markup, refused = INLINE_ITEMS[case]
    with pytest.raises(CellError, match=refused):
        read(in_cell(paragraph, written, markup))


@pytest.mark.parametrize("markup", ["<ul><li>glm4-9b</li></ul>", '<span style="display: inline list-item">glm4-9b</span>',
                                    'glm4-9b<span style="display: inline list-item"></span>'],
                         ids=["a list", "an inline item", "an empty item after"])
def test_a_bullet_beside_the_whole_name_is_read_past(markup):
    """What must still be read: a bullet before all of a cell's text, or one after it."""
    frame = read(in_cell(*NAME, markup))[2].frame
    assert (frame.model == "glm4-9b").sum() == (read(PAGE)[2].frame.model == "glm4-9b").sum() > 0


# A ::before or ::after holding text floated past the cell's text as written (the differential's
# case first); the box floated, and where the cell's first character is pushed to by the box drawn
# before it (the premise) or not
FLOATED_PSEUDO = {
    "a dash before the rest of a name, floated left": (".g::before{content:'-';float:left}", "glm<span class=g>4-9b</span>",
                                                       "::before float: left"),
    "a digit after a name's start, floated left": (".g::after{content:'1';float:left}", "<span class=g>glm</span>4-9b",
                                                   "::after float: left"),
}
FIRST_CHARACTER_LEFT = """() => {
  const p = document.getElementById('modelarts_llm_train_5902044__p0156'), range = document.createRange();
  const text = document.createTreeWalker(p, NodeFilter.SHOW_TEXT).nextNode();
  range.setStart(text, 0); range.setEnd(text, 1);
  return (range.getBoundingClientRect().left - p.getBoundingClientRect().left) / parseFloat(getComputedStyle(p).fontSize);
}"""


def with_sheet(sheet: str, markup: str) -> str:
    return in_cell(*NAME, markup).replace("</head>", f"<style>{sheet}</style></head>", 1)


@pytest.mark.parametrize("case", FLOATED_PSEUDO)
def test_chromium_draws_a_floated_generated_text_before_the_cells_text(browser, case):
    """The premise: the first character written in the cell is pushed right by the generated box,
    which is written after it: drawn before it, out of the order written."""
    sheet, markup, _ = FLOATED_PSEUDO[case]
    assert evaluated_on(browser, with_sheet(sheet, markup), FIRST_CHARACTER_LEFT) > \
        evaluated_on(browser, with_sheet("", markup), FIRST_CHARACTER_LEFT) + 0.2


@pytest.mark.parametrize("case", FLOATED_PSEUDO)
def test_a_floated_generated_text_past_the_cells_text_is_an_error(case):
    """Catches `qwen-3-14b` published for a name drawn `-qwen3-14b` (exit 0): the generated text
    read in the order written."""
    sheet, markup, found = FLOATED_PSEUDO[case]
    with pytest.raises(LayoutError, match=f"draws cells out of the table's order \\({found}\\)"):
        read(with_sheet(sheet, markup))


def test_a_clearfix_float_is_read_past():
    """What must still be read: an empty floated box after a cell's text (a clearfix)."""
    frame = read(with_sheet("p::after{content:'';display:table;float:right;clear:both}", "glm4-9b"))[2].frame
    assert (frame.model == "glm4-9b").sum() == (read(PAGE)[2].frame.model == "glm4-9b").sum()
