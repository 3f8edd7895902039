"""Vendor page (HTML bytes) -> Grid.

Three stages: html_page.py reads the bytes as a page (one encoding rule, the text a
reader sees, the update date); html_tables.py finds the vendor table's parts among the
page's tables; this module stitches the parts' rows into one Grid, later parts without
the header rows they repeat, each cell keeping its part. lxml's HTML parser runs with no
network access; HTML has no external entities to expand.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import replace

from lxml import etree

from ..errors import CellError, LayoutError, Place, Problem, SourceError
from ..grid import Cell, CellSpec, Grid, place_rows
from ..limits import DEFAULT, Limits
from ..tokens import squash
from .html_fetch import url_text
from .html_files import SavedFiles
from .html_page import date_in, decode_page, parse_document, read_page, sniff_encoding, update_date
from .html_styles import Styles
from .html_tree import holds_scripts, may_run_scripts
from .html_tables import (MAX_SPAN, OUT_OF_ORDER, Table, alike_cell_faults, collapsed_columns, owned_by,
                          painted_columns, row_hidden_in_a_span,
                          drawn_over_from_outside, find_vendor_table, row_drawn_apart, row_group, sections_drawn_apart,
                          shadow_host_around, span_value, table_drawn_apart, table_not_drawn, own_text)
from .html_columns import column_overflow
from .html_placement import placement_fault
from .bidi import reordering
from .text import cell_lines, collapse_lines

__all__ = ["date_in", "decode_page", "extract_html", "sniff_encoding"]


# --- parts -> one grid ---------------------------------------------------------------------

def cell_spec(cell: etree._Element, row: int, col: int, part: int | None, source: str, styles: Styles) -> CellSpec:
    """The n-th cell (`col`) of a row; its Place is made only for a problem (one per cell is
    work for nothing on a table without one)."""
    raw = cell_lines(cell, styles)
    (down, rowspan), (across, colspan) = span_value(cell, "rowspan"), span_value(cell, "colspan")
    if rowspan is None or colspan is None:
        name, value = ("rowspan", down) if rowspan is None else ("colspan", across)
        raise LayoutError(source, Problem(Place(row=row, col=col, part=part), f"{name}={value!r}",
                                          f"a whole number from 1 to {MAX_SPAN}"))
    # text, raw_text, rowspan, colspan, page, part: positional arguments are bound in half the time (a cell each)
    return CellSpec(collapse_lines(raw), "\n".join(raw), rowspan, colspan, None, part)


def body_start(table: Table, first: Table) -> int:
    """The first row of a later part that is not a repeat of the first part's header."""
    return len(first.header) if table.repeats_header_of(first) else 0


def stitched_parts(parts: list[Table]) -> Iterator[tuple[Table, int | None, list[etree._Element]]]:
    """Each part, its number (None for a one-piece table) and the rows it adds to the stitched
    table: later parts without the header rows they repeat."""
    for index, table in enumerate(parts, start=1):
        yield table, index if len(parts) > 1 else None, table.rows[body_start(table, parts[0]) if index > 1 else 0:]


def reordered(spec: CellSpec, row: int, col: int) -> Problem | None:
    found = reordering(spec.raw_text)
    if found is None:
        return None
    place = Place(row=row, col=col, part=spec.part)
    name = unicodedata.name(found, "")
    what = f"U+{ord(found):04X} {name}," if name else f"U+{ord(found):04X} (a code point this reader's Unicode does not know),"
    return Problem(place, f"the cell's text holds {what} which a browser draws reordering "
                   f"the text ({spec.raw_text!r})", "text drawn in the order it is written: no bidirectional "
                   "controls, right-to-left letters or Arabic digits")


