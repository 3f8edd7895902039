"""Pages made by other hands, round 26 (hunts 76 and 78, session 40): a box that cuts off what
overflows it sideways, narrower than the table it holds; the table moved or aligned left of the
page; a multi-column box around it.

GitBook's default theme sets its pages' content in `section.markdown-section { overflow: hidden }`
(a float's clearfix) inside `.page-inner { max-width: 800px }`: Chromium draws the vendor table's
model, strategy, sequence length, MindSpeed-LLM and Llama-Factory columns and cuts the rest off in
every window, where no reader scrolls; all 1,350 rows were published. The box's width came from
its container, and the rule asked for a width on the clipping box itself. `body { overflow-x:
hidden }` (the window's overflow then) cuts the 2025-10-22 table's last column off in a 1024px
window: it is about 1,105px wide at least. The room a clipping box leaves the table is told now
down from the box (its lines in the narrowest window, less the left edges on the way), and the
table's width at most the larger of its columns' least widths and the lines it is set in
(html_columns.clipped_sideways); where the table may be wider, an error."""
from __future__ import annotations

import gzip

import pytest

from chromium import evaluated_on
from conftest import FIXTURES, RAW
from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import LayoutError, SourceError
from pipeline.extract.html import extract_html
from pipeline.normalize import normalize

GITBOOK_SHEET = (FIXTURES / "html" / "gitbook-theme-default-1.0.7-style.css").read_text(encoding="utf-8")
INFIMA_SHEET = gzip.decompress((FIXTURES / "html" / "infima-0.2.0-alpha.45-default.css.gz").read_bytes()).decode()
OLD_PAGE = (RAW / "2025-05-07" / "page.html").read_text(encoding="utf-8")
CUT = r"may put part of the vendor table where no reader scrolls"


def in_gitbook(page: str) -> str:
    """A release page's body in GitBook 3.2.3's page structure, under its default theme's sheet."""
    body = page[page.index(">", page.index("<body")) + 1:page.index("</body>")]
    return ("<!DOCTYPE HTML><html lang=\"zh-hans\"><head><meta charset=\"UTF-8\"><title>各模型支持的最小卡数 · GitBook"
            f"</title><style>{GITBOOK_SHEET}</style></head><body><div class=\"book\"><div class=\"book-body\">"
            "<div class=\"body-inner\"><div class=\"page-wrapper\" role=\"main\"><div class=\"page-inner\">"
            "<div id=\"book-search-results\"><div class=\"search-noresults\"><section class=\"normal markdown-section\">"
            f"{body}</section></div></div></div></div></div></div></div></body></html>")


def in_docusaurus(page: str) -> str:
    """A release page's body in Docusaurus' page structure, under Infima's sheet."""
    body = page[page.index(">", page.index("<body")) + 1:page.index("</body>")]
    return ("<!DOCTYPE html><html lang=\"zh-Hans\" dir=\"ltr\" data-theme=\"light\"><head><meta charset=\"UTF-8\">"
            f"<style>{INFIMA_SHEET}</style></head><body><div id=\"__docusaurus\"><div class=\"main-wrapper\">"
            "<div class=\"container padding-top--md padding-bottom--lg\"><div class=\"row\"><div class=\"col\">"
            f"<article><div class=\"theme-doc-markdown markdown\">{body}</div></article></div></div></div></div></div>"
            "</body></html>")


