"""The Grid: a source table as cells with explicit spans, and every slot's origin.

Every extractor (HTML today, PDF later) produces a Grid; everything downstream
reads only this type. A slot covered by a rowspan/colspan is never given a
copy of the text here: it points at its origin cell, and the normalisation
stage decides how to fill it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import LayoutError, Place, Problem


@dataclass(frozen=True)
class Cell:
    """One cell as published. row/col are 0-based grid coordinates of its top-left slot."""

    row: int
    col: int
    rowspan: int
    colspan: int
    text: str  # paragraphs joined by '\n', whitespace runs collapsed
    raw_text: str  # the published text, line breaks kept, inner whitespace untouched
    page: int | None = None  # 1-based page for paged sources, None for HTML

    @property
    def place(self) -> Place:
        return Place(row=self.row + 1, col=self.col + 1, page=self.page)


@dataclass(frozen=True)
class CellSpec:
    """A cell as a row lists it, before it has a grid position (HTML's table model)."""

    text: str
    raw_text: str
    rowspan: int = 1
    colspan: int = 1
    page: int | None = None


@dataclass(frozen=True)
class Grid:
    source_file: str
    cells: tuple[Cell, ...]
    n_rows: int
    n_cols: int
    # origin[r][c] is the index in `cells` of the cell that occupies slot (r, c)
    origin: tuple[tuple[int, ...], ...] = field(repr=False)

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
                            Place(r + 1, c + 1, cell.page),
                            f"cell {cell.text!r} from {cell.place} overlaps cell {other.text!r} from {other.place}",
                            "cells that do not overlap"))
                    else:
                        slots[r][c] = index
        for r, row in enumerate(slots):
            empty = [c for c, index in enumerate(row) if index is None]
            if empty:
                filled = n_cols - len(empty)
                problems.append(Problem(
                    Place(row=r + 1), f"the row fills {filled} of {n_cols} columns "
                    f"(nothing at column {', '.join(str(c + 1) for c in empty)})",
                    f"{n_cols} columns in every row"))
        if problems:
            raise LayoutError(source_file, problems)
        origin = tuple(tuple(index for index in row) for row in slots)  # type: ignore[misc]
        return cls(source_file, tuple(cells), n_rows, n_cols, origin)

    @classmethod
    def from_rows(cls, source_file: str, rows: list[list[CellSpec]]) -> Grid:
        """Place cells the way HTML does: each cell takes the next slot not already
        taken by a rowspan from above. A span past the table's end is an error,
        not truncated, because it means the table was cut or mis-authored."""
        taken: set[tuple[int, int]] = set()
        cells: list[Cell] = []
        problems = []
        for r, row in enumerate(rows):
            c = 0
            for spec in row:
                while (r, c) in taken:
                    c += 1
                if r + spec.rowspan > len(rows):
                    problems.append(Problem(
                        Place(r + 1, c + 1, spec.page),
                        f"cell {spec.text!r} has rowspan={spec.rowspan} but the table ends "
                        f"{len(rows) - r - 1} row(s) below it",
                        f"rowspan at most {len(rows) - r}"))
                cells.append(Cell(r, c, spec.rowspan, spec.colspan, spec.text, spec.raw_text, spec.page))
                taken.update((rr, cc) for rr in range(r, r + spec.rowspan)
                             for cc in range(c, c + spec.colspan))
                c += spec.colspan
        if problems:
            raise LayoutError(source_file, problems)
        return cls.from_cells(source_file, cells)

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
