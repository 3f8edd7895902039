"""Pages and prints made by other hands, round 33 (hunts 118 to 121, session 46).

- **A <bdi> takes its direction from its text** (HTML: a <bdi> without a valid `dir` is `dir=auto`,
  whose direction is that of the first strong letter of its text, hidden text included). A hidden
  Hebrew letter makes it right to left, and an isolate between two digits (an empty <bdi>, a span
  with `unicode-bidi: isolate`, U+FFF9) then makes Chromium draw them in the other order: `14` was
  published where Chromium draws 41. `dir=auto` was refused; a bare <bdi> and `<bdi dir=x>` were not.
  Now a <bdi> without a valid dir, like `dir=auto`, is left to right only where no right-to-left
  letter is in its text (and its parent is left to right); elsewhere it is an error naming it."""
from __future__ import annotations

import pytest

from page_variants import PAGE_HTML, read
from pipeline.errors import LayoutError
from test_other_hands_round31 import CELL, VALUE, with_rule
from chromium import evaluated_on

HIDDEN_LETTER = '<span hidden>\u05d0</span>'
TURNED_BY_A_HIDDEN_LETTER = {  # each drawn 41*Ascend by Chromium 156 (hunt 118's positions of the characters)
    "an empty bdi between the digits": (f"<bdi>{HIDDEN_LETTER}1<bdi></bdi>4</bdi>", ""),
    "an isolating span between them": (f"<bdi>{HIDDEN_LETTER}1<span style='unicode-bidi:isolate'></span>4</bdi>", ""),
    "U+FFF9 between them": (f"<bdi>{HIDDEN_LETTER}1\ufff94</bdi>", ""),
    "an invalid dir": (f"<bdi dir=x>{HIDDEN_LETTER}1<bdi></bdi>4</bdi>", ""),
    "the letter hidden by a rule": ("<bdi><span class=h>\u05d0</span>1<bdi></bdi>4</bdi>", ".h{display:none}"),
}
LEFT_TO_RIGHT = ("<bdi>1<bdi></bdi>4</bdi>", "")  # no right-to-left letter: drawn 14*Ascend


def with_value(markup: str, css: str) -> str:
    """The page with the cell's 4*Ascend written as `markup` then *Ascend, and a sheet."""
    return with_rule(css, PAGE_HTML.replace(VALUE, f'id="{CELL}">{markup}*Ascend<'))


# The cell's characters in the order Chromium draws them, left to right (each character's box).
DRAWN_ORDER = """() => {
  const cell = document.getElementById(%r), out = [];
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    for (let i = 0; i < node.length; i++) {
      const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width > 0) out.push([box.left, node.data[i]]);
    }
  return out.sort((a, b) => a[0] - b[0]).map(p => p[1]).join('');
}""" % CELL


def test_chromium_draws_the_digits_of_a_bdi_turned_by_its_text_right_to_left(browser):
    """The premise: 41*Ascend drawn for each variant, 14*Ascend where the <bdi> holds no
    right-to-left letter."""
    for markup, css in TURNED_BY_A_HIDDEN_LETTER.values():
        assert evaluated_on(browser, with_value(markup, css), DRAWN_ORDER) == "41*Ascend"
    assert evaluated_on(browser, with_value(*LEFT_TO_RIGHT), DRAWN_ORDER) == "14*Ascend"


@pytest.mark.parametrize("name", TURNED_BY_A_HIDDEN_LETTER)
def test_a_bdi_turned_by_a_right_to_left_letter_is_an_error(name):
    """Catches: 14 published where Chromium draws 41."""
    with pytest.raises(LayoutError, match=r"<bdi> draws cells out of the table's order \(direction: auto\)"):
        read(with_value(*TURNED_BY_A_HIDDEN_LETTER[name]))


def test_a_bdi_of_left_to_right_text_is_read():
    """Catches a rule refusing every <bdi>: one without a right-to-left letter is drawn as written."""
    grid, _, _ = read(with_value(*LEFT_TO_RIGHT))
    assert [cell.text for cell in grid.cells if "*Ascend" in cell.text and cell.text.startswith("14")] == ["14*Ascend"]