CLIPPED = {  # each cuts some of the 2025-10-22 table's cells off in Chromium's 1024px window
    "GitBook 3 (its real sheet)": in_gitbook(PAGE_HTML),
    "a clipping box in an 800px page": with_sheet(".help-main{max-width:800px}.help-content{overflow:hidden}"),
    "overflow-x in a box of a set width": with_sheet(".help-main{width:800px}.help-content{overflow-x:hidden}"),
    "a body of a set width": with_sheet("body{max-width:800px;margin:auto}.help-content{overflow:hidden}"),
    "a width in vw": with_sheet(".help-main{width:50vw}.help-content{overflow:hidden}"),
    "the window's overflow-x hidden": with_sheet("body{overflow-x:hidden}"),
    "the window's overflow-x clip": with_sheet("body{overflow-x:clip}"),
    "the window's overflow, hidden across": with_sheet("body{overflow:hidden auto}"),
    "a full-width clipping box": with_sheet(".help-content{overflow:hidden}"),
    "paint containment": with_sheet(".help-content{contain:paint}"),
}
# rules this reader does not decide (true in some windows only) around the table: a box clipping it
# sideways there, or a size set there where a box clips it, make the room not told
UNDECIDED = {
    "a clip in narrow windows": (with_sheet("@media (max-width: 1200px) {.help-content{overflow:hidden}}"), "div"),
    "a width in narrow windows, inside a clipping box": (with_sheet(
        "@media (max-width: 1200px) {.tablenoborder{max-width:700px}} .help-content{overflow:hidden}", OLD_PAGE),
        "div"),
}
READ = {  # the smaller 2025-05-07 table fits: Chromium draws every cell
    "2025-05-07 in a window not scrolled sideways": with_sheet("body{overflow-x:hidden}", OLD_PAGE),
}
# Refused on the safe side, drawn whole by Chromium: the least width is told at a full em a
# character (`llama3.1-8b` 154px at 14px, where Chromium takes about 75): (page, room, least width)
SAFE_SIDE = {"2025-05-07 in GitBook 3": (in_gitbook(OLD_PAGE), 770, 822),
             "2025-05-07 in an 800px page's clipping box": (with_sheet(
                 ".help-main{max-width:800px}.help-content{overflow:hidden}", OLD_PAGE), 800, 818)}


@pytest.mark.parametrize("name", CLIPPED)
def test_a_box_cutting_off_the_tables_last_columns_is_an_error(name):
    """Catches (hunt 76): 1,350 rows published where Chromium cuts 79 to 379 cells off (GitBook:
    the VeRL/Snt9b23, MindSpeed-RL and MindSpeed-MM columns, their headings too)."""
    with pytest.raises(LayoutError, match=CUT):
        read(CLIPPED[name])


@pytest.mark.parametrize("name", READ)
def test_a_table_that_fits_its_clipping_box_is_read(name):
    grid, _ = extract_html(READ[name].encode("utf-8"), "page.html")
    expected = normalize(extract_html(OLD_PAGE.encode("utf-8"), "page.html")[0], "2025-05-07").frame
    assert normalize(grid, "2025-05-07").frame.equals(expected)


@pytest.mark.parametrize("name", SAFE_SIDE)
def test_a_table_whose_least_width_is_not_told_under_the_room_is_refused(name):
    html, room, least = SAFE_SIDE[name]
    with pytest.raises(LayoutError, match=CUT + rf" \(overflow-x: hidden; about {room}px of room in a 1024px "
                                              rf"window, the table may take {least}px\)"):
        read(html)


@pytest.mark.parametrize("name", UNDECIDED)
def test_a_clip_or_a_size_around_the_table_in_some_windows_only_is_an_error(name):
    html, tag = UNDECIDED[name]
    with pytest.raises(SourceError, match=rf"may hide, mark or add text to the <{tag}> around the vendor table"):
        read(html)


def test_a_size_around_the_table_in_some_windows_only_is_read_where_nothing_clips_it(reference):
    """Catches (hunt 76): Docusaurus' Infima, refused for `.container { max-width:
    var(--ifm-container-width-xl) }` inside `@media (min-width: 1440px)`: a width in some windows
    only, which changes nothing a reader sees of a table nothing clips (Infima draws tables as
    scroll boxes). Judged where sizes matter, not refused for the var() in it."""
    same_rows(read(in_docusaurus(PAGE_HTML))[2].frame, reference[1])
    same_rows(read(with_sheet("@media (max-width: 1200px) {.help-main{max-width:700px; padding: var(--p, 0)}}"))[2]
              .frame, reference[1])


