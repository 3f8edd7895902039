"""Whether a declaration's value is valid for its property, as a browser's parser decides
before the cascade: an invalid one (`display: none garbage`, `font-size: -1px`) is dropped, so
the declaration it would have overridden wins instead. Checked with tinycss2's tokens for the
properties whose value decides what a reader sees of the text; any other property, and a value
with var(), env(), attr() or if() (decided once substituted: html_style.py, css_substitute.py), is
taken as valid. Validity is Chromium's either way: a declaration wrongly kept overrides the one
before it, which may hide the text (`font-size: 0; font-size: 16`, the second dropped outside quirks
mode: hunt 171), and one wrongly dropped lets that one stand. A unitless number is a length only in
quirks mode and only for the properties it names; a math function's type is worked out where it
can be (css_math), and one this reader does not work out is kept.

Also the `all` shorthand's longhands: the properties this reader computes (ALL_RESETS)."""
from __future__ import annotations

import re

import tinycss2

from .css_math import LENGTH_UNITS, MATH_FUNCTIONS, TYPED_FUNCTIONS, UNTYPED, math_type, split_commas, words
from .css_colour import COLOUR_FUNCTIONS, CSS_WIDE, colour_tokens_valid, function_valid

UNITS = LENGTH_UNITS
MATH = frozenset({*MATH_FUNCTIONS, "env", "attr"})  # a value of one of these is decided once computed
# display as Chromium 156 parses it (probed with CSS.supports and computed styles): the keywords
# it accepts alone, as their computed value; run-in, ruby-base, the ruby containers and the -moz-
# and -ms- boxes are invalid (dropped: the value beneath applies).
DISPLAY_ONE = {
    "none": "none", "contents": "contents", "block": "block", "inline": "inline", "flow": "block",
    "flow-root": "flow-root", "table": "table", "flex": "flex", "grid": "grid", "ruby": "ruby", "math": "inline",
    "list-item": "list-item", "inline-block": "inline-block", "inline-table": "inline-table",
    "inline-flex": "inline-flex", "inline-grid": "inline-grid", "table-row-group": "table-row-group",
    "table-header-group": "table-header-group", "table-footer-group": "table-footer-group",
    "table-row": "table-row", "table-cell": "table-cell", "table-column-group": "table-column-group",
    "table-column": "table-column", "table-caption": "table-caption", "ruby-text": "ruby-text",
    "-webkit-box": "-webkit-box", "-webkit-inline-box": "-webkit-inline-box", "-webkit-flex": "flex",
    "-webkit-inline-flex": "inline-flex"}
# The two-keyword syntax (an outer and an inner display type, in either order): the box it makes,
# named as Chromium computes it; math is flow on an HTML element.
DISPLAY_PAIR = {("block", "flow"): "block", ("block", "flow-root"): "flow-root", ("block", "table"): "table",
                ("block", "flex"): "flex", ("block", "grid"): "grid", ("block", "ruby"): "block ruby",
                ("block", "math"): "block", ("inline", "flow"): "inline", ("inline", "flow-root"): "inline-block",
                ("inline", "table"): "inline-table", ("inline", "flex"): "inline-flex",
                ("inline", "grid"): "inline-grid", ("inline", "ruby"): "ruby", ("inline", "math"): "inline"}
DISPLAY_OUTER = frozenset({"block", "inline"})


def display_type(names: list[str]) -> str | None:
    """A display value's keywords as the box Chromium makes (its computed value), None where
    Chromium finds the value invalid: one keyword, an outer and an inner type in either order,
    or list-item with at most one outer type and flow or flow-root. The outer type decides
    whether the box is block-level (`block ruby` is a block, `inline flow-root` an inline box
    of its own)."""
    names = [n.lower() for n in names]
    if len(names) == 1:
        return DISPLAY_ONE.get(names[0])
    if len(set(names)) != len(names):
        return None
    if "list-item" in names:
        rest = set(names) - {"list-item"}
        outer, inner = rest & DISPLAY_OUTER, rest - DISPLAY_OUTER
        if len(outer) > 1 or len(inner) > 1 or not inner <= {"flow", "flow-root"}:
            return None
        box = "flow-root list-item" if inner == {"flow-root"} else "list-item"
        return f"inline {box}" if outer == {"inline"} else box
    if len(names) == 2:
        outer = [n for n in names if n in DISPLAY_OUTER]
        inner = [n for n in names if n not in DISPLAY_OUTER]
        if len(outer) == 1 and len(inner) == 1:
            return DISPLAY_PAIR.get((outer[0], inner[0]))
    return None


