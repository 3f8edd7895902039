"""Pages rewritten by the tools people pass pages through (round 34, hunt 130, session 47; the
premise checked in Chromium). The encoding rules of that round are in tests/test_html_charset.py."""
from __future__ import annotations

from chromium import evaluated_on
from page_variants import ROWS, read, reference, with_sheet  # noqa: F401 (reference is a fixture)

UNDECLARED = "x|p { display: none }"  # no @namespace names x: the selector is invalid


def test_a_selector_with_an_undeclared_namespace_prefix_is_dropped(browser, reference):
    """Catches (hunt 130) an over-refusal: a rule whose selector names a namespace prefix no
    @namespace declares was "a selector this reader does not decide". CSS makes such a selector
    invalid, and Chromium drops the rule: every cell's <p> is shown, and the page reads whole."""
    html = with_sheet(UNDECLARED)
    assert evaluated_on(browser, html, "() => getComputedStyle(document.querySelector('td p')).display") == "block"
    grid, _, tidy = read(html)
    assert len(tidy.frame) == ROWS and tidy.frame[["model", "min_units"]].equals(reference[1][["model", "min_units"]])
