"""What the cascade (html_cascade.py) means for a reader of an element's text: one function per
computed value, each from the element's winning declarations and its parent's computed style.

- removed (display:none, the `hidden` attribute): not laid out at all; a removed cell leaves its row;
- hidden (visibility hidden or collapse, inherited, undone by `visibility:visible` inside);
- on lines of its own (a block, a table part, a list item, flex or grid): line breaks around it;
- a box of its own beside its neighbours (inline-block, float, positioned, a flex or grid item,
  or a horizontal margin, padding or border): a separate word, never glued to the next;
- set apart as a mark (vertical-align super/sub, a line-through): in brackets;
- out of sight though laid out (`unseen`): font-size 0, opacity 0, a colour without contrast
  against the nearest background colour (transparent, white on white), text moved off-screen
  (text-indent, position, clip, a clip-path shape, the visually-hidden pattern), glyphs piled on
  one another (a negative letter-spacing or word-spacing); set apart in brackets too, so a cell
  holding it is an error, never a number a reader does not see. A value this reader cannot
  evaluate exactly in a property that decides this (`calc(1em - 16px)`, round(), a polygon) is
  taken as out of sight, never ignored (math functions of plain lengths are evaluated, css_math.py);
  also text a box clips away (lower or narrower than a line, its overflow hidden; size containment;
  content-visibility hidden), on a background it cannot tell the colour of (an image, color-mix():
  css_colour.py computes the rest), or through a filter, blend mode or mask that leaves it unreadable
  (colour filters are applied to the text and its background: css_filters.py);
- where a cell's text starts and ends (`edges`): margins, padding and text-indent added up from the
  cell's content edge, for html_tables.py to refuse text drawn past the cell or over its neighbour;
  and (`cut`) what may cut lines or rows off where a reader cannot scroll to them: a box of a
  definite height that clips its overflow, a window that does not scroll, a fixed box;
- text added by ::before and ::after (`content`: strings and attr(); counters are an error);
- drawn in another place than its own (`moved`, `shifted`, `flipped`, `direction`, `writing_mode`):
  floated, positioned with offsets, transformed, mirrored or turned, right to left or vertical; the
  table's reader (html_tables.py) refuses such a box in the vendor table, where it draws cells out of
  the grid's order.

CSS only ever adds separations: an HTML block element keeps its line break whatever its display
says (`<p>8</p><p>16*Ascend</p>` stays two lines, an error, rather than 816).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import tinycss2
from webencodings import ascii_lower
from lxml import etree

from ..errors import Place, Problem, SourceError
from .css_colour import ASCII_WHITESPACE, DARK_CANVAS, DARK_TEXT, UNCOMPUTED, rgba
from .css_values import (CSS_WIDE, FIGURE_PROPERTIES, asks_small_figures, display_type, fits_syntax, scheme_is_dark,
                         valid_value)
from .css_substitute import UNRESOLVED, Invalid, Unresolved, after_first_comma, attr, resolved, words
from .css_paint import (BORDER_IMAGES, DECORATION_FLOOR, HAIRLINE, LINE_WIDTHS, MARGINS, OUTLINE, TEXT_SHADOW_FLOOR,
                        background_painted, decoration_colours, inset_shadow_colours, inset_shadows, outer_shadow_reach,
                        outline_inward, paints_over_neighbours)
from .css_gradients import (BAND_CONTRAST, GRADIENT, filled_border_image, gradient_colours, gradient_paint,
                            inset_shadow_shapes)
from .css_filters import NO_EFFECT, colour_filters, contrast, least_contrast, over, tinted
from .css_math import (MATH_FUNCTIONS, UNDECIDED, VIEWPORT, Measure, evaluated, has_function, in_pixels, is_zero, length, pixels,
                       positive_floor, split_commas, unit_px)
from .bidi import first_strong
from .html_media import WINDOWS
from .css_colour import QUIRKY_COLOURS, hashless
from .html_cascade import (UA_BY_TAG, UNSETTLED, Declaration, Unsettled, calls, expanded, family_names,
                           shorthand_longhands, substituted,
                           uses_var)
from .sign_fonts import of_signs

WINDOW = 1000.0  # px: text moved this far from its place is off any desktop screen
FONT_FLOOR = 6.0  # px: smaller text is a speck a reader does not read (checked in Chromium at 4px and 5px)
CONTRAST_FLOOR = 1.25  # WCAG contrast ratio below which text does not stand out from its background
BLOCK_TAGS = frozenset({
    "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
    "table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th", "section", "article", "address", "aside",
    "center", "details", "summary", "dialog", "dir", "fieldset", "legend", "figure", "figcaption", "footer",
    "header", "hgroup", "hr", "listing", "main", "menu", "nav", "plaintext", "search", "xmp", "form",
    "option", "optgroup"})
# Content that is not part of the word beside it whatever the style: a footnote mark, a
# subscript, a struck-out old value, an edit's insertion or deletion, a ruby annotation (drawn
# above its base).
SEPARATE_TAGS = frozenset({"sup", "sub", "s", "strike", "del", "ins", "rt"})
OWN_BOX = frozenset({"inline-block", "inline-flex", "inline-grid", "inline-table", "inline flow-root list-item",
                     "-webkit-inline-box"})
ITEMS_OF = frozenset({"flex", "grid", "inline-flex", "inline-grid"})
# Elements `display: contents` removes (CSS Display 3, appendix B; checked in Chromium): replaced
# elements and form controls have no children to show in their place; a <button> keeps it.
CONTENTS_IS_NONE = frozenset({"img", "input", "select", "textarea", "object", "svg", "math", "embed", "iframe",
                              "canvas", "video", "audio", "progress", "meter", "br", "wbr", "frame", "frameset"})
# Inline-level displays (css_values.display_type's names) that do not start with "inline"
INLINE_LEVEL = frozenset({"contents", "ruby", "none", "-webkit-inline-box"})
# Properties whose value decides whether a reader sees text: one with a function is evaluated
# exactly (calc(0px) -> 0px), or is UNDECIDED, which each reads as out of sight.
DECIDING = frozenset({"font-size", "opacity", "filter", "text-indent", "left", "right", "top", "bottom",
                      "margin-left", "margin-right", "margin-top", "margin-bottom", "width", "height", "max-width",
                      "max-height", "line-height", "clip", "clip-path", "letter-spacing", "word-spacing",
                      "backdrop-filter"})
# Properties where a positive lower bound decides (a size not zero, a spacing not negative, a margin not pulling)
SIGN_DECIDES = frozenset({"font-size", "opacity", "letter-spacing", "word-spacing", "width", "height", "max-width",
                          "max-height", "line-height", "margin-left", "margin-right", "margin-top", "margin-bottom"})
# clip-path values that clip nothing of the text: none, or a box's own edges
CLIPS_NOTHING = frozenset({"none", "initial", "unset", "revert", "inherit", "margin-box", "border-box", "padding-box",
                           "content-box", "fill-box", "stroke-box", "view-box"})
WHITE, BLACK = (1.0, 1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 1.0)
# A text colour this reader cannot compute (color-mix(), a relative colour, calc() in rgb()):
# taken as no ink, so the text is out of sight rather than read in a colour it may not have.
UNKNOWN_INK = (0.0, 0.0, 0.0, 0.0)


def far(value: str) -> bool:
    """A length that takes text off any desktop screen (-9999px, 100vw, 200%)."""
    found = length(value)
    if found is None:
        return False
    if found[1] == "%":
        return abs(found[0]) >= 100
    px = pixels(value)
    return px is None or abs(px) >= WINDOW  # a unit not resolved (in_pixels): not shown to be near


@dataclass(frozen=True, slots=True)
class Style:
    """An element's computed style, as far as it decides what a reader sees of its text."""
    display: str = "inline"
    visibility: str = "visible"
    font_zero: bool = False
    font_px: float = 16.0  # the font size (inherited), times the zoom of the element and its ancestors
    zoom: float = 1.0  # the zoom of the element and its ancestors
    root_px: float = 16.0  # the root element's font size (rem), inherited from it
    root_lh: float | None = None  # the root element's line height, px (rlh; None: normal), inherited from it
    marker: str = "disc"  # list-style-type (inherited): what a list item's marker draws
    marker_image: bool = False  # list-style-image (inherited) is an image: a list item's marker draws it
    image: str = ""  # the declaration of an image the box paints itself (its background, its border image)
    color: tuple = BLACK
    fill: tuple | None = None  # -webkit-text-fill-color where set (it paints the glyphs instead of color)
    background: tuple = WHITE  # the nearest background colour below the text (the canvas is white)
    backdrops: tuple = ()  # other colours the text may lie on (a gradient's, inherited)
    backdrop_unknown: bool = False  # behind the text, something this reader cannot tell the colour of
    below: tuple = ()  # the colours under the nearest background an ancestor (or it) paints: where that one ends
    below_unknown: bool = False  # under that background, something this reader cannot tell the colour of
    own_paint: bool = False  # it paints a background of its own (the colours under it are `below`)
    loose: bool = False  # its content may lie outside the nearest background under it (html_style.loose)
    sizing: bool = False  # it or a box around it sets the width of what it holds (html_style.sizing)
    glyph_paint: tuple = ()  # a background clipped to the text (inherited): colours painted in the glyphs
    glyph_unknown: bool = False  # of those, one this reader cannot tell (an image)
    tints: tuple = ()  # the colour filters of the element and its ancestors, innermost first
    painted_inside: bool = False  # an opaque background painted inside the filtered box, under the text
    veiled: bool = False  # blurred, blended, masked or its glyphs replaced, here or on an ancestor
    dark: bool = False  # drawn in the dark colour scheme (light-dark() picks its second colour), inherited
    page_dark: bool = False  # the page's <meta name=color-scheme> is dark (`color-scheme: normal`'s scheme), inherited
    canvas: bool = False  # the style the root element is computed against (ROOT, DARK_ROOT), not inherited
    faded: bool = False  # opacity 0 here or on an ancestor
    off_screen: bool = False  # moved off the screen here or with an ancestor
    clipped: bool = False  # inside a box too small to show a line of it, its overflow hidden
    cut: str = ""  # the declarations of a box around it of a fixed height, its overflow hidden
    base: tuple | None = tuple(w["height"] for w in WINDOWS)  # what a child's percentage height resolves
    # against, px in each desktop window (the window itself at the root); None where it is not definite
    quirks: bool = False  # the page is drawn in quirks mode (inherited from the root)
    passes_overflow: bool = False  # the root, its overflow visible: <body>'s is the window's (CSS Overflow 3)
    line_height: float | None = None  # px, inherited; None for normal
    line_factor: float | None = None  # a unitless line-height, inherited as the number
    underline_offset: str | None = None  # text-underline-offset, inherited (px as measured)
    indent_off: bool = False  # text-indent (inherited) takes the text off the screen
    indent: float = 0.0  # the text-indent, px (inherited)
    inset: float = 0.0  # px from the nearest cell's content edge to this box's, left (margins and padding)
    inset_end: float = 0.0  # the same on the right
    inset_top: float = 0.0  # the same above, for boxes whose vertical margins apply (not a plain inline box)
    inset_bottom: float = 0.0  # the same below
    own_start: float = 0.0  # the element's own margin and padding on the left (an inline box's overlap)
    own_end: float = 0.0
    edge: str = ""  # the declaration of a negative margin or indent here or around it, in its cell
    padding: tuple = (None, None, None, None)  # a cell's padding, left, right, top and bottom (px), where declared
    letters_piled: bool = False  # a negative letter-spacing (inherited): glyphs drawn over one another
    words_piled: bool = False  # a negative word-spacing (inherited): words drawn over one another
    own_box: bool = False  # a box of its own beside its neighbours: a separate word
    mark: bool = False  # a footnote mark or a struck value: set apart in brackets
    figures: tuple = (False, False, False)  # small figures asked for, by each of FIGURE_LONGHANDS (inherited)
    vertical_align: str = "baseline"  # its own (not inherited), as declared: `inherit` is its parent's
    items: bool = False  # a flex or grid container: each child is a box of its own
    direction: str = "ltr"  # inherited; `dir` or `direction` (rtl mirrors a table's columns)
    writing_mode: str = "horizontal-tb"  # inherited (vertical turns a table's rows into columns)
    moved: str = ""  # the declaration drawing this box off its place: float, out of flow, offsets, a transform
    shifted: str = ""  # of those, one that moves its content too: offsets or a transform
    flipped: str = ""  # a transform here or on an ancestor that mirrors, turns or skews what it draws
    unmodelled: str = ""  # a declaration here or on an ancestor that may change what its text shows, not modelled
    paints_over: str = ""  # the declaration of its paint over the text beside the box or past its line (not
    # inherited): an outline; an inline box's or a layer's shadow, outset border image, background under a
    # negative margin; an inline box's vertical padding, borders or font past its line; a moved underline
    stuck: str = ""  # a sticky box's offset: stays at the window's edge over what scrolls under it
    nudged: str = ""  # a sticky box's offset inward from an edge: may hold it away from its place at rest
    spill: str = ""  # a set height (or a float's set width) its content may spill out of, its overflow visible
    layer: bool = False  # painted after the table's in-flow text: a layer made here or by an ancestor in the table
    in_cell: bool = False  # inside a table cell (a table nested there is no table of the page's own)
    edge_font: float = 0.0  # the font of the inline box around it painting a top or bottom edge (px; 0: none)
    shapes: int = 0  # shapes painted under its text by it and the boxes around it (css_gradients), inherited
    narrowed: str = ""  # a width set around it inside its cell, or its table's fixed layout: it is no wider
    custom: dict = field(default_factory=dict, compare=False)  # custom properties (inherited), for var()
    registered: dict = field(default_factory=dict, compare=False)  # the page's @property (name -> Registration)
    # derived from the above when the style is made (__post_init__), read for every piece of text
    removed: bool = field(init=False)  # display:none: not laid out at all
    shown: bool = field(init=False)  # visibility visible
    block: bool = field(init=False)  # on lines of its own
    unseen: bool = field(init=False)  # laid out, but out of sight

    def __post_init__(self) -> None:
        # set once here rather than by a second, replaced copy: a style is made for every element
        # that is not its parent's defaults, and a frozen dataclass sets its fields this way
        derive = object.__setattr__
        derive(self, "removed", self.display == "none")
        derive(self, "shown", self.visibility == "visible")
        derive(self, "block", not (self.display.startswith("inline") or self.display in INLINE_LEVEL))
        derive(self, "unseen", out_of_sight(self))


def out_of_sight(style: Style) -> bool:
    """Laid out, but a reader does not see the text: too small, faded, moved or clipped away,
    piled, veiled, or without contrast against what is behind it."""
    if (style.font_zero or style.font_px < FONT_FLOOR or style.faded or style.off_screen or style.clipped
            or style.indent_off or style.letters_piled or style.words_piled or style.veiled or style.backdrop_unknown):
        return True
    ink = style.fill if style.fill is not None else style.color
    if style.glyph_paint and ink[3] < 1:  # the glyphs show the background clipped to them through the fill
        if style.glyph_unknown:
            return True
        return any(ink_unseen(over(ink, paint), style) for paint in style.glyph_paint)
    return ink_unseen(ink, style)


def ink_unseen(ink: tuple, style: Style) -> bool:
    """Glyphs of that colour without contrast against what is behind them."""
    return ink[3] == 0 or (contrast(ink, style.background) < CONTRAST_FLOOR if not (style.tints or style.backdrops)
                           else any(least_contrast(ink, b, style.tints, style.painted_inside) < CONTRAST_FLOOR
                                    for b in (style.background, *style.backdrops)))


ROOT = Style(display="block", canvas=True)
DARK_ROOT = Style(display="block", color=DARK_TEXT, background=DARK_CANVAS, dark=True, canvas=True)


# --- one function per computed value (declared: the winning declarations; parent: its style) ---

def value_of(declared: dict[str, Declaration], name: str) -> str | None:
    d = declared.get(name)
    return d.value.removesuffix("!important").strip(ASCII_WHITESPACE) if d is not None else None


def display(declared, parent: Style) -> str:
    value = value_of(declared, "display")
    if value in (None, "initial", "unset", "revert"):
        return "inline"
    if value == "inherit":
        return parent.display
    return display_type(value.split()) or "inline"  # the value was checked valid when declared


def visibility(declared, parent: Style) -> str:
    value = value_of(declared, "visibility")
    if value == "initial":  # an inherited property's initial value is its own, not the parent's (`all: initial`)
        return "visible"
    return value if value in ("visible", "hidden", "collapse") else parent.visibility


