"""Where the vendor table lies across the window: whether a reader can reach every column.

What lies left of the page's left edge, or past the edge of a box that cuts off what overflows
it, is drawn where no reader scrolls: a window scrolls right and down only, and `overflow:
hidden` does not scroll at all. The 2025-10-22 table is about 1,105px wide at least, wider than
anything in a 1024px window, so whatever decides where its overflow goes decides what a reader
sees of it (hunts 76 and 78, checked in Chromium):

- a box around it that clips sideways (overflow hidden or clip, paint containment, a clip path,
  a legacy `clip`, the window's overflow from <html> or <body>) narrower than the table may be:
  GitBook's `.markdown-section { overflow: hidden }` in an 800px page cut 379 cells off;
- a box that scrolls it, but grows with it past such a clip (a flex item, a grid track, a float,
  an inline-block: Bulma's `.column` around its `.table-container`, under `html { overflow-x:
  hidden }`);
- the table, or a box around it, moved left of the page (a negative margin, a relative offset, a
  translation: `left: 50%; transform: translateX(-50%)`);
- a table wider than its container set at its end or centre (`align=right`, a float to the
  right, a right-to-left box, a flex or grid container centring it): its overflow goes left;
- a multi-column box around it, which breaks it across columns drawn over each other.

This reader lays out no page: the room is told down from a box (its lines in the narrowest
window, html_extent's `line_width`, less the left edges on the way), the table's width at most
the larger of its least width (html_columns.table_need, on the safe side) and its lines; what is
not told that way is an error too.
"""
from __future__ import annotations

import re

from lxml import etree

from .css_math import evaluated, length, pixels
from .html_columns import WINDOW_CHROME, table_need
from .html_extent import UNSIZED, edge_px, edges_across, line_width, set_width
from .html_media import WINDOWS
from .html_style import (CLIPPING, NEVER_CLIPS, SCROLLING, border_width, dir_state, overflow_axes, size_set, value_of,
                         written)
from .html_styles import Styles
from .text import tag_of

PAINT_CONTAINED = frozenset({"strict", "content", "paint", "layout"})  # (layout: its overflow no scroll reaches)
IN_FLOW_BLOCKS = frozenset({"block", "flow-root", "list-item"})  # as wide as their container, whatever they hold
SHRINK_TO_FIT = frozenset({"inline-block", "inline-flex", "inline-grid", "table", "inline-table", "inline flow-root"})
END_ALIGNED = frozenset({"center", "end", "flex-end", "right", "space-around", "space-evenly"})
# transform functions that move nothing left: down or along z, and a perspective alone
NOT_LEFT = frozenset({"translatey", "translatez", "perspective"})
TRANSFORM_FUNCTION = re.compile(r"([a-z0-9-]+)\(([^)]*)\)")
NO_MOVE = frozenset({None, "none", "0", "0px", "initial", "unset", "revert", "revert-layer"})


def placement_fault(table: etree._Element, cells: list[list[etree._Element]], styles: Styles,
                    text_of) -> tuple[etree._Element, str] | None:
    """The first box by which part of the table may be drawn where no reader scrolls, with why."""
    found = in_columns(table, styles) or left_of_the_page(table, styles)
    if found:
        return found
    told: list[float | None] = []

    def need() -> float | None:  # worked out only where a box asks (a cell at a time: ~0.4 s for 810 cells)
        if not told:
            told.append(table_need(table, cells, styles, text_of))
        return told[0]

    return overflowing_to_the_start(table, styles, need) or clipped_sideways(table, styles, need)


# --- columns --------------------------------------------------------------------------------------

def in_columns(table: etree._Element, styles: Styles) -> tuple[etree._Element, str] | None:
    """A multi-column box around the table: it breaks the table across its columns, the rows of
    one drawn over the table's overflow from the column before (Chromium, `columns: 2`)."""
    for box in table.iterancestors():
        declared = styles.declared_px(box)
        for name in ("columns", "column-count", "column-width"):
            if value_of(declared, name) not in (None, "auto", "1", "auto auto", "1 auto", "auto 1", "initial", "unset"):
                return box, f"{written(declared, name)}: the table broken across columns, drawn over each other"
    return None


# --- left of the page -----------------------------------------------------------------------------

