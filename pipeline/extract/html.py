"""Vendor page (HTML bytes) -> Grid.

The vendor table is found by what it is (its caption, its key and framework
headings), never by its position on the page. A table that the vendor's editor
split into several consecutive <table> elements is read as one table: later
parts follow the first with nothing but a caption or a short line between them,
have its width, and either repeat its header rows (dropped) or start with body
rows. lxml's HTML parser runs with no network access; HTML has no external
entities to expand, and comments, scripts and styles contribute no text.
"""
from __future__ import annotations

import bisect
import codecs
import re
from dataclasses import dataclass, field
from functools import cached_property

from lxml import etree

from ..errors import LayoutError, Place, Problem, SourceError
from ..grid import Cell, CellSpec, Grid, place_rows
from ..header import CAPTION, FRAMEWORK_MARK, KEY_HEADINGS, looks_like_vendor_header
from ..limits import DEFAULT, Limits
from ..tokens import UNITS, printed, squash
from .text import cell_lines, collapse_lines, is_hidden, is_silent, tag_of

UPDATE_LINE = re.compile(r"更新时间\s*[：:]\s*(\d{4}-\d{2}-\d{2})")
# <meta charset="x"> and <meta http-equiv="Content-Type" content="text/html; charset=x"> alike
META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
MAX_SPAN = 1000  # far above any real table; keeps a hostile span from allocating a huge grid
CONTINUED = "续"  # a caption such as 表1 模型最小卡数配置（续）: the table goes on from the part before
MAX_GAP = 60  # characters of visible text (whitespace aside) between two parts of one table
HEADER_PROBE = 3  # rows read to decide whether a table carries the vendor's headings


# --- bytes -> text: one rule for what counts as an HTML page ------------------------------