def font_zero(declared, parent: Style) -> bool:
    """font-size 0, inherited; a relative size of a zero size stays zero; an absolute one undoes it.
    A size or a zoom a math function computes (`zoom: exp(-10)`) is not told: taken as zero."""
    zoom = value_of(declared, "zoom")
    if zoom is not None and (zoom == UNDECIDED or MATH_CALL.search(zoom)):
        return True
    value = value_of(declared, "font-size")
    if value is None or value == "inherit":
        return parent.font_zero
    if value == UNDECIDED:
        return True
    found = length(value)
    if found is not None:
        return found[0] == 0 or (parent.font_zero and found[1] in ("em", "%", "ex", "ch"))
    return parent.font_zero and value in ("smaller", "larger")


MATH_CALL = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(MATH_FUNCTIONS)) + r")\(", re.I)  # a math function in a value

FONT_KEYWORDS = {"xx-small": 9.0, "x-small": 10.0, "small": 13.0, "medium": 16.0, "large": 18.0, "x-large": 24.0,
                 "xx-large": 32.0, "xxx-large": 48.0}
FONT_RELATIVE = {"em": 1.0, "%": 0.01, "ex": 0.5, "ch": 0.5, "cap": 0.7, "ic": 1.0, "lh": 1.2}


def font_px(declared, parent: Style) -> tuple[float, float]:
    """(the font size in px times the zoom, the zoom), both inherited: em and % of the parent's
    size, rem and keywords of the default 16px, every size times the zoom of the element and
    its ancestors (a zoom of 0 is taken as 1, as Chromium takes it)."""
    zoom = parent.zoom
    written = value_of(declared, "zoom")
    if written not in (None, "normal", "reset", "initial", "unset", "inherit", "revert", UNDECIDED):
        found = length(written)
        if found is not None and found[1] in (None, "%") and found[0] > 0:
            zoom *= found[0] / 100 if found[1] == "%" else found[0]
    zoom *= drawn_scale(value_of(declared, "transform"), value_of(declared, "scale"))  # text drawn smaller
    size = parent.font_px / parent.zoom  # the parent's size before zooming
    value = value_of(declared, "font-size")
    if value is not None and value not in ("inherit", "unset", UNDECIDED):
        found = length(value)
        if value in FONT_KEYWORDS or value in ("initial", "revert"):
            size = FONT_KEYWORDS.get(value, 16.0)
        elif value in ("smaller", "larger"):
            size = size / 1.2 if value == "smaller" else size * 1.2
        elif found is not None and found[1] in FONT_RELATIVE:
            size *= found[0] * FONT_RELATIVE[found[1]]
        elif found is not None and found[1] == "rem":
            size = found[0] * 16.0
        elif found is not None and (px := pixels(value)) is not None:
            size = px
    return size * zoom, zoom


SIZING = frozenset({"font-size", "zoom", "transform", "scale"})


def sizes(declared, parent: Style) -> dict:
    root = parent.canvas  # the root element: its font size is the rem of the page
    if declared.keys().isdisjoint(SIZING):
        return dict(font_px=parent.font_px, zoom=parent.zoom, root_px=parent.font_px if root else parent.root_px)
    size, zoom = font_px(declared, parent)
    return dict(font_px=size, zoom=zoom, root_px=size / zoom if root else parent.root_px)


def ink_of(value: str | None, current: tuple, dark: bool) -> tuple | None:
    """A colour for text: None if the value is none (the declaration is dropped); a colour this
    reader cannot compute (color-mix(), a relative colour) as no ink."""
    if not value:
        return None
    found = rgba(value, current, dark)
    return UNKNOWN_INK if found == UNCOMPUTED or (found is None and has_function(value)) else found


def color(declared, parent: Style, element) -> tuple:
    value = value_of(declared, "color")  # <font color>, <body text>: presentational hints (html_cascade.py)
    if value == "initial":  # CanvasText in the element's scheme, not the parent's colour (hunt 112)
        return DARK_TEXT if parent.dark else BLACK
    return ink_of(value, parent.color, parent.dark) or parent.color


def fill(declared, parent: Style, colour: tuple) -> tuple:
    """The colour the glyphs are filled with: -webkit-text-fill-color (inherited) where set,
    else the colour (`-webkit-text-fill-color: transparent` hides text whatever its colour)."""
    value = value_of(declared, "-webkit-text-fill-color")
    if value is None or value == "inherit":
        return parent.fill if parent.fill is not None else None
    if value in ("currentcolor", "initial", "unset"):
        return None
    return ink_of(value, colour, parent.dark)


PAINTING = frozenset({"background-color", "background-image", "backdrop-filter", "box-shadow", "background-clip",
                      "border-image", "-webkit-border-image", "border-image-source", "border-image-slice"})


def backgrounds(declared, parent: Style, element, colour: tuple, shown_as: str) -> tuple[tuple, tuple, bool, bool, int]:
    """What the text lies on: the nearest background colour (the element's over its parent's,
    `currentcolor` its own colour), the other colours of a gradient painted over it, and whether
    something is painted there this reader cannot tell the colour of (an image, a colour it
    cannot compute, a backdrop-filter it does not work out): an opaque colour of its own covers
    what its ancestors painted (the last answer: whether it paints one). A box of
    `display: contents` is no box and paints nothing."""
    if declared.keys().isdisjoint(PAINTING) or shown_as == "contents":  # bgcolor: a presentational hint (html_cascade)
        return parent.background, parent.backdrops, parent.backdrop_unknown, False, parent.shapes
    value = value_of(declared, "background-color")
    found = rgba(value, colour, parent.dark) if value else None
    base, backdrops, unknown, opaque = parent.background, parent.backdrops, parent.backdrop_unknown, False
    behind = value_of(declared, "backdrop-filter")
    if behind not in (None, "none", "initial", "unset", "inherit", "revert"):
        tints = colour_filters(behind, behind=True)
        if tints is None:
            unknown = True
        else:
            base, backdrops = tinted(base, tints), tuple(tinted(b, tints) for b in backdrops)
    if found == UNCOMPUTED or (found is None and value and has_function(value)):
        unknown = True
    elif found is not None and found[3] > 0:
        if found[3] >= 1:
            backdrops, unknown, opaque = (), False, True
        base, backdrops = over(found, base), tuple(over(found, b) for b in backdrops)
    shapes = 0 if opaque else parent.shapes  # (an opaque colour of its own covers the shapes painted below)
    image = value_of(declared, "background-image")
    tiling = tuple(value_of(declared, f"background-{n}") for n in ("size", "position", "repeat"))
    if "background-position-x" in declared or "background-position-y" in declared:
        tiling = (tiling[0], "", tiling[2])  # (placed by the longhands: not read here)
    for painting, laid in ((image, tiling), (filled_border_image(declared, value_of), (None, None, None))):
        if painting in (None, "", "none", "initial", "unset", "revert"):
            continue
        if painting == "inherit":
            return base, parent.backdrops, parent.backdrop_unknown, opaque, parent.shapes
        paint = gradient_paint(painting, laid, colour, parent.dark, base)
        if paint is None:
            unknown = True  # an image, or a gradient drawing a line across the text (css_gradients)
        else:
            backdrops += paint[0]
            shapes += paint[1]
    # (inset shadows: painted over the background's images)
    painting_shadows = inset_shadows(value_of(declared, "box-shadow") or "none", colour, parent.dark)
    shadows = inset_shadow_colours(painting_shadows)
    shapes += inset_shadow_shapes(painting_shadows, (base, *backdrops))
    unknown = unknown or shadows is None
    backdrops += tuple(over(c, base) for c in shadows or ())
    # two shapes under the text, of this box or of boxes around it, may leave a line between them
    # (hunt 157: a red lower half, and a white upper half on a box inside it; css_gradients)
    return base, backdrops, unknown or shapes >= 2, opaque, shapes


OUT_OF_FLOW = frozenset({"absolute", "fixed"})


# What may make a box smaller than its content (its content then runs out of it, past its background):
WIDTHS = ("width", "max-width")  # (inline-size and max-inline-size are read as these: LOGICAL_ALIASES)
SHRINKING = {"aspect-ratio": {"auto"}, "grid-template-rows": {"none"}, "grid-template-columns": {"none"},
             "grid-template": {"none"}, "grid": {"none"}, "contain": {"none", "style", "layout", "paint"}}
FLEX_BASES = ("flex", "flex-basis")


def loose(declared, parent: Style, shown_as: str, tag: str, bounded: bool, own_paint: bool) -> bool:
    """May the box's content lie outside the nearest background painted under it (its own, when
    `own_paint`, or an ancestor's)? A background is painted over its box only. A box of a set
    height (`bounded`) or width, an aspect ratio, size containment or grid tracks may be smaller
    than its content, which then shows (overflow visible) past it: a table longer than a 10px
    <body>, or than `html, body {height: 100%}`, runs on over <html>'s background, one wider than a
    200px wrapper over the page's. Below the painter, a box out of the flow (a float its container
    does not clear, an absolute box its container does not size to), a block inside an inline box
    (whose background covers its own lines only) or such a smaller box takes its content off the
    painter too (inherited by what lies inside it). <html>'s background covers the canvas, and
    <body>'s does when <html> paints none; a table and its parts grow with their content."""
    if tag == "html" or (tag == "body" and own_paint and not parent.own_paint):
        return False
    if shown_as in TABLE_INTERNALS - {"table", "inline-table"} or shown_as == "table-cell":
        return not own_paint and parent.loose  # its parts lie in the table's box
    if not (bounded or parent.sizing or parent.items) and declared.keys().isdisjoint(LOOSENING):
        # (most elements: nothing below can make the box smaller than its content or take it off the painter)
        return not own_paint and (parent.loose or (parent.display == "inline" and not shown_as.startswith("inline")
                                                   and shown_as not in ("none", "contents")))
    across, down = overflow_axes(declared)
    smaller = shown_as not in ("table", "inline-table") and (  # a table grows with its content
        parent.sizing or (bounded and down == "visible") or (across == "visible" and width_set(declared)) or any(
            value_of(declared, name) not in (None, *INERT, *keep) for name, keep in SHRINKING.items()) or (
            parent.items and any(value_of(declared, name) not in (None, *NOT_SIZED) for name in FLEX_BASES)))
    if own_paint:
        return smaller
    return parent.loose or smaller or value_of(declared, "position") in OUT_OF_FLOW or floated(declared) or (
        parent.display == "inline" and not shown_as.startswith("inline") and shown_as not in ("none", "contents")) \
        or any(value_of(declared, name) not in (None, "none", *INERT) for name in TRANSFORMS)  # (scaled, moved off it)


def sizing(declared, parent: Style, shown_as: str) -> bool:
    """Does the box, or a box around it, set the width of the boxes inside it other than by
    their content (a width or max-width, grid tracks, a flex container)? A white box in a body
    200px wide is 200px wide, and the table in it runs past it (hunt 32)."""
    return parent.sizing or shown_as in ITEMS_OF or (not declared.keys().isdisjoint(SETTING_WIDTHS) and (
        width_set(declared) or bool(grid_tracks(declared))))


def width_set(declared) -> bool:
    return any(value_of(declared, name) not in (None, *NOT_SIZED) for name in WIDTHS)


GRID_TRACKS = ("grid-template-columns", "grid-template", "grid", "grid-auto-columns")


def grid_tracks(declared) -> str:
    """The declaration of a grid container's column tracks (its items as wide as they say), or ""."""
    return next((written(declared, name) for name in GRID_TRACKS if value_of(declared, name)
                 not in (None, "none", *INERT)), "")


def floated(declared) -> bool:
    return value_of(declared, "float") not in (None, "none", *INERT)


def clipped_to_text(declared) -> bool | None:
    """Whether the background is painted only inside the glyphs (`background-clip: text`, or
    -webkit-background-clip: the gradient-text idiom): True for every layer, False for none,
    None for some (which paints where, this reader does not work out)."""
    value = value_of(declared, "background-clip")
    layers = [layer.strip() == "text" for layer in (value or "border-box").split(",")]
    return True if all(layers) else False if not any(layers) else None


FADING = frozenset({"opacity", "filter"})  # what faded reads
OPACITY_FILTER = re.compile(r"(?:^|\s)opacity\(\s*([^)]*)\)")


def faded(declared, parent: Style) -> bool:
    """Opacity 0, here or on an ancestor, by `opacity` or by the `opacity()` filter."""
    if parent.faded:
        return True
    if declared.keys().isdisjoint(FADING):
        return False
    value = value_of(declared, "opacity")
    filtered = OPACITY_FILTER.search(value_of(declared, "filter") or "")
    return UNDECIDED in (value, value_of(declared, "filter")) or any(
        v is not None and length(v) is not None and length(v)[0] <= 0 for v in (value, filtered and filtered[1]))


# What off_screen reads: without one of them, nothing here moves, clips or shrinks the box
PLACING = frozenset({"position", "left", "right", "top", "bottom", "margin-left", "margin-top", "clip", "clip-path",
                     "width", "height", "overflow", "transform", "translate"})


def off_screen(declared, parent: Style) -> bool:
    """Moved off the screen: positioned far away, clipped to nothing, or the visually-hidden
    pattern (a 1px box with its overflow hidden)."""
    if parent.off_screen:
        return True
    if declared.keys().isdisjoint(PLACING):
        return False
    positioned = value_of(declared, "position") in ("absolute", "fixed", "relative")
    sides = [value_of(declared, side) or "0" for side in ("left", "right", "top", "bottom")]
    if positioned and any(far(side) or side == UNDECIDED for side in sides):
        return True
    if value_of(declared, "position") == "fixed" and beyond_the_window(sides):
        return True
    for name in ("margin-left", "margin-top"):  # a negative one draws the box before the page's start
        margin = value_of(declared, name) or "0"
        if margin == UNDECIDED or (far(margin) and margin.startswith("-")):
            return True
    if translated_far(value_of(declared, "transform"), value_of(declared, "translate")):
        return True
    clip = value_of(declared, "clip") or ""
    if clip == UNDECIDED or legacy_clip(clip, value_of(declared, "position")):
        return True
    if clipped_away(value_of(declared, "clip-path"), (max(side(value_of(declared, "padding-left")), 0.0),
                                                      max(side(value_of(declared, "padding-right")), 0.0))):
        return True
    tiny = all(size == UNDECIDED or (pixels(size or "x") or 99) <= 1
               for size in (value_of(declared, "width"), value_of(declared, "height")))
    return tiny and value_of(declared, "overflow") in ("hidden", "clip")


def translated_far(transform: str | None, translate: str | None) -> bool:
    """Whether a transform's translations or the `translate` property take the box off any
    desktop screen (`translateX(-100000px)`, `translate: 0 -200%`), either way along an axis."""
    moves = [(name, arguments) for name, arguments in FUNCTION.findall(transform or "") if name in TRANSLATIONS]
    if translate not in (None, "none", UNDECIDED):
        moves.append(("translate", translate))
    for name, arguments in moves:
        words = [w for w in re.split(r"[\s,]+", arguments.strip()) if w]
        axes = {"translatex": words[:1], "translatey": words[:1]}.get(name, words[:2])
        if name not in ("translatez", "perspective") and any(far(w) for w in axes):
            return True
    return translate == UNDECIDED or transform == UNDECIDED


def beyond_the_window(sides: list[str]) -> bool:
    """Whether a fixed box's offsets (left, right, top, bottom) place it at or past the window's
    edge in a desktop window: it never scrolls into view (`top: 100vh`, `top: 100%`)."""
    for window in WINDOWS:
        for offset, extent in zip(sides, (window["width"], window["width"], window["height"], window["height"])):
            found = length(offset)
            if found is None:
                continue
            number, unit = found
            if unit == "%":
                px = number / 100 * extent
            elif unit in VIEWPORT:
                px = number * unit_px(unit, window_measure(window))
            else:
                px = pixels(offset)
            if px is not None and px >= extent:
                return True
    return False


def window_measure(window: dict) -> Measure:
    """What a viewport length is taken against in a desktop window (font sizes at the default)."""
    return Measure(em=16.0, rem=16.0, window=(window["width"], window["height"]))


def legacy_clip(clip: str, position: str | None) -> bool:
    """The legacy `clip` that may cut the text off: a rectangle of zero sides (the visually-hidden
    pattern), or on an absolutely positioned box (the only one it applies to) any rectangle but
    one of auto sides, which this reader does not lay over the text."""
    if not clip.startswith("rect(") or not set(re.split(r"[\s,()]+", clip[4:])) - {"auto", ""}:
        return False
    return position in ("absolute", "fixed") or len(set(re.findall(r"[\d.]+", clip)) | {"0"}) == 1


GEOMETRY_BOXES = frozenset({"margin-box", "border-box", "padding-box", "content-box", "fill-box", "stroke-box",
                            "view-box"})
