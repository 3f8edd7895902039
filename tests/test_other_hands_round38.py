"""Pages made by other hands, round 38 (session 51).

- **A cell's padding in a rule this reader does not decide** (left open in round 37): premailer and
  minify-html write `@supports (display: grid) { .cellrowborder { padding: 2px } }`; the rule was
  judged on an inline box, which a padding sets apart from its neighbours, and the page refused.
  A padding or border sets apart only an element shown inline: a cell's or a paragraph's text is
  apart anyway (html_styles.changes_reading, judged for the element's tag). A padding on an inline
  box, a float or a position in such a rule is still refused.
"""
from __future__ import annotations

import pytest

from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (reference is a fixture)
from pipeline.errors import SourceError
from test_other_hands_round37 import before_the_value

UNDECIDED = "by a selector or inside an at-rule this reader does not decide"

READ = {
    "a cell's padding": "@supports (display: grid) { .cellrowborder { padding: 2px } }",
    "a cell's padding, by a selector not decided": "@supports selector(:has(a)) { td { padding: 3px 6px } }",
    "a paragraph's padding in a cell": "@supports (display: grid) { td p { padding: 0 4px } }",
    "a cell's side border": "@supports (display: grid) { td { border-left: 3px solid #ccc } }",
    "the table's and headings' padding": "@supports (display: grid) { table { padding: 3px } th { padding: 6px } }",
}


@pytest.mark.parametrize("name", READ)
def test_a_cells_padding_in_a_rule_not_decided_is_read(name, reference):  # noqa: F811
    """Catches (round 37's left item): the whole page refused for a padding on its cells inside
    @supports, which sets no cell's text apart whether a browser applies the rule or not."""
    same_rows(read(with_sheet(READ[name]))[2].frame, reference[1])


REFUSED = {
    "an inline box's padding": (before_the_value('<span class="apart">1</span>'),
                                "@supports (display: grid) { .apart { padding: 0 6px } }"),
    "a cell floated": (PAGE_HTML, "@supports (display: grid) { td { float: left } }"),
    "a cell out of the flow": (PAGE_HTML, "@supports (display: grid) { td { position: absolute } }"),
    "a cell shown inline with a padding": (PAGE_HTML, "@supports (display: grid) { td { display: inline; padding: 4px } }"),
    "a cell's padding with its text hidden": (PAGE_HTML, "@supports (display: grid) { td { padding: 3px; font-size: 0 } }"),
}


@pytest.mark.parametrize("name", REFUSED)
def test_what_sets_text_apart_in_a_rule_not_decided_is_refused(name):
    """Catches a padding let through on any element: `1` in its own padded box before `4*Ascend`
    reads as two values in a browser applying the rule, 14 in one that does not."""
    page, sheet = REFUSED[name]
    with pytest.raises(SourceError, match=UNDECIDED):
        read(with_sheet(sheet, page))
