"""Whether a table's columns hold their text, told without laying out.

A box whose width the author set (a `width`, `max-width` or `inline-size` inside a cell, a cell's
`max-width`) is as wide as that, not as its text: text wider than it is drawn past it, over the
next column's (Chromium draws `llama3.1full` and `1*Ascend2*Ascend`), or cut where the cell clips.

`table-layout: fixed` on a table whose width is set (Chromium lays out a `width: auto` table
by its content, as css-tables-3 says) sizes the columns by the table's width, its `<col>`s and
its first row's cells, never by the text of the other rows. A value wider than its column is
drawn past the column's edge, over the next column's text (`4096/81932*Ascend`), and a column
of `<col width=0>` draws a sliver of its value.

This reader lays out no page, so the room is estimated as html_extent estimates it, on the safe
side: text at a full em a character (html_style.ems), a fixed table no wider than it is in the
smaller desktop window, its columns sharing it equally, with the margins, padding and indent of
the boxes inside a cell. What is not told that way is refused: a fixed table's columns given
widths of their own, its width not told (a percentage of a flex item or of a cell), a set width
not in px, or a rule this reader does not decide (in @layer, @supports…) setting any of it.
"""
from __future__ import annotations

from lxml import etree

from .css_math import length, pixels
from .html_extent import UNSIZED, edges_across, line_width, unbreakable
from .html_media import WINDOWS
from .html_style import CLIPPING, GRID_TRACKS, SCROLLING, border_width, content_box_less, ems, overflow_axes, value_of, \
    written
from .html_styles import Styles
from .html_tables import DRAW_OTHER_THAN_CHILDREN, cell_padding, lenient_span
from .text import tag_of

# What the narrowest window takes from a page's width before its body: Chromium's 8px body
# margins and a classic scrollbar (the estimate stays on the narrow side).
WINDOW_CHROME = 31.0
DEFAULT_SPACING = 2.0  # px: the browser's border-spacing
# The properties that let a line break inside a word (overflow-wrap, word-break) or keep it
# from breaking at all (white-space, text-wrap): read on the cell and around it.
BREAK_ANYWHERE = {"overflow-wrap": ("anywhere", "break-word"), "word-wrap": ("anywhere", "break-word"),
                  "word-break": ("break-all", "break-word")}
# What lets a column be narrower than a word: `overflow-wrap: break-word` breaks a word that
# overflows its line, but a table's columns are still sized to hold it (CSS Text 3: its breaks are
# not counted in the least width; Chromium draws GitBook's `word-wrap: break-word` table that way)
LEAST_ANYWHERE = {"overflow-wrap": ("anywhere",), "word-wrap": ("anywhere",), "word-break": ("break-all", "break-word")}
NO_WRAP = {"white-space": ("nowrap", "pre"), "text-wrap-mode": ("nowrap",), "text-wrap": ("nowrap",)}
WRAPPING = frozenset({*BREAK_ANYWHERE, *NO_WRAP})
SIZES = ("width", "min-width", "max-width")  # (their logical forms are read as these: LOGICAL_ALIASES)
CAPS = ("width", "max-width")  # what keeps a box narrower than its text
NOT_CAPPING = UNSIZED | {"100%", "max-content", "fit-content", "revert", "revert-layer"}  # (a cell is as wide as its text)
INERT = frozenset({"auto", "initial", "unset", "revert", "revert-layer"})
CONTENT_TRACKS = frozenset({"auto", "min-content", "max-content"})
CONTAINED = frozenset({"inline-size", "size", "strict"})  # contain values sizing a box as if it held nothing
# What a rule this reader does not decide may set to change a column's room: its layout, a width,
# how lines break, the spacing and the boxes' edges
ROOM = frozenset({"table-layout", *SIZES, *WRAPPING, "letter-spacing", "word-spacing", "text-indent", "font-size",
                  "contain", *(f"{edge}-{side}" for edge in ("margin", "padding") for side in ("left", "right"))})


# --- a box of a set width, in any table -----------------------------------------------------------