KEYWORDS = {
    "visibility": {"visible", "hidden", "collapse"},
    "position": {"static", "relative", "absolute", "fixed", "sticky"},  # (-webkit-sticky: Chromium 156 drops it)
    "float": {"left", "right", "none", "inline-start", "inline-end"},
    "content-visibility": {"visible", "auto", "hidden"},
}
FONT_SIZE_WORDS = frozenset({"xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large",
                             "smaller", "larger", "math", "-webkit-xxx-large"})
# The `font` keywords that name the system's font (html_cascade.expanded draws them in its family)
SYSTEM_FONT_KEYWORDS = frozenset({"caption", "icon", "menu", "message-box", "small-caption", "status-bar",
                                  "-webkit-small-control", "-webkit-mini-control", "-webkit-control"})
DECORATION_LINES = frozenset({"underline", "overline", "line-through", "blink"})
DECORATION_STYLES = frozenset({"solid", "double", "dotted", "dashed", "wavy"})
FONT_PREFIXES = {"normal": "normal", "italic": "style", "oblique": "oblique", "small-caps": "variant", "bold": "weight",
                 "bolder": "weight", "lighter": "weight",
                 **dict.fromkeys(("ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded",
                                  "expanded", "extra-expanded", "ultra-expanded"), "stretch")}
# What may come before a font shorthand's size: its style, small-caps, weight and stretch
FONT_PREFIX_WORDS = frozenset(FONT_PREFIXES)
ANGLES = {"deg": 1.0, "grad": 0.9, "rad": 57.29577951308232, "turn": 360.0}  # degrees in one
BACKGROUND_POSITIONS = frozenset({"left", "right", "top", "bottom", "center"})
BACKGROUND_SIZES = frozenset({"auto", "cover", "contain"})
BACKGROUND_REPEATS = frozenset({"repeat-x", "repeat-y", "repeat", "space", "round", "no-repeat"})
BACKGROUND_ATTACHMENTS = frozenset({"scroll", "fixed", "local"})
BACKGROUND_BOXES = frozenset({"border-box", "padding-box", "content-box", "text"})
IMAGE_FUNCTIONS = frozenset({"url", "linear-gradient", "radial-gradient", "conic-gradient", "repeating-linear-gradient",
                             "repeating-radial-gradient", "repeating-conic-gradient", "-webkit-linear-gradient",
                             "-webkit-radial-gradient", "-webkit-repeating-linear-gradient",
                             "-webkit-repeating-radial-gradient", "-webkit-gradient", "image-set", "-webkit-image-set",
                             "cross-fade", "-webkit-cross-fade", "paint", "image", "element", "-webkit-element"})
VERTICAL_ALIGN_WORDS = frozenset({"baseline", "sub", "super", "text-top", "text-bottom", "middle", "top", "bottom",
                                  "-webkit-baseline-middle"})


# The arbitrary-substitution functions (custom functions, `--name()`, too); a declaration holding
# one is valid until its element's style is computed. SUBSTITUTING finds those but var()
# (css_substitute.py).
SUBSTITUTION_FUNCTIONS = frozenset({"var", "env", "attr", "if", "inherit"})
SUBSTITUTING = re.compile(r"(?:^|[^\w-])(?:%s|--[\w-]+)\(" % "|".join(sorted(SUBSTITUTION_FUNCTIONS - {"var"})),
                          re.IGNORECASE)
VAR_CALL = re.compile(r"(?:^|[^\w-])var\(", re.IGNORECASE)  # var() at any depth (`rgb(var(--c))`)


def substitutes(value: str) -> bool:
    """Does a value hold a substitution function other than var()? (a text test: cheap)"""
    return "(" in value and SUBSTITUTING.search(value) is not None


