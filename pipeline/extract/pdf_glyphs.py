"""Every glyph printed in the vendor table's columns accounted for.

A character whose centre lies inside the table's box goes to the cell holding it
(pdf_cells.cell_chars). Two kinds of glyphs lie in the table's columns without their
centre inside it, and neither may be left out silently:

- glyphs drawn just below the table's bottom rule: where a page break falls inside a
  cell whose last line does not fit, Chromium draws that line below the rule, under
  the cell left open there (`DeepSee` above the rule, `k-V3/R1` below it), and the
  cell's box on the next page holds what comes after. The lines directly below the
  table (the first within a line of the rule, each next within a line of the one
  before) are read: glyphs under a cell left open at the bottom, in the size of its
  text and lined up with its lines, are the rest of that cell, and anything else in
  that size on such a line is an error. Text in another size (a page number, a running
  footer), a line reaching past the table's sides, a line with nothing under an open
  cell (a note after the table's last row) and whatever lies below white space are
  not the table's.
- glyphs crossing the table's outer border with their centre outside it (text
  overflowing a side of the table, a line set over its top or bottom rule that is not
  the rest of a cell): an error.
- glyphs whose box crosses a column's rule, drawn on the other side of it than their box's
  centre (a `1` whose box a wide advance stretches over the rule: drawn left of it, in the
  cell before): an error, never a glyph given to the cell that does not show it. Where it
  is drawn is seen on the page (pdf_ink.Sight.drawn_across).
- glyphs set at an angle (neither square nor at a right angle: a watermark, a stamp) on
  the line of the table's text, within a font size of a glyph of it: a `1` tilted by 4
  degrees before `32*Ascend` is read by the eye as part of it, 132, while the table's
  text without it says 32. An error; a mark at an angle clear of the table's text is not
  the table's and is left out.
- glyphs beside the table in a column whose rules run on past its side but are never
  closed (a table wider than the page, cut by it inside a column: Chromium draws the
  rows' rules on past the page's edge and the text up to it, `Mind` of `MindSpeed-RL`):
  an error, never a table read without its last columns.

Errors name the page, the position (points from the page's top-left) and the text.
"""
from __future__ import annotations

import bisect

from ..errors import LayoutError, Place, Problem
from .pdf_cells import PageTable, char_lines, line_text

ALIGNED = 1.0  # points: lines whose left, right or centre are this close are lined up
SAME_SIZE = 0.1  # points of font size
CROSSING = 1.0  # points: a glyph's box reaching this far over a border crosses it (less only touches it)
RUN_ON = 3.0  # points: row rules may run on past the table's side as far as a border's join (ReportLab's 1.9)
LINE_GAP = 1.0  # of the font size: the most white space between the lines of one paragraph


