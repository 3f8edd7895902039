"""Pages rewritten by the tools people pass pages through (round 34, hunt 130, session 47; the
premise checked in Chromium). The encoding rules of that round are in tests/test_html_charset.py."""
from __future__ import annotations

import pytest

from chromium import evaluated_on
from page_variants import ROWS, read, reference, with_sheet  # noqa: F401 (reference is a fixture)
from pipeline.errors import CellError

UNDECLARED = "x|p { display: none }"  # no @namespace names x: the selector is invalid


def test_a_selector_with_an_undeclared_namespace_prefix_is_dropped(browser, reference):
    """Catches (hunt 130) an over-refusal: a rule whose selector names a namespace prefix no
    @namespace declares was "a selector this reader does not decide". CSS makes such a selector
    invalid, and Chromium drops the rule: every cell's <p> is shown, and the page reads whole."""
    html = with_sheet(UNDECLARED)
    assert evaluated_on(browser, html, "() => getComputedStyle(document.querySelector('td p')).display") == "block"
    grid, _, tidy = read(html)
    assert len(tidy.frame) == ROWS and tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])


VALUE_P = "#modelarts_llm_train_590804__p0025"  # a 4*Ascend value of the 2025-10-22 page


def test_a_box_clipping_its_overflow_to_shaped_corners_is_an_error(browser):
    """Catches (hunt 136): `corner-shape: notch` on a value's box that clips its overflow cuts what
    lies in its corners: Chromium 156 drew `32*Ascend` so styled as `2*Ascend` (a screenshot), and
    32 was published. How much a corner cuts, no layout here tells: a shape cutting deeper than
    a round corner, on a box clipping its overflow, is an error naming it. (Chromium computes a
    notch as `superellipse(-infinity)`: the premise checked.)"""
    sheet = f"{VALUE_P} {{ overflow: hidden; border-radius: 12px; corner-shape: notch }}"
    shape = evaluated_on(browser, with_sheet(sheet), "() => CSS.supports('corner-shape', 'notch') && "
                         f"getComputedStyle(document.querySelector('{VALUE_P}')).cornerTopLeftShape")
    assert shape == "superellipse(-infinity)"
    with pytest.raises(CellError, match=r"<p> is drawn with `corner-shape: notch`, which may change what its text "
                                        r"shows and which this reader does not model"):
        read(with_sheet(sheet))


@pytest.mark.parametrize("sheet", [
    f"{VALUE_P} {{ border-radius: 12px; corner-shape: notch }}",  # nothing clipped to the corners
    f"{VALUE_P} {{ overflow: hidden; border-radius: 12px; corner-shape: squircle }}",  # no deeper than round
])
def test_shaped_corners_that_cut_nothing_deeper_than_round_are_read(sheet, reference):
    """Catches the rule above refusing corners that clip nothing (no overflow clipped) or no more
    than round ones do (a squircle is flatter): the page reads whole."""
    _, _, tidy = read(with_sheet(sheet))
    assert len(tidy.frame) == ROWS and tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])