def numeric(token, percent: bool = True, negative: bool = True, unitless: bool = False, lengths: bool = True) -> bool:
    """One value of a size, spacing, offset (`lengths`: a length of a known unit, a number only 0,
    or any number where `unitless`: quirks mode's unitless length) or of an opacity or zoom (not
    `lengths`: a number), a percentage where `percent`, or a math function of that type."""
    if token.type == "function":
        if token.lower_name in ("sibling-index", "sibling-count"):
            return not lengths  # an integer (hunt 173: Chromium keeps `opacity: sibling-index()`)
        return token.lower_name in MATH and math_fits(token, percent, lengths)
    if token.type == "dimension":
        ok = lengths and token.lower_unit in UNITS
    elif token.type == "percentage":
        ok = percent
    elif token.type == "number":
        ok = unitless or token.value == 0 or not lengths
    else:
        return False
    return ok and (negative or token.value >= 0)


def math_fits(token, percent: bool, lengths: bool) -> bool:
    """Whether a math function's type is the property's (hunt 171: `opacity: calc(1px)` and
    `font-size: calc(16)` are dropped by Chromium; session 53: `calc(1px + 1)`, `min(1px, 1)`,
    `round(5px)` too, css_math.math_type); True where this reader does not type it (env(),
    anchor())."""
    kind = math_type(token, "length" if lengths and percent else "percent")
    return kind == UNTYPED or kind == ({"length": 1} if lengths else {}) or (percent and kind == {"percent": 1})


def display_valid(found: list) -> bool:
    names = [t.lower_value for t in found if t.type == "ident"]
    return len(names) == len(found) > 0 and display_type(names) is not None


def one_keyword_or(found: list, keywords: frozenset, **number) -> bool:
    if len(found) != 1:
        return False
    token = found[0]
    return (token.type == "ident" and token.lower_value in keywords) or (bool(number) and numeric(token, **number))


def colour_valid(found: list) -> bool:
    """One colour: a name, a hash, a system colour css_colour knows, or a colour function a
    browser keeps (css_colour.function_valid; those it does not compute, color-mix() and the
    like, are still colours)."""
    return colour_tokens_valid(found)


def color_scheme_valid(found: list) -> bool:
    """`normal`, or names (light, dark, any other) with `only` once, first or last (CSS Color
    Adjustment 1): a comma, `normal` among names or `only` twice make the value invalid, and a
    browser drops it (`dark normal`, `dark,`)."""
    if not found or any(t.type != "ident" for t in found):
        return False
    names = [t.lower_value for t in found]
    if names == ["normal"]:
        return True
    if "normal" in names or not CSS_WIDE.isdisjoint(names) or "default" in names:
        return False
    only = names.count("only")
    return only == 0 or (only == 1 and len(names) > 1 and "only" in (names[0], names[-1]))


def scheme_is_dark(value: str) -> bool | None:
    """Whether a `color-scheme` value (a property's, or a <meta name=color-scheme>'s content)
    draws in the dark scheme: it names dark and not light (a desktop in light mode picks light
    where both are offered); None for a value a browser drops as invalid."""
    found = words(tinycss2.parse_component_value_list(value))
    if not color_scheme_valid(found):
        return None
    names = {t.lower_value for t in found}
    return "dark" in names and "light" not in names


def font_valid(found: list) -> bool:
    """A `font` shorthand as CSS Fonts writes it: a style, a small-caps, a weight and a stretch,
    each once at most and four words at most with `normal`s, before a size (a length, percentage or
    keyword, or a math function of a length), then a line height after `/`, then a family list
    (hunts 116 and 173: `font: 16px` and `16px inherit` have no family; `bold bold 16px a`, `1001
    16px a`, `calc(16) a`, `16px/foo a` are dropped by Chromium; session 54: so is any function but
    math, `rgb(0 0 0) 16px a` and `16px generic(x)` too). sibling-index() and sibling-count() are
    left undecided, as before."""
    if len(found) == 1 and found[0].type == "ident" and found[0].lower_value in SYSTEM_FONT_KEYWORDS:
        return True
    if any(t.type == "function" and t.lower_name not in MATH for t in found):
        return all(t.lower_name in TYPED_FUNCTIONS for t in found if t.type == "function")

    def sized(token) -> bool:
        return font_size(token) or (token.type == "function" and math_fits(token, True, True))

    at, kinds = 0, []
    while at < len(found) and not sized(found[at]):
        kind = font_prefix(found[at])
        if kind is None:
            return False
        following = found[at + 1] if at + 1 < len(found) else None
        if kind == "oblique" and following is not None and not sized(following) and (
                (following.type == "dimension" and following.lower_unit in ANGLES) or
                (following.type == "function" and following.lower_name in MATH)):
            if following.type == "dimension" and abs(following.value * ANGLES[following.lower_unit]) > 90:
                return False  # an oblique angle beyond 90 degrees
            at += 1  # oblique's angle
        kinds.append("style" if kind == "oblique" else kind)
        at += 1
    if at >= len(found) or len(kinds) > 4 or any(kinds.count(kind) > 1 for kind in set(kinds) - {"normal"}):
        return False
    at += 1
    if at < len(found) and found[at].type == "literal" and found[at].value == "/":
        if at + 1 >= len(found) or not line_height_valid(found[at + 1]):
            return False
        at += 2
    return family_list_valid(found[at:])


