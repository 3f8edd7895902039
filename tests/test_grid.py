"""Grid construction: HTML's slot placement, and layouts that do not tile a rectangle."""
from __future__ import annotations

import pytest

from pipeline.errors import LayoutError
from pipeline.grid import CellSpec, Grid


def spec(text: str, rowspan: int = 1, colspan: int = 1) -> CellSpec:
    return CellSpec(text, text, rowspan, colspan)


HEADER = [spec("a"), spec("b"), spec("c")]


def test_cells_skip_slots_taken_by_rowspans_from_above():
    grid = Grid.from_rows("t.html", [HEADER, [spec("x", rowspan=2), spec("y"), spec("z")], [spec("y2", colspan=2)]])
    assert [(c.text, c.row, c.col) for c in grid.row_cells(2)] == [("y2", 2, 1)]
    assert grid.cell_at(2, 0).text == "x" and grid.is_covered(2, 0)
    assert grid.cell_at(2, 2).text == "y2" and grid.is_covered(2, 2)
    assert grid.header_depth() == 1


def test_row_with_too_few_cells_names_the_row_and_the_hole():
    with pytest.raises(LayoutError, match=r"t.html: table layout: row 2: the row fills 2 of 3 columns "
                                          r"\(nothing at column 3\) \(expected 3 columns in every row\)"):
        Grid.from_rows("t.html", [HEADER, [spec("x"), spec("y")]])


def test_row_with_too_many_cells_names_the_extra_cell():
    with pytest.raises(LayoutError, match=r"row 2, column 4: cell 'w' reaches column 4, past the header's 3 columns"):
        Grid.from_rows("t.html", [HEADER, [spec("x"), spec("y"), spec("z"), spec("w")]])


def test_span_past_the_end_of_the_table_is_an_error():
    with pytest.raises(LayoutError, match=r"row 2, column 1: cell 'x' has rowspan=3 but the table ends 0 row\(s\) below it"):
        Grid.from_rows("t.html", [HEADER, [spec("x", rowspan=3), spec("y"), spec("z")]])


def test_overlapping_cells_are_an_error():
    from pipeline.grid import Cell
    cells = [Cell(0, 0, 1, 2, "a", "a"), Cell(0, 1, 1, 1, "b", "b")]
    with pytest.raises(LayoutError, match=r"cell 'b' from row 1, column 2 overlaps cell 'a' from row 1, column 1"):
        Grid.from_cells("t.pdf", cells)


def test_empty_table_is_an_error():
    with pytest.raises(LayoutError, match="the table has no cells"):
        Grid.from_rows("t.html", [])
