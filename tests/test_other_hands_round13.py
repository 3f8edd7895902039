"""Pages made by other hands, round 13 (a hunt of 91 variants on both pages; each case checked
in the system Chromium 156, cell screenshots). Once published wrong with exit 0:

- paint past an inline box's line: a white `padding-top` or `border-top` on a span on the next
  line of the cell, or in the next row's cell, or a white background on a span twice the font
  size with `line-height: 0`, takes no room in the line and is painted over the line above
  (Chromium shows 32 or 2 where 132 was published); a white underline moved up by
  `text-underline-offset: -2.4em` likewise;
- a `<summary>` is a list item in Chromium's own sheet: `list-style-type: '1'` draws a 1
  before its text (132 shown, 32 published);
- `hyphenate-character: '1'` with a soft hyphen in a narrow box: Chromium breaks there and draws
  the 1 (`31` / `2*Ascend` shown, 32 published);
- `font-family: D050000L`, an installed dingbat font: the 1 drawn as a dingbat (132 published)."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError
from test_other_hands_round12 import on_value

FIGURE_SPACE = "&#x2007;"  # one digit wide: the eraser's width
NEXT_ROW = re.search(r'<p id="[^"]+">16\*Ascend</p>', PAGE_HTML)[0]  # row 6, the value under the first 32*Ascend


def problems_of(html: str) -> list[str]:
    with pytest.raises(CellError) as caught:
        read(html)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(("markup", "declaration"), [
    (f'132*Ascend<br><span style="padding-top:1.3em;background:#fff">{FIGURE_SPACE}</span>', "padding-top: 1.3em"),
    (f'132*Ascend<br><span style="border-top:1.3em solid #fff">{FIGURE_SPACE}</span>', "border-top-width: 1.3em"),
    (f'132*Ascend<br><span style="font-size:2em;line-height:0;background:#fff">{FIGURE_SPACE}</span>',
     "font-size: 2em"),
    ('132*Ascend<br><span style="text-decoration:underline #fff;text-decoration-thickness:1.2em;'
     f'text-underline-offset:-2.4em;text-decoration-skip-ink:none">{FIGURE_SPACE}</span>',
     "text-underline-offset: -2.4em"),
    ("<details open><summary style=\"list-style-type:'1'\">32*Ascend</summary></details>", None),
    ('<span style="display:inline-block;width:.7em;hyphenate-character:\'1\'">3&shy;2*Ascend</span>',
     'hyphenate-character: "1"'),
    ('<span style="font-family:D050000L">1</span>32*Ascend', "font-family: d050000l"),
])
def test_what_chromium_draws_beside_or_over_the_text_is_an_error(markup, declaration):
    """Catches: each published as the text written (132 or 32), where Chromium shows another
    value. The summary's marker is read as a list item's, set apart in brackets."""
    problems = problems_of(on_value(markup))
    assert len(problems) == 1 and problems[0].startswith("row 5, column 4:"), problems
    assert f"`{declaration}`" in problems[0] if declaration else "'[1] 32*Ascend' is not a unit count" in problems[0]


def test_paint_lifted_from_the_next_row_is_an_error():
    """Catches: the eraser in the next row's cell, before its own 16*Ascend: transparent padding
    lifts a white top border into the row above (painted after it), over the 1 of 132."""
    page = on_value("132*Ascend").replace(NEXT_ROW, NEXT_ROW.replace(
        ">16*Ascend", f'><span style="padding-top:2.6em;border-top:2em solid #fff">{FIGURE_SPACE}</span>16*Ascend'), 1)
    problems = problems_of(page)
    assert len(problems) == 1 and "`padding-top: 2.6em`" in problems[0], problems


@pytest.mark.parametrize("markup", [
    '<span style="padding:2px 6px;background:#eef">32*Ascend</span>',  # a badge: its padding in the leading
    '<span style="border-top:1px solid #ccc">32*Ascend</span>',
    '<span style="text-decoration:underline;text-underline-offset:2px">32*Ascend</span>',
    "<details open><summary>32*Ascend</summary></details>",  # the disclosure triangle: no number
    "3&shy;2*Ascend",  # a soft hyphen, no break
    '<span style="font-family:\'Segoe UI Symbol\', sans-serif">32*Ascend</span>',
])
def test_ordinary_inline_paint_markers_and_fonts_are_read(markup, reference):
    """What must not be refused: a badge's padding and background, a thin top border, an
    underline a little below the text, a summary's own marker, a soft hyphen, a font stack
    naming a Unicode symbol font."""
    same_rows(read(on_value(markup))[2].frame, reference[1])


# Found by a review of the rules above (each checked in the system Chromium: it shows 32 or a
# dingbat before 32, or blanks the cells before the value, where the row or 132 was published)
REVIEWED = [
    (f'132*Ascend<br><span style="padding-top:60%;background:#fff">{FIGURE_SPACE}</span>', "", "padding-top: 60%"),
    (f'132*Ascend<br><span style="border-top:calc(1.3em) solid #fff">{FIGURE_SPACE}</span>', "",
     "border-top-width: calc(1.3em)"),
    (f'132*Ascend<br><span style="border-top:inherit">{FIGURE_SPACE}</span>', "td p{border-top:1.3em solid #fff}",
     "border-top-width: inherit"),
    (f'132*Ascend<br><span style="text-decoration:underline #fff 1.2em">{FIGURE_SPACE}</span>',
     "td p{text-underline-offset:-2.4em}", "text-underline-offset: -38.4px (inherited)"),
    (f'132*Ascend<br><a href="#x">{FIGURE_SPACE}</a>',
     "a{text-underline-offset:-2.4em;text-decoration-color:#fff;text-decoration-thickness:1.2em}",
     "text-underline-offset: -2.4em"),
    (f'132*Ascend<br><span style="padding-top:26px;background:#fff">{FIGURE_SPACE}</span>',
     "td p{font-size:10px;line-height:2}", "padding-top: 26px"),  # a line of 20 px, not 2 x 16
    ('<span style="font:12px/1.5 &quot;D050000L&quot;">1</span>32*Ascend', "", 'font-family: "d050000l"'),
    ('<span style="font:bold larger D050000L">1</span>32*Ascend', "", "font-family: d050000l"),
    ('<span style="display:block;position:relative;margin-inline-start:-14em;padding-inline-start:14em;'
     'background:#fff">32*Ascend</span>', "", "margin-left: -14em"),
    ('<span style="display:block;-webkit-filter:grayscale(0);box-shadow:-14em 0 0 .8em #fff">32*Ascend</span>', "",
     "box-shadow: -14em 0 0 .8em #fff"),
    ('<span style="display:block;position:relative;-webkit-box-shadow:-14em 0 0 .8em #fff">32*Ascend</span>', "",
     "box-shadow: -14em 0 0 .8em #fff"),
    ('1<span style="border-top:1px solid transparent;border-image:1 / 1.2em 0 0 0 / 0 0 0 0.6em '
     'linear-gradient(#fff,#fff)">32*Ascend</span>', "", "border-image: 1 / 1.2em 0 0 0 / 0 0 0 0.6em"),
]


@pytest.mark.parametrize(("markup", "css", "declaration"), REVIEWED)
def test_the_same_paint_written_otherwise_is_an_error(markup, css, declaration):
    """Catches: a percentage or calc() padding counted as none, a border width written as a
    function taken for its colour, `border-top: inherit` taken as no border, an underline offset
    inherited (or a link's underline moved by a page rule) not seen, a unitless line height taken
    at 16 px, the `font` shorthand's family not found after a quoted or keyword size, the logical
    and -webkit- names of margins, filters and shadows, a border image's source written last."""
    page = on_value(markup)
    problems = problems_of(with_sheet(css, page) if css else page)
    assert len(problems) == 1 and problems[0].startswith("row 5, column 4:") and f"`{declaration}" in problems[0], \
        problems


@pytest.mark.parametrize("markup", ['<span style="padding:4px 8px;background:#eef">32*Ascend</span>',
                                    '<span style="font-size:2em;line-height:1.5;background:#eef">32*Ascend</span>',
                                    '<span style="display:block;will-change:scroll-position, contents;'
                                    'box-shadow:-14em 0 0 .8em #fff">32*Ascend</span>'])
def test_a_badge_a_large_value_and_no_layer_are_read(markup, reference):
    """What must not be refused: a badge's 4 px padding (within a third of the font past its
    line), a value twice the size on a line 1.5 times its own, will-change naming no layer."""
    same_rows(read(on_value(markup))[2].frame, reference[1])