def sniff_encoding(data: bytes) -> str:
    """BOM, then <meta charset> (or http-equiv content-type), then UTF-8: a page saved from the
    browser says which. A <meta> that claims UTF-16 is read as UTF-8, as browsers do: a page
    whose <meta> could be read byte by byte is not UTF-16."""
    for bom, name in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16"),
                      (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return name
    match = META_CHARSET.search(data[:4096])
    if match:
        try:
            name = codecs.lookup(match.group(1).decode("ascii")).name
        except LookupError:
            return "utf-8"
        return "utf-8" if name.startswith("utf-16") or name.startswith("utf-32") else name
    return "utf-8"


def decode_page(data: bytes, source: str) -> str:
    """The page's text, or one error naming the file: bytes that are not text in the encoding
    sniff_encoding finds (a NUL included: no HTML page holds one) are binary data. The file
    kind check and the extractor both call this, so they cannot disagree."""
    encoding = sniff_encoding(data)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise SourceError(source, f"the file is binary data, not {encoding} text (byte {exc.start})",
                          "an HTML page") from None
    if "\x00" in text:
        raise SourceError(source, f"the file is binary data, not {encoding} text (a NUL at character "
                          f"{text.index(chr(0))})", "an HTML page")
    return text


def parse_document(data: bytes, source: str) -> etree._Element:
    text = decode_page(data, source)
    parser = etree.HTMLParser(no_network=True, remove_comments=True, remove_pis=True)
    root = etree.fromstring(text, parser) if text.strip() else None
    if root is None:
        raise SourceError(source, "the file is empty", "an HTML page")
    # libxml2 stops building the tree at its safety limits (nesting depth, size of one
    # text node); say so rather than report whatever part of the page survived.
    fatal = next((e for e in parser.error_log if e.level_name == "FATAL"), None)
    if fatal is not None:
        what = ("elements nested deeper than the parser's limit" if "depth" in fatal.message
                else f"the parser's resource limit was reached ({fatal.message.split(',')[0]})")
        raise SourceError(source, Problem(Place(), f"{what} (line {fatal.line}); the page would be cut there",
                                          "a page nested less than 256 levels deep, with no single text or "
                                          "comment over 10 MB"))
    return root


# --- the page as a reader sees it -----------------------------------------------------------

@dataclass(eq=False)
class Reading:
    """The page in document order: visible text pieces, and where each table starts and ends
    among them. Scripts, styles, templates and noscript are left out with their tables; the
    text of hidden elements and of <head> is left out, but hidden tables keep their place, so
    that which table is which does not depend on CSS."""

    texts: list[tuple[int, str]] = field(default_factory=list)  # (position, text) of shown text
    start: dict[etree._Element, int] = field(default_factory=dict)
    end: dict[etree._Element, int] = field(default_factory=dict)
    position: int = 0

    def walk(self, element: etree._Element, hidden: bool = False) -> None:
        if is_silent(element):
            return  # nor are its tables shown: a <template> or <noscript> copy is not the table
        hidden = hidden or is_hidden(element) or tag_of(element) == "head"  # <title> is not page text
        is_table = tag_of(element) == "table"
        if is_table:
            self.start[element] = self.tick()
        if element.text and tag_of(element) and not hidden:
            self.texts.append((self.tick(), element.text))
        for child in element:
            self.walk(child, hidden)
            if child.tail and not hidden:
                self.texts.append((self.tick(), child.tail))
        if is_table:
            self.end[element] = self.tick()

    def tick(self) -> int:
        self.position += 1
        return self.position

    # texts and start are filled in document order, so their positions are sorted (bisect)
    def text_between(self, after: int, before: int) -> str:
        positions = self.text_positions
        lo, hi = bisect.bisect_right(positions, after), bisect.bisect_left(positions, before)
        return "".join(text for _, text in self.texts[lo:hi])

    def tables_starting_between(self, after: int, before: int) -> list[etree._Element]:
        starts = self.start_positions
        return self.start_order[bisect.bisect_right(starts, after):bisect.bisect_left(starts, before)]

    @cached_property
    def text_positions(self) -> list[int]:
        return [position for position, _ in self.texts]

    @cached_property
    def start_order(self) -> list[etree._Element]:
        return list(self.start)

    @cached_property
    def start_positions(self) -> list[int]:
        return list(self.start.values())

    def shown_text(self) -> str:
        return "".join(text for _, text in self.texts)


def read_page(root: etree._Element) -> Reading:
    reading = Reading()
    reading.walk(root)
    return reading


def update_date(reading: Reading) -> str | None:
    """The page's own '更新时间：YYYY-MM-DD' line, from the text a reader sees (never a script's)."""
    match = UPDATE_LINE.search(printed(reading.shown_text()))
    return match.group(1) if match else None


# --- tables and what they hold -------------------------------------------------------------

def table_rows(table: etree._Element) -> list[etree._Element]:
    """The table's own rows in document order, with or without thead/tbody/tfoot."""
    return table.xpath("./tr | ./thead/tr | ./tbody/tr | ./tfoot/tr")


def row_cells(tr: etree._Element) -> list[etree._Element]:
    return [child for child in tr if tag_of(child) in ("td", "th")]


def own_text(element: etree._Element) -> str:
    """The element's shown text without that of tables nested in it: a layout table's cell
    that holds the vendor table does not hold the vendor's headings."""
    pieces = [element.text or ""] if tag_of(element) else []
    for child in element:
        if tag_of(child) != "table" and not is_silent(child) and not is_hidden(child):
            pieces.append(own_text(child))
        pieces.append(child.tail or "")
    return "".join(pieces)


def lenient_span(cell: etree._Element, name: str) -> int:
    """A span for sizing up a table; bad values are reported when its grid is built."""
    value = (cell.get(name) or "1").strip()
    return int(value) if value.isdigit() and 1 <= int(value) <= MAX_SPAN else 1


@dataclass(eq=False)
class Table:
    """One <table> of the page, and what decides whether it is (part of) the vendor table."""

    number: int  # 1-based, in document order among all the page's tables
    element: etree._Element
    reading: Reading
    layout: bool = False  # holds a vendor-looking table: a layout table, never the vendor table

    @cached_property
    def rows(self) -> list[etree._Element]:
        return table_rows(self.element)

    def row_texts(self, row: int) -> list[str]:
        return [squash(own_text(cell)) for cell in row_cells(self.rows[row])]

    @cached_property
    def caption(self) -> str:
        return "".join(squash(own_text(c)) for c in self.element if tag_of(c) == "caption")

    @cached_property
    def heading_text(self) -> str:
        return "".join("".join(self.row_texts(r)) for r in range(min(HEADER_PROBE, len(self.rows))))

    @cached_property
    def headed(self) -> bool:
        """Its own first rows carry the vendor's headings."""
        return looks_like_vendor_header(self.heading_text)

    @property
    def candidate(self) -> bool:
        return not self.layout and (self.headed or CAPTION in self.caption)

    @property
    def continued(self) -> bool:
        return CONTINUED in self.caption

    @property
    def fresh_caption(self) -> bool:
        """A caption that starts a table of its own (not a '（续）' of the one before)."""
        return bool(self.caption) and not self.continued

    @cached_property
    def depth(self) -> int:
        """Header rows, as Grid.header_depth reads them: the first row's tallest cell."""
        return max((lenient_span(c, "rowspan") for c in row_cells(self.rows[0])), default=1) if self.rows else 0

    def width(self) -> int:
        """Columns of the first row (nothing above reaches into it)."""
        return sum(lenient_span(c, "colspan") for c in row_cells(self.rows[0])) if self.rows else 0

    @cached_property
    def has_units(self) -> bool:
        return any(UNITS.search(squash(own_text(c))) for tr in self.rows for c in row_cells(tr))

    def score(self) -> tuple[bool, bool]:
        """How surely this is the vendor table: framework columns in its header, its caption."""
        return FRAMEWORK_MARK in self.heading_text, CAPTION in self.caption

    @cached_property
    def header(self) -> list[list[str]]:
        return [self.row_texts(r) for r in range(min(self.depth, len(self.rows)))]

    def repeats_header_of(self, first: Table) -> bool:
        depth = len(first.header)
        return len(self.rows) >= depth and all(self.row_texts(r) == first.header[r] for r in range(depth))

    def follows(self, before: Table) -> bool:
        """Nothing between the two but a short line (a caption, '续表') and the wrappers
        of this table; no other table starts in between."""
        reading, after, start = self.reading, self.reading.end[before.element], self.reading.start[self.element]
        if after > start:
            return False
        ancestors = set(self.element.iterancestors("table"))
        between = [t for t in reading.tables_starting_between(after, start) if t not in ancestors]
        return not between and len(squash(reading.text_between(after, start))) <= MAX_GAP


def page_tables(root: etree._Element, reading: Reading) -> list[Table]:
    shown = [t for t in root.iter("table") if t in reading.start]
    tables = [Table(n, t, reading) for n, t in enumerate(shown, start=1)]
    # a table around a vendor-looking table is a layout table, never the vendor table itself:
    # the innermost table whose own cells hold the headings is
    by_element = {t.element: t for t in tables}
    for table in [t for t in tables if t.candidate]:
        for outer in table.element.iterancestors("table"):
            by_element[outer].layout = True
    return tables


def continues(first: Table, last: Table, table: Table) -> bool:
    """Whether `table` is the next part of the table begun by `first`, last continued by `last`:
    it follows `last` closely and is not captioned as a table of its own; it either repeats
    the first part's header or has no header, and then has the width of the table or unit
    values (a part of the wrong width is then an error, not a table to skip)."""
    if not table.follows(last) or table.fresh_caption:
        return False
    if table.headed:
        return table.repeats_header_of(first)
    return table.width() == first.width() or table.has_units or table.continued


def group_parts(tables: list[Table]) -> list[list[Table]]:
    """Tables in document order -> one list of parts per table that carries the vendor's caption
    or headings."""
    groups: list[list[Table]] = []
    for table in tables:
        if table.layout:
            continue
        if groups and continues(groups[-1][0], groups[-1][-1], table):
            groups[-1].append(table)
        elif table.candidate and not (table.continued and not table.headed):
            groups.append([table])
    return groups


def numbers(tables: list[Table]) -> str:
    return ", ".join(f"#{t.number}" for t in tables)


def find_vendor_table(root: etree._Element, reading: Reading, source: str) -> list[Table]:
    """The vendor table's parts. Among several tables that carry its headings, the one with
    framework columns and the vendor's caption; two that remain alike are an error naming both."""
    tables = page_tables(root, reading)
    groups = group_parts(tables)
    total = len(tables)
    if not groups:
        raise SourceError(source, f"no vendor table among the page's {total} table(s)",
                          f"a table captioned {CAPTION} or headed {' / '.join(KEY_HEADINGS.values())}")
    best = max(group[0].score() for group in groups)
    chosen = [group for group in groups if group[0].score() == best]
    # a table with the same header rows that could not be attached is a second copy or a part
    # cut off by prose: which one holds the rows meant is not for the reader to guess
    chosen += [group for group in groups if group not in chosen and group[0].headed
               and group[0].repeats_header_of(chosen[0][0])]
    chosen.sort(key=lambda group: group[0].number)
    if len(chosen) > 1:
        raise SourceError(source, f"{len(chosen)} tables look like the vendor table "
                          f"({numbers([g[0] for g in chosen])} of {total})",
                          "exactly one (the later parts of a table split in several follow it closely, "
                          "with no caption or a （续） caption)")
    parts = chosen[0]
    check_no_stray_parts(parts, [t for t in tables if not any(t in g for g in groups)], total, source)
    check_next_header(parts, tables, total, source)
    return parts


def check_no_stray_parts(parts: list[Table], others: list[Table], total: int, source: str) -> None:
    """A table captioned as a continuation, or as wide as the vendor table and holding unit
    values, that could not be attached: its rows would be lost, so it is an error."""
    stray = [t for t in others if t.number > parts[0].number and not t.layout and not t.headed
             and not t.fresh_caption and (t.continued or (t.width() == parts[0].width() and t.has_units))]
    if stray:
        raise SourceError(source, f"table #{stray[0].number} of {total} looks like a part of the vendor table "
                          f"(#{parts[0].number}) but does not follow it", "the parts of a split table one after "
                          f"another, with at most {MAX_GAP} characters of text between them")


def check_next_header(parts: list[Table], tables: list[Table], total: int, source: str) -> None:
    """The table right after the vendor table, with framework columns and no caption of its own,
    but a header that is not the first part's: a continuation whose header was edited, or a
    second table? Its rows would be lost either way, so it is an error."""
    last = parts[-1]
    following = next((t for t in tables if t.number > last.number and not t.layout
                      and t.element not in set(last.element.iterdescendants("table"))), None)
    if (following is not None and following.headed and not following.fresh_caption and following.follows(last)
            and FRAMEWORK_MARK in following.heading_text and not following.repeats_header_of(parts[0])):
        raise SourceError(source, f"table #{following.number} of {total} follows the vendor table "
                          f"(#{parts[0].number}) with framework columns but another header",
                          "a later part that repeats the first part's header rows exactly, or has none")


# --- parts -> one grid ---------------------------------------------------------------------

def span(cell: etree._Element, name: str, place: Place, source: str) -> int:
    value = (cell.get(name) or "1").strip()
    if not value.isdigit() or not 1 <= int(value) <= MAX_SPAN:
        raise LayoutError(source, Problem(place, f"{name}={value!r}", f"a whole number from 1 to {MAX_SPAN}"))
    return int(value)


def cell_spec(cell: etree._Element, place: Place, source: str) -> CellSpec:
    raw = cell_lines(cell)
    return CellSpec(text=collapse_lines(raw), raw_text="\n".join(raw),
                    rowspan=span(cell, "rowspan", place, source),
                    colspan=span(cell, "colspan", place, source), part=place.part)


def body_start(table: Table, first: Table) -> int:
    """The first row of a later part that is not a repeat of the first part's header."""
    return len(first.header) if table.repeats_header_of(first) else 0


def stitched_rows(parts: list[Table], source: str) -> list[list[CellSpec]]:
    """All parts' rows in one table: later parts without the header rows they repeat. Rows are
    numbered over the stitched table; each cell keeps its part (None for a one-piece table)."""
    first, rows = parts[0], []
    for index, table in enumerate(parts, start=1):
        part = index if len(parts) > 1 else None
        skip = body_start(table, first) if index > 1 else 0
        for tr in table.rows[skip:]:
            r = len(rows) + 1
            # place names the n-th cell of the row: its grid column is not known yet
            rows.append([cell_spec(cell, Place(row=r, col=n, part=part), source)
                         for n, cell in enumerate(row_cells(tr), start=1)])
    return rows


def check_part_widths(parts: list[Table], cells: list[Cell], source: str) -> None:
    """A later part narrower or wider than the first cannot be attached column for column."""
    width = parts[0].width()
    for part, table in enumerate(parts[1:], start=2):
        first_row = min((c.row for c in cells if c.part == part), default=None)
        if first_row is None:
            continue  # a part that only repeats the header
        found = sum(c.colspan for c in cells if c.row == first_row)
        if found != width:
            raise LayoutError(source, Problem(Place(row=first_row + 1, part=part),
                              f"table #{table.number} continues the vendor table (#{parts[0].number}) but is "
                              f"{found} columns wide, not {width}", "every part of a split table as wide as the first"))


def grid_from_parts(parts: list[Table], source: str, limits: Limits = DEFAULT) -> Grid:
    limits.check_cells(source, sum(len(row_cells(tr)) for t in parts for tr in t.rows))
    rows = stitched_rows(parts, source)
    limits.check_cells(source, sum(c.rowspan * c.colspan for row in rows for c in row))
    cells = place_rows(source, rows)  # a rowspan that runs out of its part is named first
    check_part_widths(parts, cells, source)
    return Grid.from_cells(source, cells)


def extract_html(data: bytes, source: str, limits: Limits = DEFAULT) -> tuple[Grid, str | None]:
    """Return the vendor table's grid and the page's update date (None if the page has none)."""
    root = parse_document(data, source)
    reading = read_page(root)
    parts = find_vendor_table(root, reading, source)
    return grid_from_parts(parts, source, limits), update_date(reading)
