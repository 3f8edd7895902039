"""Pages made by other hands, round 35 (session 48; hunt 136's open case and hunts 137-139).

- **A bullet on a line of its own** (hunt 136): a closed <details> with an empty <summary> in a
  value cell draws its disclosure triangle on a line between `3` and `*Ascend`, and 3 was
  published. A list item's bullet (a disc, a circle, a square, a disclosure triangle) is now part
  of what is drawn: beside the item's text, or above or below all of the cell's text, a reader reads
  past it, as before; alone on a line between two lines of text it keeps them apart, and the cell
  is an error (a value or a name holds no sign)."""
from __future__ import annotations

import json

import pytest

from chromium import evaluated_on
from page_variants import PAGE_HTML, read, reference, with_sheet  # noqa: F401 (reference is a fixture)
from pipeline.errors import CellError, HeaderError, LayoutError
from test_other_hands_round31 import CELL, VALUE


def with_value(markup: str) -> str:
    """The page with the cell's 4*Ascend written as 3, `markup`, then *Ascend."""
    return PAGE_HTML.replace(VALUE, f'id="{CELL}">3{markup}*Ascend<')


# The line between the two: its top below the 3's bottom and its bottom above *Ascend's top, and
# the marker the summary draws on it (Chromium's sheet: a list item, its marker the triangle).
A_LINE_BETWEEN = """() => {
  const cell = document.getElementById(%r).closest('td'), line = cell.querySelector('summary, li');
  const texts = [], walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.data.trim()) texts.push(node);
  const box = (node) => { const r = document.createRange(); r.selectNodeContents(node);
                          return r.getBoundingClientRect(); };
  const three = box(texts.find(t => t.data.trim() === '3')), ascend = box(texts.find(t => t.data.trim() === '*Ascend'));
  const drawn = line.getBoundingClientRect(), style = getComputedStyle(line);
  return [drawn.height > 0 && three.bottom <= drawn.top + 0.5 && drawn.bottom <= ascend.top + 0.5,
          style.display, style.listStyleType];
}""" % CELL

BULLETS_ALONE = {  # each drawn by Chromium 156 on a line of its own between 3 and *Ascend
    "a closed details, its summary empty": ("<details><summary></summary>16</details>", "disclosure-closed"),
    "an open details, its summary empty": ("<details open><summary></summary></details>", "disclosure-open"),
    "an empty list item": ("<ul><li></li></ul>", "disc"),
}


@pytest.mark.parametrize("markup, marker", BULLETS_ALONE.values(), ids=BULLETS_ALONE)
def test_a_bullet_drawn_on_a_line_of_its_own_in_a_value_is_an_error(browser, markup, marker):
    """Catches (hunt 136): the bullet drawn alone between `3` and `*Ascend` read as nothing, and 3
    published. (The premise checked: Chromium draws the item as a list item, on a line between.)"""
    assert evaluated_on(browser, with_value(markup), A_LINE_BETWEEN) == [True, "list-item", marker]
    with pytest.raises(CellError, match=r"'3\\n•\\n\*Ascend' is not a unit count"):
        read(with_value(markup))


def test_a_bullet_beside_its_items_text_is_read_past(reference):
    """A value written as a one-item list reads as the value, its bullet beside it, as before."""
    html = PAGE_HTML.replace(VALUE, f'id="{CELL}"><ul><li>4*Ascend</li></ul><')
    _, _, tidy = read(html)
    assert tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])


def test_an_empty_item_without_a_marker_draws_nothing_between():
    """`list-style: none` (the usual way pages take the triangle away): nothing is drawn on the
    summary's line, and the value is the two lines read as one, as before."""
    html = with_value('<details><summary style="list-style:none"></summary></details>')
    grid, _, _ = read(html)
    assert any(cell.text == "3\n*Ascend" for cell in grid.cells)


# --- hunt 137: boxes that cut their text, declared in ways the reader did not read ------------------

