"""The page's style sheets -> the declarations that win on each element, as a browser cascades
them: tinycss2 parses the sheets, cssselect2 matches every selector kind (as WeasyPrint does).

Each declaration has a precedence (origin and importance, specificity, order): the browser's
defaults (UA_SHEET, by tag), then the presentational hints (`hidden`, colour attributes), then
the page's `<style>` rules (by cascade layer, `layer_ranks`, then specificity and order), then the
element's own `style` attribute, then `!important` ones; the highest wins per property (`cascaded`;
revert rolls back to the defaults, revert-layer to the layers and hints beneath). Registered custom
properties (`@property`) take their initial values and inheritance (`add_registration`). Rules
apply at the top level and inside an `@media` that holds in every desktop window (html_media.py);
one that holds in none (print, phones) is dropped, and so is a rule whose selector list a browser
finds invalid (css_selectors.py). A rule this reader cannot decide (inside an `@media` that depends on the window, `@supports`, `@container`, `@scope`,
`@starting-style`, or a selector cssselect2 cannot match as a browser does) is an error naming it
where it matches an element of the vendor table and would change what a reader sees of it
(`check_undecided`); what such a selector reaches is over-estimated (its unknown parts left out).
Which sheets apply: their type attributes, the type and integrity of what is fetched
(html_fetch.py) and the page's Content-Security-Policy (html_csp.py). Remote sheets are never
fetched; given the page's folder, sheets saved beside it are read from it (html_files.py). Work
is bounded: a sheet needing over MAX_STEPS steps to match is an error naming the file, never
minutes of work.
"""
from __future__ import annotations

import contextlib
import functools
import itertools
import json
import math
import re
from dataclasses import dataclass, field, replace
from functools import cached_property

import ada_url
import cssselect2
import tinycss2
from cssselect2.tree import _split_etree_tag
from lxml import etree
from webencodings import ascii_lower

from ..errors import Place, Problem, SourceError
from ..tokens import printed
from .css_aliases import CHROMIUM_ALIASES
from .css_colour import ASCII_WHITESPACE, QUIRKY_COLOURS, hashless, legacy_colour
from .css_math import MATH, split_at, split_commas
from .css_paint import LINE_WIDTHS
from .css_selectors import (FOCUS, exactly_matched, forgiven, links_rewritten, nth_of_rewritten, scope_relaxed, strip,
                            selector_list, uses, widened)
from .css_values import (ALL_RESETS, CSS_WIDE, FIGURE_PROPERTIES, FONT_PREFIX_WORDS, SUBSTITUTION_FUNCTIONS,
                         SYSTEM_FONT_KEYWORDS, asks_small_figures, fits_syntax, font_size, relative_length, substitutes,
                         valid_value)
from .html_csp import APPLY as CSP_APPLY, BLOCK, UNDECIDED as CSP_UNDECIDED
from .html_csp import after, governing_base, page_policies, verdict
from .html_fetch import (REFUSE, UNDECIDED, DataURL, ascii_tokens, data_url, file_type, integrity, is_css_type,
                         is_data_url, type_accepted)
from .html_files import URL_STRIP, SavedFiles, decoded_sheet
from .html_tree import in_quirks_mode, page_encoding
from .html_media import desktop_applies
from .sign_fonts import of_signs

MAX_STEPS = 400_000  # selector tests and ancestors or siblings walked: a real page needs a few thousand
MAX_IMPORT_DEPTH = 16  # @import inside an imported sheet; real sites import one or two deep, a browser any depth
MAX_NESTING = 16  # @media inside @media; real sheets nest one or two deep
# Group rules whose conditions this reader does not evaluate; @starting-style applies only before a
# transition's first frame (Chromium leaves `@starting-style{tr{display:none}}` undrawn, an opacity
# faded in): what a reader sees depends on the moment.
# The at-rules Chromium keeps in a sheet (an unknown one is dropped as it is parsed, and an @import
# after it still leads the sheet; after a known one, it is ignored).
KNOWN_AT_RULES = frozenset({"media", "supports", "font-face", "page", "keyframes", "-webkit-keyframes", "counter-style",
                            "font-feature-values", "font-palette-values", "property", "layer", "container", "scope",
                            "starting-style", "view-transition", "position-try", "function", "namespace"})
CONDITIONAL = frozenset({"supports", "container", "scope", "document", "-moz-document", "starting-style"})
# Pseudo-elements whose effect on the text this reader does not compute: a rule on one that would
# mark, hide or add text where it reaches the vendor table is an error naming it.
UNDECIDED_PSEUDO = frozenset({"first-letter", "first-line", "marker"})
# Pseudo-elements that draw a `content` of their own (Chromium 156: a ::scroll-button() of a scroll
# container is a button labelled with it, drawn under the box) that this reader does not lay out
# (::before and ::after it does): a rule giving one text where it reaches the table is an error.
CONTENT_PSEUDO = frozenset({"marker", "scroll-marker", "scroll-button", "checkmark", "picker-icon"})
# Pseudo-elements that are the box of an element's own content (a <details>' content, which the
# browser's sheet hides while it is closed: `content-visibility: visible` there shows it): a rule
# on one may show or hide all of it, so it is an error where it reaches the vendor table.
CONTENTS_BOX_PSEUDO = frozenset({"details-content"})
# The pseudo-elements whose rules may change what a cell's text shows: add to it, hide or set apart
# part of it, or show or hide all of it.
TEXT_PSEUDO = frozenset({"before", "after", "first-letter", "first-line"}) | CONTENT_PSEUDO | CONTENTS_BOX_PSEUDO
# A rule's place within its origin and importance: (element-attached, cascade layer's rank, a, b, c),
# as CSS Cascade 5 orders them: an element's own style above any rule, then the layers (layer_ranks:
# unlayered rules above every layer for normal declarations, beneath them for !important ones), then
# the selector's specificity (a, b, c).
INLINE = (1, 0, 0, 0, 0)  # an element's own style
UNDECIDED_RULE = (0, 1 << 20, 0, 0, 0)  # a rule this reader cannot decide, judged winning over every rule
UA, AUTHOR, AUTHOR_IMPORTANT, UA_IMPORTANT = 0, 1, 2, 3
HINT = (AUTHOR, (0, -1, 0, 0, 0), -1)  # the precedence of a presentational hint: beneath every author rule
# revert rolls a property back to the browser's sheet (the UA origin), revert-layer to the layer
# beneath the page's unlayered rules: the presentational hints, where Chromium puts `hidden` and the
# colour attributes (checked: `<tr hidden>` with `tr{display:revert-layer}` stays hidden, with
# `display:revert` it is shown). A property with nothing beneath is left as written (html_style:
# unset).
ROLLBACK = frozenset({"revert", "revert-layer"})

# What a browser shows by default (the part of its UA sheet that decides what a reader sees).
UA_SHEET = """
address, article, aside, blockquote, center, details, dialog, dir, div, dl, dt, dd, fieldset, figcaption,
figure, footer, form, h1, h2, h3, h4, h5, h6, header, hgroup, hr, legend, listing, main, menu, nav, ol, p,
plaintext, pre, search, section, summary, ul, xmp, body, html, option, optgroup { display: block }
li { display: list-item } dialog { position: absolute }
button, input, select, textarea, meter, progress, marquee { display: inline-block }
table { display: table } caption { display: table-caption } thead { display: table-header-group }
tbody { display: table-row-group } tfoot { display: table-footer-group } tr { display: table-row }
td, th { display: table-cell } col { display: table-column } colgroup { display: table-column-group }
head, script, style, template, noscript, title, link, meta, base { display: none }
datalist, noembed, noframes, rp, area, param { display: none } slot { display: contents }
sup { vertical-align: super; font-size: smaller } sub { vertical-align: sub; font-size: smaller }
small { font-size: smaller } big { font-size: larger } rt { font-size: 50% }
h1 { font-size: 2em } h2 { font-size: 1.5em } h3 { font-size: 1.17em } h5 { font-size: .83em } h6 { font-size: .67em }
s, strike, del { text-decoration: line-through } u, ins { text-decoration: underline }
ul, ol, menu, dir { padding-left: 40px } blockquote, figure { margin-left: 40px; margin-right: 40px }
dd { margin-left: 40px }
ol { list-style-type: decimal } ul, menu, dir { list-style-type: disc }
"""


@dataclass(frozen=True)
class Declaration:
    name: str  # lower case; shorthands expanded (margin-left, border-right-width, …)
    value: str  # serialised, lower case (content keeps its strings as written)
    tokens: tuple  # tinycss2 component values
    important: bool
    written: str | None = None  # the value as written where the reader rewrote it (lengths in px), for messages
    named: str | None = None  # the property as written where it is another's alias (inline-size: width), for messages


FONT_LONGHANDS = ("font-size", "line-height", "font-family")  # of the font shorthand, those this reader uses


def shorthand_longhands(name: str, names) -> set[str]:
    """Which of `names` are longhands of the shorthand `name` this reader expands (margin-left of
    margin, line-height of font, every reset of all)."""
    if name == "all":
        return set(names) & set(ALL_RESETS)
    if name in LOGICAL:  # margin-inline: margin-left and margin-right
        return set(names) & {longhand for longhand, _ in logical_sides(name, ["0", "0"])}
    extra = {"font": FONT_LONGHANDS, "inset": ("top", "right", "bottom", "left"), "inset-inline": ("left", "right"),
             "inset-block": ("top", "bottom")}.get(name, ())
    return {n for n in names if n.startswith(f"{name}-") or n in extra}


def list_style_parts(words: list[str]) -> tuple[str, str] | None:
    """(type, image) of a `list-style` as CSS reads it: a position, an image and a type, each once
    at most, in any order, `none` filling the image or the type not given otherwise (both, given
    alone or twice); None where that leaves a word over (Chromium drops `none none none`). A word
    given once the position is set is a counter style's name, a style no page defines drawn as
    decimal (hunt 182: `none inside outside` draws `1.`, which the position-less reading took for
    no marker at all). An image is any function but a counter style's symbols() (url(),
    gradients, cross-fade(), light-dark())."""
    position = image = kind = None
    nones = 0
    for word in words:
        if word == "none":
            nones += 1
        elif word in ("inside", "outside") and position is None:
            position = word
        elif "(" in word and not word.startswith("symbols("):
            if image is not None:
                return None
            image = word
        elif kind is None:
            kind = word
        else:
            return None
    if nones > (image is None) + (kind is None):
        return None
    return (kind or ("none" if nones else "disc")), (image or "none")


def expanded(name: str, tokens: list, important: bool) -> list[Declaration]:
    """A declaration as the longhands this reader uses: the sides of margin and padding, the
    horizontal ones of border (a box set apart from its neighbour), background's colour, text-decoration's
    line; anything else as it is."""
    parts = [t for t in tokens if t.type not in ("whitespace", "comment")]
    # CSS's white space is ASCII's, and its keywords fold ASCII only: `black\u212a` (a Kelvin sign) or
    # `transparent\xa0` is no keyword in Chromium, where Python's lower() and strip() made one
    words = [ascii_lower(tinycss2.serialize([t]).strip(ASCII_WHITESPACE)) for t in parts]
    value = tinycss2.serialize(tokens).strip(ASCII_WHITESPACE)

    def one(longhand: str, text: str) -> Declaration:
        return Declaration(longhand, text, tuple(tokens), important)

    if name.startswith("--") or uses_var(tokens):  # expanded once var() is substituted (html_style.py)
        return [Declaration(name, value, tuple(tokens), important)]
    written, name = name, CHROMIUM_ALIASES.get(name, name)  # one property under two names: the later one wins
    if name in LOGICAL_ALIASES:  # the physical property, named as written in messages
        return [Declaration(LOGICAL_ALIASES[name], ascii_lower(value), tuple(tokens), important, named=written)]
    if name in LOGICAL:  # the sides in horizontal-tb, left to right (the only writing this reader reads)
        return [one(longhand, text) for longhand, text in logical_sides(name, words)]
    if name == "all":  # a CSS-wide keyword for every property this reader computes (css_values.py)
        return [one(longhand, ascii_lower(value)) for longhand in ALL_RESETS] if ascii_lower(value) in CSS_WIDE else []

    if name in ("margin", "padding"):
        if not words:
            return []
        right = words[1] if len(words) > 1 else words[0]
        left = words[3] if len(words) > 3 else right
        bottom = words[2] if len(words) > 2 else words[0]
        return [one(f"{name}-right", right), one(f"{name}-left", left), one(f"{name}-top", words[0]),
                one(f"{name}-bottom", bottom)]
    if name in ("border", "border-left", "border-right", "border-inline", "border-inline-start", "border-inline-end",
                "border-width", "border-style"):
        sides = {"border-left": ["left"], "border-inline-start": ["left"], "border-right": ["right"],
                 "border-inline-end": ["right"]}.get(name, ["left", "right"])
        width, style, _ = border_parts(parts)
        if ascii_lower(value) in CSS_WIDE:  # each longhand takes the keyword (`border-inline-end: initial`)
            width = style = ascii_lower(value)
        if name == "border-width":
            width, style = (words[3] if len(words) > 3 else words[1] if len(words) > 1 else words[0]) if words else None, None
        if name == "border-style":
            width, style = None, (words[3] if len(words) > 3 else words[1] if len(words) > 1 else words[0]) if words else None
        shorthand = name not in ("border-width", "border-style")  # resets what it does not give (Chromium
        out = []                                                    # keeps `border-inline-start: red`)
        for side in sides:
            if width is not None or shorthand:
                out.append(one(f"border-{side}-width", width or "medium"))
            if style is not None or shorthand:
                out.append(one(f"border-{side}-style", style or "none"))
        return out + (vertical_borders(name, parts, important) if name in ("border", "border-width", "border-style")
                      else [])
    if name in VERTICAL_BORDERS:
        return vertical_borders(name, parts, important)
    if name == "background":  # its colour, the images painted over it (url(), gradients), where it is painted
        colour = next((w for w in words if is_colour(w)), "transparent")
        images = [tinycss2.serialize([t]).strip() for t in parts if t.type == "url" or (
            t.type == "function" and t.lower_name not in COLOUR_FUNCTIONS)]
        return [one("background-color", colour), one("background-image", ", ".join(images) or "none"),
                one("background-clip", "text" if "text" in words else "border-box"),
                *(one(n, v) for n, v in zip(("background-size", "background-position", "background-repeat"),
                                            background_tiling(tokens)))]
    if name == "-webkit-background-clip":  # an alias in Chromium
        return [one("background-clip", ascii_lower(value))]
    if name == "list-style":  # its marker's type (a counter style, a string, none) and image, the position left out
        if len(words) == 1 and words[0] in CSS_WIDE:
            return [one("list-style-type", words[0]), one("list-style-image", words[0])]
        found = list_style_parts(words)
        return [] if found is None else [one("list-style-type", found[0]), one("list-style-image", found[1])]
    if name == "text-decoration":
        return [one("text-decoration-line", " ".join(words))]
    if name == "font":  # [style variant weight stretch] size[/line-height] family, or a system font
        if len(words) == 1 and words[0] in CSS_WIDE:  # `font: inherit` (hunt 114: it set nothing)
            return [one(longhand, words[0]) for longhand in FONT_LONGHANDS]
        if len(words) == 1 and words[0] in SYSTEM_FONT_KEYWORDS:
            return [one("font-family", SYSTEM_FAMILY)]  # Chromium draws these in its system font, a family of that name
        size, height, family = font_parts(parts)
        return [one(longhand, text) for longhand, text in zip(FONT_LONGHANDS, (size, height, family))] if size else []
    if name == "inset":  # top, right, bottom, left as the margin shorthand gives them
        return [one("left", words[3] if len(words) > 3 else words[1] if len(words) > 1 else words[0]),
                one("top", words[0]), one("right", words[1] if len(words) > 1 else words[0]),
                one("bottom", words[2] if len(words) > 2 else words[0])] if words else []
    return [one(name, value if name == "content" else ascii_lower(value))]


