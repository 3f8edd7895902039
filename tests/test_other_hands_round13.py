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

from page_variants import PAGE_HTML, read, reference, same_rows  # noqa: F401 (a fixture)
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
