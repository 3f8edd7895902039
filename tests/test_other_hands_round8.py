"""Pages made by other hands, round 8: what a computed style makes of a cell's text. Each case
once published a value a browser does not show, exit 0; each is checked in the system Chromium
(Playwright, /usr/bin/chromium): a ::before on a void element (no box is generated), a shown
<script> (its text drawn) and a shown <noembed> (never drawn), an inline box raised out of the
line by any vertical-align or a ruby annotation (set apart like a <sup>)."""
from __future__ import annotations

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError
from test_other_hands_round7 import FIRST, V, cell_problems, on_cells, unseen

VALUE = '<p id="modelarts_llm_train_590804__p0025">4*Ascend</p>'  # row 3, column 4
SIXTEEN = '<p id="modelarts_llm_train_590804__p0058">16*Ascend</p>'


def on_value(markup: str, css: str = "", html: str = PAGE_HTML, cell: str = VALUE) -> str:
    """The page with the paragraph of a value cell holding `markup`, and a sheet."""
    assert html.count(cell) == 1
    page = html.replace(cell, cell.replace(cell[cell.index(">") + 1:-len("</p>")], markup), 1)
    return with_sheet(css, page) if css else page


def test_void_and_replaced_elements_generate_no_before_or_after_text(reference):
    """Catches: `<wbr class=m>` with `.m::before{content:'1'}` read 14*Ascend; Chromium
    generates no ::before or ::after box on <wbr>, <br>, <img>, <input> (and draws 4*Ascend)."""
    html = on_value('<wbr class="m">4<br class="n">*Ascend', ".m::before{content:'1'} .n::after{content:'6'}")
    _, _, frame = read(html)
    same_rows(frame.frame, reference[1])


def test_a_shown_script_is_read_and_a_shown_noembed_is_not(reference):
    """Catches: `<script type=text/plain style=display:inline>6</script>` between 1 and
    *Ascend was left out (Chromium draws its text: 16*Ascend) and `<noembed
    style=display:inline>6</noembed>` was read (Chromium never draws it: 1*Ascend, 16 read)."""
    html = on_value('1<script type="text/plain" style="display:inline">6</script>*Ascend', cell=SIXTEEN)
    _, _, frame = read(html)
    same_rows(frame.frame, reference[1])
    html = on_value('1<noembed style="display:inline">6</noembed>*Ascend', cell=SIXTEEN)
    _, _, frame = read(html)
    assert "1*Ascend" in set(frame.frame.raw_text) and len(frame.frame) == len(reference[1])


RAISED = [("{c} span{vertical-align:7px;font-size:9px}", "<span>1</span>{v}"),
          ("{c} span{vertical-align:text-top;font-size:8px}", "<span>1</span>{v}"),
          ("{c} span{vertical-align:50%}", "<span>1</span>{v}"), ("{c} span{vertical-align:top}", "<span>1</span>{v}"),
          ("{c}{}", "<ruby>{v}<rt>1</rt></ruby>")]
ON_THE_LINE = [("{c} span{vertical-align:baseline}", "<span>{v}</span>"), ("{c} span{vertical-align:0}", "<span>{v}</span>"),
               ("{c}{vertical-align:top} td:has({c}){vertical-align:middle}", V)]


def test_text_raised_out_of_the_line_is_set_apart_like_a_superscript():
    """Catches: a digit raised by `vertical-align: 7px` or `text-top` in a small size (a
    superscript by length) and a ruby annotation `<rt>` (drawn above its base) were glued into
    the number: 14 published. Each is now set apart, an error naming the cell; the baseline,
    a zero length, and a block's or a cell's vertical-align still read."""
    problems = cell_problems(RAISED + ON_THE_LINE)
    assert len(problems) == len(RAISED), problems
    assert all("[1]" in p for p in problems), problems


ROW = '<tr id="modelarts_llm_train_590804__row0087">'


def test_a_hidden_row_whose_cells_set_themselves_visible_is_read(reference):
    """Catches: `tr.vh{visibility:hidden} tr.vh td{visibility:visible}` dropped the row (40
    rows lost, exit 0), though visibility is inherited and each cell sets it back: Chromium
    draws the row's cells. A hidden row none of whose cells is visible, and a collapsed row
    (Chromium paints none of its cells), are still left out."""
    html = PAGE_HTML.replace(ROW, ROW.replace("<tr ", '<tr class="vh" '), 1)
    _, _, frame = read(with_sheet("tr.vh{visibility:hidden} tr.vh td{visibility:visible}", html))
    same_rows(frame.frame, reference[1])
    for css in ("tr.vh{visibility:hidden}", "tr.vh{visibility:collapse} tr.vh td{visibility:visible}"):
        _, _, frame = read(with_sheet(css, html))
        assert len(frame.frame) < len(reference[1]), css