CORNER_FLOOR = 4.0  # px: a rounding radius this small cuts at most a pixel off a box's corners


def clipped_away(value: str | None, padding: tuple[float, float]) -> bool:
    """Whether a clip-path may cut the text: inset() deeper than the box's padding (left,
    right; a hairline more) from the content box's edges, or rounding its corners by more than
    CORNER_FLOOR; the reference box may be named (content-box: no padding to spare). Any other
    shape (polygon(), circle(), xywh(), path(), url()), which this reader does not lay over the
    text, or a form it does not parse, may hide it."""
    if value is None or all(word in CLIPS_NOTHING for word in value.split()):
        return False
    words = [t for t in tinycss2.parse_component_value_list(value) if t.type not in ("whitespace", "comment")]
    shapes = [t for t in words if t.type == "function"]
    boxes = [t.lower_value for t in words if t.type == "ident" and t.lower_value in GEOMETRY_BOXES]
    if len(shapes) != 1 or shapes[0].lower_name != "inset" or len(shapes) + len(boxes) != len(words):
        return True
    arguments = [tinycss2.serialize([t]).strip() for t in shapes[0].arguments if t.type not in ("whitespace", "comment")]
    sides, _, radii = " ".join(arguments).partition(" round ")
    amounts = [length(word) for word in sides.split()]
    if not amounts or len(amounts) > 4 or None in amounts or any(
            (length(r) is None or (pixels(r) or CORNER_FLOOR + 1) > CORNER_FLOOR) and r != "/" for r in radii.split()):
        return True
    top, right = amounts[0], amounts[1] if len(amounts) > 1 else amounts[0]
    bottom, left = amounts[2] if len(amounts) > 2 else top, amounts[3] if len(amounts) > 3 else right
    spare = (0.0, 0.0) if boxes and boxes[0] in ("content-box", "fill-box") else padding
    return any((n > 0 if unit == "%" else pixels(f"{n}{unit or ''}") is None or pixels(f"{n}{unit or ''}") > room)
               for (n, unit), room in ((top, HAIRLINE), (bottom, HAIRLINE), (left, spare[0] + HAIRLINE),
                                       (right, spare[1] + HAIRLINE)))


def indent_off(declared, parent: Style) -> bool:
    value = value_of(declared, "text-indent")
    return parent.indent_off if value is None or value == "inherit" else value == UNDECIDED or far(value)


# --- filters, blending, masks ---------------------------------------------------------------------

MASKS = ("mask", "mask-image", "-webkit-mask", "-webkit-mask-image", "mask-border", "mask-border-source",
         "-webkit-mask-box-image", "-webkit-mask-box-image-source")


FILTERING = frozenset({"filter", "opacity", "mix-blend-mode", "-webkit-text-security", "outline-offset", *MASKS})


def filtering(declared, parent: Style) -> tuple[tuple, bool]:
    """The colour filters the element's text is drawn through (its own `filter` and a partial
    `opacity`, after its ancestors'), and whether it is veiled: blurred past reading, filtered by
    what this reader does not work out, blended with what is behind it (mix-blend-mode: the
    result depends on the backdrop of its stacking context), masked (mask-image), or drawn as
    bullets (-webkit-text-security)."""
    tints, veiled = parent.tints, parent.veiled
    if declared.keys().isdisjoint(FILTERING):
        return tints, veiled
    value = value_of(declared, "filter")
    if value not in (None, "none", "initial", "unset", "revert", "inherit") and not (
            "progid:" in value or value.startswith("alpha(")):  # Internet Explorer's filters: others drop them
        own = colour_filters(value)
        if own is None:
            veiled = True
        else:
            tints = own + tints
    opacity = value_of(declared, "opacity")
    found = length(opacity) if opacity not in (None, UNDECIDED) else None
    if found is not None and 0 < (amount := found[0] / 100 if found[1] == "%" else found[0]) < 1:
        tints = (("opacity", amount),) + tints
    if value_of(declared, "mix-blend-mode") not in (None, *NO_EFFECT, "inherit"):
        veiled = True
    if any(value_of(declared, name) not in (None, *NO_EFFECT, "inherit") for name in MASKS):
        veiled = True
    if value_of(declared, "-webkit-text-security") not in (None, *NO_EFFECT, "inherit"):
        veiled = True  # inherited: each glyph drawn as a disc, circle or square
    veiled = veiled or outline_inward(*(value_of(declared, n) for n in OUTLINE), padding=max(
        0.0, min(side(value_of(declared, "padding-left")), side(value_of(declared, "padding-right")))))
    return tints, veiled


# --- boxes that clip their text ---------------------------------------------------------------------

# Boxes whose height is their content's whatever they declare (a browser grows a row and a cell
# to hold their text), and inline boxes (no height): they never clip their text away.
NEVER_CLIPS = frozenset({"inline", "inline list-item", "contents", "none", "ruby", "table-row", "table-row-group", "table-header-group",
                         "table-footer-group", "table-cell", "table-column", "table-column-group", "table",
                         "inline-table"})
# Boxes size containment does not apply to, nor so `content-visibility: hidden` (CSS Containment):
# a plain inline box, internal table boxes but the cell, no box at all.
UNCONTAINED = NEVER_CLIPS - {"table-cell", "table", "inline-table"}
LINE_FLOOR = 0.8 * 16  # px: a box lower (or narrower) than this shows no line (no glyph) of 16px text whole
SCROLL_FLOOR = 0.5  # of the font size: a scroll box of its own text, of lines lower than this, shows none of it (hunt
# 137: `overflow: auto; line-height: 0`); lines as high as the glyphs' body are shown (hunt 140: 12px lines of 10px text)
IMAGE_CONTENT = re.compile(r"(?:^|[\s,(])(?:url|image-set|-webkit-image-set|image|cross-fade|[a-z-]*gradient)\(")
# without one, no box clips (content-visibility: auto contains its paint as contain: paint does)
CLIPS = frozenset({"overflow", "overflow-x", "overflow-y", "contain", "content-visibility", "container-type",
                   "container", "clip-path"})
CLIPPING, SCROLLING = frozenset({"hidden", "clip"}), frozenset({"auto", "scroll", "overlay"})


def line_height(declared, parent: Style) -> float | None:
    """The line height in px at the default 16px (a number times 16), inherited; None for normal."""
    value = value_of(declared, "line-height")
    if value is None or value == "inherit":
        return parent.line_height
    if value == UNDECIDED:
        return 0.0
    found = length(value)
    if found is None:
        return None if value in ("normal", "initial", "unset", "revert") else parent.line_height
    number, unit = found
    return number * 16 if unit is None else number * 0.16 if unit == "%" else pixels(value)


def definite(declared, names: tuple[str, ...]) -> tuple[float | None, str]:
    """The least of the sizes declared (px; a percentage or auto is not definite) and its declaration."""
    best, written_as = None, ""
    for name in names:
        value = value_of(declared, name)
        if value is None:
            continue
        size = 0.0 if value == UNDECIDED else pixels(value)
        if size is not None and (best is None or size < best):
            best, written_as = size, written(declared, name)
    return best, written_as


def resolved_height(value: str | None, base: tuple | None) -> tuple | None:
    """A height or max-height in px in each desktop window: a length, a viewport length, a
    percentage of a definite `base`; None where it is not definite (auto, fit-content, a
    percentage of an auto height). A value not worked out (UNDECIDED) is 0: out of sight."""
    if value is None:
        return None
    if value == UNDECIDED:
        return (0.0,) * len(WINDOWS)
    found = length(value)
    if found is None:
        return None
    number, unit = found
    if unit == "%":
        return None if base is None else tuple(b * number / 100 for b in base)
    if unit in VIEWPORT:
        return tuple(number * unit_px(unit, window_measure(window)) for window in WINDOWS)
    px = pixels(value)
    return None if px is None else (px,) * len(WINDOWS)


IN_FLOW_BLOCKS = frozenset({"block", "list-item", "flow-root"})  # skipped by quirks mode's percentage heights
TABLE_INTERNALS = frozenset({"table", "inline-table", "table-row", "table-row-group", "table-header-group",
                             "table-footer-group", "table-column", "table-column-group", "table-caption"})


def heights(declared, parent: Style, shown_as: str) -> tuple[tuple | None, tuple | None, str]:
    """(the box's bound: the least of its height and max-height in each window, None where it
    grows with its content; what its children's percentage heights resolve against; the
    declaration of the bound). A percentage resolves against a definite height only: the
    parent's, the window for a fixed box, and in quirks mode through auto-height blocks up to
    the window (checked in Chromium: `height:100%` under an auto-height body is its content's
    height in a standards page, the window's in a quirks one). A box out of the flow with both
    a top and a bottom offset is as high as they leave it (a definite height this reader does
    not work out: infinite). Table parts but the cell take their height as a minimum."""
    position = value_of(declared, "position")
    base = tuple(w["height"] for w in WINDOWS) if position == "fixed" else parent.base
    if position == "absolute" and base is None:
        base = (float("inf"),) * len(WINDOWS)  # its containing block is sized before it is laid out
    own = None if shown_as in TABLE_INTERNALS else resolved_height(value_of(declared, "height"), base)
    written_as = written(declared, "height") if own is not None else ""
    if own is None and position in ("absolute", "fixed") and all(
            value_of(declared, side) not in (None, *NOT_AN_OFFSET) for side in ("top", "bottom")):
        own, written_as = (float("inf"),) * len(WINDOWS), f"top: {value_of(declared, 'top')}; " \
                                                            f"bottom: {value_of(declared, 'bottom')}"
    most = resolved_height(value_of(declared, "max-height"), base)
    bound = own if most is None else most if own is None else tuple(map(min, own, most))
    if most is not None and (own is None or min(most) < min(own)):
        written_as = written(declared, "max-height")
    if own is not None:
        children = own
    elif parent.quirks and shown_as in IN_FLOW_BLOCKS and position in (None, "static", "relative"):
        children = parent.base
    else:
        children = None
    return bound, children, written_as


def containment(declared) -> list[str]:
    """The containment the box has: `contain`'s, and the size containment a size container has
    (container-type: size or inline-size, or the `container` shorthand's type; hunt 137:
    `container-type: size` on the table's wrapper made it 0px high, its overflow scrolled, and
    every row was read)."""
    words = (value_of(declared, "contain") or "").split()
    kinds = [value_of(declared, "container-type") or "", (value_of(declared, "container") or "").partition("/")[2]]
    return words + [kind for found in kinds for kind in found.split() if kind in ("size", "inline-size")]


def contained_by(declared, kinds) -> str:
    """The declaration giving the box one of these kinds of containment (`contain`, or a container's type)."""
    if set(kinds) & set((value_of(declared, "contain") or "").split()):
        return written(declared, "contain")
    return written(declared, "container-type") if "container-type" in declared else written(declared, "container")


def clips_to_a_box(value: str | None) -> bool:
    """A clip-path that cuts what lies outside a box of the element: a box keyword alone, or
    inset() (shapes are told by clipped_away): glyphs overflowing that box, under a line height of
    0 or a height of 0, are cut (hunt 137: `clip-path: border-box; line-height: 0` erased a value)."""
    if value is None or value in ("none", *NO_EFFECT, "inherit"):
        return False
    words = value.split()
    return all(word in GEOMETRY_BOXES for word in words) or value.startswith("inset(")


def overflow_axes(declared) -> tuple[str, str]:
    """overflow-x and overflow-y as computed: where one is neither visible nor clip, visible is
    auto and clip is hidden (CSS Overflow 3)."""
    words = (value_of(declared, "overflow") or "visible").split()
    across = value_of(declared, "overflow-x") or words[0]
    down = value_of(declared, "overflow-y") or words[-1]
    if {across, down} - {"visible", "clip"}:
        across, down = ({"visible": "auto", "clip": "hidden"}.get(a, a) for a in (across, down))
    return across, down


def the_windows_overflow(declared, parent: Style, element, tag: str) -> str:
    """The element ('html' or 'body') that gives the window its overflow, if this is it: the root
    unless both its axes are visible, then <body> (CSS Overflow 3: it is itself drawn visible)."""
    if tag == "html" and element.getparent() is None:
        return tag if overflow_axes(declared) != ("visible", "visible") else ""
    return tag if tag == "body" and parent.passes_overflow else ""


def holds_text(element) -> bool:
    """Does the element hold text of its own (not only inside its children)?"""
    return bool((element.text or "").strip()) or any((child.tail or "").strip() for child in element)


def clipping(declared, parent: Style, shown_as: str, lines: float | None, bound: tuple | None, high: str,
             window: str, own_lines: float | None = None, font_px: float = 16.0) -> tuple[bool, str]:
    """(clipped, cut): whether the box shows none of its text whole (a height or width below a
    line, a line-height of about 0, size containment, `content-visibility: hidden`, with its
    overflow hidden), and the declarations of a box that may cut lines or rows off a reader
    cannot scroll to (which ones, this reader does not lay out): a box of a definite height that
    clips its overflow, the window when it does not scroll (overflow hidden or clip on the root or
    <body>, checked in Chromium: neither wheel nor keys scroll it), a fixed box (drawn in the
    window, never scrolled with the page); a scroll box of a definite height below them is
    scrolled by a reader."""
    if parent.clipped:
        return True, parent.cut
    if value_of(declared, "content-visibility") == "hidden" and shown_as not in UNCONTAINED:
        return True, parent.cut
    if "content" in declared and IMAGE_CONTENT.search(value_of(declared, "content")):
        return True, parent.cut  # an element's `content: url()` draws the image instead of its content
    fixed = value_of(declared, "position") == "fixed"
    boxed = "block" if (parent.items or floated(declared)) and shown_as in ("inline", "ruby", "inline list-item") \
        else shown_as  # an item, or a float: blockified
    if not (fixed or window) and (boxed in NEVER_CLIPS or declared.keys().isdisjoint(CLIPS)):
        return False, parent.cut
    across, down = overflow_axes(declared)
    if window:  # the window's overflow: it does not scroll, the element itself clips nothing
        if down in CLIPPING:
            return False, f"overflow: {down} on <{window}>, the window's: it does not scroll"
        across, down = "visible", "visible"
    contain = containment(declared)
    painted = bool({"strict", "content", "paint"} & set(contain)) or value_of(declared, "content-visibility") == "auto"
    boxed_clip = clips_to_a_box(value_of(declared, "clip-path"))
    painted = painted or boxed_clip  # everything outside the box cut, down and across, as paint containment cuts it
    cuts_by = f"overflow: {down}" if down in CLIPPING else written(declared, "clip-path") if boxed_clip else "overflow: clip"
    height = None if bound is None else min(bound)
    ratio = value_of(declared, "aspect-ratio")
    from_width = height is None and ratio not in (None, "auto", *NO_EFFECT, "inherit")
    if from_width:  # a height from its width, which no layout here works out (hunt 137: `aspect-ratio: 80` on a
        # value's <p>, its overflow hidden, drew it 2px high): taken as a set height, cutting what a reader cannot
        # scroll to; and a scroll box so sized may be too low to show a line (hunt 140)
        height, high = float("inf"), written(declared, "aspect-ratio")
        if down in SCROLLING:
            return False, f"{high}; overflow: {down}"
    if height is None and {"strict", "size"} & set(contain):  # sized as if empty: 0 high, unless a flex or grid
        # container sizes it (an app's scroll area, a grid's `1fr` row: hunt 140), to a height not told here
        height, high = (float("inf") if parent.items else 0.0), contained_by(declared, ("strict", "size"))
    width, wide = definite(declared, WIDTHS)
    clips_down, clips_across = down in CLIPPING or painted, across in CLIPPING or painted
    if (clips_down or down in SCROLLING) and height is not None and height < LINE_FLOOR:
        return True, parent.cut
    if clips_down and height is None and lines is not None and lines < LINE_FLOOR:
        return True, parent.cut
    if down in SCROLLING and height is None and own_lines is not None and own_lines < SCROLL_FLOOR * font_px:
        return True, parent.cut  # a scroll box of its own text, its lines lower than its glyphs: no line to scroll to
    if (clips_across or across in SCROLLING) and width is not None and width < LINE_FLOOR:
        return True, parent.cut
    if clips_down and height is not None:
        return False, f"{high}; {cuts_by}"
    contained = {"size", "inline-size", "strict"} & set(contain)  # its width then its min-width, not its content's
    sized = wide or size_set(declared) or (contained_by(declared, contained) if contained else "")
    laid_out = sized or parent.narrowed or ("display: " + shown_as if shown_as in ITEMS_OF else "a flex or grid item" if parent.items else "")
    if (clips_across and laid_out) or (sized and across in SCROLLING and overflows_to_the_start(declared, shown_as)):
        # narrower than its text perhaps (no layout here measures it): an unbreakable value cut at its end, or
        # at its start where the box aligns it to its end, which no scrolling reaches (checked in Chromium). A
        # box sized by its container too: a flex or grid item (its least width then 0), a flex or grid
        # container (its items overflowing it, at either end)
        return False, f"{laid_out}; overflow-x: {across if across in CLIPPING or across in SCROLLING else 'clip'}"
    clamp = value_of(declared, "-webkit-line-clamp") or value_of(declared, "line-clamp")
    if clips_down and clamp not in (None, "none", "initial", "unset"):
        return False, f"line-clamp: {clamp}; overflow: {down}"
    if down in SCROLLING and height is not None:
        return False, ""  # a reader scrolls it: what a box around it cuts off, not this one
    if fixed:
        return False, moved(declared, shifted(declared))
    return False, parent.cut