VALUE_128 = "modelarts_llm_train_590804__p0717"  # 128*Ascend: qwen3_moe-235B_A22B, lora, 4096, MindSpeed-LLM, Snt9b
OPENING_128 = f'<p id="{VALUE_128}">'
assert PAGE_HTML.count(OPENING_128) == 1


def styled_128(style: str) -> str:
    return PAGE_HTML.replace(OPENING_128, f'<p id="{VALUE_128}" style="{style}">')


# Each erases the value: Chromium 156 draws the <p> 0px high (or its lines 0px high) and cuts what
# overflows it, and nothing is left to scroll to; 128 was published with exit 0.
ERASED = {
    "max-block-size with overflow hidden": "overflow: hidden; max-block-size: 1px",
    "block-size 0 with overflow clip": "overflow: clip; block-size: 0",
    "overflow-block hidden, line-height 0": "overflow-block: hidden; line-height: 0",
    "container-type size, overflow hidden": "container-type: size; overflow: hidden",
    "the container shorthand's size type": "container: box / size; overflow: hidden",
    "a scroll box of lines 0px high": "overflow: auto; line-height: 0",
    "clip-path border-box, line-height 0": "clip-path: border-box; line-height: 0",
    "clip-path inset(0), line-height 0": "clip-path: inset(0); line-height: 0",
}
SET_BY_ITS_WIDTH = "overflow: hidden; aspect-ratio: 80"  # 2px high in a cell of the page
# The premise: the <p>'s box is 0-1px high, what it shows of its content as high (a scroll box shows its
# overflow in that height), and it cuts what overflows (its overflow, or a clip-path): Chromium's own values.
HIGH_AND_CUT = """() => {
  const p = document.getElementById(%r), s = getComputedStyle(p);
  return [p.getBoundingClientRect().height, p.clientHeight, s.overflowY, s.clipPath];
}""" % VALUE_128


@pytest.mark.parametrize("style", ERASED.values(), ids=ERASED)
def test_a_value_erased_by_its_box_is_an_error(browser, style):
    """Catches (hunt 137): logical sizes and overflow (block-size, max-block-size, overflow-block)
    were not read as the height and overflow they are in horizontal writing; a size container's
    size containment (container-type) was not; a scroll box was taken to show what a reader
    scrolls to though its lines are 0px high; a clip-path to a box was taken to clip nothing. Each
    erased 128*Ascend in Chromium and 128 was published."""
    height, shown, overflow, clip_path = evaluated_on(browser, styled_128(style), HIGH_AND_CUT)
    assert height <= 1 and shown <= 1
    assert overflow in ("hidden", "clip", "auto") or clip_path != "none"
    with pytest.raises(CellError, match=r"row 67, column 4: '\[128\*Ascend\]' is not a unit count"):
        read(styled_128(style))


INDENTED_INTO_THE_PADDING = {  # the first glyph drawn in the padding, which the box cuts off: 28*Ascend
    "overflow-clip-margin content-box": ("overflow: clip; overflow-clip-margin: content-box; padding-left: 1em; "
                                         "text-indent: -1.2ch", "overflow-clip-margin: content-box"),
    "clip-path content-box": ("clip-path: content-box; padding: 0 6px; text-indent: -10px", "clip-path: content-box"),
}
FIRST_GLYPH_PAST_THE_CONTENT_BOX = """() => {
  const p = document.getElementById(%r), s = getComputedStyle(p), r = document.createRange();
  r.setStart(p.firstChild, 0); r.setEnd(p.firstChild, 1);
  return r.getBoundingClientRect().left < p.getBoundingClientRect().left + parseFloat(s.paddingLeft) - 1;
}""" % VALUE_128


@pytest.mark.parametrize("style, declaration", INDENTED_INTO_THE_PADDING.values(), ids=INDENTED_INTO_THE_PADDING)
def test_text_indented_past_a_box_clipping_at_its_content_edge_is_an_error(browser, style, declaration):
    """Catches (hunt 137): a box clipping at its content box gives its padding no room, and a
    negative text-indent into that padding is cut off: Chromium drew 128*Ascend as 28*Ascend and
    128 was published. (An indent within the padding of a box clipping at its padding box, the
    default, still reads.)"""
    assert evaluated_on(browser, styled_128(style), FIRST_GLYPH_PAST_THE_CONTENT_BOX)
    with pytest.raises(CellError, match=rf"<p> is drawn with `{declaration}`, which may change what its text shows"):
        read(styled_128(style))


