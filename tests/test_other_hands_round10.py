"""Pages made by other hands, round 10: what the round-9 hunt left open, and pages Chromium reads
plainly that this reader refused. Each case was checked in the system Chromium 156 (Playwright,
/usr/bin/chromium: innerText, bounding boxes, screenshots).

Once published wrong with exit 0: an outline, or an inline box's outer shadow, painted past its box
over the text beside it (`1<span style="box-shadow:-.6em 0 0 #fff">32*Ascend</span>` shows
32*Ascend, 132 was published); a negative top margin drawing a cell's value over the cell above; a
`::scroll-button()` labelled with a `content` under the value. Once refused though Chromium reads
them plainly: rowspan="4px" (HTML parses the leading integer), `content: "1" / ""` (what follows
the / is alternative text), U+034F between digits (drawn as nothing), `:is(.x, :-moz-focusring)`
(a forgiving list drops the member it does not know), `@media (width > 1px)` (the range syntax),
`background-clip: text` (the gradient-text idiom)."""
from __future__ import annotations

import re

import pytest
import tinycss2

from chromium import tab
from page_variants import PAGE_HTML, read, reference, same_rows, with_sheet  # noqa: F401 (a fixture)
from pipeline.errors import CellError, SourceError
from test_other_hands_round7 import V, layout_problems, on_cells, unseen
from test_other_hands_round8 import on_value
from test_other_hands_round9 import HIDDEN, SHOWN
from test_other_hands_sheets import stale_cell, with_stale_six


def cell_errors(html: str) -> list[str]:
    with pytest.raises(CellError) as caught:
        read(html)
    return [str(p) for p in caught.value.problems]


# --- paint past a box, over the text beside it --------------------------------------------------------

PAINTED_OVER_NEIGHBOURS = [  # (the value's markup, the declaration named): Chromium shows 4*Ascend, or a gap
    ('1<span style="box-shadow:-0.6em 0 0 #fff">4*Ascend</span>', "box-shadow: -0.6em 0 0 #fff"),
    ('1<a href="#x" style="color:inherit;text-decoration:none;outline:0.6em solid #fff">4*Ascend</a>',
     "outline: 0.6em solid #fff"),
    ('<span style="outline:.6em solid #fff">1</span>4*Ascend', "outline: .6em solid #fff"),  # over the text after it
    ('1<span style="display:inline-block;box-shadow:-10px 0 0 2px white">4*Ascend</span>',
     "box-shadow: -10px 0 0 2px white"),
]
PAINTED_NOWHERE = [  # no extent, transparent, a hairline, inset
    '<span style="box-shadow:0 0 0 #000">{v}</span>', '<span style="outline:1em solid transparent">{v}</span>',
    '<span style="outline:1px solid #ccc">{v}</span>', '<span style="box-shadow:-1em 0 0 rgba(0,0,0,0)">{v}</span>',
    '<span style="box-shadow:inset 0 0 0 1px #eee">{v}</span>',
]


@pytest.mark.parametrize(("markup", "declaration"), PAINTED_OVER_NEIGHBOURS)
def test_an_outline_or_an_inline_shadow_painted_over_the_text_beside_it_is_an_error_naming_it(markup, declaration):
    """Catches: `1<span style="box-shadow:-0.6em 0 0 #fff">32*Ascend</span>` and the same with a
    white outline on a link published 132; Chromium paints an inline box's outer shadow over the
    text before it and an outline over all text around it: 32*Ascend is seen. Now a cell error
    naming the element and the declaration."""
    problems = cell_errors(on_value(markup))
    assert len(problems) == 1 and problems[0].startswith("row 3, column 4: <") and f"`{declaration}`" in problems[0], \
        problems


def test_paint_that_covers_no_text_beside_it_still_reads():
    """A block's outer shadow is painted under every text (checked in Chromium: the cells around
    a `box-shadow: 0 0 0 3em #fff` paragraph are whole), and a shadow or outline with no extent,
    transparent, or a hairline covers nothing; they read, beside one that is refused."""
    cases = [("{c}{box-shadow:0 0 0 3em #fff;outline:1px solid #ddd}", V),
             ("{c}{box-shadow:0 1px 3px rgba(0,0,0,.3), inset 0 0 1px #ccc}", V)]
    cases += [("{c}{color:inherit}", markup) for markup in PAINTED_NOWHERE]
    cases.append(("{c} span{outline:3px dashed red}", "<span>{v}</span>"))  # refused: over the cells beside
    problems = cell_errors(on_cells(cases))
    assert len(problems) == 1 and "`outline: 3px dashed red`" in problems[0], problems


# --- a negative top or bottom margin -------------------------------------------------------------------

