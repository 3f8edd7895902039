"""Boxes outside the vendor table drawn over it (html_tables.drawn_over_from_outside). Only the
elements in the table and around it were styled and checked; an element after the table can be
drawn anywhere on the page. Once published with exit 0, each checked in the system Chromium 156
(a 1600-px window, cell screenshots): a white box placed absolutely over the 1 of `132*Ascend`,
the same box as a paragraph's ::after, a `7` placed before it (Chromium shows 32, 32 and 7132;
132 was published), and hunt round 13's span in a paragraph after the table whose transparent
`padding-top` lifts its white top border, or its background image of a `1`, onto the cell
(Chromium shows 32 for 132, 132 for 32).

Where such a box lands needs a layout this reader does not do, so any one is an error naming it.
What stays read: a site's fixed top bar and back-to-top button (the page scrolls the table past
them), a skip link moved off the screen, a closed menu, a float beside the table, an empty
anchor, a hidden popup, a grid row's negative side margins."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import LayoutError, SourceError
from test_other_hands_round12 import on_value

FIGURE_SPACE = "&#x2007;"


def after_the_table(html: str, markup: str) -> str:
    assert html.count("</body>") == 1
    return html.replace("</body>", markup + "</body>", 1)


# where Chromium draws the 1 of the first value written 132*Ascend, in a 1600-px window
X, Y = 454, 588
WHITE_BOX = f"left:{X - 1}px;top:{Y - 2}px;width:10px;height:28px;background:#fff"


@pytest.mark.parametrize(("sheet", "markup", "value", "named"), [
    ("", f'<div style="position:absolute;{WHITE_BOX}"></div>', "132*Ascend", "<div> outside the vendor table may be "
     f"drawn over it (position: absolute; left: {X - 1}px)"),
    (f".remark::after{{content:'';position:absolute;{WHITE_BOX}}}", '<p class="remark">remark</p>', "132*Ascend",
     f"<p> outside the vendor table may be drawn over it (::after position: absolute; left: {X - 1}px)"),
    ("", f'<div style="position:absolute;left:{X - 10}px;top:{Y + 2}px">7</div>', "132*Ascend",
     "(position: absolute; left: 444px)"),
    ("", f'<p style="margin:0"><span style="margin-left:446.7px;padding-top:5066px;border-top:24px solid #fff">'
     f'{FIGURE_SPACE}</span></p>', "132*Ascend", "<span> outside the vendor table may be drawn over it (padding-top: "
     "5066px)"),
    ("", '<p style="margin:0"><span style="margin-left:446.7px;padding-top:5090px;background:url(&quot;data:image/svg+xml,'
     "%3Csvg xmlns='http://www.w3.org/2000/svg' width='9' height='24'%3E%3Ctext x='0' y='18'%3E1%3C/text%3E%3C/svg%3E"
     '&quot;) no-repeat 0 0">&#x2007;</span></p>', '<span style="padding-left:.56em">32*Ascend</span>',
     "(padding-top: 5090px)"),
])
def test_a_box_outside_the_table_drawn_over_it_is_an_error(sheet, markup, value, named):
    """Catches: each published as the text written (132 or 32), where Chromium shows another value."""
    page = after_the_table(on_value(value), markup)
    with pytest.raises(LayoutError, match=re.escape(named)):
        read(with_sheet(sheet, page) if sheet else page)


@pytest.mark.parametrize(("markup", "named"), [
    ('<p style="position:relative;top:-3000px">1</p>', "(position: relative; top: -3000px)"),
    ('<p style="transform:translateY(-3000px)">1</p>', "(transform: translatey(-3000px))"),
    ('<div style="margin-top:-3000px;height:40px;background:#fff">remark</div>', "(margin-top: -3000px)"),
    ('<div style="margin-left:-200px">remark</div>', "(margin-left: -200px)"),
    ('<div style="position:fixed;inset:0;background:#fff">remark</div>', "(position: fixed)"),
    ('<div style="position:fixed;top:0;height:900px;background:#fff">remark</div>', "(position: fixed)"),
    ('<a href="#top" style="outline:3000px solid #fff">top</a>', "(outline: 3000px solid #fff)"),
    ('<p style="visibility:hidden;position:absolute;top:600px"><span style="visibility:visible">1</span></p>',
     "(position: absolute; top: 600px)"),
])
def test_other_ways_of_moving_a_box_over_the_table_are_errors(markup, named):
    """Catches: a box moved by an offset, a transform, a negative margin (up, or sideways past a
    gutter), fixed over the whole window, an outline reaching the table, a hidden box whose
    child is shown: each may be drawn over the table, and was read with exit 0."""
    with pytest.raises(LayoutError, match=r"outside the vendor table may be drawn over it " + re.escape(named)):
        read(after_the_table(PAGE_HTML, markup))


SITE = (".topbar{position:fixed;top:0;left:0;right:0;height:56px;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.1)}"
        ".totop{position:fixed;right:20px;bottom:20px;width:40px;height:40px;border-radius:50%;background:#0a59f7}"
        ".skip{position:absolute;left:-9999px}.menu{position:absolute;top:40px;visibility:hidden;background:#fff}"
        ".aside{float:right;width:200px;background:#eee}.popup{display:none;position:absolute;top:500px;background:#fff}"
        ".row{margin-left:-15px;margin-right:-15px}")


def test_a_sites_bars_links_menus_and_floats_are_read(reference):
    """Catches: the rule refusing what a reader sees past or beside the table: a fixed top bar
    and a back-to-top button (the page scrolls the table past them), a skip link off the screen,
    a closed menu, a floated aside, an empty anchor placed absolutely, a hidden popup, a grid
    row's negative side margins (within a gutter)."""
    page = PAGE_HTML.replace("<body>", '<body><div class="topbar">Docs</div><a class="skip" href="#c">Skip</a>'
                             '<ul class="menu"><li>One</li></ul><a id="top" style="position:absolute;top:0"></a>', 1)
    page = after_the_table(page, '<div class="aside">See also</div><div class="popup">1</div>'
                                 '<div class="row"><p>Footer</p></div><a class="totop" href="#top">^</a>')
    assert page.count('class="topbar"') == 1
    _, _, tidy = read(with_sheet(SITE, page))
    same_rows(tidy.frame, reference[1])


def test_a_rule_this_reader_cannot_decide_that_would_draw_a_box_over_the_table_is_an_error():
    """Catches: a rule for the narrower desktop window only (1024 px applies it, 1920 px not)
    placing a paragraph after the table over it, read as if it did not apply."""
    page = with_sheet("@media (max-width: 1500px) { .remark { position: absolute; top: 600px; background: #fff } }",
                      after_the_table(PAGE_HTML, '<p class="remark">remark</p>'))
    with pytest.raises(SourceError, match=r"rule '.remark' \(inside @media \(max-width: 1500px\)\) may draw the <p> "
                                          r"outside the vendor table over it"):
        read(page)