@pytest.mark.parametrize("style", ["overflow: clip; padding-left: 1em; text-indent: -1.2ch", "clip-path: border-box",
                                   "inline-size: 300px", "overflow: clip; overflow-clip-margin: content-box",
                                   "overflow: auto; max-block-size: 200px"])
def test_boxes_that_cut_nothing_of_the_value_still_read(reference, style):
    """The same properties where they cut nothing: the page reads whole."""
    _, _, tidy = read(styled_128(style))
    assert tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])


def test_a_value_in_a_box_whose_height_its_width_sets_is_an_error(browser):
    """Catches (hunt 137): `aspect-ratio` sets the <p>'s height from its width, which no layout here
    works out; Chromium drew it about 2px high, its overflow hidden, and 128 was published. Its
    height is taken as set (what it cuts is not told): an error naming it."""
    height, shown, overflow, _ = evaluated_on(browser, styled_128(SET_BY_ITS_WIDTH), HIGH_AND_CUT)
    assert height < 4 and shown < 4 and overflow == "hidden"
    with pytest.raises(LayoutError, match=r"row 67, column 3: <p> draws cells out of the table's order \(aspect-ratio: 80; "
                                          r"overflow: hidden\)"):
        read(styled_128(SET_BY_ITS_WIDTH))


SECOND_LINE_OF_A_NAME = '<p id="modelarts_llm_train_590804__p0256">1.5b</p>'  # of the cell `qwen2.5-` / `1.5b`


def test_the_end_of_a_model_name_cut_by_its_logical_size_is_an_error(browser):
    """Catches (hunt 137): `overflow: hidden; max-block-size: 0` on the second line of the vendor's
    `qwen2.5-` / `1.5b` showed only `qwen2.5-`, and its rows were published as qwen2.5-1.5b."""
    hidden = PAGE_HTML.replace(SECOND_LINE_OF_A_NAME, SECOND_LINE_OF_A_NAME.replace(
        "<p ", '<p style="overflow: hidden; max-block-size: 0" ', 1))
    assert evaluated_on(browser, hidden, "() => document.getElementById('modelarts_llm_train_590804__p0256')"
                                         ".getBoundingClientRect().height") == 0
    with pytest.raises(CellError, match=r"qwen2\.5-\\n\[1\.5b\]"):
        read(hidden)


WRAPPERS_HIDING_THE_TABLE = {  # the vendor's own wrapper of the table: Chromium shows none or two rows of it
    "a size container scrolling across": ".tablenoborder { overflow-x: auto; container-type: size }",
    "max-block-size, overflow-y hidden": ".tablenoborder { max-block-size: 300px; overflow-y: hidden }",
}


@pytest.mark.parametrize("css", WRAPPERS_HIDING_THE_TABLE.values(), ids=WRAPPERS_HIDING_THE_TABLE)
def test_a_wrapper_hiding_the_table_by_its_logical_size_or_containment_is_an_error(css):
    """Catches (hunt 137): all 1,350 rows were published where Chromium shows the table's wrapper
    0px high (a size container) or 300px high with the rest cut off."""
    with pytest.raises((CellError, HeaderError, LayoutError)):
        read(with_sheet(css))


# --- hunt 140: round 35's rules by other routes, and what they refused wrongly --------------------------

TD_128 = f"td:has(> #{VALUE_128})"
INHERITED_FROM_THE_CELL = {  # the effect declared on the cell, the value's <p> taking it by `inherit`
    "container-type": f"{TD_128}{{container-type:size}} #{VALUE_128}{{container-type:inherit; overflow:hidden}}",
    "clip-path": f"{TD_128}{{clip-path:border-box}} #{VALUE_128}{{clip-path:inherit; line-height:0}}",
    "max-block-size": f"{TD_128}{{max-block-size:0}} #{VALUE_128}{{max-block-size:inherit; overflow:hidden}}",
    "max-height (refused by no rule before)": f"{TD_128}{{max-height:0}} #{VALUE_128}{{max-height:inherit; overflow:hidden}}",
}