def stitched_rows(parts: list[Table], source: str) -> list[list[CellSpec]]:
    """All parts' rows in one table (stitched_parts). Rows are numbered over the stitched table;
    each cell keeps its part (None for a one-piece table). A cell whose text a browser draws in
    another order than it is written (bidirectional controls, right-to-left text) is an error."""
    rows, problems, cut = [], [], []
    for table, part, trs in stitched_parts(parts):
        groups = [row_group(tr, table.element) for tr in trs]
        styles = table.styles
        for i, tr in enumerate(trs):
            r = len(rows) + 1
            # a place names the n-th cell of the row: its grid column is not known yet
            row = [cell_spec(cell, r, n, part, source, styles) for n, cell in enumerate(table.cells(tr), start=1)]
            problems += [found for n, spec in enumerate(row, start=1)
                         if not spec.raw_text.isascii() and (found := reordered(spec, r, n))]  # ASCII never is
            cut += [cut_span(spec.rowspan, groups[i], Place(row=r, col=n, part=part)) for n, spec in enumerate(row, start=1)
                    if spec.rowspan > 1 and i + spec.rowspan - 1 < len(trs) and groups[i + spec.rowspan - 1] is not groups[i]]
            if not blank_row(row, rows):
                rows.append(row)
    if cut:
        raise LayoutError(source, cut)
    if problems:
        raise CellError(source, problems)
    return rows


def cut_span(rowspan: int, group: etree._Element, place: Place) -> Problem:
    return Problem(place, f"rowspan={rowspan} runs past the end of its row group (<{group.tag}>): a browser ends the "
                   "cell there and draws the next group's rows a column over", "a merged cell within its "
                   "<thead>, <tbody> or <tfoot>")


def drawn_apart(element: etree._Element, declaration: str, place: Place) -> Problem:
    return Problem(place, f"<{element.tag}> {OUT_OF_ORDER} ({declaration})",
                   "the vendor table's cells drawn where its grid puts them: no float, offset, transform, "
                   "right-to-left or vertical text, or other display on the table, its rows and cells")


def check_drawn_in_order(parts: list[Table], source: str) -> None:
    """A browser draws every cell of the vendor table in its place in the grid, or a reader sees
    another value in a column than the one read: a flexbox row, a floated or moved cell, a
    mirrored or right-to-left table, a body row group shown as a header are errors naming them
    (a layout error). Then a cell whose text is drawn with what this reader does not model (an
    animation, a text stroke, font-size-adjust, a motion path: Style.unmodelled) may show a
    reader another value than the one read: an error naming the cell, the element and the
    declaration (a cell error). One walk of each cell's elements answers both (cell_faults),
    asked once for the cells of a row drawn alike (alike_cell_faults)."""
    problems, unmodelled, r = [], [], 0
    over = drawn_over_from_outside([table.element for table in parts], parts[0].styles)
    if over is not None:
        problems.append(drawn_over(*over))
    for table, part, rows in stitched_parts(parts):
        styles, alike = table.styles, {}
        sections = sections_drawn_apart(table.element, rows, styles)
        around = table_not_drawn(table.element, styles)
        found = table_drawn_apart(table.element, styles) if around is None else ""  # (not drawn: in no order)
        if found:
            problems.append(drawn_apart(table.element, found, Place(row=r + 1 if rows else None, part=part)))
        if around is not None:
            problems.append(not_drawn(*around, Place(part=part)))
        host = shadow_host_around(table.element, rows, styles)
        if host is not None:
            problems.append(in_shadow_host(host, Place(part=part)))
        narrow = column_overflow(table.element, [table.cells(tr) for tr in rows], styles,
                                 lambda element: squash(own_text(element, styles)))
        if narrow is not None:
            problems.append(past_its_column(*narrow, r, rows, table.cells, part))
        reach = placement_fault(table.element, [table.cells(tr) for tr in rows], styles,
                                lambda element: squash(own_text(element, styles)))
        if reach is not None:
            problems.append(out_of_reach(*reach, Place(part=part)))
        for tr in rows:
            r += 1
            if tr in sections:
                problems.append(drawn_apart(*sections[tr], Place(row=r, part=part)))
            found = row_drawn_apart(tr, styles)
            if found:
                problems.append(drawn_apart(tr, found, Place(row=r, part=part)))
            for n, cell in enumerate(table.cells(tr), start=1):
                inside, unseen = alike_cell_faults(cell, styles, alike)
                if inside:
                    problems.append(drawn_apart(*inside, Place(row=r, col=n, part=part)))
                if unseen:
                    unmodelled.append(not_modelled(*unseen, Place(row=r, col=n, part=part)))
    if problems:
        raise LayoutError(source, problems)
    if unmodelled:
        raise CellError(source, unmodelled)