def set_too_narrow(cell: etree._Element, text_of, styles: Styles) -> tuple[etree._Element, str] | None:
    """The cell (its max-width) or the first box inside it holding text whose set width may be
    narrower than that text, with the declaration; `text_of(element)` gives its text. A box
    sized otherwise than by a width this reader reads (grid tracks, a flex basis, an aspect
    ratio, columns, `contain`) counts as narrower."""
    for element in (cell, *(e for e in cell.iterdescendants() if tag_of(e))):
        style = styles.of(element)
        # out of sight or drawn with what this reader does not model: a cell error of its own
        if styles.plain(element) or tag_of(element) in DRAW_OTHER_THAN_CHILDREN or style.unseen or style.unmodelled \
                or style.removed:  # (not drawn at all: Tablesaw's labels, `display: none` on desktops: hunt 138)
            continue
        declared = styles.declared_px(element)
        if element is not cell and overflow_axes(declared)[0] in CLIPPING | SCROLLING:
            continue  # a box inside cutting its text off or scrolling it: html_style's `clipping` judges it
        names = CAPS[1:] if element is cell else CAPS
        capped = [name for name in names if value_of(declared, name) not in NOT_CAPPING]
        other = sized_otherwise(declared, element is cell)
        if not capped and not other:
            continue
        text = text_of(element)
        if not text:
            continue
        if other:
            return element, f"{other} (as wide as that says, not as its text)"
        needed = unbreakable(text) * (max_font(element, styles) + letter_spacing(element, styles)) + \
            max(style.indent, 0.0) + content_box_less(declared, ("left", "right"))
        for name in capped:
            px = pixels(value_of(declared, name))
            if px is None or px < needed:
                return element, f"{written(declared, name)} (its text may take {needed:.0f}px)"
    return None


def sized_otherwise(declared, cell: bool = False) -> str:
    """The declaration sizing a box by what this reader does not weigh against its text, or ""
    (a size container inside a cell adds nothing to its column's width; on the cell, nothing)."""
    contain = set((value_of(declared, "contain") or "").split()) & CONTAINED
    if contain:
        return f"contain: {' '.join(sorted(contain))}"
    for name in () if cell else ("container-type", "container"):
        if {"size", "inline-size"} & set((value_of(declared, name) or "").replace("/", " ").split()):
            return written(declared, name)
    for name in ("flex-basis", "flex", "column-count", "column-width", "columns"):
        if value_of(declared, name) not in (None, "auto", "none", "normal", "0 1 auto", *INERT):
            return written(declared, name)
    for name in GRID_TRACKS:  # tracks sized by their content (auto, min-content, max-content, 1fr) hold it
        value = value_of(declared, name)
        if value not in (None, "none", *INERT) and not all(
                track in CONTENT_TRACKS or track.endswith("fr") for track in value.replace("/", " ").split()):
            return written(declared, name)
    if value_of(declared, "aspect-ratio") not in (None, "auto", *INERT) and \
            any(value_of(declared, n) not in UNSIZED for n in ("height", "min-height")):
        return written(declared, "aspect-ratio")
    return ""


def letter_spacing(element: etree._Element, styles: Styles) -> float:
    """A positive letter spacing on the element or around it, px (what it adds after each character)."""
    return max(pixels(nearest(element, styles, "letter-spacing") or "0") or 0.0, 0.0)


def max_font(element: etree._Element, styles: Styles) -> float:
    return max([styles.of(element).font_px, *(styles.of(e).font_px for e in element.iterdescendants() if tag_of(e))])


# --- a table of fixed layout ----------------------------------------------------------------------

def fixed_layout(table: etree._Element, styles: Styles) -> str:
    """The declarations laying the table out at fixed column widths, or ""."""
    undecided = styles.undecided_on.get(table, {}).get("table-layout")
    if undecided is not None and undecided not in INERT and undecided != "auto":
        return f"table-layout: {undecided} by a rule this reader does not decide"
    layout, at = "inherit", table
    while layout == "inherit" and at is not None:  # not inherited, but `inherit` takes the parent's
        layout, at = value_of(styles.declared_px(at), "table-layout") or "auto", at.getparent()
    if layout != "fixed":
        return ""
    declared = styles.declared_px(table)
    if value_of(declared, "width") not in UNSIZED:  # (inline-size too: its alias, named as written)
        return f"table-layout: fixed; {written(declared, 'width')}"
    width = width_attribute(table)
    return f"table-layout: fixed; width: {width}" if width is not None else ""


