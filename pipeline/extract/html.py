"""Vendor page (HTML bytes) -> Grid.

The vendor table is found by its key headings, never by its position on the
page. lxml's HTML parser runs with no network access; HTML has no external
entities to expand, and comments, scripts and styles contribute no text.
"""
from __future__ import annotations

import codecs
import re

from lxml import etree

from ..errors import LayoutError, Place, Problem, SourceError
from ..grid import CellSpec, Grid
from ..header import CAPTION, KEY_HEADINGS, looks_like_vendor_header
from ..limits import DEFAULT, Limits
from ..tokens import squash
from .text import cell_lines, collapse_lines

UPDATE_LINE = re.compile(r"更新时间\s*[：:]\s*(\d{4}-\d{2}-\d{2})")
META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
MAX_SPAN = 1000  # far above any real table; keeps a hostile span from allocating a huge grid


def sniff_encoding(data: bytes) -> str:
    """BOM, then <meta charset>, then UTF-8: a page saved from the browser says which."""
    for bom, name in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16"),
                      (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return name
    match = META_CHARSET.search(data[:4096])
    if match:
        try:
            return codecs.lookup(match.group(1).decode("ascii")).name
        except LookupError:
            pass
    return "utf-8"


def parse_document(data: bytes, source: str) -> etree._Element:
    encoding = sniff_encoding(data)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise SourceError(source, f"the bytes are not {encoding} text (byte {exc.start})",
                          "an HTML page") from None
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


def table_rows(table: etree._Element) -> list[etree._Element]:
    """The table's own rows in document order, with or without thead/tbody/tfoot."""
    return table.xpath("./tr | ./thead/tr | ./tbody/tr | ./tfoot/tr")


def row_cells(tr: etree._Element) -> list[etree._Element]:
    return [child for child in tr if isinstance(child.tag, str) and child.tag.lower() in ("td", "th")]


def is_vendor_table(table: etree._Element) -> bool:
    """The vendor table by what it is: its caption, or a header that looks like its own."""
    caption = "".join(squash("".join(c.itertext())) for c in table.iterchildren("caption"))
    heading_text = "".join(squash("".join(cell.itertext()))
                           for tr in table_rows(table)[:3] for cell in row_cells(tr))
    return CAPTION in caption or looks_like_vendor_header(heading_text)


def find_vendor_table(root: etree._Element, source: str) -> etree._Element:
    tables = root.iter("table")
    candidates = [(n, t) for n, t in enumerate(tables, start=1) if is_vendor_table(t)]
    if len(candidates) == 1:
        return candidates[0][1]
    total = sum(1 for _ in root.iter("table"))
    if not candidates:
        raise SourceError(source, f"no vendor table among the page's {total} table(s)",
                          f"a table captioned {CAPTION} or headed {' / '.join(KEY_HEADINGS.values())}")
    numbers = ", ".join(f"#{n}" for n, _ in candidates)
    raise SourceError(source, f"{len(candidates)} tables look like the vendor table ({numbers} of {total})",
                      "exactly one")


def span(cell: etree._Element, name: str, place: Place, source: str) -> int:
    value = (cell.get(name) or "1").strip()
    if not value.isdigit() or not 1 <= int(value) <= MAX_SPAN:
        raise LayoutError(source, Problem(place, f"{name}={value!r}", f"a whole number from 1 to {MAX_SPAN}"))
    return int(value)


def cell_spec(cell: etree._Element, place: Place, source: str) -> CellSpec:
    raw = cell_lines(cell)
    return CellSpec(text=collapse_lines(raw), raw_text="\n".join(raw),
                    rowspan=span(cell, "rowspan", place, source),
                    colspan=span(cell, "colspan", place, source))


def grid_from_table(table: etree._Element, source: str, limits: Limits = DEFAULT) -> Grid:
    limits.check_cells(source, sum(len(row_cells(tr)) for tr in table_rows(table)))
    rows = []
    for r, tr in enumerate(table_rows(table), start=1):
        # place names the n-th cell of the row: its grid column is not known yet
        rows.append([cell_spec(cell, Place(row=r, col=n), source)
                     for n, cell in enumerate(row_cells(tr), start=1)])
    limits.check_cells(source, sum(c.rowspan * c.colspan for row in rows for c in row))
    return Grid.from_rows(source, rows)


def update_date(root: etree._Element) -> str | None:
    """The page's own '更新时间：YYYY-MM-DD' line, outside the table."""
    for text in root.itertext():
        match = UPDATE_LINE.search(text)
        if match:
            return match.group(1)
    return None


def extract_html(data: bytes, source: str, limits: Limits = DEFAULT) -> tuple[Grid, str | None]:
    """Return the vendor table's grid and the page's update date (None if the page has none)."""
    root = parse_document(data, source)
    table = find_vendor_table(root, source)
    return grid_from_table(table, source, limits), update_date(root)
