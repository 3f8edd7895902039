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
    ('<span style="width:1.9em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;display:inline-block">'
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