def left_of_the_page(table: etree._Element, styles: Styles) -> tuple[etree._Element, str] | None:
    """A box from the root down to the table (the table too) that may set the table's left edge
    left of the page's: the left edges (margin, border, padding), relative offsets and
    translations summed down from the root, a move not told in px (a percentage of the table's
    own width, a rotation, a scale up about another origin than the left side), a box placed
    from its right, a negative indent before an inline table."""
    x, lines = 0.0, WINDOWS[0]["width"] - WINDOW_CHROME
    for box in reversed([table, *table.iterancestors()]):
        declared = styles.declared_px(box)
        moved = shift_across(declared, lines if box is not table else None)
        if isinstance(moved, str):
            return box, moved
        x += moved
        for name in ("margin-left", "margin-inline-start"):
            value = value_of(declared, name)
            if value in (None, "auto", "0", "initial", "unset", "inherit", "revert"):
                continue
            px = px_of(value, lines)
            if px is None:
                if value.lstrip().startswith(("-", "calc", "min", "max", "clamp")):
                    return box, f"{written(declared, name)} (how far it pulls the table left is not told here)"
                continue
            x += px
        if x < 0:
            return box, "; ".join(written(declared, name) for name in MOVES if name in declared)
        indent = value_of(declared, "text-indent")
        if box is not table and styles.of(table).display.startswith("inline") and indent not in NO_MOVE and \
                (pixels(indent) is None or pixels(indent) < 0):
            return box, written(declared, "text-indent")
        x += border_width(declared, "left") + max(px_of(value_of(declared, "padding-left") or "0", lines) or 0.0, 0.0)
        own = set_width(declared, lines)
        lines = own if isinstance(own, float) else lines
    for group in table.iter("thead", "tbody", "tfoot", "tr"):  # rows moved left with the table's left side
        if styles.plain(group):
            continue  # the defaults move no row (x is not below 0 here)
        declared = styles.declared_px(group)
        moved = shift_across(declared, None)
        if isinstance(moved, str) or x + moved < 0:
            return group, moved if isinstance(moved, str) else "; ".join(
                written(declared, name) for name in MOVES if name in declared)
    return None


def px_of(value: str, base: float) -> float | None:
    """A margin or a padding in px (html_extent.edge_px), a calc() of lengths worked out; None
    where not told."""
    if value.strip().startswith(("calc", "min", "max", "clamp")):
        worked = evaluated(value)
        return pixels(worked) if worked is not None else None
    return edge_px(value, base)


MOVES = ("margin-left", "margin-inline-start", "left", "right", "inset-inline-start", "inset-inline-end", "inset",
         "inset-inline", "transform", "translate", "scale")


def shift_across(declared, width: float | None) -> float | str:
    """How far a box's relative offset and translations move it across, px (right positive), or
    the declaration moving it by what is not told here. `width`: the box's own width at most
    (its lines), for a translation in percent; None where not told (the table's)."""
    shift = 0.0
    position = value_of(declared, "position")
    left, right = offsets(declared)
    if position in ("relative", "sticky"):
        offset, name = (left, "left") if left not in UNSIZED else (right, "right") if right not in UNSIZED else (None, "")
        if offset is not None:
            px = pixels(offset)
            if px is None:
                return f"{name} offset {offset}"
            shift += px if name == "left" else -px
    if position in ("absolute", "fixed") and left in UNSIZED and right not in UNSIZED:
        return "placed from its right (as wide as it holds, its left side may be left of the page)"
    translate = value_of(declared, "translate")
    if translate not in NO_MOVE:
        moved = across(translate.split()[0], width)
        if moved is None:
            return written(declared, "translate")
        shift += moved
    transform = value_of(declared, "transform")
    if transform not in NO_MOVE:
        moved = transformed_across(transform, width, value_of(declared, "transform-origin"))
        if moved is None:
            return written(declared, "transform")
        shift += moved
    for name, still in (("scale", ("1", "1 1")), ("rotate", ("0deg", "0"))):
        value = value_of(declared, name)
        if value not in (*NO_MOVE, *still) and not (name == "scale" and shrinks(value.split()[0]) and
                                                    origin_inside(value_of(declared, "transform-origin"))):
            return written(declared, name)
    return shift