# What sets a box's width other than its content: a cell is as wide as its content, and a box
# in it whose width is left to its content holds all of it.
SIZES = (*WIDTHS, "flex-basis", "flex")
NOT_SIZED = frozenset({"auto", "none", "initial", "unset", "100%", "max-content", "fit-content", "content", "0 1 auto",
                       "revert", "revert-layer"})
END_ALIGNED = frozenset({"flex-end", "end", "right", "center", "space-around", "space-evenly", "safe"})


def narrowing(declared, shown_as: str, in_cell: bool) -> str:
    """The declaration by which a box sets the width of what lies inside it, not its content: a
    width or grid tracks inside a cell, a table laid out at fixed column widths (its cells as wide as
    its columns say); "" for none."""
    if shown_as in ("table", "inline-table") and value_of(declared, "table-layout") == "fixed":
        return written(declared, "table-layout")
    if not in_cell:
        return ""
    return size_set(declared) or grid_tracks(declared)


def size_set(declared) -> str:
    """The declaration setting the box's width other than by its content (SIZES), or ""."""
    return next((written(declared, name) for name in SIZES if value_of(declared, name) not in (None, *NOT_SIZED)), "")


def overflows_to_the_start(declared, shown_as: str) -> bool:
    """A flex or grid container aligning its content to its end (or centre): what is wider
    than the box overflows at its start, where no scroll bar reaches."""
    justify = (value_of(declared, "justify-content") or "").split()
    return shown_as in ITEMS_OF and bool(justify) and justify[-1] in END_ALIGNED and "safe" not in justify


# --- where a cell's text starts and ends ------------------------------------------------------------

def side(value: str | None, negative_only: bool = False) -> float:
    """A margin or padding in px (em at 16px); auto, a positive percentage and none count 0,
    a negative percentage or a value not worked out as far to the negative side."""
    if value is None or value in ("auto", "0", "initial", "unset", "inherit", "revert"):
        return 0.0
    if value == UNDECIDED:
        return float("-inf")
    px = pixels(value)
    if px is None:
        found = length(value)
        return float("-inf") if found is None or found[0] < 0 else 0.0
    return min(px, 0.0) if negative_only else px


SIDES = ("left", "right", "top", "bottom")
EDGES = frozenset({"text-indent", *(f"{box}-{side}" for box in ("margin", "padding") for side in SIDES)})
FLAT = frozenset({"inline", "inline list-item", "ruby", "contents"})  # boxes whose vertical margins and padding move no text


def edges(declared, parent: Style, shown_as: str) -> dict:
    """Where the element's text starts and ends against its cell's content box: the margins and
    padding of it and its ancestors within the cell (px, em at 16px), its own (an inline box's
    negative margin draws it over what is before or after it), and the text-indent (inherited);
    above and below, the same for boxes whose vertical margins apply (a negative top margin draws
    the text over the cell above): a cell's margins do not apply, its padding is recorded for the
    check (html_tables.py)."""
    if declared.keys().isdisjoint(EDGES) and not shown_as.startswith("table"):
        return dict(indent=parent.indent, inset=parent.inset, inset_end=parent.inset_end, inset_top=parent.inset_top,
                    inset_bottom=parent.inset_bottom, own_start=0.0, own_end=0.0, edge=parent.edge)
    indent_value = value_of(declared, "text-indent")
    indent = parent.indent
    if indent_value is not None and indent_value != "inherit":
        first = (indent_value.split() or ["0"])[0]
        indent = side(first) if first not in ("hanging", "each-line") else 0.0
    if shown_as == "table-cell":
        pads = tuple(None if (v := value_of(declared, f"padding-{s}")) is None else max(side(v), 0.0) for s in SIDES)
        return dict(indent=indent, inset=0.0, inset_end=0.0, inset_top=0.0, inset_bottom=0.0, own_start=0.0,
                    own_end=0.0, padding=pads,
                    edge=written(declared, "text-indent") if indent < 0 and indent_value else "")
    if shown_as.startswith("table") and shown_as != "table-caption":
        return dict(indent=indent, inset=0.0, inset_end=0.0, inset_top=0.0, inset_bottom=0.0, own_start=0.0,
                    own_end=0.0, edge="")
    start, end, top, bottom = (side(value_of(declared, f"margin-{s}")) + max(side(value_of(declared, f"padding-{s}")), 0.0)
                               for s in SIDES)
    flat = shown_as in FLAT
    named = ("margin-left", "margin-right", "text-indent") + (() if flat else ("margin-top", "margin-bottom"))
    edge = next((written(declared, name) for name in named
                 if side(value_of(declared, name), negative_only=True) < 0), parent.edge)
    return dict(indent=indent, inset=parent.inset + start, inset_end=parent.inset_end + end,
                inset_top=parent.inset_top + (0.0 if flat else top), inset_bottom=parent.inset_bottom + (
                    0.0 if flat else bottom), own_start=start, own_end=end, edge=edge)


INSETS = tuple(f"{box}-{s}" for box in ("margin", "padding") for s in SIDES)


def percent_inset(declared) -> str:
    """The declaration of a margin or padding given as a percentage (not 0%) on a cell or inside
    one: of a width this reader does not lay out. Auto table layout sizes the cell without it,
    and it then resolves against the cell's width: `padding-left: 100%` draws the text past the
    cell's right edge (clipped away, or over the next cell's value)."""
    return next((written(declared, name) for name in INSETS if "%" in (value_of(declared, name) or "")
                 and not is_zero(value_of(declared, name))), "")


# Tighter than this, glyphs or words may be drawn over one another; a design's tracking
# (-0.01em to -0.05em, a headline's -1px) keeps them apart.
SPACING_FLOOR_EM = -0.1


def piled(declared, name: str, inherited: bool) -> bool:
    """letter-spacing or word-spacing (inherited) tighter than SPACING_FLOOR_EM: glyphs or words
    drawn over one another (`-1em` piles a number's digits into one); a slight negative
    tracking, zero, normal and positive values read. Lengths are taken at the default 16px."""
    value = value_of(declared, name)
    if value in (None, "inherit", "unset"):
        return inherited
    if value == UNDECIDED:
        return True
    found = length(value)
    if found is None:
        return inherited if value not in ("normal", "initial", "revert") else False
    if found[0] >= 0:
        return False
    ems = spacing_ems(value, found)
    return ems is None or ems < SPACING_FLOOR_EM  # a unit not taken to ems (vw): tighter than any floor


def spacing_ems(value: str, found: tuple) -> float | None:
    """A letter- or word-spacing (`found`: its length()) in ems at the default 16px; None for a
    unit not taken to ems (vw)."""
    px = pixels(value)
    return found[0] / 100 if found[1] == "%" else px / 16 if px is not None else None


# What own_box reads beyond the display: without one of them, the box is not one of its own
BOXING = frozenset({"float", "position", "margin-left", "margin-right", "padding-left", "padding-right",
                    "border-left-width", "border-right-width", "border-left-style", "border-right-style",
                    "letter-spacing"})
# A letter-spacing of a box's own from this up sets it apart from the text after it: drawn after
# every glyph, the last one's too, it leaves a gap its neighbour's letters do not have (a hair space).
SPACING_APART_EM = 0.1


def spaced_apart(declared) -> bool:
    """A letter-spacing of the element's own of SPACING_APART_EM or more (one it inherits spaces
    its neighbours alike): `<span style="letter-spacing: .6em">1</span>4*Ascend` shows a gap
    wider than a space between the 1 and the 4. Lengths are taken at the default 16px."""
    value = value_of(declared, "letter-spacing")
    if value is None or value in ("normal", "inherit", "unset", "initial", "revert", "revert-layer"):
        return False
    if value == UNDECIDED:
        return True
    found = length(value)
    if found is None or found[0] <= 0:
        return False
    ems = spacing_ems(value, found)
    return ems is None or ems >= SPACING_APART_EM  # a unit not taken to ems (vw): apart


def own_box(declared, parent: Style, shown_as: str) -> bool:
    """A box of its own beside its neighbours: an atomic inline box, a float, a positioned box,
    a flex or grid item, or one with a horizontal margin, padding or border, or its own letter
    spacing (spaced_apart)."""
    if shown_as in OWN_BOX or parent.items:
        return True
    if declared.keys().isdisjoint(BOXING):
        return False
    if value_of(declared, "float") in ("left", "right", "inline-start", "inline-end"):
        return True
    if value_of(declared, "position") in ("absolute", "fixed") or spaced_apart(declared):
        return True
    for side in ("left", "right"):
        margin, padding = value_of(declared, f"margin-{side}"), value_of(declared, f"padding-{side}")
        if (margin and not is_zero(margin) and margin != "auto") or (padding and not is_zero(padding)):
            return True
        width, style = value_of(declared, f"border-{side}-width"), value_of(declared, f"border-{side}-style")
        if style not in (None, "none", "hidden") and not is_zero(width or "medium"):
            return True
    return False


def vertical_align(declared, parent: Style) -> str:
    """The box's vertical-align (not inherited; `inherit` takes its parent's: Google's page
    translation wraps every text in `<font style="vertical-align: inherit">`, on its line)."""
    value = value_of(declared, "vertical-align")
    return "baseline" if value in (None, "initial") else parent.vertical_align if value == "inherit" else value


def raised(value: str, shown_as: str) -> bool:
    """An inline box raised or lowered out of the line (any vertical-align `value` but the
    baseline: super, sub, a length, a percentage, top, text-top, middle…), drawn apart like a
    <sup>; a block or a cell's vertical-align places its lines, not its text against its
    neighbours'."""
    if value in ("super", "sub"):  # a footnote mark whatever the box (a cell so styled too: refused)
        return True
    return value != "baseline" and not is_zero(value) and shown_as.startswith("inline")


# An image of a file or of other content (not a gradient, whose colours are worked out): pixels
# this reader cannot read, which may draw a digit beside the text.
IMAGE_FUNCTION = re.compile(r"(?:^|[\s,(])(?:url|image-set|-webkit-image-set|image|element|-moz-element|cross-fade|"
                            r"-webkit-cross-fade|paint)\(")
PAINTED_IMAGES = ("background-image", "border-image", "border-image-source", "-webkit-border-image")


def image_painted(declared) -> str:
    """The declaration of an image the box paints itself: a background or border image."""
    for name in PAINTED_IMAGES:
        value = value_of(declared, name)
        if value and IMAGE_FUNCTION.search(value):
            return f"{name}: {value}"
    return ""


# Markers that draw no number or text: a bullet before a value changes nothing a reader reads.
BULLETS = frozenset({"none", "disc", "circle", "square", "disclosure-open", "disclosure-closed", "initial", "unset"})


def marker_image(declared, parent: Style) -> bool:
    """list-style-image (inherited): an image a list item's marker draws instead of its type."""
    value = value_of(declared, "list-style-image")
    if value is None or value == "inherit":
        return parent.marker_image
    return IMAGE_FUNCTION.search(value) is not None


def mark(declared, tag: str, shown_as: str, aligned: str, small: bool) -> bool:
    """Set apart from the text beside it: a footnote mark, struck text, figures drawn otherwise
    than its parent's (small figures asked for or given up here: `small`)."""
    decoration = value_of(declared, "text-decoration-line") or ""
    return tag in SEPARATE_TAGS or raised(aligned, shown_as) or "line-through" in decoration or small


# The inherited properties that ask for small figures (the `font-variant` shorthand sets the first
# two, the `font` shorthand resets them)
FIGURE_LONGHANDS = ("font-variant-position", "font-variant-numeric", "font-feature-settings")


def figures(declared, parent: Style) -> tuple[bool, bool, bool]:
    """Whether the text asks its font for small figures, by each of FIGURE_LONGHANDS (all
    inherited, each apart: a child's `font-feature-settings: 'liga'` leaves its parent's
    position, and its `font-variant-position: normal` gives up the position a parent's
    `font-variant: super` set)."""
    if declared.keys().isdisjoint(FIGURE_PROPERTIES) and "font" not in declared:
        return parent.figures
    state = dict(zip(FIGURE_LONGHANDS, parent.figures))
    variants = FIGURE_LONGHANDS[:2]
    if value_of(declared, "font") is not None:
        state.update(dict.fromkeys(variants, False))
    shorthand = value_of(declared, "font-variant")
    if shorthand is not None and shorthand != "inherit":
        state.update({name: asks_small_figures(name, shorthand) for name in variants})
    for name in FIGURE_LONGHANDS:
        value = value_of(declared, name)
        if value is not None and value != "inherit":
            state[name] = asks_small_figures(name, value)
    return tuple(state[name] for name in FIGURE_LONGHANDS)


def custom_properties(declared: dict[str, Declaration], parent: Style) -> dict:
    """The element's custom properties: its parent's, and its own (their var() resolved). A property
    registered by @property (parent.registered) that does not inherit starts from its initial value
    on each element, and one of a type keeps only a value of that type (else it is unset there)."""
    own = {name: d for name, d in declared.items() if name.startswith("--")}
    inherited = inherited_custom(parent) if parent.registered else parent.custom
    if not own:
        return inherited
    # a CSS-wide keyword as the whole value: initial gives the guaranteed-invalid value (var() takes
    # its fallback) or a registered property's initial value; inherit keeps the parent's, and so do
    # unset, revert and revert-layer but on a registered property that does not inherit (custom
    # properties inherit, and no browser sheet sets one: checked in Chromium)
    keywords = {name: css_wide_keyword(d.tokens) for name, d in own.items()}
    own = {name: d for name, d in own.items() if keywords[name] is None}
    base = {name: value for name, value in inherited.items() if keywords.get(name) != "initial"}
    for name, keyword in keywords.items():
        if keyword == "inherit" and name in parent.registered and name in parent.custom:
            base[name] = parent.custom[name]
        elif keyword == "initial" and name in parent.registered and parent.registered[name].initial is not None:
            base[name] = list(parent.registered[name].initial)
    written = {**base, **{name: list(d.tokens) for name, d in own.items()}}  # one may use another
    custom = dict(base)
    for name, d in own.items():
        if calls(d.tokens, "attr"):  # attr() there is read on this element, in a type: not worked out here
            custom[name] = UNSETTLED
            continue
        try:
            value = substituted(d.tokens, written, chain=(name,))
        except Unsettled:
            custom[name] = UNSETTLED
            continue
        registration = parent.registered.get(name)
        keyword = css_wide_keyword(value) if value is not None else None
        if registration is not None and keyword in ROLLED_BACK_LATE:
            custom[name] = UNSETTLED  # a rollback reached through var(): not rolled back here
            continue
        if registration is not None and keyword == "initial" and registration.initial is not None:
            custom[name] = list(registration.initial)  # a keyword reached through var() applies (Chromium 156)
            continue
        if registration is not None and keyword == "inherit" and name in parent.custom:
            custom[name] = parent.custom[name]
            continue
        if registration is not None and (value is None or keyword is not None):
            continue  # invalid at computed-value time, or unset: the parent's, or the initial value
        fits = True if registration is None or value is None else fits_syntax(registration.syntax, value)
        if fits is None:
            custom[name] = UNSETTLED
        elif not fits:  # invalid at computed-value time: unset (the parent's, or the initial value)
            continue
        # a keyword reached through var() or attr() is no keyword: the guaranteed-invalid value (Chromium)
        elif value is None or css_wide_keyword(value) is not None:
            custom.pop(name, None)
        else:
            custom[name] = value
    return custom


def inherited_custom(parent: Style) -> dict:
    """The custom properties an element starts from: its parent's, but each registered property
    that does not inherit at its initial value (none without one)."""
    custom = {name: value for name, value in parent.custom.items()
              if name not in parent.registered or parent.registered[name].inherits}
    custom.update({name: list(r.initial) for name, r in parent.registered.items()
                   if not r.inherits and r.initial is not None})
    return custom


