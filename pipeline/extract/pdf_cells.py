"""One ruled table on one page -> cells, from geometry alone.

Row and column boundaries are the positions of all cell edges of the table; two
neighbouring slots belong to one cell when no edge separates them, so rowspans and
colspans follow from the boundaries a cell's box crosses. Text per cell comes from
the characters whose centre lies in its box.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from pdfplumber.table import merge_edges

from ..errors import LayoutError, Place, Problem
from ..limits import DEFAULT, Limits
from ..tokens import squash
from .cjk import printed_text

TOLERANCE = 2.0  # points: edges this close are one boundary
MIN_EDGE = 3.0  # points: shorter edges are the ends of a border drawn as a thin filled rectangle
OVERPRINT = 0.3  # of the font size: the narrowest glyphs ('l', 'i', '.') advance more than this


@dataclass
class PageCell:
    """A cell as drawn on one page, in that page's own grid."""
    row: int
    col: int
    rowspan: int
    colspan: int
    lines: list[str]  # raw text lines, as extracted
    page: int
    open_top: bool = False
    open_bottom: bool = False
    # Wrap evidence (see wrap_evidence), in points.
    room: float | None = None  # left at the end of the last line, the table's padding taken
    least_room: float | None = None  # the same, the cell's own gap at the left taken as its padding
    ends_at_break: bool = False  # the last line ends where a line may break ('/', '-', an ideograph)
    first_char: float | None = None  # width of the first character
    first_word: float | None = None  # width up to the first place a line may break

    @property
    def empty(self) -> bool:
        return not any(line.strip() for line in self.lines)


@dataclass
class PageTable:
    page: int
    xs: list[float]  # column boundaries
    ys: list[float]  # row boundaries (top to bottom)
    cells: list[PageCell] = field(default_factory=list)

    @property
    def n_rows(self) -> int:
        return len(self.ys) - 1

    def cell_at(self, row: int, col: int) -> PageCell:
        return next(c for c in self.cells if c.row <= row < c.row + c.rowspan and c.col <= col < c.col + c.colspan)

    def row_texts(self, row: int) -> list[str]:
        return [squash(printed_text("".join(self.cell_at(row, col).lines))) for col in range(len(self.xs) - 1)]


def cluster(values: list[float]) -> list[float]:
    """Sorted positions with those closer than TOLERANCE merged (their mean)."""
    groups: list[list[float]] = []
    for value in sorted(values):
        if groups and value - groups[-1][-1] <= TOLERANCE:
            groups[-1].append(value)
        else:
            groups.append([value])
    return [sum(g) / len(g) for g in groups]


class Ruling:
    """The edges lying on each row and column boundary, so that "is there a rule between
    these two slots?" looks only at the edges on that one boundary."""

    def __init__(self, edges: list[dict], xs: list[float], ys: list[float]):
        self.vertical = self.on_boundaries(edges, "v", xs)
        self.horizontal = self.on_boundaries(edges, "h", ys)

    @staticmethod
    def on_boundaries(edges: list[dict], orientation: str, positions: list[float]) -> list[list[tuple]]:
        at, lo, hi = ("x0", "top", "bottom") if orientation == "v" else ("top", "x0", "x1")
        found: list[list[tuple]] = [[] for _ in positions]
        for edge in edges:
            if edge["orientation"] != orientation:
                continue
            i = min(bisect.bisect(positions, edge[at]), len(positions) - 1)
            nearest = min((j for j in (i - 1, i) if j >= 0), key=lambda j: abs(positions[j] - edge[at]))
            if abs(positions[nearest] - edge[at]) <= TOLERANCE:
                found[nearest].append((edge[lo], edge[hi]))
        return found

    @staticmethod
    def runs_over(spans: list[tuple], lo: float, hi: float) -> bool:
        mid = (lo + hi) / 2
        return any(a - TOLERANCE <= mid <= b + TOLERANCE for a, b in spans)

    def vertical_rule(self, col: int, lo: float, hi: float) -> bool:
        """A rule on column boundary `col` over the middle of [lo, hi]?"""
        return self.runs_over(self.vertical[col], lo, hi)

    def horizontal_rule(self, row: int, lo: float, hi: float) -> bool:
        """A rule on row boundary `row` over the middle of [lo, hi]?"""
        return self.runs_over(self.horizontal[row], lo, hi)