def font_prefix(token) -> str | None:
    """What a word before a font shorthand's size is: its style, variant, weight or stretch, or
    `normal` (any of them); None for none."""
    if token.type == "ident":
        return FONT_PREFIXES.get(token.lower_value)
    if token.type == "number":
        return "weight" if 1 <= token.value <= 1000 else None
    if token.type == "function" and token.lower_name in MATH:
        return "weight" if math_fits(token, False, False) else None
    return None


def line_height_valid(token) -> bool:
    """`normal`, or a number, length or percentage not below 0 (or math of one)."""
    if token.type == "ident":
        return token.lower_value == "normal"
    if token.type == "function":
        return token.lower_name in MATH and (math_fits(token, True, True) or math_fits(token, False, False))
    return numeric(token, negative=False, unitless=True)


def font_size(token, negative: bool = False) -> bool:
    """A font size written without a function: a size keyword, a length or percentage (negative
    where asked: html_cascade.font_size_of takes one, which font_valid has dropped), or 0."""
    return (token.type == "ident" and token.lower_value in FONT_SIZE_WORDS) or (
        token.type in ("dimension", "percentage") and numeric(token, negative=negative)) or (
        token.type == "number" and token.value == 0)


def family_list_valid(found: list) -> bool:
    """A font-family list: one or more items between commas, each one string or identifiers only,
    and no item a CSS-wide keyword or `default` alone (`Default Sans` is a family)."""
    for item in split_commas(found):
        strings = [t for t in item if t.type == "string"]
        idents = [t for t in item if t.type == "ident"]
        if not item or len(strings) + len(idents) != len(item) or (strings and len(item) > 1):
            return False
        if len(idents) == 1 and len(item) == 1 and (idents[0].lower_value in CSS_WIDE or idents[0].lower_value == "default"):
            return False
    return True


def sides_valid(found: list, most: int, auto: bool = True, unitless: bool = False, negative: bool = True,
                functions: frozenset = frozenset()) -> bool:
    """A shorthand of box sides (margin, padding, inset and their logical forms), or one side:
    one to `most` lengths (a number but 0 only in quirks mode's margins, paddings and offsets,
    none negative in a padding), `auto` where `auto`, or a call of one of `functions` (anchor()
    in the offsets, anchor-size() there and in margins). Hunt 116: `inset: 0 0 0 0 0` was expanded
    here; Chromium drops it. Session 53: any other function (`-moz-calc()`, `calc-size()`,
    `sibling-index()`, `anchor()` in a margin) was kept; Chromium drops the declaration."""
    return 0 < len(found) <= most and all(numeric(t, unitless=unitless, negative=negative) or (
        t.type == "function" and t.lower_name in functions) or (auto and t.type == "ident" and t.lower_value == "auto")
        for t in found)


# The functions other than math a box side may hold, by its box (Chromium 156)
SIDE_FUNCTIONS = {"margin": frozenset({"anchor-size"}), "padding": frozenset(),
                  "inset": frozenset({"anchor", "anchor-size"})}