def css_wide_keyword(tokens) -> str | None:
    """The CSS-wide keyword a value is made of alone (`--x: initial`), or None."""
    found = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if len(found) == 1 and found[0].type == "ident" and found[0].lower_value in CSS_WIDE:
        return found[0].lower_value
    return None


ROLLED_BACK_LATE = frozenset({"revert", "revert-layer"})  # a rollback a var() reaches: Chromium rolls back the cascade


def with_vars(declared: dict[str, Declaration], custom: dict, quirks: bool = False) -> dict[str, Declaration]:
    """The declarations with var() substituted, then expanded as written that way (a
    shorthand into the longhands this reader uses); one whose variable is undefined is
    dropped, as a browser drops it at computed-value time. In a quirks mode page a colour
    substituted without its `#` is one (html_cascade.hashless)."""
    if not any(uses_var(d.tokens) for name, d in declared.items() if not name.startswith("--")):
        return declared
    out = {}
    for name, d in declared.items():  # in the order of their precedence (html_cascade.cascaded)
        if name.startswith("--") or not uses_var(d.tokens):
            out[name] = d
            continue
        try:
            tokens = substituted(d.tokens, custom)
        except Unsettled as why:  # undecided: the element's text is taken as not seen (Style.unmodelled)
            out.setdefault(UNRESOLVED, replace(d, name=UNRESOLVED, value=f"{name}: {why}"))
            continue
        if tokens is not None and css_wide_keyword(tokens) in ROLLED_BACK_LATE:  # rolled back where declared: not here
            out.setdefault(UNRESOLVED, replace(d, name=UNRESOLVED, value=f"{name}: {css_wide_keyword(tokens)} reached "
                                               "through var()"))
            continue
        if tokens is not None and quirks and name in QUIRKY_COLOURS:
            tokens = hashless(tokens)
        longhands = expanded(name, tokens, d.important) if tokens is not None and valid_value(name, tokens, quirks) else []
        if not longhands:  # invalid at computed-value time: unset, a shorthand's longhands beneath it too (hunt 114)
            for longhand in shorthand_longhands(name, list(out)):
                del out[longhand]
            out.pop(name, None)
            continue
        for longhand in longhands:
            out[longhand.name] = longhand
    return out


def exact(declared: dict[str, Declaration]) -> dict[str, Declaration]:
    """The declarations with the functions in a deciding property's value evaluated
    (`calc(1px - 1px)` -> `0px`), else bounded where a bound decides (`clamp(12px, 1em, 20px)`
    is a size of at least 12px), else UNDECIDED."""
    if not any(name in DECIDING and "(" in d.value for name, d in declared.items()):
        return declared
    out = dict(declared)
    for name, d in declared.items():
        value = value_of(declared, name)
        if name == "filter" and ("progid:" in value or value.startswith("alpha(")):
            continue  # Internet Explorer's filters: other browsers drop them
        if name in DECIDING and "(" in value and has_function(value):
            floor = positive_floor(value) if name in SIGN_DECIDES else None
            out[name] = replace(d, value=evaluated(value) or floor or UNDECIDED)
    return out


# Properties this reader computes that CSS inherits (unset is inherit for them, initial for others)
INHERITED = frozenset({"visibility", "font-size", "color", "-webkit-text-fill-color", "letter-spacing", "word-spacing",
                       "line-height", "text-indent", "list-style-type", "list-style-image", "writing-mode", "direction",
                       "-webkit-text-security", "-webkit-text-stroke", "font-size-adjust", "text-shadow",
                       "text-underline-offset", "font-family", "hyphenate-character", "-webkit-hyphenate-character"})


def css_wide(declared: dict[str, Declaration], tag: str) -> dict[str, Declaration]:
    """The CSS-wide keywords (as `all: unset` writes them for every property) made plain for
    the functions below: revert is the browser sheet's value for the tag, else unset; unset
    is inherit for an inherited property, else initial; an initial non-inherited value and an
    inherited one are as if not declared (the functions' default, the parent's)."""
    if not any(d.value in CSS_WIDE for d in declared.values()):
        return declared
    out = {}
    for name, d in declared.items():
        value = d.value
        if value in ("revert", "revert-layer"):
            ua = next((u for u in reversed(UA_BY_TAG.get(tag, ())) if u.name == name), None)
            if ua is not None:
                out[name] = ua
                continue
            value = "unset"
        if value == "unset":
            value = "inherit" if name in INHERITED else "initial"
        if (value == "initial" and name not in INHERITED) or (value == "inherit" and name in INHERITED):
            continue
        out[name] = d if value == d.value else replace(d, value=value)
    return out


# Properties whose lengths this reader reads: their units are resolved in context (measured)
MEASURED = frozenset({*DECIDING, *PLACING, *EDGES, *BOXING, "vertical-align", "margin-top", "transform", "translate",
                      "text-decoration-line", "text-decoration-thickness", "text-underline-offset", "box-shadow",
                      "outline", "outline-offset", "outline-width", "-webkit-text-stroke", "-webkit-text-stroke-width",
                      "text-shadow", "border-top-width", "border-bottom-width"})
RELATIVE_UNIT = re.compile(r"\d(?!px\b)[a-z]")  # a unit other than px (values are lower case)
VIEWPORT_UNIT = re.compile(r"\d[sld]?v(?:w|h|i|b|min|max)\b")
DESKTOPS = tuple((w["width"], w["height"]) for w in WINDOWS)


def measured(declared: dict[str, Declaration], parent: Style, window: tuple[float, float]) -> dict[str, Declaration]:
    """The declarations this reader reads as lengths with every unit in CSS pixels, as Chromium
    computes them: em of the element's font size (of its parent's for font-size itself), rem of
    the root element's, viewport units of the window; a unit it does not know makes the value
    UNDECIDED, never a length it guesses."""
    if not any(RELATIVE_UNIT.search(declared[name].value) for name in declared.keys() & MEASURED):
        return declared
    out = dict(declared)
    root = parent.canvas  # the root element: rem is the initial 16px for it

    def resolve(name: str, em: float, rem: float, rlh: float | None) -> None:
        value = value_of(declared, name)
        if value is not None and value != UNDECIDED and RELATIVE_UNIT.search(value):
            found = in_pixels(tinycss2.parse_component_value_list(value), Measure(em, rem, window, rlh))
            out[name] = replace(declared[name], value=found if found is not None else UNDECIDED, written=value)

    if "font-size" in declared:
        resolve("font-size", parent.font_px / parent.zoom, parent.root_px, parent.root_lh)
    size, zoom = font_px(out, parent)
    for name in declared.keys() & MEASURED - {"font-size"}:
        resolve(name, size / zoom, size / zoom if root else parent.root_px, None if root else parent.root_lh)
    return out


def decisions(style: Style) -> tuple:
    """What a style decides of its text's reading (compared between the desktop windows)."""
    return (style.removed, style.unseen, style.block, style.own_box, style.mark, bool(style.moved),
            bool(style.shifted), bool(style.flipped), bool(style.cut), bool(style.edge))


def computed(declared: dict[str, Declaration], parent: Style, element: etree._Element, tag: str) -> Style:
    """The element's style, its lengths taken in the smaller desktop window; where one is written
    in viewport units and the larger window decides otherwise (shown in one, a speck in the
    other), the style names it as what this reader cannot decide (unmodelled)."""
    custom = custom_properties(declared, parent)
    declared = css_wide(resolved(with_vars(declared, custom, parent.quirks), element, parent.quirks), tag)
    parent = in_own_scheme(declared, parent)
    style = computed_in(in_window(declared, parent, 0), parent, element, tag, custom)
    relative = [name for name in MEASURED & declared.keys() if VIEWPORT_UNIT.search(declared[name].value)]
    if relative and not style.unmodelled:
        other = computed_in(in_window(declared, parent, 1), parent, element, tag, custom)
        if decisions(other) != decisions(style):
            windows = " and a ".join(f"{w:g}x{h:g}" for w, h in DESKTOPS)
            return replace(style, unmodelled=f"{written(declared, sorted(relative)[0])} (read otherwise in a "
                                             f"{windows} window)")
    return style


def in_own_scheme(declared: dict[str, Declaration], parent: Style) -> Style:
    """The parent's style as the element's own colours read it: an element's `color-scheme`
    (inherited) picks light-dark()'s colour and the system colours' for it and inside it, its own
    colours included (`<span style="color-scheme: dark; color: light-dark(#000, #fff)">` is white);
    `normal` is the page's supported scheme (its <meta name=color-scheme>'s: Style.page_dark). The
    root's is the page's (html_styles.page_schemes)."""
    value = value_of(declared, "color-scheme")
    if value in (None, "inherit", "unset", "revert") or parent.canvas:
        return parent
    dark = parent.page_dark if value in ("normal", "initial") else scheme_is_dark(value)
    return parent if dark is None or dark == parent.dark else replace(parent, dark=dark)


def in_window(declared: dict[str, Declaration], parent: Style, window: int) -> dict[str, Declaration]:
    """Declarations (their custom properties substituted, CSS-wide keywords resolved) with their
    lengths in px as the desktop window DESKTOPS[window] has them, each value exact."""
    return exact(measured(declared, parent, DESKTOPS[window]))


def as_computed(declared: dict[str, Declaration], parent: Style, element: etree._Element, tag: str) -> dict[str, Declaration]:
    """The declarations computed() reads, in the smaller desktop window."""
    custom = custom_properties(declared, parent)
    return in_window(css_wide(resolved(with_vars(declared, custom, parent.quirks), element, parent.quirks), tag), parent, 0)


DECORATING = ("text-decoration-line", "text-decoration-thickness", "text-decoration-color")  # decoration_colours' order


def computed_in(declared: dict[str, Declaration], parent: Style, element: etree._Element, tag: str,
                custom: dict) -> Style:
    shown_as = display(declared, parent)
    if shown_as == "contents" and tag in CONTENTS_IS_NONE:
        shown_as = "none"
    colour = color(declared, parent, element)
    shift = shifted(declared)
    bound, percent_base, high = heights(declared, parent, shown_as)
    base, backdrops, unknown, opaque, shapes = backgrounds(declared, parent, element, colour, shown_as)
    own_paint = (base, backdrops, unknown) != (parent.background, parent.backdrops, parent.backdrop_unknown)
    canvas = tag == "html" or (tag == "body" and not parent.own_paint)  # its background is the canvas's: all of it
    below = () if own_paint and canvas else (parent.background, *parent.backdrops) if own_paint else parent.below
    below_unknown = (parent.backdrop_unknown and not canvas) if own_paint else parent.below_unknown
    uncovered = loose(declared, parent, shown_as, tag, bound is not None, own_paint)
    if uncovered:  # the colours under the background may lie under the text (an image there: unknown)
        backdrops += tuple(c for c in below if c not in backdrops and c != base)
        unknown = unknown or below_unknown
    if not declared.keys().isdisjoint(DECORATING):
        size, zoom = font_px(declared, parent)
        lines = decoration_colours(*(value_of(declared, n) for n in DECORATING), colour, parent.dark, size / zoom)
        unknown, backdrops = unknown or lines is None, backdrops + tuple(over(c, base) for c in lines or ())
    glyphs, glyphs_unknown, clip = parent.glyph_paint, parent.glyph_unknown, clipped_to_text(declared)
    if clip is None:
        unknown = True
    elif clip:  # its background painted in the glyphs, not behind them; a gradient covers its colour
        image = value_of(declared, "background-image")
        painted = gradient_colours(image, colour, parent.dark) if image and GRADIENT.match(image) else None
        glyphs, glyphs_unknown = tuple(over(c, base) for c in painted) if painted else (base, *backdrops), unknown
        base, backdrops, unknown, opaque = parent.background, parent.backdrops, parent.backdrop_unknown, False
    elif opaque:  # its own background covers what an ancestor painted in the text
        glyphs, glyphs_unknown = (), False
    tints, veiled = filtering(declared, parent)
    in_cell = parent.in_cell or parent.display == "table-cell"
    layer = layered(declared, parent, shown_as, in_cell)
    inside = opaque or (parent.painted_inside if tints is parent.tints else False)
    lines, factor, size = line_height(declared, parent), line_factor(declared, parent), sizes(declared, parent)
    window = the_windows_overflow(declared, parent, element, tag)
    own_lines = lines if holds_text(element) else None  # (a box holding boxes: their lines, not its own, fill it)
    clipped, cut = clipping(declared, parent, shown_as, lines, bound, high, window, own_lines, size["font_px"])
    aligned, small = vertical_align(declared, parent), figures(declared, parent)
    return Style(display=shown_as, visibility=visibility(declared, parent), font_zero=font_zero(declared, parent),
                 **size,
                 marker=value_of(declared, "list-style-type")
                 if "list-style-type" in declared and value_of(declared, "list-style-type") != "inherit" else parent.marker,
                 marker_image=marker_image(declared, parent), image=image_painted(declared),
                 color=colour, fill=fill(declared, parent, colour), background=base, backdrops=backdrops,
                 backdrop_unknown=unknown, below=below, below_unknown=below_unknown, own_paint=own_paint,
                 loose=uncovered, sizing=sizing(declared, parent, shown_as), glyph_paint=glyphs, glyph_unknown=glyphs_unknown, tints=tints, painted_inside=inside, veiled=veiled, dark=parent.dark, page_dark=parent.page_dark,
                 faded=faded(declared, parent), off_screen=off_screen(declared, parent), clipped=clipped, cut=cut,
                 base=percent_base, quirks=parent.quirks, passes_overflow=tag == "html" and element.getparent() is None
                 and not window,
                 line_height=lines, line_factor=factor, underline_offset=underline_offset(declared, parent),
                 root_lh=lines if parent.canvas else parent.root_lh,
                 indent_off=indent_off(declared, parent), **edges(declared, parent, shown_as),
                 letters_piled=piled(declared, "letter-spacing", parent.letters_piled),
                 words_piled=piled(declared, "word-spacing", parent.words_piled),
                 own_box=own_box(declared, parent, shown_as),
                 mark=mark(declared, tag, shown_as, aligned, any(small) != any(parent.figures)), figures=small,
                 vertical_align=aligned,
                 # `display: contents` makes no box: its children are its parent's items (hunt 59)
                 items=shown_as in ITEMS_OF or (shown_as == "contents" and parent.items), custom=custom,
                 registered=parent.registered,
                 direction=direction(declared, parent, element), writing_mode=writing_mode(declared, parent),
                 moved=moved(declared, shift), shifted=shift, flipped=flipped(declared, parent),
                 stuck=stuck(declared), nudged=nudged(declared), spill=spills(declared, shown_as, None),
                 unmodelled=unmodelled(declared, parent) or (percent_inset(declared) if in_cell or shown_as == "table-cell"
                                                             else "")
                 or rounded_into_content(declared, in_cell or shown_as == "table-cell", size["font_px"])
                 or larger_than_its_edges(parent, size["font_px"]),
                 shapes=shapes, edge_font=size["font_px"] if painted_edges(declared, shown_as, colour, parent)
                 else parent.edge_font if shown_as in ("inline", "contents") else 0.0,
                 layer=layer, in_cell=in_cell,
                 narrowed=parent.narrowed or narrowing(declared, shown_as, in_cell),
                 paints_over=painted_over(declared, shown_as, colour, parent, layer, in_cell)
                 or past_the_line(declared, shown_as, colour, parent, lines, factor, size["font_px"],
                                  tag == "a" and element.get("href") is not None))


PAINTING_OUTSIDE = frozenset({*OUTLINE, "box-shadow", *BORDER_IMAGES, *MARGINS})  # what painted_over reads
TABLE_PARTS = frozenset({"table-cell", "table-row", "table-row-group", "table-header-group", "table-footer-group"})


def painted_over(declared, shown_as: str, colour: tuple, parent: Style, layer: bool, in_cell: bool) -> str:
    """The declaration of what the box paints past itself over the text beside it
    (css_paint.paints_over_neighbours): an outline, whatever the box; the outer shadow, outset
    border image or background under a negative margin of an inline box, or of a box painted as
    a layer. A plain block's paint lies under all text; so does a cell's shadow, even positioned
    (Chromium paints it with the table's backgrounds), and a row's in the page's tables, not in
    one nested in a cell (checked in Chromium: painted over the cell's text)."""
    if declared.keys().isdisjoint(PAINTING_OUTSIDE) or shown_as in ("none", "contents"):
        return ""
    over_text = shown_as.startswith("inline") or (layer and (
        shown_as not in TABLE_PARTS or (in_cell and shown_as != "table-cell")))
    return paints_over_neighbours(declared, value_of, colour, parent.dark, over_text, written)


