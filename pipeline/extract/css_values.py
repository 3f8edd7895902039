"""Whether a declaration's value is valid for its property, as a browser's parser decides
before the cascade: an invalid one (`display: none garbage`, `font-size: -1px`) is dropped, so
the declaration it would have overridden wins instead. Checked with tinycss2's tokens for the
properties whose value decides what a reader sees of the text; any other property, and a value
with var(), env(), attr() or if() (decided once substituted: html_style.py, css_substitute.py), is
taken as valid. Where unsure (a
function, a unitless number: the quirks-mode length), valid: a declaration wrongly dropped
would hide nothing, but one wrongly kept is what the reader did before.

Also the `all` shorthand's longhands: the properties this reader computes (ALL_RESETS)."""
from __future__ import annotations

import re

import tinycss2

from .css_colour import rgba

CSS_WIDE = frozenset({"initial", "inherit", "unset", "revert", "revert-layer"})
UNITS = frozenset({"px", "pt", "pc", "in", "cm", "mm", "q", "em", "rem", "ex", "rex", "ch", "rch", "cap", "rcap",
                   "ic", "ric", "lh", "rlh", "vw", "vh", "vi", "vb", "vmin", "vmax", "svw", "svh", "lvw", "lvh", "dvw",
                   "dvh", "svi", "svb", "lvi", "lvb", "dvi", "dvb", "svmin", "svmax", "lvmin", "lvmax", "dvmin",
                   "dvmax", "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax"})
MATH = frozenset({"calc", "min", "max", "clamp", "round", "mod", "rem", "abs", "sign", "env", "-webkit-calc",
                  "-moz-calc", "attr"})
DISPLAY_ONE = frozenset({
    "none", "contents", "block", "inline", "run-in", "flow", "flow-root", "table", "flex", "grid", "ruby", "math",
    "list-item", "inline-block", "inline-table", "inline-flex", "inline-grid", "inline-list-item", "table-row-group",
    "table-header-group", "table-footer-group", "table-row", "table-cell", "table-column-group", "table-column",
    "table-caption", "ruby-base", "ruby-text", "ruby-base-container", "ruby-text-container", "-webkit-box",
    "-webkit-inline-box", "-webkit-flex", "-webkit-inline-flex", "-moz-box", "-moz-inline-box", "-ms-flexbox",
    "-ms-inline-flexbox", "-ms-grid", "-ms-inline-grid", "inline-flow-root"})
DISPLAY_OUTER, DISPLAY_INNER = frozenset({"block", "inline", "run-in"}), frozenset({"flow", "flow-root", "table", "flex",
                                                                                  "grid", "ruby", "math"})
KEYWORDS = {
    "visibility": {"visible", "hidden", "collapse"},
    "position": {"static", "relative", "absolute", "fixed", "sticky", "-webkit-sticky"},
    "float": {"left", "right", "none", "inline-start", "inline-end"},
    "content-visibility": {"visible", "auto", "hidden"},
}
FONT_SIZE_WORDS = frozenset({"xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large",
                             "smaller", "larger", "math", "-webkit-xxx-large"})
VERTICAL_ALIGN_WORDS = frozenset({"baseline", "sub", "super", "text-top", "text-bottom", "middle", "top", "bottom",
                                  "-webkit-baseline-middle"})


# The arbitrary-substitution functions but var() (css_substitute.py): env(), attr(), if(),
# inherit(), custom functions; a declaration holding one is valid until its element's style is computed.
SUBSTITUTING = re.compile(r"(?:^|[^\w-])(?:attr|env|if|inherit|--[\w-]+)\(", re.IGNORECASE)


def substitutes(value: str) -> bool:
    """Does a value hold a substitution function other than var()? (a text test: cheap)"""
    return "(" in value and SUBSTITUTING.search(value) is not None


def words(tokens) -> list:
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def numeric(token, percent: bool = True, negative: bool = True, unitless: bool = True) -> bool:
    """A length (a known unit), a percentage, a number (0, or any where `unitless`), or a math
    function: one value of a size, spacing, offset or opacity."""
    if token.type == "function":
        return token.lower_name in MATH
    if token.type == "dimension":
        ok = token.lower_unit in UNITS
    elif token.type == "percentage":
        ok = percent
    elif token.type == "number":
        ok = unitless or token.value == 0
    else:
        return False
    return ok and (negative or token.value >= 0)


def display_valid(found: list) -> bool:
    names = [t.lower_value for t in found if t.type == "ident"]
    if len(names) != len(found) or not names:
        return False
    if len(names) == 1:
        return names[0] in DISPLAY_ONE
    rest = [n for n in names if n != "list-item"]
    return (len(set(names)) == len(names) <= 3 and len(rest) <= 2 and sum(n in DISPLAY_OUTER for n in rest) <= 1
            and sum(n in DISPLAY_INNER for n in rest) <= 1 and all(n in DISPLAY_OUTER | DISPLAY_INNER for n in rest))


def one_keyword_or(found: list, keywords: frozenset, **number) -> bool:
    if len(found) != 1:
        return False
    token = found[0]
    return (token.type == "ident" and token.lower_value in keywords) or (bool(number) and numeric(token, **number))


def colour_valid(found: list) -> bool:
    """One colour: a name, a hash, a system colour css_colour knows, or a colour function
    (those it does not compute, color-mix() and the like, are still colours)."""
    if len(found) != 1:
        return False
    token = found[0]
    if token.type == "function":
        return True
    return token.type in ("ident", "hash") and rgba(tinycss2.serialize([token]).strip().lower(), (0, 0, 0, 1)) is not None


VALIDATORS = {
    "display": display_valid,
    "opacity": lambda f: one_keyword_or(f, frozenset(), percent=True, negative=True, unitless=True),
    "font-size": lambda f: one_keyword_or(f, FONT_SIZE_WORDS, percent=True, negative=False, unitless=True),
    "vertical-align": lambda f: one_keyword_or(f, VERTICAL_ALIGN_WORDS, percent=True, negative=True, unitless=True),
    "letter-spacing": lambda f: one_keyword_or(f, frozenset({"normal"}), percent=True, negative=True, unitless=True),
    "word-spacing": lambda f: one_keyword_or(f, frozenset({"normal"}), percent=True, negative=True, unitless=True),
    "zoom": lambda f: one_keyword_or(f, frozenset({"normal", "reset"}), percent=True, negative=False, unitless=True),
    "color": colour_valid, "background-color": colour_valid, "-webkit-text-fill-color": colour_valid,
    **{name: (lambda f, k=frozenset(keywords): one_keyword_or(f, k)) for name, keywords in KEYWORDS.items()},
}


def valid_value(name: str, tokens) -> bool:
    """Whether a browser keeps the declaration `name: tokens` (False: it drops it as invalid)."""
    check = VALIDATORS.get(name)
    if check is None:
        return True
    found = words(tokens)
    if len(found) == 1 and found[0].type == "ident" and found[0].lower_value in CSS_WIDE:
        return True
    if any(t.type == "function" and t.lower_name == "var" or t.type.endswith("block") for t in found):
        return True  # var() is decided once substituted; a block is left to the reader as before
    if substitutes(tinycss2.serialize(found)):
        return True  # so are env(), attr(), if() (css_substitute.py), wherever they are in the value
    return check(found)


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
