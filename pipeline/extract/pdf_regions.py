"""Finding the vendor table on each page: pdfplumber locates the ruled tables; the
vendor table is the one headed by the vendor's headings, and on each following page
the table with the same left and right edges continues it."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ..errors import LayoutError, Place, Problem
from ..header import CAPTION, looks_like_vendor_header
from ..limits import DEFAULT, Limits
from ..tokens import NOT_SUPPORTED, UNITS, squash
from .cjk import printed_text
from .html import date_in
from .pdf_digit_shapes import check_digit_shapes
from .pdf_layers import check_visibility_policies
from .pdf_guards import check_calculator_functions, check_colour_spaces, check_forms_drawn, check_graphics_states
from .pdf_syntax import check_content_syntax
from .pdf_pages import PrintedLine, check_page_marks, check_quarter_turns, page_mark, \
    not_running, printed_lines, running, upright
from .pdf_cells import (MIN_EDGE, TOLERANCE, PageTable, cell_chars, cell_text, char_lines, column_boundaries,
                        drop_overprints, page_table, region_edges, set_text)
from .pdf_glyphs import add_overflow, check_border, check_rows_run_on, check_tilted, \
    lines_below, rows_run_on
from .pdf_annots import check_annotations
from .pdf_encodings import check_glyphs_drawn_as_read, check_type3_boxes
from .pdf_engine_paths import check_paths_drawn_as_read
from .pdf_engines import check_drawn_were_read
from .pdf_ink import Sight
from .pdf_paths import Underlined, check_paths
from .pdf_textlayer import TextLayer, unmapped

EDGE_GAP = 1.0  # points: a table's side this close to the page's side was cut by it
SQUARE_DEGREES = 2.0  # text this close to the horizontal or vertical is set square
HEADING_ROWS = 3  # the vendor's headings are read from the table's first rows
FIND_SETTINGS = {"vertical_strategy": "lines", "horizontal_strategy": "lines",
                 "snap_tolerance": 3, "join_tolerance": 3, "intersection_tolerance": 3}


def ruling(page, glyphs: list[dict]) -> list[dict]:
    """The page's ruling edges: horizontal and vertical ones only (pdfplumber gives a line
    that is neither no orientation: not a rule), without the short ends of thin border
    rectangles and the underlines of `glyphs` (the page's characters set square), so that
    they do not pose as column or row boundaries."""
    underlined = Underlined(glyphs)
    backgrounds = background_sides(page)
    return [{**e, "background": True} if e["orientation"] == "v" and side_key(e["x0"], e) in backgrounds else e
            for e in page.edges if e["orientation"] in ("h", "v")
            and (e["bottom"] - e["top"] if e["orientation"] == "v" else e["x1"] - e["x0"]) >= MIN_EDGE
            and not (e["orientation"] == "h" and underlined.underlines(e["x0"], e["top"], e["x1"], e["bottom"]))]


def background_sides(page) -> set[tuple]:
    """The left and right sides of the page's filled boxes wider and higher than a rule (a row's
    or a cell's background: zebra stripes), which divide cells as a rule does but are no border
    drawn along a table's side (pdf_cells.check_sides_drawn)."""
    return {side_key(x, r) for r in page.rects if r.get("fill") and not r.get("stroke")
            and min(r["x1"] - r["x0"], r["bottom"] - r["top"]) >= MIN_EDGE for x in (r["x0"], r["x1"])}


def side_key(x: float, box: dict) -> tuple:
    return round(x, 2), round(box["top"], 2), round(box["bottom"], 2)


@dataclass
class Region:
    """One ruled table on one page: its ruling and the characters inside it."""
    page: int
    bbox: tuple[float, float, float, float]
    edges: list[dict]
    chars: list[dict]
    source: str = ""
    limits: Limits = DEFAULT
    below: list[list[dict]] = field(default_factory=list)  # lines of text directly below the table
    run_on: tuple[float, float] | None = None  # how far the rows' rules run on past its left and right sides
    height: float = 0.0  # the page's
    lines: list[PrintedLine] = field(default_factory=list)  # the lines printed on its page
    elsewhere: list[PrintedLine] = field(default_factory=list)  # those of the table's other pages (a running footer)

    def table(self, xs: list[float] | None = None) -> PageTable:
        table, chars = self.cells(xs)
        set_text(table, chars)
        return table

    def cells(self, xs: list[float] | None = None) -> tuple[PageTable, list[list[dict]]]:
        """The page's table without its text, and each cell's characters (in the order of its cells)."""
        table = page_table(self.edges, self.bbox, self.page, xs, self.source, self.limits)
        chars = cell_chars(table, self.chars)
        add_overflow(table, chars, self.below, self.source, self.recurs)
        return table, chars

    def recurs(self, run: list[dict]) -> bool:
        """Is a run of glyphs below the table printed at the same height on another of its pages, the
        same but for its numbers (a page number or running footer, not a cell's next line)?"""
        return not not_running(printed_lines(run, self.height), self.elsewhere)

    def heading_lines(self) -> list[list[str]]:
        """The text lines of the cells of the table's first HEADING_ROWS rows, as table() sets them
        (without the rest of the table's text: whether it is the vendor's table is told from these)."""
        table, chars = self.cells()
        return [cell_text(char_lines(mine)) for cell, mine in zip(table.cells, chars) if cell.row < HEADING_ROWS]

    def account_for_glyphs(self, glyphs: list[dict]) -> None:
        """The vendor table's part on this page (`glyphs`: the page's characters set square): no
        glyph in its columns left out (pdf_glyphs)."""
        check_border(glyphs, self.bbox, self.page, self.source)
        check_rows_run_on(glyphs, self.bbox, self.run_on, self.page, self.source)
        self.below = [drop_overprints(line) for line in lines_below(glyphs, self.bbox)]

    def reach(self) -> tuple[float, float, float, float]:
        """The table's box and the lines of it printed below its bottom rule (a cut cell's next
        line, which Chromium draws there at a break): all the text read as the table's."""
        x0, top, x1, bottom = self.bbox
        for line in self.below:
            for ch in line:
                x0, top, x1, bottom = min(x0, ch["x0"]), min(top, ch["top"]), max(x1, ch["x1"]), max(bottom, ch["bottom"])
        return x0, top, x1, bottom


def regions_on_page(page, page_number: int, source: str = "", limits: Limits = DEFAULT,
                    glyphs: list[dict] | None = None) -> list[Region]:
    """Every ruled table pdfplumber finds on the page, top to bottom (`glyphs`: the page's
    characters set square, when already picked)."""
    glyphs = square_glyphs(page) if glyphs is None else glyphs
    edges = ruling(page, glyphs)
    return [region_at(glyphs, edges, found.bbox, page_number, source, limits)
            for found in sorted(page.find_tables(FIND_SETTINGS), key=lambda t: t.bbox[1])]


def region_at(glyphs: list[dict], edges: list[dict], bbox: tuple, page_number: int, source: str,
              limits: Limits) -> Region:
    """The table ruled by `edges` around `bbox`, and those of `glyphs` (the page's characters set
    square) inside it."""
    table_edges, bbox = region_edges(edges, bbox)
    x0, top, x1, bottom = bbox
    chars = [ch for ch in glyphs if x0 <= (ch["x0"] + ch["x1"]) / 2 <= x1
             and top <= (ch["top"] + ch["bottom"]) / 2 <= bottom]
    return Region(page_number, bbox, table_edges, drop_overprints(chars), source, limits,
                  run_on=rows_run_on(edges, bbox))


def square_glyphs(page) -> list[dict]:
    return [ch for ch in page.chars if square(ch)]


def square(char: dict) -> bool:
    """Is the character set on the horizontal, or at a right angle (a vertical heading)?
    One at any other angle is a watermark or a stamp laid over the table, not its text."""
    a, b = char["matrix"][:2]
    angle = math.degrees(math.atan2(b, a)) % 90
    return min(angle, 90 - angle) <= SQUARE_DEGREES


def left_open(region: Region) -> bool:
    """Does the table's bottom rule have a gap (a cell left open: it goes on overleaf)? Read
    from the ruling alone, without building the page's table again."""
    x0, _, x1, bottom = region.bbox
    reach = x0
    for a, b in sorted((e["x0"], e["x1"]) for e in region.edges
                       if e["orientation"] == "h" and abs(e["top"] - bottom) <= TOLERANCE):
        if a - TOLERANCE > reach:
            return True
        reach = max(reach, b)
    return reach < x1 - TOLERANCE


def open_rest(page, glyphs: list[dict], page_number: int, first: Region, source: str, limits: Limits) -> Region | None:
    """The rest of a table left open at the bottom of the previous page when pdfplumber does
    not find it whole (a band too short to be a ruled table of its own, alone on the page; or
    a column whose merged cell is open at both ends, which pdfplumber leaves out): from the
    topmost vertical rules between the table's left and right edges down as far as vertical
    rules there go on without a gap, and what they enclose."""
    x0, _, x1, _ = first.bbox
    edges = ruling(page, glyphs)
    verticals = sorted((e for e in edges if e["orientation"] == "v" and x0 - TOLERANCE <= e["x0"] <= x1 + TOLERANCE),
                       key=lambda e: e["top"])
    if not verticals:
        return None
    top = bottom = verticals[0]["top"]
    for rule in verticals:
        if rule["top"] > bottom + TOLERANCE:
            break
        bottom = max(bottom, rule["bottom"])
    return region_at(glyphs, edges, (x0, top, x1, bottom), page_number, source, limits)


def is_vendor_header(region: Region) -> bool:
    return looks_like_vendor_header("".join(squash(printed_text("".join(lines))) for lines in region.heading_lines()))


def same_extent(a: Region, b: Region) -> bool:
    return abs(a.bbox[0] - b.bbox[0]) <= TOLERANCE and abs(a.bbox[2] - b.bbox[2]) <= TOLERANCE


def same_columns(a: Region, b: Region) -> bool:
    """Does `a` have the left and right edges of `b`, and each of its column boundaries one
    of `b`'s? (A page may have no cell ending at some boundary, never one of its own.)"""
    if not same_extent(a, b):
        return False
    return on_boundaries(column_boundaries(a.edges, a.bbox), column_boundaries(b.edges, b.bbox))


def on_boundaries(xs, theirs) -> bool:
    """Is each of `xs` one of the boundaries `theirs`?"""
    return all(any(abs(x - y) <= TOLERANCE for y in theirs) for x in xs)


@dataclass
class Scan:
    """What one pass over the pages found: the vendor table's regions, in page order."""
    regions: list[Region] = field(default_factory=list)
    text: TextLayer = field(default_factory=TextLayer)
    updated: str | None = None
    page_marks: list = field(default_factory=list)  # (page, its printed number and count) per region
    lines: list[PrintedLine] = field(default_factory=list)  # the lines printed on the table's last page so far
    after: list[PrintedLine] = field(default_factory=list)  # those of them below the table
    ended_by: list[PrintedLine] = field(default_factory=list)  # lines below the last part the next page lacks
    before: list[Region] = field(default_factory=list)  # the tables read before the first part was found


def vendor_regions(pages, source: str = "", limits: Limits = DEFAULT, sight: Sight | None = None) -> Scan:
    """The vendor table on its first page (found by its header text, not its position, among
    any number of tables) and its continuation at the top of each following page (see
    continuation). Every page is read, one at a time and released (memory does not grow
    with the document): a table headed like the vendor table that is not read as part of it
    (a second copy, a part printed beside the first rather than after it) is an error, as
    is a table left open at the bottom of a page that does not go on overleaf (a page
    missing). Every glyph read from the table is one the page shows (`sight`, pdf_ink; the
    rendering of the document `pages` come from when None)."""
    sight = sight if sight is not None else Sight.of(pages)
    try:
        return scan_pages(pages, source, limits.running(), sight)
    finally:
        sight.close()


def scan_pages(pages, source: str, limits: Limits, sight: Sight) -> Scan:
    scan = Scan()
    ended = False
    for number, page in enumerate(pages, start=1):
        limits.check_time(source, f"page {number}")
        check_forms_drawn(page, number, source)
        check_calculator_functions(page, number, source)
        check_graphics_states(page, number, source)
        check_colour_spaces(page, number, source)
        check_content_syntax(page, number, source)
        check_quarter_turns(page, number, source)
        page = upright(page)
        has_text = scan.text.read(number, page)
        if number == 1:  # the update line heads the document
            scan.updated = update_date(page, source)
        glyphs = square_glyphs(page)  # once a page: the tables' text, what lies around them
        regions = regions_on_page(page, number, source, limits, glyphs) if has_text else []  # outlines are no ruling
        taken, lines = None, None
        if not scan.regions:
            taken = next((r for r in regions if is_vendor_header(r)), None)
            if taken is None:
                scan.before += regions
            else:
                check_no_part_before(scan.before + [r for r in regions if comes_before(r, taken)], taken, source)
                scan.before = []
        elif not ended:
            if not has_text and left_open(scan.regions[-1]):
                raise LayoutError(source, Problem(
                    Place(page=number), f"the vendor table goes on from page {number - 1}, but this page has no "
                    f"text layer ({scan.text.without[number]} only)", "the whole table as text"))
            lines = printed_lines(glyphs, page.height)
            taken = continuation(page, number, regions, glyphs, lines, scan, source, limits)
            ended = taken is None
            scan.ended_by = not_running(scan.after, lines) if ended else []
        if taken is not None:
            check_inside(taken, page, source)
            check_visibility_policies(page, number, source)
            taken.account_for_glyphs(glyphs)
            check_glyphs_drawn_as_read(page, number, taken.chars, source)  # before rendering: the fonts alone
            check_type3_boxes(page, number, source)
            seen = taken.chars + [ch for line in taken.below for ch in line]
            check_tilted([ch for ch in page.chars if not square(ch)], seen, taken.bbox, number, source)
            sight.check(page, number, seen, taken.edges, source)
            check_annotations(page, number, taken.bbox, taken.chars, source)
            digits = check_drawn_were_read(sight.text(page), page, number, taken.reach(), source)
            check_digit_shapes(sight, page, number, digits, source)
            check_paths_drawn_as_read(sight.page(page).page.raw, page, number, taken.bbox, source)
            check_paths(page, number, taken.bbox, taken.edges, taken.chars, source)
            sight.check_whole(page, number, seen, taken.edges, taken.bbox, source)
            scan.page_marks.append((number, page_mark(page, taken.bbox)))
            scan.after = printed_lines(after_table(glyphs, taken), page.height)
            scan.lines = lines if lines is not None else printed_lines(glyphs, page.height)
            taken.height, taken.lines = page.height, scan.lines
        page.close()
        if taken is not None:
            scan.regions.append(taken)
        elif ended:
            check_ended(scan.regions[-1], source, scan.ended_by)
        check_no_other_copy(regions, taken, source)
        if scan.regions and regions:
            check_no_part_elsewhere(regions, taken, scan.regions[0], source)
    for region in scan.regions:  # what the other pages print tells a running footer under a part
        region.elsewhere = [line for other in scan.regions if other.page != region.page for line in other.lines]
    if scan.regions and not ended:
        check_ended(scan.regions[-1], source)
    scan.text.check_unmapped(source, {r.page: sum(map(unmapped, r.chars + [c for line in r.below for c in line]))
                                      for r in scan.regions})
    check_page_marks(scan.page_marks, source)
    return scan


def continuation(page, number: int, regions: list[Region], glyphs: list[dict], lines: list[PrintedLine], scan: Scan,
                 source: str, limits: Limits) -> Region | None:
    """The vendor table goes on at the top of a page only, and only after a part that filled
    the page before (below it nothing but the running footer): the page's first table when
    it has the table's columns and nothing above it but the running header (its own header
    repeated or not); or the ruling going on at the top of the page between the table's sides,
    after a part left open (the rest of a row, too short to be found as a table) or with the
    table's columns (a part of one row whose cells carried on from the page before leave
    pdfplumber only some of its columns). A table further down the page, or after a part
    followed by more text, is another table (a long document has many); one at the top of
    the page in some of the table's columns that is not read as its continuation is an error.
    `lines`: the page's printed lines (of `glyphs`)."""
    if not running(scan.after, lines):
        return None
    first, last = scan.regions[0], scan.regions[-1]
    top = next(iter(regions), None)
    top = top if top is not None and at_top(top, glyphs, scan, page.height) else None
    if top is not None and same_columns(top, first):
        check_not_captioned_otherwise(top, lines, number, source)
        return top
    rest = open_rest(page, glyphs, number, first, source, limits)
    rest = rest if rest is not None and at_top(rest, glyphs, scan, page.height) else None
    if rest is not None and (left_open(last) or ruled_across(rest) and same_columns(rest, first)):
        check_not_captioned_otherwise(rest, lines, number, source)
        return rest
    check_not_left_out([r for r in (top, rest) if r is not None], first, number, source)
    return None


def ruled_across(region: Region) -> bool:
    """Are there vertical rules on both of the region's sides?"""
    x0, _, x1, _ = region.bbox
    sides = [e["x0"] for e in region.edges if e["orientation"] == "v"]
    return all(any(abs(x - side) <= TOLERANCE for x in sides) for side in (x0, x1))


def check_not_left_out(tops: list[Region], first: Region, number: int, source: str) -> None:
    """The page after a part that filled its page begins with ruling between the table's sides
    whose column boundaries are all the table's: a part of it that cannot be read as the table
    going on, which would otherwise end the table without a word (every row after it lost)."""
    x0, _, x1, _ = first.bbox
    theirs = column_boundaries(first.edges, first.bbox)
    for region in tops:
        rules = [e["x0"] for e in region.edges
                 if e["orientation"] == "v" and x0 - TOLERANCE <= e["x0"] <= x1 + TOLERANCE]
        if rules and on_boundaries(rules, theirs):
            raise LayoutError(source, Problem(
                Place(page=number), "the page begins with ruled cells in the vendor table's columns right after its "
                f"part on page {number - 1}, which cannot be read as the table going on (its sides are not ruled, "
                "or its columns are not the table's)", "the table going on at the top of the page with its columns, "
                "or ending before a page that does not begin with them"))


# A caption line saying a table goes on (numbers read as #): （续表）, 续表#, 表#（续）, 表# 续表,
# "Table #: (Continued)", "(continued)": the typesetting convention for a table's continuation
CONTINUED = re.compile(r"(?:表#)?[（(]?续(?:表#?)?[)）]?|(?:表#)?续表|(?:table#:?)?\(?continued\)?", re.IGNORECASE)


def at_top(region: Region, glyphs: list[dict], scan: Scan, height: float) -> bool:
    """Is nothing printed above the region but the running header (lines printed at the same
    height, the same but for numbers, on the page before), and perhaps, right above it, a
    caption line saying the table goes on (CONTINUED)?"""
    above = printed_lines([ch for ch in glyphs if (ch["top"] + ch["bottom"]) / 2 < region.bbox[1]], height)
    if above and CONTINUED.fullmatch(squash(above[-1].shape)):
        above = above[:-1]
    return running(above, scan.lines)


def after_table(glyphs: list[dict], region: Region) -> list[dict]:
    """The glyphs printed below the region, less the lines read as part of it (pdf_glyphs)."""
    read = {id(ch) for line in region.below for ch in line}
    return [ch for ch in glyphs if (ch["top"] + ch["bottom"]) / 2 > region.bbox[3] and id(ch) not in read]


def check_inside(region: Region, page, source: str) -> None:
    """A table whose side lies on the page's side may have been cut there: a producer that clips
    a table wider than the page stops its rules at the edge (LibreOffice Writer writes the text
    beyond it, unruled), so what lay past the edge cannot be read. It was cut when something is
    printed past that side of the page beside the table; a table whose border lies on the
    page's side with nothing past it (Chromium printing with no margins) is whole and read (a
    table cut inside a column has no rule on the page's side, and does not reach it). A table
    ruled past the edge is read (its text past the edge is pdf_ink's error: not seen); one reaching the top or the bottom is
    at a page break (printed without margins), which the stitching reads."""
    x0, top, x1, bottom = region.bbox
    left, _, right, _ = page.bbox
    for side, gap in (("left", x0 - left), ("right", right - x1)):
        if abs(gap) < EDGE_GAP and printed_past(page, side, left if side == "left" else right, top, bottom):
            raise LayoutError(source, Problem(
                Place(page=region.page), f"the vendor table reaches the {side} edge of the page and stops there "
                "(cut by it?)", "the table inside the page's width"))


def printed_past(page, side: str, edge: float, top: float, bottom: float) -> bool:
    """Characters or rules lying past the page's `side` (beyond `edge`) beside the rows top..bottom."""
    marks = list(page.chars) + [e for e in page.edges if e["orientation"] in ("h", "v")]
    return any(m["bottom"] > top and m["top"] < bottom
               and (m["x1"] > edge + EDGE_GAP if side == "right" else m["x0"] < edge - EDGE_GAP) for m in marks)


def check_ended(last: Region, source: str, below: list[PrintedLine] = ()) -> None:
    """The table's last part must be closed at its bottom: a cell left open goes on
    overleaf, so an open end means the rest is missing (a page dropped from the file). Where the
    last rows are not ruled as cells at all (LibreOffice Writer may leave a merged cell's last row
    open at the side and below: hunt 109), that is the error named (pdf_cells.check_sides_drawn).
    `below`: the lines under the part that the next page does not print as running ones, which
    kept it from going on there (hunt 131: a stamp under the table was told as a page missing)."""
    if left_open(last):
        last.cells()
        why = (f"; under it, {' / '.join(repr(line.text) for line in below[:3])}, which the next page does not "
               "print as a running footer, ends it" if below else " (a page missing?)")
        raise LayoutError(source, Problem(
            Place(page=last.page), f"the vendor table is left open at the bottom of the page and does not go on on "
            f"the next page{why}", "the table's last row ruled off below it"))


def check_no_other_copy(regions: list[Region], taken: Region | None, source: str) -> None:
    """No table headed like the vendor table besides the part read: pages printed side by
    side (n-up) or a second copy would otherwise be left out without a word."""
    other = next((r for r in regions if r is not taken and is_vendor_header(r)), None)
    if other is not None:
        raise LayoutError(source, Problem(
            Place(page=other.page), "another table headed like the vendor table, not where the table goes on "
            "(the top of the page after its last part)", "the vendor table once, each part at the top of the page "
            "after the one before"))


NO_HEADING = re.compile(r"[\W\d_]|续|表", re.UNICODE)  # what a band may hold besides the vendor's own headings


def row_texts(region: Region) -> list[list[str]]:
    """The text of the cells of each row of the region's table, top to bottom (a merged cell in
    the row it starts), squashed as printed: its cells as the table reads them (Region.cells)."""
    table, chars = region.cells()
    rows: list[list[str]] = [[] for _ in range(table.n_rows)]
    for cell, mine in zip(table.cells, chars):
        rows[cell.row].append(squash(printed_text("".join(cell_text(char_lines(mine))))))
    return rows


def own_heading(text: str, vendor_headings: list[str]) -> bool:
    """Does a row's text name something the vendor table's headings do not (a table of its own: 模型,
    部署方式, 单机), beyond the vendor's own headings, numbers, marks and a 续表 line?"""
    for heading in sorted(vendor_headings, key=len, reverse=True):
        text = text.replace(heading, "")
    return NO_HEADING.sub("", text) != ""


def reads_as_a_part(region: Region, vendor_headings: list[str]) -> bool:
    """Does the region open with the vendor table's body: a ruled row holding a value
    (`N*Ascend`, or `-` for not supported) reached without a heading of its own above it (its
    rows before the values hold the vendor's headings, column numbers or a 续表 line naming its
    caption at most)? A guide's tables in the same columns open with headings of their own (模型,
    部署方式, 单机/多机)."""
    for cells in row_texts(region):
        if any(UNITS.fullmatch(cell) for cell in cells) or NOT_SUPPORTED in cells:
            return True
        if own_heading("".join(cells), vendor_headings):
            return False
    return False


CAPTION_LIKE = re.compile(r"附表|(?:表|table|tab\.)#", re.IGNORECASE)  # a table's number (an appendix's word) opening a line
BESIDE = 2  # lines looked at above and below a part: a caption, or a note and then a caption


def caption_beside(region: Region, lines: list[PrintedLine]) -> str | None:
    """A line printed right above or right below the region (or one line further: a note, then the
    caption) that reads as a table's caption other than the vendor's own (表1 模型最小卡数配置) or a
    续表 line: 表2 …, Table 2: …, 附表 …"""
    above = sorted((line for line in lines if line.top < region.bbox[1]), key=lambda line: -line.top)[:BESIDE]
    below = sorted((line for line in lines if line.top > region.bbox[3]), key=lambda line: line.top)[:BESIDE]
    return next((line.text for line in above + below if other_caption(line.shape)), None)


def other_caption(shape: str) -> bool:
    """Does a printed line (numbers as #) read as a table's caption other than the vendor's own
    or a 续表 line?"""
    text = squash(shape)
    return CAPTION_LIKE.match(text) is not None and text != f"表#{CAPTION}" and not CONTINUED.fullmatch(text)


def check_not_captioned_otherwise(region: Region, lines: list[PrintedLine], number: int, source: str) -> None:
    """A part at the top of the page in the vendor table's columns, a caption of another table
    right above or below it: the vendor table going on, or another table in the same columns
    (hunt 89: 表2's rows read on as the vendor table's)? Neither is guessed (hunt 92: a rest of the
    table dropped for a sentence opening 表1…): an error naming the caption."""
    caption = caption_beside(region, lines)
    if caption is not None:
        raise LayoutError(source, Problem(
            Place(page=number), f"the table at the top of the page, in the vendor table's columns, has the caption "
            f"{caption!r} beside it: the vendor table going on, or another table?", "the vendor table's parts "
            "without another table's caption beside them, or other tables with a heading row of their own"))


def comes_before(region: Region, first: Region) -> bool:
    """Is the region read before the table's first part: above it on its page, in its column
    (one at the top of the page's next column comes after it)?"""
    middle = (region.bbox[0] + region.bbox[2]) / 2
    return region.page == first.page and region.bbox[3] <= first.bbox[1] + TOLERANCE \
        and first.bbox[0] <= middle <= first.bbox[2]


def overlaps(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_no_part_elsewhere(regions: list[Region], taken: Region | None, first: Region, source: str) -> None:
    """Once the vendor table has begun, no other table opening with its body (reads_as_a_part)
    instead of a heading row of its own: the table goes on only at the top of the page after
    its last part (continuation), so a part printed beside it (a page of two columns, whatever
    columns the producer gave it there), below it, or under a caption line on the next page
    would otherwise be left out without a word (hunt 86: 28 of 124 rows lost). A table read
    before the first part (comes_before) is none of its parts."""
    others = [r for r in regions if r is not taken and not (taken is not None and overlaps(r.bbox, taken.bbox))
              and not comes_before(r, first)]
    if not others:  # (the first part's headings read only where some table may be a part)
        return
    vendor_headings = [squash(printed_text("".join(lines))) for lines in first.heading_lines()]
    vendor_headings = [h for h in vendor_headings if h] + [CAPTION]  # a 续表 row names the table by its caption
    for region in others:
        if not reads_as_a_part(region, vendor_headings):
            continue
        x0, top = region.bbox[:2]
        raise LayoutError(source, Problem(
            Place(page=region.page), f"a table opening with the vendor table's rows ({x0:.0f} pt from the left, "
            f"{top:.0f} pt from the top) that is not where the table goes on: a part of it printed beside or "
            "below another part, or after a caption line?", "the vendor table's parts each at the top of the page "
            "after the one before, nothing above them but the running header"))


def check_no_part_before(before: list[Region], first: Region, source: str) -> None:
    """No table read before the vendor table's first part opens with its body (reads_as_a_part):
    the rows of a part on a page before it (pages swapped or printed in reverse: hunt 149's 40 rows
    of 124 left out, a row of qwen2-7b joined to llama3.1-70b's cell overleaf) are no other table's."""
    if not before:
        return
    vendor_headings = [h for lines in first.heading_lines() if (h := squash(printed_text("".join(lines))))] + [CAPTION]
    found = next((region for region in before if reads_as_a_part(region, vendor_headings)), None)
    if found is not None:
        x0, top = found.bbox[:2]
        raise LayoutError(source, Problem(
            Place(page=found.page), f"a table opening with the vendor table's rows ({x0:.0f} pt from the left, "
            f"{top:.0f} pt from the top), read before the table's first part (page {first.page}): a part of it "
            "printed before its header (pages out of order?), or a table of values with no header of its own",
            "the vendor table's parts in order, its first part (with its header) first; other tables with headers "
            "of their own"))


def update_date(page, source: str) -> str | None:
    return date_in(printed_text(page.extract_text() or ""), source, Place(page=page.page_number))