# An inline box's background and its top and bottom borders are painted around its glyphs'
# content area, taking no room in the line; past the line's height they cover the line above or
# below, painted after it (`padding-top: 1.3em; background: #fff` on the next line of a cell blanks
# the 1 of 132, as does a white underline moved up by text-underline-offset).
# Of the font size: the glyphs' ascent and descent, where an inline's background is painted, and a
# normal line's height; taken as a CJK font's (Noto Sans CJK: 1.448), the fallback of these pages,
# larger than a Latin font's (about 1.15-1.2)
CONTENT_AREA = 1.45
# Of the line's font size: paint reaching this far past the line covers at most the line beside's
# descent and the foot of its digits (a badge's `padding: 4px 8px` at 16px), never a digit whole
LINE_REACH_FLOOR = 0.3
VERTICAL_PAINT = frozenset({"background-color", "background-image", "text-decoration-line", "text-underline-offset",
                            "text-decoration-thickness", *(f"border-{s}-{k}" for s in ("top", "bottom")
                                                           for k in ("width", "style", "color"))})


# Text this much larger than the inline box around it reaches past the box's content area, where
# the box paints its background and its top and bottom borders
EDGE_FONT_RATIO = 1.25


def painted_edges(declared, shown_as: str, colour: tuple, parent: Style) -> bool:
    """An inline box painting a background or a top or bottom border around its content area,
    standing out from what lies under it (hunt 157: a pale note's background, `#fff3cd`, around
    larger bold text draws no line a reader sees)."""
    if shown_as != "inline" or declared.keys().isdisjoint(VERTICAL_PAINT):
        return False
    painted = [value_of(declared, f"border-{s}-color") or "currentcolor" for s in ("top", "bottom")
               if border_px(declared, s, colour, parent.dark)]
    if background_painted(declared, value_of, colour, parent.dark):
        image = value_of(declared, "background-image")
        if image not in (None, "none", *INERT):
            return True
        painted.append(value_of(declared, "background-color"))
    found = [rgba(p, colour, parent.dark) for p in painted]
    return any(c is None or c == UNCOMPUTED or contrast(c, parent.background) >= BAND_CONTRAST for c in found)


def larger_than_its_edges(parent: Style, font: float) -> str:
    """Text in a font larger than an inline box around it painting its edges: the box's border or
    background, laid around its own smaller content area, runs through the glyphs (hunt 155: a
    wrapper of 5px font with `border-top: 1.5px solid red` struck the 16px 1 inside it)."""
    if not parent.edge_font or font <= parent.edge_font * EDGE_FONT_RATIO:
        return ""
    return f"font-size: {font:g}px inside an inline box of {parent.edge_font:g}px font painting its edges"


def underline_offset(declared, parent: Style) -> str | None:
    value = value_of(declared, "text-underline-offset")
    return parent.underline_offset if value is None or value == "inherit" else None if value == "auto" else value


def line_factor(declared, parent: Style) -> float | None:
    """A unitless line-height (inherited as the number, each element's line that times its own
    font size); None for a length, a percentage or normal."""
    value = value_of(declared, "line-height")
    if value is None or value == "inherit":
        return parent.line_factor
    found = length(value) if value != UNDECIDED else None
    return found[0] if found is not None and found[1] is None else None


def line_px(height: float | None, factor: float | None, font: float) -> float:
    """A line's height in px: its unitless factor times the font size, its length, or normal."""
    return factor * font if factor is not None else height if height is not None else CONTENT_AREA * font


def past_the_line(declared, shown_as: str, colour: tuple, parent: Style, lines: float | None, factor: float | None,
                  font: float, linked: bool) -> str:
    """The declaration of what the element paints past its line over the text of the line above
    or below by more than LINE_REACH_FLOOR of the line's font: an underline moved or thickened
    past its line (any box: it is drawn on each line; `linked`: a link, underlined by the
    browser), an inline box's background or top and bottom borders reaching past the line's
    height (its vertical padding and borders, or a font larger than its line height holds)."""
    if (declared.keys().isdisjoint(VERTICAL_PAINT) and not (linked and parent.underline_offset)) \
            or shown_as in ("none", "contents"):
        return ""
    own = line_px(lines, factor, font)
    line = max(line_px(parent.line_height, parent.line_factor, parent.font_px), own)
    floor = LINE_REACH_FLOOR * parent.font_px
    moved_line = decoration_moved(declared, colour, parent, font, own, floor, linked)
    if moved_line or shown_as != "inline":
        return moved_line
    edges = [border_px(declared, s, colour, parent.dark) for s in ("top", "bottom")]
    if not any(edges) and not background_painted(declared, value_of, colour, parent.dark):
        return ""
    spare = (line - CONTENT_AREA * font) / 2  # the half-leading around its content area (negative: taller)
    reach = max(reach_px(value_of(declared, f"padding-{s}")) + edge - spare for s, edge in zip(("top", "bottom"), edges))
    if reach <= floor:
        return ""
    named = [n for n in ("padding-top", "padding-bottom", "border-top-width", "border-bottom-width", "font-size",
                         "line-height", "background-color", "background-image") if n in declared]
    return written(declared, named[0]) if named else "line-height"


def glyphs_past_line(style: Style, declared) -> str:
    """The font size and line height of text whose glyphs reach past its line box, and past the
    box's own top margin, padding and border, by more than LINE_REACH_FLOOR of its font: Chromium
    draws the whole glyph, centred on the line, over what lies above (`margin: 0; font: 120px/0`
    after the table: a white bar over the 6 of a last row's 64 drew 4; hunt 63). A margin this
    reader cannot tell counts as none."""
    line = line_px(style.line_height, style.line_factor, style.font_px)
    room = sum(pixels(v) or 0.0 for v in (value_of(declared, n) for n in ("margin-top", "padding-top", "border-top-width"))
               if v is not None and v not in INERT)
    if (CONTENT_AREA * style.font_px - line) / 2 - max(room, 0.0) <= LINE_REACH_FLOOR * style.font_px:
        return ""
    return f"font-size {style.font_px:g}px on a line {line:g}px high (its glyphs drawn past the line)"


def reach_px(value: str | None) -> float:
    """A padding or border width in px, as far as it may reach: a length this reader cannot tell (a percentage of
    a width it does not know, calc() of one) counts as infinitely far."""
    if value is None or value in ("0", "auto", *INERT, "unset", "revert"):
        return 0.0
    px = pixels(value) if value != UNDECIDED else None
    return max(px, 0.0) if px is not None else 0.0 if is_zero(value) else float("inf")


def border_px(declared, where: str, colour: tuple, dark: bool) -> float:
    """The width of the top or bottom border, px, where one is painted (a line style, a colour
    not transparent); inherited or not told, infinitely wide."""
    style, width = value_of(declared, f"border-{where}-style"), value_of(declared, f"border-{where}-width")
    if "inherit" in (style, width):
        return float("inf")
    if style in (None, "none", "hidden", "initial", "unset", "revert") or width is None:
        return 0.0
    painted = rgba(value_of(declared, f"border-{where}-color") or "currentcolor", colour, dark)
    if painted is not None and painted != UNCOMPUTED and painted[3] == 0:
        return 0.0
    return LINE_WIDTHS.get(width) or reach_px(width)


def decoration_moved(declared, colour: tuple, parent: Style, font: float, line: float, floor: float,
                     linked: bool) -> str:
    """The declaration moving or thickening an underline past its line box (`line` px high, its
    baseline BASELINE_DROP of the font below the middle) by more than `floor`, where one is drawn
    in a colour: over the line above, or under the text of the line below. The offset is
    inherited (a rule on the cell moves a link's underline); the thickness may be written in the
    text-decoration shorthand."""
    words = (value_of(declared, "text-decoration-line") or "").split()  # the shorthand's words too
    under = "underline" in words or (linked and "text-decoration-line" not in declared)
    if not under and "overline" not in words:
        return ""
    named = value_of(declared, "text-decoration-color") or next(
        (w for w in words if rgba(w, colour, parent.dark) not in (None, UNCOMPUTED)), "currentcolor")
    painted = rgba(named, colour, parent.dark)
    if painted is not None and painted != UNCOMPUTED and painted[3] == 0:
        return ""
    moved = value_of(declared, "text-underline-offset") or parent.underline_offset
    thick = value_of(declared, "text-decoration-thickness") or next(
        (w for w in words if w[:1].isdigit() or w[:1] == "." or "(" in w), None)
    thickness = decoration_px(thick, font, 1.0)
    baseline = line / 2 + BASELINE_DROP * font  # from the line box's top
    bands = [(baseline + decoration_px(moved, font, UNDERLINE_DROP * font), thickness)] if under else []
    if "overline" in words:  # at the glyphs' ascent; its thickness taken to grow either way
        bands.append((baseline - ASCENT * font - thickness, 2 * thickness))
    # seen as a line: a thin one standing out at all, a thicker one as a bar, not a highlighter's pale band
    # (hunt 157: `#a5b4fc` 0.4em thick moved up under the glyphs is a highlight; hunt 155's red 0.27em a strike)
    least = CONTRAST_FLOOR if thickness < DECORATION_FLOOR * font else STRIKE_CONTRAST
    seen = painted is None or painted == UNCOMPUTED or contrast(painted, parent.background) >= least
    through = under and seen and thickness < CROSSING_CEILING * font and crosses_digits(*bands[0], baseline, font)
    if through or any(top < -floor or top + height > line + floor for top, height in bands):
        return written(declared, "text-underline-offset") if under and "text-underline-offset" in declared else \
            f"text-underline-offset: {moved} (inherited)" if under and moved and \
            "text-decoration-thickness" not in declared else written(declared, "text-decoration-thickness") \
            if "text-decoration-thickness" in declared else written(declared, "text-decoration-line")
    return ""


def crosses_digits(top: float, height: float, baseline: float, font: float) -> bool:
    """Does an underline moved up (px from the line box's top) run above its glyphs' feet, through
    them, where it strikes them (hunt 153: `text-underline-offset: -0.33em` drew a line through the
    1 of 14*Ascend as `<s>` does, and 14 was published)? Above their tops too: the text it
    decorates may be larger than its own font (hunt 155: a wrapper of 5px font underlined at -4.5px
    struck the 16px 1 inside it)."""
    return top < baseline - DIGIT_FOOT * font


DIGIT_FOOT = 0.15  # of the font size: a line no higher above the baseline touches a digit's foot only
# Of the font size: an underline this thick or more is a block the glyphs lie on (a colour they need
# contrast with: css_paint.decoration_colours), a thinner one a bar across them (hunt 155: `.27em`)
CROSSING_CEILING = 0.6
STRIKE_CONTRAST = 3.0  # WCAG contrast ratio of a bar across the glyphs read as striking them (red on white: 4.0)
UNDERLINE_DROP = 0.1  # of the font size: where a font puts its underline below the baseline
BASELINE_DROP = 0.3  # of the font size: the baseline below the middle of the line (ascent 0.9, descent 0.3)
ASCENT = 0.9  # of the font size: the glyphs' ascent above the baseline, where an overline is drawn


def decoration_px(value: str | None, font: float, default: float) -> float:
    """An underline offset or thickness in px (a percentage of the font size); inf where this
    reader cannot tell it (taken as reaching past the line)."""
    if value in (None, "auto", "from-font", *INERT):
        return default
    px = pixels(value) if value != UNDECIDED else None
    found = length(value) if px is None and value != UNDECIDED else None
    return px if px is not None else font * found[0] / 100 if found and found[1] == "%" else float("inf")


# --- where a box is drawn ----------------------------------------------------------------------

OFFSETS = ("left", "right", "top", "bottom", "inset", "inset-inline", "inset-block", "inset-inline-start",
           "inset-inline-end", "inset-block-start", "inset-block-end")
NOT_AN_OFFSET = frozenset({"auto", "initial", "unset", "revert", "inherit"})
TRANSFORMS = ("transform", "translate", "rotate", "scale")
# What loose() and sizing() read of the declarations (besides a set height, overflow and display)
LOOSENING = frozenset({*WIDTHS, *SHRINKING, *FLEX_BASES, "position", "float", *TRANSFORMS})
SETTING_WIDTHS = frozenset({*WIDTHS, *GRID_TRACKS})
FUNCTION = re.compile(r"([a-z0-9-]+)\(([^()]*)\)")
# transform functions that move a box without mirroring or turning it; with these arguments, not at all
SHIFTING = frozenset({"position", *TRANSFORMS})
TRANSLATIONS = frozenset({"translate", "translatex", "translatey", "translate3d", "translatez", "perspective"})
SCALINGS = frozenset({"scale", "scalex", "scaley", "scale3d", "scalez"})


def numbers_of(arguments: str) -> list[float] | None:
    """The arguments of a transform function as numbers (units dropped), None if one is not."""
    found = [length(word) for word in re.split(r"[\s,]+", arguments.strip()) if word]
    return None if None in found else [n for n, _ in found]


def drawn_scale(transform: str | None, scale: str | None) -> float:
    """How much smaller (or larger) a transform and the `scale` property draw the box's text:
    the lesser of the horizontal and vertical factors (text squeezed either way is as hard to
    read); 1 for what is not a scaling worked out here (a turn or calc() is flipped instead)."""
    across = down = 1.0
    for name, arguments in FUNCTION.findall(transform or "") + ([("scale", scale)] if scale else []):
        found = [length(w) for w in re.split(r"[\s,]+", arguments.strip()) if w]
        if not found or None in found or name not in (*SCALINGS, "matrix"):
            continue
        n = [v / 100 if unit == "%" else v for v, unit in found]
        if name == "matrix" and len(n) == 6:
            across, down = across * (n[0] ** 2 + n[1] ** 2) ** 0.5, down * (n[2] ** 2 + n[3] ** 2) ** 0.5
        elif name in ("scale", "scale3d"):
            across, down = across * abs(n[0]), down * abs(n[1] if len(n) > 1 else n[0])
        elif name in ("scalex", "scaley"):
            across, down = (across * abs(n[0]), down) if name == "scalex" else (across, down * abs(n[0]))
    return max(min(across, down), 1e-6)  # never 0: the sizes inside are worked out from it


def transform_kind(name: str, value: str) -> str:
    """'none' (draws the box where it is), 'moves' (translates, or scales it up or down) or
    'turns' (mirrors, rotates, skews, or anything not worked out here: calc(), matrix())."""
    if value in ("none", "initial", "unset", "revert") or not value:
        return "none"
    if name != "transform":  # the individual properties: translate, rotate, scale (CSS Transforms 2)
        found = numbers_of(value)
        if found is None:
            return "turns"
        if name == "translate":  # a third value is a depth (see translatez)
            return "turns" if any(found[2:]) else "none" if not any(found) else "moves"
        if name == "rotate":
            return "none" if not any(found) else "turns"
        return "none" if all(n == 1 for n in found) else "moves" if all(n > 0 for n in found) else "turns"
    functions = FUNCTION.findall(value)
    if not functions or FUNCTION.sub("", value).strip():
        return "turns"
    kinds = set()
    for function, arguments in functions:
        found = numbers_of(arguments)
        if found is None:
            return "turns"
        if function in ("translatez", "translate3d") and any(found[-1:]):
            return "turns"  # a depth: under a perspective it draws the box smaller or larger, not worked out
        if function in ("translatez", "perspective"):
            kinds.add("none")  # perspective() alone, or no depth: drawn as it is
        elif function in TRANSLATIONS:
            kinds.add("moves" if any(found) else "none")
        elif function in SCALINGS:
            kinds.add("none" if all(n == 1 for n in found) else "moves" if all(n > 0 for n in found) else "turns")
        elif function.startswith(("rotate", "skew")) and not any(found[-1:] if function == "rotate3d" else found):
            kinds.add("none")
        elif function == "matrix" and found == [1, 0, 0, 1, 0, 0]:
            kinds.add("none")
        else:
            return "turns"
    return "turns" if "turns" in kinds else "moves" if "moves" in kinds else "none"


def written(declared, name: str) -> str:
    """The declaration as the page wrote it, for a message (its lengths as written, not in px)."""
    d = declared.get(name)
    shown = d.written if d is not None and d.written is not None else value_of(declared, name)
    name = d.named or name if d is not None else name
    if shown == UNDECIDED:
        return f"{name}: a value not worked out"
    return f"{name}: {shown.removesuffix('!important').strip()}"


def shifted(declared) -> str:
    """The declaration that draws the box and its content elsewhere than its place: a position
    with an offset that is not zero (sticky only moves it while the page scrolls), a transform."""
    if declared.keys().isdisjoint(SHIFTING):  # offsets move only a positioned box
        return ""
    position = value_of(declared, "position")
    if position in ("relative", "absolute", "fixed"):
        for side in OFFSETS:
            value = value_of(declared, side)
            if value is not None and not all(w in NOT_AN_OFFSET or is_zero(w) for w in value.split()):
                return f"position: {position}; {written(declared, side)}"
    for name in TRANSFORMS:
        if transform_kind(name, value_of(declared, name) or "none") != "none":
            return written(declared, name)
    return ""


