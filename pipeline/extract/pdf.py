"""Vendor table in a PDF (bytes) -> Grid, from the geometry of its ruling.

pdfplumber locates ruled tables and supplies the ruling edges (stroked lines and
the edges of filled rectangles alike) and the characters. The grid itself comes
from geometry: row and column boundaries are the positions of all cell edges of
the table on a page; two neighbouring slots belong to one cell when no edge
separates them, so rowspans and colspans follow from the boundaries a cell's box
crosses. Text per cell comes from the characters whose centre lies in its box.

A table that runs over pages is stitched into one grid: the header rows
repeated at the top of a page are dropped, a cell left open at the bottom of a
page continues on the next (an empty box there, or the rest of its text when the
whole row was split by the break), and lineage keeps the page of each cell.
"""
from __future__ import annotations

import bisect
import io
import re
import zlib
from dataclasses import dataclass, field

import pdfplumber
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfparser import PDFSyntaxError
from pdfplumber.table import merge_edges
from pdfplumber.utils.exceptions import PdfminerException

from ..errors import LayoutError, Place, Problem, SourceError
from ..grid import Cell, Grid
from ..header import CAPTION, KEY_HEADINGS, looks_like_vendor_header
from ..limits import DEFAULT, LimitError, Limits
from ..tokens import squash
from .cjk import printed_text
from .html import UPDATE_LINE
from .text import collapse_lines

TOLERANCE = 2.0  # points: edges this close are one boundary
MIN_EDGE = 3.0  # points: shorter edges are the ends of a border drawn as a thin filled rectangle
FIND_SETTINGS = {"vertical_strategy": "lines", "horizontal_strategy": "lines",
                 "snap_tolerance": 3, "join_tolerance": 3, "intersection_tolerance": 3}


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


# --- geometry -------------------------------------------------------------------------

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


def page_table(edges: list[dict], bbox: tuple, page_number: int, xs: list[float] | None = None,
               source: str = "", limits: Limits = DEFAULT) -> PageTable:
    """Slots between all boundaries, merged into cells wherever no edge separates them.
    `xs` imposes the column boundaries of the whole table: a page on which no cell
    happens to end at some boundary still has that column."""
    x0, top, x1, bottom = bbox
    xs = xs or column_boundaries(edges, bbox)
    ys = cluster([e["top"] for e in edges if e["orientation"] == "h"] + [top, bottom])
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
    table = PageTable(page_number, xs, ys)
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r in range(n_rows):
        for c in range(n_cols):
            groups.setdefault(find((r, c)), []).append((r, c))
    for (r, c), slots in sorted(groups.items()):
        rows = sorted({s[0] for s in slots})
        cols = sorted({s[1] for s in slots})
        if len(slots) != len(rows) * len(cols):
            raise LayoutError("", Problem(Place(r + 1, c + 1, page_number),
                                          "the ruling encloses a region that is not a rectangle",
                                          "rectangular cells"))
        rs, cs = len(rows), len(cols)
        table.cells.append(PageCell(
            r, c, rs, cs, [], page_number,
            open_top=r == 0 and not rules.horizontal_rule(0, xs[c], xs[c + cs]),
            open_bottom=r + rs == n_rows and not rules.horizontal_rule(n_rows, xs[c], xs[c + cs])))
    return table