REPEATS = frozenset({"repeat", "repeat-x", "repeat-y", "no-repeat", "space", "round"})
POSITION_WORDS = frozenset({"left", "right", "top", "bottom", "center"})


def background_tiling(tokens: list) -> tuple[str, str, str]:
    """The background-size, -position and -repeat a `background` shorthand sets, each layer's
    (`0 100% / 100% 1px no-repeat`), their initial values where it gives none."""
    sizes, positions, repeats = [], [], []
    for layer in split_commas(tokens):
        words = [t for t in layer if t.type not in ("whitespace", "comment")]
        at = next((i for i, t in enumerate(words) if t.type == "literal" and t.value == "/"), None)
        size = [] if at is None else list(itertools.takewhile(
            lambda t: t.type in ("percentage", "dimension", "number") or (
                t.type == "ident" and t.lower_value in ("auto", "cover", "contain")), words[at + 1:at + 3]))
        placed = [t for t in words[:at] if t.type in ("percentage", "dimension", "number") or (
            t.type == "ident" and t.lower_value in POSITION_WORDS)]
        tiled = [t for t in words if t.type == "ident" and t.lower_value in REPEATS]
        sizes.append(" ".join(ascii_lower(tinycss2.serialize([t])) for t in size) or "auto")
        positions.append(" ".join(ascii_lower(tinycss2.serialize([t])) for t in placed) or "0% 0%")
        repeats.append(" ".join(t.lower_value for t in tiled) or "repeat")
    return ", ".join(sizes), ", ".join(positions), ", ".join(repeats)


# Logical sizes and overflow: in horizontal-tb (the only writing this reader reads) the physical property
# itself, one value whichever is declared last (hunt 137: `max-block-size: 0` with its overflow hidden, or
# `overflow-block: hidden` under `line-height: 0`, hid a value that was read)
LOGICAL_ALIASES = {"block-size": "height", "min-block-size": "min-height", "max-block-size": "max-height",
                   "inline-size": "width", "min-inline-size": "min-width", "max-inline-size": "max-width",
                   "overflow-block": "overflow-y", "overflow-inline": "overflow-x",
                   **{f"border-{logical}-{part}": f"border-{physical}-{part}"
                      for logical, physical in (("inline-start", "left"), ("inline-end", "right"),
                                                ("block-start", "top"), ("block-end", "bottom"))
                      for part in ("width", "style", "color")}}
# Logical margins and paddings, as the physical sides they are in horizontal-tb, left to right
LOGICAL = {f"{box}-{axis}{end}": (box, sides) for box in ("margin", "padding")
           for axis, ends in (("inline", ("left", "right")), ("block", ("top", "bottom")))
           for end, sides in (("", ends), ("-start", ends[:1]), ("-end", ends[1:]))}


def logical_sides(name: str, words: list[str]) -> list[tuple[str, str]]:
    """The physical longhands of a logical margin or padding, with their values."""
    box, sides = LOGICAL[name]
    values = words[:2] if len(sides) == 2 else words[:1]
    if not values:
        return []
    return [(f"{box}-{side}", values[min(k, len(values) - 1)]) for k, side in enumerate(sides)]


# Shorthands setting the top or bottom border (html_style reads them: an inline box's border
# above or below its text is painted over the line beside it, taking no room in it)
VERTICAL_BORDERS = {"border-top": ("top",), "border-bottom": ("bottom",), "border-block": ("top", "bottom"),
                    "border-block-start": ("top",), "border-block-end": ("bottom",)}


def vertical_borders(name: str, parts: list, important: bool) -> list[Declaration]:
    """The top and bottom border's width, style and colour a shorthand sets (`border-width` and
    `border-style` give them as margin gives its sides; a CSS-wide keyword sets each to itself)."""
    def made(longhand: str, text: str) -> Declaration:
        return Declaration(longhand, text, tuple(tinycss2.parse_component_value_list(text)), important)

    words = [tinycss2.serialize([t]).strip().lower() for t in parts]
    sides = VERTICAL_BORDERS.get(name, ("top", "bottom"))
    if len(words) == 1 and words[0] in CSS_WIDE:
        return [made(f"border-{side}-{kind}", words[0]) for side in sides for kind in ("width", "style", "color")]
    if name in ("border-width", "border-style"):
        kind = name.split("-")[1]
        values = {"top": words[0], "bottom": words[2] if len(words) > 2 else words[0]} if words else {}
        return [made(f"border-{side}-{kind}", value) for side, value in values.items()]
    width, style, colour = border_parts(parts)
    return [made(f"border-{side}-{kind}", value) for side in sides
            for kind, value in (("width", width or "medium"), ("style", style or "none"), ("color", colour or "currentcolor"))]


def border_parts(parts: list) -> tuple[str | None, str | None, str | None]:
    """A border shorthand's width, line style and colour, told apart by their tokens: a length,
    number or math function (or thin, medium, thick) is the width, a line style keyword the
    style, anything else the colour."""
    width = style = colour = None
    for token in parts:
        text = tinycss2.serialize([token]).strip().lower()
        if width is None and (token.type in ("dimension", "number") or text in LINE_WIDTHS or (
                token.type == "function" and token.lower_name in MATH)):
            width = text
        elif style is None and text in BORDER_STYLES:
            style = text
        elif colour is None:
            colour = text
    return width, style, colour


# Chromium draws the system font keywords (css_values.SYSTEM_FONT_KEYWORDS) in its system font, here this family
SYSTEM_FAMILY = "arial"


def font_parts(parts: list) -> tuple[str | None, str, str]:
    """A `font` shorthand's size, line height (normal unless written after a slash) and family
    list (as written, lower case); no size: (None, normal, the whole value)."""
    size = font_size_of(parts)
    at = next((i for i, t in enumerate(parts) if size is not None and (
        tinycss2.serialize([t]).strip().lower() == size)), None)
    if at is None:
        return None, "normal", tinycss2.serialize(parts).strip().lower()
    rest, height = parts[at + 1:], "normal"
    if len(rest) > 1 and rest[0].type == "literal" and rest[0].value == "/":
        height, rest = tinycss2.serialize([rest[1]]).strip().lower(), rest[2:]
    return size, height, ", ".join(tinycss2.serialize(piece).strip() for piece in split_at(rest, ",")).lower()


def font_size_of(parts: list) -> str | None:
    """The size in a `font` shorthand: the last length or percentage, unitless 0, math function or
    size keyword before its `/`, its family or a string (`font: 0/0 a`, the image-replacement idiom,
    sets the size 0); a weight (`700`, `calc(700)`), a style's angle (`oblique 10deg`) and the other
    prefixes come before it (hunt 117: `oblique 10deg bold 0px a` was read at 10deg)."""
    size = None
    for token in parts:
        if token.type in ("string", "literal"):
            break
        if font_size(token, negative=True) or (token.type == "function" and token.lower_name in MATH):
            size = token
        elif token.type == "ident" and token.lower_value not in FONT_PREFIX_WORDS:
            break  # the family
    return tinycss2.serialize([size]).strip().lower() if size is not None else None


# Functions that write a colour (the others in a `background` are images: url(), gradients, image-set())
COLOUR_FUNCTIONS = frozenset({"rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color",
                              "color-mix", "light-dark", "var", "calc", "env"})
BORDER_STYLES = frozenset({"none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset",
                           "outset"})


def is_colour(word: str) -> bool:
    """A colour as a `background` writes it: one css_colour computes, or a colour function
    (color-mix(), a relative colour) it does not (still the background's colour, not an image)."""
    from .css_colour import rgba
    if word.split("(", 1)[0] in COLOUR_FUNCTIONS and "(" in word:
        return True
    return rgba(word, (0.0, 0.0, 0.0, 1.0)) is not None


def declarations(tokens_or_text, quirks: bool = False) -> list[Declaration]:
    """A declaration list (a `style` attribute, a rule without nested rules) as Declarations;
    custom properties (`--bg`, case-sensitive) are kept for var(); malformed declarations are
    left out, as browsers do: one holding a block (`x{} display:none`, nesting where none is
    allowed) to the next `;`. In a quirks mode page (`quirks`) a colour may be written without
    its `#` (hashless). A style rule's content, which may nest rules, is parsed as StyleRule.of."""
    return declarations_of(tinycss2.parse_declaration_list(tokens_or_text, skip_comments=True, skip_whitespace=True),
                           quirks)


def declarations_of(items, quirks: bool = False) -> list[Declaration]:
    """The declarations among a block's parsed items (see declarations)."""
    out = []
    for item in items:
        if item.type == "declaration" and quirks and item.lower_name in QUIRKY_COLOURS:
            item.value = hashless(item.value)
        if item.type == "declaration" and not malformed(item.value) and well_formed_vars(item.value) \
                and valid_value(item.lower_name, item.value, quirks):  # (else dropped, as browsers do)
            name = item.name if item.name.startswith("--") else item.lower_name
            out.extend(expanded(name, item.value, item.important))
    return out


def uses_var(tokens) -> bool:
    """Does a value refer to a custom property (var(), at any depth)?"""
    return calls(tokens, "var")


def calls(tokens, name: str) -> bool:
    """Does a value call the function `name` (lower case), at any depth?"""
    for token in tokens:
        if token.type == "function" and (token.lower_name == name or calls(token.arguments, name)):
            return True
        if token.type in ("() block", "[] block", "{} block") and calls(token.content, name):
            return True
    return False


def custom_names(declarations) -> set[str]:
    """The custom properties the declarations' values may read: every name of the form --x in
    them (a var()'s, its fallback's, at any depth; more than it reads is no harm)."""
    return {name for d in declarations for name in dashed_idents(d.tokens)}


def dashed_idents(tokens):
    for token in tokens:
        if token.type == "ident" and token.value.startswith("--"):
            yield token.value
        elif token.type == "function":
            yield from dashed_idents(token.arguments)
        elif token.type in ("() block", "[] block", "{} block"):
            yield from dashed_idents(token.content)


class Unsettled(Exception):
    """A var() this reader does not work out as a browser does: the declaration is undecided."""


UNSETTLED = ("unsettled",)  # a custom property's value this reader does not work out (attr() in it, a var() too deep)
MAX_SUBSTITUTED = 20_000  # tokens one value may grow to by substitution (`--a: var(--b) var(--b)`, doubled 30 times)


def substituted(tokens, custom: dict, depth: int = 0, chain: tuple = (), budget: list | None = None) -> list | None:
    """The value with each var(--name, fallback) replaced by the custom property's value (or
    its fallback); None when one is undefined without a fallback or refers to itself (the
    declaration is then invalid at computed-value time, as in a browser). Raises Unsettled
    where a custom property's value is not worked out here, nests past MAX_NESTING (a browser
    follows it) or grows past MAX_SUBSTITUTED tokens (a browser's own bound is its own)."""
    if depth > MAX_NESTING:
        raise Unsettled(f"var() nested over {MAX_NESTING} deep")
    budget = [MAX_SUBSTITUTED] if budget is None else budget
    out = []
    for token in tokens:
        if token.type == "function" and token.lower_name == "var":
            args = list(token.arguments)
            name = next((t.value for t in args if t.type == "ident"), "")
            comma = next((i for i, t in enumerate(args) if t.type == "literal" and t.value == ","), None)
            if name in chain:
                return None  # a cycle: invalid at computed-value time
            value = custom.get(name)
            if value is UNSETTLED:
                raise Unsettled(f"{name} not worked out here")
            if value is None and comma is not None:
                value = args[comma + 1:]
            if value is None:
                return None
            inner = substituted(value, custom, depth + 1, (*chain, name), budget)
            if inner is None:
                return None
            out.extend(inner)
        elif token.type == "function" and uses_var(token.arguments):
            inner = substituted(token.arguments, custom, depth + 1, chain, budget)
            if inner is None:
                return None
            out.append(tinycss2.ast.FunctionBlock(token.source_line, token.source_column, token.name, inner))
        else:
            out.append(token)
        budget[0] -= 1
        if budget[0] < 0:
            raise Unsettled(f"var() growing past {MAX_SUBSTITUTED:,} tokens")
    return out


