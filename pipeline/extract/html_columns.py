"""A table of fixed layout: whether its columns hold their text, told without laying out.

`table-layout: fixed` on a table whose width is set (Chromium lays out a `width: auto` table
by its content, as css-tables-3 says) sizes the columns by the table's width, its `<col>`s and
its first row's cells, never by the text of the other rows. A value wider than its column is
drawn past the column's edge, over the next column's text (a reader sees `4096/81932*Ascend`),
or a column of `<col width=0>` draws a sliver of its value. This reader lays out no page, so
the room is estimated as html_extent estimates it, on the safe side: the table no wider than
it is in the smaller desktop window, the columns sharing it equally, and text at a full em a
character (html_style.ems). A table whose columns are given widths of their own, or whose
width is not told (a percentage of a flex item or of a cell), is refused as not told.
"""
from __future__ import annotations

from lxml import etree

from .css_math import length, pixels
from .html_extent import UNSIZED, line_width, unbreakable
from .html_style import ems, value_of
from .html_styles import Styles
from .html_tables import cell_padding
from .text import tag_of

# What the narrowest window takes from a page's width before its body: Chromium's 8px body
# margins and a classic scrollbar (the estimate stays on the narrow side).
WINDOW_CHROME = 31.0
CELL_BORDERS = 2.0  # px: a cell's left and right borders (the `border` attribute's 1px each)
DEFAULT_SPACING = 2.0  # px: the browser's border-spacing
# The properties that let a line break inside a word (overflow-wrap, word-break) or keep it
# from breaking at all (white-space, text-wrap): read on the cell and around it.
BREAK_ANYWHERE = {"overflow-wrap": ("anywhere", "break-word"), "word-wrap": ("anywhere", "break-word"),
                  "word-break": ("break-all", "break-word")}
NO_WRAP = {"white-space": ("nowrap", "pre"), "text-wrap-mode": ("nowrap",), "text-wrap": ("nowrap",)}
WRAPPING = frozenset({*BREAK_ANYWHERE, *NO_WRAP})


def fixed_layout(table: etree._Element, styles: Styles) -> str:
    """The declarations laying the table out at fixed column widths, or ""."""
    declared = styles.declared_px(table)
    if value_of(declared, "table-layout") != "fixed":
        return ""
    for name in ("inline-size", "width"):
        width = value_of(declared, name)
        if width not in UNSIZED:
            return f"table-layout: fixed; {name}: {width}"
    width = width_attribute(table)
    return f"table-layout: fixed; width: {width}" if width is not None else ""


def width_attribute(table: etree._Element) -> str | None:
    """A table's width= as the width it maps to (a dimension: digits, then % or px; zero is
    ignored, as is a value without leading digits), or None."""
    written = (table.get("width") or "").strip()
    digits = len(written) - len(written.lstrip("0123456789"))
    if not digits or float(written[:digits]) == 0:
        return None
    return written[:digits] + ("%" if written[digits:].startswith("%") else "px")


def table_width(table: etree._Element, styles: Styles) -> float | None:
    """How wide the table's content is at the narrowest window, px, or None where not told."""
    declared = styles.declared_px(table)
    if value_of(declared, "inline-size") not in UNSIZED:  # not read by line_width
        return None
    if value_of(declared, "width") in UNSIZED:  # the width attribute's, as a share of the lines around it
        around = line_width(table.getparent(), styles) if table.getparent() is not None else None
        found = length(width_attribute(table) or "")
        if around is None or found is None:
            return None
        return (found[0] / 100 * (around - WINDOW_CHROME) if found[1] == "%" else found[0])
    width = line_width(table, styles)
    return None if width is None else width - WINDOW_CHROME


def own_column_width(table: etree._Element, first: list[etree._Element], styles: Styles) -> etree._Element | None:
    """The first <col>, <colgroup> or cell of the first row given a width of its own."""
    columns = [e for group in table if tag_of(group) in ("col", "colgroup")
               for e in (group, *(c for c in group if tag_of(c) == "col"))]
    for element in (*columns, *first):
        if element.get("width") is not None or value_of(styles.declared_px(element), "width") not in UNSIZED:
            return element
    return None


def wrapping(cell: etree._Element, styles: Styles) -> str:
    """How the cell's lines break: "nowrap" (never), "anywhere" (inside a word too) or "normal"
    (between words); an element inside it setting any of that counts as never."""
    if cell.get("nowrap") is not None or any(
            not WRAPPING.isdisjoint(styles.declared(inner, tag_of(inner))) for inner in cell.iterdescendants()
            if tag_of(inner)):
        return "nowrap"
    anywhere = False
    for name, values in (*NO_WRAP.items(), *BREAK_ANYWHERE.items()):
        value = nearest(cell, styles, name)
        if value in values:
            if name in NO_WRAP:
                return "nowrap"
            anywhere = True
    return "anywhere" if anywhere else "normal"


def nearest(element: etree._Element, styles: Styles, name: str) -> str | None:
    """An inherited property's value as the element or its nearest ancestor declares it."""
    for at in (element, *element.iterancestors()):
        value = value_of(styles.declared_px(at), name)
        if value is not None and value != "inherit":
            return value
    return None


def room_needed(cell: etree._Element, text: str, styles: Styles) -> float:
    """px the cell's text may need across, on the safe side, with its padding and borders."""
    how = wrapping(cell, styles)
    widest = ems(text) if how == "nowrap" else max((ems(c) for c in text), default=0) if how == "anywhere" \
        else unbreakable(text)
    font = max([styles.of(cell).font_px, *(styles.of(e).font_px for e in cell.iterdescendants() if tag_of(e))])
    return widest * font + sum(cell_padding(cell, styles.of(cell))[:2]) + CELL_BORDERS


def spacing(table: etree._Element, styles: Styles) -> float | None:
    """The table's border-spacing across, px (its cellspacing=), or None where not told."""
    value = value_of(styles.declared_px(table), "border-spacing")
    if value is None:
        written = (table.get("cellspacing") or "").strip()
        return float(written) if written.isdigit() else DEFAULT_SPACING
    return pixels(value.split()[0])


def column_overflow(table: etree._Element, rows: list[list[tuple[etree._Element, str, int]]],
                    styles: Styles) -> tuple[etree._Element, str] | None:
    """In a table of fixed layout, the first element whose text its columns may not hold, with
    why: a column given a width of its own, a table width not told, or a cell whose text is
    wider than its share of the table. `rows`: each row's cells as (cell, text, colspan)."""
    fixed = fixed_layout(table, styles)
    if not fixed or not rows:
        return None
    own = own_column_width(table, [cell for cell, _, _ in rows[0]], styles)
    if own is not None:
        return own, f"{fixed}, a column's width set by <{tag_of(own)}>: this reader lays out no set column widths"
    width, between = table_width(table, styles), spacing(table, styles)
    if width is None or between is None:
        return table, f"{fixed}: its width is not told here, its columns may be narrower than their text"
    count = max(sum(span for _, _, span in row) for row in rows)
    share = (width - between * (count + 1)) / count
    for row in rows:
        for cell, text, span in row:
            needed = room_needed(cell, text, styles)
            if needed > share * span:
                return cell, (f"{fixed}: its column is about {max(share * span, 0):.0f}px wide in a 1024px window, "
                              f"its text may take {needed:.0f}px and be drawn over the next column")
    return None
