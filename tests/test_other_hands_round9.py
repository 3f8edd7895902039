"""Pages made by other hands, round 9: which sheets and rules a browser applies. Each case once
published a value a reader does not see as written, exit 0, and each was checked in the system
Chromium 156 from file:// (Playwright, /usr/bin/chromium): selector lists a browser drops whole,
pseudo-classes it does not know, :has() and :nth-child(… of S) as it matches them, the `type`
of <style> and <link>, sheet URLs resolved by the WHATWG URL Standard, a sheet's MIME type and
integrity, Content-Security-Policy, @starting-style and revert-layer.

The page is the real 2025-10-22 page with its first 16*Ascend written `1<span class="x">6</span>*Ascend`
(test_other_hands_sheets.with_stale_six): a browser that applies `.x{display:none}` shows 1*Ascend."""
from __future__ import annotations

import shutil

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows  # noqa: F401 (a fixture)
from pipeline.errors import SourceError
from test_other_hands_sheets import stale_cell, with_stale_six

HIDDEN, SHOWN = "1*Ascend", "16*Ascend"


# --- selector lists and selectors -------------------------------------------------------------------

@pytest.mark.parametrize("css", [
    ".x, ::-moz-selection{display:none}",  # the common ::selection/::-moz-selection grouping
    ".x, {display:none}",  # a trailing comma: an empty selector
    ", .x{display:none}",
    ".x,,p{display:none}",
    ".x:not(:playing){display:none}",  # pseudo-classes cssselect2 knows and Chromium 156 does not
    ".x:not(:paused){display:none}", ".x:not(:muted){display:none}", ".x:not(:seeking){display:none}",
    ".x:not(:local-link){display:none}", ".x:not(:target-within){display:none}",
    ".x::prefix, .x{display:none}",  # a pseudo-element cssselect2 knows and Chromium does not
    "span:nth-of-type(1 of .x){display:none}",  # only :nth-child and :nth-last-child take `of S`
    "p:has(:has(.x)) .x{display:none}", "p:has(.x::before) .x{display:none}",
    "td{ & .x, {display:none} }",  # a nested rule's list is a list too
], ids=lambda c: c[:28])
def test_a_rule_whose_selector_list_a_browser_finds_invalid_is_dropped_whole(css, reference):
    """Catches: `.x, ::-moz-selection {display:none}` (and a trailing comma, `:not(:playing)`)
    hid the 6: a selector list with one selector a browser does not accept is invalid and the
    rule is dropped whole (Chromium shows 16*Ascend); cssselect2 applied the valid members."""
    same_rows(read(with_stale_six(f"<style>{css}</style>"))[2].frame, reference[1])


@pytest.mark.parametrize("css", [".x, ::selection{display:none}", ".x, ::-webkit-scrollbar{display:none}",
                                 ".x:is(:playing, span){display:none}", ".x:where(span, ::-moz-selection){display:none}",
                                 "span:nth-child(1 of .x, .y){display:none}",
                                 "span:nth-child(n of .x){display:none} p > span.x{display:inline}"],
                         ids=["selection", "webkit-pseudo", "is-forgiving", "where-forgiving", "nth-of-list",
                              "nth-of-specificity"])
def test_a_rule_a_browser_applies_hides_what_it_hides(css):
    """Catches: `:nth-child(1 of .x, .y)` matched only an element of both .x and .y (cssselect2
    joins S with `and`), and `:nth-child(n of .x)` lost to a less specific rule (S's specificity
    left out): Chromium hides the 6 in both. Members a browser accepts keep the list valid
    (::selection, any ::-webkit-…), and :is()/:where() forgive an invalid member."""
    assert stale_cell(read(with_stale_six(f"<style>{css}</style>"))[0]) == HIDDEN


def test_a_has_with_a_complex_relative_selector_is_an_error_where_it_would_change_the_table():
    """Catches: `td:has(> p > .x) .x {display:none}` published 16*Ascend (cssselect2 tests `p >
    .x` on the cell's children, which are <p>s); Chromium hides the 6. Not matched as a browser
    does, so checked like a rule this reader cannot decide: an error naming it."""
    with pytest.raises(SourceError, match=r"rule 'td:has\(> p > \.x\) \.x' may hide, mark or add text"):
        read(with_stale_six("<style>td:has(> p > .x) .x{display:none}</style>"))
    assert stale_cell(read(with_stale_six("<style>p:has(> .x) .x{display:none}</style>"))[0]) == HIDDEN