MOVED_UP_OR_DOWN = [  # (case, the declaration named): the text drawn over the row above or below
    (("{c}{margin:-2.6em 0 0 0}", V), "margin-top: -2.6em"), (("{c}{margin-top:-40px}", V), "margin-top: -40px"),
    (("{c}{margin-bottom:-3em}", V), "margin-bottom: -3em"),
    (("{c} span{display:inline-block;margin-top:-2em}", "<span>{v}</span>"), "margin-top: -2em"),
    (("{c} span{display:block;margin-top:-30px}", "<span>{v}</span>"), "margin-top: -30px"),
]
KEPT_IN_THE_CELL = [  # within the padding, compensated, a plain inline box (its vertical margins do not apply)
    ("{c}{margin-top:-2px}", V), ("{c}{margin-top:-10px;padding-top:10px}", V),
    ("{c} span{margin-top:-3em;margin-bottom:-3em}", "<span>{v}</span>"), ("td:has({c}){margin-top:-40px}", V),
    ("{c}{margin:1em 0 -1px 0}", V),
]


def test_a_negative_top_or_bottom_margin_drawing_text_out_of_its_cell_is_an_error_naming_it():
    """Catches: `<p style="margin:-2.6em 0 0 0">32*Ascend</p>` published 32 where Chromium draws it
    over the 4*Ascend of the cell above and leaves its own cell empty. A negative vertical margin
    past the cell's padding is refused like a horizontal one; one kept within the padding, a
    plain inline box's (vertical margins do not apply to it) and a cell's own still read."""
    problems = layout_problems([case for case, _ in MOVED_UP_OR_DOWN] + KEPT_IN_THE_CELL)
    for _, declaration in MOVED_UP_OR_DOWN:
        assert sum(f"draws cells out of the table's order ({declaration})" in p for p in problems) == 1, declaration
    assert len(problems) == len(MOVED_UP_OR_DOWN), problems


# --- pseudo-elements that draw a content of their own --------------------------------------------------

@pytest.mark.parametrize("css", ['[id$=p0025]{overflow-x:auto} [id$=p0025]::scroll-button(left){content:"1"}',
                                 '[id$=p0025]::scroll-button(*){content:"1"}', 'p::scroll-marker{content:"1"}',
                                 'td::column::scroll-marker{content:"1"}'])
def test_a_scroll_button_or_marker_with_text_on_the_table_is_an_error(css):
    """Catches: `::scroll-button(left){content:"1"}` on a value cell's scroller published its value;
    Chromium 156 draws a button labelled 1 under it. cssselect2 cannot compile the selector and it
    was skipped like `::selection`: now checked like a rule this reader cannot decide, an error
    naming it where it reaches the table."""
    with pytest.raises(SourceError, match=r"rule '[^']*::scroll-(button|marker)[^']*' may hide, mark or add text"):
        read(with_sheet(css))


# --- what Chromium reads plainly -----------------------------------------------------------------------

@pytest.mark.parametrize("written", ["2px", "2.0", "+2", " 2;"])
def test_a_span_is_its_leading_integer_as_html_parses_it(written, reference):
    """Catches: rowspan="4px" refused as not a whole number; HTML parses the leading integer
    (Chromium: td.rowSpan is 4; "2.0", "+2", " 2;" span 2): the page's rows as with "2"."""
    cell = re.search(r'<td [^>]*rowspan="2">', PAGE_HTML)
    html = PAGE_HTML.replace(cell[0], cell[0].replace('rowspan="2"', f'rowspan="{written}"'), 1)
    same_rows(read(html)[2].frame, reference[1])


def test_alternative_text_after_a_slash_in_content_is_not_drawn():
    """Catches: `content: "1" / ""` refused as content this reader cannot spell out; Chromium draws
    the 1 (what follows the / is for assistive technology): 14*Ascend, read as drawn."""
    grid, _, _ = read(on_value("4*Ascend", '[id$=p0025]::before{content:"1" / "one"}'))
    assert next(c.raw_text for c in grid.cells if str(c.place) == "row 3, column 4") == "14*Ascend"


def test_an_invisible_mark_between_digits_is_dropped():
    """Catches: `1\u034f6*Ascend` (a combining grapheme joiner) refused as not a unit count;
    Chromium draws it as nothing (16*Ascend). Dropped with the format characters; the published
    text keeps it."""
    grid, _, tidy = read(on_value("1\u034f6*Ascend"))
    rows = tidy.frame[tidy.frame["raw_text"] == "1\u034f6*Ascend"]
    assert len(rows) and set(rows["min_units"]) == {16}