def offsets(declared) -> tuple[str | None, str | None]:
    """A box's left and right offsets as declared, physical or logical (left-to-right)."""
    inset = (value_of(declared, "inset") or "").split()
    inline = (value_of(declared, "inset-inline") or "").split()
    left = value_of(declared, "left") or value_of(declared, "inset-inline-start") or (inline[0] if inline else None) \
        or (inset[{1: 0, 2: 1, 3: 1, 4: 3}[len(inset)]] if inset else None)
    right = value_of(declared, "right") or value_of(declared, "inset-inline-end") or (inline[-1] if inline else None) \
        or (inset[{1: 0, 2: 1, 3: 1, 4: 1}[len(inset)]] if 0 < len(inset) <= 4 else None)
    return left, right


def origin_inside(origin: str | None) -> bool:
    """A transform origin whose across part lies inside the box (a scale about it moves no side out)."""
    first = (origin or "50%").split()[0]
    if first in ("left", "center", "right", "top", "bottom"):
        return True
    found = length(first)
    return found is not None and found[0] >= 0 and (found[1] != "%" or found[0] <= 100)


def across(value: str, width: float | None) -> float | None:
    """A translation's length across, px (a percentage of `width`), or None where not told."""
    found, px = length(value), pixels(value)
    if found is not None and found[1] == "%":
        return None if width is None else found[0] / 100 * width if found[0] < 0 else 0.0
    return px


def shrinks(factor: str) -> bool:
    """A scale factor of at most 1 (and above 0): about an origin inside the box, it moves the
    box's left side right, never left."""
    found = length(factor)
    value = found[0] / (100 if found[1] == "%" else 1) if found is not None else None
    return value is not None and 0 < value <= 1


def transformed_across(transform: str, width: float | None, origin: str | None) -> float | None:
    """How far a transform moves a box's left side across, px, at worst: its translations
    (rightward ones counted as none, on the safe side where a scale follows); None where it
    may move it left by what is not told (a rotation, a skew, a matrix, a scale up about
    another origin than the left side)."""
    functions = TRANSFORM_FUNCTION.findall(transform.lower())
    if not functions:
        return None
    shift = 0.0
    for name, arguments in functions:
        first = (arguments.replace(",", " ").split() or ["0"])[0]
        if name in NOT_LEFT:
            continue
        if name in ("translate", "translatex", "translate3d"):
            moved = across(first, width)
            if moved is None:
                return None
            shift += min(moved, 0.0)
        elif name in ("scale", "scalex", "scale3d"):
            if not origin_inside(origin) or not shrinks(first) and (origin or "50%").split()[0] not in (
                    "0", "0px", "0%", "left"):
                return None
        elif name != "scaley":
            return None
    return shift


# --- overflow at the start ------------------------------------------------------------------------

def overflowing_to_the_start(table: etree._Element, styles: Styles, need) -> tuple[etree._Element, str] | None:
    """Where the table may be wider than the lines it is set in (`need()`: its least width): the
    box setting it, or a box around it, at the end or the centre of its container (align=right,
    a float to the right, a right-to-left box below <body>, a flex or grid container centring or
    ending its content without `safe`), which puts what overflows at the start, left of the page."""
    found = set_at_the_end(table, styles)
    if found is None:
        return None
    parent = table.getparent()
    lines = line_width(parent, styles, WINDOWS[0]["width"] - WINDOW_CHROME) if parent is not None else None
    least = need()
    return None if least is not None and lines is not None and least <= lines else found


def first_written(declared, *names: str) -> str:
    return next((written(declared, name) for name in names if name in declared), "")


