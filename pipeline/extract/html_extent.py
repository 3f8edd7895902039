"""How much room what a box holds takes, told without laying out the page.

A box of a set height (a site's header), or a float of a set width (a sidebar), may spill
what it holds onto what lies below or beside it, the vendor table among it; a bar fixed
to the window is read only when what it holds fits it (html_style.spills, fixed_band).
This reader lays out no page, so the room is estimated, always on the large side:
- text at a full em a character, each line its line height or its glyphs' height,
  whichever is higher (html_style.text_height);
- an image, a video, a frame: its set size (CSS or its attributes), and unknown without one;
- a form field: a line of its font with its padding and the browser's 2px borders;
- a box: its set size where its overflow is clipped, else the larger of that and what it
  holds, with its padding, borders and margins;
- what a box holds stacked one box under the other (as a block's children are; inline
  children too, each on a line of its own, with what ::before and ::after add), side by
  side only as the items of a flex row, each on one line while they fit its width (shrunk
  to fit, how they wrap is not told);
- lines as wide as the box's own width, or its container's, down from the smaller desktop
  window, less padding and borders; where a width on the way is not told (a percentage of
  a flex item, a table cell's), nothing is told.
What is placed out of the flow (absolutely, fixed) or not drawn takes no room here: such
a box is judged on its own (html_tables.drawn_over_from_outside).
"""
from __future__ import annotations

import re

from lxml import etree

from .css_math import length, pixels
from .html_media import WINDOWS
from .html_style import BLOCK_TAGS, CONTENT_AREA, FUNCTION, NOTHING_HELD, Held, Style, ems, overflow_axes, side, \
    text_height, value_of
from .html_styles import Styles
from .text import REPLACED, tag_of

Extent = tuple[float, float]  # px: the widest part that cannot wrap, and the height
NOTHING: Extent = (0.0, 0.0)
SIZED = frozenset({"img", "svg", "video", "canvas", "iframe", "object", "embed"})  # drawn at their set size
FIELDS = frozenset({"input", "select", "textarea", "button"})
FIELD_BORDERS = 4.0  # px: a form field's default borders, top and bottom (2px each in Chromium)
FIELD_CHARACTERS = 20  # an input's default width in characters (its size attribute)
OUT_OF_FLOW = ("absolute", "fixed")
CLIPPING = frozenset({"hidden", "clip", "auto", "scroll", "overlay"})  # overflow that keeps content inside
NARROWEST = 0.0  # a width to set text in as narrow as it goes: each line its widest word
UNSIZED = frozenset({None, "auto", "none", "initial", "unset"})


def content(element: etree._Element, styles: Styles) -> str | None:
    """The text an element holds, in its own line boxes: its text and that of inline elements
    inside it drawn at its font size or smaller (an anchor, a <span>); None where it holds a
    block, a line break, a box of its own, a larger font or what is drawn otherwise than as
    text (its size is then not told)."""
    if not len(element):
        return (element.text or "").strip()
    font = styles.of(element).font_px
    for inner in element.iterdescendants():
        tag, style = tag_of(inner), styles.of(inner)
        if tag in BLOCK_TAGS or tag in REPLACED or tag == "br" or style.display != "inline" or style.moved or \
                style.paints_over or style.own_box or style.font_px > font:
            return None
    return "".join(element.itertext()).strip()


# Where a line may break with no space: between ideographs, kana and fullwidth forms (CJK text
# has no spaces), and after a hyphen's or a slash's like. Each such character is a piece of its own.
BREAKS_AROUND = re.compile(r"[\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")


def unbreakable(text: str) -> int:
    """The ems (html_style.ems) of the longest piece of text no line may break inside (a word)."""
    return max((ems(piece) for piece in BREAKS_AROUND.split(text)), default=0) or (1 if text.strip() else 0)


