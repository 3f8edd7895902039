"""The Grid: a source table as cells with explicit spans, and every slot's origin.

Every extractor (HTML today, PDF later) produces a Grid; everything downstream
reads only this type. A slot covered by a rowspan/colspan is never given a
copy of the text here: it points at its origin cell, and the normalisation
stage decides how to fill it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import NamedTuple

from .errors import LayoutError, Place, Problem


@dataclass(frozen=True, slots=True, init=False)  # slots: made for every cell of a table, twice as fast
class Cell:
    """One cell as published. row/col are 0-based grid coordinates of its top-left slot."""

    row: int
    col: int
    rowspan: int
    colspan: int
    text: str  # paragraphs joined by '\n', whitespace runs collapsed
    raw_text: str  # the published text, line breaks kept, inner whitespace untouched
    page: int | None = None  # 1-based page for paged sources, None for HTML
    part: int | None = None  # 1-based <table> of a table published in parts, None when it is one piece
    layout_breaks: bool = False  # line breaks in raw_text are the layout's wraps (PDF), not the author's

    def __init__(self, row: int, col: int, rowspan: int, colspan: int, text: str, raw_text: str,
                 page: int | None = None, part: int | None = None, layout_breaks: bool = False) -> None:
        # the dataclass's own __init__ of a frozen class sets each field by object.__setattr__,
        # looked up and called through its wrapper each time; its slot's setter, taken once, sets
        # it in 60 % of the instructions (a Cell is made for every cell of every table)
        _row(self, row)
        _col(self, col)
        _rowspan(self, rowspan)
        _colspan(self, colspan)
        _text(self, text)
        _raw_text(self, raw_text)
        _page(self, page)
        _part(self, part)
        _layout_breaks(self, layout_breaks)

    @property
    def place(self) -> Place:
        return Place(row=self.row + 1, col=self.col + 1, page=self.page, part=self.part)


class CellSpec(NamedTuple):
    """A cell as a row lists it, before it has a grid position (HTML's table model). A named
    tuple: made for every cell of a table and read once, it is made in a fifth of the
    instructions of a frozen dataclass (which sets each field through object.__setattr__)."""

    text: str
    raw_text: str
    rowspan: int = 1
    colspan: int = 1
    page: int | None = None
    part: int | None = None


def part_ends(rows: list[list[CellSpec]]) -> list[int]:
    """For each row, the index one past the last row of its part (the table's end when the
    table is one piece). A row with no cells belongs to the part of the row above."""
    parts: list[int | None] = []
    for row in rows:
        parts.append(row[0].part if row else (parts[-1] if parts else None))
    ends, end = [0] * len(rows), len(rows)
    for r in range(len(rows) - 1, -1, -1):
        if r + 1 < len(rows) and parts[r + 1] != parts[r]:
            end = r + 1
        ends[r] = end
    return ends


def place_rows(source_file: str, rows: list[list[CellSpec]]) -> list[Cell]:
    """Each cell takes the next slot not already taken by a rowspan from above. A span past
    the end of its table is an error, not truncated, because it means the table was cut or
    mis-authored; a table published in parts is closed at the end of each part (HTML tables
    are), so a rowspan cannot run from one part into the next."""
    below: dict[int, set[int]] = {}  # row -> the columns rowspans from the rows above take in it
    cells: list[Cell] = []
    problems = []
    ends = part_ends(rows)
    for r, row in enumerate(rows):
        taken = below.pop(r, ())  # a row's own cells lie left of the next one: only spans from above matter
        c = 0
        for spec in row:
            while c in taken:
                c += 1
            if r + spec.rowspan > ends[r]:
                which = "table" if spec.part is None else "table part"
                problems.append(Problem(
                    Place(r + 1, c + 1, spec.page, spec.part),
                    f"cell {spec.text!r} has rowspan={spec.rowspan} but the {which} ends "
                    f"{ends[r] - r - 1} row(s) below it",
                    f"rowspan at most {ends[r] - r}"))
            cells.append(Cell(r, c, spec.rowspan, spec.colspan, spec.text, spec.raw_text, spec.page, spec.part))
            for rr in range(r + 1, r + spec.rowspan):
                below.setdefault(rr, set()).update(range(c, c + spec.colspan))
            c += spec.colspan
    if problems:
        raise LayoutError(source_file, problems)
    return cells


def row_part(cells: list[Cell], row: list[int | None]) -> int | None:
    """The part a grid row belongs to, read from the cells that fill it."""
    return next((cells[i].part for i in row if i is not None and cells[i].part is not None), None)


# Cell's slot setters (Cell.__init__), in the order of its fields
_row, _col, _rowspan, _colspan, _text, _raw_text, _page, _part, _layout_breaks = (
    vars(Cell)[f.name].__set__ for f in fields(Cell))


@dataclass(frozen=True)
class Grid:
    source_file: str
    cells: tuple[Cell, ...]
    n_rows: int
    n_cols: int
    # origin[r][c] is the index in `cells` of the cell that occupies slot (r, c)
    origin: tuple[tuple[int, ...], ...] = field(repr=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)  # what the reader of the source should know

    @classmethod
    def from_cells(cls, source_file: str, cells: list[Cell]) -> Grid:
        """Check that the cells tile a rectangle exactly, and index their slots."""
        if not cells:
            raise LayoutError(source_file, "the table has no cells")
        n_rows = max(c.row + c.rowspan for c in cells)
        # The first row is the header: its width is the table's width.
        n_cols = max(c.col + c.colspan for c in cells if c.row == 0)
        slots: list[list[int | None]] = [[None] * n_cols for _ in range(n_rows)]
        problems = []
        for index, cell in enumerate(cells):
            if cell.col + cell.colspan > n_cols:
                problems.append(Problem(
                    cell.place, f"cell {cell.text!r} reaches column {cell.col + cell.colspan}, "
                    f"past the header's {n_cols} columns", f"{n_cols} columns in every row"))
            for r in range(cell.row, cell.row + cell.rowspan):
                for c in range(cell.col, min(cell.col + cell.colspan, n_cols)):
                    if slots[r][c] is not None:
                        other = cells[slots[r][c]]
                        problems.append(Problem(
                            Place(r + 1, c + 1, cell.page, cell.part),
                            f"cell {cell.text!r} from {cell.place} overlaps cell {other.text!r} from {other.place}",
                            "cells that do not overlap"))
                    else:
                        slots[r][c] = index
        for r, row in enumerate(slots):
            if None not in row:  # filled (every row of a good table)
                continue
            empty = [c for c, index in enumerate(row) if index is None]
            if empty:
                filled = n_cols - len(empty)
                problems.append(Problem(
                    Place(row=r + 1, part=row_part(cells, row)), f"the row fills {filled} of {n_cols} columns "
                    f"(nothing at column {', '.join(str(c + 1) for c in empty)})",
                    f"{n_cols} columns in every row"))
        if problems:
            raise LayoutError(source_file, problems)
        origin = tuple(tuple(row) for row in slots)  # type: ignore[misc]
        return cls(source_file, tuple(cells), n_rows, n_cols, origin)

    @classmethod
    def from_rows(cls, source_file: str, rows: list[list[CellSpec]]) -> Grid:
        """Place cells the way HTML does (place_rows), then check they tile a rectangle."""
        return cls.from_cells(source_file, place_rows(source_file, rows))

    def cell_at(self, row: int, col: int) -> Cell:
        return self.cells[self.origin[row][col]]

    def is_covered(self, row: int, col: int) -> bool:
        """True when the slot belongs to a span whose text sits in another slot."""
        cell = self.cell_at(row, col)
        return (cell.row, cell.col) != (row, col)

    def row_cells(self, row: int) -> list[Cell]:
        """The cells that start in this row, left to right (what the row physically holds)."""
        return [c for c in self.cells if c.row == row]

    def header_depth(self) -> int:
        """Header rows = the rows spanned by the first row's tallest cell.

        Read from the spans rather than from <thead>, so that a page saved
        without <thead> (or a PDF) gives the same answer."""
        return max(c.rowspan for c in self.row_cells(0))
