"""Pages made by other hands, round 14 (a hunt of 149 variants aimed at round 13's rules; each case
checked in the system Chromium 156, cell screenshots). Once published 132 with exit 0 where
Chromium shows 32 (or a dingbat before 32):

- a small block after the value, made a layer by a property round 12 did not list
  (`backface-visibility`, `content-visibility`, `transform-style`, `-webkit-box-reflect`), or a
  positioned table or table row nested in the cell, throwing a white shadow up over the 1;
- a symbol font reached without its name in `font-family`: an `@font-face` whose source is
  `local("D050000L")` under another family name, `<font face>`, `::first-letter`;
- paint past the line by routes round 13 did not read: a thick overline, the underline of `<u>`
  moved up, the `font` shorthand's `/0` line height, `-webkit-animation`.

Also read now: a badge with a card's faint shadow (`0 1px 2px rgba(0,0,0,.15)`), refused before."""
from __future__ import annotations

import pytest

from page_variants import read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError, SourceError
from test_other_hands_round12 import on_value

WHITE_UP = "width:.25em;height:1.2em;box-shadow:0 -2.2em 0 .25em #fff"
AFTER = '132*Ascend</p>{}<p>'  # the value, then what follows it in the cell


@pytest.mark.parametrize(("markup", "css", "named"), [
    (AFTER.format(f'<div style="backface-visibility:hidden;{WHITE_UP}"></div>'), "", "box-shadow: 0 -2.2em"),
    (AFTER.format(f'<div style="content-visibility:auto;{WHITE_UP}"></div>'), "", "box-shadow: 0 -2.2em"),
    (AFTER.format(f'<div style="transform-style:preserve-3d;{WHITE_UP}"></div>'), "", "box-shadow: 0 -2.2em"),
    (AFTER.format(f'<div style="-webkit-box-reflect:below 0;{WHITE_UP}"></div>'), "", "box-shadow: 0 -2.2em"),
    (AFTER.format(f'<table style="position:relative;border-collapse:collapse;border:0;{WHITE_UP}"><tr>'
                  '<td style="padding:0;border:0"></td></tr></table>'), "", "box-shadow: 0 -2.2em"),
    ('<span style="font-family:Plain">1</span>32*Ascend', '@font-face{font-family:Plain;src:local("D050000L")}',
     "font-family: plain"),
    ('<font face="D050000L">1</font>32*Ascend', "", "font-family: d050000l"),
    ('132*Ascend<br><span style="text-decoration:overline #fff;text-decoration-thickness:1.3em">&#x2007;</span>', "",
     "text-decoration-thickness: 1.3em"),
    ('132*Ascend<br><u style="text-decoration-color:#fff;text-underline-offset:-2.3em;'
     'text-decoration-thickness:1.3em">&#x2007;</u>', "", "text-underline-offset: -2.3em"),
    ('132*Ascend<br><span style="font:2.6em/0 sans-serif;background:#fff">&#x2009;</span>', "", "font-size: 2.6em"),
    ('1<span style="-webkit-animation:k 1ms forwards">32*Ascend</span>', "@keyframes k{to{opacity:0}}",
     "animation: k 1ms forwards"),
])
def test_round_13s_paint_by_other_routes_is_an_error(markup, css, named):
    """Catches: each published as the text written, 132 or 32, where Chromium shows another value."""
    page = on_value(markup)
    with pytest.raises(CellError) as caught:
        read(with_sheet(css, page) if css else page)
    problems = [str(p) for p in caught.value.problems]
    assert len(problems) == 1 and problems[0].startswith("row 5, column 4:") and f"`{named}" in problems[0], problems


def test_a_symbol_font_for_a_first_letter_is_refused():
    """Catches: `::first-letter{font-family:D050000L}` drew the 1 of 132 as a dingbat; the rule is
    one this reader does not decide (it styles part of the text), now refused naming it."""
    with pytest.raises(SourceError, match=r"'\.fl::first-letter' may hide, mark or add text"):
        read(with_sheet(".fl::first-letter{font-family:D050000L}", on_value('<span class="fl">132*Ascend</span>')))


def test_a_badge_with_a_faint_shadow_is_read(reference):
    """What must not be refused: a pill badge with a card's faint shadow (an inline box's outer
    shadow, at most 35 % opaque, leaves the text beside it legible)."""
    markup = ('<span style="display:inline-block;padding:2px 8px;border-radius:10px;background:#e8f3ff;'
              'box-shadow:0 1px 2px rgba(0,0,0,.15)">32*Ascend</span>')
    same_rows(read(on_value(markup))[2].frame, reference[1])


@pytest.mark.parametrize("markup", [
    AFTER.format(f'<div style="-webkit-backdrop-filter:blur(0);{WHITE_UP}"></div>'),  # no layer in Chromium 156
    AFTER.format(f'<div style="display:table-cell;position:relative;{WHITE_UP}"></div>'),  # a cell's shadow: under
])
def test_what_chromium_paints_under_the_text_is_read(markup, reference):
    """What must not be refused (the hunt's screenshots of these boxes, at their sizes: 132 shown): a white shadow thrown up by a
    block with -webkit-backdrop-filter, or by a positioned cell nested in the cell."""
    frame = read(on_value(markup))[2].frame
    assert frame.loc[(frame["source_row"] == 5) & (frame["source_col"] == 4), "raw_text"].iloc[0] == "132*Ascend"


def test_a_cjk_fonts_content_area_past_its_line_is_an_error():
    """Catches (round 15, checked in Chromium): a white span ten times the font size on the next
    line, `line-height: 1.2`, in the page's CJK fallback font, whose ascent and descent are 1.448
    of the size: its background reaches over the line above (132 shown as 32, 132 published). The
    content area was taken at 1.2 of the size; now at a CJK font's."""
    markup = ("132*Ascend<br><span style=\"font-family:'Noto Sans CJK SC';font-size:10em;line-height:1.2;"
              'background:#fff">&#x200b;</span>')
    with pytest.raises(CellError, match=r"row 5, column 4: <span> is drawn with `font-size: 10em`"):
        read(on_value(markup))