def test_a_scroll_box_is_read(reference):
    """A box that scrolls what overflows it (Bootstrap's .table-responsive) cuts nothing off."""
    same_rows(read(with_sheet(".help-content{overflow-x:auto}"))[2].frame, reference[1])


CELLS_CUT_OFF = """() => {
  const table = [...document.querySelectorAll("table")].sort((a, b) => b.rows.length - a.rows.length)[0];
  const scrolls = box => ["auto", "scroll"].includes(getComputedStyle(box).overflowX);
  const clips = box => ["hidden", "clip"].includes(getComputedStyle(box).overflowX) ||
                       /paint|strict|content/.test(getComputedStyle(box).contain);
  const clipEdge = (from, to) => {  // the nearest clip edge of the boxes from `from` up to `to` (not included)
    let right = Infinity;
    for (let box = from; box && box !== to; box = box.parentElement) {
      if (clips(box)) right = Math.min(right, box.getBoundingClientRect().right);
    }
    return right;
  };
  // the nearest box a reader scrolls sideways (the table itself, for Infima), if any
  let scroller = table;
  while (scroller && !scrolls(scroller)) scroller = scroller.parentElement;
  const right = scroller === table ? Infinity : clipEdge(table.parentElement, scroller);  // clips below it
  if (right === Infinity) {  // what the scroller holds is reached: is it cut itself?
    return scroller && scroller.getBoundingClientRect().right > clipEdge(scroller.parentElement, null) + 1 ? 1 : 0;
  }
  let cut = 0;
  for (const row of table.rows) for (const cell of row.cells) {
    const text = document.createRange();
    text.selectNodeContents(cell);
    if (cell.innerText.trim() && text.getBoundingClientRect().right > right + 1) cut++;
  }
  return cut;
}"""


def cells_cut_off(browser, html: str) -> int:
    """Cells of the page's largest table whose text reaches past a box that clips it (the window,
    where <body> gives it a clip) in Chromium's 1024px window; where a box around the cells scrolls
    sideways, 1 if that box is cut, else 0."""
    return evaluated_on(browser, html, CELLS_CUT_OFF)


def test_chromium_cuts_cells_off_where_refused_and_none_where_read(browser):
    """The reason for each answer: Chromium at the narrowest desktop window."""
    cut = {name: cells_cut_off(browser, html) for name, html in
           {**CLIPPED, "a clip in narrow windows": UNDECIDED["a clip in narrow windows"][0]}.items()}
    assert all(count > 0 for count in cut.values()), sorted(cut.items())
    whole = {**READ, **{name: html for name, (html, _, _) in SAFE_SIDE.items()},
             "Docusaurus (Infima)": in_docusaurus(PAGE_HTML)}
    assert {name: cells_cut_off(browser, html) for name, html in whole.items()} == dict.fromkeys(whole, 0)


# --- hunt 78: by other routes (html_placement) --------------------------------------------------------

def with_nav(css: str, page: str = PAGE_HTML) -> str:
    """The page with a sidebar beside its content, and a sheet."""
    return with_sheet(css, page.replace('<div class="help-main">', '<div class="help-main"><div class="nav">目录</div>', 1))