def past_its_column(element: etree._Element, why: str, before: int, rows: list[etree._Element], cells_of,
                    part: int | None) -> Problem:
    """A cell (or the table, or a <col>) of a fixed-layout table whose columns may not hold its text."""
    cell = next((e for e in (element, *element.iterancestors()) if e.tag in ("td", "th")), element)
    at = next(((r, cells_of(tr).index(cell) + 1) for r, tr in enumerate(rows, start=before + 1)
               if cell in cells_of(tr)), (None, None))
    return Problem(Place(row=at[0], col=at[1], part=part), f"<{element.tag}> may be drawn past its column ({why})",
                   "the vendor table's columns as wide as their text (table-layout: auto), or set wide enough")


def out_of_reach(box: etree._Element, why: str, place: Place) -> Problem:
    return Problem(place, f"<{box.tag}> may put part of the vendor table where no reader scrolls ({why}): cut off "
                   "by a box narrower than the table, left of the page, or drawn over itself",
                   "the vendor table in boxes that show or scroll what overflows them (overflow-x visible, auto or "
                   "scroll) or wide enough to hold it, set from its container's left, and not in columns")


def not_drawn(around: etree._Element, why: str, place: Place) -> Problem:
    return Problem(place, f"<{around.tag}> around the vendor table {why}",
                   "the vendor table drawn on the page: no element around it hidden (display:none, the hidden "
                   "attribute, a closed <dialog> or <details>, a popover) or drawing something else in place of "
                   "its content (a canvas, video, object, select, button, SVG or MathML)")


def drawn_over(element: etree._Element, declaration: str) -> Problem:
    return Problem(Place(), f"<{element.tag}> outside the vendor table may be drawn over it ({declaration}): where it "
                   "lands is decided by a layout this reader does not do, and its paint would hide or add to the "
                   "table's text", "nothing outside the vendor table placed over it: no element out of the flow "
                   "(position absolute or fixed), stuck to the window's edge, moved (offsets, a transform), pulled "
                   "by a negative margin or text-indent, spilling its content out of a set size, or painting past its "
                   "box or line (an outline, an inline box's shadow or padding past its line)")


def in_shadow_host(host: etree._Element, place: Place) -> Problem:
    return Problem(place, f"<{host.tag}> around the vendor table is drawn from its declarative shadow root (<template "
                   "shadowrootmode>), which this reader does not read, not from the table it holds",
                   "the vendor table outside any element drawn from a shadow tree of its own")


def not_modelled(element: etree._Element, declaration: str, place: Place) -> Problem:
    return Problem(place, f"<{element.tag}> is drawn with `{declaration}`, which may change what its text shows and "
                   "which this reader does not model", "the table's text without animations, text strokes, "
                   "font-size-adjust, motion paths, text shadows moved apart, text-overflow ellipses, a hyphenate "
                   "character other than a hyphen, symbol fonts, emphasis marks, fonts drawn at another size "
                   "(size-adjust, math-depth), paint over the text beside a box (outlines; an inline box's or a "
                   "positioned or layered box's shadow, outset border image or background under a negative margin) "
                   "or past its line (vertical padding, borders or a large font of an inline box, a moved "
                   "underline), margins or padding in percent of a width (in a cell), or lengths the two desktop windows "
                   "read otherwise, or text generated by a form control")