def assign_text(table: PageTable, chars: list[dict]) -> None:
    """Each character goes to the cell holding its centre; lines are rebuilt per cell."""
    by_slot: dict[tuple[int, int], list[dict]] = {}
    for char in chars:
        cx, cy = (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2
        col, row = bisect.bisect(table.xs, cx) - 1, bisect.bisect(table.ys, cy) - 1
        if 0 <= col < len(table.xs) - 1 and 0 <= row < table.n_rows:
            by_slot.setdefault((row, col), []).append(char)
    for cell in table.cells:
        mine = [ch for r in range(cell.row, cell.row + cell.rowspan)
                 for c in range(cell.col, cell.col + cell.colspan) for ch in by_slot.get((r, c), [])]
        cell.lines = text_lines(mine)


def text_lines(chars: list[dict]) -> list[str]:
    """Characters -> lines: same baseline within half a character, left to right; a gap
    wider than a quarter of the font size is a space."""
    lines: list[list[dict]] = []
    for char in sorted(chars, key=lambda ch: (round(ch["top"], 1), ch["x0"])):
        if lines and abs(char["top"] - lines[-1][0]["top"]) <= char["size"] / 2:
            lines[-1].append(char)
        else:
            lines.append([char])
    out = []
    for line in lines:
        line.sort(key=lambda ch: ch["x0"])
        text = line[0]["text"]
        for prev, char in zip(line, line[1:]):
            gap = char["x0"] - prev["x1"]
            text += (" " if gap > char["size"] / 4 and not text.endswith(" ") and char["text"] != " " else "")
            text += char["text"]
        if text.strip():
            out.append(text.strip())
    return out


# --- finding the vendor table on each page -----------------------------------------------

def ruling(page) -> list[dict]:
    """The page's ruling edges; the short ends of thin border rectangles are dropped so that
    they do not pose as column or row boundaries."""
    return [e for e in page.edges if (e["bottom"] - e["top"] if e["orientation"] == "v"
                                      else e["x1"] - e["x0"]) >= MIN_EDGE]


@dataclass
class Region:
    """One ruled table on one page: its ruling and the characters inside it."""
    page: int
    bbox: tuple[float, float, float, float]
    edges: list[dict]
    chars: list[dict]
    source: str = ""
    limits: Limits = DEFAULT

    def table(self, xs: list[float] | None = None) -> PageTable:
        table = page_table(self.edges, self.bbox, self.page, xs, self.source, self.limits)
        assign_text(table, self.chars)
        return table


def regions_on_page(page, page_number: int, source: str = "", limits: Limits = DEFAULT) -> list[Region]:
    """Every ruled table pdfplumber finds on the page, top to bottom."""
    edges = ruling(page)
    regions = []
    for found in sorted(page.find_tables(FIND_SETTINGS), key=lambda t: t.bbox[1]):
        table_edges, bbox = region_edges(edges, found.bbox)
        x0, top, x1, bottom = bbox
        chars = [ch for ch in page.chars if x0 <= (ch["x0"] + ch["x1"]) / 2 <= x1
                 and top <= (ch["top"] + ch["bottom"]) / 2 <= bottom]
        regions.append(Region(page_number, bbox, table_edges, chars, source, limits))
    return regions


def is_vendor_header(table: PageTable) -> bool:
    return looks_like_vendor_header("".join(squash(printed_text("".join(c.lines))) for c in table.cells
                                            if c.row < 3))


def same_extent(a: Region, b: Region) -> bool:
    return abs(a.bbox[0] - b.bbox[0]) <= TOLERANCE and abs(a.bbox[2] - b.bbox[2]) <= TOLERANCE


@dataclass
class Scan:
    """What one pass over the pages found: the vendor table's regions, in page order."""
    regions: list[Region] = field(default_factory=list)
    text_seen: bool = False
    updated: str | None = None


def vendor_regions(pages, source: str = "", limits: Limits = DEFAULT) -> Scan:
    """The vendor table on its first page (found by its header text, not its position) and
    the table continuing it at the top of each following page (same left and right edges).
    Pages are read one at a time and released, so memory does not grow with the document."""
    limits = limits.running()
    scan = Scan()
    for number, page in enumerate(pages, start=1):
        limits.check_time(source, f"page {number}")
        scan.text_seen = scan.text_seen or bool(page.chars)
        if number == 1:  # the update line heads the document
            scan.updated = update_date(page)
        regions = regions_on_page(page, number, source, limits)
        page.close()
        if not scan.regions:
            scan.regions += [r for r in regions if is_vendor_header(r.table())][:1]
            continue
        following = next((r for r in regions if same_extent(r, scan.regions[0])), None)
        if following is None:
            break
        scan.regions.append(following)
    return scan


# --- stitching pages into one grid -------------------------------------------------------

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
                 "\n".join(c.lines), c.page, layout_breaks=True) for c in placed]


# --- entry point -------------------------------------------------------------------------