def text_extent(text: str, style: Style, width: float | None) -> Extent:
    """(its widest piece, its height) set on lines `width` px wide, never narrower than that
    piece; NARROWEST: on one line, and as wide as that line."""
    if not text:
        return NOTHING
    if width == NARROWEST:
        return ems(text) * style.font_px, text_height(text, style.font_px, style.line_height, float("inf"))
    wide = unbreakable(text) * style.font_px
    return wide, text_height(text, style.font_px, style.line_height, max(width, wide) if width is not None else None)


def held(element: etree._Element, styles: Styles, width: float | None) -> Extent | None:
    """The room what an element holds takes, set on lines `width` px wide (NARROWEST: as
    narrow as they go); None where a part's size is not told."""
    text = content(element, styles)
    style = styles.of(element)
    if text is not None and not any(styles.generated(element, which) for which in ("before", "after")):
        return text_extent(text, style, width)
    declared = styles.declared_px(element)
    row = style.display in ("flex", "inline-flex") and (value_of(declared, "flex-direction") or "row").startswith(
        "row") and value_of(declared, "flex-wrap") in (None, "nowrap")
    parts = [text_extent((element.text or "").strip(), style, width)]
    for which in ("before", "after"):
        made = styles.generated(element, which)
        if made is not None:
            if made[1].image:
                return None  # an image's size is not told
            parts.append(text_extent(made[0], made[1], width))
    for child in element:
        if isinstance(child.tag, str) and taking_room(styles.of(child), styles, child):
            part = box_extent(child, styles, NARROWEST if row else width)
            if part is None:
                return None
            parts.append(part)
        parts.append(text_extent((child.tail or "").strip(), style, width))
    if row:  # a flex row's items side by side, each on one line while they fit; shrunk, they wrap as not told
        wide = sum(w for w, _ in parts)
        return (wide, max(h for _, h in parts)) if width is None or width == NARROWEST or wide <= width else None
    return max(w for w, _ in parts), sum(h for _, h in parts)


def set_width(declared, base: float | None) -> float | None | bool:
    """The narrower of a box's width and max-width, px (a percentage of `base`); None where
    neither is set, False where one is set in what is not told here."""
    found = None
    for name in ("width", "max-width"):
        value = value_of(declared, name)
        if value in UNSIZED:
            continue
        px, measure = pixels(value), length(value)
        if px is None and measure is not None and measure[1] == "%" and base is not None:
            px = measure[0] / 100 * base
        if px is None:
            return False
        found = px if found is None else min(found, px)
    return found


def line_width(element: etree._Element, styles: Styles) -> float | None:
    """How wide the lines of what a box holds may be, px, down from the smaller desktop window
    through the widths set on the way (percentages of the one above), less padding and
    borders; None where a width on the way is not told (an item of a flex or grid container,
    a table cell, a width not in px or %)."""
    width = WINDOWS[0]["width"]
    for at in reversed([element, *element.iterancestors()]):
        if at.getparent() is not None and styles.of(at.getparent()).items or styles.of(at).display == "table-cell":
            return None
        declared = styles.declared_px(at)
        fixed = value_of(declared, "position") == "fixed"  # a percentage of the window's
        own = set_width(declared, WINDOWS[0]["width"] if fixed else width)
        if own is False:
            return None
        if own is None and value_of(declared, "position") in OUT_OF_FLOW:  # stretched between its offsets
            offsets = [value_of(declared, name) or "auto" for name in ("left", "right")]
            if "auto" not in offsets:
                inset = [pixels(value) for value in offsets]
                if None in inset:
                    return None
                own = (WINDOWS[0]["width"] if fixed else width) - sum(inset)
        width = (own if own is not None else width) - around(declared, ("left", "right"))
    return max(width, 0.0)


def extent(element: etree._Element, styles: Styles) -> Held | None:
    """The room what a box holds takes at its own width (html_style.spills, fixed_band)."""
    if tag_of(element) in SIZED or (tag_of(element) in FIELDS and not len(element)):
        return NOTHING_HELD  # drawn within its box: an image scaled to it, a field's value clipped to it
    if not len(element) and not (element.text or "").strip() and \
            not any(styles.generated(element, which) for which in ("before", "after")):
        return NOTHING_HELD
    width = line_width(element, styles)
    found = None if width is None else held(element, styles, width)
    return None if found is None else Held(*found, width)


