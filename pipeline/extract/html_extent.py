"""How much room what a box holds takes, told without laying out the page.

A box of a set height (a site's header), or a float of a set width (a sidebar), may spill
what it holds onto what lies below or beside it, the vendor table among it; a bar fixed
to the window is read only when what it holds fits it (html_style.spills, fixed_band).
This reader lays out no page, so the room is estimated, always on the large side:
- text at a full em a character, each line its line height or its glyphs' height,
  whichever is higher (html_style.text_height);
- an image: its set size (CSS px, or its attributes where its style sets none), and unknown
  without one;
- a text field: a line of its font with the browser's padding and borders; a button: what
  it holds with them;
- a box: its set size where its overflow is clipped, else the larger of that and what it
  holds, at least its min-height, with its padding, borders and margins (a browser's
  margins of a paragraph, a list, a heading, where none is declared);
- what a box holds stacked one box under the other (as a block's children are; inline
  children too, each on a line of its own, with what ::before and ::after add), side by
  side only as the items of a flex row, each on one line while they fit its width (shrunk
  to fit, how they wrap is not told);
- lines as wide as the box's own width, or its container's, down from the smaller desktop
  window, less padding and borders; where a width on the way is not told (a percentage of
  a flex item, a table cell's), nothing is told.
What is placed out of the flow (absolutely, fixed) or not drawn takes no room here: such
a box is judged on its own (html_tables.drawn_over_from_outside).

The estimate is told only of a closed set of elements and declarations (`told`): the
common elements of a site's chrome, and declarations it models (sizes and box edges in px,
display, position, float, overflow, a flex row, font size and line height) or that change
no size (colours, backgrounds, radii, shadows, decorations, alignment). Any other in a box
measured, or a way of setting text inherited into it (letter or word spacing, an indent,
preformatted lines), leaves its room not told, and the box is refused as before: a hunt
found 29 ways for an estimate blind to one of them (a padding in %, a min-height, a run of
<br>, an inline line-height, ::first-line, a flex gap, a grid row) to let a box spill over
a value (tests/test_site_chrome.py).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import NamedTuple

from lxml import etree

from .css_math import length, pixels
from .html_media import WINDOWS
from .html_style import BLOCK_TAGS, CONTENT_AREA, FUNCTION, NOTHING_HELD, Held, Style, border_width, ems, overflow_axes, side, \
    text_height, text_ink_height, value_of
from .html_cascade import UNDECIDED_PSEUDO, pseudo_elements
from .html_styles import Styles
from .text import REPLACED, tag_of

Extent = tuple[float, float]  # px: the widest part that cannot wrap, and the height
NOTHING: Extent = (0.0, 0.0)
SIZED = frozenset({"img", "svg", "video", "canvas", "iframe", "object", "embed"})  # drawn at their set size
FIELDS = frozenset({"input"})
FIELD_EDGES = 6.0  # px: a form field's default borders and padding, top and bottom (2px and 1px each in Chromium)
BUTTON_SIDES = 16.0  # px: a button's default borders and padding, left and right (2px and 6px each)
FIELD_CHARACTERS = 20  # an input's default width in characters (its size attribute)
OUT_OF_FLOW = ("absolute", "fixed")
CLIPPING = frozenset({"hidden", "clip", "auto", "scroll", "overlay"})  # overflow that keeps content inside
NARROWEST = 0.0  # a width to set text in as narrow as it goes: each line its widest word
UNSIZED = frozenset({None, "auto", "none", "initial", "unset"})
ASCII_DIGITS = re.compile(r"[0-9]+")  # a browser reads a size attribute's digits in ASCII only

# --- what the estimate is told of ---------------------------------------------------------------

MEASURED_TAGS = frozenset({"div", "span", "a", "p", "ul", "ol", "li", "nav", "header", "footer", "section", "aside",
                           "main", "article", "form", "label", "strong", "b", "em", "i", "small", "code", "kbd", "abbr",
                           "h1", "h2", "h3", "h4", "h5", "h6", "img", "input", "button"})
TEXT_INPUTS = frozenset({"", "text", "search", "email", "password", "number", "tel", "url"})
# a browser's margins above and below these, in ems of their own font, where no margin is declared
UA_MARGINS = {"p": 1.0, "ul": 1.0, "ol": 1.0, "h1": 0.67, "h2": 0.83, "h3": 1.0, "h4": 1.33, "h5": 1.67, "h6": 2.33}
# declarations that change no box's size, nor the room its text takes
NEUTRAL = ("color", "background", "outline", "box-shadow", "-webkit-box-shadow", "text-decoration", "text-underline",
           "cursor", "transition", "-webkit-transition", "opacity", "visibility", "pointer-events", "user-select",
           "-webkit-user-select", "text-align", "justify-", "align-", "place-",
           "z-index", "fill", "stroke", "-webkit-font-smoothing", "-moz-osx-font-smoothing", "text-rendering",
           "font-family", "font-weight", "font-style", "text-transform", "caret-color", "accent-color",
           "-webkit-tap-highlight-color", "appearance", "-webkit-appearance", "-moz-appearance", "object-position",
           "object-fit", "text-overflow", "word-break", "overflow-wrap", "word-wrap", "hyphens", "-webkit-hyphens",
           "quotes", "order", "flex-grow", "flex-shrink", "clear", "direction", "overflow", "border-collapse")
EDGES = tuple(f"{box}-{where}" for box in ("margin", "padding") for where in ("top", "right", "bottom", "left")) + \
    tuple(f"border-{where}-width" for where in ("top", "right", "bottom", "left"))
LENGTHS = frozenset({"width", "max-width", "min-width", "height", "max-height", "min-height", *EDGES})
ZERO = frozenset({"0", "0px", "normal", "none", "initial", "unset"})
KNOWN_VALUES = {
    "display": frozenset({"block", "inline", "inline-block", "flex", "inline-flex", "none", "list-item"}),
    "position": frozenset({"static", "relative", "absolute", "fixed", "sticky"}),
    "float": frozenset({"none", "left", "right"}),
    "box-sizing": frozenset({"content-box", "border-box"}),
    "flex-direction": frozenset({"row", "column"}), "flex-wrap": frozenset({"nowrap", "wrap"}),
    "flex-basis": frozenset({"auto", "0", "0px", "0%"}),
    "white-space": frozenset({"normal", "nowrap"}), "writing-mode": frozenset({"horizontal-tb"}),
    "text-indent": ZERO, "letter-spacing": ZERO, "word-spacing": ZERO,
    "vertical-align": frozenset({"baseline"}),
    "list-style-image": frozenset({"none"}),
    "list-style-type": frozenset({"none", "disc", "circle", "square", "decimal", "decimal-leading-zero", "lower-alpha",
                                  "upper-alpha", "lower-latin", "upper-latin", "lower-roman", "upper-roman",
                                  "lower-greek", "cjk-decimal", "cjk-ideographic"}),
}
NORMAL_LINE = 3.0  # ems a line of `line-height: normal` is taken to be: a system font's own metrics may make it
# twice the usual 1.2 (a Myanmar font's), which no layout here reads
SIZING_ATTRIBUTES = ("border", "hspace", "vspace")  # an image's presentational hints that add to its size
# Where a box is drawn from its place: judged on its own (html_tables.drawn_over_from_outside: moved,
# placed out of the flow), or, for a box placed inside its container, by placed_inside
PLACING = frozenset({"top", "right", "bottom", "left", "transform", "translate", "rotate", "scale"})
GAPS = frozenset({"gap", "row-gap", "column-gap"})
# inherited: where declared around a box measured, they set its text otherwise than the estimate does
SETTING_TEXT = ("white-space", "letter-spacing", "word-spacing", "text-indent", "writing-mode")


PHYSICAL_BORDER = re.compile(r"border-(top|right|bottom|left)-(color|style)|border(-[a-z]+)*-radius")


def neutral(name: str) -> bool:
    """Changes no size: a physical side's border colour or style (its width is read with it), a
    radius, or a NEUTRAL property (a logical side's border is not read: not neutral)."""
    return name.startswith(NEUTRAL) or name.startswith("--") or bool(PHYSICAL_BORDER.fullmatch(name))


def told_declaration(name: str, value: str | None, display: str) -> bool:
    """Whether the estimate models a declaration (or it changes no size)."""
    if name.startswith(("align-", "justify-", "place-")) and "baseline" in (value or ""):
        return False  # items aligned by their baselines: a row as high as its highest above and below them
    if neutral(name) or name in PLACING or value in (None, "initial", "unset", "inherit"):
        return True
    if name in GAPS:
        return all(word in ZERO or pixels(word) is not None for word in value.split())
    if name == "content":
        return value in ("normal", "none")  # on an element, not its ::before/::after: it replaces what it holds
    if name in ("font-size", "line-height"):  # computed with the element's style, where it is read plainly;
        # an inline box's line height raises its line, which the estimate does not follow
        return (name == "font-size" or display != "inline") and plain_size(value, name)
    if name in LENGTHS:
        return value in UNSIZED or pixels(value) is not None or (name in ("width", "max-width") and (
            (found := length(value)) is not None and found[1] == "%"))
    if name == "flex":
        return all(pixels(word) in (None, 0.0) and (length(word) is None or length(word)[1] in (None, "%"))
                   for word in value.split())
    if name == "vertical-align" and display != "inline":
        return True  # it aligns inline boxes only
    return value in KNOWN_VALUES.get(name, ())


FONT_KEYWORDS = frozenset({"xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large",
                           "smaller", "larger"})
PLAIN_UNITS = frozenset({"px", "em", "rem", "%", "pt"})  # what a font size or line height is read in here
EXPONENT = re.compile(r"\d[eE][+-]?\d")  # 6e2px: a number this reader's lengths do not read


def plain_size(value: str, name: str) -> bool:
    """A font size or line height this reader computes as a browser does: a number (a line
    height's), a length in PLAIN_UNITS, `normal` or a keyword of font size; not calc(), max(),
    exponents, ch, container or viewport units, nor a vendor's keyword."""
    if value in (FONT_KEYWORDS if name == "font-size" else {"normal"}):
        return True
    found = length(value)
    return found is not None and not EXPONENT.search(value) and (
        found[1] in PLAIN_UNITS or (found[1] is None and (name == "line-height" or found[0] == 0)))


def told(element: etree._Element, styles: Styles) -> bool:
    """Whether the estimate is told of what an element is and of each of its declarations."""
    tag = tag_of(element)
    if tag not in MEASURED_TAGS or (tag == "input" and (element.get("type") or "").strip().lower() not in TEXT_INPUTS):
        return False
    if tag == "img" and any(element.get(name) is not None for name in SIZING_ATTRIBUTES):
        return False
    if styles.metrics_overridden and styles.of(element).line_height is None:
        return False  # a line of normal height, in a family whose ascent or descent an @font-face sets
    if element in styles.lines_styled or (element in styles.matched and UNDECIDED_PSEUDO & pseudo_elements(
            element, styles.matched)):
        return False  # ::first-line, ::first-letter, ::marker set its text otherwise
    declared, display = styles.declared_px(element), styles.of(element).display
    written = styles.declared(element, tag) if element in styles.styled else {}  # as written, units and all
    if not all(plain_size(value, name) for name in ("font-size", "line-height")
               if (value := value_of(written, name)) not in (None, "initial", "unset", "inherit")):
        return False
    return all(told_declaration(name, value_of(declared, name), display) for name in declared)


def in_flow(element: etree._Element, styles: Styles):
    """The element and what is inside it that takes room in its flow (taking_room)."""
    yield element
    for child in element:
        if isinstance(child.tag, str) and taking_room(styles.of(child), styles, child):
            yield from in_flow(child, styles)


def stacking_marks(text: str) -> bool:
    """Combining marks (a base letter with dozens above and below it draws far past its line)."""
    return any(unicodedata.category(c) in ("Mn", "Me") for c in text)


def all_told(element: etree._Element, styles: Styles) -> bool:
    """The estimate is told of the box and all it holds in its flow, and nothing around it sets
    its text otherwise (SETTING_TEXT), its text holds no combining marks."""
    if stacking_marks("".join(element.itertext())):
        return False
    if any(value_of(styles.declared_px(above), name) not in (None, *KNOWN_VALUES[name]) for above in
           element.iterancestors() for name in SETTING_TEXT) or not styles.lines_styled.isdisjoint(
            element.iterancestors()):
        return False  # its first line may be set by a ::first-line of a block around it
    return all(told(inner, styles) for inner in in_flow(element, styles))


def content(element: etree._Element, styles: Styles) -> str | None:
    """The text an element holds, in its own line boxes: its text and that of inline elements
    inside it drawn at its font size or smaller (an anchor, a <span>); None where it holds a
    block, a line break, a box of its own, a larger font or what is drawn otherwise than as
    text (its size is then not told)."""
    if not len(element):
        return collapsed(element.text)
    font = styles.of(element).font_px
    for inner in element.iterdescendants():
        tag, style = tag_of(inner), styles.of(inner)
        if tag in BLOCK_TAGS or tag in REPLACED or tag == "br" or style.display != "inline" or style.moved or \
                style.paints_over or style.own_box or style.font_px > font:
            return None
    return collapsed("".join(element.itertext()))


def collapsed(text: str | None) -> str:
    """Text without the white space a browser collapses at its ends (a no-break space, an
    ideographic or em space is drawn: Python's strip() takes them too)."""
    return (text or "").strip(" \t\n\r\f")


# Where a line may break with no space: between ideographs, kana and fullwidth forms (CJK text
# has no spaces), and after a hyphen's or a slash's like. Each such character is a piece of its own.
BREAKS_AROUND = re.compile(r"[ \t\n\r\f\u3000-\u30ff\u4e00-\u9fff\uff01-\uff60]")


def unbreakable(text: str) -> int:
    """The ems (html_style.ems) of the longest piece of text no line may break inside (a word)."""
    return max((ems(piece) for piece in BREAKS_AROUND.split(text)), default=0) or (1 if text.strip() else 0)


def line_of(style: Style) -> float:
    """The height of a line of the element's text, px (NORMAL_LINE ems for `normal`)."""
    if style.line_factor is not None:  # a unitless line height: times this element's own font size
        return style.line_factor * style.font_px
    return style.line_height if style.line_height is not None else NORMAL_LINE * style.font_px


def text_extent(text: str, style: Style, width: float | None, whole: bool = False) -> Extent:
    """(its widest piece, its height) set on lines `width` px wide, never narrower than that
    piece; NARROWEST: on one line, and as wide as that line. `whole`: never broken (nowrap)."""
    if not text:
        return NOTHING
    if width == NARROWEST or whole:
        return ems(text) * style.font_px, text_height(text, style.font_px, line_of(style), float("inf"))
    # its widest piece no line may break (a float narrower than it spills), and its lines as text_height
    # wraps them (a word wider than a line takes one of its own)
    return unbreakable(text) * style.font_px, text_height(text, style.font_px, line_of(style), width)


def unbroken(element: etree._Element, styles: Styles) -> bool:
    """Whether its text is set on one line (white-space: nowrap here or inherited)."""
    for at in (element, *element.iterancestors()):
        value = value_of(styles.declared_px(at), "white-space")
        if value is not None:
            return value == "nowrap"
    return False


def held(element: etree._Element, styles: Styles, width: float | None) -> Extent | None:
    """The room what an element holds takes, set on lines `width` px wide (NARROWEST: as
    narrow as they go); None where a part's size is not told."""
    text = content(element, styles)
    style, whole = styles.of(element), unbroken(element, styles)
    if text is not None and (text or style.display != "list-item") and \
            not any(styles.generated(element, which) for which in ("before", "after")):
        return text_extent(text, style, width, whole)
    declared = styles.declared_px(element)
    row = style.display in ("flex", "inline-flex") and (value_of(declared, "flex-direction") or "row").startswith(
        "row") and value_of(declared, "flex-wrap") in (None, "nowrap")
    strut = max(line_of(style), CONTENT_AREA * style.font_px)  # a line of this element's font and line height
    parts: list[Piece] = [text_piece(collapsed(element.text), style, width, whole)]
    for which in ("before", "after"):
        made = styles.generated(element, which)
        if made is not None:
            if made[1].image or "\n" in made[0]:
                return None  # an image's size is not told, nor where a line of its text breaks
            piece = text_piece(made[0], made[1], width, whole)
            parts.append(Piece(piece.extent) if made[1].block else piece)  # a block box is a line of its own
    if style.display == "list-item":
        parts.append(Piece((0.0, strut)))  # its marker's line, whatever it holds
    for child in element:
        if isinstance(child.tag, str) and taking_room(styles.of(child), styles, child):
            part = box_extent(child, styles, NARROWEST if row else width)
            if part is None:
                return None
            if not row and (styles.of(child).display.startswith("inline") or tag_of(child) in REPLACED):
                # an inline-level box sits on a line of its parent's: below its baseline at most half the
                # line and a quarter em of descent, the line at least the line's height
                on_line = lambda extent: (extent[0], max(extent[1] + strut / 2 + style.font_px / 4, strut))  # noqa: E731
                one = box_extent(child, styles, NARROWEST)
                part = Piece(on_line(part), on_line(one) if one is not None else None)
            else:
                part = Piece(part)
            parts.append(part)
        parts.append(text_piece(collapsed(child.tail), style, width, whole))
    items = sum(1 for child in element if isinstance(child.tag, str) and taking_room(styles.of(child), styles, child)) + \
        sum(1 for text in (element.text, *(child.tail for child in element)) if collapsed(text))
    between = gaps(declared, style.display, items)  # each item a flex item, a run of text an anonymous one
    if row:  # a flex row's items side by side, each on one line while they fit; shrunk, they wrap as not told
        wide = sum(p.extent[0] for p in parts) + between[1]
        return (wide, max(p.extent[1] for p in parts)) if width is None or width == NARROWEST or wide <= width else None
    stacked = [*lines_shared(parts, width)]
    return max(w for w, _ in stacked), sum(h for _, h in stacked) + between[0]


class Piece(NamedTuple):
    """What a box holds, piece by piece: its extent set on the box's lines, and, for an
    inline-level piece (a run of text, an inline box), its extent on one line of its own."""
    extent: Extent
    one_line: Extent | None = None


def text_piece(text: str, style: Style, width: float | None, whole: bool) -> Piece:
    return Piece(text_extent(text, style, width, whole), text_extent(text, style, NARROWEST) if text else NOTHING)


def lines_shared(parts: list[Piece], width: float | None) -> Iterator[Extent]:
    """The pieces set down the box: a run of inline-level pieces whose one-line widths add up to
    no more than the lines' `width` shares one line (a cookie bar's sentence, link and button:
    as high as the highest); any other run, and a block, is taken piece under piece (on the
    large side)."""
    run: list[Piece] = []
    for part in [*parts, None]:
        if part is not None and part.one_line is not None:
            run.append(part)
            continue
        if run:
            wide = sum(p.one_line[0] for p in run)
            if width is not None and width != NARROWEST and wide <= width:
                yield wide, max(p.one_line[1] for p in run)
            else:
                yield from (p.extent for p in run)
            run = []
        if part is not None:
            yield part.extent


def gaps(declared, display: str, items: int) -> tuple[float, float]:
    """The room a flex container's gaps take between its items, (down, across), px."""
    if display not in ("flex", "inline-flex") or items < 2:
        return 0.0, 0.0
    both = (value_of(declared, "gap") or "0").split()
    down = pixels(value_of(declared, "row-gap") or both[0]) or 0.0
    across = pixels(value_of(declared, "column-gap") or both[-1]) or 0.0
    return down * (items - 1), across * (items - 1)


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


def line_width(element: etree._Element, styles: Styles, window: float = WINDOWS[0]["width"]) -> float | None:
    """How wide the lines of what a box holds may be, px, down from the smaller desktop window
    (`window` px of it) through the widths set on the way (percentages of the one above), less
    padding and borders; None where a width on the way is not told (an item of a flex or grid
    container, a table cell, a width not in px or %)."""
    width = window
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
        if value_of(declared, "column-count") not in (None, "auto", "initial", "unset") or \
                value_of(declared, "columns") not in (None, "auto", "initial", "unset") or \
                value_of(declared, "column-width") not in (None, "auto", "initial", "unset"):
            return None  # its lines as wide as a column: not told
        edges = edges_across(declared, width)
        if edges is None:
            return None
        width = (own if own is not None else width) - edges
    return max(width, 0.0)


def edges_across(declared, base: float) -> float | None:
    """A box's margins (those that push), padding and border widths on the left and right, px,
    a percentage of `base` (its containing block's width); None for a value not told here."""
    total = 0.0
    for where in ("left", "right"):
        for name in (f"margin-{where}", f"padding-{where}"):
            px = edge_px(value_of(declared, name), base)
            if px is None:
                return None
            total += max(px, 0.0)
        total += border_width(declared, where)
    return total


def edge_px(value: str | None, base: float) -> float | None:
    """A margin or a padding in px (a percentage of `base`, its containing block's width), 0 where
    none is set; None for a value not told here."""
    if value in (None, "auto", "0", "initial", "unset", "inherit", "revert"):
        return 0.0
    found = length(value)
    return found[0] / 100 * base if found is not None and found[1] == "%" else pixels(value)


def style_draws_nothing(element: etree._Element, styles: Styles) -> bool:
    """An element with nothing in it that draws no line either: no ::before or ::after, and not
    a list item (its marker makes a line)."""
    return styles.of(element).display != "list-item" and \
        not any(styles.generated(element, which) for which in ("before", "after"))


PAINTING = ("background", "border", "outline", "box-shadow", "text-shadow", "text-decoration", "text-stroke",
            "text-fill-color", "text-emphasis", "box-reflect", "mask")  # (with or without -webkit-)


# where a background is painted, not whether: nothing of its own (the shorthand sets them all)
PLACING_PAINT = frozenset({"background-clip", "background-origin", "background-position", "background-position-x",
                           "background-position-y", "background-size", "background-repeat", "background-attachment",
                           "background-blend-mode"})
NO_PAINT = frozenset({"none", "0", "0px", "transparent", "initial", "unset"})  # a painting declaration's "nothing"


def paints_nothing(element: etree._Element, styles: Styles) -> bool:
    """An element holding white space alone, in elements inside it that paint nothing of their
    own (no background, border, outline, shadow or decoration declared, or each declared as
    nothing: Google Docs' empty `<span class=c1>` says `text-decoration: none`; none replaced),
    and no line of its own drawn (style_draws_nothing)."""
    inside = [e for e in element.iterdescendants() if isinstance(e.tag, str)]
    return not "".join(element.itertext()).strip() and style_draws_nothing(element, styles) and all(
        tag_of(e) not in REPLACED and style_draws_nothing(e, styles) and not paints(styles.declared_px(e))
        for e in inside)


def paints(declared) -> bool:
    """Do the declarations paint something of the box's own (a background, border, outline,
    shadow or decoration declared as anything but nothing)?"""
    return any((bare := name.removeprefix("-webkit-")).startswith(PAINTING) and bare not in PLACING_PAINT and
               value_of(declared, name) not in NO_PAINT for name in declared)


def extent(element: etree._Element, styles: Styles) -> Held | None:
    """The room what a box holds takes at its own width (html_style.spills, fixed_band); None
    where the estimate is not told of all it holds (all_told)."""
    if tag_of(element) in SIZED or (tag_of(element) in FIELDS and not len(element)):
        return NOTHING_HELD  # drawn within its box: an image scaled to it, a field's value clipped to it
    if paints_nothing(element, styles):
        return NOTHING_HELD  # nothing, or white space alone: what spills paints nothing (inside a box, such
        # a line still takes room: collapsed())
    width = line_width(element, styles)
    if width is None or not all_told(element, styles):
        return None
    found = held(element, styles, width)
    text, style = content(element, styles), styles.of(element)
    if found is not None and text and not unbroken(element, styles) and \
            not any(styles.generated(element, which) for which in ("before", "after")):
        found = found[0], text_ink_height(text, style.font_px, line_of(style), width)  # text alone
    return None if found is None else Held(*found, width)


def taking_room(style: Style, styles: Styles, element: etree._Element) -> bool:
    """Laid out in its parent's flow: drawn, and not placed out of it."""
    return style.display != "none" and value_of(styles.declared_px(element), "position") not in OUT_OF_FLOW


def around(declared, sides: tuple[str, str], ua_margin: float = 0.0) -> float:
    """A box's margins (those that push, not pull; `ua_margin` where none is declared), padding
    and border widths on two sides, px."""
    total = 0.0
    for where in sides:
        margin = value_of(declared, f"margin-{where}")
        total += (ua_margin if margin is None else max(side(margin), 0.0)) + max(side(value_of(declared, f"padding-{where}")), 0.0)
        total += border_width(declared, where)
    return total


def image_size(declared, element: etree._Element) -> Extent | None:
    """An image's size, px: each way as its style sets it in px, or else as its attribute does
    where its style sets nothing (`height: auto` draws it at the file's own height, a min- or
    max- size bends either); None where not told."""
    if any(value_of(declared, name) not in UNSIZED for name in ("min-width", "min-height", "max-width", "max-height")):
        return None
    size = []
    for name in ("width", "height"):
        value, given = value_of(declared, name), (element.get(name) or "").strip()
        size.append(pixels(value) if value is not None else float(given) if ASCII_DIGITS.fullmatch(given) else None)
    return None if None in size else (size[0], size[1])


def margins(declared, sides: tuple[str, str], ua_margin: float = 0.0) -> float:
    """A box's margins on two sides that push (not pull), px; `ua_margin` where none is declared."""
    return sum(ua_margin if (margin := value_of(declared, f"margin-{where}")) is None else max(side(margin), 0.0)
               for where in sides)


def edges(declared, sides: tuple[str, str], field: bool) -> float:
    """A box's padding and borders on two sides, px; a form field's or button's a browser's
    (1px padding, 2px border) on a side where neither is declared."""
    total = around(declared, sides) - margins(declared, sides)
    if field:
        total += sum(FIELD_EDGES / 2 for where in sides if value_of(declared, f"padding-{where}") is None
                     and value_of(declared, f"border-{where}-style") is None)
    return total


def box_extent(element: etree._Element, styles: Styles, width: float | None) -> Extent | None:
    """The room a child box takes in its parent's flow, with its margins, padding and borders
    (a browser's margins, or a field's edges, where none are declared), its lines at most
    `width` px wide. A set size holds the padding and borders with `box-sizing: border-box`."""
    declared, tag, style = styles.declared_px(element), tag_of(element), styles.of(element)
    field = tag in FIELDS or tag == "button"
    outside = (margins(declared, ("left", "right")),
               margins(declared, ("top", "bottom"), UA_MARGINS.get(tag, 0.0) * style.font_px))
    inside = (edges(declared, ("left", "right"), field) + (BUTTON_SIDES - FIELD_EDGES if tag == "button" else 0.0),
              edges(declared, ("top", "bottom"), field))
    if tag in SIZED:
        size = image_size(declared, element)
        return None if size is None else (size[0] + inside[0] + outside[0], size[1] + inside[1] + outside[1])
    wide = set_width(declared, width)
    high = pixels(value_of(declared, "height") or "")
    least_wide, least_high = (pixels(value_of(declared, name) or "0") for name in ("min-width", "min-height"))
    if wide is False or (value_of(declared, "height") not in UNSIZED and high is None) or None in (least_wide, least_high):
        return None
    border_box = value_of(declared, "box-sizing") == "border-box"  # a set size holds the padding and borders
    if tag in FIELDS and not len(element):
        size = element.get("size", "")
        inner = ((int(size) if ASCII_DIGITS.fullmatch(size) else FIELD_CHARACTERS) * style.font_px,
                 max(CONTENT_AREA * style.font_px, line_of(style)))
    else:
        lines = (wide - (inside[0] if border_box else 0.0)) if wide is not None else \
            (width - inside[0] - outside[0] if width else width)
        inner = held(element, styles, max(lines, 0.0) if lines else lines)
        if inner is None:
            return None
    clips = [axis in CLIPPING for axis in overflow_axes(declared)]
    out = []
    for axis, (own, least) in enumerate(((wide, least_wide), (high, least_high))):
        drawn = inner[axis] + inside[axis]  # what it holds, with its edges
        if own is not None:
            own += 0.0 if border_box else inside[axis]
            drawn = own if clips[axis] else max(own, drawn)  # overflow clipped, or painted past the set size
        out.append(max(drawn, least + (0.0 if border_box else inside[axis])) + outside[axis])
    return out[0], out[1]


# --- a box placed absolutely inside its container ----------------------------------------------

# What makes an element the containing block of the absolutely placed boxes inside it, besides a position
CONTAINING = ("transform", "translate", "rotate", "scale", "filter", "perspective", "contain", "will-change",
              "container-type", "backdrop-filter")
AXES = (("left", "right", "width", 0), ("top", "bottom", "height", 1))  # offsets, size, index in translations()


def containing_block(element: etree._Element, styles: Styles) -> etree._Element | None:
    """The ancestor an absolutely placed box is placed in: the nearest positioned one, or one a
    transform, filter or containment makes its containing block."""
    for ancestor in element.iterancestors():
        declared = styles.declared_px(ancestor)
        if value_of(declared, "position") not in (None, "static") or any(
                value_of(declared, name) not in UNSIZED for name in CONTAINING):
            return ancestor
    return None


def capped(declared, name: str) -> float | None:
    """A box's set width or height in px, no more than its max- size; None where either is not
    set in px (or the max- size is set otherwise)."""
    found, cap = pixels(value_of(declared, name) or ""), value_of(declared, f"max-{name}")
    if found is None or (cap not in UNSIZED and pixels(cap) is None):
        return None
    return found if cap in UNSIZED else min(found, pixels(cap))


def least_size(element: etree._Element, styles: Styles, name: str) -> float | None:
    """At least how wide or high a container's padding box is, px: its set size (capped by its
    max- size) less its borders, or else the largest such size of a block-level box in its flow
    (what it holds makes it that large); a size set on an inline box does not apply to it."""
    declared = styles.declared_px(element)
    found = capped(declared, name) if sized_by_style(element, styles) else None
    if found is not None:
        sides = ("left", "right") if name == "width" else ("top", "bottom")
        return found - sum(border_width(declared, where) for where in sides)
    sizes = [capped(styles.declared_px(child), name) for child in element
             if isinstance(child.tag, str) and taking_room(styles.of(child), styles, child) and sized_by_style(child, styles)]
    return max((size for size in sizes if size is not None), default=None)


def sized_by_style(element: etree._Element, styles: Styles) -> bool:
    """Whether width and height apply to the box: not a plain inline box (a replaced one's do)."""
    return styles.of(element).display != "inline" or tag_of(element) in REPLACED


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
    size = box_extent(element, styles, NARROWEST) if all_told(element, styles) else None
    if container is None or container in around or tag_of(container) in ("html", "body") or shift is None or size is None:
        return False
    for start, end, dimension, axis in AXES:
        room = least_size(container, styles, dimension)
        given = [(name, value) for name in (start, end) if (value := value_of(declared, name)) not in UNSIZED]
        if room is None or not given:
            return False
        name, value = given[0]
        offset, moved = (0.0, "px") if value.strip() == "0" else length(value), shift[axis]
        if offset is None or offset[1] not in ("px", "%") or (offset[1] == "%" and not 0 <= offset[0] <= 100):
            return False
        at = offset[0] / 100 * room if offset[1] == "%" else offset[0]
        if name == end:
            at = room - at - size[axis]
        at += moved[0] / 100 * size[axis] if moved[1] == "%" else moved[0]
        if at < 0 or at + size[axis] > room:
            return False
    return True
