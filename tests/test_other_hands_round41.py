"""Pages made by other hands, round 41 (session 54).

- **A sum without white space around its sign** (round 40's left item): CSS Values 4 wants white
  space on both sides of `+` and `-` in math, and Chromium drops `calc(1px+(15px))` and `calc(1+(0))`
  (a sign before a bracket is no number's sign). This reader worked such a sum out all the same
  (css_math.quantity_of_sum), so a later declaration Chromium drops undid one that hides the stale 1:
  `.x{font-size:0;font-size:calc(1px+(15px))}` published 14 where Chromium shows 4, exit 0. A sum
  is now worked out only with its signs spaced, as its type already was (css_math.sum_type).
- **A bracketed block in a value** (found beside the item above): a value holding `(…)` or `{…}`
  outside any function was kept whatever its property ("left to the reader"), so `.x{color:
  transparent;color:red (x)}` and `.x{opacity:0;opacity:(1)}` published 14 where Chromium shows
  4. Chromium 156 drops such a value in each of its 497 properties, and `[…]` everywhere but a
  grid's line names; so does this reader now (css_values.valid_value), custom properties aside.
"""
from __future__ import annotations

import pytest

from chromium import evaluated_on
from pipeline.errors import CellError
from pipeline.extract.css_values import ALL_RESETS, VALIDATORS
from test_other_hands_round39 import HIDDEN_1, kept_otherwise, published
from test_other_hands_round40 import styled

UNSPACED = {  # a hiding declaration, then one Chromium drops; the property and what Chromium computes
    "a font size of a sum without spaces": (".x{font-size:0;font-size:calc(1px+(15px))}", "fontSize", "0px"),
    "an opacity of a sum without spaces": (".x{opacity:0;opacity:calc(1+(0))}", "opacity", "0"),
    "a font size of a difference spaced on one side": (".x{font-size:0;font-size:calc(16px -(0px))}", "fontSize", "0px"),
}


def test_chromium_drops_the_unspaced_sums(browser):
    """The premise: the later declaration is dropped, so the 1 keeps its zero size or opacity."""
    seen = {name: evaluated_on(browser, styled(sheet),
                               f"() => getComputedStyle(document.querySelector('.x')).{prop}")
            for name, (sheet, prop, _) in UNSPACED.items()}
    assert seen == {name: computed for name, (_, _, computed) in UNSPACED.items()}


@pytest.mark.parametrize("name", UNSPACED)
def test_a_sum_without_spaces_does_not_undo_what_hides_the_1(name):
    """Catches: each published 14, exit 0, where Chromium shows 4 (the 1 out of sight)."""
    with pytest.raises(CellError, match=HIDDEN_1):
        published(styled(UNSPACED[name][0]))


def test_a_zero_size_of_a_sum_without_spaces_hides_nothing():
    """The over-refusal the same rule ends: Chromium drops `font-size: calc(0px+(0px))`, so the 1
    is drawn at its size and the cell reads 14*Ascend."""
    assert published(styled(".x{font-size:calc(0px+(0px))}")) == {14}


VALIDITY = [(name, value) for name in ("font-size", "opacity", "margin-top", "text-indent")
            for value in ("calc(1px+(1q))", "calc(1q+-1px)", "calc(1px +(2px))", "calc((1px)-(1px))", "calc(1 +(1))",
                          "calc(1px/**/+ 1px)", "calc(1px + (1px))", "calc( 1px - 1q )", "min(1px+(1px), 2px)",
                          "calc(1px + -1px)", "calc(1 - -1)", "calc((1)+ 1)")]


@pytest.mark.parametrize("quirks", [False, True], ids=["standards", "quirks"])
def test_sums_are_kept_as_chromium_keeps_them(browser, quirks):
    """Catches a sum whose sign has no white space on a side kept (a hiding declaration undone
    where Chromium keeps it), and a spaced one dropped."""
    assert kept_otherwise(browser, VALIDITY, quirks) == []


BLOCKED = {  # a hiding declaration, then one holding a block Chromium drops
    "a colour with a bracket after it": (".x{color:transparent;color:red (x)}", "color", "rgba(0, 0, 0, 0)"),
    "an opacity in brackets": (".x{opacity:0;opacity:(1)}", "opacity", "0"),
    "a font size with a bracket after it": (".x{font-size:0;font-size:16px (0)}", "fontSize", "0px"),
    "a letter spacing with a signed bracket": (".x{letter-spacing:-5em;letter-spacing:1px -(0) 2px}", "letterSpacing",
                                               "-80px"),
}


def test_chromium_drops_the_values_holding_blocks(browser):
    """The premise: the later declaration is dropped, so the 1 stays hidden (or drawn 5em back,
    over the 4)."""
    seen = {name: evaluated_on(browser, styled(sheet),
                               f"() => getComputedStyle(document.querySelector('.x')).{prop}")
            for name, (sheet, prop, _) in BLOCKED.items()}
    assert seen == {name: computed for name, (_, _, computed) in BLOCKED.items()}


@pytest.mark.parametrize("name", BLOCKED)
def test_a_value_holding_a_block_does_not_undo_what_hides_the_1(name):
    """Catches: each published 14, exit 0, where Chromium does not show the 1 beside the 4."""
    with pytest.raises(CellError, match=HIDDEN_1):
        published(styled(BLOCKED[name][0]))


BLOCK_VALUES = ("(1px)", "1px (0)", "1px -(0) 2px", "[a]", "{1px}", "1px {a}", "none (x)", "(none)", "[a] 1px",
                "red (x)", "0 (0)", "((0))", "[]", "1 [a]")
BLOCK_VALIDITY = [*((name, value) for name in sorted({*ALL_RESETS, *VALIDATORS}) for value in BLOCK_VALUES),
                  *(("grid-template-columns", value) for value in ("[a] 1px", "1px [a]", "[a] 1fr [b]"))]


@pytest.mark.parametrize("quirks", [False, True], ids=["standards", "quirks"])
def test_values_holding_blocks_are_kept_as_chromium_keeps_them(browser, quirks):
    """Catches a value with a block outside any function kept in a property this reader computes
    (Chromium keeps none), and a grid's line names dropped."""
    assert kept_otherwise(browser, BLOCK_VALIDITY, quirks) == []
