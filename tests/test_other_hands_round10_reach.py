"""Pages made by other hands, round 10: tables out of reach, boxes of their own. Each case was
checked in the system Chromium 156 (Playwright, /usr/bin/chromium: the wheel over the table,
hit-testing the last row, computed styles, screenshots), and the reach and the display rules are
re-probed there by the tests below.

Once published with exit 0, every row: the page that cannot scroll (`html,body{height:100%;
overflow:hidden}`, `overflow: clip`: only the first screen is ever seen), the table's wrapper fixed
just below the window (`position:fixed; top:100vh`). Once published 132 where Chromium draws a push
button labelled 1 before 32*Ascend (`<button>1</button>32*Ascend`) or 1 on a line of its own
(`display: block ruby`). Once refused though Chromium draws them inline: `display: run-in` and
`display: ruby-base` (values Chromium does not accept)."""
from __future__ import annotations

import pytest

from chromium import tab
from conftest import RAW
from page_variants import PAGE_HTML, read, with_sheet
from pipeline.errors import CellError, HeaderError, LayoutError, MincardsError
from test_other_hands_round8 import on_value
from test_other_hands_round9_values import wrapped

OLD_PAGE = (RAW / "2025-05-07" / "page.html").read_text(encoding="utf-8")
QUIRKS_PAGE = PAGE_HTML.replace("<!DOCTYPE html>", "", 1)  # no doctype: the page is drawn in quirks mode
assert QUIRKS_PAGE != PAGE_HTML

# (the page, whether a reader can scroll to the table's last row in Chromium)
REACH = [
    (with_sheet("html,body{height:100%;overflow:hidden}"), False),  # the window cannot scroll
    (with_sheet("html{overflow:clip;height:100%} body{height:100%;overflow:clip}"), False),
    (with_sheet("body{overflow:hidden}"), False),  # <body>'s overflow is the window's
    (with_sheet("html{overflow-y:clip}"), False),
    (wrapped("position:fixed;top:100vh"), False),  # fixed just below the window
    (wrapped("position:fixed;top:0"), False),  # fixed in the window: what is past its bottom, never
    (with_sheet("html,body{height:100%} .help-main{height:50%;overflow:hidden}"), False),  # % of definite heights
    (with_sheet("html,body{height:100%;overflow:hidden} .tablenoborder{overflow:auto}"), False),  # grows: no scroll
    (with_sheet(".tablenoborder{height:100%;overflow:hidden}", QUIRKS_PAGE), False),  # quirks: % of the window
    # (sideways, these cut 2025-10-22's last column off in a 1024px window: round 26; the older table fits)
    (with_sheet("html{overflow-x:hidden}", OLD_PAGE), True),  # overflow-y is then auto
    (with_sheet("html,body{overflow-x:hidden;height:100%}", OLD_PAGE), True),  # <body> scrolls
    (with_sheet("html{overflow:auto} body{overflow:hidden}", OLD_PAGE), True),  # the root's overflow is the window's
    (with_sheet(".tablenoborder{overflow:hidden}", OLD_PAGE), True),  # no definite height: the clearfix
    (with_sheet(".tablenoborder{height:100%;overflow:hidden}", OLD_PAGE), True),  # % of an auto height: auto
    (with_sheet("html,body{height:100%;overflow:hidden} .help-main{height:100%;overflow:auto}"), True),  # a scroller
    (wrapped("position:fixed;inset:0;overflow-y:auto"), True),  # a fixed scroller as high as the window
]

NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
LAST_ROW_SEEN = """() => {
  const rows = [...document.querySelectorAll('tr')].filter(r => r.textContent.includes('Ascend'));
  const cell = rows[rows.length - 1].cells[0], box = cell.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return hit !== null && cell.contains(hit);
}"""
OVER_THE_TABLE = """() => {
  const box = [...document.querySelectorAll('tr')].find(r => r.textContent.includes('Ascend')).getBoundingClientRect();
  return [Math.min(Math.max(box.left + 20, 1), innerWidth - 1), Math.min(Math.max(box.top + 20, 1), innerHeight - 1)];
}"""


def seen_after_scrolling(browser, html: str) -> bool:
    """Whether Chromium shows the table's last row after a reader scrolls with the wheel over the
    table (the box under the pointer scrolls, then those around it and the window): a fresh page
    each time (a new document keeps the scroll position of the last one)."""
    page = browser.new_page(viewport={"width": 1024, "height": 768})  # (its own: the mouse moves in it)
    try:
        page.set_content(html, wait_until="domcontentloaded")  # inline sheets only: nothing to load
        page.mouse.move(*page.evaluate(OVER_THE_TABLE))
        for _ in range(3):  # the box under the pointer, then the boxes around it, then the window
            page.mouse.wheel(0, 1_000_000)
            page.evaluate(NEXT_FRAMES)  # the wheel handled and drawn (smooth scrolling is off: no animation)
        return page.evaluate(LAST_ROW_SEEN)
    finally:
        page.close()


def reads(html: str) -> bool:
    try:
        read(html)
    except MincardsError:
        return False
    return True


@pytest.mark.parametrize(("html", "reachable"), REACH, ids=[f"page{i}" for i in range(len(REACH))])
def test_a_table_a_reader_cannot_scroll_to_is_refused_as_in_chromium(html, reachable, browser):
    """Catches: `html,body{height:100%;overflow:hidden}` (Chromium's window does not scroll: the
    wheel and the keys leave it at the top), `overflow: clip`, and the table's wrapper fixed below
    the window published every row. The table is read exactly where Chromium lets a reader scroll
    to its last row: overflow-x alone, a clip without a definite height, an inner scroll box."""
    assert seen_after_scrolling(browser, html) == reachable
    assert reads(html) == reachable