def well_formed_vars(tokens) -> bool:
    """Whether every var() of a value is written as CSS allows: a custom property's name (`--`
    and more), then nothing or a comma and a fallback. A declaration with another is invalid
    when parsed: dropped, an earlier one winning (Chromium: `display: var(--, inline)` and
    `var(--a junk)` are)."""
    for token in tokens:
        if token.type == "function" and token.lower_name == "var":
            args = [t for t in token.arguments if t.type not in ("whitespace", "comment")]
            if not args or args[0].type != "ident" or not args[0].value.startswith("--") or len(args[0].value) < 3:
                return False
            if len(args) > 1 and not (args[1].type == "literal" and args[1].value == ","):
                return False
        if token.type == "function" and not well_formed_vars(token.arguments):
            return False
        if token.type in ("() block", "[] block", "{} block") and not well_formed_vars(token.content):
            return False
    return True


def malformed(tokens, top: bool = True) -> bool:
    """Whether a value holds what CSS Syntax's <declaration-value> allows nowhere: a bad string, a bad
    url or an unmatched `)`, `]` or `}` at any depth (tinycss2's error tokens), or a `!` left once
    `!important` is taken off, at the value's top level or at that of a substitution function's
    arguments (`opacity: var(--a, 1) !x`, `var(--a, !)`). Chromium 156 drops such a declaration, an
    earlier one winning, even where var() leaves the rest to be decided once substituted. A `!`
    inside another function or a block is the value's own (`--a: [!]`)."""
    for token in tokens:
        if token.type == "error" or (top and token.type == "literal" and token.value == "!"):
            return True
        if token.type == "function":
            substituting = token.lower_name in SUBSTITUTION_FUNCTIONS or token.name.startswith("--")
            if malformed(token.arguments, top=substituting):
                return True
        elif token.type in ("() block", "[] block", "{} block") and malformed(token.content, top=False):
            return True
    return False


def ua_defaults() -> dict[str, list[Declaration]]:
    """UA_SHEET by tag (its selectors are all tag names)."""
    by_tag: dict[str, list[Declaration]] = {}
    for rule in tinycss2.parse_stylesheet(UA_SHEET, skip_comments=True, skip_whitespace=True):
        for tag in tinycss2.serialize(rule.prelude).split(","):
            by_tag.setdefault(tag.strip(), []).extend(declarations(rule.content))
    return by_tag


UA_BY_TAG = ua_defaults()
HIDDEN_ATTRIBUTE = declarations("display: none")  # the `hidden` attribute, a presentational hint
# hidden="until-found" (any case) is not display:none but content-visibility:hidden, as HTML's own
# sheet writes it: the box keeps its place and skips its contents, which it cannot do as a plain
# inline box (Chromium draws `x<span hidden=until-found>1</span>4` as x14).
UNTIL_FOUND = declarations("content-visibility: hidden")
# HTML's own sheet for a popover: hidden until it is opened, and a box drawn fixed in the middle of the
# window (hunt 167: `<span popover style="display:inline">1</span>4*Ascend` draws the 1 there, not in the cell)
POPOVER = declarations("display: none; position: fixed; inset: 0; margin: auto; border: solid; padding: 0.25em")


# --- the page's sheets -> rules ---------------------------------------------------------------

@dataclass(frozen=True)
class Rule:
    label: str  # the selector as written, and the at-rules it is inside, for error messages
    declarations: tuple[Declaration, ...]
    pseudo: str | None = None  # the pseudo-element it styles, where cssselect2 cannot compile it
    layer: tuple[str, ...] = ()  # the cascade layer it is in (`@layer a { @layer b {…} }`: a, b); () for none


@dataclass
class Sheets:
    """The page's rules: those a desktop browser applies, in a matcher; those it may apply but
    this reader cannot decide, in another (relaxed selectors: what they may reach)."""
    applied: cssselect2.Matcher
    undecided: cssselect2.Matcher
    applied_count: int = 0
    undecided_count: int = 0
    quirks: bool = False  # the document's mode (html_tree.in_quirks_mode)
    environment: str = "utf-8"  # the page's encoding, its sheets' fallback (html_tree.page_encoding)
    registered: list = field(default_factory=list)  # the @property rules not modelled, as written (refused)
    registrations: dict = field(default_factory=dict)  # custom property name -> its Registration (@property)
    registration_layers: dict = field(default_factory=dict)  # custom property name -> the layer first registering it
    unmodelled_fonts: dict = field(default_factory=dict)  # family (lower case) -> the @font-face drawing it
    # otherwise than its characters at the font size (a size-adjust, a symbol font as its source), as written
    policies: list = field(default_factory=list)  # the Content-Security-Policies over the sheet being added
    layer: tuple = ()  # the cascade layer of the rules being added (Rule.layer)
    layers: list = field(default_factory=list)  # every layer, in the order first declared (layer_ranks)
    anonymous_layers: int = 0  # `@layer { … }` blocks so far: each is a layer of its own
    layer_undecided: str = ""  # the first layer declared where a browser may not declare it (an @media that
    # depends on the window: its place in the order depends on it too)
    layered_applied: bool = False  # a rule in a layer is applied
    namespaces: dict = field(default_factory=dict)  # the @namespace rules of the sheet being added
    too_deep: str = ""  # the first rule nested past MAX_NESTING, where it is (refuse_too_deep)
    focused: bool = False  # an element of the page asks for the focus as it loads (autofocus): :focus may match
    lines_styled: set = field(default_factory=set)  # elements a ::first-line or ::first-letter rule may reach
    metrics_overridden: bool = False  # an @font-face sets a family's ascent, descent, line gap or size
    # an element of a vendor-like table -> {property: value} of the undecided rules that may reach it
    # (what they do to its columns is judged by html_columns, with the table's layout)
    undecided_on: dict = field(default_factory=dict)
    undecided_reads: set = field(default_factory=set)  # the custom properties an undecided rule's value names


# What cssselect2 raises for a selector it does not match: one it does not parse, an `*|` attribute
# it does not implement, and the Python it writes for a test left empty (hunt 165: `:has(a >)`, an
# internal error, exit 3)
UNCOMPILED = (cssselect2.SelectorError, NotImplementedError, SyntaxError)


def relaxed(selector: str) -> list | None:
    """A selector cssselect2 cannot match as a browser does, its pseudo-classes and -elements
    widened to any element (css_selectors.widened), so that what it may reach is over-estimated;
    None when even that fails (then it is taken to reach every element)."""
    simpler = tinycss2.serialize(widened(tinycss2.parse_component_value_list(selector))).strip() or "*"
    try:
        return cssselect2.compile_selector_list(simpler)
    except UNCOMPILED:
        return None


EVERYTHING = cssselect2.compile_selector_list("*")

# Attributes whose values HTML's selectors match ASCII case-insensitively on HTML elements (the
# HTML Standard, "case-sensitivity of selectors"): `[lang="en"]` matches lang="EN".
CASE_INSENSITIVE_ATTRIBUTES = frozenset("""accept accept-charset align alink axis bgcolor charset checked clear
codetype color compact declare defer dir direction disabled enctype face frame hreflang http-equiv lang language link
media method multiple nohref noresize noshade nowrap readonly rel rev rules scope scrolling selected shape target text
type valign valuetype vlink""".split())
COMBINATOR = frozenset({">", "+", "~"})


def as_html_matches(tokens: list, quirks: bool, default_namespace: bool) -> list:
    """A selector's tokens rewritten so that cssselect2 matches as a browser does in an HTML
    document: an attribute of HTML's case-insensitive list without a flag gets ` i`; in quirks
    mode class and id names are ASCII lower-cased (the wrapper lower-cases the element's); with
    a default @namespace, a compound without a type selector gets `*` (cssselect2 applies the
    default namespace to type selectors only; functions' arguments keep theirs, as CSS says)."""
    out, compound_start = [], True
    for token in tokens:
        if default_namespace and compound_start and (
                token.type in ("hash", "[] block", "function") or token.type == "literal" and token.value in ".:"):
            out.append(tinycss2.ast.LiteralToken(token.source_line, token.source_column, "*"))
        compound_start = token.type in ("whitespace", "comment") or (token.type == "literal" and token.value in COMBINATOR)
        if token.type == "[] block":
            token = flagged(token)
        elif quirks and token.type == "hash":
            token = tinycss2.ast.HashToken(token.source_line, token.source_column, ascii_lower(token.value),
                                           token.is_identifier)
        elif quirks and token.type == "ident" and out and out[-1].type == "literal" and out[-1].value == ".":
            token = tinycss2.ast.IdentToken(token.source_line, token.source_column, ascii_lower(token.value))
        elif token.type == "function":
            token = tinycss2.ast.FunctionBlock(token.source_line, token.source_column, token.name,
                                               as_html_matches(token.arguments, quirks, False))
        out.append(token)
    return out


def flagged(block) -> object:
    """An attribute selector of HTML's case-insensitive list, without a flag, with ` i`."""
    words = [t for t in block.content if t.type not in ("whitespace", "comment")]
    named = len(words) >= 3 and words[0].type == "ident" and words[1].type == "literal" and words[1].value != "|"
    if not named or words[0].lower_value not in CASE_INSENSITIVE_ATTRIBUTES or words[-1].type == "ident" and \
            len(words) >= 4 and words[-1].lower_value in ("i", "s"):
        return block
    space = tinycss2.ast.WhitespaceToken(block.source_line, block.source_column, " ")
    flag = tinycss2.ast.IdentToken(block.source_line, block.source_column, "i")
    return tinycss2.ast.SquareBracketsBlock(block.source_line, block.source_column, [*block.content, space, flag])


@dataclass(frozen=True)
class StyleRule:
    """A style rule: its selector list, and its content parsed (declarations and nested rules, in
    the order written)."""
    prelude: list
    items: list

    @classmethod
    def of(cls, prelude, content) -> "StyleRule":
        return cls(prelude, tinycss2.parse_blocks_contents(content, skip_comments=True, skip_whitespace=True))


ANY_ELEMENT = tinycss2.parse_component_value_list("*")


def nested_selectors(parents: list[str], child: str) -> str:
    """A nested rule's selectors as a whole list: `&` is the whole parent list (`:is(a, b)`,
    which has its most specific member's specificity wherever it matches), and a selector
    without it is relative to the parent, as a descendant or after its combinator. `&` is a
    token: one inside a quoted string (`[title='&']`) is a character of that string."""
    parent = tinycss2.parse_component_value_list(f":is({', '.join(parents)})")
    whole = []
    for member in split_commas(tinycss2.parse_component_value_list(child)):
        member = strip(member)
        if not member:
            continue
        whole.append(tinycss2.serialize(with_nesting(member, parent)) if holds_nesting(member) else
                     f"{tinycss2.serialize(parent)} {tinycss2.serialize(member)}")
    return ", ".join(whole)


def holds_nesting(tokens) -> bool:
    """Does the selector hold `&`, at any depth of its functions (not inside a string)?"""
    return any(t.type == "literal" and t.value == "&" or t.type == "function" and holds_nesting(t.arguments)
               for t in tokens)


def with_nesting(tokens, parent: list) -> list:
    """The selector with each `&` token (at any depth of its functions) written as `parent`."""
    out = []
    for token in tokens:
        if token.type == "literal" and token.value == "&":
            out += parent
        elif token.type == "function":
            out.append(tinycss2.ast.FunctionBlock(token.source_line, token.source_column, token.name,
                                                  with_nesting(token.arguments, parent)))
        else:
            out.append(token)
    return out


TOP_LEVEL_NESTING = tinycss2.parse_component_value_list(":root")  # `&` outside any rule: the scoping root


def add_nested(rule: StyleRule, items: list, mode: str, within: str, sheets: Sheets, depth: int) -> None:
    """The rules nested in a style rule, after its own declarations: style rules under it, @media
    (and the other group rules) holding declarations for it, decided as at the top level, and
    declarations written after a nested rule, which a browser applies after that rule (as a
    nested declarations rule, with the parent's selectors)."""
    parents = split_selectors(rule.prelude)
    scope_body = rule.prelude is ANY_ELEMENT  # (scoped_or: the rules of an @scope)
    trailing: list = []
    for item in [*items, None]:
        if item is not None and item.type == "declaration":
            trailing.append(item)
            continue
        if trailing:
            add_rule(StyleRule(rule.prelude, trailing), mode, within, sheets, depth)
            trailing = []
        if item is None:
            return
        if depth >= MAX_NESTING and item.type in ("qualified-rule", "at-rule"):
            sheets.too_deep = sheets.too_deep or f"a rule nested in {tinycss2.serialize(rule.prelude).strip()[:60]!r}"
            return
        if item.type == "qualified-rule" and selector_list(item.prelude) is not None:
            selectors = nested_selectors(parents, tinycss2.serialize(item.prelude))
            add_rule(StyleRule.of(tinycss2.parse_component_value_list(selectors), item.content), mode, within, sheets,
                     depth + 1)
        elif item.type == "at-rule" and item.lower_at_keyword == "property":
            if scope_body:  # an @scope's body is a list of rules: registered there; in a style rule, no
                add_registration(item, mode, sheets)  # rule at all to Chromium 156 (hunt 165)
        elif item.type == "at-rule" and item.lower_at_keyword == "layer":
            statement_in_scope = scope_body and item.content is None  # (an @scope's orders the layers)
            add_layer(item, mode, within, sheets, depth, parent=None if statement_in_scope else rule)
        elif item.type == "at-rule" and item.content is not None:
            inner, head = group_mode(item, mode)
            if inner != "drop":
                add_rule(scoped_or(item, rule.prelude), inner, f"{within} {head}".strip(), sheets, depth + 1)


def scoped_or(group, prelude) -> StyleRule:
    """What a group rule's content is to the cascade, nested in a rule of `prelude`: an @scope's
    rules and declarations apply under a root this reader does not find, so they are checked as
    applying to any element (`:scope` too); another group's content applies to the parent."""
    if group.lower_at_keyword == "scope":
        return StyleRule.of(ANY_ELEMENT, scope_relaxed(group.content))
    return StyleRule.of(prelude, group.content)