def text_indent_valid(found: list, quirks: bool) -> bool:
    """A length or percentage, with `hanging` and `each-line` each once at most, before or after it."""
    values = [t for t in found if not (t.type == "ident" and t.lower_value in ("hanging", "each-line"))]
    words_ = [t.lower_value for t in found if t.type == "ident"]
    return len(values) == 1 and numeric(values[0], unitless=quirks) and len(set(words_)) == len(words_)


def text_decoration_valid(found: list) -> bool:
    """`text-decoration`: its lines (text_decoration_line_valid, written together), a style, a
    colour and a thickness, each once at most, in any order (Chromium drops `line-through bogus`,
    so the strike beneath holds: hunt 171)."""
    groups, lines = [], []
    for at, token in enumerate(found):
        word = token.lower_value if token.type == "ident" else None
        if word in DECORATION_LINES or word in ("none", "spelling-error", "grammar-error"):
            group = "line"
            lines.append(at)
        elif word in DECORATION_STYLES:
            group = "style"
        elif word in ("auto", "from-font") or (numeric(token) and (token.type != "function" or holds_length([token]))):
            group = "thickness"  # (a math function of no type told here, of no length, is none: hunt 173; one
            # numeric() types as a length holds one)
        elif colour_tokens_valid([token]):
            group = "colour"
        else:
            return False
        groups.append(group)
    if lines and (lines != list(range(lines[0], lines[-1] + 1))
                  or not text_decoration_line_valid([found[at] for at in lines])):
        return False
    others = [group for group in groups if group != "line"]
    return bool(found) and len(set(others)) == len(others)


def holds_length(tokens) -> bool:
    """Does a value hold a length or percentage anywhere (a math function's arguments, at any depth)?"""
    return any((t.type == "dimension" and t.lower_unit in UNITS) or t.type == "percentage" or (
        t.type == "function" and holds_length(t.arguments)) or (t.type == "() block" and holds_length(t.content))
        for t in tokens)


def text_decoration_line_valid(found: list) -> bool:
    """`none`, `spelling-error`, `grammar-error` alone, or underline, overline, line-through and
    blink, each once at most."""
    names = [t.lower_value if t.type == "ident" else None for t in found]
    if len(names) == 1 and names[0] in ("none", "spelling-error", "grammar-error"):
        return True
    return bool(names) and all(name in DECORATION_LINES for name in names) and len(set(names)) == len(names)


def background_valid(found: list) -> bool:
    """A `background` shorthand as CSS Backgrounds writes it: layers between commas, each an image,
    a position (with a size after `/`), repeats, an attachment and boxes, and a colour in the last
    layer only, once (hunts 116 and 173: `white white`, `red, url(x)`, `1`, `red 1`, `white 0 0 0 0`
    are dropped by Chromium, which never reads a hashless colour here, in quirks mode either)."""
    layers = split_commas(found)
    return all(layer_valid(layer, last=index == len(layers) - 1) for index, layer in enumerate(layers))


def background_size(token) -> bool:
    return (token.type == "ident" and token.lower_value in BACKGROUND_SIZES) or numeric(token, negative=False)


def sized_by_length(token) -> bool:
    """A size that may be one of two (`auto 10px`), not `cover` or `contain`."""
    return background_size(token) and not (token.type == "ident" and token.lower_value in ("cover", "contain"))


def layer_valid(layer: list, last: bool) -> bool:
    """One layer: its position's words side by side, a size right after them (Chromium drops `0 0
    red / cover` and `0 red 0`)."""
    counts = dict.fromkeys(("image", "colour", "attachment", "repeat", "box"), 0)
    positions, keywords, at, sized, in_position = 0, 0, 0, False, False
    while at < len(layer):
        token = layer[at]
        word = token.lower_value if token.type == "ident" else None
        was_position, in_position = in_position, False
        if token.type == "literal" and token.value == "/":  # a size after the position: one word, or two lengths or autos
            first, second = (layer[at + 1:at + 3] + [None, None])[:2]
            if not was_position or sized or first is None or not background_size(first):
                return False
            sized = True
            if second is not None and background_size(second):
                if not (sized_by_length(first) and sized_by_length(second)):
                    return False  # `cover 10px`, `10px contain`
                at += 1
            at += 2
            continue
        if token.type == "url" or word == "none" or (token.type == "function" and token.lower_name in IMAGE_FUNCTIONS):
            counts["image"] += 1
        elif word in BACKGROUND_POSITIONS or (token.type != "ident" and numeric(token)):
            if positions and not was_position:
                return False  # a position's words apart
            positions += 1
            keywords += word is not None
            in_position = True
        elif word in BACKGROUND_REPEATS:
            counts["repeat"] += 1 if word in ("repeat-x", "repeat-y") else 0.5
        elif word in BACKGROUND_ATTACHMENTS:
            counts["attachment"] += 1
        elif word in BACKGROUND_BOXES:
            counts["box"] += 0.5
        elif last and colour_tokens_valid([token]):
            counts["colour"] += 1
        else:
            return False
        at += 1
    return bool(layer) and all(n <= 1 for n in counts.values()) and positions <= 4 and (positions <= 2 or keywords >= 2)