def set_at_the_end(table: etree._Element, styles: Styles) -> tuple[etree._Element, str] | None:
    """The first box setting the table, or a box around it, at the end or the centre of its container."""
    if (table.get("align") or "").strip().lower() in ("right", "center"):
        return table, f"align={table.get('align')}"
    for box in (table, *table.iterancestors()):
        declared = styles.declared_px(box)
        if value_of(declared, "float") in ("right", "inline-end"):
            return box, written(declared, "float")
        if box is not table and tag_of(box) not in ("html", "body") and value_of(declared, "direction") == "rtl":
            return box, written(declared, "direction")
        for name in ("justify-self", "place-self") + (() if box is table else ("justify-items", "place-items")):
            words = (value_of(declared, name) or "").split()  # (Chromium 156 aligns blocks by them too)
            if words and words[-1] in END_ALIGNED and "safe" not in words:
                return box, written(declared, name)
        shown = styles.of(box).display
        if box is not table and "flex" in shown and "wrap-reverse" in (
                (value_of(declared, "flex-wrap") or "") + (value_of(declared, "flex-flow") or "")):
            return box, first_written(declared, "flex-wrap", "flex-flow")
        if box is not table and ("flex" in shown or "grid" in shown):
            direction = value_of(declared, "flex-direction") or value_of(declared, "flex-flow") or ""
            across = ("justify-content", "justify-items", "place-content", "place-items") if "grid" in shown else \
                ("align-items", "align-content", "place-items", "place-content") if "column" in direction else \
                ("justify-content", "place-content")
            for name in across:
                words = (value_of(declared, name) or "").split()
                if words and words[-1] in END_ALIGNED and "safe" not in words:
                    return box, written(declared, name)
            if "flex" in shown and "row-reverse" in direction:
                return box, first_written(declared, "flex-direction", "flex-flow")
        parent = box.getparent()
        if box is not table and parent is not None and ("grid" in styles.of(parent).display or
                                                        "flex" in styles.of(parent).display):
            name = "justify-self" if "grid" in styles.of(parent).display else "align-self"
            words = (value_of(declared, name) or "").split()
            if words and words[-1] in END_ALIGNED and "safe" not in words:
                return box, written(declared, name)
    return None


# --- boxes that clip sideways ---------------------------------------------------------------------

def clipped_sideways(table: etree._Element, styles: Styles, need) -> tuple[etree._Element, str] | None:
    """The first box around the table (or the element giving the window its overflow) that cuts
    off what overflows it sideways where the table may be wider (`need()`: its least width) than
    the room it leaves, with why. Above a box that scrolls the table sideways, what must fit is that box: as wide as its
    container where it is a block in the flow, else as wide as the table may be."""
    scroller = None
    for box, what, window, scrolls in sideways_boxes(table, styles):
        if scrolls:
            scroller = box if scroller is None else scroller  # (an element with no children is false)
            continue
        if not window and holds_what_it_holds(box, styles):
            continue
        target = scroller if scroller is not None else table
        room = room_within(box, target, styles, window)
        least = need()
        if room is None or least is None:
            return box, f"{what}; the room it leaves the table is not told here"
        widest = max(least, room[1])  # an auto table: its least width, or as wide as its lines at most
        if target is not table and not any(grows_with_content(at, styles) for at in below(box, target, window)):
            widest = room[1]  # blocks in the flow down to the box scrolling it: as wide as their lines
        if widest > room[0]:
            return box, f"{what}; about {room[0]:.0f}px of room in a 1024px window, the table may take {widest:.0f}px"
    return None


def sideways_boxes(table: etree._Element, styles: Styles) -> list[tuple[etree._Element, str, bool, bool]]:
    """(box, its declaration, whether it is the window's, whether it scrolls) of each box around
    the table that clips or scrolls sideways, nearest first: overflow-x hidden or clip, paint
    containment, a clip path, a legacy `clip` on a box out of the flow, and the root's or
    <body>'s overflow, which is the window's (CSS Overflow 3: the root's unless it is visible,
    then <body>'s) and makes the window not scroll; a box whose overflow-x scrolls."""
    ancestors = list(table.iterancestors())
    root = ancestors[-1] if ancestors else None
    window = root
    if root is not None and overflow_axes(styles.declared_px(root)) == ("visible", "visible"):
        window = next((e for e in root if tag_of(e) == "body"), None)
    found = []
    if root is not None and any(value_of(styles.declared_px(e), "direction") == "rtl" or
                                dir_state(e) == "rtl" for e in (root, window) if e is not None):
        found.append((root, "a right-to-left window, which does not scroll right", True, False))
    for box in ancestors:
        declared = styles.declared_px(box)
        across = overflow_axes(declared)[0]
        clip_path = value_of(declared, "clip-path")
        if clip_path not in (None, "none", "initial", "unset"):
            found.append((box, written(declared, "clip-path"), box is root, False))
        if value_of(declared, "clip") not in (None, "auto", "initial", "unset") and \
                value_of(declared, "position") in ("absolute", "fixed"):
            found.append((box, written(declared, "clip"), False, False))
        if box is window:
            contained = PAINT_CONTAINED & set((value_of(declared, "contain") or "").split())
            if across in CLIPPING or contained:
                why = f"overflow-x: {across}" if across in CLIPPING else written(declared, "contain")
                found.append((box, f"{why} on <{tag_of(box)}>, the window's: it does not scroll", True, False))
            continue
        if box is root or styles.of(box).display in NEVER_CLIPS:
            continue
        painted = PAINT_CONTAINED & set((value_of(declared, "contain") or "").split())
        if across in CLIPPING:
            found.append((box, f"overflow-x: {across}", False, False))
        elif painted or value_of(declared, "content-visibility") == "auto":
            found.append((box, written(declared, "contain") if painted else written(declared, "content-visibility"),
                          False, False))
        elif across in SCROLLING:
            found.append((box, f"overflow-x: {across}", False, True))
    return found