def group_mode(rule, mode: str) -> tuple[str, str]:
    """What a group at-rule makes of the rules inside it (see add_rules), and its head as written."""
    name = rule.lower_at_keyword
    head = " ".join(f"@{rule.at_keyword} {tinycss2.serialize(rule.prelude)}".split())
    if name == "media":
        inner = {True: mode, False: "drop", None: "check"}[desktop_applies(tinycss2.serialize(rule.prelude))]
        inner = "check" if inner == "apply" and mode == "check" else inner
    else:
        inner = "check" if name in CONDITIONAL else "drop"
    return inner, head


def add_rule(rule: StyleRule, mode: str, within: str, sheets: Sheets, depth: int = 0) -> None:
    """One style rule, each selector of its list added to the matcher its mode says with the
    declarations written before any nested rule; the rest after it (add_nested)."""
    members = selector_list(rule.prelude)
    if members is None or undeclared_prefix(rule.prelude, sheets.namespaces):
        return  # an invalid selector list: a browser drops the rule whole, the rules nested in it too
    first_rule = next((i for i, item in enumerate(rule.items) if item.type != "declaration"), len(rule.items))
    decls = tuple(declarations_of(rule.items[:first_rule], sheets.quirks))
    for tokens in members if decls else ():
        selector_text = tinycss2.serialize(tokens).strip()
        label = f"{selector_text!r} (inside {within})" if within else repr(selector_text)
        html_text = tinycss2.serialize(as_html_matches(links_rewritten(nth_of_rewritten(forgiven(tokens))),
                                                       sheets.quirks, None in sheets.namespaces))
        if not exactly_matched(tokens) or (sheets.focused and uses(tokens, FOCUS)):  # a :has() cssselect2 matches
            # otherwise than a browser, a state it reads from attributes, the focus an element took as the page loaded
            if not SCROLLBAR_PART.search(selector_text):
                add_undecided(selector_text, Rule(label, decls), sheets)
            continue
        try:
            compiled = cssselect2.compile_selector_list(html_text, sheets.namespaces)
        except UNCOMPILED:
            compiled = None
        if compiled is None:  # cssselect2 matches no `*|` attribute, nor a
            # pseudo-element in a state, nor one after a pseudo-class it does not know (`:dir(ltr)::before`, which a
            # browser applies); a scrollbar's part (water.css: `::-webkit-scrollbar-thumb:hover`) draws no text
            if SCROLLBAR_PART.search(selector_text):
                continue
            pseudo = PSEUDO_ELEMENT_AT_END.search(selector_text)
            if pseudo is None:
                add_undecided(selector_text, Rule(label, decls), sheets)
            elif pseudo["name"].lower() in TEXT_PSEUDO:  # judged by what it declares there (not ::selection: no text)
                add_undecided(selector_text, Rule(label, decls, pseudo["name"].lower()), sheets)
            continue
        for selector in compiled:
            if mode == "apply" and selector.pseudo_element not in UNDECIDED_PSEUDO:
                sheets.applied.add_selector(selector, Rule(label, decls, layer=sheets.layer))
                sheets.applied_count += 1
                sheets.layered_applied = sheets.layered_applied or bool(sheets.layer)
            else:
                sheets.undecided.add_selector(selector, Rule(label, decls, layer=sheets.layer))
                sheets.undecided_count += 1
                sheets.undecided_reads.update(custom_names(decls))
    add_nested(rule, rule.items[first_rule:], mode, within, sheets, depth)


def undeclared_prefix(tokens, namespaces: dict) -> bool:
    """Does a selector of the list name a namespace prefix no @namespace of its sheet declares
    (`ns|p`, `[ns|a]`, at any depth)? The selector is invalid, and a browser drops the rule whole
    (hunt 130: `x|i`; hunt 163: `.x, ns|p {display: none}` hid the .x that Chromium shows)."""
    for i, token in enumerate(tokens):
        if token.type == "ident" and i + 1 < len(tokens) and tokens[i + 1].type == "literal" \
                and tokens[i + 1].value == "|" and token.value not in namespaces:
            return True
        inner = getattr(token, "content", None) if token.type == "[] block" else getattr(token, "arguments", None)
        if inner and undeclared_prefix(inner, namespaces):
            return True
    return False


AUTOFOCUS = etree.XPath("//*[@autofocus]")  # the elements that take the focus as the page loads (the first focusable)


def add_undecided(selector_text: str, rule: Rule, sheets: Sheets) -> None:
    """A selector cssselect2 cannot match as a browser does, as what it may reach (relaxed)."""
    sheets.undecided_reads.update(custom_names(rule.declarations))
    for selector in relaxed(selector_text) or EVERYTHING:
        sheets.undecided.add_selector(selector, rule)
        sheets.undecided_count += 1


PSEUDO_ELEMENT_AT_END = re.compile(r"::(?P<name>[A-Za-z-]+)(\([^)]*\))?\s*$")
# a part of a scrollbar, in a state or not (water.css: `::-webkit-scrollbar-thumb:hover`), last in its selector
SCROLLBAR_PART = re.compile(r"::-webkit-(scrollbar|resizer)[A-Za-z-]*(:[A-Za-z-]+(\([^)]*\))?)*\s*$", re.I)


def split_selectors(prelude) -> list[str]:
    """The selector list at its top-level commas (tinycss2 keeps brackets and functions whole)."""
    return [text for text in (tinycss2.serialize(p).strip() for p in split_commas(prelude)) if text]


def add_font_face(rule, mode: str, sheets: Sheets) -> None:
    """An @font-face that draws its family's glyphs at another size than the font size
    (size-adjust other than 100%: `size-adjust: 1%` draws a speck), from a symbol font's
    (`src: local("D050000L")`: a digit drawn as a dingbat), as small figures (a descriptor
    asking for superscripts or fractions' parts: hunt 64), or from a font file (`url()`, remote
    or data:) whose unicode-range reaches the table's characters: its glyphs are not read here,
    and an anti-scraping font draws an 8 for a 3 (checked in Chromium); its family is recorded,
    for the text drawn in it to be named as what this reader does not model (html_styles).
    A descriptor written twice counts with every value (Chromium keeps the last valid one: the
    family of each, every source, any range), a unicode-range Chromium rejects as every character."""
    if mode == "drop" or rule.content is None:
        return
    written: dict[str, list[str]] = {}
    for d in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True):
        if d.type == "declaration":
            written.setdefault(d.lower_name, []).append(tinycss2.serialize(d.value).strip())
    if any(value not in ("normal", "100%") for name in METRICS for value in written.get(name, ())):
        sheets.metrics_overridden = True  # a line of normal height in it is not what html_extent measures
    families = [name for value in written.get("font-family", ()) for name in family_names(value)]
    if not families:
        return
    family, source = written["font-family"][-1], ", ".join(written.get("src", ()))
    why = ""
    if any(value != "100%" for value in written.get("size-adjust", ())):
        why = f"@font-face {{font-family: {family}; size-adjust: {written['size-adjust'][-1]}}}"
    elif any(of_signs(family_name(n)) for n in LOCAL_FONT.findall(source)):  # a symbol font as its source
        why = f"@font-face {{font-family: {family}; src: {source}}}"
    elif small := next((f"{name}: {value}" for name in FIGURE_PROPERTIES for value in written.get(name, ())
                        if asks_small_figures(name, value.lower())), ""):
        why = f"@font-face {{font-family: {family}; {small}}}: small figures (superscripts, fractions' parts)"
    elif FONT_FILE.search(source) and reaches_text(written.get("unicode-range", [])):
        why = (f"@font-face {{font-family: {family}; src: {shortened(source)}}}: a font file's glyphs, which may draw "
               "other characters than the text (an anti-scraping font)")
    for name in families if why else ():
        sheets.unmodelled_fonts[name] = why


def family_names(value: str) -> list[str]:
    """The families a font-family value names, as compared (family_name): a string as written,
    identifiers joined by one space, read as CSS reads them (escapes, comments: `anti\\ font`
    and `Anti/**/Font` are `anti font`)."""
    names, words = [], []
    for token in tinycss2.parse_component_value_list(value, skip_comments=True):
        if token.type == "literal" and token.value == ",":
            names.append(" ".join(words))
            words = []
        elif token.type in ("string", "ident"):
            words.append(token.value)
    names.append(" ".join(words))
    return [family_name(name) for name in names if name.strip()]


METRICS = ("ascent-override", "descent-override", "line-gap-override", "size-adjust")
FONT_FILE = re.compile(r"url\(", re.IGNORECASE)  # a font file (remote or data:), not one of the reader's system
# The characters read as the table's values, labels and spaces: a font file whose unicode-range leaves
# them all out (a CJK or icon font) draws none of them (text_spans)
TEXT_PLANES = 0x20000  # the code points looked through: the BMP and the SMP (mathematical digits, enclosed forms)
URANGE = r"u\+(?:[0-9a-f]{1,6}(?:-[0-9a-f]{1,6})?|[0-9a-f]{0,5}\?{1,6})"
UNICODE_RANGES = re.compile(rf"\s*{URANGE}(?:\s*,\s*{URANGE})*\s*", re.IGNORECASE)  # the whole value, as Chromium takes it


@functools.cache
def text_spans() -> tuple[tuple[int, int], ...]:
    """The code points read as a character of the table's values and labels or as a space, as
    spans: ASCII's printable ones and every character whose printed form holds one (tokens.printed:
    a full-width ３, a no-break space, the hyphens U+2010 and U+2011), every space (hunt 148: a face
    drawing only ３, U+00A0, U+0020 or U+2010 as other digits was passed by when the range read was
    U+2A-7A), and every character the printed form drops, which a font's glyph may draw (hunt 150:
    U+FFF9 drawn as a 1 before 6*Ascend). Found once, when a page's font names a unicode-range."""
    spans: list[list[int]] = []
    for code in range(0x20, TEXT_PLANES):
        char = chr(code)
        shown = printed(char)  # (a format character it drops may be drawn by a font's glyph: U+FFF9, hunt 150)
        if 0xD800 <= code <= 0xDFFF or not (char.isspace() or not shown or any(" " <= c <= "~" for c in shown)):
            continue
        if spans and spans[-1][1] == code - 1:
            spans[-1][1] = code
        else:
            spans.append([code, code])
    return tuple((start, end) for start, end in spans)


def reaches_text(ranges: list[str]) -> bool:
    """Do an @font-face's unicode-range values reach text_spans()? None written, or one Chromium
    rejects (a trailing comma, a comment, a range ending before it starts), is every character;
    several are taken together (whichever is Chromium's)."""
    spans = []
    for value in ranges:
        if not UNICODE_RANGES.fullmatch(value):
            return True
        for item in value.split(","):
            first, _, last = item.strip()[2:].partition("-")
            start, end = int(first.replace("?", "0"), 16), int(last or first.replace("?", "f"), 16)
            if (len(first.rstrip("?")) + first.count("?") > 6) or start > end or end > 0x10FFFF:
                return True
            spans.append((start, end))
    return not spans or any(start <= last and first <= end for start, end in spans for first, last in text_spans())


def shortened(source: str) -> str:
    """A font's src for a message: a data: URL's bytes left out."""
    return re.sub(r"(data:[^,;)]*)[^)]*", r"\1,…", source)[:120]


LOCAL_FONT = re.compile(r"local\(\s*([^)]*?)\s*\)", re.IGNORECASE)


def family_name(written: str) -> str:
    """A font family as compared: unquoted, lower case, single spaces."""
    return " ".join(written.strip().strip("'\"").lower().split())


def add_rules(rules, mode: str, within: str, sheets: Sheets, depth: int = 0) -> None:
    """Style rules and group at-rules: an @media that holds in every desktop window keeps the
    mode, one that holds in none drops its rules, one that depends on the window is undecided;
    @layer keeps the mode, its rules in their layer (add_layer); @supports, @container, @scope are
    undecided (browsers apply them; their conditions are not evaluated here); @property registers
    (add_registration); other at-rules (@font-face, @page, @keyframes) hold no style rules."""
    for rule in rules:
        if rule.type == "qualified-rule":  # `&` at the top level (`:is(&) tbody`) is the root, as in Chromium
            prelude = with_nesting(rule.prelude, TOP_LEVEL_NESTING) if holds_nesting(rule.prelude) else rule.prelude
            add_rule(StyleRule.of(prelude, rule.content), mode, within, sheets)
        elif rule.type == "at-rule" and rule.lower_at_keyword == "property":
            add_registration(rule, mode, sheets)
        elif rule.type == "at-rule" and rule.lower_at_keyword == "font-face" and rule.content is not None:
            add_font_face(rule, mode, sheets)
        elif rule.type == "at-rule" and rule.content is not None and depth >= MAX_NESTING:
            sheets.too_deep = sheets.too_deep or " ".join(f"@{rule.at_keyword} {tinycss2.serialize(rule.prelude)}".split())
        elif rule.type == "at-rule" and rule.lower_at_keyword == "layer":
            add_layer(rule, mode, within, sheets, depth)
        elif rule.type == "at-rule" and rule.content is not None:
            inner, head = group_mode(rule, mode)
            if inner != "drop" and rule.lower_at_keyword == "scope":  # a style rule's content (scoped_or)
                add_rule(scoped_or(rule, ANY_ELEMENT), inner, f"{within} {head}".strip(), sheets, depth + 1)
                for face in faces_in(rule.content):  # the page's fonts too (hunt 148: Chromium 156 applies one)
                    add_font_face(face, inner, sheets)
            elif inner != "drop":
                add_rules(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True),
                          inner, f"{within} {head}".strip(), sheets, depth + 1)


def faces_in(content) -> list:
    """The @font-face rules among the contents of an @scope block."""
    return [item for item in tinycss2.parse_blocks_contents(content, skip_comments=True, skip_whitespace=True)
            if item.type == "at-rule" and item.lower_at_keyword == "font-face" and item.content is not None]


XHTML, SVG, MATHML = "http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg", "http://www.w3.org/1998/Math/MathML"
# A <link> whose sheet a script may apply (loadCSS: rel=preload as=style with
# onload="this.rel='stylesheet'", or media=print with onload="this.media='all'"): an event handler
# attribute, or a preloaded style sheet, which only a script turns into one.
SCRIPT_HANDLERS = ("onload", "onerror")