def taking_room(style: Style, styles: Styles, element: etree._Element) -> bool:
    """Laid out in its parent's flow: drawn, and not placed out of it."""
    return style.display != "none" and value_of(styles.declared_px(element), "position") not in OUT_OF_FLOW


def around(declared, sides: tuple[str, str]) -> float:
    """A box's margins (those that push, not pull), padding and border widths on two sides, px."""
    total = 0.0
    for where in sides:
        total += max(side(value_of(declared, f"margin-{where}")), 0.0) + max(side(value_of(declared, f"padding-{where}")), 0.0)
        if value_of(declared, f"border-{where}-style") not in (None, "none", "hidden"):
            total += pixels(value_of(declared, f"border-{where}-width") or "3px") or float("inf")
    return total


def set_size(declared, element: etree._Element, name: str) -> float | None:
    """A box's width or height in px as set by its style or (an image's) attributes."""
    found = pixels(value_of(declared, name) or "")
    if found is None and tag_of(element) in SIZED:
        found = pixels((element.get(name) or "").strip() + "px") if (element.get(name) or "").strip().isdigit() else None
    return found


def box_extent(element: etree._Element, styles: Styles, width: float | None) -> Extent | None:
    """The room a child box takes in its parent's flow, with its margins, padding and borders,
    its lines at most `width` px wide."""
    declared, tag, style = styles.declared_px(element), tag_of(element), styles.of(element)
    across, down = around(declared, ("left", "right")), around(declared, ("top", "bottom"))
    if tag in SIZED:
        if any(value_of(declared, name) not in UNSIZED and pixels(value_of(declared, name)) is None
               for name in ("width", "height", "max-width", "max-height")):
            return None  # scaled to what is not told (width: 100%)
        wide, high = set_size(declared, element, "width"), set_size(declared, element, "height")
        return None if wide is None or high is None else (wide + across, high + down)
    wide = set_width(declared, width)
    high = pixels(value_of(declared, "height") or "")
    if wide is False or (value_of(declared, "height") not in UNSIZED and high is None):
        return None
    if tag in FIELDS and not len(element):
        line = max(CONTENT_AREA * style.font_px, style.line_height or 0.0)
        size = element.get("size", "")
        rows = element.get("rows", "") if tag == "textarea" else "1"
        return ((wide if wide is not None else (int(size) if size.isdigit() else FIELD_CHARACTERS) * style.font_px) + across,
                (high if high is not None else line * (int(rows) if rows.isdigit() else 2)) + down + FIELD_BORDERS)
    lines = wide if wide is not None else width
    inner = held(element, styles, max(lines - across, 0.0) if lines else lines)
    if inner is None:
        return None
    clips_across, clips_down = (axis in CLIPPING for axis in overflow_axes(declared))
    inner_wide = wide if wide is not None and clips_across else max(wide or 0.0, inner[0])
    inner_high = high if high is not None and clips_down else max(high or 0.0, inner[1])
    return inner_wide + across, inner_high + down


# --- a box placed absolutely inside its container ----------------------------------------------

# What makes an element the containing block of the absolutely placed boxes inside it, besides a position
CONTAINING = ("transform", "translate", "rotate", "scale", "filter", "perspective", "contain", "will-change",
              "container-type", "backdrop-filter")
AXES = (("left", "right", "width", "translatex", 0), ("top", "bottom", "height", "translatey", 1))


def containing_block(element: etree._Element, styles: Styles) -> etree._Element | None:
    """The ancestor an absolutely placed box is placed in: the nearest positioned one, or one a
    transform, filter or containment makes its containing block."""
    for ancestor in element.iterancestors():
        declared = styles.declared_px(ancestor)
        if value_of(declared, "position") not in (None, "static") or any(
                value_of(declared, name) not in UNSIZED for name in CONTAINING):
            return ancestor
    return None


