"""Pages made by other hands, round 16 (a hunt of 55 variants of 2025-05-07's page and print; each
case checked in the system Chromium 156: screenshots, and the cells' innerText through the DOM).
Once published wrong with exit 0, here on the 2025-10-22 page:

- a state pseudo-class matched from attributes: cssselect2 takes `:checked`, `:enabled`,
  `:disabled` and `:link` from attributes alone, where a browser keeps the state the HTML
  Standard sets (one radio of a group checked, a single <select>'s first option selected by
  default, a link never :enabled, a <link> element never :link): a rule hiding the 1 of
  `132*Ascend` was applied where Chromium does not apply it, or the reverse;
- a table of its own after the vendor table, with the same header rows and a label, heading or
  note before it (`<p>表2 已下线模型</p>`, `<h4>已下线模型</h4>`, `下表为已下线模型`): its rows (a
  retired model) were stitched on as the vendor table's;
- text cut sideways by a box of a definite width clipping its overflow (`width: 1.12em` shows
  `13` of 132; aligned to its end by a flex container, the 1 overflows at its start, where no
  scroll bar reaches: `32*Ascend`);
- an emphasis mark (`text-emphasis: '1'` draws a small 1 over the 3 of 32)."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError, LayoutError, SourceError
from test_other_hands_round12 import on_value

HIDES_THE_ONE = '<span class="k">1</span>32*Ascend'


def value_read(page: str) -> str:
    """The text read from row 5, column 4 (the first 32*Ascend of the page)."""
    grid, _, _ = read(page)
    return next(c.text for c in grid.cells if c.place.row == 5 and c.place.col == 4)


@pytest.mark.parametrize(("markup", "rule"), [
    ('<input type="radio" name="v" id="ta" checked hidden><input type="radio" name="v" checked hidden>' + HIDES_THE_ONE,
     "td:has(#ta:checked) .k{display:none}"),
    ('<select hidden><option>a</option><option>b</option></select>' + HIDES_THE_ONE,
     "td:has(option:checked) .k{display:none}"),
    ('<select hidden><optgroup disabled><option>a</option></optgroup></select>' + HIDES_THE_ONE,
     "td:has(option:disabled) .k{display:none}"),
    (f'<a href="#x">{HIDES_THE_ONE}</a>', "a:enabled .k{display:none}"),
])
def test_a_rule_on_a_form_or_link_state_is_checked_not_applied(markup, rule):
    """Catches: each rule applied from the attributes (32 published where Chromium shows 132,
    or 132 where it shows 32)."""
    with pytest.raises(SourceError, match=r"may hide, mark or add text to the table's <span> elements"):
        read(with_sheet(rule, on_value(markup)))


def test_link_matches_links_as_a_browser_does():
    """Catches: `:link` matching a <link href> (Chromium: an <a> or <area> with an href only):
    the 1 hidden, 32 published where Chromium shows 132. A link's own :link still applies."""
    assert value_read(with_sheet("link:link ~ .k{display:none}",
                                 on_value('<link rel="preload" href="x.css">' + HIDES_THE_ONE))) == "132*Ascend"
    assert value_read(with_sheet("a:link .k{display:none}", on_value(f'<a href="#x">{HIDES_THE_ONE}</a>'))) == \
        "32*Ascend"


TABLE_END = PAGE_HTML.index("</table>") + len("</table>")
HEADER = PAGE_HTML[PAGE_HTML.index("<thead"):PAGE_HTML.index("</thead>") + len("</thead>")]
FIRST_BLOCK = re.search(r"<tbody>\s*(<tr.*?</tr>\s*<tr.*?</tr>)", PAGE_HTML, re.S)[1]  # llama3.1-8b: two rows
RETIRED = f"<table>{HEADER}<tbody>{FIRST_BLOCK.replace('llama3.1-8b', 'llama2-7b')}</tbody></table>"


def with_table_after(between: str) -> str:
    return PAGE_HTML[:TABLE_END] + between + RETIRED + PAGE_HTML[TABLE_END:]


@pytest.mark.parametrize("between", ["<p><b>表2 </b>已下线模型</p>", "<p>表2 已下线模型</p>",
                                     '<h4 class="sectiontitle">已下线模型</h4>', "<p>下表为已下线模型，仅供参考：</p>"])
def test_a_table_labelled_as_its_own_after_the_vendor_table_is_an_error(between):
    """Catches: the retired model's rows published as the release's (1,354 rows for 1,350)."""
    with pytest.raises(SourceError, match=r"2 tables look like the vendor table \(#1, #2 of 2\)"):
        read(with_table_after(between))