def open_pdf(data: bytes, source: str):
    if not data.startswith(b"%PDF-"):
        what = "the file is empty" if not data.strip() else f"it starts with {data[:8]!r}"
        raise SourceError(source, f"not a PDF ({what})", "a file starting with %PDF-")
    try:
        return pdfplumber.open(io.BytesIO(data))
    except PdfminerException as exc:
        cause = exc.args[0] if exc.args else exc
        if isinstance(cause, (PDFPasswordIncorrect, PDFEncryptionError)):
            raise SourceError(source, "the PDF is encrypted", "an unencrypted PDF") from None
        raise SourceError(source, f"the PDF cannot be parsed ({type(cause).__name__}: {cause})",
                          "a well-formed PDF") from None
    except PDFSyntaxError as exc:
        raise SourceError(source, f"the PDF cannot be parsed ({exc})", "a well-formed PDF") from None


def update_date(page) -> str | None:
    match = UPDATE_LINE.search(printed_text(page.extract_text() or ""))
    return match.group(1) if match else None


INFLATE_STEP = 2**20  # bytes of output per inflate call


def inflates_past(raw: bytes, cap: int) -> bool:
    """Inflate in bounded steps and stop as soon as the output passes `cap` bytes."""
    inflater, total, pending = zlib.decompressobj(), 0, raw
    while pending and not inflater.eof:
        try:
            total += len(inflater.decompress(pending, INFLATE_STEP))
        except zlib.error:
            return False  # a broken stream is pdfminer's to report
        if total > cap:
            return True
        pending = inflater.unconsumed_tail
    return False


STREAM_START = re.compile(rb"(?<!end)stream\r?\n")
FLATE_FILTER = re.compile(rb"/(?:FlateDecode|Fl)\b")


def check_streams(data: bytes, source: str, limits: Limits) -> None:
    """Refuse a compression bomb before pdfminer inflates anything: every stream whose
    dictionary names the Flate filter is inflated here, with a cap on its output. Streams
    are found in the raw bytes (a stream never sits inside an object stream), which costs
    a scan rather than a second parse of every object."""
    for match in STREAM_START.finditer(data):
        head = data[max(0, match.start() - 2048):match.start()]
        dictionary = head[head.rfind(b"obj"):] if b"obj" in head else head
        if not FLATE_FILTER.search(dictionary):
            continue
        end = data.find(b"endstream", match.end())
        raw = data[match.end(): end if end != -1 else len(data)]
        if inflates_past(raw, limits.max_stream_bytes):
            number = re.findall(rb"(\d+)\s+\d+\s+obj", head)
            which = f"PDF object {int(number[-1])}" if number else f"the stream at byte {match.end()}"
            raise LimitError(source, f"{which} inflates past {limits.max_stream_bytes:,} bytes (a compression "
                             "bomb?)", f"streams of at most {limits.max_stream_bytes:,} bytes (--max-stream-bytes)")


def extract_pdf(data: bytes, source: str, limits: Limits = DEFAULT) -> tuple[Grid, str | None]:
    """Return the vendor table's grid (cells carry their page) and the page's update date."""
    limits = limits.running()  # the time bound counts from this call
    with open_pdf(data, source) as pdf:
        try:
            limits.check_pages(source, len(pdf.pages))
            check_streams(data, source, limits)
            scan = vendor_regions(pdf.pages, source, limits)
        except PdfminerException as exc:
            raise SourceError(source, f"the PDF cannot be read ({exc})", "a well-formed PDF") from None
        total = len(pdf.pages)
    if not scan.regions:
        if not scan.text_seen:
            raise SourceError(source, f"no text layer on any of its {total} page(s) (an image-only PDF?)",
                              "a PDF with text")
        raise SourceError(source, f"no vendor table on any of its {total} page(s)",
                          f"a ruled table captioned {CAPTION} or headed {' / '.join(KEY_HEADINGS.values())}")
    # One set of column boundaries for all pages: the union of each page's.
    xs = cluster([x for r in scan.regions for x in column_boundaries(r.edges, r.bbox)])
    tables = [region.table(xs) for region in scan.regions]
    return Grid.from_cells(source, stitch(tables[0], tables[1:], source)), scan.updated