def page_sheets(root: etree._Element, files: SavedFiles | None = None, source: str = "page") -> Sheets:
    """The rules of every sheet a reader's browser applies, in document order (sheet_modes):
    <style> elements and <link rel=stylesheet> with a data: URL or, given the folder the page
    was saved in, a relative one (resolved from <base href>), with the sheets they @import.
    The rules of a sheet the browser may or may not apply (its media depends on the window, a
    script may apply it) are checked (check_undecided)."""
    sheets = Sheets(cssselect2.Matcher(), cssselect2.Matcher(), quirks=in_quirks_mode(root),
                    focused=bool(AUTOFOCUS(root)), environment=page_encoding(root))
    if files is not None:
        files.environment = sheets.environment
    base = document_base(root, files)
    early = before_the_base(root) if files is not None else set()
    policies = page_policies(root)
    order = {e: i for i, e in enumerate(root.iter("meta", "style", "link", "base"))} if policies else {}
    if policies and files is not None and base != files.page:
        refuse_governed_base(base_element(root), policies, order, source)
    for element, mode, within in sheet_modes(root):
        if policies:  # the page's Content-Security-Policy (html_csp.py), over its @imports too
            sheets.policies = after(policies, element, order)
            answer, deciding = verdict(sheets.policies, fetched_kind(element))
            if answer == BLOCK:
                continue
            if answer == CSP_UNDECIDED:
                mode, within = "check", f"{within} {deciding.label}".strip()
        found = sheet_text(element, files, files.page if element in early else base, source, sheets.quirks)
        if found is None:
            continue
        text, sheet_base, file, undecided = found
        if undecided:
            mode, within = "check", f"{within} {undecided}".strip()
        if file is not None:  # a sheet from a file: its rules are named with it
            within = f"{within} {files.label}/{file}".strip()
        add_sheet(text, mode, within, sheets, files, sheet_base, source)
    add_link_states(root, sheets)
    refuse_registered(sheets, source)
    refuse_too_deep(sheets, source)
    refuse_unordered_layers(sheets, source)
    if policies:
        refuse_governed_attributes(root, policies, source)
    return sheets


def fetched_kind(element: etree._Element) -> str:
    """A sheet's kind as a Content-Security-Policy sees it: inline, a data: URL, or a file."""
    if element.tag == "style":
        return "inline"
    return "data" if is_data_url(element.get("href") or "") else "file"


def refuse_governed_base(base: etree._Element, policies: list, order: dict, source: str) -> None:
    """A <base href> that moves where the page's sheets load from, under a policy restricting base
    URLs: a browser may ignore the base and load them from beside the page, which this reader
    does not decide; an error naming both."""
    deciding = governing_base(policies, base, order)
    if deciding is not None:
        raise SourceError(source, Problem(
            Place(), f"the page's {deciding.label} may make a browser ignore its <base href={base.get('href')!r}> "
            "and load its style sheets from elsewhere, which this reader does not decide",
            "a base URL no Content-Security-Policy restricts"))


def refuse_governed_attributes(root: etree._Element, policies: list, source: str) -> None:
    """A style attribute in or around the vendor table that the page's policy may block: Chromium
    ignores a blocked one, which this reader does not model; an error naming the meta element."""
    answer, deciding = verdict(policies, "inline", "attribute")
    if answer == CSP_APPLY:
        return
    for table in vendor_like_tables(root):
        styled = next((e for e in (*table.iterancestors(), *table.iter()) if e.get("style") is not None), None)
        if styled is not None:
            raise SourceError(source, Problem(
                Place(), f"the page's {deciding.label} may block the style attribute of its <{styled.tag}> "
                f"(style={styled.get('style')!r}), in or around the table, which this reader does not apply so",
                "a page whose Content-Security-Policy allows its style attributes ('unsafe-inline'), or none"))


@dataclass(frozen=True)
class Registration:
    """A custom property registered by @property: it takes `initial` where it is not set (None: the
    guaranteed-invalid value, as unregistered), inherits or not, and keeps a value of its syntax
    only (css_values.fits_syntax; otherwise it is unset there)."""
    syntax: str
    inherits: bool
    initial: tuple | None


def add_registration(rule, mode: str, sheets: Sheets) -> None:
    """An @property rule, as a browser takes it (CSS Properties and Values API): ignored where its
    name is no custom property's, its syntax or inherits descriptor is missing, or its initial
    value is missing (syntax other than "*") or not of its syntax. One this reader does not model
    (a syntax past a single type css_values.fits_syntax tells, an initial value it cannot judge,
    one inside a rule a browser may or may not apply) is kept to be refused (refuse_registered)."""
    written = " ".join(f"@property {tinycss2.serialize(rule.prelude)}".split())
    name = "".join(t.value for t in rule.prelude if t.type == "ident").strip()
    if rule.content is None or not name.startswith("--") or len([t for t in rule.prelude if t.type != "whitespace"]) != 1:
        return
    descriptors = [d for d in tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
                   if d.type == "declaration"]
    if any(d.important for d in descriptors):  # (`!important` makes the registration invalid in Chromium)
        return
    found = {d.lower_name: d.value for d in descriptors}
    syntax = [t for t in found.get("syntax", []) if t.type not in ("whitespace", "comment")]
    inherits = [t.lower_value for t in found.get("inherits", []) if t.type == "ident"]
    if len(syntax) != 1 or syntax[0].type != "string" or inherits not in (["true"], ["false"]):
        return
    initial = [t for t in found.get("initial-value", []) if t.type != "comment"]
    kind = syntax[0].value.strip()
    if initial and not initial_value_allowed(kind, initial):
        return
    fits = fits_syntax(kind, initial) if initial else kind == "*"
    if fits is False:
        return
    layer = sheets.registration_layers.setdefault(name, sheets.layer)
    if fits is None or mode != "apply" or layer != sheets.layer:  # (in two layers: the winning layer's counts)
        sheets.registered.append(written)
        return
    sheets.registrations[name] = Registration(kind, inherits == ["true"], tuple(strip(initial)) if initial else None)


def initial_value_allowed(syntax: str, tokens: list) -> bool:
    """May an @property's initial value be this (checked in Chromium 156, which ignores the
    registration otherwise)? Never a CSS-wide keyword or a value to substitute (var(), attr(),
    env(), if()); for a syntax other than "*", computationally independent too: no length relative
    to a font or a window (css_values.relative_length)."""
    found = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if len(found) == 1 and found[0].type == "ident" and found[0].lower_value in CSS_WIDE:
        return False
    if substitutes(tinycss2.serialize(found)) or calls(found, "var"):
        return False
    return syntax == "*" or not relative_length(found)


def refuse_registered(sheets: Sheets, source: str) -> None:
    """A custom property registered by @property this reader does not model (add_registration):
    its initial value and inheritance would go unapplied, `color: var(--c)` read black where the
    registration makes it white. Refused rather than read with the wrong colour or size."""
    if sheets.registered:
        raise SourceError(source, Problem(
            Place(), f"the page's style sheet registers a custom property ({sheets.registered[0]}), whose "
            "syntax or initial value this reader does not apply", "style sheets without @property, or "
            "registrations of syntax \"*\" or of one type (a length, a percentage, a number, an angle, a time, "
            "a colour), outside rules a browser may not apply"))


def refuse_too_deep(sheets: Sheets, source: str) -> None:
    """Rules nested deeper than this reader follows (a browser applies them at any depth): an
    error, never rules silently left out."""
    if sheets.too_deep:
        raise SourceError(source, Problem(
            Place(), f"the page's style sheet nests rules more than {MAX_NESTING} deep ({sheets.too_deep}), deeper than "
            "this reader follows", f"rules nested at most {MAX_NESTING} deep"))


def refuse_unordered_layers(sheets: Sheets, source: str) -> None:
    """Layers in an order this reader does not decide (one first declared inside an @media that
    depends on the window, an @supports, an @container), with rules applied in them: an error
    naming the layer."""
    if sheets.layer_undecided and sheets.layered_applied:
        raise SourceError(source, Problem(
            Place(), f"the order of the page's cascade layers depends on {sheets.layer_undecided!r}, declared where "
            "a browser may or may not read it (inside a condition this reader does not decide: a window size, "
            "@supports, @container)", "cascade layers first declared where every desktop browser reads them"))


def sheet_modes(root: etree._Element):
    """(element, mode, what to name its rules by) for each <style> and <link> whose sheet a
    browser may apply: "apply" where it does whatever the window, "check" where that depends on
    the window (its media) or on a script (loadCSS's preload and media switches). Left out as
    browsers leave them out: a sheet inside a template or noscript, for other media only, of
    another type, a disabled link, and a titled sheet (an alternate one too) of another set than
    the preferred one (<meta http-equiv=default-style>, or the first title of a sheet not
    alternate)."""
    # an HTML <template>'s or <noscript>'s only: inside <svg> elements of those names are plain
    # SVG elements, and an SVG <style> in one applies (checked in Chromium 156)
    candidates = [e for e in root.iter("style", "link") if not any(a.tag in ("template", "noscript")
                                                                   and namespace_of(a) == XHTML
                                                                   for a in e.iterancestors())]
    preferred = preferred_set(root, set(candidates))
    for element in candidates:
        scripted = element.tag == "link" and any(element.get(h) is not None for h in SCRIPT_HANDLERS)
        kind = sheet_kind(element)
        if kind == "alternate":  # an alternate sheet of the preferred set is applied like a preferred one
            kind = "sheet" if element.get("title") and element.get("title") == preferred else None
        if kind is None and not scripted:
            continue
        title = (element.get("title") or "") if kind == "sheet" else ""
        answer = desktop_applies(element.get("media") or "")
        if kind == "sheet" and (not title or title == preferred) and answer:
            yield element, "apply", ""
        elif kind == "sheet" and (not title or title == preferred) and answer is None:
            yield element, "check", f"<{element.tag} media={element.get('media')!r}>"
        elif scripted or kind == "preload":
            yield element, "check", f"<link rel={element.get('rel')!r}> (a sheet a script may apply)"


def preferred_set(root: etree._Element, candidates: set) -> str | None:
    """The preferred style sheet set's name: the first in the page's order of a
    <meta http-equiv=default-style> (the page's own: not in a <template>, <svg> or <math>) and a
    titled sheet that is not alternate (a <link> with an href: without one it loads nothing), as
    Chromium takes it (hunt 163: `<style title=A>` before a meta naming B applies A)."""
    for element in root.iter("meta", "style", "link"):
        if element.tag == "meta":
            if pragma(element, "default-style") and element.get("content"):
                return element.get("content")
        elif element in candidates and element.get("title") and sheet_kind(element) == "sheet" \
                and (element.tag == "style" or element.get("href")):
            return element.get("title")
    return None


def sheet_kind(element: etree._Element) -> str | None:
    """"sheet" for a style sheet a browser applies as written (a <style> of CSS, a <link
    rel=stylesheet> not disabled, of no type or text/css), "alternate" for such a link that is
    an alternate sheet (applied when its title is the preferred set's), "preload" for a link
    preloading one, None otherwise."""
    if element.tag == "style":  # HTML: no type, empty, or exactly text/css (ASCII case-insensitively)
        if namespace_of(element) == MATHML:  # MathML has no style element: a browser applies none
            return None
        return "sheet" if ascii_lower(element.get("type") or "") in ("", "text/css") else None
    if namespace_of(element) != XHTML:  # a link inside <svg> or <math> is a foreign element: no sheet
        return None
    rel = ascii_tokens(ascii_lower(element.get("rel") or ""))
    if "stylesheet" in rel:  # a link's type is a MIME type: text/css; charset=utf-8 is CSS
        applied = element.get("disabled") is None and is_css_type(element.get("type"))
        return None if not applied else "alternate" if "alternate" in rel else "sheet"
    if "preload" in rel and ascii_lower(element.get("as") or "") == "style":
        return "preload"
    return None


def document_base(root: etree._Element, files: SavedFiles | None) -> str | None:
    """Where the page's relative URLs resolve from, as a path inside the release folder: the
    first <base href> (a folder of the release, `css/`) joined to the page's, else the page;
    None where they resolve elsewhere (an absolute or remote base: never read, with a warning)."""
    if files is None:
        return None
    element = base_element(root)
    href = None if element is None else element.get("href")
    if href is None or href.strip(URL_STRIP)[:1] in ("", "#", "?") or not a_base_url(href):
        return files.page
    base = files.resolved(href, files.page)  # the WHATWG URL Standard's resolution, as for a sheet's href
    if base is None:
        files.warnings.append(f"the page {files.label}/{files.page} sets <base href={href!r}>: its style sheets "
                              "with relative URLs are not read from the release folder (a browser loads them from "
                              "there)")
        return None
    return base


def a_base_url(href: str) -> bool:
    """Does a browser take this <base href> for the page's base URL? One that does not parse as a
    URL, or whose scheme is data: or javascript:, is ignored (HTML's "fallback base URL": the
    page's own), and the page's relative sheets load from beside it (hunt 108: `<base href="data:,">`
    and `<base href="http://[bad/">` read nothing, or ended in `internal error`)."""
    try:
        url = ada_url.URL(href.strip(URL_STRIP), "file:///page.html")
    except ValueError:
        return False
    return url.protocol not in ("data:", "javascript:")


def base_element(root: etree._Element) -> etree._Element | None:
    """The <base href> that sets the page's base URL: the first HTML one with an href, outside
    templates (one inside <svg> or <math> is a foreign element, no base)."""
    return next((b for b in root.iter("base") if b.get("href") is not None
                 and not any(a.tag == "template" for a in b.iterancestors()) and namespace_of(b) == XHTML), None)


def before_the_base(root: etree._Element) -> set[etree._Element]:
    """The <style> and <link> elements before the page's <base href>: a browser fetches their
    sheets (and a <style>'s @imports) as the parser reaches them, from the page's own URL, and
    does not fetch them again once the base is known (checked in Chromium 156)."""
    base = base_element(root)
    if base is None:
        return set()
    found = set()
    for element in root.iter("base", "style", "link"):
        if element is base:
            return found
        found.add(element)
    return found