@pytest.mark.parametrize("between", ["", "<p>续表</p>", "<p>表1 模型最小卡数配置（续）</p>"])
def test_a_part_after_nothing_or_a_continuation_mark_continues_the_table(between, reference):
    """What must not be refused: a split table's next part, its header repeated, after nothing
    but a continuation mark: its block read as the first part's llama3.1-8b block is."""
    _, _, tidy = read(with_table_after(between))
    added = (tidy.frame["model"] == "llama2-7b").sum()
    assert added == (reference[1]["model"] == "llama3.1-8b").sum() > 0 and len(tidy.frame) == 1350 + added


@pytest.mark.parametrize(("markup", "named"), [
    ('<span style="display:inline-block;width:1.12em;overflow:hidden;white-space:nowrap">132*Ascend</span>',
     "width: 1.12em; overflow-x: hidden"),
    ('<span style="display:inline-block;max-width:20px;overflow:clip;white-space:nowrap">132*Ascend</span>',
     "max-width: 20px; overflow-x: clip"),
    ('<span style="display:flex;justify-content:flex-end;width:4.8em;overflow:hidden"><span>132*Ascend</span></span>',
     "width: 4.8em; overflow-x: hidden"),
    ('<span style="display:flex;justify-content:flex-end;width:4.8em;overflow-x:auto"><span>132*Ascend</span></span>',
     "width: 4.8em; overflow-x: auto"),
    # round 17: sized by its container, or its items overflowing it
    ('<span style="display:flex"><span style="flex:0 0 17.8px;overflow:hidden;white-space:nowrap">132*Ascend</span></span>',
     "flex: 0 0 17.8px; overflow-x: hidden"),
    ('<span style="display:grid;grid-template-columns:17.8px"><span style="overflow:hidden;white-space:nowrap">132*Ascend'
     '</span></span>', "grid-template-columns: 17.8px; overflow-x: hidden"),
    ('<span style="display:grid;grid-template-columns:79.2px;overflow:hidden"><span style="justify-self:end;'
     'white-space:nowrap">132*Ascend</span></span>', "display: grid; overflow-x: hidden"),
    ('<span style="display:inline-block;max-width:90%;overflow:hidden">132*Ascend</span>', "max-width: 90%; overflow-x: hidden"),
])
def test_a_box_of_a_set_width_clipping_its_text_is_an_error(markup, named):
    """Catches: 132 published where Chromium shows 13 (cut at the end) or 32*Ascend (cut at the
    start, which no scroll bar reaches)."""
    with pytest.raises(LayoutError, match=r"row 5, column 4: <span> draws cells out of the table's order \(" +
                       re.escape(named)):
        read(on_value(markup))


@pytest.mark.parametrize("markup", ['<span style="display:inline-block;width:12em;overflow-x:auto">32*Ascend</span>',
                                    '<span style="display:inline-block;max-width:100%;overflow:hidden">32*Ascend</span>'])
def test_a_scroll_box_or_the_cells_width_is_read(markup, reference):
    """What must not be refused: a scroll box whose text starts at its start (a reader scrolls
    it), a box as wide as the cell at most (the cell is as wide as its text)."""
    same_rows(read(on_value(markup))[2].frame, reference[1])


def test_an_emphasis_mark_is_an_error_naming_it():
    """Catches: `text-emphasis: '1'` drawing a small 1 over the 3 of 32, published as 32."""
    with pytest.raises(CellError, match=r"row 5, column 4: <span> is drawn with `text-emphasis: \"1\"`"):
        read(on_value("<span style=\"text-emphasis:'1'\">3</span>2*Ascend"))


def test_an_emphasis_shape_is_read(reference):
    """What must not be refused: CJK emphasis drawn as a shape (a sesame, a dot over each glyph)."""
    same_rows(read(on_value('<span style="text-emphasis:filled sesame">32</span>*Ascend'))[2].frame, reference[1])


TABLE_START = PAGE_HTML.index("<table")
TABLE = PAGE_HTML[TABLE_START:TABLE_END]


@pytest.mark.parametrize(("sheet", "copy"), [
    ("", f"<div hidden>{TABLE}</div>"),
    (".m{display:none} @media (max-width: 768px) {.m{display:block} .d{display:none}}", f'<div class="m">{TABLE}</div>'),
])
def test_a_copy_of_the_table_a_browser_does_not_draw_is_left_out(sheet, copy, reference):
    """Catches an over-refusal (round 16): a second copy of the table for phones, hidden on
    desktops, made the page an error ('2 tables look like the vendor table') though Chromium
    shows one table. Its values differ here (32 written 99), so reading it would show."""
    page = PAGE_HTML[:TABLE_START] + copy.replace(">32*Ascend<", ">99*Ascend<") + PAGE_HTML[TABLE_START:]
    page = page.replace(TABLE, f'<div class="d">{TABLE}</div>', 1) if sheet else page
    assert page.count(">99*Ascend<") > 0
    same_rows(read(with_sheet(sheet, page) if sheet else page)[2].frame, reference[1])