def holds_what_it_holds(box: etree._Element, styles: Styles) -> bool:
    """A box as wide as what it holds (shrink-to-fit: a float, an inline-block, a table, a box out
    of the flow not stretched between its sides) with no width of its own: at least as wide as
    the table's least width, so what it clips at its sides is nothing of the table (Chromium:
    `position: absolute; clip: rect(auto, auto, auto, auto)` around it). A flex or grid item is
    not one: one that clips may be narrower than what it holds."""
    declared = styles.declared_px(box)
    parent = box.getparent()
    if size_set(declared) or (parent is not None and styles.of(parent).items):
        return False
    if value_of(declared, "position") in ("absolute", "fixed"):
        return value_of(declared, "left") in UNSIZED or value_of(declared, "right") in UNSIZED
    return value_of(declared, "float") not in (None, "none") or styles.of(box).display in SHRINK_TO_FIT


def below(box: etree._Element, target: etree._Element, window: bool) -> list[etree._Element]:
    """The boxes from below `box` (the root, for the window's) down to `target`, the target too."""
    chain = [target, *target.iterancestors()]
    return chain[:-1 if window else chain.index(box)]


def grows_with_content(box: etree._Element, styles: Styles) -> bool:
    """A box as wide as what it holds may be, not its container's lines: shrink-to-fit (a float,
    an inline-block, a table, a box out of the flow) or a flex or grid item (its least width)."""
    declared = styles.declared_px(box)
    parent = box.getparent()
    return styles.of(box).display not in IN_FLOW_BLOCKS or value_of(declared, "float") not in (None, "none") or \
        value_of(declared, "position") in ("absolute", "fixed") or (parent is not None and styles.of(parent).items)


def room_within(box: etree._Element, target: etree._Element, styles: Styles,
                window: bool) -> tuple[float, float] | None:
    """(room, lines): how wide `target` (the table, or a box scrolling it) may be inside the
    clipping box from where it starts, px in the narrowest window, and how wide the lines it is
    set in are at most; None where not told. The room is the box's lines less the left edges
    (margin, border, padding) of every box from it down to the target and the target's own; the
    lines are the same walk's widths set on the way, never less than their boxes'."""
    # the window less its chrome (what a set width further down is not narrowed by)
    room = lines = WINDOWS[0]["width"] - WINDOW_CHROME if window else \
        line_width(box, styles, WINDOWS[0]["width"] - WINDOW_CHROME)
    if room is None:
        return None
    for at in reversed(below(box, target, window)):
        parent = at.getparent()
        if parent is not None and styles.of(parent).items or styles.of(at).display == "table-cell":
            return None
        declared = styles.declared_px(at)
        if value_of(declared, "min-width") not in (*UNSIZED, "0", "0px") or \
                value_of(declared, "position") in ("absolute", "fixed"):
            return None
        left = left_edge(declared, lines)
        if left is None:
            return None
        room -= left
        if at is target:
            break
        own = set_width(declared, lines)
        edges = edges_across(declared, lines)
        if own is False or edges is None:
            return None
        lines = own if own is not None else lines - edges  # a set width as it is, never less
    return room, lines


def left_edge(declared, base: float) -> float | None:
    """A box's margin, border and padding on its left, px (a percentage of `base`); None for a
    negative margin (the box reaches further than its container) or a value not told here."""
    total = 0.0
    for name in ("margin-left", "padding-left"):
        px = edge_px(value_of(declared, name), base)
        if px is None or px < 0:
            return None
        total += px
    return total + border_width(declared, "left")