def add_layer(rule, mode: str, within: str, sheets: Sheets, depth: int, parent: StyleRule | None = None) -> None:
    """An @layer: a statement (`@layer a, b;`) declares the layers' order; a block adds its rules
    to its layer (one name, or none: a new anonymous layer); nested in a style rule (`parent`), its
    declarations and rules are the parent's, in that layer (Chromium 156 declares it there too).
    An invalid name drops the rule."""
    names = layer_names(rule.prelude)
    head = " ".join(f"@layer {tinycss2.serialize(rule.prelude)}".split())
    if not layer_kept(rule, names):
        return  # as a browser drops it
    if rule.content is None:
        for name in names if parent is None else ():  # (nested in a style rule, Chromium 156 ignores it: hunt 165)
            declare_layer(name, mode, head, sheets)
        return
    with in_layer(declare_layer(names[0] if names else None, mode, head, sheets), sheets):
        inside = f"{within} {head}".strip()
        if parent is not None:
            add_rule(StyleRule.of(parent.prelude, rule.content), mode, inside, sheets, depth + 1)
        else:
            add_rules(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True), mode, inside,
                      sheets, depth + 1)


def layer_names(prelude: list) -> list[tuple[str, ...]] | None:
    """An @layer's names (`a.b, c`: [(a, b), (c,)]; none: []), None where one is not a layer name
    (identifiers joined by dots, nothing else)."""
    names = []
    for part in split_commas(prelude):
        tokens = [t for t in part if t.type not in ("whitespace", "comment")]
        if not tokens:
            return None if names or len(split_commas(prelude)) > 1 else []
        spaced = any(t.type in ("whitespace", "comment") for t in strip(part))
        dots_between = all(t.type == "literal" and t.value == "." for t in tokens[1::2])
        if spaced or not dots_between or len(tokens) % 2 == 0 or any(t.type != "ident" for t in tokens[::2]):
            return None
        names.append(tuple(t.value for t in tokens[::2]))
    return names


def declare_layer(name: tuple[str, ...] | None, mode: str, head: str, sheets: Sheets) -> tuple[str, ...]:
    """The full path of a layer named inside the current one (None: a new anonymous layer), each
    part of it declared in the order first met. One first met where a browser may not declare it
    (mode "check") leaves the order undecided (refuse_unordered_layers)."""
    if name is None:
        sheets.anonymous_layers += 1
        name = (f" anonymous {sheets.anonymous_layers}",)  # (a space: no identifier names it)
    full = sheets.layer + name
    for end in range(len(sheets.layer) + 1, len(full) + 1):
        if full[:end] not in sheets.layers:
            sheets.layers.append(full[:end])
            if mode != "apply" and not sheets.layer_undecided:
                sheets.layer_undecided = head
    return full


@contextlib.contextmanager
def in_layer(layer: tuple[str, ...], sheets: Sheets):
    outer, sheets.layer = sheets.layer, layer
    try:
        yield
    finally:
        sheets.layer = outer


def layer_ranks(layers: list[tuple[str, ...]]) -> dict[tuple[str, ...], tuple[int, int]]:
    """Each layer's rank (higher wins) for normal and for !important declarations; () stands for
    the rules in no layer. CSS Cascade 5: layers in the order first declared, a layer's own rules
    above its sublayers', the unlayered above all; !important declarations in the reverse order
    (checked in Chromium 156)."""
    among: dict[tuple, int] = {}  # a layer's place among its parent's sublayers
    counted: dict[tuple, int] = {}
    for path in layers:
        among[path] = counted.get(path[:-1], 0)
        counted[path[:-1]] = among[path] + 1
    order = sorted([(), *layers], key=lambda path: [among[path[:end]] for end in range(1, len(path) + 1)] + [math.inf])
    return {path: (rank, -rank) for rank, path in enumerate(order)}  # (-rank: a layer is told by either)


def add_sheet(text: str, mode: str, within: str, sheets: Sheets, files: SavedFiles | None, base: str | None,
              source: str, chain: tuple[str, ...] = ()) -> None:
    """A whole sheet: the sheets its leading @import rules name, in place, then its own rules,
    their selectors read with its leading @namespace rules."""
    rules = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
    namespaces, unknown, imported, closed, own = {}, None, False, False, (mode, within)
    for rule in rules:
        name = rule.lower_at_keyword if rule.type == "at-rule" else None
        if name not in ("import", "charset", "layer", "namespace") or (
                name == "layer" and (rule.content is not None or not layer_names(rule.prelude))):
            kept = kept_rule(rule)
            if kept:
                break  # @import and @namespace after another rule are ignored, as a browser ignores them
            if kept is None:  # dropped if the browser does not know it either
                unknown = unknown or (f"@{rule.at_keyword}" if name else " ".join(tinycss2.serialize(rule.prelude).split()))
            continue  # a rule a browser drops as it parses the sheet: the @imports after it still lead
        if name == "import" and not namespaces and not closed:
            imported = True
            add_import(rule, *(("check", f"{within} (an @import after {unknown})".strip()) if unknown else (mode, within)),
                       sheets, files, base, source, chain)
        elif name == "namespace":
            namespaces.update(namespace_rule(rule))
            if unknown:  # read with it or without it as the browser keeps the rule before it or not (hunt 163)
                own = ("check", f"{within} (read with an @namespace after {unknown})".strip())
        elif name == "layer":  # `@layer a, b;` before an @import: its layers come first in the order
            add_layer(rule, mode, within, sheets, 0)
            closed = imported  # (after an @import, it ends them: Chromium ignores an @import after it)
    outer = sheets.namespaces
    for read_with in (namespaces, {}) if own[0] != mode else (namespaces,):  # (checked both ways)
        sheets.namespaces = read_with
        add_rules(rules, *own, sheets)
    sheets.namespaces = outer


# Known at-rules that take a block, and those of them whose prelude may not be empty (Chromium 156
# drops `@media;`, `@supports {}`, `@container {}`, `@keyframes {}` as it parses the sheet)
BLOCK_AT_RULES = KNOWN_AT_RULES - {"layer", "namespace"}
NAMED_AT_RULES = frozenset({"supports", "container", "keyframes", "-webkit-keyframes", "counter-style",
                            "font-feature-values", "font-palette-values", "property", "position-try", "function"})


def at_rule_kept(rule) -> bool | None:
    """Does Chromium keep this known at-rule as it parses the sheet, so that an @import or
    @namespace after it is ignored? Not one without the block it takes, or without the prelude
    it needs, nor an @property without the descriptors it needs (hunt 163: each dropped, and the
    @import after it applied). None for an @property this reader cannot tell."""
    name = rule.lower_at_keyword
    if name in BLOCK_AT_RULES and rule.content is None:
        return False
    if name in NAMED_AT_RULES and not tinycss2.serialize(rule.prelude).strip():
        return False
    if name == "property":
        return property_kept(rule)
    if name == "layer":
        return layer_kept(rule, layer_names(rule.prelude))
    return True


def layer_kept(rule, names: list | None) -> bool:
    """An @layer a browser keeps (`names`: layer_names): a statement naming layers, a block naming
    one or none (`@layer a b;`, `@layer a,;` and `@layer;` are dropped)."""
    return names is not None and (bool(names) if rule.content is None else len(names) <= 1)


def property_kept(rule) -> bool | None:
    """@property as Chromium keeps it: a custom property's name, `syntax` and `inherits`, and an
    initial value unless the syntax is `*` (whether the value fits the syntax is not told here)."""
    words = [t for t in rule.prelude if t.type not in ("whitespace", "comment")]
    if len(words) != 1 or words[0].type != "ident" or not words[0].value.startswith("--"):
        return False
    given = {d.lower_name: tinycss2.serialize(d.value).strip() for d in
             tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
             if d.type == "declaration"}
    if "syntax" not in given or given.get("inherits") not in ("true", "false"):
        return False
    universal = given["syntax"].strip("'\"").strip() == "*"
    if not universal and "initial-value" not in given:
        return False
    return True if universal else None


def kept_rule(rule) -> bool | None:
    """Does a browser keep this rule as it parses the sheet (a style rule whose selectors it
    accepts, an at-rule it knows), or drop it (an invalid selector list)? None where this reader
    cannot tell: an at-rule it does not know, a selector cssselect2 does not parse."""
    if rule.type == "at-rule":
        return at_rule_kept(rule) if rule.lower_at_keyword in KNOWN_AT_RULES else None
    if rule.type != "qualified-rule" or selector_list(rule.prelude) is None:  # a parse error: no rule at all
        return False
    try:
        cssselect2.compile_selector_list(tinycss2.serialize(rule.prelude))
    except UNCOMPILED:
        return None
    return True


def namespace_rule(rule) -> dict:
    """An @namespace rule as {prefix or None: url}; the HTML namespace stands for the
    elements of an HTML page (cssselect2 sees them without one), so it is left out."""
    words = [t for t in rule.prelude if t.type not in ("whitespace", "comment")]
    prefix = words.pop(0).value if len(words) == 2 and words[0].type == "ident" else None
    if len(words) != 1 or words[0].type not in ("url", "string") and not (
            words[0].type == "function" and words[0].lower_name == "url"):
        return {}
    url = words[0].value if words[0].type != "function" else next(
        (t.value for t in words[0].arguments if t.type == "string"), "")
    return {prefix: url}


def import_href(prelude: list) -> str | None:
    """The URL an @import names, as written (its prelude without white space and comments opens
    with a string, a url token or url("…")); None for no URL."""
    first = prelude[0] if prelude else None
    if first is not None and first.type in ("url", "string"):
        return first.value
    if first is not None and first.type == "function" and first.lower_name == "url" and first.arguments:
        return next((t.value for t in first.arguments if t.type == "string"), "")
    return None


def add_import(rule, mode: str, within: str, sheets: Sheets, files: SavedFiles | None, base: str | None,
               source: str, chain: tuple[str, ...]) -> None:
    """An @import of a sheet in a data: URL or saved beside the page (a relative URL), with its
    media queries decided as an @media's; one with layer() or supports() is undecided. Bounded
    depth; a cycle is not followed twice."""
    prelude = [t for t in rule.prelude if t.type not in ("whitespace", "comment")]
    if not prelude:
        return
    if len(chain) >= MAX_IMPORT_DEPTH:  # a browser follows it: its rules unread would be a silent guess
        raise SourceError(source, Problem(Place(), f"@import nested {len(chain) + 1} deep ({' -> '.join(chain)} -> "
                                          f"{tinycss2.serialize(rule.prelude).strip()}), deeper than this reader "
                                          f"follows", f"style sheets imported at most {MAX_IMPORT_DEPTH} deep"))
    href = import_href(prelude)
    if href is None:
        return
    rest = prelude[1:]
    condition = tinycss2.serialize(rest).strip(ASCII_WHITESPACE)
    head = " ".join(f"@import {tinycss2.serialize(rule.prelude)}".split())
    layer = next((t for t in rest if (t.type == "ident" and t.lower_value == "layer") or
                  (t.type == "function" and t.lower_name == "layer")), None)
    if layer is not None:
        rest = [t for t in rest if t is not layer]
        condition = tinycss2.serialize(rest).strip(ASCII_WHITESPACE)
    if any(t.type == "function" and t.lower_name == "supports" for t in rest):
        mode, within = "check", f"{within} {head}".strip()
    elif condition:
        answer = desktop_applies(condition)
        if answer is False:
            return
        if answer is None:
            mode, within = "check", f"{within} {head}".strip()
    answer, deciding = verdict(sheets.policies, "data" if is_data_url(href) else "file")
    if answer == BLOCK:
        return
    if answer == CSP_UNDECIDED:
        mode, within = "check", f"{within} {deciding.label}".strip()
    if layer is not None:  # (a sheet loaded or not: its layer is declared where the @import stands)
        names = [] if layer.type == "ident" else layer_names(layer.arguments)
        if names is None or len(names) > 1 or (layer.type == "function" and not names):
            return  # not a layer name (`layer()` names none): the @import is invalid, as Chromium drops it
        with in_layer(declare_layer(names[0] if names else None, mode, head, sheets), sheets):
            add_import_sheet(href, mode, within, sheets, files, base, source, chain)
        return
    add_import_sheet(href, mode, within, sheets, files, base, source, chain)


def add_import_sheet(href: str, mode: str, within: str, sheets: Sheets, files: SavedFiles | None, base: str | None,
                     source: str, chain: tuple[str, ...]) -> None:
    """The sheet an @import names, in a data: URL or saved beside the page."""
    if is_data_url(href):
        found = data_url(href)
        text = None if found is None else data_url_sheet(found, source, sheets.quirks, sheets.environment)
        if text is not None:  # a data: URL is no base for the relative URLs inside it
            add_sheet(text, mode, f"{within} @import data:".strip(), sheets, files, None, source, (*chain, "data:"))
        return
    if files is None or base is None:
        return
    inside = files.inside(href, base, base)
    if inside is None or inside in chain or inside == base:
        return
    if not saved_css(files, inside, base, href, base, sheets.quirks):
        return
    within = f"{within} {files.label}/{inside}".strip()
    add_sheet(files.sheet(inside), mode, within, sheets, files, inside, source, (*chain, base))


def sheet_text(element: etree._Element, files: SavedFiles | None, base: str | None, source: str,
               quirks: bool) -> tuple[str, str | None, str | None, str] | None:
    """The CSS of a <style> or a <link>, the path its relative URLs resolve from (inside the
    release folder; None without one), the file it was read from (None for one in the page) and
    why a browser may or may not apply it ("" where it does): a link's sheet is in the page
    itself (a data: URL, as single-file savers such as monolith write a page's sheets) or, given
    the page's folder, saved beside it (a relative URL, as a browser's "save complete" writes
    them). None for one elsewhere (never fetched) or one a browser refuses: of another type or
    failing its integrity check (html_fetch.py)."""
    if element.tag == "style":  # its own text: an SVG <style> may hold elements, whose text is not the sheet's
        return (element.text or "") + "".join(child.tail or "" for child in element), base, None, ""
    href = (element.get("href") or "").strip()
    if is_data_url(href):
        found = data_url(href)
        if found is None or integrity(element.get("integrity"), found.body, opaque=False) == REFUSE:
            return None
        text = data_url_sheet(found, source, quirks, page_encoding(element.getroottree().getroot()),
                              element.get("charset"))
        return None if text is None else (text, None, None, "")
    inside = files.inside(href, base, files.page) if files is not None and base is not None and href else None
    if not inside:
        return None
    if not saved_css(files, inside, files.page, href, base, quirks):
        return None
    verdict = integrity(element.get("integrity"), files.data(inside), opaque=True)
    if verdict == REFUSE:
        files.warn(files.page, href, "fails its integrity check (its sha256/384/512 digest is not the one written)")
        return None
    why = f"<link integrity={element.get('integrity')!r}> (a sheet a browser applies from the page's site, " \
        "not from disk)" if verdict == UNDECIDED else ""
    if not why and element.get("crossorigin") is not None:  # a CORS request: from disk (origin null) Chromium
        why = "<link crossorigin> (a sheet a browser applies from the page's site, not from disk)"  # blocks it (hunt 108)
    return files.sheet(inside, element.get("charset")), inside, inside, why


