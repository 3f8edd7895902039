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
  evaluate exactly in a property that decides this (`calc(1em - 16px)`, env(), a polygon) is
  taken as out of sight, never ignored (math functions of plain lengths are evaluated, css_math.py);
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

from lxml import etree
from tinycss2.color4 import parse_color

from ..errors import Place, Problem, SourceError
from .css_math import evaluated, has_function, positive_floor
from .html_files import SavedFiles
from .html_cascade import (HINTED_BY_ATTRIBUTES, Declaration, Sheets, cascaded, check_undecided, expanded,
                           matched_rules, page_sheets, pseudo_elements, substituted, uses_var)

WINDOW = 1000.0  # px: text moved this far from its place is off any desktop screen
CONTRAST_FLOOR = 1.25  # WCAG contrast ratio below which text does not stand out from its background
BLOCK_TAGS = frozenset({
    "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
    "table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th", "section", "article", "address", "aside",
    "center", "details", "summary", "dialog", "dir", "fieldset", "legend", "figure", "figcaption", "footer",
    "header", "hgroup", "hr", "listing", "main", "menu", "nav", "plaintext", "search", "xmp", "form"})
# Content that is not part of the word beside it whatever the style: a footnote mark, a
# subscript, a struck-out old value, an edit's insertion or deletion.
SEPARATE_TAGS = frozenset({"sup", "sub", "s", "strike", "del", "ins"})
OWN_BOX = frozenset({"inline-block", "inline-flex", "inline-grid", "inline-table", "inline-flow-root"})
ITEMS_OF = frozenset({"flex", "grid", "inline-flex", "inline-grid"})
LENGTH = re.compile(r"([+-]?(?:\d+\.?\d*|\.\d+))([a-z]+|%)?")
PX_PER = {None: 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 9.6 / 2.54, "em": 16.0,
          "rem": 16.0, "ex": 8.0, "ch": 8.0, "vw": 10.24, "vh": 7.68}
# Properties whose value decides whether a reader sees text: one with a function is evaluated
# exactly (calc(0px) -> 0px), or is UNDECIDED, which each reads as out of sight.
DECIDING = frozenset({"font-size", "opacity", "filter", "text-indent", "left", "right", "top", "bottom",
                      "margin-left", "width", "height", "clip", "clip-path", "letter-spacing", "word-spacing"})
UNDECIDED = "\x00undecided"  # never a value as written: tinycss2 turns NUL into U+FFFD
# Properties where a positive lower bound decides (a size not zero, a spacing not negative)
SIGN_DECIDES = frozenset({"font-size", "opacity", "letter-spacing", "word-spacing", "width", "height", "margin-left"})
# clip-path values that clip nothing of the text: none, or a box's own edges
CLIPS_NOTHING = frozenset({"none", "initial", "unset", "revert", "inherit", "margin-box", "border-box", "padding-box",
                           "content-box", "fill-box", "stroke-box", "view-box"})
WHITE, BLACK = (1.0, 1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 1.0)
# A text colour this reader cannot compute (color-mix(), a relative colour, calc() in rgb()):
# taken as no ink, so the text is out of sight rather than read in a colour it may not have.
UNKNOWN_INK = (0.0, 0.0, 0.0, 0.0)


def length(value: str) -> tuple[float, str | None] | None:
    """A CSS length as (number, unit), None for anything else (keywords, UNDECIDED)."""
    match = LENGTH.fullmatch(value.strip())
    return (float(match[1]), match[2]) if match else None


def pixels(value: str) -> float | None:
    """A length in CSS pixels (em and rem at the default 16px); None for percentages and others."""
    found = length(value)
    return None if found is None or found[1] not in PX_PER else found[0] * PX_PER[found[1]]


def is_zero(value: str) -> bool:
    found = length(value)
    return found is not None and found[0] == 0