@pytest.mark.parametrize(("html", "declaration"), [
    (REACH[0][0], "height: 100%; overflow: hidden"),
    (REACH[1][0], "height: 100%; overflow: clip"),
    (REACH[2][0], "overflow: hidden on <body>, the window's: it does not scroll"),
    (REACH[3][0], "overflow: clip on <html>, the window's: it does not scroll"),
    (REACH[5][0], "position: fixed"),
    (REACH[6][0], "height: 50%; overflow: hidden"),
    (REACH[7][0], "height: 100%; overflow: hidden"),
    (REACH[8][0], "height: 100%; overflow: hidden"),
])
def test_the_box_that_keeps_the_rows_out_of_reach_is_named(html, declaration):
    """Catches: each page published all its rows. Now a layout error naming the declaration
    that keeps rows out of reach (which rows, this reader does not lay out)."""
    with pytest.raises(LayoutError) as caught:
        read(html)
    assert f"row 1: <table> draws cells out of the table's order ({declaration})" in str(caught.value)


def test_a_table_fixed_past_the_windows_edge_is_out_of_sight():
    """Catches: the wrapper `position:fixed; top:100vh` (Chromium: the table's top at the
    window's bottom, the page 768px high) and `top:800px` (below a 1024 x 768 window) published
    every row. A fixed box at or past the window's edge in a desktop window is never seen: its
    text is out of sight, refused where it is read (the first heading)."""
    for style in ("position:fixed;top:100vh", "position:fixed;top:800px"):
        with pytest.raises(HeaderError, match=r"unrecognised heading '\["):
            read(wrapped(style))


# --- boxes of their own ---------------------------------------------------------------------------

@pytest.mark.parametrize(("markup", "seen"), [
    ("<button>1</button>4*Ascend", "[1] 4*Ascend"),  # a push button labelled 1
    ('<button type="button" style="display:inline">1</button>4*Ascend', "[1] 4*Ascend"),  # still an inline-block
    ('<span style="display:block ruby">1</span>4*Ascend', "1\\n4*Ascend"),  # a block-level ruby container
    ('<span style="display:ruby block">1</span>4*Ascend', "1\\n4*Ascend"),
])
def test_a_button_and_a_block_of_any_two_keyword_display_are_boxes_of_their_own(markup, seen):
    """Catches: `<button>1</button>32*Ascend` (Chromium draws a push button labelled 1 before
    32*Ascend) and `display: block ruby` (1 on a line of its own) published 132. A button is
    set apart like a field's value; the outer display type of a multi-keyword value decides
    whether the box is a block."""
    with pytest.raises(CellError) as caught:
        read(on_value(markup))
    assert f"row 3, column 4: '{seen}' is not a unit count" in str(caught.value)


def read_as(markup: str) -> str:
    """The value cell's text as read, with `markup` in it."""
    grid, _, _ = read(on_value(markup))
    return next(cell.raw_text for cell in grid.cells if cell.raw_text.endswith("4*Ascend"))


@pytest.mark.parametrize("markup", ['<span style="display:run-in">1</span>4*Ascend',
                                    '<span style="display:ruby-base">1</span>4*Ascend'])
def test_displays_chromium_does_not_accept_leave_the_text_inline(markup):
    """Catches: `display: run-in` and `display: ruby-base` read as blocks, a line break between
    1 and 4*Ascend (refused); Chromium drops both values as invalid and draws 14*Ascend."""
    assert read_as(markup) == "14*Ascend"


def test_display_contents_removes_a_replaced_element_and_unwraps_a_button():
    """Catches: `<select style="display:contents">` read as its chosen option, `[1] 4*Ascend`
    (refused); Chromium computes display: contents as none on a replaced element or a form
    control (CSS Display 3, appendix B) and shows 4*Ascend. A <button> keeps it: its children
    are drawn in the line (14*Ascend in Chromium)."""
    assert read_as('<select style="display:contents"><option>1</option></select>4*Ascend') == "4*Ascend"
    assert read_as('<button style="display:contents">1</button>4*Ascend') == "14*Ascend"


DISPLAYS = ["block ruby", "ruby block", "inline ruby", "block flow", "flow-root inline", "inline flow-root",
            "block math", "inline math", "math", "flow", "list-item", "inline list-item", "list-item flow-root",
            "inline flow-root list-item", "block list-item flow", "-webkit-flex", "-webkit-inline-flex", "table inline",
            "grid block", "ruby-text", "run-in", "run-in flow", "ruby-base", "ruby-base-container",
            "ruby-text-container", "inline-list-item", "inline-flow-root", "-ms-flexbox", "-moz-box", "block block",
            "list-item table", "list-item inline block", "block contents", "layout"]


def test_the_display_values_are_chromiums(browser):
    """css_values.display_type accepts what Chromium accepts (CSS.supports) and names the box as
    Chromium computes it (getComputedStyle)."""
    from pipeline.extract.css_values import display_type

    with tab(browser) as page:
        page.set_content("<!DOCTYPE html><span id=s>x</span>")
        found = page.evaluate("vs => vs.map(v => { const s = document.getElementById('s'); s.style.display = v; "
                              "return CSS.supports('display', v) ? getComputedStyle(s).display : null })", DISPLAYS)
    assert {v: display_type(v.split()) for v in DISPLAYS} == dict(zip(DISPLAYS, found))