@pytest.mark.parametrize("css", INHERITED_FROM_THE_CELL.values(), ids=INHERITED_FROM_THE_CELL)
def test_a_property_not_inherited_taken_by_inherit_is_the_parents(browser, css):
    """Catches (hunt 140): `inherit` on a property that is not inherited (overflow, heights,
    clip-path, containment) was read as nothing, so a cell's clip reached its value's box unseen:
    Chromium drew the <p> 0px high, and 128 was published. It is the parent's value."""
    height, shown, _, _ = evaluated_on(browser, with_sheet(css), HIGH_AND_CUT)
    assert height <= 1 and shown <= 1
    with pytest.raises(CellError, match=r"row 67, column 4: '\[128\*Ascend\]' is not a unit count"):
        read(with_sheet(css))


CUT_OTHERWISE = {  # each drawn by Chromium as 28*Ascend or as nothing (hunt 140's screenshots and measures)
    "a shape in the content box": (f"#{VALUE_128}{{clip-path:inset(0) content-box; padding:0 6px; text-indent:-10px}}",
                                   r"`clip-path: inset\(0\) content-box`"),
    "aspect-ratio on a scroll box": (f"#{VALUE_128}{{overflow:auto; aspect-ratio:80}}", r"aspect-ratio: 80; overflow: auto"),
    "a ::before pulling the text past a clip": (f"#{VALUE_128}{{overflow:hidden}} #{VALUE_128}::before{{content:''; "
                                                "margin-left:-10px}", r"::before margin-left: -10px"),
    "a row clipping cells that span rows": ("tr{clip-path:inset(0)} td{vertical-align:middle}",
                                            r"clip-path: inset\(0\) \(on a row whose cells span the rows below"),
}


@pytest.mark.parametrize("css, named", CUT_OTHERWISE.values(), ids=CUT_OTHERWISE)
def test_text_cut_by_round_35s_effects_by_other_routes_is_an_error(css, named):
    """Catches (hunt 140): each was published whole (128, or every model name) where Chromium cuts
    the value to 28 or erases it."""
    with pytest.raises((CellError, LayoutError), match=named):
        read(with_sheet(css))


@pytest.mark.parametrize("blank", ["&#8203;", "&shy;", "\u2060", "\ufeff"])
def test_a_bullet_of_an_item_holding_only_characters_drawn_as_nothing_is_an_error(blank):
    """Catches (hunt 140): a list item holding only a zero-width character took it for text beside
    its bullet; Chromium draws 3 / • / *Ascend, and 3 was published."""
    with pytest.raises(CellError, match=r"'3\\n•\\n.*\*Ascend' is not a unit count"):
        read(with_value(f"<ul><li>{blank}</li></ul>"))


NAME_CELL = '<p id="modelarts_llm_train_590804__p0255">qwen2.5-</p><p id="modelarts_llm_train_590804__p0256">1.5b</p>'
READ_WHOLE = {  # Chromium draws each as the page (hunt 140's screenshots)
    "a compact table in a scroll wrapper": (".tablenoborder{overflow-x:auto; font-size:10px; line-height:12px}", None),
    "a wrapper's line-height reset on the table": (".tablenoborder{overflow-x:auto; line-height:0} table{line-height:1.5}",
                                                   None),
    "values in small scroll boxes": ("td p{overflow-x:auto; font-size:11px; line-height:12px}", None),
    "a model name as a list of paragraphs": ("", '<ul><li><p>qwen2.5-</p></li><li><p>1.5b</p></li></ul>'),
}


