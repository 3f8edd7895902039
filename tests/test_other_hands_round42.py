"""Pages made by other hands, round 42 (session 55): differentials against Chromium's layout.

- **An inline list item's bullet between two parts of a name** (a differential of boxes around part
  of a model name, judged by where Chromium draws each glyph): `glm4-9<span style="display: inline
  list-item">b</span>` is drawn `glm4-9 • b`, the marker between the 9 and the b, a gap of more
  than a space. This reader read an item's bullet as one a reader reads past (the bullet of a list in
  a cell, drawn at the start of its line) and published `glm4-9b`, exit 0. A bullet drawn after text
  on its own line now keeps the two apart (text.between_bullets): the label is refused, and so is
  `3 • 2*Ascend` in a value cell.
- **A `::before` or `::after` holding text floated past the cell's text** (the same differential,
  the box made by a sheet): drawn at the line's edge (`-qwen3-14b`), it was read where written
  (`qwen-3-14b`); an error now, as an element floated so was (html_tables.pseudo_reordered).
- **Hunt 182's reorderings** (fresh eyes on the two rules above): a pseudo box's float given by
  var(), an empty element floated with a `::before` holding the text, a flex container's pseudo
  boxes ordered or in a reversed row, a sticky box in a cell offset inward, and `list-style` read
  without its grammar (a second position word is a counter style: `1.`; three nones are no
  list-style): each published a name or value Chromium draws otherwise, exit 0.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from chromium import evaluated_on, tab
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


# Hunt 182 (fresh eyes on the two rules above): text drawn out of the order written by what those
# rules did not read, each published exit 0 before: (sheet, cell, markup, what Chromium draws in the
# cell read left to right and top to bottom, what the refusal names)
REORDERED = {
    "a float given by var()": (".g{--f:left} .g::before{content:'-';float:var(--f)}", NAME, "glm<span class=g>4-9b</span>",
                               "-glm4-9b", "::before float: left"),
    "an empty element floated with a ::before": (".g{float:left} .g::before{content:'-'}", NAME,
                                                 "glm<span class=g></span>4-9b", "-glm4-9b", "float: left"),
    "an empty element floated in a value": (".g{float:left} .g::before{content:'*'}", VALUE,
                                            "32<span class=g></span>Ascend", "*32Ascend", "float: left"),
    "a flex item's ::before given an order": ("p.x{display:flex} p.x::before{content:'glm4';order:1}", NAME, "-9b",
                                              "-9bglm4", "::before order: 1"),
    "a value's ::before given an order": ("p.x{display:flex} p.x::before{content:'32';order:1}", VALUE, "*Ascend",
                                          "*Ascend32", "::before order: 1"),
    "a reversed flex row of a ::before and text": ("p.x{display:flex;flex-direction:row-reverse} p.x::before{content:'glm4'}",
                                                   NAME, "-9b", "-9bglm4", "flex-direction: row-reverse"),
    "a sticky ::before offset inward": ("p.x::before{content:'3';position:sticky;left:3000px}", VALUE, "2*Ascend",
                                        "2*Ascend3", "::before position: sticky; left: 3000px"),
    "a sticky span offset inward": (".s{position:sticky;left:3000px}", NAME, "<span class=s>glm4</span>-9b", "-9bglm4",
                                    "position: sticky; left: 3000px"),
}


def drawn_in_cell(browser, html: str, paragraph_id: str) -> str:
    """The text Chromium lays out inside the cell of that paragraph (generated text and markers
    too), its boxes read top to bottom and left to right (DOMSnapshot's layout)."""
    with tab(browser) as page:
        page.set_content(html)
        cell = page.evaluate(f"() => document.getElementById('{paragraph_id}').closest('td').getBoundingClientRect().toJSON()")
        session = page.context.new_cdp_session(page)
        snapshot = session.send("DOMSnapshot.captureSnapshot", {"computedStyles": []})
        session.detach()
    strings, layout = snapshot["strings"], snapshot["documents"][0]["layout"]
    boxes = sorted((round(y), x, strings[text]) for (x, y, w, h), text in zip(layout["bounds"], layout["text"])
                   if text >= 0 and strings[text].strip() and cell["x"] <= x + w / 2 <= cell["x"] + cell["width"]
                   and cell["y"] <= y + h / 2 <= cell["y"] + cell["height"])
    return "".join(text.strip() for *_, text in boxes)


def in_cell_styled(sheet: str, cell: tuple[str, str], markup: str) -> str:
    paragraph, written = cell
    return in_cell(paragraph, written, markup).replace(f'<p id="{paragraph}">', f'<p id="{paragraph}" class="x">') \
        .replace("</head>", f"<style>{sheet}</style></head>", 1)


@pytest.mark.parametrize("case", REORDERED)
def test_chromium_draws_the_cell_out_of_the_order_written(browser, case):
    sheet, cell, markup, drawn, _ = REORDERED[case]
    assert drawn_in_cell(browser, in_cell_styled(sheet, cell, markup), cell[0]) == drawn


@pytest.mark.parametrize("case", REORDERED)
def test_a_cell_drawn_out_of_the_order_written_is_an_error(case):
    """Catches each of hunt 182's reorderings published as written (`glm-4-9b` for `-glm4-9b`, 32
    for `*32Ascend` and `2*Ascend 3`)."""
    sheet, cell, markup, _, found = REORDERED[case]
    with pytest.raises(LayoutError, match=re.escape(f"draws cells out of the table's order ({found})")):
        read(in_cell_styled(sheet, cell, markup))


# A list-style read as CSS reads it (hunt 182): a second position word is a counter style's name
# (none Chromium knows: drawn as decimal, `1.`), and three `none` are no list-style (dropped, the
# item keeps its bullet); each was read as no marker at all, so the marker drawn inside the line
# was not seen (`glm4-9b`, 32 published). Chromium's computed list-style-type is the premise.
LIST_STYLES = {
    "a second position word": ("none inside outside", "outside", NAME, "glm4-9<span class=i>b</span>",
                               CellError, r"'glm4-9\[1\.\] b' is not a model name"),
    "three nones": ("none none none", "disc", VALUE, "3<span class=i>2*Ascend</span>", CellError,
                    r"'3 • 2\*Ascend' is not a unit count"),
}


@pytest.mark.parametrize("case", LIST_STYLES)
def test_chromium_reads_the_list_style_so(browser, case):
    written, computed, *_ = LIST_STYLES[case]
    html = f"<style>.i{{display:inline list-item;list-style:{written}}}</style><p>a<span class=i>b</span></p>"
    assert evaluated_on(browser, html, "() => getComputedStyle(document.querySelector('.i')).listStyleType") == computed


@pytest.mark.parametrize("case", LIST_STYLES)
def test_a_marker_a_list_style_draws_inside_the_line_keeps_the_parts_apart(case):
    written, _, cell, markup, error, refused = LIST_STYLES[case]
    with pytest.raises(error, match=refused):
        read(in_cell_styled(f".i{{display:inline list-item;list-style:{written}}}", cell, markup))


@pytest.mark.parametrize("sheet", ["p.x::before{content:'\\200b';float:right}", "p.x{display:flex} p.x::before{content:'';order:1}",
                                   "p.x::before{content:'3';position:sticky;left:-20px}", "p.x{list-style:none inside}"],
                         ids=["a zero-width space floated", "an empty flex item ordered", "a sticky box offset outward",
                              "a list style of none inside"])
def test_what_draws_the_value_in_place_is_read(sheet):
    """What must still be read: boxes that draw nothing, or hold it where written."""
    frame = read(in_cell_styled(sheet, VALUE, "32*Ascend" if "::before{content:'3'" not in sheet else "2*Ascend"))[2].frame
    expected = read(PAGE)[2].frame
    assert frame.min_units.astype("string").fillna("-").tolist() == expected.min_units.astype("string").fillna("-").tolist()