def moved(declared, shift: str) -> str:
    """The declaration that takes the box off its place: a shift, a float, out of the flow."""
    if value_of(declared, "float") not in (None, "none", "initial", "unset", "revert", "inherit"):
        return written(declared, "float")
    if value_of(declared, "position") in ("absolute", "fixed"):
        return shift or written(declared, "position")
    return shift


def flipped(declared, parent: Style) -> str:
    """A transform here or on an ancestor that mirrors, turns or skews what it draws: columns
    drawn right to left, rows bottom to top."""
    if parent.flipped:
        return parent.flipped
    if declared.keys().isdisjoint(TRANSFORMS):
        return ""
    return next((written(declared, name) for name in TRANSFORMS
                 if transform_kind(name, value_of(declared, name) or "none") == "turns"), "")


def direction(declared, parent: Style, element) -> str:
    value = value_of(declared, "direction")
    if value in ("ltr", "rtl"):
        return value
    if value in ("inherit", "unset"):  # (an author's `direction` wins over what dir sets: hunt 122)
        return parent.direction
    if value == "initial":
        return "ltr"
    hint = dir_state(element)
    if hint not in ("ltr", "rtl") and element.tag == "bdi":
        hint = "auto"  # HTML: a <bdi> without a valid dir takes its direction from its text (hunt 118)
    if hint == "auto":
        return auto_direction(element, parent)
    return hint if hint == "ltr" or hint == "rtl" else parent.direction


def dir_state(element) -> str | None:
    """The state of the element's `dir` attribute: ltr, rtl or auto where its value is one of
    them, ASCII case aside and nothing else (an enumerated attribute: `"ltr "` is invalid, and no
    direction, in every browser: hunt 128); None otherwise."""
    value = element.get("dir")
    if value is None:
        return None
    value = ascii_lower(value)
    return value if value in ("ltr", "rtl", "auto") else None


# Descendants whose text an element's dir=auto does not look at (HTML, "auto directionality"): they
# have a direction of their own, or no text drawn as the element's; <template> content is no child.
OWN_DIRECTION = frozenset({"bdi", "script", "style", "textarea", "template"})


def auto_direction(element, parent: Style) -> str:
    """dir=auto: the direction of the first strong letter of the element's text in tree order,
    hidden text included (HTML's auto directionality), the text of descendants with a valid dir
    of their own (and <bdi>, <script>, <style>, <textarea>) aside. Without one, the parent's
    (left to right, as the older rule said, where the parent is). Where the first strong letter is
    one this Python's Unicode does not know (or whose class changed since), or the element holds a
    <noscript> (whose raw text Chromium counts and this tree does not hold) or SVG or MathML, "auto":
    a table refuses it where it matters (a hidden Hebrew letter in a <bdi> turns `1<bdi></bdi>6`
    into 61)."""
    if next(element.iter("noscript", "svg", "math"), None) is not None:  # (SVG's and MathML's <style>, <textarea>
        return "auto"  # or `dir` are no HTML's, whose text dir=auto skips: hunt 128)
    found = first_strong(direction_texts(element))
    if found == "ltr" or (found is None and parent.direction == "ltr"):
        return "ltr"
    return "rtl" if found == "rtl" else "auto"


def direction_texts(element):
    """The element's text in tree order, as auto_direction reads it."""
    if element.text:
        yield element.text
    for child in element:
        tag = child.tag if isinstance(child.tag, str) else ""
        if tag and tag not in OWN_DIRECTION and dir_state(child) is None:
            yield from direction_texts(child)
        if child.tail:
            yield child.tail


def writing_mode(declared, parent: Style) -> str:
    value = value_of(declared, "writing-mode") or value_of(declared, "-webkit-writing-mode")
    if value in (None, "inherit", "unset"):
        return parent.writing_mode
    return "horizontal-tb" if value in ("initial", "revert", "lr", "lr-tb", "rl", "rl-tb") else value


# --- layers painted over the text around them -------------------------------------------------------

# What makes a box a layer of its own (CSS 2.2 appendix E; CSS Positioned Layout 3, Compositing,
# Transforms, Masking, Containment, Will Change): positioned, or a stacking context. Such a box and
# everything in it is painted after the in-flow text around it, its background and shadows too.
LAYERING = frozenset({"position", "opacity", "filter", "backdrop-filter", "isolation", "mix-blend-mode", "will-change",
                      "z-index", "contain", "container-type", "perspective", "clip-path", "view-transition-name",
                      "offset-path", "content-visibility", "backface-visibility", "transform-style",
                      "-webkit-box-reflect", *MASKS, *TRANSFORMS})
NOT_A_LAYER = {"position": {"static"}, "isolation": {"auto"}, "mix-blend-mode": {"normal"},
               "will-change": {"auto", "scroll-position", "contents"}, "z-index": {"auto"},
               "contain": {"size", "inline-size", "style"}, "container-type": {"normal", "scroll-state"},
               "content-visibility": {"visible"}, "backface-visibility": {"visible"}, "transform-style": {"flat"}}


def layered(declared, parent: Style, shown_as: str, in_cell: bool) -> bool:
    """Whether the element is painted after the in-flow text of its table: it or an ancestor
    inside the table makes a layer of its own. A table's own layer holds all its cells, which
    inside it are painted in the usual order; a table nested in a cell is the cell's content."""
    if shown_as in ("table", "inline-table") and not in_cell:
        return False
    return parent.layer or (not declared.keys().isdisjoint(LAYERING) and bool(layer_made(declared, parent)))


def layer_made(declared, parent: Style) -> str:
    """The declaration making the element a layer of its own, or ""."""
    for name in LAYERING & declared.keys():
        value = value_of(declared, name)
        if value in (None, "initial", "unset", "revert", "revert-layer", "none"):
            continue
        if name == "opacity":
            found = length(value) if value != UNDECIDED else None
            if found is not None and (found[0] / 100 if found[1] == "%" else found[0]) >= 1:
                continue
        elif name == "z-index" and not parent.items:  # a z-index on a box neither positioned nor an item
            continue
        elif {v.strip() for v in value.replace(",", " ").split()} <= NOT_A_LAYER.get(name, set()):
            continue
        return written(declared, name)
    return ""


# --- a box outside the vendor table drawn over it ------------------------------------------------

def placed_over(style: Style) -> str:
    """The declaration by which a box (an element's, a ::before's or ::after's) may be drawn
    over what the flow puts elsewhere: placed out of the flow (position absolute or fixed: what
    follows flows under it; a float is placed beside a table, never over it), moved with its
    content (offsets, a transform), or painting past its box or its line (painted_over,
    past_the_line: an outline, an inline box's shadow, or its padding past its line)."""
    return style.moved if style.moved and not style.moved.startswith("float") else style.paints_over


@dataclass(frozen=True)
class Held:
    """The room what a box holds takes (html_extent.extent), px: its widest part no line may
    break, its height, and the width its lines are set in (the box's own, a percentage
    worked out), None where not told."""
    wide: float
    high: float
    width: float | None = None


NOTHING_HELD = Held(0.0, 0.0)


FIXED_BAND = WINDOWS[0]["height"] / 4  # px: a quarter of the smaller desktop window's height
PAINT_PAST = frozenset({*OUTLINE, "box-shadow", *BORDER_IMAGES, "-webkit-box-reflect"})  # what paints past a box's border edge


def stuck(declared) -> str:
    """A sticky box's offset: while its container is in view it stays at that edge of the
    window, over what scrolls under it (a stripe at the foot of <body> stays over the table)."""
    if value_of(declared, "position") != "sticky":
        return ""
    return next((f"position: sticky; {written(declared, side)}" for side in OFFSETS
                 if value_of(declared, side) not in (None, *NOT_AN_OFFSET)), "")


def nudged(declared) -> str:
    """A sticky box's offset inward from an edge (above zero): with the page at rest it holds the
    box that far from its scrolling box's edge, within its container, so it may be drawn away
    from its place without any scrolling (hunt 182: `left: 3000px` takes a generated 3 to the far
    side of its cell, drawn `2*Ascend 3`, read 32*Ascend). Inside a cell an error, as a relative
    offset is; a sticky header (`top: 56px` on a <th>) is left as it is."""
    if value_of(declared, "position") != "sticky":
        return ""
    for side in OFFSETS:
        value = value_of(declared, side)
        if value is not None and any(not (w in NOT_AN_OFFSET or is_zero(w) or w.startswith("-")) for w in value.split()):
            return f"position: sticky; {written(declared, side)}"
    return ""


def fixed_band(declared, style: Style, held: Held | None) -> bool:
    """A box fixed (or stuck) to the window whose paint stays within FIXED_BAND: its height or
    max-height (or, with neither set, what it holds) with its vertical padding and borders no
    higher, no min-height past it, neither transformed, zoomed nor turned (writing-mode,
    preformatted lines), not painting past its box, and its overflow clipped or what it holds
    fitting it (`held`: html_extent.held, None where not told): a site's top bar, a
    back-to-top button, a cookie notice. The page scrolls the table past it, so a reader sees
    every part of the table at some point; a taller one (a sheet over the window, a stripe
    down a column, what spills out of a bar) may hide a value for good."""
    if value_of(declared, "position") not in ("fixed", "sticky") or not declared.keys().isdisjoint(PAINT_PAST - {
            "box-shadow"}) or any(value_of(declared, name) not in (None, "none") for name in TRANSFORMS) \
            or style.zoom != 1 or style.writing_mode != "horizontal-tb" or \
            (value_of(declared, "white-space") or "normal").startswith(("pre", "break-spaces")):
        return False
    high = next((px for name in ("height", "max-height") if (value := value_of(declared, name)) is not None
                 and (px := pixels(value)) is not None), None)
    if high is None and held is not None and all(value_of(declared, name) is None for name in ("height", "max-height")) \
            and "auto" in ((value_of(declared, "top") or "auto"), (value_of(declared, "bottom") or "auto")):
        high = held.high  # sized by what it holds (not stretched between a top and a bottom offset)
    least = pixels(value_of(declared, "min-height") or "0")
    if high is None or least is None or least > FIXED_BAND:
        return False
    sized = held is not None and high == held.high and value_of(declared, "height") is None
    inner = high if sized else high - content_box_less(declared, ("top", "bottom"))  # the content's room
    shadow = value_of(declared, "box-shadow")  # a bar's shadow below it (`0 1px 4px`), past it both ways at most
    high += sum(max(side(value_of(declared, f"padding-{s}")), 0.0) + border_px(declared, s, BLACK, False)
                for s in ("top", "bottom")) + 2 * (outer_shadow_reach(shadow, BLACK, False) if shadow else 0.0)
    contained = overflow_axes(declared)[1] in CLIPPING or (held is not None and held.high <= inner)
    return high <= FIXED_BAND and contained


# Characters drawn at most an em wide in any font a page may name: ASCII, CJK ideographs, kana and
# their punctuation and full-width forms. Others may be wider (an emoji, U+FDFD, a per-mille sign
# in a monospace font, Hangul in a fallback font at two ems): three ems.
NARROW_SCRIPTS = re.compile(r"[\u0000-\u007f\u3000-\u30ff\u4e00-\u9fff\uff01-\uff60]")  # ASCII, CJK, kana


def ems(text: str) -> int:
    """How many ems of a line text may take: a full em a character of NARROW_SCRIPTS, three for
    any other."""
    return len(text) + 2 * sum(1 for c in text if not NARROW_SCRIPTS.match(c))


def border_width(declared, where: str) -> float:
    """How much room a box's border on this side takes, px: none where its style draws none, the
    keyword's (thin, medium, thick) or the length's, medium where no width is given, and without
    end where not told here (a unit not resolved)."""
    if value_of(declared, f"border-{where}-style") in (None, "none", "hidden"):
        return 0.0
    width = value_of(declared, f"border-{where}-width") or "medium"
    found = LINE_WIDTHS.get(width, pixels(width))
    return float("inf") if found is None else found


def content_box_less(declared, sides: tuple[str, str]) -> float:
    """How much less room a box's content has than its set size: its padding and borders on
    these sides with `box-sizing: border-box` (not told in px: all of it), none otherwise."""
    if value_of(declared, "box-sizing") != "border-box":
        return 0.0
    total = 0.0
    for where in sides:
        padding = value_of(declared, f"padding-{where}")
        total += 0.0 if padding in (None, "0") else pixels(padding) if pixels(padding) is not None else float("inf")
        total += border_width(declared, where)
    return total


# The pieces lines break between, for the height text takes: runs of collapsible space, single
# characters past ASCII (CJK and Hangul break around each; taken as breaking anywhere, a run of any
# script wraps onto as many lines as it may), and ASCII words
LINE_PIECES = re.compile(r"([ \t\n\r\f]+)|([^\x00-\x7f])|([^ \t\n\r\f\x80-\U0010ffff]+)")


def wrapped_lines(text: str, font: float, width: float) -> int:
    """The lines text takes when set on lines `width` px wide at ems() a character, broken only
    between LINE_PIECES (a space takes an em; a word too wide for a line takes one of its own)."""
    lines, used, space = 1, 0.0, 0.0
    for blank, ideograph, word in LINE_PIECES.findall(text):
        if blank:
            space = font
            continue
        wide = ems(ideograph or word) * font
        if used and used + space + wide > width:
            lines, used = lines + 1, wide
        else:
            used += (space if used else 0.0) + wide
        space = 0.0
    return lines


def text_height(text: str, font: float, line: float | None, width: float | None = None) -> float:
    """How high text set at this font may take, px, with no layout to measure it: ems() a
    character, wrapped at its break points (wrapped_lines) on lines as wide as `width` (the
    smaller window's where not told), each the line height or the glyphs' content area,
    whichever is higher."""
    lines = max(wrapped_lines(text, font, width or WINDOWS[0]["width"]), text.count("\n") + 1)  # kept where preformatted
    return lines * max(CONTENT_AREA * font, line or 0.0)


def text_ink_height(text: str, font: float, line: float | None, width: float | None = None) -> float:
    """How far below its box's top text's glyphs may paint, px: text_height's lines, the last
    one's glyphs centred in its line height (its half-leading below them left out)."""
    height = text_height(text, font, line, width)
    return height - max((line or 0.0) - CONTENT_AREA * font, 0.0) / 2


GUTTER = 32.0  # px: a grid's gutter, which a row's negative side margins take back (Bootstrap's is 15px)


def pulled_over(declared, shown_as: str) -> str:
    """A negative margin drawing a block over what is above or below it, or sideways past a
    grid's gutter over what is beside it, or a text-indent drawing its first line that far out
    of its box (an inline box stays on its own line: the table is a block of its own)."""
    if shown_as in FLAT or shown_as.startswith("inline"):
        return ""
    return next((written(declared, name) for name in (*MARGINS, "text-indent")
                 if side(value_of(declared, name), negative_only=True) < (-GUTTER if name not in ("margin-top", "margin-bottom")
                                                                          else 0.0)), "")


def spills(declared, shown_as: str, held: Held | None) -> str:
    """A box whose content may spill out of it onto what lies below or beside it: a height (or
    max-height) set in a length, or a float of a set width, with its overflow visible, and what
    it holds (`held`: html_extent.extent, taken on the large side; None where not told) higher
    or wider than that (a width in % as worked out for `held`)."""
    if shown_as in ("none", "contents") or shown_as in FLAT or held == NOTHING_HELD:
        return ""
    across, down = overflow_axes(declared)
    sizes = ("height", "max-height") + (("width", "max-width") if value_of(declared, "float") not in (None, "none") else ())
    for name in sizes:
        value = value_of(declared, name)
        if value is None or length(value) is None or (down if "height" in name else across) != "visible":
            continue
        px = pixels(value)
        if px is None and "width" in name and held is not None and length(value)[1] == "%":
            px = held.width  # the lines' width, worked out down the widths set around it
        elif px is not None:
            px -= content_box_less(declared, ("left", "right") if "width" in name else ("top", "bottom"))
        if held is None or px is None or (held.wide if "width" in name else held.high) > px:
            return written(declared, name)
    return ""