@pytest.mark.parametrize(("css", "shown"), [
    (":is(.x, :-moz-focusring){display:none}", HIDDEN), (".x:where(:-moz-focusring, span){display:none}", HIDDEN),
    (":is(:-moz-focusring) .x, p .x:where(:-moz-any){display:none}", SHOWN),
    ("@media (width > 1px){.x{display:none}}", HIDDEN), ("@media (400px <= width <= 5000px){.x{display:none}}", HIDDEN),
    ("@media screen and (1px < width) and (height > 10em){.x{display:none}}", HIDDEN),
    ("@media (width < 1px){.x{display:none}}", SHOWN), ("@media not all and (width > 1px){.x{display:none}}", SHOWN),
    (".x{display:if(media(width > 1px): none; else: inline)}", HIDDEN),
])
def test_forgiving_lists_and_range_queries_apply_as_in_chromium(css, shown):
    """Catches: `:is(.x, :-moz-focusring)` (cssselect2 refuses the unknown member, so the whole
    selector was undecided) and `@media (width > 1px)` (the range syntax was not read) refused
    where Chromium hides the 6: a forgiving list drops the member a browser does not accept, and
    a range is answered for both desktop windows."""
    assert stale_cell(read(with_stale_six(f"<style>{css}</style>"))[0]) == shown


BACKGROUND_CLIPPED = [  # (case, seen): the glyphs show the background clipped to them through the fill
    (("{c}{background:linear-gradient(90deg,#000,#335);-webkit-background-clip:text;"
      "-webkit-text-fill-color:transparent}", V), True),
    (("{c}{background:#000 text;color:transparent}", V), True),
    (("{c}{background-color:#000;background-clip:text}", V), True),  # an opaque fill over it
    (("{c}{background-color:#fff;background-clip:text;color:transparent}", V), False),  # white in white
    (("{c}{background-image:linear-gradient(#fff,#eee);background-clip:text;color:rgba(0,0,0,0)}", V), False),
    (("{c}{background:url(x.png) text;color:transparent}", V), False),  # an image: not told
]


def test_a_background_clipped_to_the_text_is_painted_in_the_glyphs():
    """Catches: `background-clip: text` with a transparent fill (the gradient-text idiom) refused
    as transparent text; Chromium draws the glyphs in the background's colours. Out of sight
    where those do not stand out from what is behind the box, or cannot be told."""
    # a background image is also an image the cell paints (round 10, replaced content): `[image] [106*Ascend]`
    problems = [p.replace("'[image] [", "'[") for p in cell_errors(on_cells([case for case, _ in BACKGROUND_CLIPPED]))]
    assert unseen(problems) == [k for k, (_, seen) in enumerate(BACKGROUND_CLIPPED) if not seen], problems
    assert len(problems) == sum(not seen for _, seen in BACKGROUND_CLIPPED), problems


# --- the rules above are Chromium's ----------------------------------------------------------------------

SPANS = ["4px", "2.0", "2;", " 4", "+4", "4 5", "\t3x", "007", "-2", "２", "", "x", "0"]
QUERIES = ["(width > 1px)", "(width < 1px)", "(400px <= width <= 5000px)", "(1px < width)", "(width >= 1400px)",
           "screen and (width > 1px) and (height > 10em)", "not all and (width > 1px)", "(height = 768px)"]
SELECTORS = [":is(p, :-moz-focusring)", ":where(:-moz-focusring, p)", ":is(:-moz-focusring)"]


def test_the_spans_queries_and_forgiving_lists_are_chromiums(browser):
    """span_value parses a span as Chromium does (td.rowSpan), desktop_applies answers a range
    query as Chromium's matchMedia does in both desktop windows, and a forgiving list keeps the
    members Chromium keeps (querySelectorAll)."""
    from pipeline.extract.css_selectors import forgiven
    from pipeline.extract.html_media import WINDOWS, desktop_applies
    from pipeline.extract.html_tables import span_value
    from lxml import etree

    answers = {}
    for window in WINDOWS:
        with tab(browser, int(window["width"]), int(window["height"])) as page:
            page.set_content("<!DOCTYPE html><table><tr><td id=a>x</td></tr></table><p>y</p>")
            spans = page.evaluate("vs => vs.map(v => { const td = document.getElementById('a'); "
                                  "td.setAttribute('rowspan', v); return td.rowSpan })", SPANS)
            media = page.evaluate("qs => qs.map(q => matchMedia(q).matches)", QUERIES)
            found = page.evaluate("ss => ss.map(s => document.querySelectorAll(s).length)", SELECTORS)
        for query, matches in zip(QUERIES, media):
            answers.setdefault(query, set()).add(matches)
    ours = [span_value(etree.fromstring(f'<td rowspan="{v}"/>'.replace("\t", "&#9;")), "rowspan")[1] for v in SPANS]
    assert [(v, n) for v, n, o in zip(SPANS, spans, ours) if o is not None and o != n] == []
    assert [v for v, o in zip(SPANS, ours) if o is None] == ["-2", "２", "x", "0"]  # no span a browser reads: refused
    assert {q: (a.pop() if len(a) == 1 else None) for q, a in answers.items()} == {q: desktop_applies(q) for q in QUERIES}
    written = [tinycss2.serialize(forgiven(tinycss2.parse_component_value_list(s))) for s in SELECTORS]
    assert written == [":is(p)", ":where(p)", ":not(*)"] and found == [1, 1, 0]
