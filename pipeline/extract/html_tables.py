"""The page's tables -> the parts of the vendor table.

The vendor table is found by what it is (its caption, its key and framework headings),
never by its position on the page; a layout table around it never is it. A table that
the vendor's editor split into several consecutive <table> elements is one table: later
parts follow the first with nothing but a caption or a short line between them, have its
width, and either repeat its header rows or start with body rows. A part with no header
rows cannot be read on its own, so it never starts a table. Anything that looks like a
part but cannot be attached is an error, so that no rows are silently dropped. A table's
rows and a row's cells are the ones a reader sees (table_rows, row_cells).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from lxml import etree

from ..errors import SourceError
from ..header import CAPTION, FRAMEWORK_MARK, KEY_HEADINGS, looks_like_vendor_header
from ..tokens import UNITS, printed, squash
from .html_apart import check_no_table_apart
from .html_page import Reading
from .html_cascade import cascaded
from .html_style import (BLOCK_TAGS, BULLETS, ROOT, Style, as_computed, drawn_over_others, glyphs_past_line, placed_over, value_of,
                         written)
from .html_styles import Styles
from .html_extent import extent, paints, placed_inside
from .text import REPLACED, SILENT_TAGS, is_silent, tag_of

MAX_SPAN = 1000  # far above any real table; keeps a hostile span from allocating a huge grid
# Marks of a caption that continues the table before (表1 模型最小卡数配置（续）, （續）, （接上表）,
# Table 1 (continued), cont.), compared with the caption's whitespace removed and case folded.
CONTINUED = ("续", "續", "接上表", "continued", "cont.")
MAX_GAP = 60  # characters of visible text (whitespace aside) between two parts of one table
HEADER_PROBE = 3  # rows read to decide whether a table carries the vendor's headings


# --- tables and what they hold -------------------------------------------------------------

def owned_by(element: etree._Element, owner: etree._Element, stops: tuple[str, ...]) -> bool:
    """Whether the nearest ancestor of `element` whose tag is one of `stops` is `owner`, with
    no script, style, template or noscript in between."""
    for ancestor in element.iterancestors():
        tag = tag_of(ancestor)  # once for both questions (is_silent asks for it too)
        if tag in SILENT_TAGS:
            return False
        if tag in stops:
            return ancestor is owner
    return False


def hidden(element: etree._Element, styles: Styles) -> bool:
    """Removed, or hidden by visibility (hidden or collapse: how CSS hides a table row while
    keeping the table's columns)."""
    style = styles.of(element)
    return style.removed or not style.shown


def table_rows(table: etree._Element, styles: Styles) -> list[etree._Element]:
    """The table's own rows in the order a browser draws them (drawn_order), as a reader sees
    them: every <tr> whose nearest enclosing table (or cell) is this table, with or without
    thead/tbody/tfoot, also inside any other wrapper (<div>, <form>, <span>, a custom element:
    browsers show those rows); not the rows of a nested table, of a script or template, nor rows
    the page hides."""
    return drawn_order(table, [tr for tr in table.iter("tr") if owned_by(tr, table, ("table", "td", "th"))
                               and row_shown(tr, styles) and not any(removed_or_collapsed(a, styles)
                                                                     for a in tr.iterancestors(*GROUP_TAGS)
                                                                     if owned_by(a, table, ("table", "td", "th")))],
                       styles)


def drawn_order(table: etree._Element, rows: list[etree._Element], styles: Styles) -> list[etree._Element]:
    """The rows with the table's first <thead> drawn as a header group moved to the top, and its
    first <tfoot> drawn as a footer group to the bottom, wherever they are written: a browser
    draws them there (HTML 4 wrote <tfoot> before the body; an editor may leave the <thead> after
    it: hunt 121, refused before as no vendor table). A group shown as another (a body drawn as a
    header, a <thead> as a footer) stays where it is written, an error of sections_drawn_apart."""
    group = {tr: row_group(tr, table) for tr in rows}
    order = list(dict.fromkeys(group.values()))
    header, footer = header_and_footer(table, styles)
    top = [header] if header is not None and header.tag == "thead" and header in order else []
    bottom = [footer] if footer is not None and footer.tag == "tfoot" and footer in order and footer not in top else []
    if (not top or order[0] is top[0]) and (not bottom or order[-1] is bottom[0]):
        return rows
    drawn = top + [g for g in order if g not in top and g not in bottom] + bottom
    return [tr for g in drawn for tr in rows if group[tr] is g]


def header_and_footer(table: etree._Element, styles: Styles) -> tuple[etree._Element | None, etree._Element | None]:
    """The table's first row group shown as a header group and its first shown as a footer group,
    among all its groups, one without rows read here too (an empty <thead> is the header, and a
    second is drawn where it is written: hunt 128)."""
    groups = [g for g in table.iter(*GROUP_TAGS) if owned_by(g, table, ("table", "td", "th"))]
    return (next((g for g in groups if styles.of(g).display == "table-header-group"), None),
            next((g for g in groups if styles.of(g).display == "table-footer-group"), None))


def row_group(tr: etree._Element, table: etree._Element) -> etree._Element:
    """The row's group: its <thead>, <tbody> or <tfoot> in this table, else the table."""
    return next((g for g in tr.iterancestors(*GROUP_TAGS) if owned_by(g, table, ("table", "td", "th"))), table)


def row_hidden_in_a_span(table: etree._Element, styles: Styles) -> etree._Element | None:
    """A row hidden by visibility (collapse, or hidden with no cell shown again: table_rows leaves
    it out) inside a cell merged over rows, or starting one: a browser keeps its place in the
    table's grid (only display:none takes a row out), so the spans count it, while the rows read
    here do not. An editor who hid a row and shortened the spans across it shows a row pushed out
    of its place in a browser, where the rows read here would line up."""
    groups: dict[etree._Element, list[etree._Element]] = {}
    for tr in table.iter("tr"):
        if not owned_by(tr, table, ("table", "td", "th")) or styles.of(tr).removed:
            continue
        owners = [a for a in tr.iterancestors(*GROUP_TAGS) if owned_by(a, table, ("table", "td", "th"))]
        if any(styles.of(a).removed for a in owners):
            continue
        groups.setdefault(owners[0] if owners else table, []).append(tr)
    for rows in groups.values():  # (spans end with their row group)
        shown_rows = [row_shown(tr, styles) for tr in rows]
        if all(shown_rows):
            continue
        shown_reach = hidden_reach = 0  # the rows the spans of shown rows, of hidden ones, reach to
        for at, (tr, shown) in enumerate(zip(rows, shown_rows)):
            if (not shown and at < shown_reach) or (shown and at < hidden_reach):
                return tr
            for cell in row_cells(tr, styles):
                span = span_value(cell, "rowspan")[1]
                end = len(rows) if cell.get("rowspan", "").strip() == "0" else at + (span or 1)
                shown_reach, hidden_reach = (max(shown_reach, end), hidden_reach) if shown else \
                    (shown_reach, max(hidden_reach, end))
    return None


def removed_or_collapsed(element: etree._Element, styles: Styles) -> bool:
    """A row or row group not drawn at all: display:none, or visibility:collapse (Chromium
    draws a collapsed row at no height, its cells not painted even where they set visible)."""
    style = styles.of(element)
    return style.removed or style.visibility == "collapse"


def row_shown(tr: etree._Element, styles: Styles) -> bool:
    """A row drawn with some text: not removed or collapsed, and shown, or hidden (its own or
    its group's visibility:hidden) with a cell of its own that sets itself visible again
    (visibility is inherited, and each cell's own decides: Chromium shows it)."""
    if removed_or_collapsed(tr, styles):
        return False
    return styles.of(tr).shown or any(styles.of(cell).shown for cell in row_cells(tr, styles))


def row_cells(tr: etree._Element, styles: Styles) -> list[etree._Element]:
    """The row's own cells in document order: <td>/<th> whose nearest enclosing row or cell is
    this row, also inside a wrapper element; not the cells of a table nested in a cell, nor cells
    removed from the layout (display:none: a browser lays out the row without them). A cell
    hidden by visibility keeps its slot, shown empty."""
    # a cell whose parent is the row is the row's (owned_by's first step): most are
    return [cell for cell in tr.iter("td", "th")
            if (cell.getparent() is tr or owned_by(cell, tr, ("tr", "td", "th", "table"))) and not styles.of(cell).removed]


def own_text(element: etree._Element, styles: Styles) -> str:
    """The element's shown text without that of tables nested in it: a layout table's cell
    that holds the vendor table does not hold the vendor's headings."""
    pieces = [element.text or ""] if tag_of(element) else []
    for child in element:
        if tag_of(child) != "table" and not is_silent(child) and not hidden(child, styles):
            pieces.append(own_text(child, styles))
        pieces.append(child.tail or "")
    return "".join(pieces)


# HTML's rules for parsing a non-negative integer: ASCII whitespace, an optional +, ASCII digits,
# and whatever follows ignored (Chromium: rowspan="4px", "2.0", "2;" and "+4" span 4, 2, 2, 4).
HTML_INTEGER = re.compile(r"[\t\n\f\r ]*\+?([0-9]+)")


def span_value(cell: etree._Element, name: str) -> tuple[str, int | None]:
    """The rowspan/colspan as written and its value as a browser parses it, None when that is
    not a whole number from 1 to MAX_SPAN: no leading ASCII digits (`２` or `٢`, which a browser
    ignores while the author meant a span; `-2`), or 0."""
    written = cell.get(name)
    if written is None:
        return "1", 1
    value = (written or "1").strip()
    found = HTML_INTEGER.match(written or "1")
    number = int(found[1]) if found else 0
    return value, number if 1 <= number <= MAX_SPAN else None


def lenient_span(cell: etree._Element, name: str) -> int:
    """A span for sizing up a table; bad values are reported when its grid is built."""
    return span_value(cell, name)[1] or 1


def collapsed_columns(table: etree._Element, styles: Styles) -> list[int]:
    """0-based columns the table's own <col>/<colgroup> elements collapse (visibility:collapse:
    how a page hides a column; a reader does not see its cells)."""
    columns, at = [], 0
    for group in (c for c in table if tag_of(c) in ("colgroup", "col")):
        cols = [group] if tag_of(group) == "col" else [c for c in group if tag_of(c) == "col"] or [group]
        group_gone = styles.of(group).visibility == "collapse"
        for col in cols:
            width = lenient_span(col, "span")
            if group_gone or styles.of(col).visibility == "collapse":
                columns += range(at, at + width)
            at += width
    return columns


NO_PAINT = frozenset({"transparent", "none", "initial", "unset", "revert", "revert-layer", "inherit"})


def painted_columns(table: etree._Element, styles: Styles) -> list[tuple[int, str]]:
    """0-based columns the table's own <col>/<colgroup> elements paint a background under
    (a colour or an image: `<col style="background:#000">` under black text hides it), each with
    the declaration: this reader paints a cell's own background and its row's, not its column's."""
    columns, at = [], 0
    for group in (c for c in table if tag_of(c) in ("colgroup", "col")):
        cols = [group] if tag_of(group) == "col" else [c for c in group if tag_of(c) == "col"] or [group]
        painting = [(e, name) for e in dict.fromkeys([group, *cols]) for name in ("background-color", "background-image")
                    if (value_of(styles.declared(e, tag_of(e)), name) or "none") not in NO_PAINT]
        for col in cols:
            width = lenient_span(col, "span")
            found = next((f"<{tag_of(e)}> {name}: {value_of(styles.declared(e, tag_of(e)), name)}"
                          for e, name in painting if e in (group, col)), None)
            if found:
                columns += [(c, found) for c in range(at, at + width)]
            at += width
    return columns


# --- where a browser draws the table's cells --------------------------------------------------

# A table shown as one of these still lays its rows out as a table (an anonymous table box
# inside a block, as for the responsive `table{display:block;overflow-x:auto}`).
TABLE_DISPLAYS = frozenset({"table", "inline-table", "block", "inline-block", "flow-root"})
GROUP_DISPLAYS = frozenset({"table-header-group", "table-row-group", "table-footer-group"})
GROUP_TAGS = ("thead", "tbody", "tfoot")
ROW_DISPLAY, CELL_DISPLAY = frozenset({"table-row"}), frozenset({"table-cell"})  # the one display each may have
OUT_OF_ORDER = "draws cells out of the table's order"


def drawn_apart(style: Style, outside: Style, part: bool | None) -> str:
    """What draws this element (of the table, or inside a cell) elsewhere than the grid puts it:
    right to left or vertical text, a mirroring or turning transform, declared here or (for the
    table) around it; for a part of the table (row group, row, cell) any float, position out of
    the flow or with offsets, or transform; for content inside a cell, offsets (a sticky box's
    inward ones too: html_style.nudged) or a transform; for the table itself (part None),
    nothing else: moved whole, its cells keep their order."""
    if style.direction != "ltr" and style.direction != outside.direction:
        return f"direction: {style.direction}"
    if style.writing_mode != "horizontal-tb" and style.writing_mode != outside.writing_mode:
        return f"writing-mode: {style.writing_mode}"
    if style.flipped and style.flipped != outside.flipped:
        return style.flipped
    if style.cut and style.cut != outside.cut and not style.off_screen:  # a box that may cut rows or lines
        return style.cut  # off (off the screen, its text is out of sight: a cell error of its own)
    if part is None or style.off_screen:  # moved off the screen: out of sight, a cell error of its own
        return ""
    if part or style.moved.startswith("position"):  # out of the flow: drawn over the text around it
        return style.moved
    return style.shifted or style.nudged


def table_drawn_apart(table: etree._Element, styles: Styles) -> str:
    """The table's own placement: its display and what it inherits from the page around it."""
    style = styles.of(table)
    if style.display not in TABLE_DISPLAYS:
        return f"display: {style.display}"
    return drawn_apart(style, ROOT, part=None) or anonymous_cells(table, styles)


# Elements that draw something else than their children in the page's flow: replaced and
# embedded elements and form controls (their children are fallback content, options or a label),
# and script, style, template and noscript. SVG and MathML (replaced too, for a cell's text) lay
# out what they hold by rules of their own (a <foreignObject> in <defs>, a <g display="none">:
# this reader applies none of them): table_not_drawn names them apart.
DRAW_OTHER_THAN_CHILDREN = frozenset({*REPLACED, *SILENT_TAGS})
LAID_OUT_APART = ("svg", "math")
# Of them, those that may draw a table they hold after all, by what this reader cannot tell or does
# not lay out: an <object>'s fallback (drawn when its data fails to load or no plugin takes its
# type), a <button>'s label, the HTML in MathML's <mtext> and in SVG's <foreignObject> (drawn by
# Chromium 156: hunt 142). A copy of the vendor table inside one is never set aside unseen.
MAY_DRAW_IT = frozenset({"object", "button", *LAID_OUT_APART})
UNSEEN = ": a reader sees none of its cells"


def table_not_drawn(table: etree._Element, styles: Styles) -> tuple[etree._Element, str] | None:
    """The element around the table that keeps a browser from drawing it, or may, and how: one not
    laid out (display:none from a rule, the `hidden` attribute, the browser's sheet for a closed
    dialog or details, a popover not shown: Style.removed, which the table's own style does not
    inherit), or one drawing something else than its children (DRAW_OTHER_THAN_CHILDREN; of them,
    MAY_DRAW_IT may draw them). No number of such a table is surely the page's. (A rule this reader
    cannot decide that may hide it is checked with the sheets: html_cascade.check_undecided.)"""
    for around in table.iterancestors():
        tag = tag_of(around)
        if tag in LAID_OUT_APART:
            return around, ("lays out what it holds by SVG or MathML rules, which this reader does not apply: a reader "
                            "may see its cells laid out otherwise, or none of them")
        if tag == "object":
            return around, ("draws something else than its content (its data), or its content where the data fails "
                            "to load: which a reader sees, this reader cannot tell")
        if tag == "button":
            return around, "draws its content as a push button's label, which this reader does not lay out"
        if tag in DRAW_OTHER_THAN_CHILDREN:
            return around, "draws something else than its content" + UNSEEN
        if styles.of(around).removed:
            return around, "is not drawn (display: none)" + UNSEEN
    return None


def part_drawn_apart(element: etree._Element, styles: Styles, displays: frozenset, style: Style | None = None) -> str:
    style = style or styles.of(element)
    if style.display not in displays:
        return f"display: {style.display}"
    return drawn_apart(style, styles.of(element.getparent()), part=True)


def row_drawn_apart(tr: etree._Element, styles: Styles) -> str:
    return part_drawn_apart(tr, styles, ROW_DISPLAY) or anonymous_cells(tr, styles) or row_clipping_spans(tr, styles)


def row_clipping_spans(tr: etree._Element, styles: Styles) -> str:
    """A clip-path on a row holding a cell that spans the rows below: the cell is cut to the row's
    box, and its text, set in the middle or at the foot of its rows, or taller than the row, with it
    (hunt 140: `tr{clip-path: inset(0)} td{vertical-align: middle}` erased model names)."""
    if styles.plain(tr):
        return ""
    clip = value_of(styles.declared_px(tr), "clip-path")
    if clip in (None, "none", "initial", "unset", "revert", "inherit"):
        return ""
    spans = any(lenient_span(cell, "rowspan") > 1 for cell in tr.iterchildren("td", "th"))
    return f"clip-path: {clip} (on a row whose cells span the rows below: they are cut to it)" if spans else ""


def anonymous_cells(element: etree._Element, styles: Styles) -> str:
    """A ::before or ::after box (`content` other than none or normal, an empty string too) of
    a table, a row group or a row: a browser wraps it in an anonymous cell (and row) of its own,
    which moves the row's cells a column over or adds a row (checked in Chromium)."""
    if element not in styles.matched:
        return ""
    for which in ("before", "after"):
        if styles.pseudo_box(element, which) is not None:
            return f"::{which} {{content: {value_of(cascaded(element, '', styles.matched, which), 'content')}}}"
    return ""


def shadow_host_around(table: etree._Element, rows: list[etree._Element], styles: Styles) -> etree._Element | None:
    """An element around the table, or between it and its rows, that a browser draws from its
    declarative shadow root (Styles.shadow_hosts): what it shows of them is that tree's doing."""
    if not styles.shadow_hosts:
        return None
    around = [*table.iterancestors(), *(a for tr in rows for a in tr.iterancestors() if a is not table)]
    return next((a for a in around if a in styles.shadow_hosts), None)


Found = tuple[etree._Element, str]  # the element and the declaration that decides


def cell_faults(cell: etree._Element, styles: Styles) -> tuple[Found | None, Found | None]:
    """(drawn apart, unmodelled) for one cell, in one walk of its elements: the cell, or the
    first element inside it, that a browser draws out of the cell's place or whose text it
    draws past the cell's edges or over its neighbour's (cell_drawn_apart); the cell, or the
    first element inside it holding text (or its ::before/::after box), drawn with what this
    reader does not model (cell_unmodelled). Both look at every element inside the cell that
    is styled beyond its tag's defaults (the defaults never move, turn, float or animate one),
    is not silent and is laid out."""
    style = styles.of(cell)
    drawn = cell_drawn_apart(cell, style, styles)
    unmodelled = (cell, style.unmodelled) if style.unmodelled else painted_over_cell(cell, styles)
    for inner in () if styles.plain_inside(cell) else cell.iterdescendants():
        if drawn is not None and unmodelled is not None:
            break
        tag = tag_of(inner)
        if not tag or styles.plain(inner) or is_silent(inner) or styles.of(inner).removed:
            continue
        if drawn is None:
            drawn = inner_drawn_apart(inner, cell, style, styles)
        if unmodelled is None:
            unmodelled = inner_unmodelled(inner, styles)
    return drawn, unmodelled


# (a cell's parent, the id of its style) -> its answers and the cell they were asked for
Alike = dict[tuple[etree._Element, int], tuple["Found | None", "Found | None", etree._Element]]


def alike_cell_faults(cell: etree._Element, styles: Styles, alike: Alike) -> tuple[Found | None, Found | None]:
    """cell_faults, asked once for the cells of a row that are drawn alike (`alike` keeps the
    answers for one table). A cell with nothing styled inside it and no ::before/::after rule
    is answered from its own style and its ancestors' (its parent's style, its row's and
    group's outlines, its table's cellpadding) alone, so a cell with the same style object
    under the same parent gets the first one's answer, naming itself where that named the
    first cell (810 cells of the vendor's page, 30 distinct answers)."""
    if cell in styles.matched or not styles.plain_inside(cell):
        return cell_faults(cell, styles)
    key = (cell.getparent(), id(styles.of(cell)))  # styles.computed keeps the style: its id is not reused
    found = alike.get(key)
    if found is None:
        found = alike[key] = (*cell_faults(cell, styles), cell)
    drawn, unmodelled, first = found
    if drawn is not None and drawn[0] is first:
        drawn = (cell, drawn[1])
    if unmodelled is not None and unmodelled[0] is first:
        unmodelled = (cell, unmodelled[1])
    return drawn, unmodelled


def cell_drawn_apart(cell: etree._Element, style: Style, styles: Styles) -> Found | None:
    """The cell itself drawn out of its place, its text indented past its padding, or its
    ::before/::after box drawn apart."""
    found = part_drawn_apart(cell, styles, CELL_DISPLAY, style)
    if found:
        return cell, found
    if style.edge and not style.indent_off and min(style.indent, 0.0) < -(cell_padding(cell, style)[0] + EDGE_TOLERANCE):
        return cell, style.edge
    found = pseudo_drawn_apart(cell, styles) or pseudo_reordered(cell, cell, None, styles)
    return (cell, found) if found else None


def inner_drawn_apart(inner: etree._Element, cell: etree._Element, style: Style, styles: Styles) -> Found | None:
    """An element inside the cell (`style` the cell's) drawn out of its place, past the cell's
    padding or over the text beside it (an inline box's negative margin), or its pseudo box, or
    drawn in another order than written (drawn_reordered)."""
    inside = styles.of(inner)
    found = drawn_apart(inside, styles.of(inner.getparent()), part=False) or (
        inside.edge and overhang(inside, cell_padding(cell, style))) or pseudo_drawn_apart(inner, styles) or \
        drawn_reordered(inner, cell, inside, styles) or marker_past_line(inner, styles)
    return (inner, found) if found else None


def marker_past_line(element: etree._Element, styles: Styles) -> str:
    """The marker of the element, or of a list item in it, whose glyph reaches past its line
    (glyphs_past_line): drawn over the cells above and beside it (hunt 104: a white disc 500px
    high on a line of no height, a list's in a cell, blanked `4096` and `32*` of the cells around)."""
    for item in (element, *element.iterdescendants("li")):
        style = styles.of(item)
        if draws_marker(style) and (reach := glyphs_past_line(style, styles.declared_px(item))):
            return f"a list marker's {reach}"
    return ""


def drawn_reordered(inner: etree._Element, cell: etree._Element, style: Style, styles: Styles) -> str:
    """What draws text inside a cell in another order than it is written (hunt 104: `<span
    style="float:right">32</span>*Ascend` is drawn `*Ascend 32`): a piece of a line floated (an
    inline element) to the left after text of the cell or to the right before it, a flex
    container reversed, a flex or grid item given an order or a place in the grid; each of them
    for the text of the element's ::before and ::after too (an empty element floated draws
    what they hold; a container's pseudo boxes are its first and last items). ('' for none.)
    (Blocks floated, the vendor's paragraphs `qwen2.5-` / `1.5b` each floated right, stack in a
    narrow cell in their order: Chromium draws them a line apart.)"""
    declared = styles.declared_px(inner)
    # (an empty box moved, an icon, leaves the text in order)
    holds_text = bool("".join(inner.itertext()).strip()) or any(pseudo_text(inner, which, styles) for which in PSEUDO_BOXES)
    side = value_of(declared, "float") if holds_text and tag_of(inner) not in BLOCK_TAGS else None
    if side in FLOAT_SIDES and floated_past(side, *text_around(inner, cell)):
        return written(declared, "float")
    found = pseudo_reordered(inner, cell, holds_text, styles)
    if found:
        return found
    direction = (value_of(declared, "flex-direction") or "") + (value_of(declared, "flex-flow") or "")
    if "flex" in style.display and "reverse" in direction and items_holding_text(inner, styles) > 1:
        return written(declared, "flex-direction" if "flex-direction" in declared else "flex-flow")
    parent = styles.of(inner.getparent()).display
    return item_placed(declared) if holds_text and ("flex" in parent or "grid" in parent) else ""


PSEUDO_BOXES = ("before", "after")
FLOAT_SIDES = frozenset({"left", "inline-start", "right", "inline-end"})
GRID_PLACEMENT = ("grid-area", "grid-row", "grid-column", "grid-row-start", "grid-row-end", "grid-column-start",
                  "grid-column-end")
NOT_PLACED = frozenset({"auto", "initial", "unset", "revert", "revert-layer", "inherit"})


def floated_past(side: str, before: bool, after: bool) -> bool:
    """Is a box floated to `side` drawn past text of its line (`before` it and `after` it as written)?"""
    return before if side in ("left", "inline-start") else after


def item_placed(declared) -> str:
    """The declaration that draws a flex or grid item out of its turn: an order, a grid line or area."""
    if (value_of(declared, "order") or "0") != "0":
        return written(declared, "order")
    return next((written(declared, name) for name in GRID_PLACEMENT if value_of(declared, name) not in (None, *NOT_PLACED)),
                "")


def pseudo_text(element: etree._Element, which: str, styles: Styles) -> str:
    """The text a reader sees in the element's ::before or ::after box ('' for none, or blanks only)."""
    found = styles.generated(element, which)
    return printed(found[0]).strip() if found else ""


def pseudo_reordered(element: etree._Element, cell: etree._Element, holds_text: bool | None, styles: Styles) -> str:
    """The element's ::before or ::after box holding text drawn out of the order written: floated
    to the side where the cell holds text beside it (the element's own text among it;
    `holds_text`: does the element hold any, None for not yet told), drawn at the line's edge
    (`qwen<span>3-14b</span>` with `span::before {content: "-"; float: left}` is drawn
    `-qwen3-14b`), or, the element a flex or grid container, given an order or a place in the
    grid. Its declarations are read as computed (`float: var(--side)`)."""
    if element not in styles.matched:
        return ""
    if holds_text is None:
        holds_text = bool("".join(element.itertext()).strip())
    before, after = text_around(element, cell) if element is not cell else (False, False)
    container = styles.of(element).display
    for which in PSEUDO_BOXES:
        if not pseudo_text(element, which, styles):
            continue
        declared = as_computed(cascaded(element, "", styles.matched, which), styles.of(element), element, "")
        side = value_of(declared, "float")
        if side in FLOAT_SIDES and floated_past(side, before or (which == "after" and holds_text),
                                                after or (which == "before" and holds_text)):
            return f"::{which} {written(declared, 'float')}"
        placed = item_placed(declared) if "flex" in container or "grid" in container else ""
        if placed:
            return f"::{which} {placed}"
    return ""


def items_holding_text(container: etree._Element, styles: Styles) -> int:
    """How many of a flex container's items hold text: its child elements with text, each run of
    text between them (an anonymous item) and its ::before and ::after boxes with text."""
    runs = [container.text, *(child.tail for child in container)]
    return sum(1 for child in container if "".join(child.itertext()).strip()) + sum(1 for t in runs if t and t.strip()) + \
        sum(1 for which in PSEUDO_BOXES if pseudo_text(container, which, styles))


def text_around(inner: etree._Element, cell: etree._Element) -> tuple[bool, bool]:
    """Whether the cell holds text (not whitespace) before `inner`, and after it, in the order it is
    written: one walk of the cell (the document's text before and after it is no concern here)."""
    found, where = [False, False], 0  # where: 0 before inner, 1 inside it, 2 after it
    for event, element in etree.iterwalk(cell, events=("start", "end")):
        if element is inner:
            where = 1 if event == "start" else 2
        if event == "start":
            text = element.text if isinstance(element.tag, str) else None  # (a comment's is no page text)
        else:
            text = element.tail if element is not cell else None
        if where != 1 and text and text.strip():
            found[where // 2] = True
    return found[0], found[1]


def inner_unmodelled(inner: etree._Element, styles: Styles) -> Found | None:
    """An element inside the cell holding text, or its ::before/::after box, drawn with a
    declaration that may change what the text shows and that this reader does not model
    (Style.unmodelled: an animation, a text stroke, font-size-adjust, a motion path), or any
    element inside it painting over the text beside it or past its line (Style.paints_over)."""
    style = styles.of(inner)
    if style.paints_over:
        return inner, style.paints_over
    if style.unmodelled and "".join(inner.itertext()).strip():
        return inner, style.unmodelled
    for which in ("before", "after"):
        box = styles.pseudo_box(inner, which) if inner in styles.matched else None
        if box is not None and (box.unmodelled or box.paints_over):
            return inner, f"::{which} {box.unmodelled or box.paints_over}"
    return None


def painted_over_cell(cell: etree._Element, styles: Styles) -> Found | None:
    """The cell, or its row or row group, painting an outline (or an outer shadow, as an inline
    box) over the text of the cells beside it; or the cell's ::before/::after box so painting,
    or drawn with what this reader does not model (a symbol font, a font file)."""
    for element in (cell, *cell.iterancestors()):
        if tag_of(element) == "table":
            break
        if styles.of(element).paints_over:
            return element, styles.of(element).paints_over
    for which in ("before", "after"):
        box = styles.pseudo_box(cell, which) if cell in styles.matched else None
        if box is not None and (box.unmodelled or box.paints_over):  # (its text drawn as the cell's inner boxes')
            return cell, f"::{which} {box.unmodelled or box.paints_over}"
    return None


def pseudo_drawn_apart(element: etree._Element, styles: Styles) -> str:
    """A ::before or ::after box of the element (`content` other than none, an empty string too)
    drawn out of the flow, moved or turned: over the text beside it (an opaque box laid over a
    cell hides its value)."""
    if element not in styles.matched:
        return ""
    for which in ("before", "after"):
        style = styles.pseudo_box(element, which)
        if style is not None:
            found = drawn_apart(style, styles.of(element), part=False)
            if found:
                return f"::{which} {found}"
            if style.edge and min(style.own_start, style.own_end) < -EDGE_TOLERANCE:  # pulls the text beside it
                return f"::{which} {style.edge}"  # over itself, or out past a clip (hunt 140: 128 drawn as 28)
    return ""


EDGE_TOLERANCE = 1.6  # px (0.1em at 16px): a design's nudge, like a slight negative letter-spacing


def cell_padding(cell: etree._Element, style: Style) -> tuple[float, float, float, float]:
    """The cell's padding, left, right, top and bottom: declared, else its table's `cellpadding`,
    else the browser's 1px."""
    table = next(cell.iterancestors("table"), None)
    written = (table.get("cellpadding") or "").strip() if table is not None else ""
    default = float(written) if written.isdigit() else 1.0
    return tuple(default if p is None else p for p in style.padding)


def overhang(style: Style, pads: tuple[float, float, float, float]) -> str:
    """The declaration of a negative margin or text-indent that draws an element's text past
    its cell's padding, into the next column or the row above or below, or (an inline box's)
    over the text beside it."""
    if not style.edge or style.off_screen or style.indent_off:  # off the screen: out of sight, a cell error
        return ""
    if style.display.startswith("inline") and min(style.own_start, style.own_end) < -EDGE_TOLERANCE:
        return style.edge
    start = style.inset + (min(style.indent, 0.0) if style.block else 0.0)
    if start < -(pads[0] + EDGE_TOLERANCE) or style.inset_end < -(pads[1] + EDGE_TOLERANCE):
        return style.edge
    if style.inset_top < -(pads[2] + EDGE_TOLERANCE) or style.inset_bottom < -(pads[3] + EDGE_TOLERANCE):
        return style.edge
    return ""


def sections_drawn_apart(table: etree._Element, rows: list[etree._Element], styles: Styles) -> dict[
        etree._Element, tuple[etree._Element, str]]:
    """The first row of each row group a browser draws elsewhere than in document order: the
    first header group on top, the first footer group at the bottom (a <tfoot> before the
    body, a body row group shown as a header), or a group shown otherwise (display:block)."""
    sections = {}  # group element (the table for rows outside any group) -> its first row
    for tr in rows:
        group = next((g for g in tr.iterancestors(*GROUP_TAGS) if owned_by(g, table, ("table", "td", "th"))), table)
        sections.setdefault(group, tr)
    display = {g: "table-row-group" if g is table else styles.of(g).display for g in sections}
    found = {sections[g]: (g, f"display: {display[g]}") for g in sections if display[g] not in GROUP_DISPLAYS}
    found.update({sections[g]: (g, a) for g in sections if g is not table and (a := anonymous_cells(g, styles))})
    order = list(sections)
    for group, place in zip(header_and_footer(table, styles), (0, -1)):  # drawn first (last) whatever its place
        if group in sections and order[place] is not group:
            found.setdefault(sections[group], (group, f"display: {display[group]}"))
    return found


@dataclass(eq=False)
class Table:
    """One <table> of the page, and what decides whether it is (part of) the vendor table."""

    number: int  # 1-based, in document order among all the page's tables
    element: etree._Element
    reading: Reading
    layout: bool = False  # holds a vendor-looking table: a layout table, never the vendor table

    @property
    def styles(self) -> Styles:
        return self.reading.styles

    def cells(self, tr: etree._Element) -> list[etree._Element]:
        """The row's cells, found once (the grid and the drawing-order check both read them)."""
        found = self.found_cells.get(tr)
        if found is None:
            found = self.found_cells[tr] = row_cells(tr, self.styles)
        return found

    @cached_property
    def found_cells(self) -> dict[etree._Element, list[etree._Element]]:
        return {}

    @cached_property
    def rows(self) -> list[etree._Element]:
        return table_rows(self.element, self.styles)

    def row_texts(self, row: int) -> list[str]:
        return [squash(own_text(cell, self.styles)) for cell in self.cells(self.rows[row])]

    @cached_property
    def caption(self) -> str:
        return "".join(squash(own_text(c, self.styles)) for c in self.element if tag_of(c) == "caption")

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
        return any(mark in self.caption.lower() for mark in CONTINUED)

    @property
    def fresh_caption(self) -> bool:
        """A caption that starts a table of its own (not a '（续）' of the one before)."""
        return bool(self.caption) and not self.continued

    def caption_continues(self, first: Table) -> bool:
        """A caption a headless part may carry: none, a continuation mark, or the vendor
        table's caption again (表1 模型最小卡数配置 over each part)."""
        return not self.fresh_caption or CAPTION in self.caption or self.caption == first.caption

    @cached_property
    def depth(self) -> int:
        """Header rows, as Grid.header_depth reads them: the first row's tallest cell."""
        return max((lenient_span(c, "rowspan") for c in self.cells(self.rows[0])), default=1) if self.rows else 0

    def width(self) -> int:
        """Columns of the first row (nothing above reaches into it)."""
        return sum(lenient_span(c, "colspan") for c in self.cells(self.rows[0])) if self.rows else 0

    @cached_property
    def has_units(self) -> bool:
        return any(UNITS.search(squash(own_text(c, self.styles))) for tr in self.rows for c in self.cells(tr))

    @cached_property
    def holds_values(self) -> bool:
        """A cell of its own is a unit value (`8*Ascend`): a body cell of the vendor's, not
        prose that mentions one."""
        return any(UNITS.fullmatch(squash(own_text(c, self.styles))) for tr in self.rows for c in self.cells(tr))

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
        gap = self.gap_after(before)
        return gap is not None and len(gap) <= MAX_GAP

    def gap_after(self, before: Table) -> str | None:
        """The text a reader sees between the two tables (whitespace aside); None where this one
        does not come after `before` or another table starts between them."""
        reading, after, start = self.reading, self.reading.end[before.element], self.reading.start[self.element]
        if after > start:
            return None
        ancestors = set(self.element.iterancestors("table"))
        if [t for t in reading.tables_starting_between(after, start) if t not in ancestors]:
            return None
        return squash(reading.text_between(after, start))

    def labelled_apart(self, before: Table, first: Table) -> bool:
        """Text between the two (generated by ::before/::after too) that labels this one as a
        table of its own: anything but a continuation mark ('续表', '（续）', 'continued'), the
        vendor's caption, the first part's own caption, table numbers and punctuation, or a
        number other than the first part's (表2 after 表1). A line a reader takes for a caption
        (`表2 已下线模型`), a heading or a note ('下表为已下线模型') before a table with the same
        header rows makes it another table (the retired models'), as its own <caption> would."""
        gap = (self.gap_after(before) or "") + generated_between(before.element, self.element, self.styles)
        if not gap:
            return False
        rest = gap
        for known in (squash(first.caption), CAPTION):
            rest = rest.replace(known, " ") if known else rest
        own = set(TABLE_NUMBER.findall(first.caption)) or {"1"}
        if set(TABLE_NUMBER.findall(rest)) - own:
            return True
        return bool(NOT_A_LABEL.sub("", rest))


# A table's number in a label (表2, Table 2), and what a continuation line may hold besides the
# captions: continuation marks as whole words, table numbers, punctuation and spaces.
TABLE_NUMBER = re.compile(r"(?:表|\btable)\s*(\d+)", re.I)
NOT_A_LABEL = re.compile(r"(?i)\s*[(（]\s*[续續]\s*[)）]|(?<![\w\u4e00-\u9fff])(?:续表|續表|接上表|continued|cont\.)"
                         r"|(?:^|(?<=\d))\s*[续續](?![\u4e00-\u9fff])|(?:表|\btable)\s*\d*|[\W_\d]+")


def generated_between(first: etree._Element, then: etree._Element, styles: Styles) -> str:
    """What is drawn between two tables besides their text nodes (a label drawn otherwise): the
    text ::before and ::after boxes add, and a mark for each element drawn as something else
    than text (an image's alt text, an input's value: REPLACED) or each list item whose marker
    is a string or a number; of the elements after the first, up to the second (of those
    around the second, the ::before)."""
    around, out = set(then.iterancestors()), []
    for element in first.xpath("following::*"):
        if element is then:
            break
        if element in around:
            found = styles.generated(element, "before") if element in styles.matched else None
            out.append(found[0] if found else "")
            continue
        style = styles.of(element)
        if style.removed or not style.shown:
            continue
        tag = tag_of(element)
        if tag in REPLACED or (style.display.endswith("list-item") and (style.marker not in BULLETS or style.marker_image)):
            out.append(f"[{tag}]")
        if element in styles.matched:
            for which in ("before", "after"):
                found = styles.generated(element, which)
                out.append(found[0] if found else "")
    return "".join(out)


def page_tables(root: etree._Element, reading: Reading, source: str) -> list[Table]:
    shown = [t for t in root.iter("table") if t in reading.start]
    tables = [Table(n, t, reading) for n, t in enumerate(shown, start=1)]
    # a table around a vendor-looking table is a layout table, never the vendor table itself:
    # the innermost table whose own cells hold the headings is
    by_element = {t.element: t for t in tables}
    for table in [t for t in tables if t.candidate]:
        for outer in table.element.iterancestors("table"):
            by_element[outer].layout = True
            check_wrapper_holds_no_rows(by_element[outer], table, len(tables), source)
    return tables


def check_wrapper_holds_no_rows(wrapper: Table, inner: Table, total: int, source: str) -> None:
    """A layout table's own cells hold the page around the vendor table, never values: one
    with a cell that is a unit value (a vendor table with a second table nested in one of its
    cells, an editor's paste) cannot be set aside without losing its rows."""
    if wrapper.holds_values:
        raise SourceError(source, f"table #{wrapper.number} of {total} holds a table like the vendor's (#{inner.number}) "
                          "but has cells of unit values of its own", "the vendor table's rows in one table, or in "
                          "tables one after another; a table nested in a cell only around the whole vendor table")


def continues(first: Table, last: Table, table: Table) -> bool:
    """Whether `table` is the next part of the table begun by `first`, last continued by `last`:
    it follows `last` closely; it either repeats the first part's header and is not captioned
    as a table of its own, or has no header (its values mean something only under the
    vendor's) and a caption that continues the table (caption_continues), and then has the
    width of the table or unit values (a part of the wrong width is then an error, not a
    table to skip)."""
    if not table.follows(last):
        return False
    if table.headed:
        return not table.fresh_caption and not table.labelled_apart(last, first) and table.repeats_header_of(first)
    return table.caption_continues(first) and (table.width() == first.width() or table.has_units
                                               or table.continued)


def group_parts(tables: list[Table]) -> list[list[Table]]:
    """Tables in document order -> one list of parts per table that carries the vendor's headings
    (and, for the choice between several, its caption). A table with no header rows never
    starts one: it cannot be read on its own."""
    groups: list[list[Table]] = []
    for table in tables:
        if table.layout:
            continue
        if groups and continues(groups[-1][0], groups[-1][-1], table):
            groups[-1].append(table)
        elif table.candidate and table.headed:
            groups.append([table])
    return groups


def drawing(table: Table) -> tuple[str, etree._Element | None]:
    """Whether a browser draws the table: "drawn", "hidden" (not laid out, or inside an element
    drawing something else) or "maybe" (inside one of MAY_DRAW_IT), and the element around it that
    decides."""
    if table.styles.of(table.element).removed:
        return "hidden", table.element
    around = table_not_drawn(table.element, table.styles)
    if around is None:
        return "drawn", None
    return ("maybe" if tag_of(around[0]) in MAY_DRAW_IT else "hidden"), around[0]


def shown_copies(tables: list[Table]) -> list[Table]:
    """The tables a reader may take for the vendor table: where a copy of it is drawn, those the
    browser does not draw are left out (a copy for phones hidden on desktops by a media query
    or the `hidden` attribute: Chromium shows one table). Where none is drawn, all stay, and the
    one chosen is an error naming what hides it (html.check_drawn_in_order). A copy inside an
    element that may draw it (MAY_DRAW_IT) beside one drawn is an error: which a reader sees
    first, or at all, is not for this reader to guess."""
    seen = {t.element: drawing(t) for t in tables if t.candidate and not t.layout}
    drawn = [t for t in tables if seen.get(t.element, ("",))[0] == "drawn"]
    maybe = [(t, seen[t.element][1]) for t in tables if seen.get(t.element, ("",))[0] == "maybe"]
    hidden = {element for element, (how, _) in seen.items() if how == "hidden"}
    if maybe and drawn:
        (copy, around), total = maybe[0], len(tables)
        raise SourceError(copy.styles.source, f"table #{copy.number} of {total}, headed like the vendor table, is "
                          f"inside <{tag_of(around)}>, which may draw it (an object's fallback, a button's label, "
                          f"HTML in MathML or SVG), beside table #{drawn[0].number}: a reader may see both",
                          "one table like the vendor's on the page, none inside an object, button, SVG or MathML")
    if not hidden or not drawn and not maybe:
        return tables
    return [t for t in tables if t.element not in hidden]


def numbers(tables: list[Table]) -> str:
    return ", ".join(f"#{t.number}" for t in tables)


def find_vendor_table(root: etree._Element, reading: Reading, source: str) -> list[Table]:
    """The vendor table's parts. Among several tables that carry its headings, the one with
    framework columns and the vendor's caption; two that remain alike are an error naming both.
    A table like it that a browser draws from a document apart (a shadow root, a frame's inline
    document) is an error (html_apart)."""
    check_no_table_apart(root, reading.styles, source)
    tables = page_tables(root, reading, source)
    groups = group_parts(shown_copies(tables))
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
                          "with no caption or a （续） caption, and no other label, heading or note before them)")
    parts = chosen[0]
    check_no_stray_parts(parts, [t for t in tables if not any(t in g for g in groups)], total, source)
    check_next_header(parts, tables, total, source)
    check_no_values_after(parts[-1], reading, source)
    return parts


def check_no_values_after(last: Table, reading: Reading, source: str) -> None:
    """No unit value in the text a reader sees right after the vendor table, before any other
    table: a `</table>` written inside the table ends it there in every browser (HTML5's tree
    building), and the rest of its cells' text is drawn as lines after it (hunt 152: the rows of
    DeepSeek-V3/R1 left out, 116 of 124 published without a word)."""
    end = reading.end.get(last.element)
    if end is None:
        return
    before = min((start for start in reading.start.values() if start > end), default=reading.position + 1)
    value = next((found for position, text in reading.texts if end < position < before
                  and (found := UNITS.search(squash(text)))), None)
    if value:
        raise SourceError(source, f"a unit value ({value[0]}) in the text right after the vendor table (#{last.number}), "
                          "outside any table: rows whose table was closed early (a stray </table>), drawn as lines",
                          "every value of the table in its cells, none after it")


def check_no_stray_parts(parts: list[Table], others: list[Table], total: int, source: str) -> None:
    """A table with no header rows, captioned as a continuation or as wide as the vendor table
    and holding unit values, that could not be attached (whatever its caption): its rows would
    be lost, so it is an error."""
    stray = [t for t in others if t.number > parts[0].number and not t.layout and not t.headed
             and (t.continued or (t.width() == parts[0].width() and t.has_units))]
    if not stray:
        return
    table = stray[0]
    if table.follows(parts[-1]) and not table.caption_continues(parts[0]):
        raise SourceError(source, f"table #{table.number} of {total} follows the vendor table (#{parts[0].number}) "
                          f"with its width and unit values but no header rows, under a caption of its own "
                          f"({table.caption!r})", "a later part with no caption, a continuation caption "
                          f"({', '.join(CONTINUED)}) or the vendor's caption; a table of its own with its own "
                          "header rows")
    raise SourceError(source, f"table #{table.number} of {total} looks like a part of the vendor table "
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


# --- boxes outside the table drawn over it ----------------------------------------------------

# Declarations by which an empty box paints: without one (and without content) it draws nothing.
PAINTS = ("background", "border", "box-shadow", "-webkit-box-shadow", "outline", "-webkit-border-image", "mask")


def paints_something(element: etree._Element, styles: Styles) -> bool:
    """Text or an element inside it, or a background, border, shadow or outline of its own."""
    return len(element) > 0 or (element.text or "").strip() != "" or \
        any(name.startswith(PAINTS) for name in styles.declared(element, tag_of(element)))


def pseudo_paints(element: etree._Element, which: str, styles: Styles) -> bool:
    """Does the element's ::before or ::after box draw anything: text or an image of its content,
    or paint of its own? An empty one with a transparent background (Jupyter's classic sheet
    places `div.cell:before` absolutely) paints nothing wherever it lands."""
    return styles.generated(element, which) is not None or paints(cascaded(element, "", styles.matched, which))


def box_seen(style: Style, around: Style) -> bool:
    """Does a box paint: visible, not faded out, not inside a box clipping it away (`around`: its
    parent's style; its own overflow clips its content, not its background or shadow)? Its text
    may still be unseen: its paint is not. Where a box moved off the screen lands is for
    html_style.out_of_the_page."""
    return style.shown and not (style.faded or around.clipped)


def seen_in(element: etree._Element, style: Style, styles: Styles) -> bool:
    """Does the box or anything in it show? A box hidden (a closed menu) shows what a styled
    element inside makes visible again."""
    return box_seen(style, styles.of(element.getparent())) or any(
        box_seen(styles.of(e), styles.of(e.getparent())) for e in element.iter() if e is not element and e in styles.styled)


SMIL = frozenset({"set", "animate", "animatetransform", "animatemotion"})  # SVG's animation elements


def animated_into_sight(element: etree._Element, style: Style) -> bool:
    """May an animation show a box its resting style hides (visibility, opacity)? A CSS
    animation on it or around it (its keyframes, `forwards` or 0s, are not read here: named by
    Style.unmodelled), or SVG animation elements inside it (`<set attributeName=visibility
    begin=0s>`). Hunt 87: a hidden white box shown by either as the page loads blanked a 3."""
    return style.unmodelled.startswith("animation") or any(tag_of(e) in SMIL for e in element.iter())


def drawn(element: etree._Element, styles: Styles) -> bool:
    """Laid out and painted: not removed (itself or around it), not in <head>, not in markup
    whose content is not shown (a script, a template)."""
    return not any(tag_of(at) == "head" or tag_of(at) in SILENT_TAGS or styles.of(at).removed
                   for at in (element, *element.iterancestors()))


def pseudo_glyphs_past_line(element: etree._Element, which: tuple[str, ...], style: Style, styles: Styles) -> str:
    """glyphs_past_line for the text of the element's ::before or ::after boxes named (hunt 66: a
    `::after` of the table's wrapper drawing a white bar 300px high on a 0px line blanked a 1)."""
    for pseudo in which:
        made = styles.generated(element, pseudo)
        if made is not None and made[0].strip() and box_seen(made[1], style):
            reach = glyphs_past_line(made[1], cascaded(element, "", styles.matched, pseudo))
            if reach:
                return f"::{pseudo} {reach}"
    return ""


def draws_marker(style: Style) -> bool:
    """Does a list item of this style draw a marker (a bullet, a number, a string or an image)?
    An empty item draws one too: its glyph, set large on a line of no height (by the item or the
    list it inherits from), is painted over what lies above it (hunt 104: a disc after the table
    blanked `64*` of a cell)."""
    return style.display.endswith("list-item") and (style.marker != "none" or style.marker_image)


def drawn_over_from_outside(parts: list[etree._Element], styles: Styles) -> tuple[etree._Element, str] | None:
    """The first box outside the vendor table (neither in it nor around it) that may be drawn
    over it (html_style.drawn_over_others), itself or its ::before/::after box (placed_over), where it shows and
    paints; None where there is none. Where it is drawn is not worked out (this reader lays out
    no page), so such a box anywhere is an error. Only styled elements are asked: a browser's
    defaults place no box over another."""
    inside = {e for table in parts for e in table.iter()}
    around = {a for table in parts for a in table.iterancestors()}
    # a snapping scroll container may keep the table under a fixed band: the page then scrolls not as one reads
    scrolls = not any(value_of(styles.declared_px(e), "scroll-snap-type") not in (None, "none")
                      for e in styles.styled if isinstance(e.tag, str))
    found = []
    after = min((set(part.xpath("following::*")) for part in parts), key=len)  # painted after the table
    for element in styles.styled - inside - around:
        if not isinstance(element.tag, str):
            continue
        style = styles.of(element)
        why = ""
        # the Style tells at once which may be: moved, stuck, spilling, painting past its box, pulled by a margin
        if (style.moved or style.stuck or style.spill or style.paints_over or style.edge) and \
                (seen_in(element, style, styles) or animated_into_sight(element, style)) and \
                paints_something(element, styles):
            declared = styles.declared_px(element)
            why = drawn_over_others(style, declared, extent(element, styles), placed_inside(element, styles, around),
                                    scrolls)
        if not why and element in after and box_seen(style, styles.of(element.getparent())):
            # painted after the table, over its last rows: its text's glyphs, or a list marker's
            texted = bool("".join(element.itertext()).strip())
            why = (glyphs_past_line(style, styles.declared_px(element)) if texted else "") or \
                marker_past_line(element, styles)
        if not why and element in styles.matched:
            boxes = (styles.pseudo_box(element, which) for which in ("before", "after"))
            why = next((f"::{which} {declaration}" for which, box in zip(("before", "after"), boxes)
                        if box is not None and box_seen(box, style) and pseudo_paints(element, which, styles)
                        and (declaration := placed_over(box))), "")
        if not why:
            why = pseudo_glyphs_past_line(element, ("before", "after") if element in after else (), style, styles)
        if why and drawn(element, styles):
            found.append((element, why))
    for element in around & set(styles.matched):  # an ::after of what holds the table is drawn after it
        why = pseudo_glyphs_past_line(element, ("after",), styles.of(element), styles)
        if why and drawn(element, styles):
            found.append((element, why))
    if not found:
        return None
    order = {e: n for n, e in enumerate(parts[0].getroottree().getroot().iter())}
    return min(found, key=lambda pair: order[pair[0]])