def drawn_over_others(style: Style, declared, held: Held | None = NOTHING_HELD, inside: bool = False,
                      scrolls: bool = True) -> str:
    """The declaration by which a box outside the vendor table may be drawn over it (placed_over,
    stuck, pulled_over, spills), but for a fixed band (fixed_band) and a box drawn nowhere
    (out_of_the_page); "" for none. `held`: the room what it holds takes (html_extent.held),
    None where not told; `inside`: placed absolutely inside its container
    (html_extent.placed_inside), where it is then drawn is its container's place; `scrolls`:
    the page scrolls freely (no scroll snapping), which a fixed band needs."""
    if (scrolls and fixed_band(declared, style, held)) or out_of_the_page(declared):
        return ""
    return (style.paints_over if inside else placed_over(style)) or stuck(declared) or \
        pulled_over(declared, style.display) or spills(declared, style.display, held)


# What widens a box, or moves it back from far off the page's left edge, or paints past it
UNDOING = frozenset({*MARGINS, "padding-left", "padding-right", "min-width", "border-left-width", "border-right-width",
                     *TRANSFORMS, *PAINT_PAST})


def out_of_the_page(declared) -> bool:
    """A box drawn nowhere a reader sees: clipped to nothing, a 1px box with its overflow hidden
    (the visually-hidden pattern), or placed far past the page's left edge (a skip link at
    `left: -9999px`), with nothing painting past it (a shadow, an outline, borders) and nothing
    widening it or moving it back (a margin, a transform). Off the screen (off_screen) is not
    enough outside the table: moved far up or down from its place, a box lands elsewhere on a
    page as long as the vendor table's."""
    if declared.keys().isdisjoint(PLACING):
        return False
    position = value_of(declared, "position")
    if legacy_clip(value_of(declared, "clip") or "", position) or clipped_away(value_of(declared, "clip-path"), (0.0, 0.0)):
        return True
    undone = any(value_of(declared, name) not in (None, "none", "0", "auto", "0px") for name in UNDOING & declared.keys())
    if undone:
        return False
    width = value_of(declared, "width")
    if all((pixels(size or "x") or 99) <= 1 for size in (width, value_of(declared, "height"))) \
            and value_of(declared, "overflow") in ("hidden", "clip"):
        return True
    left, right = (value_of(declared, name) or "0" for name in ("left", "right"))
    return position in ("absolute", "fixed", "relative") and ((far(left) and left.startswith("-"))
                                                            or (far(right) and not right.startswith("-"))) \
        and (width is None or (pixels(width) or WINDOW) < WINDOW)


# --- what this reader does not model ---------------------------------------------------------------

INERT = frozenset({"none", "normal", "inherit", "initial"})  # unset and revert: resolved before (css_wide)
STROKES = ("-webkit-text-stroke", "-webkit-text-stroke-width")
# math-depth: with `font-size: math` (here or inside) text is drawn 0.71 times smaller per level
# text-emphasis draws a mark over or under each glyph: a shape (dot, sesame: CJK emphasis), or a
# string of any character (`'1'` over the 3 of 32 reads 132), like a ruby annotation
EMPHASIS = ("text-emphasis", "text-emphasis-style", "-webkit-text-emphasis", "-webkit-text-emphasis-style")
UNMODELLED_EFFECTS = ("animation", "animation-name", "font-size-adjust", "offset-path", "offset", "math-depth",
                      "background-blend-mode", "-webkit-box-reflect")  # a background blended into black (difference
# of white over white), a mirrored copy of the box drawn beside it (an 8 beside an 8)
HYPHENATE = ("hyphenate-character", "-webkit-hyphenate-character")
HYPHENS = frozenset({"auto", "-", "\u2010", "\u00ad"})  # what a broken word may end with and still read as one
# corner-shape (Chromium 139): a rounded corner drawn as another curve; a box clipping its overflow cuts
# what lies in its corners to it (hunt 136: a notch cut the 3 of 32*Ascend away)
CORNER_SHAPES = ("corner-shape", *(f"corner-{corner}-shape" for corner in (
    "top-left", "top-right", "bottom-right", "bottom-left", "start-start", "start-end", "end-start", "end-end",
    "top", "right", "bottom", "left", "block-start", "block-end", "inline-start", "inline-end")))
# the corners that cut no more than round ones do: round itself, and flatter or squarer curves
NO_DEEPER_THAN_ROUND = frozenset({"round", "squircle", "square", "infinity"})
# The radii of a box's corners: a box clipping its overflow cuts what lies past its rounded corners
RADII = ("border-radius", *(f"border-{corner}-radius" for corner in (
    "top-left", "top-right", "bottom-right", "bottom-left", "start-start", "start-end", "end-start", "end-end")))
# A corner rounded no further past the padding than this share of the box's font size cuts no more than
# the anti-aliased edge of a glyph (Chromium 156 on the vendor's 16px values and names: 8px, none; 12px,
# 1 to 3 pixels; a radius past half the box's height is cut back to it), but 100% cuts a digit away
ROUND_FLOOR = 0.75
AROUND_FLOOR = 16.0
NOT_MODELLED = frozenset({*UNMODELLED_EFFECTS, *STROKES, *HYPHENATE, *EMPHASIS, *CORNER_SHAPES, "text-shadow",
                          "text-overflow", "font-family", "z-index", "overflow-clip-margin", "clip-path"})


def rounded_into_content(declared, in_cell: bool, font_px: float) -> str:
    """The radius of a corner of a box clipping its overflow that reaches past the padding on
    both its sides, into the text, by more than ROUND_FLOOR of its font size (hunt 145: `overflow:
    hidden; border-top-left-radius: 100%` cut the 3 of 32*Ascend away, and 32 was published); of a
    box outside the table's cells (a wrapper), by more than AROUND_FLOOR. How far a percentage
    reaches, no layout here tells: one above 0 counts as reaching. The declaration as written, or ""."""
    if set(overflow_axes(declared)) == {"visible"} or declared.keys().isdisjoint(RADII):
        return ""
    padding = {name: max(side(value_of(declared, f"padding-{name}")), 0.0) for name in SIDES}
    reach = min(max(padding[across], padding[down]) for across in ("left", "right") for down in ("top", "bottom")) \
        + (ROUND_FLOOR * font_px if in_cell else AROUND_FLOOR)
    for name in RADII:
        value = value_of(declared, name)
        if value is None or value in INERT:
            continue
        for word in value.replace("/", " ").split():
            px = pixels(word)
            found = length(word)
            if (px is None and (found is None or found[0] != 0)) or (px is not None and px > reach):
                return written(declared, name)
    return ""


def clipped_at_content(declared, parent: Style) -> str:
    """The declaration of a box cutting what lies outside its content box (clip-path: content-box or fill-box; or
    overflow-clip-margin: content-box on a box clipping its overflow), its text indented back
    into its padding: the glyphs there cut off, which no layout here measures (hunt 137:
    `overflow: clip; overflow-clip-margin: content-box; padding-left: 1em; text-indent: -1.2ch`
    drew 128*Ascend as 28*Ascend); "" for none."""
    clip_path = (value_of(declared, "clip-path") or "").split()  # a box alone, or a shape in that box
    by = "clip-path" if {"content-box", "fill-box"} & set(clip_path) else ""
    if not by and "content-box" in (value_of(declared, "overflow-clip-margin") or ""):
        contain = set(containment(declared))
        if "clip" in overflow_axes(declared) or {"strict", "content", "paint"} & contain or \
                value_of(declared, "content-visibility") == "auto":
            by = "overflow-clip-margin"
    indent = value_of(declared, "text-indent")
    indent_px = side((indent.split() or ["0"])[0]) if indent not in (None, "inherit") else parent.indent
    return written(declared, by) if by and indent_px < 0 else ""


def cut_deeper_than_round(value: str) -> bool:
    """A corner-shape value cutting some corner deeper than a round one: bevel, scoop, notch, a
    superellipse of a parameter below 1 (1 is round), or anything this reader does not know."""
    for token in tinycss2.parse_component_value_list(value):
        if token.type in ("whitespace", "comment"):
            continue
        if token.type == "ident" and token.lower_value in NO_DEEPER_THAN_ROUND:
            continue
        if token.type == "function" and token.lower_name == "superellipse":
            argument = [t for t in token.arguments if t.type not in ("whitespace", "comment")]
            if len(argument) == 1 and ((argument[0].type == "number" and argument[0].value >= 1)
                                       or (argument[0].type == "ident" and argument[0].lower_value == "infinity")):
                continue
        return True
    return False


def strokes(value: str) -> bool:
    """A text stroke of some width (`6px #fff`, `thin`, or one a math function computes:
    `hypot(5px)`): painted over the glyphs' edges."""
    return any(w in ("thin", "medium", "thick") or (length(w) is not None and length(w)[0] != 0)
               for w in value.split()) or MATH_CALL.search(value) is not None


def beneath(declared, parent: Style) -> bool:
    """A negative z-index on a box it applies to (positioned, or a flex or grid item): the box is
    painted first in its stacking context, under the backgrounds of the blocks, the table, its rows
    and cells painted there (`td{background:#fff}` hides a `1` so placed before 32*Ascend: checked in
    Chromium). Which of them lie over it, no layout here tells."""
    value = value_of(declared, "z-index")
    if value is None or not value.lstrip().startswith("-"):
        return False
    return parent.items or value_of(declared, "position") not in (None, "static", *INERT)


# The keywords of the animation shorthand's other longhands (timing, iteration, direction, fill
# mode, play state, an `auto` duration): any other identifier or a string is an animation's name
ANIMATION_KEYWORDS = frozenset({"ease", "linear", "ease-in", "ease-out", "ease-in-out", "step-start", "step-end",
                                "infinite", "normal", "reverse", "alternate", "alternate-reverse", "forwards",
                                "backwards", "both", "running", "paused", "auto", "none"})


def no_animation(value: str) -> bool:
    """An animation (or animation-name) list naming no keyframes: its words are keywords,
    times, numbers or timing functions, and a `none` there is an entry's fill mode or its name
    (the name is none either way): what a script setting `animation = "none"` leaves, serialised
    by Chromium as `auto ease 0s 1 normal none running none` (AMP; hunt 61)."""
    for token in tinycss2.parse_component_value_list(value):
        if token.type in ("whitespace", "comment", "number", "function") or (
                token.type == "literal" and token.value == ","):
            continue
        if token.type == "dimension" and token.lower_unit in ("s", "ms"):
            continue
        if token.type == "ident" and token.lower_value in ANIMATION_KEYWORDS:
            continue
        return False  # a name (an identifier or a string), or what this reader does not know
    return True


def unmodelled(declared, parent: Style) -> str:
    """The declaration, here or on an ancestor (each reaches the text inside), that may change
    what the text shows in a way this reader does not work out: an animation (its keyframes may
    fade, hide, move or recolour it, for ever with `forwards` or `paused`), a text stroke
    (painted over the glyphs: a wide white one paints them out), font-size-adjust (its size
    from the font's x-height: 0 draws nothing), a motion path (offset-path moves the box), a
    text shadow moved past TEXT_SHADOW_FLOOR (a copy of the glyphs drawn elsewhere, in the
    background's colour over the text beside them, or legible as other digits), a text-overflow
    ellipsis in a box clipping its overflow (`132*Ascend` drawn as `1…` where the box is narrow;
    no layout here tells how narrow), a hyphenate-character other than a hyphen (drawn where the
    line breaks at a soft hyphen), a symbol font (sign_fonts), an emphasis mark (text-emphasis:
    a `'1'` drawn over the 3 of 32), a negative z-index (beneath)."""
    if parent.unmodelled or UNRESOLVED in declared:
        return parent.unmodelled or declared[UNRESOLVED].value
    if declared.keys().isdisjoint(NOT_MODELLED):
        return ""
    for name in UNMODELLED_EFFECTS:
        value = value_of(declared, name)
        if value is not None and value not in INERT and not (name.startswith("animation") and no_animation(value)):
            return written(declared, name)
    shadow = value_of(declared, "text-shadow")
    if shadow is not None and outer_shadow_reach(shadow, parent.color, parent.dark, blurred=False) > TEXT_SHADOW_FLOOR:
        return written(declared, "text-shadow")  # a copy of the glyphs drawn where other text is, or over it
    cut_off = value_of(declared, "text-overflow")
    if cut_off not in (None, "clip", *INERT) and overflow_axes(declared)[0] in CLIPPING:
        return written(declared, "text-overflow")  # what overflows its line drawn as `…`: the value cut short
    if set(overflow_axes(declared)) != {"visible"}:  # its content clipped to its border's curves
        shaped = next((name for name in CORNER_SHAPES if (value := value_of(declared, name)) is not None
                       and value not in INERT and cut_deeper_than_round(value)), None)
        if shaped is not None:
            return written(declared, shaped)
    for name in HYPHENATE:  # drawn where a line breaks at a soft hyphen (`3&shy;2` in a narrow box: 31 / 2)
        value = value_of(declared, name)
        if value is not None and value not in INERT and value.strip("'\"") not in HYPHENS:
            return written(declared, name)
    if beneath(declared, parent):
        return written(declared, "z-index")  # painted under the backgrounds of its stacking context
    at_content = clipped_at_content(declared, parent)
    if at_content:
        return at_content
    families = value_of(declared, "font-family")
    # a font of signs named anywhere in the list: the families before it may be missing on a reader's system
    if families is not None and any(of_signs(name) for name in family_names(families)):
        return written(declared, "font-family")
    for name in EMPHASIS:  # a string drawn as the mark: a shape's keyword draws a dot, a circle, a sesame
        value = value_of(declared, name)
        if value is not None and ('"' in value or "'" in value):
            return written(declared, name)
    return next((written(declared, name) for name in STROKES
                 if value_of(declared, name) is not None and strokes(value_of(declared, name))), "")


# --- generated text (::before, ::after) ----------------------------------------------------------

def attr_fallback(arguments, declared, element: etree._Element, source: str) -> str:
    """What attr() draws for a missing attribute: its fallback, a string after the first comma;
    none is empty; anything else is not text this reader spells out."""
    commas = [i for i, t in enumerate(arguments) if t.type == "literal" and t.value == ","]
    if not commas:
        return ""
    rest = [t for t in arguments[commas[0] + 1:] if t.type not in ("whitespace", "comment")]
    if len(rest) == 1 and rest[0].type == "string":
        return rest[0].value
    raise SourceError(source, Problem(Place(), f"generated text `content: {declared['content'].value}` on a "
                                      f"<{element.tag}> this reader cannot spell out", "content of strings and "
                                      "attr() with a string fallback, or none"))


def typed_attr(arguments, declared, element: etree._Element, source: str) -> str | None:
    """The text of a typed attr() in `content` (`attr(data-n type(<number>))`, `attr(w px)`): the
    attribute parsed as its type (css_substitute.attr, the fallback where it does not parse). Only
    strings are content: a number, length or ident makes the declaration invalid at
    computed-value time, and so does a missing attribute without a fallback (None: nothing is
    drawn; checked in Chromium 156, hunt 59)."""
    try:
        tokens = [t for t in attr(arguments, element) if t.type not in ("whitespace", "comment")]
    except Invalid:
        return None
    except Unresolved:
        raise SourceError(source, Problem(Place(), f"generated text `content: {declared['content'].value}` on a "
                                          f"<{element.tag}> this reader cannot spell out", "content of strings and "
                                          "attr() of a type this reader parses, or none")) from None
    if not tokens or any(t.type != "string" for t in tokens):
        return None
    return "".join(t.value for t in tokens)


def generated_text(declared: dict[str, Declaration], element: etree._Element, source: str) -> str:
    """The text `content` adds: strings and attr(); none/normal add nothing; what follows a `/`
    is alternative text for assistive technology, not drawn (`content: "1" / ""` draws 1: checked
    in Chromium); counters, quotes and images are not text this reader can tell: an error naming
    the declaration."""
    d = declared.get("content")
    if d is None:
        return ""
    pieces = []
    for token in d.tokens:
        if token.type in ("whitespace", "comment"):
            continue
        if token.type == "literal" and token.value == "/":
            break
        if token.type == "string":
            pieces.append(token.value)
        elif token.type == "ident" and token.lower_value in ("none", "normal"):
            return ""
        elif token.type == "function" and token.lower_name == "attr" and len(words(after_first_comma(token.arguments)[0])) > 1:
            typed = typed_attr(token.arguments, declared, element, source)
            if typed is None:
                return ""  # invalid at computed-value time: content is normal, nothing drawn
            pieces.append(typed)
        elif token.type == "function" and token.lower_name == "attr":
            name = next((t.value for t in token.arguments if t.type == "ident"), "")
            value = element.get(name.lower())
            if value is None:  # a missing attribute draws the fallback after the comma (`attr(data-n, "1")`)
                value = attr_fallback(token.arguments, declared, element, source)
            pieces.append(value)
        else:
            raise SourceError(source, Problem(Place(), f"generated text `content: {d.value}` on a <{element.tag}> "
                                              "this reader cannot spell out", "content of strings and attr() "
                                              "only, or none"))
    return "".join(pieces)