def region_edges(page_edges: list[dict], bbox: tuple[float, float, float, float]) -> tuple[list[dict], tuple]:
    """The ruling of one table: edges inside its box, the box stretched over vertical rules
    that run past it (a row left open at the bottom of a page is not boxed in)."""
    x0, top, x1, bottom = bbox
    inside_x = lambda e: x0 - TOLERANCE <= e["x0"] and e["x1"] <= x1 + TOLERANCE  # noqa: E731
    verticals = [e for e in page_edges if e["orientation"] == "v" and inside_x(e)
                 and e["bottom"] >= top - TOLERANCE and e["top"] <= bottom + TOLERANCE]
    top = min([top] + [e["top"] for e in verticals])
    bottom = max([bottom] + [e["bottom"] for e in verticals])
    edges = [e for e in page_edges if inside_x(e) and e["bottom"] >= top - TOLERANCE
             and e["top"] <= bottom + TOLERANCE]
    # Snapped and joined per table: page-wide snapping would pull a neighbouring
    # table's rule (2 pt away) onto this table's column boundary.
    return merge_edges(edges, TOLERANCE, TOLERANCE, TOLERANCE, TOLERANCE), (x0, top, x1, bottom)


def column_boundaries(edges: list[dict], bbox: tuple) -> list[float]:
    return cluster([e["x0"] for e in edges if e["orientation"] == "v"] + [bbox[0], bbox[2]])


def row_boundaries(edges: list[dict], bbox: tuple) -> list[float]:
    return cluster([e["top"] for e in edges if e["orientation"] == "h"] + [bbox[1], bbox[3]])


def dividing_rules(edges: list[dict], bbox: tuple) -> list[tuple[str, float, float, float]]:
    """The rules page_table takes as dividing two slots inside the table (not its outer border):
    each as its orientation ('h', 'v'), its position (top, or x) and the slot's side it runs along
    (from, to), in points."""
    xs, ys = column_boundaries(edges, bbox), row_boundaries(edges, bbox)
    rules = Ruling(edges, xs, ys)
    across = [("h", ys[r], xs[c], xs[c + 1]) for r in range(1, len(ys) - 1) for c in range(len(xs) - 1)
              if rules.horizontal_rule(r, xs[c], xs[c + 1])]
    down = [("v", xs[c], ys[r], ys[r + 1]) for c in range(1, len(xs) - 1) for r in range(len(ys) - 1)
            if rules.vertical_rule(c, ys[r], ys[r + 1])]
    return across + down


def page_table(edges: list[dict], bbox: tuple, page_number: int, xs: list[float] | None = None,
               source: str = "", limits: Limits = DEFAULT) -> PageTable:
    """Slots between all boundaries, merged into cells wherever no edge separates them.
    `xs` imposes the column boundaries of the whole table: a page on which no cell
    happens to end at some boundary still has that column."""
    xs = xs or column_boundaries(edges, bbox)
    ys = row_boundaries(edges, bbox)
    n_rows, n_cols = len(ys) - 1, len(xs) - 1
    limits.check_cells(source, n_rows * n_cols)  # before any work proportional to it
    owner = [[(r, c) for c in range(n_cols)] for r in range(n_rows)]
    rules = Ruling(edges, xs, ys)

    def find(slot):
        while owner[slot[0]][slot[1]] != slot:
            slot = owner[slot[0]][slot[1]]
        return slot

    for r in range(n_rows):
        for c in range(n_cols):
            if c + 1 < n_cols and not rules.vertical_rule(c + 1, ys[r], ys[r + 1]):
                a, b = find((r, c)), find((r, c + 1))
                owner[b[0]][b[1]] = min(a, b)
                owner[a[0]][a[1]] = min(a, b)
            if r + 1 < n_rows and not rules.horizontal_rule(r + 1, xs[c], xs[c + 1]):
                a, b = find((r, c)), find((r + 1, c))
                owner[b[0]][b[1]] = min(a, b)
                owner[a[0]][a[1]] = min(a, b)
    check_sides_drawn(Ruling([e for e in edges if not e.get("background")], xs, ys), xs, ys, page_number, source)
    table = PageTable(page_number, xs, ys)
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r in range(n_rows):
        for c in range(n_cols):
            groups.setdefault(find((r, c)), []).append((r, c))
    for (r, c), slots in sorted(groups.items()):
        rows = sorted({s[0] for s in slots})
        cols = sorted({s[1] for s in slots})
        if len(slots) != len(rows) * len(cols):
            raise LayoutError(source, Problem(Place(r + 1, c + 1, page_number),
                                          "the ruling encloses a region that is not a rectangle",
                                          "rectangular cells"))
        rs, cs = len(rows), len(cols)
        table.cells.append(PageCell(
            r, c, rs, cs, [], page_number,
            open_top=r == 0 and not rules.horizontal_rule(0, xs[c], xs[c + cs]),
            open_bottom=r + rs == n_rows and not rules.horizontal_rule(n_rows, xs[c], xs[c + cs])))
    return table