def centre(char: dict) -> tuple[float, float]:
    return (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2


def inside(char: dict, bbox: tuple) -> bool:
    x, y = centre(char)
    return bbox[0] <= x <= bbox[2] and bbox[1] <= y <= bbox[3]


def crosses_border(char: dict, bbox: tuple) -> bool:
    """Does the glyph's box reach over the table's border, its centre outside the table?"""
    x0, top, x1, bottom = bbox
    overlaps = (char["x1"] > x0 + CROSSING and char["x0"] < x1 - CROSSING
                and char["bottom"] > top + CROSSING and char["top"] < bottom - CROSSING)
    return overlaps and not inside(char, bbox)


def lines_below(chars: list[dict], bbox: tuple) -> list[list[dict]]:
    """The lines of text directly below the table, inside its sides: the first starting
    within a line of the bottom rule, each next within a line of the one before. A line is
    the glyphs of one font size on one baseline (a page number set smaller just below a
    line of the table's is a line of its own). What lies further down, after white space,
    and a line reaching past the table's sides (a running footer set across the page) are
    not the table's."""
    x0, _, x1, bottom = bbox
    under = [ch for ch in chars if centre(ch)[1] > bottom]
    sizes: dict[float, list[dict]] = {}
    for ch in under:
        sizes.setdefault(round(ch["size"], 1), []).append(ch)
    lines = sorted((line for same in sizes.values() for line in char_lines(same)),
                   key=lambda line: min(ch["top"] for ch in line))
    band, reach = [], bottom
    for line in lines:
        if min(ch["top"] for ch in line) - reach > LINE_GAP * max(ch["size"] for ch in line):
            break
        if all(x0 <= centre(ch)[0] <= x1 for ch in line):
            band.append(line)
            reach = max(reach, max(ch["bottom"] for ch in line))
    return band


def where(chars: list[dict]) -> str:
    first = min(chars, key=lambda ch: ch["x0"])
    return f"at {first['x0']:.0f} pt from the left, {first['top']:.0f} pt from the top: {line_text(chars)!r}"


def check_border(chars: list[dict], bbox: tuple, page: int, source: str) -> None:
    """No glyph may cross the table's outer border with its centre outside (it would belong
    to no cell). Text overflowing the bottom rule is not checked here: see overflow."""
    crossing = [ch for ch in chars if ch["text"].strip() and crosses_border(ch, bbox)
                and centre(ch)[1] <= bbox[3]]
    if crossing:
        line = char_lines(crossing)[0]
        raise LayoutError(source, Problem(
            Place(page=page), f"text printed across the vendor table's border, in no cell ({where(line)})",
            "every glyph in the table's columns inside one cell"))


def rows_run_on(page_edges: list[dict], bbox: tuple) -> tuple[float, float]:
    """How far the horizontal rules of the table's rows run on past its left and right sides
    (the table's own sides when none does): rules starting at a side (or crossing it) between
    the table's top and bottom rules, the rows of a column pdfplumber did not close."""
    x0, top, x1, bottom = bbox
    rows = [e for e in page_edges if e["orientation"] == "h" and top - CROSSING <= e["top"] <= bottom + CROSSING]
    left = min([x0] + [e["x0"] for e in rows if e["x0"] < x0 - CROSSING and e["x1"] >= x0 - CROSSING])
    right = max([x1] + [e["x1"] for e in rows if e["x1"] > x1 + CROSSING and e["x0"] <= x1 + CROSSING])
    return left, right


def check_rows_run_on(chars: list[dict], bbox: tuple, run_on: tuple[float, float] | None, page: int,
                      source: str) -> None:
    """No glyph may lie beside the table, on its rows, under rules that run on past its side:
    that is a column of the table left unclosed (cut by the page's edge), not read. Nor may
    the rules run on past a side further than a border's join (RUN_ON) with nothing under them:
    a column cut before its first glyph (Chromium clips a table wider than the page at its
    margin, inside a column: its frameworks were left out without a word, hunt 71)."""
    if run_on is None:
        return
    x0, top, x1, bottom = bbox
    beside = [ch for ch in chars if ch["text"].strip() and top < centre(ch)[1] < bottom
              and (run_on[0] <= centre(ch)[0] < x0 or x1 < centre(ch)[0] <= run_on[1])]
    if beside:
        line = char_lines(beside)[0]
        side = "left" if centre(line[0])[0] < x0 else "right"
        raise LayoutError(source, Problem(
            Place(page=page), f"text printed in the vendor table's rows past its {side} side, in a column whose "
            f"rules run on to {run_on[0 if side == 'left' else 1]:.0f} pt but never close ({where(line)}): the "
            "table was cut (by the page's edge?)", "the whole table inside the page, every column ruled on both "
            "sides"))
    for side, past in (("left", x0 - run_on[0]), ("right", run_on[1] - x1)):
        if past > RUN_ON:
            raise LayoutError(source, Problem(
                Place(page=page), f"the vendor table's row rules run on {past:.0f} pt past its {side} side and never "
                "close: a column cut (by the page's edge or its margin?)", "the whole table inside the page, every "
                "column ruled on both sides"))


def add_overflow(table: PageTable, chars: list[list[dict]], band: list[list[dict]], source: str,
                 recurs=lambda run: False) -> None:
    """Add to `chars` (each cell's characters, in the order of table.cells) the glyphs of the
    lines below the table that go on a cell left open at the bottom: those under it, set in
    the size of its text and lined up with its lines (their left, right or centre). Glyphs
    of that size under an open cell not lined up with it, or beside the rest of a cell
    under a cell ruled off, belong to no cell: an error. A line with nothing under an open
    cell is not the table's (a note after its last row); nor is text set in another size
    (a page number, a running footer). One lined up with it that `recurs` (printed at the same
    height on another of the table's pages: a page number set like the cell's text) is an error:
    it would read as the cell's next line (hunt 181: `DeepSeek-V3/R1` and a page's 3 under it
    published as DeepSeek-R13)."""
    bottom = [(i, cell) for i, cell in enumerate(table.cells) if cell.row + cell.rowspan == table.n_rows]
    for line in band:
        runs: dict[int, list[dict]] = {}
        for ch in line:
            col = bisect.bisect(table.xs, centre(ch)[0]) - 1
            index = next((i for i, c in bottom if c.col <= col < c.col + c.colspan), None)
            if index is not None and ch["text"].strip():
                runs.setdefault(index, []).append(ch)
        in_size = {i: run for i, run in runs.items() if same_size(chars[i], run)}
        if not any(table.cells[i].open_bottom for i in in_size):
            check_not_crossing(line, table, source)
            continue
        for i, run in in_size.items():
            if not (table.cells[i].open_bottom and lined_up(chars[i], run)):
                raise LayoutError(source, Problem(
                    Place(page=table.page), f"text printed below the vendor table's bottom rule in no cell "
                    f"({where(run)})", "every glyph in the table's columns inside one cell (below the table only "
                    "the rest of a cell left open at the page break, lined up with its text)"))
        for i, run in in_size.items():
            if recurs(run):
                raise LayoutError(source, Problem(
                    Place(page=table.page), f"a line printed below the vendor table's bottom rule, lined up with a "
                    f"cell left open there, is printed at the same height on another of its pages ({where(run)}): a "
                    "page number or running footer, which would read as the cell's next line",
                    "below a cell cut at the page break only the rest of its text, and page numbers and footers "
                    "clear of it"))
            chars[i].extend(run)


def check_not_crossing(line: list[dict], table: PageTable, source: str) -> None:
    """A line below the table that is not its text (a note) must not cross its bottom rule."""
    crossing = [ch for ch in line if ch["text"].strip() and ch["top"] < table.ys[-1] - CROSSING]
    if crossing:
        raise LayoutError(source, Problem(
            Place(page=table.page), f"text printed across the vendor table's border, in no cell ({where(crossing)})",
            "every glyph in the table's columns inside one cell"))


def same_size(mine: list[dict], run: list[dict]) -> bool:
    """Is the run set in the size of the cell's last line (its glyphs on this page)?"""
    if not mine:
        return False
    last = char_lines(mine)[-1]
    return abs(max(ch["size"] for ch in last) - max(ch["size"] for ch in run)) <= SAME_SIZE


def lined_up(mine: list[dict], run: list[dict]) -> bool:
    """Is the run lined up with one of the cell's lines, on the left, the right or the centre
    (as its text is aligned)?"""
    left, right = run[0]["x0"], run[-1]["x1"]
    for line in char_lines(mine):
        ink = [ch for ch in line if ch["text"].strip()]
        a, b = ink[0]["x0"], ink[-1]["x1"]
        if min(abs(a - left), abs(b - right), abs((a + b) - (left + right)) / 2) <= ALIGNED:
            return True
    return False


def check_tilted(tilted: list[dict], table_chars: list[dict], bbox: tuple, page: int, source: str) -> None:
    """No glyph set at an angle (`tilted`: the page's characters that are not set square)
    lies on a line of the table's text (`table_chars`), within a font size of one of its
    glyphs: it would be read with it."""
    x0, top, x1, bottom = bbox
    near = [ch for ch in tilted if ch["text"].strip() and ch["x1"] > x0 and ch["x0"] < x1 and ch["bottom"] > top
            and ch["top"] < bottom]
    for ch in near:
        if any(ch["top"] < other["bottom"] and other["top"] < ch["bottom"] and ch["x0"] < other["x1"] + other["size"]
               and other["x0"] - other["size"] < ch["x1"] for other in table_chars if other["text"].strip()):
            raise LayoutError(source, Problem(
                Place(page=page), f"a glyph set at an angle on a line of the vendor table's text ({where([ch])}): the "
                "eye reads it with the text beside it, which the table's text does not hold",
                "the table's text set square, and marks at an angle (a watermark, a stamp) clear of it"))
