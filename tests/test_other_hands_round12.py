"""Pages made by other hands, round 12 (a short hunt on the 2025-10-22 page; each case checked in
the system Chromium 156, cell screenshots): text shadows and ellipses.

Once published wrong with exit 0: `1<span style="text-shadow:-0.7em 0 0 #fff">32*Ascend</span>`
(white copies of the glyphs painted over the 1: Chromium shows 32*Ascend, 132 was published), a
black shadow drawing a copy legible as another digit, and `text-overflow: ellipsis` in a narrow
box clipping its overflow (Chromium draws `1…`, 132 was published)."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows  # noqa: F401 (a fixture)
from pipeline.errors import CellError
from test_other_hands_round8 import on_value as on_cell

THIRTY_TWO = re.search(r'<p id="[^"]+">32\*Ascend</p>', PAGE_HTML)[0]  # the first 32*Ascend: row 5, column 4


def on_value(markup: str) -> str:
    """The page with the first 32*Ascend (row 5, column 4) written as `markup`."""
    return on_cell(markup, cell=THIRTY_TWO)


@pytest.mark.parametrize(("markup", "declaration"), [
    ('1<span style="text-shadow:-0.7em 0 0 #fff">32*Ascend</span>', "text-shadow: -0.7em 0 0 #fff"),
    ('<span style="text-shadow:-0.6em 0 0 #000">32*Ascend</span>', "text-shadow: -0.6em 0 0 #000"),
    # (without a set width: a box of a set width clipping its text is a layout error of its own since session 31,
    # test_other_hands_round16; the ellipsis is refused wherever a box clips, its width left to a layout)
    ('<span style="overflow:hidden;text-overflow:ellipsis;white-space:nowrap;display:inline-block">'
     '132*Ascend</span>', "text-overflow: ellipsis"),
])
def test_a_shadow_moved_apart_or_an_ellipsis_is_an_error_naming_it(markup, declaration):
    """Catches: a text shadow's copy of the glyphs painted over the text before it (white) or
    beside it (black, legible as other digits), and an ellipsis cutting the value short, each
    published as the text written; Chromium shows another value."""
    with pytest.raises(CellError) as caught:
        read(on_value(markup))
    problems = [str(p) for p in caught.value.problems]
    assert len(problems) == 1 and problems[0].startswith("row 5, column 4:") and f"`{declaration}`" in problems[0], problems


def test_a_drop_shadow_moved_apart_sets_the_text_apart():
    """Catches: `1<span style="filter:drop-shadow(-0.7em 0 0 #fff)">32*Ascend</span>` (a white
    copy of the box's glyphs painted over the 1: Chromium shows 32*Ascend) published 132; a
    drop-shadow() was taken as harmless whatever its offset. Now the text is out of sight, set
    apart: the cell fails to parse, naming itself."""
    with pytest.raises(CellError, match=r"row 5, column 4: '1\[32\*Ascend\]' is not a unit count"):
        read(on_value('1<span style="filter:drop-shadow(-0.7em 0 0 #fff)">32*Ascend</span>'))


@pytest.mark.parametrize("markup", ['<span style="text-shadow:0 1px 0 #fff">32*Ascend</span>',
                                    '<span style="text-shadow:0 0 4px #888">32*Ascend</span>',
                                    '<span style="overflow:hidden;text-overflow:clip">32*Ascend</span>'])
def test_a_design_shadow_or_a_plain_clip_is_read(markup, reference):
    """What must not be refused: an embossing shadow a pixel off, a glow (its blur fades, it
    does not move a copy), text-overflow: clip."""
    same_rows(read(on_value(markup))[2].frame, reference[1])


# Found by the same hunt, closed after it (each checked in Chromium 156, row screenshots): a box
# painted as a layer of its own (positioned, or a stacking context) is drawn after all the in-flow
# text of the table, so its shadow or a background pulled out by a negative margin blanks the cells
# before it (`4096` and most of `full` vanish, the row was published whole); a border image moved
# out of an inline box by border-image-outset paints over the 1 of 132 (132 was published).
BLOCK = '<span style="display:block;{}">32*Ascend</span>'
WHITE_SHADOW = "box-shadow:-14em 0 0 .8em #fff"


@pytest.mark.parametrize(("markup", "declaration"), [
    (BLOCK.format(f"position:relative;{WHITE_SHADOW}"), "box-shadow: -14em 0 0 .8em #fff"),
    (BLOCK.format(f"isolation:isolate;{WHITE_SHADOW}"), "box-shadow: -14em 0 0 .8em #fff"),
    (BLOCK.format(f"opacity:.99;{WHITE_SHADOW}"), "box-shadow: -14em 0 0 .8em #fff"),
    (BLOCK.format(f"will-change:opacity;{WHITE_SHADOW}"), "box-shadow: -14em 0 0 .8em #fff"),
    (BLOCK.format(f"filter:grayscale(0);{WHITE_SHADOW}"), "box-shadow: -14em 0 0 .8em #fff"),
    ('<span style="display:block;position:relative">' + BLOCK.format(WHITE_SHADOW) + "</span>",
     "box-shadow: -14em 0 0 .8em #fff"),
    (BLOCK.format("position:relative;margin-left:-14em;padding-left:14em;background:#fff"), "margin-left: -14em"),
    ('1<span style="border-top:1px solid transparent;border-image:linear-gradient(#fff,#fff) 1 / 1.2em 0 0 0 / '
     '0 0 0 0.6em">32*Ascend</span>', "border-image: linear-gradient(#fff,#fff) 1 / 1.2em 0 0 0 / 0 0 0 0.6em"),
    ('1<span style="border-top:1px solid transparent;border-image-source:linear-gradient(#fff,#fff);'
     'border-image-slice:1;border-image-width:1.2em 0 0 0;border-image-outset:0 0 0 .6em">32*Ascend</span>',
     "border-image-outset: 0 0 0 .6em"),
])
def test_paint_past_a_layer_or_an_inline_box_is_an_error_naming_it(markup, declaration):
    """Catches: a positioned or stacking-context block taken, like a plain one, to paint its shadow
    and background under all text (also a plain block inside such a layer), and a border image's
    outset not read at all."""
    with pytest.raises(CellError) as caught:
        read(on_value(markup))
    problems = [str(p) for p in caught.value.problems]
    assert len(problems) == 1 and problems[0].startswith("row 5, column 4:") and f"`{declaration}`" in problems[0], problems


@pytest.mark.parametrize("markup", [BLOCK.format(WHITE_SHADOW),
                                    BLOCK.format("margin-left:-14em;padding-left:14em;background:#fff"),
                                    BLOCK.format("position:relative;background:#fff"),
                                    '<span style="border-image:linear-gradient(#fff,#fff) 1 / 1.2em 0 0 0">32*Ascend</span>'])
def test_paint_under_the_text_or_inside_the_box_is_read(markup, reference):
    """What must not be refused: a plain block's shadow and background, painted under every text
    (Chromium shows the row whole), a layer painting only inside itself, a border image not moved
    out."""
    same_rows(read(on_value(markup))[2].frame, reference[1])