@pytest.mark.parametrize("css, name_cell", READ_WHOLE.values(), ids=READ_WHOLE)
def test_what_round_35s_rules_refused_wrongly_reads(reference, css, name_cell):
    """Catches (hunt 140) over-refusals of the first version of the rules: a scroll box's floor
    taken from its own line height whatever its font size or the lines of the boxes it holds; a
    bullet taken for alone where its item's text starts in a paragraph."""
    html = with_sheet(css) if css else PAGE_HTML
    if name_cell:
        assert html.count(NAME_CELL) == 1
        html = html.replace(NAME_CELL, name_cell)
    _, _, tidy = read(html)
    assert tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])


def test_a_size_container_a_grid_sizes_reads(reference):
    """Catches (hunt 140): an app shell's scroll area, a grid item with `container-type: size`, taken
    as 0px high (size containment sizes a box as if empty, but the grid's `1fr` row sizes it):
    Chromium draws it 788px high, scrolling the table."""
    import re

    html = with_sheet("body{display:grid; grid-template-rows:auto 1fr auto; height:100vh; margin:0} "
                      ".app-main{container-type:size; overflow:auto}")
    body = re.search(r"<body[^>]*>", html)
    html = html[:body.end()] + "<header>h</header><div class=app-main>" + html[body.end():].replace(
        "</body>", "</div><footer>f</footer></body>")
    _, _, tidy = read(html)
    assert tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])


# --- hunt 138: pages as real tools rewrite them ------------------------------------------------------

def test_states_no_element_of_a_loaded_page_is_in_match_nothing(browser, reference):
    """Catches (hunt 138) over-refusals: Dark Reader's `:-webkit-full-screen`/`:fullscreen` rules, and
    rules on the modal, popover, autofill and view-transition states, were "not decided" and
    refused the page. On a page just loaded, no element is in any of them (Chromium's answer, each
    asked), so a rule on them hides nothing: the page reads whole."""
    from pipeline.extract.css_selectors import NEVER_ON_A_LOADED_PAGE

    names = sorted(NEVER_ON_A_LOADED_PAGE)
    counts = evaluated_on(browser, PAGE_HTML, "() => %s.map(n => document.querySelectorAll(':' + n).length)"
                          % json.dumps(names))
    assert counts == [0] * len(NEVER_ON_A_LOADED_PAGE)
    sheet = " ".join(f":{name} td p {{ color: transparent }}" for name in sorted(NEVER_ON_A_LOADED_PAGE))
    _, _, tidy = read(with_sheet(sheet + " td p:not(:fullscreen) { color: #222 }"))
    assert tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])


def test_a_label_not_drawn_is_not_measured_against_its_column(reference):
    """Catches (hunt 138) an over-refusal: Tablesaw's stack mode adds a label to each cell, set 30%
    wide and `display: none !important` on desktops; its width was checked against its text ("may
    be drawn past its column") though Chromium draws no label."""
    sheet = (".tablesaw-cell-label{display:inline-block;width:30%} "
             "@media (min-width: 40em){.tablesaw-cell-label{display:none !important}}")
    html = with_sheet(sheet).replace(OPENING_128, OPENING_128 + '<b class="tablesaw-cell-label">MindSpeed-LLM规格卡数</b>')
    _, _, tidy = read(html)
    assert tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])


def test_rows_the_page_does_not_draw_are_a_warning():
    """Catches (hunt 138) a release cut short in silence: a table shown ten rows a page behind a
    pager (the rest `display: none`) published 200 of 1,350 rows with "0 warnings". The rows a
    reader sees are read, as before, and the run warns that rows holding text were left out."""
    import re

    from pipeline.extract.html import extract_html

    starts = [m.start() for m in re.finditer(r'<tr id="modelarts_llm_train_590804__row', PAGE_HTML)]
    html = PAGE_HTML
    for at in reversed(starts[12:]):
        html = html[:at] + '<tr style="display:none"' + html[at + 3:]
    grid, _ = extract_html(html.encode(), "page.html")
    assert grid.warnings == (f"{len(starts) - 12} row(s) of the vendor table hold text the page does not draw "
                             "(display: none, visibility: collapse or hidden) and are left out, as a reader sees the "
                             "table: a table shown a page at a time, or rows an editor hid",)
    assert extract_html(PAGE_HTML.encode(), "page.html")[0].warnings == ()