def rows_not_drawn(parts: list[Table]) -> tuple[str, ...]:
    """A warning where rows of the vendor table holding text are not drawn (display: none,
    visibility: collapse or hidden) and so left out, as a reader sees the table: the release is then
    what the page shows, which may not be the vendor's whole table (hunt 138: a table shown ten
    rows a page behind a pager, `Showing 1 to 10 of 80`, published 200 of 1,350 rows)."""
    hidden = 0
    for table in parts:
        drawn = set(table.rows)
        hidden += sum(1 for tr in table.element.iter("tr") if tr not in drawn and
                      owned_by(tr, table.element, ("table", "td", "th")) and "".join(tr.itertext()).strip())
    if not hidden:
        return ()
    return (f"{hidden} row(s) of the vendor table hold text the page does not draw (display: none, visibility: "
            "collapse or hidden) and are left out, as a reader sees the table: a table shown a page at a time, "
            "or rows an editor hid",)


def blank_row(row: list[CellSpec], rows: list[list[CellSpec]]) -> bool:
    """A row a reader sees no text in, that no cell spans into or out of: layout, not data
    (Word's `<tr height=0>` of empty sizing cells after a table with merged cells, a spacer
    row). The vendor table has no empty cells of its own, so such a row is never one of its."""
    if any(cell.text.strip() or cell.rowspan != 1 for cell in row):
        return False
    return not any(cell.rowspan > len(rows) - r for r, earlier in enumerate(rows) for cell in earlier)


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


def check_no_collapsed_columns(parts: list[Table], source: str) -> None:
    """A column collapsed by its <col> is not seen by a reader: its values are not the page's."""
    columns = sorted({c for table in parts for c in collapsed_columns(table.element, table.styles)})
    if columns:
        raise LayoutError(source, [Problem(Place(row=1, col=c + 1), f"column {c + 1} is collapsed (visibility:collapse "
                                           "on its <col> or <colgroup>)", "every column of the vendor table shown")
                                   for c in columns])
    painted = sorted({c for table in parts for c in painted_columns(table.element, table.styles)})
    if painted:
        raise LayoutError(source, [Problem(Place(row=1, col=c + 1), f"column {c + 1} has a background painted by its "
                                           f"column ({how}), which this reader does not paint under its cells' text",
                                           "column elements painting nothing (backgrounds on the cells or rows)")
                                   for c, how in painted])


# Scripts are not run here: one inside the vendor table runs where it stands as the page loads (a
# `document.write("1")` in a cell draws 14*Ascend), and so does a handler of an event that fires
# without the reader doing anything (an <img>'s onerror setting the cell's text). Handlers of what a
# reader does (a click, a key) change nothing of the page as it loads.
SCRIPT_TYPES = frozenset({"", "module", "text/javascript", "application/javascript", "text/ecmascript",
                          "application/ecmascript", "application/x-javascript", "application/x-ecmascript",
                          "text/x-javascript", "text/x-ecmascript", "text/jscript", "text/livescript",
                          *(f"text/javascript1.{n}" for n in range(6))})
ON_READERS_ACT = re.compile(r"on(click|dblclick|auxclick|contextmenu|mouse\w*|pointer\w*|touch\w*|key\w*|wheel|drag\w*|"
                            r"drop|copy|cut|paste|input|beforeinput|change|submit|reset|select|selectionchange|"
                            r"selectstart|invalid|blur|focusout|search)")


def url_scheme(url: str) -> str:
    """The URL's scheme as the URL parser reads it (html_fetch.url_text), in lower case; "" for
    a relative URL."""
    found = re.match(r"([a-zA-Z][a-zA-Z0-9+.-]*):", url_text(url))
    return found.group(1).lower() if found else ""


FRAMES = {"iframe": "src", "frame": "src", "embed": "src", "object": "data"}  # what loads a document, and from where


def frame_code(element: etree._Element) -> str | None:
    """What of a frame, embed or object may run code of the page's origin as it loads (hunts 87,
    88: a hidden one's script set a cell to 64*Ascend through `parent`): an <iframe srcdoc> whose
    markup may hold a script, a javascript: URL, or a document it loads from beside the page (a
    relative URL). A data: URL's document, or another site's, has an origin of its own and cannot
    reach the page; one of the page's own site reached by an absolute URL is fetch's to refuse
    (fetch_served.py)."""
    if element.tag == "iframe" and element.get("srcdoc") is not None:
        return "an <iframe srcdoc> holding a script" if holds_scripts(element.get("srcdoc").lower()) else None
    url = (element.get(FRAMES[element.tag]) or "").strip()
    scheme = url_scheme(url)
    if scheme == "javascript":
        return f"<{element.tag} {FRAMES[element.tag]}=javascript:…>"
    if url and scheme in ("", "file"):  # beside the page: of its origin (of another site, it cannot reach the page)
        return f"<{element.tag} {FRAMES[element.tag]}={url[:60]!r}> (a document beside the page, which may run a script)"
    return None