BORDER_STYLES = frozenset({"none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset",
                           "outset"})
BORDER_WIDTHS = frozenset({"thin", "medium", "thick"})
PHYSICAL_SIDES = ("top", "right", "bottom", "left")
BORDER_SIDES = (*PHYSICAL_SIDES, "block-start", "block-end", "inline-start", "inline-end")


def border_part(token, unitless: bool = False) -> str | None:
    """Which part of a border a word gives: "width", "style", "color", None for no part (any other
    function too: Chromium 156 keeps none, `border-left: counter(x)` is dropped)."""
    if token.type == "ident" and token.lower_value in BORDER_STYLES:
        return "style"
    if (token.type == "ident" and token.lower_value in BORDER_WIDTHS) or numeric(
            token, percent=False, negative=False, unitless=unitless):
        return "width"
    if colour_tokens_valid([token]):
        return "color"
    return None


def border_valid(found: list) -> bool:
    """A border shorthand (`border`, a side's, a logical axis's): a width, a style and a colour,
    each once at most, in any order. Chromium reads no unitless width and no hashless colour here,
    in quirks mode either (session 53: `border: 1px solid ffffff` is dropped)."""
    parts = [border_part(t) for t in found]
    return None not in parts and 0 < len(parts) == len(set(parts))


def border_list_valid(found: list, part: str, most: int, unitless: bool = False) -> bool:
    """One to `most` values of one part of a border (border-color: up to 4 colours, a side's one)."""
    return 0 < len(found) <= most and all(border_part(t, unitless) == part for t in found)


BORDER_VALIDATORS = {
    "border": lambda f, q: border_valid(f),
    **{f"border-{side}": (lambda f, q: border_valid(f)) for side in (*BORDER_SIDES, "block", "inline")},
    **{f"border-{side}-{part}": (lambda f, q, p=part, u=side in PHYSICAL_SIDES and part == "width":
                                 border_list_valid(f, p, 1, unitless=q and u))
       for side in BORDER_SIDES for part in ("color", "width", "style")},
    **{f"{axis}-{part}": (lambda f, q, p=part, n=most, u=axis == "border" and part == "width":
                          border_list_valid(f, p, n, unitless=q and u))
       for axis, most in (("border", 4), ("border-block", 2), ("border-inline", 2)) for part in ("color", "width", "style")},
}