def saved_css(files: SavedFiles, inside: str, referrer: str, href: str, base: str, quirks: bool) -> bool:
    """Does a browser take the saved file `inside` (named by `href` from `base`) for a style
    sheet: its type, from the extension of the URL's path as written (Chromium 156 applies
    `page%5Ffiles/a.css`, not `a%2Ecss`, though both read page_files/a.css)? A warning naming
    `referrer` and `href` where it does not."""
    if type_accepted(file_type(files.url(href, base).pathname), same_origin=False, quirks=quirks):
        return True
    files.warn(referrer, href, "is not of the type text/css (a file's type is its extension's: .css)")
    return False


def data_url_sheet(found: DataURL, source: str, quirks: bool, environment: str = "utf-8",
                   hint: str | None = None) -> str | None:
    """The sheet a data: URL holds, decoded as CSS says with the URL's charset, or its link's
    (html_files.decoded_sheet); None for a URL of a type a browser does not apply (html_fetch)."""
    if not type_accepted(found.essence, same_origin=True, quirks=quirks):
        return None
    return decoded_sheet(found.body, f"{source} (a style sheet in a data: URL)", found.charset, environment, hint)


# --- matching, with its work bounded -----------------------------------------------------------

class Budget:
    def __init__(self, source: str):
        self.left, self.source = MAX_STEPS, source

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise SourceError(self.source, Problem(Place(), f"the page's <style> rules need over {MAX_STEPS:,} "
                                                   "selector tests and steps to match", "style sheets of a real "
                                                   "page (a few hundred rules)"))


def meta_language(root: etree._Element) -> str:
    """The language the page's <meta http-equiv=content-language> gives its root: the last one
    Chromium reads; a value empty, with white space (` fr`) or a list (`fr,de`) sets none, over
    one before it (hunt 163). A meta inside a <template>, or SVG's or MathML's, is no pragma of
    the page. "" for none."""
    said = None
    for meta in root.iter("meta"):
        if pragma(meta, "content-language") and meta.get("content") is not None:
            content = meta.get("content")
            said = content if content and "," not in content and not re.search(r"\s", content) else None
    return ascii_lower(said) if said else ""


def pragma(meta: etree._Element, name: str) -> bool:
    """Is this <meta> the page's own `http-equiv` pragma of that name: HTML's (SVG's and MathML's
    are other elements), not inside a <template>?"""
    return ascii_lower(meta.get("http-equiv") or "") == name and namespace_of(meta) == XHTML \
        and not any(a.tag == "template" for a in meta.iterancestors())


def own_language(element: etree._Element) -> str | None:
    """The element's own lang (xml:lang first), None where it sets none."""
    return element.get(XML_LANG, element.get("lang"))


class HTMLElement(cssselect2.ElementWrapper):
    """An element as a browser's selectors see it in an HTML page: in the HTML namespace, SVG's
    or MathML's inside <svg> or <math> (lxml holds them without one), and in quirks mode with
    its classes and id lower-cased (as_html_matches lower-cases the selectors')."""

    quirks = False

    @cached_property
    def local_name(self):
        return _split_etree_tag(self.etree_element.tag)[1]

    @cached_property
    def namespace_url(self):
        parent = self.parent
        if parent is None:
            return namespace_in(self.etree_element.tag)
        return namespace_in(self.etree_element.tag, parent.etree_element, parent.namespace_url)

    @cached_property
    def lang(self):
        """The element's language (HTML, "the language of a node"): its own lang (or xml:lang),
        its parent's, and at the root the language a <meta http-equiv=content-language> gives
        (cssselect2 looks for that meta in the XHTML namespace, where lxml holds none)."""
        element = self.etree_element
        own = own_language(element)
        if own is not None:  # (one not written as a language tag is a language :lang() matches no range of)
            return ascii_lower(own) if LANGUAGE_TAG.fullmatch(own) or not own else UNMATCHED_LANGUAGE
        if self.parent is not None:
            return self.parent.lang
        return meta_language(element)

    @cached_property
    def classes(self):
        found = super().classes
        return {ascii_lower(c) for c in found} if self.quirks else found

    @cached_property
    def id(self):
        found = super().id
        return ascii_lower(found) if self.quirks and found else found


XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
# A language tag as Chromium 156 matches it with :lang(): subtags of 1 to 8 ASCII letters and digits
# joined by single hyphens (hunt 165: `en-`, `en--us`, `en-İ`, `en_us` match no :lang(en)), and a
# language that no range matches, for one that is not
LANGUAGE_TAG = re.compile(r"[A-Za-z0-9]{1,8}(?:-[A-Za-z0-9]{1,8})*")
UNMATCHED_LANGUAGE = "\x00"
# The HTML parser's integration points (WHATWG HTML, "tree construction dispatcher"): elements of
# SVG and MathML whose children it builds as HTML again. SVG's hold any element; MathML's text
# points hold any but <mglyph> and <malignmark>; an <annotation-xml> only with an HTML encoding.
SVG_HTML_POINTS = frozenset({"foreignobject", "desc", "title"})
MATHML_TEXT_POINTS = frozenset({"mi", "mo", "mn", "ms", "mtext"})
MATHML_IN_TEXT_POINTS = frozenset({"mglyph", "malignmark"})
HTML_ENCODINGS = frozenset({"text/html", "application/xhtml+xml"})


def namespace_in(tag: str, parent: etree._Element | None = None, parent_namespace: str | None = None) -> str:
    """An element's namespace as an HTML parser gives it (lxml holds none), from its parent's:
    SVG's or MathML's from an <svg> or a <math> built as HTML, HTML's again inside an
    integration point. Inside foreign content, an <svg> or <math> is of its parent's namespace
    (`<math><svg>` is MathML's), but an <svg> inside MathML's <annotation-xml> is SVG's."""
    written, name = _split_etree_tag(tag)
    if written:
        return written
    if parent is None or parent_namespace == XHTML:
        as_html = True
    else:
        parent_name = _split_etree_tag(parent.tag)[1].lower()  # lexbor keeps SVG's case: foreignObject
        if parent_namespace == SVG:
            as_html = parent_name in SVG_HTML_POINTS
        elif parent_name == "annotation-xml":
            as_html = ascii_lower(parent.get("encoding") or "") in HTML_ENCODINGS or name == "svg"
        else:
            as_html = parent_name in MATHML_TEXT_POINTS and name not in MATHML_IN_TEXT_POINTS
    if not as_html:
        return parent_namespace or XHTML
    return SVG if name == "svg" else MATHML if name == "math" else XHTML


def namespace_of(element: etree._Element) -> str:
    """namespace_in for an element of the tree, from its root down."""
    namespace, parent = None, None
    for each in [*reversed(list(element.iterancestors())), element]:
        namespace, parent = namespace_in(each.tag, parent, namespace), each
    return namespace


def counted_wrapper(budget: Budget, quirks: bool = False) -> type[cssselect2.ElementWrapper]:
    """cssselect2's element wrapper, charging every walk over ancestors or earlier siblings to
    the budget (a hostile `div div div … td` on a deep page would otherwise take hours)."""

    class Counted(HTMLElement):
        @property
        def ancestors(self):
            found = super().ancestors
            budget.spend(len(found))
            return found

        @property
        def previous_siblings(self):
            found = super().previous_siblings
            budget.spend(len(found))
            return found

    Counted.quirks = quirks
    return Counted


def candidates(matcher: cssselect2.Matcher, wrapper) -> int:
    """How many selectors the matcher tests on this element (its index by id, class, tag)."""
    count = len(matcher.other_selectors) + len(matcher.id_selectors.get(wrapper.id, ()))
    count += sum(len(matcher.class_selectors.get(c, ())) for c in wrapper.classes)
    return count + len(matcher.lower_local_name_selectors.get(wrapper.local_name.lower(), ()))


Matched = dict  # element -> [(precedence, pseudo-element, Declaration)]


def matched_rules(root: etree._Element, sheets: Sheets, source: str) -> Matched:
    """Every element's declarations from the applied rules, with their precedence."""
    found: Matched = {}
    if not sheets.applied_count:
        return found
    budget = Budget(source)
    ranks = layer_ranks(sheets.layers)
    for wrapper in counted_wrapper(budget, sheets.quirks).from_html_root(root).iter_subtree():
        budget.spend(candidates(sheets.applied, wrapper))
        for specificity, order, pseudo, rule in sheets.applied.match(wrapper):
            for d in rule.declarations:
                origin = AUTHOR_IMPORTANT if d.important else AUTHOR
                rank = ranks[rule.layer][d.important]
                found.setdefault(wrapper.etree_element, []).append(((origin, (0, rank, *specificity), order), pseudo, d))
    return found


def cascaded(element: etree._Element, tag: str, matched: Matched, pseudo: str | None = None) -> dict[str, Declaration]:
    """The declaration that wins for each property on the element (or on its ::before/::after)."""
    entries = [] if pseudo else [((UA, (0, 0, 0, 0, 0), 0), None, d) for d in UA_BY_TAG.get(tag, ())]
    if pseudo is None and element.get("popover") is not None:  # hidden until opened, then drawn over the page
        entries += [((UA, (0, 0, 0, 0, 1), 0), None, d) for d in POPOVER]
    if pseudo is None and not_rendered(element, tag):
        entries += [((UA, (0, 0, 0, 0, 1), 0), None, d) for d in HIDDEN_ATTRIBUTE]
    if pseudo is None and tag == "table" and in_quirks_mode(element.getroottree().getroot()):
        entries += [((UA, (0, 0, 0, 0, 1), 0), None, d) for d in QUIRKS_TABLE]
    if pseudo is None and tag == "summary" and summarises(element):
        entries += [((UA, (0, 0, 0, 0, 1), 0), None, d) for d in SUMMARY]
    if pseudo is None and tag == "marquee":  # Chromium's `marquee { overflow: hidden !important }`
        entries += [((UA_IMPORTANT, (0, 0, 0, 0, 0), 0), None, d) for d in MARQUEE_CLIP]
    if pseudo is None and element.get("hidden") is not None:  # a presentational hint in Chromium, not the UA's
        until_found = ascii_lower(element.get("hidden") or "") == "until-found" and tag != "embed"
        entries += [(HINT, None, d) for d in (UNTIL_FOUND if until_found else HIDDEN_ATTRIBUTE)]
    if pseudo is None:
        entries += [(HINT, None, d) for d in presentational_hints(element, tag)]
    entries += [e for e in matched.get(element, ()) if e[1] == pseudo]
    style = element.get("style") if pseudo is None else None
    if style:
        entries += [((AUTHOR_IMPORTANT if d.important else AUTHOR, INLINE, 1 << 30), None, d)
                    for d in declarations(style, in_quirks_mode(element.getroottree().getroot()))]
    if pseudo is None and tag in ("a", "area") and element.get("href") is not None:  # a link: its UA colour,
        entries += [((UA, (0, 0, 0, 1, 1), 0), None, d) for d in LINK_COLOUR]  # its body's link= after
        entries += [(HINT, None, d) for d in body_link_hints(element)]
    entries.sort(key=lambda e: e[0])
    winners: dict[str, Declaration] = {}
    for _, _, d in entries:  # in the order of their precedence: a shorthand's var() is expanded in its place
        winners.pop(d.name, None)  # (html_style.with_vars), beneath the longhands declared over it
        winners[d.name] = d
    if any(rollback_keyword(d) for d in winners.values()):
        winners.update(rolled_back(winners, entries))
    return winners


def rolled_back(winners: dict[str, Declaration], entries: list) -> dict[str, Declaration]:
    """The declarations revert and revert-layer roll back to, where there is one beneath: revert to
    the browser's sheet; revert-layer to what wins beneath the declaration's own cascade layer (a
    style attribute's: the page's rules beneath it; an unlayered rule's: the layers, then the
    presentational hints; checked in Chromium 156), again where that is a rollback too."""
    out = {}
    keys = {id(e): key for key, _, e in entries}
    for name, d in winners.items():
        keyword, found = rollback_keyword(d), d
        while keyword is not None:
            key = keys[id(found)]
            beneath = [e for k, _, e in entries if e.name == name and (
                k[0] == UA if keyword == "revert" else k < key and before_the_layer(k, key))]
            if not beneath:
                break
            found = beneath[-1]
            keyword = rollback_keyword(found)
        if found is not d:
            out[name] = found
    return out


def before_the_layer(k: tuple, key: tuple) -> bool:
    """Is the precedence `k` from before the cascade layer of `key` (what revert-layer rolls back
    to: the browser's sheet, the presentational hints, a style attribute's page rules, the layers
    declared earlier, of either importance; never the same layer's other rules, !important or
    not: `span{display:inline} span{display:revert-layer !important}` falls back to `hidden`, in
    Chromium 156)?"""
    if k[0] == UA or k[1][0] != key[1][0]:
        return k[0] == UA or k[1][0] < key[1][0]
    return layer_of(k) < layer_of(key)


def layer_of(key: tuple) -> int:
    """The layer's place in the order first declared (layer_ranks), from either importance's rank."""
    return -key[1][1] if key[0] == AUTHOR_IMPORTANT else key[1][1]


def rollback_keyword(d: Declaration) -> str | None:
    """revert or revert-layer, where the declaration is that keyword alone (in any case: a custom
    property's value is kept as written)."""
    word = d.value.strip().lower()
    return word if word in ROLLBACK else None