def width_attribute(table: etree._Element) -> str | None:
    """A table's width= as the width it maps to (a dimension: digits, then % or px; zero is
    ignored, as is a value without leading digits), or None."""
    attribute = (table.get("width") or "").strip()
    digits = len(attribute) - len(attribute.lstrip("0123456789"))
    if not digits or float(attribute[:digits]) == 0:
        return None
    return attribute[:digits] + ("%" if attribute[digits:].startswith("%") else "px")


def table_width(table: etree._Element, styles: Styles) -> float | None:
    """How wide the table's content is at the narrowest window, px, or None where not told."""
    declared = styles.declared_px(table)
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
        declared = styles.declared_px(element)
        if element.get("width") is not None or any(value_of(declared, name) not in UNSIZED for name in SIZES):
            return element
    return None


def undecided_room(table: etree._Element, styles: Styles) -> tuple[etree._Element, str] | None:
    """An element of the table a rule this reader does not decide may give another room (ROOM)."""
    for element in table.iter():
        found = sorted(ROOM & styles.undecided_on.get(element, {}).keys())
        if found:
            return element, f"{found[0]} by a rule this reader does not decide"
    return None


def sized_inside(cells: list[etree._Element], styles: Styles) -> tuple[etree._Element, str] | None:
    """The first box inside a cell given a width (or a least width) of its own, with it."""
    for cell in cells:
        if styles.plain_inside(cell):
            continue
        for element in cell.iterdescendants():
            if tag_of(element) and not styles.plain(element):
                declared = styles.declared_px(element)
                name = next((n for n in SIZES if value_of(declared, n) not in UNSIZED), None)
                if name is not None:
                    return element, f"{name}: {value_of(declared, name)}"
    return None


def wrapping(cell: etree._Element, styles: Styles, least: bool = False) -> str:
    """How the cell's lines break: "nowrap" (never), "anywhere" (inside a word too) or "normal"
    (between words); an element inside it setting any of that counts as never. `least`: as
    the column's least width counts them (LEAST_ANYWHERE)."""
    if cell.get("nowrap") is not None or any(
            not WRAPPING.isdisjoint(styles.declared(inner, tag_of(inner))) for inner in cell.iterdescendants()
            if tag_of(inner)):
        return "nowrap"
    anywhere = False
    for name, values in (*NO_WRAP.items(), *(LEAST_ANYWHERE if least else BREAK_ANYWHERE).items()):
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


def room_needed(cell: etree._Element, text: str, styles: Styles, least: bool = False) -> float:
    """px the cell's text may need across, on the safe side, with its padding and borders, the
    margins, padding and indent of the boxes inside it, and a letter spacing. `least`: the
    column's least width (wrapping)."""
    how = wrapping(cell, styles, least)
    widest = ems(text) if how == "nowrap" else max((ems(c) for c in text), default=0) if how == "anywhere" \
        else unbreakable(text)
    inside = [styles.of(e) for e in cell.iterdescendants() if tag_of(e)]
    edges = max([0.0, *(s.inset + s.inset_end + max(s.indent, 0.0) for s in inside)])
    return (widest * (max_font(cell, styles) + letter_spacing(cell, styles)) + edges + max(styles.of(cell).indent, 0.0)
            + sum(cell_padding(cell, styles.of(cell))[:2]) + borders_across(cell, styles))


def borders_across(cell: etree._Element, styles: Styles) -> float:
    """What a cell's borders may take across, px: its own; where the table's borders collapse
    (border-collapse, or rules=), the thickest of its table's, columns', row group's and row's
    too, which a collapsed border may be (a 200px left border on a row is its first cell's)."""
    table = next(cell.iterancestors("table"), None)
    around = [cell]
    if table is not None and (table.get("rules") is not None or
                              value_of(styles.declared_px(table), "border-collapse") == "collapse"):
        around += [table, *(e for e in table.iter("col", "colgroup")), *cell.iterancestors("tr", "tbody", "thead",
                                                                                            "tfoot")]
    widths = [1.0]
    for element in around:
        declared = styles.declared_px(element)
        widths += [border_width(declared, where) for where in ("left", "right")]
    return 2 * max(widths)


