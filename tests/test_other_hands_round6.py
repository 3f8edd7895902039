"""Pages made by other hands, round 6: CSS that makes a browser draw the vendor table's cells in
another place or order than the grid the extractor reads from the markup (issue 17): a row
shown as a flexbox or grid (cells reordered, reversed, placed), a floated, positioned or
transformed cell, content moved out of its cell, a mirrored, turned, right-to-left or vertical
table, a row group or row shown as something else (a body row moved to the top or bottom).
Each once read the cells in source order and published them, exit 0, while a reader sees
another value in the column.

Each is now an error naming the element and the declaration; the ordinary declarations that
draw every cell where the grid puts it (a responsive `display:block` table, sticky headers,
`position:relative` cells, transforms and floats on wrappers around the table) still read."""
from __future__ import annotations

import pytest

from page_variants import PAGE_HTML, read, same_rows, with_sheet
from pipeline.errors import LayoutError

ROW = "tbody > tr:nth-child({k})"
# (the rule's target below the k-th body row, its declarations, the declaration the error names);
# each case on a row of its own
OUT_OF_ORDER = [
    ("", "display:flex", "display: flex"),  # with a cell's `order` below: cells reordered
    ("", "display:flex;flex-direction:row-reverse", "display: flex"),
    ("", "display:grid", "display: grid"),
    ("", "display:block", "display: block"),
    ("", "display:contents", "display: contents"),
    ("", "display:table-header-group", "display: table-header-group"),  # drawn at the top
    ("", "display:table-footer-group", "display: table-footer-group"),  # drawn at the bottom
    ("", "display:table-caption", "display: table-caption"),
    ("", "transform:scale(-1,1)", "transform: scale(-1,1)"),  # cells mirrored
    ("", "direction:rtl", "direction: rtl"),
    ("", "position:relative;top:40px", "position: relative; top: 40px"),  # over the next row
    (" td:last-child", "float:right", "float: right"),
    (" td:last-child", "display:inline", "display: inline"),
    (" td:last-child", "position:absolute;left:300px", "position: absolute; left: 300px"),
    (" td:last-child", "position:relative;left:150px", "position: relative; left: 150px"),
    (" td:last-child", "position:fixed", "position: fixed"),
    (" td:last-child", "transform:translatex(150px)", "transform: translatex(150px)"),
    (" td:last-child", "translate:150px", "translate: 150px"),
    (" td:last-child", "rotate:180deg", "rotate: 180deg"),
    (" td:last-child p", "position:relative;left:150px", "position: relative; left: 150px"),  # text out of its cell
    (" td:last-child p", "position:absolute;top:40px", "position: absolute; top: 40px"),
    (" td:last-child p", "transform:rotate(180deg)", "transform: rotate(180deg)"),
    (" td:last-child p", "writing-mode:vertical-rl", "writing-mode: vertical-rl"),
]
# on the whole table or around it: one per read (the table is named once)
TABLE_WIDE = [
    ('<table dir="rtl" ', "", "<table> draws cells out of the table's order (direction: rtl)"),  # columns mirrored
    ("<table ", "body{transform:scaleX(-1)}", "<table> draws cells out of the table's order (transform: scalex(-1))"),
]
IN_PLACE = (  # what sites write around and on tables, drawing each cell where the grid puts it
    "table{display:block;overflow-x:auto;float:left;position:relative;left:10px;transform:translate(-1px,0)}"
    "caption{caption-side:bottom} body>*{transform:translate(2%,0) scale(.98);position:relative;top:3px}"
    "th{position:sticky;top:0} td{position:relative;transform:translateZ(0);float:none;order:0}"
    "table{direction:ltr;border-spacing:4px;empty-cells:hide}"
    "tbody{display:table-header-group} td p{float:right;position:relative;left:0} td{margin-left:-300px}"
)


def problems(html: str) -> list[str]:
    with pytest.raises(LayoutError) as caught:
        read(html)
    return [str(p) for p in caught.value.problems]


def test_cells_drawn_out_of_the_grids_order_are_errors_naming_the_declaration():
    """Catches: a row, a cell or a cell's content drawn elsewhere by CSS (flex or grid rows,
    floats, offsets, transforms, rtl, a body row shown as a header, footer or caption, a
    <thead> shown as a footer) was read in source order and published, exit 0. Each case is
    one error of its own, naming its element and declaration (k-th case on body row k+1)."""
    rules = [f"{ROW.format(k=k)}{target}{{{css}}}" for k, (target, css, _) in enumerate(OUT_OF_ORDER, start=2)]
    rules += [f"{ROW.format(k=2)} td:first-child{{order:-1}}", "thead{display:table-footer-group}"]
    found = problems(with_sheet(" ".join(rules)))
    for target, _, declaration in OUT_OF_ORDER:
        tag = "p" if target.endswith(" p") else "td" if target else "tr"
        message = f"<{tag}> draws cells out of the table's order ({declaration})"
        assert sum(message in p for p in found) >= 1, (message, found)
    assert any("<thead> draws cells out of the table's order (display: table-footer-group)" in p for p in found)
    # (a row mirrored or moved may also put part of the table left of the page: one error more, round 26)
    assert len([p for p in found if "where no reader scrolls" not in p]) == len(OUT_OF_ORDER) + 1, found


@pytest.mark.parametrize("table, css, message", TABLE_WIDE, ids=["dir=rtl", "mirrored page"])
def test_a_mirrored_or_right_to_left_table_is_an_error(table, css, message):
    """Catches: `<table dir=rtl>` (a browser draws its columns right to left) and a mirroring
    transform on the page around the table were read left to right, exit 0."""
    html = PAGE_HTML.replace("<table ", table, 1)
    assert [p for p in problems(with_sheet(css, html) if css else html) if message in p]


def test_declarations_that_draw_cells_in_place_still_read(tidy):
    """Catches: a rule too wide, refusing what sites commonly write: a responsive display:block
    table, sticky headers, relative cells, floats and translations of the table or around it,
    a tbody shown as a header group after the thead (the thead stays the header)."""
    grid, updated, frame = read(with_sheet(IN_PLACE))
    same_rows(frame.frame, tidy["2025-10-22"])