VALIDATORS = {  # name -> whether a browser keeps the value (its words; `quirks`: the page in quirks mode)
    "display": lambda f, q: display_valid(f),
    "color-scheme": lambda f, q: color_scheme_valid(f),
    "opacity": lambda f, q: one_keyword_or(f, frozenset(), lengths=False),
    "font-size": lambda f, q: one_keyword_or(f, FONT_SIZE_WORDS, negative=False, unitless=q),
    "vertical-align": lambda f, q: one_keyword_or(f, VERTICAL_ALIGN_WORDS, unitless=q),
    "letter-spacing": lambda f, q: one_keyword_or(f, frozenset({"normal"}), unitless=q),
    "word-spacing": lambda f, q: one_keyword_or(f, frozenset({"normal"}), unitless=q),
    "zoom": lambda f, q: one_keyword_or(f, frozenset({"normal"}), negative=False, lengths=False),
    "text-indent": text_indent_valid,
    "text-decoration": lambda f, q: text_decoration_valid(f),
    "text-decoration-line": lambda f, q: text_decoration_line_valid(f),
    **{name: (lambda f, q: colour_valid(f)) for name in ("color", "background-color", "-webkit-text-fill-color")},
    "font": lambda f, q: font_valid(f), "background": lambda f, q: background_valid(f),
    **{name: (lambda f, q, n=most, a=name != "padding", u=name != "inset", neg=name != "padding", fs=SIDE_FUNCTIONS[name]:
              sides_valid(f, n, a, unitless=q and u, negative=neg, functions=fs))
       for name, most in (("margin", 4), ("padding", 4), ("inset", 4))},
    **{f"{box}-{side}": (lambda f, q, a=box != "padding", fs=SIDE_FUNCTIONS[box]:
                         sides_valid(f, 1, a, unitless=q, negative=a, functions=fs))
       for box in ("margin", "padding") for side in ("top", "right", "bottom", "left")},
    **{side: (lambda f, q: sides_valid(f, 1, unitless=q, functions=SIDE_FUNCTIONS["inset"]))
       for side in ("top", "right", "bottom", "left")},
    **{f"{box}-{axis}": (lambda f, q, a=box != "padding", fs=SIDE_FUNCTIONS[box]: sides_valid(f, 2, a, negative=a, functions=fs))
       for box in ("margin", "padding", "inset") for axis in ("inline", "block")},
    **{name: (lambda f, q, k=frozenset(keywords): one_keyword_or(f, k)) for name, keywords in KEYWORDS.items()},
    **BORDER_VALIDATORS,
}


LINE_NAMED = frozenset({"grid", "grid-template", "grid-template-columns", "grid-template-rows"})  # `[a] 1fr [b]`


def valid_value(name: str, tokens, quirks: bool = False) -> bool:
    """Whether a browser keeps the declaration `name: tokens` (False: it drops it as invalid), on
    a page in quirks mode or not: one holding a colour function a browser drops, in any property
    (a `background` shorthand, a gradient, a shadow), is dropped whole (css_colour.function_valid)."""
    check = VALIDATORS.get(name)
    found = words(tokens)
    if len(found) == 1 and found[0].type == "ident" and found[0].lower_value in CSS_WIDE:
        return True
    if substitutes(written := tinycss2.serialize(found)) or VAR_CALL.search(written):
        return True  # var(), env(), attr(), if() are decided once substituted (css_substitute.py), wherever they are
    blocks = {t.type for t in found if t.type.endswith("block")}
    if blocks and not name.startswith("--"):
        # Chromium 156 drops a bracketed block in every property but a grid's line names (checked
        # for each of its 497): `letter-spacing: 1px -(0) 2px` undoes nothing
        return blocks == {"[] block"} and name in LINE_NAMED
    if not colour_functions_valid(found):
        return False
    return check is None or check(found, quirks)


def colour_functions_valid(tokens) -> bool:
    """Whether every colour function in the value, at any depth, is one a browser keeps."""
    for token in tokens:
        if token.type != "function":
            continue
        if token.lower_name in COLOUR_FUNCTIONS:
            if not function_valid(token):
                return False
        elif not colour_functions_valid(token.arguments):
            return False
    return True


# The longhands of `all` this reader computes (`all` resets every property but direction,
# unicode-bidi and custom properties): an `all: unset` undoes a sheet's display:none.
ALL_RESETS = (
    "display", "visibility", "opacity", "font-size", "zoom", "color", "-webkit-text-fill-color", "background-color",
    "background-image", "backdrop-filter", "filter", "mix-blend-mode", "mask", "mask-image", "-webkit-mask",
    "-webkit-mask-image", "-webkit-text-security", "vertical-align", "text-decoration-line", "position", "float",
    "left", "right", "top", "bottom", "transform", "translate", "rotate", "scale", "margin-left", "margin-right",
    "margin-top", "margin-bottom", "padding-left", "padding-right", "padding-top", "padding-bottom",
    "border-left-width", "border-right-width", "border-left-style", "border-right-style", "text-indent",
    "letter-spacing", "word-spacing", "line-height", "width", "height", "max-width", "max-height", "overflow",
    "overflow-x", "overflow-y", "contain", "content-visibility", "clip", "clip-path", "content", "list-style-type",
    "writing-mode", "animation", "font-size-adjust", "offset-path", "-webkit-text-stroke", "-webkit-line-clamp",
    "line-clamp", "box-shadow", "outline", "outline-offset", "outline-style", "outline-width", "outline-color",
    "background-clip", "list-style-image", "border-image", "border-image-source")