def runs_script(element: etree._Element) -> str | None:
    """What of the element runs a script as the page loads: a <script> of a script type, an
    event handler attribute (on…) but for what a reader does, or a frame's document that may
    (frame_code); None for nothing."""
    if element.tag == "script" and (element.get("type") or "").strip().lower() in SCRIPT_TYPES:
        return "a <script>"
    if element.tag in FRAMES and (found := frame_code(element)):
        return found
    for name in element.attrib:
        if isinstance(name, str) and name.lower().startswith("on") and not ON_READERS_ACT.fullmatch(name.lower()):
            return f"<{element.tag} {name.lower()}>"
    return None


# the elements that may run a script, found by libxml2 (attribute names are lower case in an HTML5 tree)
MAY_RUN = etree.XPath(".//script | .//iframe | .//frame | .//object | .//embed | .//*[@*[starts-with(name(), 'on')]]")


def check_no_scripts(parts: list[Table], source: str) -> None:
    if not may_run_scripts(parts[0].element.getroottree().getroot()):
        return
    for table in parts:
        for element in MAY_RUN(table.element):
            found = runs_script(element)
            if found:
                raise SourceError(source, Problem(
                    Place(), f"{found} inside the vendor table (#{table.number}), which a browser runs as the page "
                    "loads and which may change what the table shows; scripts are not run here",
                    "the table as served, no script inside it (save the page as a browser shows it)"))


def check_no_row_hidden_in_a_span(parts: list[Table], source: str) -> None:
    for table in parts:
        row = row_hidden_in_a_span(table.element, table.styles)
        if row is not None:
            text = " ".join(piece.strip() for piece in row.itertext() if piece.strip())[:60]
            raise LayoutError(source, Problem(
                Place(), f"a row of table #{table.number} hidden by visibility ({text!r}) lies inside a cell merged "
                "over rows, or starts one: a browser keeps the hidden row's place in the table, so the merged cells "
                "span it, and the rows below may stand elsewhere than where they are read",
                "hidden rows outside merged cells (display:none takes a row out of the table)"))


def grid_from_parts(parts: list[Table], source: str, limits: Limits = DEFAULT) -> Grid:
    check_no_scripts(parts, source)
    check_no_row_hidden_in_a_span(parts, source)
    check_no_collapsed_columns(parts, source)
    check_drawn_in_order(parts, source)
    limits.check_cells(source, sum(len(t.cells(tr)) for t in parts for tr in t.rows))
    rows = stitched_rows(parts, source)
    limits.check_cells(source, sum(c.rowspan * c.colspan for row in rows for c in row))
    cells = place_rows(source, rows)  # a rowspan that runs out of its part is named first
    check_part_widths(parts, cells, source)
    return Grid.from_cells(source, cells)


def extract_html(data: bytes, source: str, limits: Limits = DEFAULT,
                 files: SavedFiles | None = None) -> tuple[Grid, str | None]:
    """Return the vendor table's grid and the page's update date (None if the page has none).
    Given the folder the page was saved in (`files`), the style sheets saved beside it are
    applied too; each one linked but not found there is a warning of the grid."""
    root = parse_document(data, source)
    reading = read_page(root, source, files)
    parts = find_vendor_table(root, reading, source)
    grid = grid_from_parts(parts, source, limits)
    warnings = (*rows_not_drawn(parts), *(files.warnings if files else ()))
    if warnings:
        grid = replace(grid, warnings=(*grid.warnings, *warnings))
    return grid, update_date(reading, source)