def spacing(table: etree._Element, styles: Styles) -> float | None:
    """The table's border-spacing across, px (its cellspacing=), or None where not told."""
    value = value_of(styles.declared_px(table), "border-spacing")
    if value is None:
        attribute = (table.get("cellspacing") or "").strip()
        return float(attribute) if attribute.isdigit() else DEFAULT_SPACING
    return pixels(value.split()[0])


def column_overflow(table: etree._Element, cells: list[list[etree._Element]], styles: Styles,
                    text_of) -> tuple[etree._Element, str] | None:
    """The first element whose text its column or its box may not hold, with why. In any table,
    a box of a set width narrower than its text (set_too_narrow). In a table of fixed layout,
    a column given a width of its own, a table width not told, a rule this reader does not
    decide setting what gives a column its room, or a cell whose text is wider than its share
    of the table. `cells`: each row's; `text_of(element)`: its text."""
    for row in cells:
        for cell in row:
            if not (styles.plain(cell) and styles.plain_inside(cell)):
                found = set_too_narrow(cell, text_of, styles)
                if found is not None:
                    return found
    fixed = fixed_layout(table, styles)
    if not fixed or not cells:
        return None
    rows = [[(cell, text_of(cell), lenient_span(cell, "colspan")) for cell in row] for row in cells]
    if "by a rule" in fixed:
        return table, f"{fixed}: its columns may be narrower than their text"
    own = own_column_width(table, [cell for cell, _, _ in rows[0]], styles)
    if own is not None:
        return own, f"{fixed}, a column's width set by <{tag_of(own)}>: this reader lays out no set column widths"
    undecided = undecided_room(table, styles)
    if undecided is not None:
        return undecided[0], f"{fixed}, {undecided[1]}"
    sized = sized_inside([cell for row in rows for cell, _, _ in row], styles)
    if sized is not None:
        return sized[0], f"{fixed}, {sized[1]} inside a cell: this reader lays out no set widths in its columns"
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


# --- how wide the table may be at its least -------------------------------------------------------

def table_need(table: etree._Element, cells: list[list[etree._Element]], styles: Styles,
               text_of) -> float | None:
    """How wide the table's box may be at its least, px, on the safe side: each column its widest
    cell's room_needed, each spanning cell's excess over its columns added whole, the spacing
    between and around them, the table's borders and padding across, and a width set on it;
    None where not told."""
    between = spacing(table, styles)
    if between is None:
        return None
    columns: dict[int, float] = {}
    spanning: list[tuple[int, int, float]] = []
    taken: dict[int, set[int]] = {}  # row -> columns a rowspan from above holds
    for r, row in enumerate(cells):
        at = 0
        for cell in row:
            while at in taken.get(r, ()):
                at += 1
            across, down = lenient_span(cell, "colspan"), lenient_span(cell, "rowspan")
            for below in range(r, r + down):
                taken.setdefault(below, set()).update(range(at, at + across))
            text = text_of(cell)
            needed = room_needed(cell, text, styles, least=True) if text else sum(cell_padding(cell, styles.of(cell))[:2]) + \
                borders_across(cell, styles)
            if across == 1:
                columns[at] = max(columns.get(at, 0.0), needed)
            else:
                spanning.append((at, across, needed))
            at += across
    width = sum(columns.values())
    width += sum(max(0.0, needed - sum(columns.get(c, 0.0) for c in range(at, at + across)))
                 for at, across, needed in spanning)
    count = max([*columns, *(at + across - 1 for at, across, _ in spanning)], default=-1) + 1
    declared = styles.declared_px(table)
    # its padding and borders (a percentage of the widest window's width: the most it may be)
    edges = edges_across({name: value for name, value in declared.items() if not name.startswith("margin")},
                         WINDOWS[-1]["width"])
    if edges is None:
        return None
    width += between * (count + 1) + edges
    set_as = value_of(declared, "width")
    found = length(set_as) if set_as not in UNSIZED else length(width_attribute(table) or "")
    if found is not None:
        if found[1] == "%":  # of the lines it is set in: at most those where it is not over 100%
            return None if found[0] > 100 else width
        px = pixels(set_as) if set_as not in UNSIZED else found[0]
        if px is None:
            return None
        width = max(width, px)
    elif set_as not in UNSIZED:
        return None
    return width