OUT_OF_REACH = {  # each hides some of the 2025-10-22 table's cells in Chromium's 1024px window; all were published
    # a box scrolling the table, grown with it past the window's clip (Bulma's .column around its .table-container)
    "a scroll box in a flex item": with_nav("html{overflow-x:hidden}.help-main{display:flex}.nav{flex:0 0 250px}"
                                            ".help-content{flex:1}.tablenoborder{overflow-x:auto}"),
    "a scroll box in a grid track": with_nav("html{overflow-x:hidden}.help-main{display:grid;"
                                             "grid-template-columns:250px 1fr}.tablenoborder{overflow-x:auto}"),
    "an inline-block scroll box": with_sheet("body{overflow-x:hidden}.tablenoborder{overflow-x:auto;display:inline-block}"),
    "a floated scroll box": with_sheet("body{overflow-x:hidden}.tablenoborder{overflow-x:auto;float:left}"),
    # moved left of the page
    "centred by left: 50% and a translation": with_sheet(
        ".help-main{position:relative;left:50%;transform:translateX(-50%);width:max-content}"),
    "a translation": with_sheet(".help-content{transform:translateX(-300px)}"),
    "the translate property": with_sheet(".tablenoborder{translate:-200px}"),
    "a relative offset": with_sheet(".tablenoborder{position:relative;left:-200px}"),
    "scaled up about its centre": with_sheet(".help-content{transform:scale(1.5) translateX(10px)}"),
    "a negative margin": with_sheet(".help-content{margin-left:-300px}"),
    "a negative margin in %": with_sheet(".tablenoborder{margin-left:-20%}"),
    "a negative logical margin": with_sheet(".tablenoborder{margin-inline-start:-200px}"),
    "placed from the right": with_sheet(".help-main{position:absolute;right:0;width:max-content}"),
    # wider than its container, set at its end or centre: the overflow goes left
    "align=right": PAGE_HTML.replace("<table ", '<table align="right" ', 1),
    "a float to the right": with_sheet(".tablenoborder{float:right}"),
    "a right-to-left box": with_sheet(".help-content{direction:rtl}table{direction:ltr}"),
    "a flex box centring it": with_sheet(".tablenoborder{display:flex;justify-content:center}"),
    "a flex row reversed": with_sheet(".tablenoborder{display:flex;flex-direction:row-reverse}"),
    "a grid centring it": with_sheet(".tablenoborder{display:grid;justify-content:center}"),
    # a clip path or a legacy clip at the box's edges
    "clip-path: inset(0)": with_sheet(".help-main{max-width:800px}.help-content{clip-path:inset(0)}"),
    "clip-path: border-box": with_sheet(".help-main{max-width:800px}.help-content{clip-path:border-box}"),
    "clip-path on <body>": with_sheet("body{clip-path:inset(0)}"),
    "a legacy clip": with_sheet(".help-main{position:relative;width:800px}.help-content{position:absolute;left:0;"
                                "right:0;clip:rect(auto,auto,auto,auto)}"),
    # broken across columns, drawn over itself
    "columns: 2": with_sheet(".help-content{columns:2}"),
    # hunt 80: box alignment in block layout (Chromium 156), logical offsets, a scale about a far origin,
    # a row group moved, a column flexbox wrapping in reverse
    "justify-self on the table": with_sheet("table{justify-self:center}"),
    "justify-items on a box around": with_sheet(".tablenoborder{justify-items:end}"),
    "a logical offset": with_sheet(".tablenoborder{position:relative;inset-inline-start:-300px}"),
    "a scale about a far origin": with_sheet(".help-content{transform:scale(.5);transform-origin:-3000px 0}"),
    "a row group moved": with_sheet("tbody{translate:-300px}"),
    "a column flexbox wrapping in reverse": with_sheet(".tablenoborder{display:flex;flex-flow:column wrap-reverse}"),
}
UNSCROLLED = {  # the window does not scroll to the table's last columns (hunt 80)
    "contain: layout": with_sheet(".help-content{contain:layout}"),
    "contain: layout on <body>": with_sheet("body{contain:layout}"),
    "a right-to-left window": with_sheet("html{direction:rtl} .help-content{direction:ltr}"),
}


@pytest.mark.parametrize("name", [*OUT_OF_REACH, *UNSCROLLED])
def test_a_table_partly_out_of_reach_is_an_error(name):
    """Catches (hunts 78 and 80): 1,350 rows published where Chromium hides 37 to 810 cells."""
    with pytest.raises(LayoutError, match=CUT):
        read({**OUT_OF_REACH, **UNSCROLLED}[name])


@pytest.mark.parametrize("css", ["@container (min-width: 1px){.tablenoborder{position:relative;left:-200px}}",
                                 "@supports (display:grid){.tablenoborder{float:right}}",
                                 "@scope (body){table{justify-self:center}}"])
