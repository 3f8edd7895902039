"""Pages made by other hands, round 22 (hunt 39, session 36): a letter spacing of a box's own,
drawn after its last glyph too, leaves a gap inside a number. Checked in the system Chromium by
the hunt (glyph boxes: `1` at 369.8 px, 18.5 wide with its spacing, `4` at 388.3): the page read
`<span style="letter-spacing: .6em">1</span>4*Ascend` as 14 with exit 0, where the same cell
written `1 4*Ascend` (a narrower gap) is refused. The cell is the page's first 16*Ascend."""
from __future__ import annotations

import pytest

from pipeline.errors import MincardsError
from test_other_hands_round21 import shown

APART = r"'1 6\*Ascend' is not a unit count: a space between '1' and '6\*Ascend' may separate two items"


@pytest.mark.parametrize("inner, head", [
    ('<span style="letter-spacing: 0.6em">1</span>6*Ascend', ""),
    ('<span style="letter-spacing: 2px">1</span>6*Ascend', ""),
    ('<span style="letter-spacing: 30%">1</span>6*Ascend', ""),
    ('<span class="n">1</span>6*Ascend', "<style>.n { letter-spacing: .25em }</style>"),
    ('<span style="--gap: .5em; letter-spacing: var(--gap)">1</span>6*Ascend', ""),
], ids=["em", "px", "percent", "sheet", "var"])
def test_a_letter_spacing_of_a_box_s_own_sets_it_apart(inner, head):
    """Catches: the gap after the box's last glyph was not counted, and 16 was published where
    Chromium draws `1  6*Ascend`. The box is set apart as one with a margin is: a separate word."""
    with pytest.raises(MincardsError, match=APART):
        shown(inner, head)


@pytest.mark.parametrize("inner, head", [
    ('<span style="letter-spacing: 0.05em">1</span>6*Ascend', ""),  # a design's tracking: a 0.8 px gap
    ('<span style="letter-spacing: 0.3em">16*Ascend</span>', ""),  # the whole value spaced alike
    ('<span style="letter-spacing: 0.3em">1<b>6</b>*Ascend</span>', ""),  # inherited: every letter alike
    ('<span style="letter-spacing: normal">1</span>6*Ascend', "<style>p { letter-spacing: .3em }</style>"),
    ('<span style="letter-spacing: -0.02em">1</span>6*Ascend', ""),
])
def test_tracking_that_leaves_no_gap_of_its_own_reads(inner, head):
    """The controls: spacing under the floor, spacing of the whole value or inherited by every
    letter alike, and a slight negative tracking draw the number unbroken."""
    assert shown(inner, head) == "16*Ascend"