def far(value: str) -> bool:
    """A length that takes text off any desktop screen (-9999px, 100vw, 200%)."""
    found = length(value)
    if found is None:
        return False
    return abs(found[0]) >= 100 if found[1] in ("%", "vw") else abs(found[0] * PX_PER.get(found[1], 1.0)) >= WINDOW


def rgba(value: str, current: tuple) -> tuple | None:
    """A colour as sRGB (r, g, b, alpha), `currentcolor` the inherited colour; None if not one."""
    if value in ("currentcolor", "inherit"):
        return current
    try:
        colour = parse_color(value)
    except Exception:  # noqa: BLE001 (malformed input)
        return None
    if colour is None or isinstance(colour, str):
        return current if colour == "currentcolor" else None
    srgb = colour.to("srgb")
    return (*(min(1.0, max(0.0, c)) for c in srgb.coordinates), srgb.alpha)


def over(colour: tuple, background: tuple) -> tuple:
    """The colour drawn over an opaque background (alpha blended)."""
    a = colour[3]
    return (*(a * c + (1 - a) * b for c, b in zip(colour[:3], background[:3])), 1.0)


def luminance(colour: tuple) -> float:
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in colour[:3]]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(colour: tuple, background: tuple) -> float:
    lighter, darker = sorted((luminance(over(colour, background)), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@dataclass(frozen=True, slots=True)
class Style:
    """An element's computed style, as far as it decides what a reader sees of its text."""
    display: str = "inline"
    visibility: str = "visible"
    font_zero: bool = False
    color: tuple = BLACK
    fill: tuple | None = None  # -webkit-text-fill-color where set (it paints the glyphs instead of color)
    background: tuple = WHITE  # the nearest background colour below the text (the canvas is white)
    faded: bool = False  # opacity 0 here or on an ancestor
    off_screen: bool = False  # moved off the screen here or with an ancestor
    indent_off: bool = False  # text-indent (inherited) takes the text off the screen
    letters_piled: bool = False  # a negative letter-spacing (inherited): glyphs drawn over one another
    words_piled: bool = False  # a negative word-spacing (inherited): words drawn over one another
    own_box: bool = False  # a box of its own beside its neighbours: a separate word
    mark: bool = False  # a footnote mark or a struck value: set apart in brackets
    items: bool = False  # a flex or grid container: each child is a box of its own
    direction: str = "ltr"  # inherited; `dir` or `direction` (rtl mirrors a table's columns)
    writing_mode: str = "horizontal-tb"  # inherited (vertical turns a table's rows into columns)
    moved: str = ""  # the declaration drawing this box off its place: float, out of flow, offsets, a transform
    shifted: str = ""  # of those, one that moves its content too: offsets or a transform
    flipped: str = ""  # a transform here or on an ancestor that mirrors, turns or skews what it draws
    custom: dict = field(default_factory=dict, compare=False)  # custom properties (inherited), for var()
    # derived from the above once (finish), read for every piece of text
    removed: bool = False  # display:none: not laid out at all
    shown: bool = True  # visibility visible
    block: bool = False  # on lines of its own
    unseen: bool = False  # laid out, but out of sight


def finish(style: Style) -> Style:
    """The style with its derived values set."""
    ink = style.fill if style.fill is not None else style.color
    unseen = (style.font_zero or style.faded or style.off_screen or style.indent_off or style.letters_piled
              or style.words_piled or ink[3] == 0 or contrast(ink, style.background) < CONTRAST_FLOOR)
    block = not (style.display.startswith("inline") or style.display in ("contents", "ruby", "none"))
    return replace(style, removed=style.display == "none", shown=style.visibility == "visible", block=block,
                   unseen=unseen)


ROOT = finish(Style(display="block"))


# --- one function per computed value (declared: the winning declarations; parent: its style) ---

def value_of(declared: dict[str, Declaration], name: str) -> str | None:
    d = declared.get(name)
    return d.value.removesuffix("!important").strip() if d is not None else None


def display(declared, parent: Style) -> str:
    value = value_of(declared, "display")
    if value in (None, "initial", "unset", "revert"):
        return "inline"
    if value == "inherit":
        return parent.display
    words = value.split()
    if words[0] in ("inline", "block", "run-in") and len(words) > 1:  # two-value syntax
        outer, inner = words[0], words[1]
        return inner if outer != "inline" else ("inline" if inner == "flow" else f"inline-{inner}")
    return words[0]


def visibility(declared, parent: Style) -> str:
    value = value_of(declared, "visibility")
    return value if value in ("visible", "hidden", "collapse") else parent.visibility


def font_zero(declared, parent: Style) -> bool:
    """font-size 0, inherited; a relative size of a zero size stays zero; an absolute one undoes it."""
    value = value_of(declared, "font-size")
    if value is None or value == "inherit":
        return parent.font_zero
    if value == UNDECIDED:
        return True
    found = length(value)
    if found is not None:
        return found[0] == 0 or (parent.font_zero and found[1] in ("em", "%", "ex", "ch"))
    return parent.font_zero and value in ("smaller", "larger")


def color(declared, parent: Style, element) -> tuple:
    value = value_of(declared, "color") or (element.get("color") if element.tag == "font" else None)
    found = rgba(value, parent.color) if value else None
    return found or (UNKNOWN_INK if value and has_function(value) else parent.color)


def fill(declared, parent: Style, colour: tuple) -> tuple:
    """The colour the glyphs are filled with: -webkit-text-fill-color (inherited) where set,
    else the colour (`-webkit-text-fill-color: transparent` hides text whatever its colour)."""
    value = value_of(declared, "-webkit-text-fill-color")
    if value is None or value == "inherit":
        return parent.fill if parent.fill is not None else None
    if value in ("currentcolor", "initial", "unset"):
        return None
    return rgba(value, colour) or (UNKNOWN_INK if has_function(value) else None)


def background(declared, parent: Style, element) -> tuple:
    value = value_of(declared, "background-color") or element.get("bgcolor")
    found = rgba(value, parent.color) if value else None
    return parent.background if found is None or found[3] == 0 else over(found, parent.background)


def faded(declared, parent: Style) -> bool:
    """Opacity 0, here or on an ancestor, by `opacity` or by the `opacity()` filter."""
    value = value_of(declared, "opacity")
    filtered = re.search(r"(?:^|\s)opacity\(\s*([^)]*)\)", value_of(declared, "filter") or "")
    return parent.faded or UNDECIDED in (value, value_of(declared, "filter")) or any(
        v is not None and length(v) is not None and length(v)[0] <= 0 for v in (value, filtered and filtered[1]))


def off_screen(declared, parent: Style) -> bool:
    """Moved off the screen: positioned far away, clipped to nothing, or the visually-hidden
    pattern (a 1px box with its overflow hidden)."""
    if parent.off_screen:
        return True
    positioned = value_of(declared, "position") in ("absolute", "fixed", "relative")
    sides = [value_of(declared, side) or "0" for side in ("left", "right", "top", "bottom")]
    if positioned and any(far(side) or side == UNDECIDED for side in sides):
        return True
    margin = value_of(declared, "margin-left") or "0"
    if margin == UNDECIDED or (far(margin) and margin.startswith("-")):
        return True
    clip = value_of(declared, "clip") or ""
    if clip == UNDECIDED or clip.startswith("rect(") and len(set(re.findall(r"[\d.]+", clip)) | {"0"}) == 1:
        return True
    if clipped_away(value_of(declared, "clip-path")):
        return True
    tiny = all(size == UNDECIDED or (pixels(size or "x") or 99) <= 1
               for size in (value_of(declared, "width"), value_of(declared, "height")))
    return tiny and value_of(declared, "overflow") in ("hidden", "clip")


def clipped_away(value: str | None) -> bool:
    """Whether a clip-path may hide the text: inset() by half the box or more from a side (a
    line of text is centred, so half of it or more is gone) or by a length off any screen;
    any other shape (polygon(), circle(), path(), url()), which this reader does not lay over
    the text, is taken to hide it."""
    if value is None or all(word in CLIPS_NOTHING for word in value.split()):
        return False
    inset = re.fullmatch(r"inset\(([^()]*)\)(\s+[a-z-]+)?", value)
    if inset is None:
        return True
    amounts = [length(word) for word in inset[1].split(" round ")[0].split()]
    if not amounts or len(amounts) > 4 or None in amounts:
        return True
    return any(n >= 50 if unit == "%" else far(f"{n}{unit or ''}") for n, unit in amounts)


def indent_off(declared, parent: Style) -> bool:
    value = value_of(declared, "text-indent")
    return parent.indent_off if value is None or value == "inherit" else value == UNDECIDED or far(value)


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
    px = pixels(value)
    ems = found[0] / 100 if found[1] == "%" else px / 16 if px is not None else None
    return ems is None or ems < SPACING_FLOOR_EM  # a unit not taken to ems (vw): tighter than any floor


def own_box(declared, parent: Style, shown_as: str) -> bool:
    """A box of its own beside its neighbours: an atomic inline box, a float, a positioned box,
    a flex or grid item, or one with a horizontal margin, padding or border."""
    if shown_as in OWN_BOX or parent.items:
        return True
    if value_of(declared, "float") in ("left", "right", "inline-start", "inline-end"):
        return True
    if value_of(declared, "position") in ("absolute", "fixed"):
        return True
    for side in ("left", "right"):
        margin, padding = value_of(declared, f"margin-{side}"), value_of(declared, f"padding-{side}")
        if (margin and not is_zero(margin) and margin != "auto") or (padding and not is_zero(padding)):
            return True
        width, style = value_of(declared, f"border-{side}-width"), value_of(declared, f"border-{side}-style")
        if style not in (None, "none", "hidden") and not is_zero(width or "medium"):
            return True
    return False


def mark(declared, tag: str) -> bool:
    decoration = value_of(declared, "text-decoration-line") or ""
    return tag in SEPARATE_TAGS or value_of(declared, "vertical-align") in ("super", "sub") \
        or "line-through" in decoration


def custom_properties(declared: dict[str, Declaration], parent: Style) -> dict:
    """The element's custom properties: its parent's, and its own (their var() resolved)."""
    own = {name: d for name, d in declared.items() if name.startswith("--")}
    if not own:
        return parent.custom
    written = {**parent.custom, **{name: list(d.tokens) for name, d in own.items()}}  # one may use another
    custom = dict(parent.custom)
    for name, d in own.items():
        value = substituted(d.tokens, written)
        custom.pop(name, None) if value is None else custom.__setitem__(name, value)
    return custom


def with_vars(declared: dict[str, Declaration], custom: dict) -> dict[str, Declaration]:
    """The declarations with var() substituted, then expanded as written that way (a
    shorthand into the longhands this reader uses); one whose variable is undefined is
    dropped, as a browser drops it at computed-value time."""
    if not any(uses_var(d.tokens) for name, d in declared.items() if not name.startswith("--")):
        return declared
    out = {}
    for name, d in declared.items():
        if name.startswith("--") or not uses_var(d.tokens):
            out.setdefault(name, d)
            continue
        tokens = substituted(d.tokens, custom)
        for longhand in expanded(name, tokens, d.important) if tokens is not None else ():
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


def computed(declared: dict[str, Declaration], parent: Style, element: etree._Element, tag: str) -> Style:
    custom = custom_properties(declared, parent)
    declared = exact(with_vars(declared, custom))
    shown_as = display(declared, parent)
    colour = color(declared, parent, element)
    shift = shifted(declared)
    return finish(Style(display=shown_as, visibility=visibility(declared, parent), font_zero=font_zero(declared, parent),
                 color=colour, fill=fill(declared, parent, colour), background=background(declared, parent, element),
                 faded=faded(declared, parent), off_screen=off_screen(declared, parent),
                 indent_off=indent_off(declared, parent),
                 letters_piled=piled(declared, "letter-spacing", parent.letters_piled),
                 words_piled=piled(declared, "word-spacing", parent.words_piled),
                 own_box=own_box(declared, parent, shown_as),
                 mark=mark(declared, tag), items=shown_as in ITEMS_OF, custom=custom,
                 direction=direction(declared, parent, element), writing_mode=writing_mode(declared, parent),
                 moved=moved(declared, shift), shifted=shift, flipped=flipped(declared, parent)))


# --- where a box is drawn ----------------------------------------------------------------------

OFFSETS = ("left", "right", "top", "bottom", "inset", "inset-inline", "inset-block", "inset-inline-start",
           "inset-inline-end", "inset-block-start", "inset-block-end")
NOT_AN_OFFSET = frozenset({"auto", "initial", "unset", "revert", "inherit"})
TRANSFORMS = ("transform", "translate", "rotate", "scale")
FUNCTION = re.compile(r"([a-z0-9-]+)\(([^()]*)\)")
# transform functions that move a box without mirroring or turning it; with these arguments, not at all
TRANSLATIONS = frozenset({"translate", "translatex", "translatey", "translate3d", "translatez", "perspective"})
SCALINGS = frozenset({"scale", "scalex", "scaley", "scale3d", "scalez"})


def numbers_of(arguments: str) -> list[float] | None:
    """The arguments of a transform function as numbers (units dropped), None if one is not."""
    found = [length(word) for word in re.split(r"[\s,]+", arguments.strip()) if word]
    return None if None in found else [n for n, _ in found]


def transform_kind(name: str, value: str) -> str:
    """'none' (draws the box where it is), 'moves' (translates, or scales it up or down) or
    'turns' (mirrors, rotates, skews, or anything not worked out here: calc(), matrix())."""
    if value in ("none", "initial", "unset", "revert") or not value:
        return "none"
    if name != "transform":  # the individual properties: translate, rotate, scale (CSS Transforms 2)
        found = numbers_of(value)
        if found is None:
            return "turns"
        if name == "translate":
            return "none" if not any(found) else "moves"
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
        if function in ("translatez", "perspective") or (function == "translate3d" and not any(found[:2])):
            kinds.add("none")  # depth only: the drawing's place on the page does not change
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
    return f"{name}: {value_of(declared, name)}"


def shifted(declared) -> str:
    """The declaration that draws the box and its content elsewhere than its place: a position
    with an offset that is not zero (sticky only moves it while the page scrolls), a transform."""
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
    return next((written(declared, name) for name in TRANSFORMS
                 if transform_kind(name, value_of(declared, name) or "none") == "turns"), "")


def direction(declared, parent: Style, element) -> str:
    value = value_of(declared, "direction")
    if value in ("ltr", "rtl"):
        return value
    hint = (element.get("dir") or "").strip().lower()
    return hint if hint in ("ltr", "rtl", "auto") else parent.direction


def writing_mode(declared, parent: Style) -> str:
    value = value_of(declared, "writing-mode") or value_of(declared, "-webkit-writing-mode")
    if value in (None, "inherit", "unset"):
        return parent.writing_mode
    return "horizontal-tb" if value in ("initial", "revert", "lr", "lr-tb", "rl", "rl-tb") else value


# --- generated text (::before, ::after) ----------------------------------------------------------

def generated_text(declared: dict[str, Declaration], element: etree._Element, source: str) -> str:
    """The text `content` adds: strings and attr(); none/normal add nothing; counters, quotes
    and images are not text this reader can tell: an error naming the declaration."""
    d = declared.get("content")
    if d is None:
        return ""
    pieces = []
    for token in d.tokens:
        if token.type in ("whitespace", "comment"):
            continue
        if token.type == "string":
            pieces.append(token.value)
        elif token.type == "ident" and token.lower_value in ("none", "normal"):
            return ""
        elif token.type == "function" and token.lower_name == "attr":
            name = next((t.value for t in token.arguments if t.type == "ident"), "")
            pieces.append(element.get(name.lower()) or "")
        else:
            raise SourceError(source, Problem(Place(), f"generated text `content: {d.value}` on a <{element.tag}> "
                                              "this reader cannot spell out", "content of strings and attr() "
                                              "only, or none"))
    return "".join(pieces)


# --- the page's styles ------------------------------------------------------------------------------

def parent_tag(element: etree._Element) -> str | None:
    parent = element.getparent()
    return parent.tag if parent is not None else None


class Styles:
    """The computed style of every element of a page, computed on demand from the root down."""

    def __init__(self, root: etree._Element, source: str, files: SavedFiles | None = None):
        self.source = source
        sheets: Sheets = page_sheets(root, files)
        check_undecided(root, sheets, changes_reading, source)
        self.matched = matched_rules(root, sheets, source)
        self.computed: dict[etree._Element, Style] = {}
        self.shared: dict[tuple[int, str], tuple[Style, Style]] = {}  # (parent style, tag) -> style

    def of(self, element: etree._Element) -> Style:
        found = self.computed.get(element)
        if found is None:
            parent = element.getparent()
            found = self.computed[element] = self.compute(element, self.of(parent) if parent is not None else ROOT)
        return found

    def plain(self, element: etree._Element, tag: str) -> bool:
        """Styled by the browser's defaults for its tag alone (no sheet rule, style or styling
        attribute): most elements. The defaults never move, turn or float an element."""
        attrib = element.attrib
        return not (attrib and ("style" in attrib or "hidden" in attrib or "bgcolor" in attrib or "color" in attrib
                                or "dir" in attrib)) \
            and element not in self.matched and tag not in HINTED_BY_ATTRIBUTES and parent_tag(element) != "details"

    def compute(self, element: etree._Element, parent: Style) -> Style:
        tag = element.tag if isinstance(element.tag, str) else ""
        if self.plain(element, tag):  # most elements: the browser's defaults for the tag; many share one parent style
            key = (id(parent), tag)
            if key not in self.shared:
                self.shared[key] = (parent, computed(cascaded(element, tag, self.matched), parent, element, tag))
            return self.shared[key][1]
        return computed(cascaded(element, tag, self.matched), parent, element, tag)

    def generated(self, element: etree._Element, which: str) -> tuple[str, Style] | None:
        """The text ::before or ::after adds to the element, with its style; None for none."""
        if element not in self.matched or which not in pseudo_elements(element, self.matched):
            return None
        declared = cascaded(element, "", self.matched, which)
        style = computed(declared, self.of(element), element, "")
        text = generated_text(declared, element, self.source)
        return (text, style) if text and not style.removed else None


# --- what a rule this reader cannot decide would change -------------------------------------------

def changes_reading(declarations, pseudo: str | None) -> bool:
    """Whether declarations on an element (or its pseudo-element) could change what a reader sees
    of its text: hide it, set it apart or out of sight, give it a box of its own, add text."""
    declared = {d.name: d for d in declarations}
    if any(uses_var(d.tokens) for d in declarations if not d.name.startswith("--")):
        return True  # its value depends on custom properties the element inherits: not decided here
    if pseudo in ("before", "after", "marker"):
        return value_of(declared, "content") not in (None, '""', "''", "none", "normal")
    probe = computed(declared, ROOT, etree.Element("span"), "span")
    if pseudo in ("first-letter", "first-line"):
        return probe.mark or probe.unseen or not probe.shown
    if pseudo is not None:
        return False
    return (probe.display != "inline" or not probe.shown or probe.unseen or probe.own_box or probe.mark
            or value_of(declared, "content") not in (None, '""', "''", "none", "normal"))
