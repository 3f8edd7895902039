"""The vendor table's page tables -> one list of cells in one coordinate system.

The header rows repeated at the top of a page are dropped, a cell left open at the
bottom of a page continues on the next (an empty box there, or the rest of its text
when the whole row was split by the break), and each cell keeps its page.
"""
from __future__ import annotations

from ..errors import LayoutError, Place, Problem
from ..grid import Cell
from .cjk import printed_text
from .pdf_cells import PageCell, PageTable
from .text import collapse_lines


def header_depth(table: PageTable) -> int:
    return max(c.rowspan for c in table.cells if c.row == 0)


def drop_repeated_header(table: PageTable, header: list[list[str]]) -> list[PageCell]:
    """The body cells of a continuation page, without the header rows it repeats (if any)."""
    depth = len(header)
    repeated = table.n_rows > depth and all(table.row_texts(r) == header[r] for r in range(depth))
    skip = depth if repeated else 0
    return [PageCell(c.row - skip, c.col, c.rowspan, c.colspan, c.lines, c.page, c.open_top, c.open_bottom)
            for c in table.cells if c.row >= skip]


def continues(prev: PageCell, nxt: PageCell) -> bool:
    """A box at the top of a page continues the cell above it when it sits in the same
    columns and either that cell was left open at the bottom of the previous page (the
    box then holds the rest of its text, if any) or the box is empty (a producer that
    closes every fragment). The vendor table has no empty cells of its own."""
    return (prev.col, prev.colspan) == (nxt.col, nxt.colspan) and nxt.row == 0 and (prev.open_bottom or nxt.empty)


def stitch(first: PageTable, continuations: list[PageTable], source: str) -> list[Cell]:
    """All pages' cells in one coordinate system; continued cells merged into their origin."""
    depth = header_depth(first)
    header = [first.row_texts(r) for r in range(depth)]
    placed: list[PageCell] = [PageCell(c.row, c.col, c.rowspan, c.colspan, list(c.lines), c.page, c.open_top,
                                       c.open_bottom) for c in first.cells]
    offset = first.n_rows
    for table in continuations:
        body = drop_repeated_header(table, header)
        if not body:
            continue
        last_row = offset - 1
        bottom = [c for c in placed if c.row + c.rowspan - 1 == last_row]
        split = all(c.open_bottom for c in bottom)  # the whole last row was cut by the break
        shift = offset - (1 if split else 0)
        for cell in body:
            above = next((p for p in bottom if continues(p, cell)), None) if cell.row == 0 else None
            if above is None:
                if cell.row == 0 and split:
                    raise LayoutError(source, Problem(Place(shift + 1, cell.col + 1, cell.page),
                                      "a row split by the page break does not continue in the same columns",
                                      "the cells of a split row continued column for column"))
                placed.append(PageCell(cell.row + shift, cell.col, cell.rowspan, cell.colspan, cell.lines,
                                       cell.page, cell.open_top, cell.open_bottom))
                continue
            above.rowspan += cell.rowspan - (1 if split else 0)
            above.lines += cell.lines
            above.open_bottom = cell.open_bottom
        offset = shift + max(c.row + c.rowspan for c in body)
    return [Cell(c.row, c.col, c.rowspan, c.colspan, collapse_lines([printed_text(x) for x in c.lines]),
                 "\n".join(c.lines), c.page) for c in placed]