def check_sides_drawn(rules: Ruling, xs: list[float], ys: list[float], page_number: int, source: str) -> None:
    """A side of the table drawn along some rows is drawn along all of them. A row whose end
    is left open there (LibreOffice Writer closes a merged cell after its first row and leaves
    the next row's slot open at the side and into the cell below) is no cell a reader can
    tell; page_table would join it to whatever no rule parts it from. The sides of backgrounds
    (zebra stripes: edges marked "background") draw no side (`rules` leaves them out)."""
    for col in (0, len(xs) - 1):
        drawn = [rules.vertical_rule(col, ys[r], ys[r + 1]) for r in range(len(ys) - 1)]
        if any(drawn) and not all(drawn):
            row = drawn.index(False)
            side = "left" if col == 0 else "right"
            raise LayoutError(source, Problem(Place(row + 1, min(col, len(xs) - 2) + 1, page_number),
                                              f"the table's {side} border is not drawn along this row",
                                              "a border drawn along every row"))


def assign_text(table: PageTable, chars: list[dict]) -> None:
    """Each character goes to the cell holding its centre; lines are rebuilt per cell."""
    set_text(table, cell_chars(table, chars))


def cell_chars(table: PageTable, chars: list[dict]) -> list[list[dict]]:
    """The characters of each cell (in the order of table.cells): those whose centre it holds."""
    by_slot: dict[tuple[int, int], list[dict]] = {}
    for char in chars:
        cx, cy = (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2
        col, row = bisect.bisect(table.xs, cx) - 1, bisect.bisect(table.ys, cy) - 1
        if 0 <= col < len(table.xs) - 1 and 0 <= row < table.n_rows:
            by_slot.setdefault((row, col), []).append(char)
    return [[ch for r in range(cell.row, cell.row + cell.rowspan)
             for c in range(cell.col, cell.col + cell.colspan) for ch in by_slot.get((r, c), [])]
            for cell in table.cells]


def set_text(table: PageTable, chars: list[list[dict]]) -> None:
    """Each cell's lines (and wrap evidence) from its characters (`chars`, per cell)."""
    placed = []
    for cell, mine in zip(table.cells, chars):
        lines = char_lines(mine)
        cell.lines = cell_text(lines)
        if lines:
            placed.append((cell, lines, table.xs[cell.col], table.xs[cell.col + cell.colspan]))
    pad = padding(placed)
    # text set centred everywhere tells no padding: the least gap is the padding and half of what
    # the widest line leaves, so the room may be up to twice that more
    told = not all(centred(line_gaps(lines, left, right)) for _, lines, left, right in placed)
    widest: dict[tuple[float, float], float] = {}  # per column span: its widest line within its sides
    for _, lines, left, right in placed:
        for line in lines:
            if (ink := inked(line)) and ink[0]["x0"] >= left and ink[-1]["x1"] <= right:
                widest[left, right] = max(widest.get((left, right), 0.0), ink[-1]["x1"] - ink[0]["x0"])
    pitches = [line_pitches(lines) for _, lines, _, _ in placed]
    for (cell, lines, left, right), steps, wrap in zip(placed, pitches, tightest_pitches(placed, pitches)):
        wrap_evidence(cell, lines, left, right, pad, told)
        cell.lines = with_author_breaks(cell.lines, lines, steps, widest.get((left, right), 0.0), wrap)


def inked(line: list[dict]) -> list[dict]:
    return [ch for ch in line if ch["text"].strip()]


def padding(placed: list[tuple]) -> float:
    """The table's cell padding: the smallest gap between any line and the nearer side of
    its cell. Taken over the whole table, it holds for left-aligned, right-aligned and
    centred text alike (a line that fills its cell is as close to one side as the other)."""
    gaps = [min(inked(line)[0]["x0"] - left, right - inked(line)[-1]["x1"])
            for _, lines, left, right in placed for line in lines]
    return max(0.0, min(gaps, default=0.0))


def drop_overprints(chars: list[dict]) -> list[dict]:
    """One character per glyph printed: a glyph drawn again over the same glyph (same text,
    font and size, on the same baseline, less than half its width and less than OVERPRINT/2
    of its size to the side) is a shadow or an overprinted bold, not a second character. Two
    like characters set side by side are a full advance apart (the box of a slanted glyph is
    wider than its advance, hence the bound by size)."""
    groups: dict[tuple, list[dict]] = {}
    for char in chars:
        groups.setdefault((char["text"], char["fontname"], round(char["size"], 1)), []).append(char)
    dropped: set[int] = set()
    for group in groups.values():
        group.sort(key=lambda ch: (ch["top"], ch["x0"]))
        line: list[dict] = []  # kept characters of this group within a quarter size above
        for char in group:
            line = [k for k in line if char["top"] - k["top"] < char["size"] / 4]
            if any(abs(char["x0"] - k["x0"]) < min(k["x1"] - k["x0"], char["size"] * OVERPRINT) / 2 for k in line):
                dropped.add(id(char))
            else:
                line.append(char)
    return [ch for ch in chars if id(ch) not in dropped]


def char_lines(chars: list[dict]) -> list[list[dict]]:
    """Characters -> lines of characters: same baseline within half a character, left to
    right; lines holding only spaces are dropped."""
    lines: list[list[dict]] = []
    for char in sorted(chars, key=lambda ch: (round(ch["top"], 1), ch["x0"])):
        if lines and abs(char["top"] - lines[-1][0]["top"]) <= char["size"] / 2:
            lines[-1].append(char)
        else:
            lines.append([char])
    for line in lines:
        line.sort(key=lambda ch: ch["x0"])
    return [line for line in lines if shows_text(line)]


def shows_text(line: list[dict]) -> bool:
    """Is line_text(line) not empty? It is when a glyph is not a space, or when one is a mark (set
    apart in brackets); asked without setting the line's text (callers set it again)."""
    return any(ch["text"].strip() for ch in line) or any(marks(line))


MARK_SIZE = 0.9  # a glyph set smaller than this share of its line's size, ...
MARK_SHIFT = 0.15  # ... its box's foot this share of that size above or below the line's, is a mark


def baseline(char: dict) -> float:
    return char["matrix"][5]  # the glyph's origin, on its baseline: the same for any size on a line


def marks(line: list[dict]) -> list[bool]:
    """Which glyphs of the line are superscripts or subscripts: a footnote mark `¹` before
    `4*Ascend`, set smaller on a raised foot, or a glyph of any size lifted or lowered off the
    line's baseline (`4 Ts (1) Tj 0 Ts`: text rise draws a raised `1` the size of the rest, as
    the HTML reader sets apart any raised inline box). A smaller glyph on the same baseline,
    or a larger one, is none."""
    size = max(ch["size"] for ch in line)
    if min(ch["size"] for ch in line) >= size * MARK_SIZE and len({baseline(ch) for ch in line}) == 1:
        return [False] * len(line)  # (the common line: every glyph full size, on one baseline, is none)
    return marks_by_rule(line, size)


def marks_by_rule(line: list[dict], size: float) -> list[bool]:
    """marks() of any line (its largest glyph's `size`)."""
    full = [ch for ch in line if ch["size"] >= size * MARK_SIZE]
    feet = sorted(ch["bottom"] for ch in full)
    foot = feet[len(feet) // 2]
    base = sorted(baseline(ch) for ch in full)[len(full) // 2]
    return [(ch["size"] < size * MARK_SIZE and abs(ch["bottom"] - foot) > size * MARK_SHIFT)
            or abs(baseline(ch) - base) > size * MARK_SHIFT for ch in line]


def line_text(line: list[dict]) -> str:
    """A gap wider than a quarter of the font size is a space. Superscripts and subscripts
    are set apart in brackets (`[1]4*Ascend`), as the HTML reader sets apart <sup> and <sub>,
    so a cell holding one is an error naming it, never 14 cards."""
    marked = marks(line)
    text = "[" + line[0]["text"] if marked[0] else line[0]["text"]
    for i, (prev, char) in enumerate(zip(line, line[1:]), start=1):
        gap = char["x0"] - prev["x1"]
        if marked[i - 1] and not marked[i]:
            text += "]"
        text += (" " if gap > char["size"] / 4 and not text.endswith(" ") and char["text"] != " " else "")
        text += ("[" if marked[i] and not marked[i - 1] else "") + char["text"]
    return (text + ("]" if marked[-1] else "")).strip()


def cell_text(lines: list[list[dict]]) -> list[str]:
    """The text of a cell's lines. A line set clearly smaller than the cell's text (MARK_SIZE of
    its largest line) is a note set above or below the value (a ruby annotation, a raised
    note), not a wrap of it: it is set apart in brackets, as a superscript within a line is,
    so that `1` over `4*Ascend` is an error naming it, never 14 cards."""
    size = max((ch["size"] for line in lines for ch in inked(line)), default=0.0)
    return [f"[{line_text(line)}]" if all(ch["size"] < size * MARK_SIZE for ch in inked(line)) else line_text(line)
            for line in lines]


CENTRED = 1.5  # pt: a line whose gaps at the left and right differ by no more may be set centred (Chromium's differ by ~1)


def line_gaps(lines: list[list[dict]], left: float, right: float) -> list[tuple[float, float]]:
    """Each line's gaps to its cell's left and right sides."""
    return [(inked(line)[0]["x0"] - left, right - inked(line)[-1]["x1"]) for line in lines]


def centred(gaps: list[tuple[float, float]]) -> bool:
    return all(abs(a - b) <= CENTRED for a, b in gaps)


def wrap_evidence(cell: PageCell, lines: list[list[dict]], left: float, right: float, pad: float,
                  told: bool = True) -> None:
    """What tells whether the next box's text is the rest of this cell's, wrapped: the room
    left on the last line (the cell's width less the padding on both sides, less the line's
    width: the same whether the text is set left, right or centred), whether that line ends
    where a line may break, and the widths of the first character and the first word (see
    pdf_stitch.wrapped_into). The room is told as a range, `least_room` to `room`: the
    table's padding is its least gap anywhere (`told`: some text in the table is set left or
    right), but a header's border may be drawn thinner, so the padding may be as much as the
    cell's own least gap (its padding where its text is set left or right, more where centred);
    where all the table's text is centred, the least gap is the padding and half of what the
    widest line leaves, and the padding may be as little as none."""
    last_line, first = inked(lines[-1]), next(ch for ch in lines[0] if ch["text"].strip())
    last = last_line[-1]
    with_table_padding = (right - left) - 2 * pad - (last["x1"] - last_line[0]["x0"])
    own = max(pad, min(min(a, b) for a, b in line_gaps(lines, left, right)))  # (centred: more than its padding)
    cell.least_room = with_table_padding - 2 * (own - pad)
    cell.room = with_table_padding if told else with_table_padding + 2 * pad
    cell.ends_at_break = last["text"] in "/-" or wide(last["text"])
    cell.first_char = first["x1"] - first["x0"]
    cell.first_word = first_word_width(lines[0])


FITTED = 2.0  # times a next line's first character's width: room for it this many times over would have held it
PARAGRAPH = 1.25  # times the tightest line pitch of the table's other cells: a wider step is a paragraph's


def line_pitches(lines: list[list[dict]]) -> list[float]:
    """From each line to the next, the step down, in font sizes of the line."""
    return [(below[0]["top"] - line[0]["top"]) / max(ch["size"] for ch in line) for line, below in zip(lines, lines[1:])]


def tightest_pitches(placed: list[tuple], pitches: list[list[float]]) -> list[float | None]:
    """For each cell, the tightest step from a line to the next in the other cells of its column,
    or else of the table: a wrap's, since a layout sets a cell's wrapped lines at its line height
    (None: no other cell holds two lines). From the two tightest cells of each column and of the
    table, so that no cell looks at every other."""
    def two_tightest(cells: list[int]) -> list[tuple[float, int]]:
        return sorted((min(p for p in pitches[i] if p > 0), i) for i in cells if any(p > 0 for p in pitches[i]))[:2]

    columns: dict[tuple[float, float], list[int]] = {}
    for at, (_, _, left, right) in enumerate(placed):
        columns.setdefault((left, right), []).append(at)
    by_column = {span: two_tightest(cells) for span, cells in columns.items()}
    table = two_tightest(list(range(len(placed))))

    def other(tightest: list[tuple[float, int]], at: int) -> float | None:
        return next((pitch for pitch, i in tightest if i != at), None)

    out = []
    for at, (_, _, left, right) in enumerate(placed):
        column = other(by_column[left, right], at)
        out.append(column if column is not None else other(table, at))
    return out


def with_author_breaks(texts: list[str], lines: list[list[dict]], steps: list[float], widest: float,
                       tightest: float | None) -> list[str]:
    """The cell's line texts with a blank line where the text had whitespace or its author's break
    (a space, a second paragraph, `<br>`), not a wrap of the layout: `4096` / `8192` is two values,
    not 40968192, and tokens.is_wrap reads the blank line as the page's HTML would be read. Told two
    ways. A line that ends with room for the next line's first character (twice over: the room is
    told only roughly): a layout breaks a word only where its next character does not fit; the
    room is told by the widest line of the cell's column (`widest`: the lines fit their cells, so
    the column's text is about that wide, whatever its cells' padding, which a print does not tell;
    a heading's cell may be padded less than the body's, its line a few points wider). Or a step
    down to the next line wider than a wrap's (`tightest`, the table's other cells' tightest, times
    PARAGRAPH): paragraphs are set apart by their margins. Where neither tells, the break is read
    as a wrap (a page setting its paragraphs as close as its lines, in a column too narrow for the
    room to show, prints them as a wrap would be printed). `steps`: line_pitches(lines)."""
    out = [texts[0]]
    for line, following, text, step in zip(lines, lines[1:], texts[1:], steps):
        ink, first = inked(line), inked(following)[:1]
        room = widest - (ink[-1]["x1"] - ink[0]["x0"]) if ink else 0.0
        if (first and FITTED * (first[0]["x1"] - first[0]["x0"]) <= room) or (
                tightest is not None and step > tightest * PARAGRAPH):
            out.append("")
        out.append(text)
    return out


def first_word_width(line: list[dict]) -> float:
    """Up to the first place a line may break: a space or gap, after '/' or '-', or around
    an ideograph."""
    chars = [ch for ch in line if ch["text"].strip()]
    end = 0
    while end + 1 < len(chars):
        this, nxt = chars[end], chars[end + 1]
        if (this["text"] in "/-" or wide(this["text"]) or wide(nxt["text"])
                or nxt["x0"] - this["x1"] > nxt["size"] / 4):
            break
        end += 1
    return chars[end]["x1"] - chars[0]["x0"]


def wide(text: str) -> bool:
    return any(ord(ch) >= 0x2E80 for ch in text)  # CJK: a line may break before or after any of them