def least_size(element: etree._Element, styles: Styles, name: str) -> float | None:
    """At least how wide or high a container's padding box is, px: its set size less its borders,
    or else the largest set size of a box in its flow (what it holds makes it that large)."""
    declared = styles.declared_px(element)
    found = pixels(value_of(declared, name) or "")
    if found is not None:
        sides = ("left", "right") if name == "width" else ("top", "bottom")
        return found - sum(pixels(value_of(declared, f"border-{where}-width") or "0") or 0.0 for where in sides)
    sizes = [pixels(value_of(styles.declared_px(child), name) or "") for child in element
             if isinstance(child.tag, str) and taking_room(styles.of(child), styles, child)]
    return max((size for size in sizes if size is not None), default=None)


def translations(declared) -> list[tuple[float, str]] | None:
    """A box's transform as its translation along each axis, (number, unit), px or %; None
    for a transform that does more than translate, or in other units."""
    if any(value_of(declared, name) not in UNSIZED for name in ("rotate", "scale", "translate")):
        return None
    moved = [(0.0, "px"), (0.0, "px")]
    transform = value_of(declared, "transform")
    if transform in UNSIZED:
        return moved
    functions = FUNCTION.findall(transform)
    if not functions or FUNCTION.sub("", transform).strip():
        return None
    for function, arguments in functions:
        found = [length(word) for word in arguments.replace(",", " ").split()]
        axes = {"translatex": (0,), "translatey": (1,), "translate": (0, 1)}.get(function)
        if axes is None or not found or None in found or len(found) > len(axes) or \
                any(unit not in ("px", "%") and number for number, unit in found) or \
                any(unit == "%" and not -100 <= number <= 0 for number, unit in found):
            return None  # a percentage of its own size back by at most that size: see placed_inside
        for axis, (number, unit) in zip(axes, found):
            moved[axis] = (moved[axis][0] + number, unit) if moved[axis][0] == 0 or moved[axis][1] == unit else (0, "?")
    return None if any(unit == "?" for _, unit in moved) else moved


def placed_inside(element: etree._Element, styles: Styles, around: set) -> bool:
    """An absolutely placed box that stays inside its containing block, whatever their sizes:
    a search form's icon (`position: absolute; right: 10px; top: 50%; transform:
    translateY(-50%)`). Along each axis an offset is set (px, or a percentage of the
    container), it is moved by px or a percentage of its own size only, no margin moves it,
    and it fits its container's least size (least_size) there; the container holds no part of
    the vendor table and is not the page itself. Where the container lies is then where the
    flow puts it, which the other rules judge."""
    declared = styles.declared_px(element)
    if value_of(declared, "position") != "absolute" or any(
            side(value_of(declared, f"margin-{where}")) != 0.0 for where in ("left", "right", "top", "bottom")):
        return False
    container = containing_block(element, styles)
    shift = translations(declared)
    size = box_extent(element, styles, NARROWEST)
    if container is None or container in around or tag_of(container) in ("html", "body") or shift is None or size is None:
        return False
    for start, end, dimension, _, axis in AXES:
        room = least_size(container, styles, dimension)
        given = [(name, value) for name in (start, end) if (value := value_of(declared, name)) not in UNSIZED]
        if room is None or not given:
            return False
        name, value = given[0]
        offset, moved = length(value), shift[axis]
        if offset is None or offset[1] not in ("px", "%") or (offset[1] == "%" and not 0 <= offset[0] <= 100):
            return False
        at = offset[0] / 100 * room if offset[1] == "%" else offset[0]
        if name == end:
            at = room - at - size[axis]
        at += moved[0] / 100 * size[axis] if moved[1] == "%" else moved[0]
        if at < 0 or at + size[axis] > room:
            return False
    return True