def test_the_browser_sheets_sizes_are_followed_to_the_speck_floor():
    """Catches: twelve nested <small> (Chromium: a speck of about 2.5px, like a subscript's dot)
    read `1` into 14*Ascend: the browser's own sheet (small smaller, big larger, sub and sup
    smaller, rt 50%, the headings' sizes) was not part of the cascade. One <small>, <sub>, an
    <h6> still read."""
    problems = cell_problems([("{c}{}", "<small>" * 12 + "1" + "</small>" * 12 + "{v}"),
                              ("{c}{}", "<small><small>{v}</small></small>"), ("{c}{}", "<h6>{v}</h6>"),
                              ("{c}{}", "<big><small>{v}</small></big>")])
    assert len(problems) == 1 and "'[1]101*Ascend' is not a unit count" in problems[0], problems


UNMODELLED = [("@keyframes f{to{opacity:0}} {c} span{animation:f .01s forwards}", "<span>1</span>{v}"),
              ("@keyframes g{from,to{opacity:0}} {c} span{animation:g 10s paused}", "<span>1</span>{v}"),
              ("{c} span{-webkit-text-stroke:6px #fff}", "<span>1</span>{v}"),
              ("{c} span{font-size-adjust:0}", "<span>1</span>{v}"),
              ("td:has({c}){animation-name:h}", V)]
MODELLED = [("{c}{animation:none;-webkit-text-stroke:0 #fff;font-size-adjust:none}", V),
            ("{c} span{animation:f 1s}", "<span></span>{v}")]


def test_what_this_reader_does_not_model_on_the_tables_text_is_an_error_naming_it():
    """Catches: an animation (`@keyframes f{to{opacity:0}}` with `forwards`, or `paused` on a
    keyframe of opacity 0), a white -webkit-text-stroke (it paints the glyph out) and
    `font-size-adjust: 0` (Chromium draws nothing) on a stale `1` before 4*Ascend: 14
    published, exit 0. Each is now an error naming the cell, the element and the declaration;
    `none`, a stroke of no width and an animated element holding no text still read."""
    problems = cell_problems(UNMODELLED + MODELLED)
    assert len(problems) == len(UNMODELLED), problems
    assert all("which may change what its text shows and which this reader does not model" in p for p in problems)
    assert "<span> is drawn with `-webkit-text-stroke: 6px #fff`" in problems[2], problems
    assert "<td> is drawn with `animation-name: h`" in problems[4], problems


@pytest.mark.parametrize("css", [".x{display:none garbage}", ".x{visibility:gone}", ".x{font-size:-1px}",
                                 ".x{opacity:0 0}", ".x{color:#fffffg}", ".x{display:none} span.x{all:unset}",
                                 ".x{display:none} span.x{all:revert}", ".x{--d:none garbage} .x{display:var(--d)}"])
def test_an_invalid_value_is_dropped_and_all_resets_as_a_browser_does(reference, css):
    """Catches: `.x{display:none garbage}` (invalid: Chromium ignores it) hid the 6 of 16*Ascend
    and `span.x{all:unset}` after `.x{display:none}` (Chromium shows the 6) did not undo it: 1
    published, exit 0. Invalid values of the properties the reader computes are dropped as a
    browser's parser drops them (var() ones once substituted), and `all` sets its CSS-wide
    keyword on each of them."""
    _, _, frame = read(on_value('1<span class="x">6</span>*Ascend', css, cell=SIXTEEN))
    same_rows(frame.frame, reference[1])


@pytest.mark.parametrize("markup", ['1<span hidden="until-found">6</span>*Ascend',
                                    '1<span hidden="UNTIL-FOUND">6</span>*Ascend',
                                    '1<span style="content-visibility:hidden">6</span>*Ascend'])
def test_content_visibility_hides_no_plain_inline_box(reference, markup):
    """Catches: `1<span hidden="until-found">6</span>*Ascend` read as 1*Ascend (the `hidden`
    attribute taken as display:none); HTML's sheet gives hidden=until-found `content-visibility:
    hidden`, which a plain inline box cannot take (it has no size containment), and Chromium
    draws 16*Ascend. The same for content-visibility written by the page."""
    _, _, frame = read(on_value(markup, cell=SIXTEEN))
    same_rows(frame.frame, reference[1])


def test_content_visibility_hides_a_box_of_its_own():
    """The other side: on an inline-block (a box that can be contained) hidden=until-found and
    content-visibility:hidden hide the 1 before 4*Ascend, as in Chromium: set apart, an error."""
    for markup in ('<span style="display:inline-block" hidden="until-found">1</span>4*Ascend',
                   '<span style="display:inline-block;content-visibility:hidden">1</span>4*Ascend'):
        with pytest.raises(CellError, match=r"row 3, column 4: '\[1\] 4\*Ascend' is not a unit count"):
            read(on_value(markup))
