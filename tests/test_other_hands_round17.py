"""Pages made by other hands, round 17 (a hunt of 62 variants aimed at round 16's and session 31's
rules, on 2025-05-07's page; each case checked in Chromium 156, screenshots of a 1600-px window
or the cell's innerText). Once published with exit 0 (32 where Chromium shows 2*Ascend or 82*Ascend,
or a retired model's rows published as the release's), here on the 2025-10-22 page:

- boxes outside the table the new rule let through: a skip link's far-left place undone by a
  margin or a transform; a 1-px box whose shadow paints past it; a fixed band (within 192 px) whose
  border, min-height or child paints down the window; a sticky stripe; a box of height 0, or a
  1-px float, whose content spills out onto the table; a float's negative text-indent; an open
  <dialog> (absolutely placed by the browser's own sheet);
- labels the continuation rule read as continuations: words holding its marks (`后续维护`,
  `（续训场景）`, `Discontinued`), the vendor caption inside another table's label, a label drawn
  by ::before;
- rules on :focus with an element that takes the focus as the page loads (autofocus).

Round 18 (36 variants aimed at round 17's rules): a fixed bar's content spilling out of it, a line
height spilling a box's text upward, labels drawn by an image's alt text, an input's value or a
list marker."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import LayoutError, SourceError
from test_boxes_drawn_over_the_table import after_the_table
from test_other_hands_round12 import on_value
from test_other_hands_round16 import RETIRED, TABLE_END

WHITE = "width:9px;height:24px;background:#fff"
SPILL = '<div style="padding:305px 0 0 387px;line-height:24px">8</div>'


@pytest.mark.parametrize(("markup", "named"), [
    (f'<div style="position:absolute;left:-9999px;margin-left:10393px;top:588px;{WHITE}"></div>',
     "position: absolute; left: -9999px"),
    (f'<div style="position:absolute;left:-9999px;transform:translateX(10393px);top:588px;{WHITE}"></div>',
     "position: absolute; left: -9999px"),
    ('<div style="position:absolute;left:398px;top:599px;width:1px;height:1px;overflow:hidden;'
     'box-shadow:0 0 0 5px #fff"></div>', "position: absolute; left: 398px"),
    ('<div style="position:fixed;top:0;left:394px;width:9px;height:10px;border-bottom:1200px solid #fff"></div>',
     "position: fixed; left: 394px"),
    ('<div style="position:fixed;top:0;left:394px;width:9px;height:10px;min-height:100vh;background:#fff"></div>',
     "position: fixed; left: 394px"),
    ('<div style="position:fixed;top:0;left:394px;width:9px;height:10px"><div style="height:1200px;background:#fff">'
     '</div></div>', "position: fixed; left: 394px"),
    ('<div style="position:sticky;bottom:0;margin-left:394px;width:9px;height:1200px;background:#fff"></div>',
     "position: sticky; bottom: 0"),
    ('<dialog open style="top:588px;left:394px;margin:0;padding:0;border:0;width:9px;height:24px;background:#fff">'
     '</dialog>', "<dialog> outside the vendor table may be drawn over it (position: absolute"),
    # round 18 (36 variants aimed at round 17's rules, each checked in Chromium 156): a fixed bar's content
    # spilling out of it (preformatted lines, line breaks, an image of a set height, a zoom), a line height
    # spilling a box's text upward
    ('<div style="position:fixed;top:0;left:394px;height:20px;color:#fff;font-size:12px;line-height:10px;'
     'white-space:pre">' + "█\n" * 130 + "</div>", "position: fixed; left: 394px"),
    ('<div style="position:fixed;top:0;left:394px;height:20px;color:#fff">' + "█<br>" * 130 + "</div>",
     "position: fixed; left: 394px"),
    ('<div style="position:fixed;top:0;left:392px;height:20px"><img width="11" height="3000" src="x.png"></div>',
     "position: fixed; left: 392px"),
    ('<div style="position:fixed;top:0;left:39px;height:2px;zoom:10;color:#fff;font-size:1.5px">█</div>',
     "position: fixed; left: 39px"),
    ('<div style="display:flex;align-items:flex-end;height:30px;line-height:5067px;font-size:14px;color:#fff;'
     'margin-left:385px">█</div>', "(height: 30px)"),
])
def test_a_box_outside_the_table_past_the_new_rules_is_an_error(markup, named):
    """Catches: each read with exit 0 while Chromium showed 2*Ascend (round 17, for 32) or
    32*Ascend (round 18, for 132 written)."""
    with pytest.raises(LayoutError, match=re.escape(named)):
        read(after_the_table(on_value("132*Ascend"), markup))


TABLE_START = PAGE_HTML.index("<table")


@pytest.mark.parametrize(("markup", "named"), [
    (f'<div style="height:0">{SPILL}</div>', "(height: 0)"),
    (f'<div style="float:left;width:1px;height:1px">{SPILL}</div>', "(height: 1px)"),
    ('<div style="float:right;width:700px;padding-top:305px;line-height:24px;text-indent:-497px;white-space:nowrap">'
     '8</div>', "(text-indent: -497"),
])
def test_content_spilling_from_a_box_before_the_table_is_an_error(markup, named):
    """Catches: an 8 spilling out of a box of height 0 or a 1-px float, or set out of a float by
    its text-indent, drawn on the 3 of 32 (Chromium showed 82*Ascend)."""
    with pytest.raises(LayoutError, match=r"outside the vendor table may be drawn over it " + re.escape(named)):
        read(PAGE_HTML[:TABLE_START] + markup + PAGE_HTML[TABLE_START:])


def test_a_short_float_or_a_spacer_is_read(reference):
    """What must not be refused: a floated note as wide as its words, an empty spacer of a set
    height."""
    page = PAGE_HTML[:TABLE_START] + '<div style="float:right;width:12em">See also</div><div style="height:20px"></div>' \
        + PAGE_HTML[TABLE_START:]
    same_rows(read(page)[2].frame, reference[1])


@pytest.mark.parametrize(("between", "sheet"), [
    ("<p>表2 已下线模型最小卡数配置</p>", ""), ("<p>Table 2 Discontinued models</p>", ""),
    ("<p>以下模型后续维护</p>", ""), ("<p>（续训场景）</p>", ""), ('<p class="t2"></p>', '.t2::before{content:"表2 已下线模型"}'),
    ("<p>续表</p><p>注：已下线模型</p>", ""),
    # round 18: labels drawn by an image's alt text, an input's value or a list marker
    ('<p><img alt="表2 已下线模型" src="missing.png"></p>', ""),
    ('<p><input value="表2 已下线模型" readonly></p>', ""),
    ('<ul><li style="list-style-type:\'表2 已下线模型\'"></li></ul>', ""),
])
def test_a_label_holding_a_continuation_mark_or_drawn_otherwise_is_a_label(between, sheet):
    """Catches: the retired model's table stitched on after a label that holds the vendor's
    caption or a continuation mark inside a word, or one a rule, an image's alt text, an input's
    value or a list marker draws."""
    page = PAGE_HTML[:TABLE_END] + between + RETIRED + PAGE_HTML[TABLE_END:]
    with pytest.raises(SourceError, match=r"2 tables look like the vendor table"):
        read(with_sheet(sheet, page) if sheet else page)


@pytest.mark.parametrize("rule", ["body:focus-within .h{display:none}", "input:focus ~ * .h{display:none}"])
def test_a_rule_on_the_focus_an_element_takes_as_the_page_loads_is_checked(rule, reference):
    """Catches: an autofocus input focused as the page loads, a rule on :focus hiding the 1 of
    132: Chromium showed 32, cssselect2 (no element focused) read 132. Without autofocus, :focus
    matches nothing on a page just loaded: read."""
    page = on_value('<span class="h">1</span>32*Ascend').replace("<body>", "<body><input autofocus>", 1)
    with pytest.raises(SourceError, match=r"may hide, mark or add text to the table's <span> elements"):
        read(with_sheet(rule, page))
    assert read(with_sheet(rule, page.replace("<input autofocus>", "<input>")))[2].frame["min_units"].max() > 0