# Font features that draw digits as superscripts, subscripts, ordinals or fractions' parts, where
# the font has such glyphs (Liberation and URW, the stand-ins for Arial, Helvetica and Times, do;
# Noto Sans CJK does not): a raised 6 after a 1 reads as a mark, as `<sup>6</sup>` does (hunt 61).
# Asked for by these properties, or by the same descriptors of an @font-face (hunt 64).
SMALL_FIGURE_FEATURES = frozenset({"sups", "subs", "sinf", "numr", "dnom", "ordn", "frac", "afrc"})
SMALL_FIGURE_VARIANTS = {"font-variant-position": frozenset({"super", "sub"}),
                         "font-variant-numeric": frozenset({"ordinal", "diagonal-fractions", "stacked-fractions"})}
SMALL_FIGURE_VARIANTS["font-variant"] = SMALL_FIGURE_VARIANTS["font-variant-position"] | \
    SMALL_FIGURE_VARIANTS["font-variant-numeric"]  # the shorthand sets both
FIGURE_PROPERTIES = ("font-variant-position", "font-variant-numeric", "font-variant", "font-feature-settings")
FEATURE = re.compile(r"""["']([^"']*)["']\s*(on|off|[+-]?\d+)?""")


def asks_small_figures(name: str, value: str) -> bool:
    """Does this value of a FIGURE_PROPERTIES property (lower case) ask the font for small figures?"""
    if name == "font-feature-settings":
        return any(tag in SMALL_FIGURE_FEATURES and setting not in ("off", "0", "+0", "-0")
                   for tag, setting in FEATURE.findall(value))
    return not SMALL_FIGURE_VARIANTS[name].isdisjoint(value.split())


# The syntaxes of a registered custom property (@property) this reader tells a value of: one type
# each. A length in a unit relative to a font or a window is computed where it is declared (`1em` of
# the element setting it, inherited as px), which is not done here: no type is told of it.
ABSOLUTE_UNITS = frozenset({"px", "pt", "pc", "in", "cm", "mm", "q"})
ANGLE_UNITS = frozenset({"deg", "grad", "rad", "turn"})
TIME_UNITS = frozenset({"s", "ms"})


def absolute_length(t) -> bool:
    return (t.type == "dimension" and t.lower_unit in ABSOLUTE_UNITS) or (t.type == "number" and t.value == 0)


SYNTAX_TYPES = {
    "<length>": absolute_length,
    "<percentage>": lambda t: t.type == "percentage",
    "<length-percentage>": lambda t: t.type == "percentage" or absolute_length(t),
    "<number>": lambda t: t.type == "number",
    "<integer>": lambda t: t.type == "number" and t.is_integer,
    "<angle>": lambda t: t.type == "dimension" and t.lower_unit in ANGLE_UNITS,
    "<time>": lambda t: t.type == "dimension" and t.lower_unit in TIME_UNITS,
}


def relative_length(tokens) -> bool:
    """Does the value hold a length relative to a font or a window (em, ch, vw, …), at any depth?"""
    return any((t.type == "dimension" and t.lower_unit in UNITS and t.lower_unit not in ABSOLUTE_UNITS)
               or (t.type == "function" and relative_length(t.arguments)) for t in tokens)


def fits_syntax(syntax: str, tokens) -> bool | None:
    """Is the value one of a registered custom property's syntax (CSS Properties and Values API:
    "*" takes any)? None where this reader does not tell: a syntax past one type of SYNTAX_TYPES or
    <color>, a value computed first (a math function, var(), attr()), or a relative length."""
    if syntax == "*":
        return True
    if syntax not in SYNTAX_TYPES and syntax != "<color>":
        return None
    found = words(tokens)
    if relative_length(found) or any(t.type == "function" and (t.lower_name in MATH or t.lower_name == "var")
                                     for t in found):
        return None
    if syntax == "<color>":
        return colour_tokens_valid(found)
    return len(found) == 1 and SYNTAX_TYPES[syntax](found[0])
