"""Pages made by other hands, round 5: style values this reader does not evaluate in the
properties that decide what a reader sees of text: clip-path shapes other than inset() and
circle(0), math functions (calc(), min(), max(), clamp()) in sizes and offsets, and negative
letter or word spacing that piles the glyphs on one another. Each once let a stale digit a
reader does not see be published (`<span class="x">1</span>4*Ascend` as 14 cards, exit 0).

A value is either evaluated exactly or the text it styles is set apart as out of sight, so
a cell holding it is an error naming the cell; values that keep text in sight still read."""
from __future__ import annotations

import re

import pytest

from page_variants import PAGE_HTML, read, with_sheet
from pipeline.errors import CellError, SourceError

VALUE_CELL = re.compile(r'(<p id="modelarts_llm_train_590804__p\d+">)(\d+\*Ascend)</p>')

HIDING = [  # each on a stale `1` before a value: a reader does not see it
    "clip-path:polygon(0 0,0 0,0 0)", "clip-path:polygon(0 0,100% 0,100% 100%)", "clip-path:path('M0 0 L1 1')",
    "clip-path:ellipse(0 0)", "clip-path:url(#nothing)",
    "font-size:calc(0px)", "font-size:calc(1px - 1px)", "font-size:calc(2 * 0px)", "font-size:min(0px, 12px)",
    "font-size:clamp(0px, 0px, 0px)", "font-size:calc(1em - 16px)",
    "font:calc(0px)/0 a", "opacity:calc(2 * 0)", "opacity:max(0, 0)", "text-indent:calc(-10000px)",
    "position:relative;left:calc(-5000px - 5000px)",
    "width:calc(1px);height:calc(0px + 1px);overflow:hidden", "letter-spacing:-1em", "letter-spacing:-2px", "word-spacing:-20%",
    "letter-spacing:calc(-1em)", "word-spacing:-1em", "filter:opacity(calc(0))",
    "color:color-mix(in srgb, white 100%, black)", "color:rgb(calc(255) 255 255)",
    "-webkit-text-fill-color:rgb(from white r g b)",
]
IN_SIGHT = [  # each on a whole value: a reader sees it as it is
    "font-size:calc(10px + 4px)", "font-size:clamp(12px, 1em, 20px)", "font-size:clamp(0px, 1em, 2em)", "letter-spacing:0.5px", "letter-spacing:0",
    "letter-spacing:normal", "word-spacing:2px", "letter-spacing:-0.02em", "letter-spacing:-1px", "clip-path:none", "opacity:calc(1)", "text-indent:calc(2px * 2)",
    "filter:alpha(opacity=100)", "color:rgb(0 0 0)",
]


def styled(hiding: list[str], in_sight: list[str]) -> str:
    """The page with a sheet: a stale `1` styled by each hiding value before the value of a
    cell (every fifth one), and each in-sight value on the whole value of another cell."""
    cells = [c for i, c in enumerate(VALUE_CELL.finditer(PAGE_HTML)) if i % 5 in (0, 2)]
    wrapped = [f'<span class="h{i}">1</span>{{}}' for i in range(len(hiding))] + \
              [f'<span class="v{i}">{{}}</span>' for i in range(len(in_sight))]
    assert len(cells) >= len(wrapped)
    out, last = [], 0
    for pattern, cell in zip(wrapped, cells):
        out += [PAGE_HTML[last:cell.start()], f"{cell[1]}{pattern.format(cell[2])}</p>"]
        last = cell.end()
    css = " ".join([f".h{i}{{{d}}}" for i, d in enumerate(hiding)] + [f".v{i}{{{d}}}" for i, d in enumerate(in_sight)])
    return with_sheet(css, "".join(out) + PAGE_HTML[last:])


def test_values_not_evaluated_never_publish_a_digit_a_reader_does_not_see():
    """Catches: clip-path shapes but inset() and circle(0), calc()/min()/max()/clamp() in
    font-size, opacity, text-indent, offsets and the visually-hidden box, negative
    letter-spacing or word-spacing, and colours tinycss2 cannot compute were ignored: the
    stale digit was read (4 cards published as 14, exit 0). Each is now an error naming its
    cell (`[1]4*Ascend`); a value evaluated to a visible size, a lower bound that keeps a size
    above zero, a small positive spacing, `clip-path:none` or Internet Explorer's filter still
    read the value as it is (a refusal of one would be an extra error, `[4*Ascend]`)."""
    with pytest.raises(CellError) as caught:
        read(styled(HIDING, IN_SIGHT))
    problems = [str(p) for p in caught.value.problems]
    assert all(re.search(r"column \d+: '\[1\]\d+\*Ascend' is not a unit count", p) for p in problems), problems
    assert len(problems) == len(HIDING)


@pytest.mark.parametrize("declaration", ["letter-spacing:-1em", "font-size:calc(0px)", "clip-path:polygon(0 0,0 0,0 0)",
                                         "opacity:calc(1 - 1)"])
def test_an_undecided_rule_with_such_a_value_on_the_table_is_an_error(declaration):
    """Catches: a rule this reader cannot decide (inside @supports) that matches the table's
    cells was let through when its value was one of these, since they did not count as
    changing what a reader sees; the page was read as if the rule did not apply."""
    with pytest.raises(SourceError, match=r"rule 'td p' \(inside @supports \(display: grid\)\) may hide, mark"):
        read(with_sheet(f"@supports (display: grid) {{ td p {{ {declaration} }} }}"))