# The colour attributes HTML maps to CSS (its "presentational hints"): on these elements only, each
# read by the rules for parsing a legacy colour value, never as CSS.
COLOUR_HINTS = {"font": (("color", "color"),), "body": (("text", "color"), ("bgcolor", "background-color")),
                **dict.fromkeys(("table", "thead", "tbody", "tfoot", "tr", "td", "th", "col", "colgroup"),
                                (("bgcolor", "background-color"),))}


# A table in a quirks mode page does not inherit its text's size and weight (Chromium's quirks.css:
# `body{font-size:1px}` leaves a table's text at 16px)
QUIRKS_TABLE = declarations("font-size: medium; font-weight: normal; font-style: normal; line-height: normal; "
                            "white-space: normal")

# A link's colour (Chromium's `a:-webkit-any-link { color: -webkit-link }`, unvisited: a visited link's
# state is the reader's history, and rules on it are checked, css_selectors.STATE_PSEUDO_CLASSES)
LINK_COLOUR = declarations("color: #0000ee")


def body_link_hints(link: etree._Element) -> list[Declaration]:
    """The colour <body link=...> gives every link of the page (a presentational hint); its
    vlink= and alink= are the colours of visited and active links (add_link_states)."""
    body = next(iter(link.getroottree().getroot().iterchildren("body")), None)
    colour = legacy_colour(body.get("link")) if body is not None and body.get("link") is not None else None
    if colour is None:
        return []
    text = "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])
    return [Declaration("color", text, tuple(tinycss2.parse_component_value_list(text)), False)]


def add_link_states(root: etree._Element, sheets: Sheets) -> None:
    """<body vlink=...> and alink=...: rules on visited and active links, which this reader
    checks (which links a reader visited is the reader's history; Chromium counts a link to the
    page itself as visited): an error where they may colour the table's text."""
    body = next(iter(root.iterchildren("body")), None)
    for name, state in (("vlink", "visited"), ("alink", "active")):
        colour = legacy_colour(body.get(name)) if body is not None and body.get(name) is not None else None
        if colour is not None:
            text = "color: #" + "".join(f"{round(c * 255):02x}" for c in colour[:3])
            add_undecided(f":is(a, area)[href]:{state}", Rule(f"<body {name}={body.get(name)!r}>", declarations(text)),
                          sheets)


BACKGROUND_HINTED = frozenset({"body", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "col", "colgroup"})
# The marker types a list's or an item's `type` attribute gives (HTML's rendering: `ol[type="1"], li[type="1"]`
# decimal, matched as written; `ul[type=disc i], li[type=disc i]`, any case): hunt 104's `<li type="1">` in a
# <ul> drew `1.` before 32*Ascend
LIST_TYPE_HINTS = {"1": "decimal", "a": "lower-alpha", "A": "upper-alpha", "i": "lower-roman", "I": "upper-roman"}
BULLET_TYPE_HINTS = frozenset({"none", "disc", "circle", "square"})


def list_type_hint(element: etree._Element, tag: str) -> str | None:
    value = element.get("type") if tag in ("ol", "ul", "li") else None
    if value is None:
        return None
    if tag != "ul" and value in LIST_TYPE_HINTS:
        return LIST_TYPE_HINTS[value]
    return ascii_lower(value) if tag != "ol" and ascii_lower(value) in BULLET_TYPE_HINTS else None


def presentational_hints(element: etree._Element, tag: str) -> list[Declaration]:
    """The declarations an element's colour attributes stand for, a <font face>'s family, a <font
    size>'s size and a list's marker type (list_type_hint): author declarations before every rule of the page's
    sheets (specificity 0), so any rule or style attribute overrides them; an attribute the
    legacy rules reject (`transparent`, empty) sets nothing."""
    out = []
    marker = list_type_hint(element, tag)
    if marker is not None:
        out.append(Declaration("list-style-type", marker, tuple(tinycss2.parse_component_value_list(marker)), False))
    size = legacy_font_size(element.get("size")) if tag == "font" else None
    if size is not None:
        out.append(Declaration("font-size", size, tuple(tinycss2.parse_component_value_list(size)), False))
    face = element.get("face") if tag == "font" else None
    if face and face.strip():
        out.append(Declaration("font-family", face.strip().lower(), tuple(tinycss2.parse_component_value_list(face)),
                               False))
    picture = (element.get("background") or "").strip() if tag in BACKGROUND_HINTED else ""
    if picture:  # the legacy background= attribute: an image behind the element's text
        text = f"url({json.dumps(picture)})"
        out.append(Declaration("background-image", text, tuple(tinycss2.parse_component_value_list(text)), False))
    for attribute, name in COLOUR_HINTS.get(tag, ()):
        value = element.get(attribute)
        colour = legacy_colour(value) if value is not None else None
        if colour is not None:
            text = "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])
            out.append(Declaration(name, text, tuple(tinycss2.parse_component_value_list(text)), False))
    for attribute, names in DIMENSION_HINTS.get(tag, ()):
        text = dimension(element.get(attribute))
        if text is not None:
            out += [Declaration(name, text, tuple(tinycss2.parse_component_value_list(text)), False) for name in names]
    return out


# The attributes HTML maps to a box's size or margins ("maps to the dimension property") on the
# elements whose text this reader reads inside them: a marquee's (hunt 145: `<marquee height=1>`
# drew 32*Ascend through a 1px slit, and 32 was published). A table's and a column's widths are
# read where columns are measured (html_columns); a replaced element's content is not read.
DIMENSION_HINTS = {"marquee": (("width", ("width",)), ("height", ("height",)),
                               ("hspace", ("margin-left", "margin-right")), ("vspace", ("margin-top", "margin-bottom")))}
MARQUEE_CLIP = declarations("overflow: hidden")


def dimension(value: str | None) -> str | None:
    """A length by HTML's rules for parsing dimension values: white space, digits, a fraction,
    then `%` for a percentage, anything after ignored (`12px` is 12, `50%x` is 50%); None where
    there are no digits."""
    found = re.match(r"[ \t\n\f\r]*([0-9]+(?:\.[0-9]+)?)(%?)", value or "")
    if found is None:
        return None
    return f"{found[1]}{found[2] or 'px'}"


LEGACY_FONT_SIZES = ("x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large")  # <font size=1..7>


def legacy_font_size(value: str | None) -> str | None:
    """The font size a <font size> attribute stands for, by HTML's rules for parsing a legacy
    font size: white space, an optional + or - (relative to 3), digits (the rest ignored), clamped
    to 1..7; None where there are no digits."""
    match = re.match(r"[ \t\n\f\r]*([+-]?)([0-9]+)", value or "")
    if match is None:
        return None
    number = int(match[2])
    number = 3 + number if match[1] == "+" else 3 - number if match[1] == "-" else number
    return LEGACY_FONT_SIZES[min(max(number, 1), 7) - 1]


HINTED_BY_ATTRIBUTES = frozenset({"dialog", "input", "audio"})  # not_rendered reads their attributes
# `details > summary:first-of-type` in Chromium's sheet: a list item, its marker the disclosure
# triangle (drawn inside), which the page may make a string or a number (`list-style-type: '1'`
# draws a 1 before the summary's text)
SUMMARY = declarations("display: list-item; list-style-type: disclosure-closed")


def summarises(summary: etree._Element) -> bool:
    """Is this <summary> its <details>' first, the one drawn as its disclosure line?"""
    parent = summary.getparent()
    return parent is not None and parent.tag == "details" and next(iter(parent.iterchildren("summary")), None) is summary


def not_rendered(element: etree._Element, tag: str) -> bool:
    """What a browser's UA sheet removes by the element's attributes or place: a dialog not
    open, a hidden input, an audio without controls, and the content of a closed <details>
    but its summary."""
    if tag == "dialog":
        return element.get("open") is None
    if tag == "input":
        return ascii_lower(element.get("type") or "") == "hidden"  # as written: `type=" hidden"` is a text field
    if tag == "audio":
        return element.get("controls") is None
    parent = element.getparent()
    if parent is None or parent.tag != "details" or details_open(parent):
        return False
    return not (tag == "summary" and next(iter(parent.iterchildren("summary")), None) is element)


def details_open(details: etree._Element) -> bool:
    """Is a <details> open as a browser shows it: `open`, unless it is named and a <details> of
    the same name before it is open (HTML, "details name groups": one open at a time, and the
    parser closes each that opens after the first)."""
    name = details.get("name")
    if details.get("open") is None:
        return False
    return not name or not OPEN_BEFORE(details, name=name)


# in tree order, this <details> not included: before it, or around it (an ancestor opens first: hunt 49); not
# one in a <template> (its content is a tree of its own), a <noscript> (raw text where scripts run) or an <svg> or
# <math> (a foreign element of that name is no <details>)
OPEN_BEFORE = etree.XPath("(preceding::details | ancestor::details)[@open][@name = $name]"
                          "[not(ancestor::template or ancestor::noscript or ancestor::svg or ancestor::math)]")


def pseudo_elements(element: etree._Element, matched: Matched) -> set[str]:
    return {p for _, p, _ in matched.get(element, ()) if p}


# --- rules this reader cannot decide ------------------------------------------------------------

def vendor_like_tables(root: etree._Element) -> list[etree._Element]:
    """Tables whose own cells hold a framework heading (规格卡数): the vendor table, not a
    layout table around it."""
    return [table for table in root.iter("table")
            if any("规格卡数" in "".join(cell.itertext()) for cell in table.xpath("./tr/*|./*/tr/*"))]


TABLE_LEVEL = frozenset({"table", "thead", "tbody", "tfoot", "tr"})


def either(*judges):
    return lambda declarations, pseudo: any(judge(declarations, pseudo) for judge in judges)


# style attributes that may name a custom property: `--x` as written, or through an escape
# (`var(-\-x)`, `var(\2d\2dx)`, which the tokenizer reads as --x: hunt 122)
STYLED_INLINE = etree.XPath("//*[contains(@style, '--') or contains(@style, '\\')]")
NOTHING_READ: frozenset = frozenset()


def names_read_below(root: etree._Element, matched: Matched) -> dict[etree._Element, set[str]]:
    """For each element, the custom properties that a declaration applied to it or to an
    element inside it names (a var() there may read what the element sets: custom properties
    are inherited down the tree, and nowhere else)."""
    below: dict[etree._Element, set[str]] = {}
    readers = [(element, custom_names(d for _, _, d in entries)) for element, entries in matched.items()]
    readers += [(element, custom_names(declarations(element.get("style")))) for element in STYLED_INLINE(root)]
    for element, names in readers:
        if names:
            for holder in (element, *element.iterancestors()):
                below.setdefault(holder, set()).update(names)
    return below


def drawing(declarations: tuple, read_anywhere: set[str], read_below: set[str]) -> tuple:
    """The declarations but those of custom properties nothing the element draws may read: no
    value applied to it or inside it names them, nor an undecided rule's value (Tailwind v4 sets
    some 40 on every element in a rule under @supports, for utilities on a few elements)."""
    return tuple(d for d in declarations if not d.name.startswith("--") or d.name in read_below
                 or d.name in read_anywhere)


def check_undecided(root: etree._Element, sheets: Sheets, matched: Matched, changes_reading, hides_around,
                    moves_over, source: str, changed_by=None, sizes_matter=None) -> None:
    """A rule this reader cannot decide that matches an element of the vendor table and whose
    declarations would change what a reader sees there (`changes_reading(declarations, pseudo)`,
    html_styles.py), an element around it and would keep the table from being seen
    (`hides_around`), or any other element and would draw it over the table (`moves_over`), is
    an error naming it; and so is one that would change what a reader sees of an element of the
    table or around it in its place (`changed_by(element, declarations)`: over the rules applied
    there, a colour or a restored display judged against them); and one setting a size around it
    where sizes there change what a reader sees (`sizes_matter(declarations)`: a box cutting the
    table off sideways, a fixed layout)."""
    if not sheets.undecided_count:
        return
    tables = vendor_like_tables(root)
    inside = {e for table in tables for e in table.iter()}
    if not inside:
        return
    around = {a for table in tables for a in table.iterancestors()} - inside
    below = names_read_below(root, matched)
    budget = Budget(source)
    for wrapper in counted_wrapper(budget, sheets.quirks).from_html_root(root).iter_subtree():
        element = wrapper.etree_element
        if element in inside:  # judged on an element of its tag: a padding sets a <span> apart, not a <td>
            decides = functools.partial(changes_reading, tag=element.tag)
            if element.tag in TABLE_LEVEL:  # the table and its rows, placed as boxes around it are
                decides = either(decides, hides_around)
        else:
            decides = hides_around if element in around else moves_over
        budget.spend(candidates(sheets.undecided, wrapper))
        for _, _, pseudo, rule in sheets.undecided.match(wrapper):
            if (rule.pseudo or pseudo) in ("first-line", "first-letter"):  # its text set otherwise (html_extent)
                sheets.lines_styled.add(element)
            if element in inside and not (rule.pseudo or pseudo):
                sheets.undecided_on.setdefault(element, {}).update((d.name, d.value) for d in rule.declarations)
            declared = drawing(rule.declarations, sheets.undecided_reads, below.get(element, NOTHING_READ))
            if declared and (decides(declared, rule.pseudo or pseudo) or (
                    sizes_matter is not None and element in around and not (rule.pseudo or pseudo)
                    and sizes_matter(declared)) or (
                    changed_by is not None and element in inside | around
                    and changed_by(element, declared, rule.pseudo or pseudo, element in inside))):
                does = f"hide, mark or add text to the table's <{element.tag}> elements" if element in inside else \
                    f"hide, mark or add text to the <{element.tag}> around the vendor table" if element in around else \
                    f"draw the <{element.tag}> outside the vendor table over it"
                raise SourceError(source, Problem(
                    Place(), f"the page's <style> rule {rule.label} may {does}, "
                    "by a selector or inside an at-rule this reader does "
                    "not decide", "rules a desktop browser applies whatever its window, by selectors cssselect2 "
                    "matches; save the page as a browser shows it"))