def test_placement_by_a_rule_this_reader_does_not_decide_is_an_error(css):
    """Catches (hunt 80): each route of html_placement published where its rule sat in @layer,
    @supports, @container or @scope (Tailwind v4 writes all its utilities in @layer)."""
    with pytest.raises(SourceError, match=r"may hide, mark or add text to the (<div> around|table's <table>)"):
        read(with_sheet(css))


def test_a_negative_margin_undone_by_the_padding_before_it_is_read(reference):
    """Catches (hunt 80): Bootstrap's grid, refused for `.row { margin-left: calc(-.5 * 1.5rem) }`,
    which only undoes `.container`'s padding: the calc() is worked out and summed from the root."""
    same_rows(read(with_sheet(".help-main{padding-left:calc(.5 * 1.5rem)} "
                              ".help-content{margin-left:calc(-.5 * 1.5rem)}"))[2].frame, reference[1])


def test_a_scrollbars_part_in_a_state_is_no_rule_on_the_table(reference):
    """Catches (hunt 78): water.css was refused for `::-webkit-scrollbar-thumb:hover { background:
    var(--scrollbar-thumb-hover) }`, a selector cssselect2 does not compile, taken to reach every
    element; a scrollbar's part draws no text."""
    same_rows(read(with_sheet("::-webkit-scrollbar-thumb:hover{background:var(--thumb)}"
                              "::-webkit-scrollbar-track:window-inactive{display:none}"))[2].frame, reference[1])


HIDDEN_CELLS = """() => {
  const table = [...document.querySelectorAll("table")].sort((a, b) => b.rows.length - a.rows.length)[0];
  const boxes = [];
  for (const row of table.rows) for (const cell of row.cells) {
    if (!cell.innerText.trim()) continue;
    const text = document.createRange();
    text.selectNodeContents(cell);
    boxes.push(text.getBoundingClientRect());
  }
  let right = Infinity;  // a clip of any box around it (the clip path's box, a clip's, overflow's)
  for (let box = table.parentElement; box; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (["hidden", "clip"].includes(style.overflowX) || style.clipPath !== "none" || style.clip !== "auto") {
      right = Math.min(right, box.getBoundingClientRect().right);
    }
  }
  const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  let hidden = 0;
  boxes.forEach((box, i) => {
    const left = box.left + window.scrollX < -1, cut = box.right > right + 1;
    if (left || cut || boxes.some((other, j) => j !== i && over(box, other))) hidden++;
  });
  return hidden;
}"""


def cells_hidden(browser, html: str) -> int:
    """Cells of the page's largest table Chromium draws left of the page, past a box clipping them,
    or over another cell's text, in its 1024px window."""
    return evaluated_on(browser, html, HIDDEN_CELLS)


def test_chromium_hides_cells_of_each_page_refused(browser):
    """The reason for each refusal: Chromium, in the narrowest desktop window. (The scroll boxes
    that grow are cut by the window's clip, which the boxes' own clips do not show: the cells
    past the window's width are counted by the clip of <html> or <body>.)"""
    hidden = {name: cells_hidden(browser, html) for name, html in OUT_OF_REACH.items()}
    assert all(count > 0 for count in hidden.values()), sorted(hidden.items())


UNREACHED_CELLS = """async () => {
  const table = [...document.querySelectorAll("table")].sort((a, b) => b.rows.length - a.rows.length)[0];
  window.scrollTo(1e6, 0);  // as far right as a reader scrolls
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  let hidden = 0;
  for (const row of table.rows) for (const cell of row.cells) {
    const text = document.createRange();
    text.selectNodeContents(cell);
    if (cell.innerText.trim() && text.getBoundingClientRect().right > window.innerWidth + 1) hidden++;
  }
  return hidden;
}"""


def test_chromium_does_not_scroll_to_cells_of_each_page_refused(browser):
    """The reason for each: Chromium's window, scrolled as far right as it goes at 1024px, still
    leaves cells past its right edge."""
    hidden = {name: evaluated_on(browser, html, UNREACHED_CELLS) for name, html in UNSCROLLED.items()}
    assert all(count > 0 for count in hidden.values()), sorted(hidden.items())
