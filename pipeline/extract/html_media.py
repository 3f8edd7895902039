"""Media queries, answered for the page a desktop reader sees.

A style sheet may hide rows or cells only in some windows. The vendor table is read as
a desktop browser shows it: in any landscape window (wider than high) from 1024 x 768 to
2560 x 1440 CSS px (a laptop to a large monitor; a 1920-px screen scaled 125 % is 1536 px), with a mouse, light
colours and no print, feature by feature as Chromium answers it on a desktop screen (FEATURES,
re-probed in Chromium by tests/test_other_hands_round10_lengths.py). The window's width, height
and aspect ratio are ranges, not sample windows: a query true for every window of the range
applies, one false for every window does not (a phone's or a printer's rules), and one true for
some windows only (a band such as `(min-width: 1100px) and (max-width: 1800px)`), or a feature
whose value differs between desktops (the pixel ratio, a wide-gamut display), depends on the
reader's machine: its rules are checked like rules this reader cannot match (html_cascade.py)
and are an error where they may hide, mark or add text to the vendor table. A length in a query
relative to the window (vw, vh, vmin, vmax) is compared in each corner of the range (CORNERS);
one in units of the reader's font (ex, cap, lh...), math this reader cannot work out, or a unit
it does not know is undecided. A feature Chromium does not know (`-ms-high-contrast`,
`min--moz-device-pixel-ratio`), or one written with a value it does not parse (a length without
a unit other than 0, a negative ratio, `(color: 8.0)`, `(width > = 0px)`), is false, as there; a
query it cannot parse is `not all`.
"""
from __future__ import annotations

import tinycss2

from .css_math import VIEWPORT, Measure, evaluated, in_pixels, split_commas, words

DESKTOP_WIDTHS, DESKTOP_HEIGHTS = (1024.0, 2560.0), (768.0, 1440.0)  # CSS px, the window's inner size
# The smallest and the largest window: what window-relative lengths (vw, vh) are worked out for
WINDOWS = tuple({"width": w, "height": h} for w, h in zip(DESKTOP_WIDTHS, DESKTOP_HEIGHTS))
# The corners of the landscape windows of that range (wider than high; a square one is their
# limit, portrait in Chromium, and no desktop's maximised window): a comparison of
# the width or height with a length relative to the window (vh, vw, vmin, vmax) is linear in the
# window's width and height, so it holds in every window where it holds at every corner
CORNERS = tuple({"width": w, "height": h} for w, h in ((1024.0, 768.0), (2560.0, 768.0), (2560.0, 1440.0),
                                                         (1440.0, 1440.0), (1024.0, 1024.0)))
INFINITE = float("inf")
# Range features: (least, greatest) a desktop has, the same in every window, or per window (a
# function of it); a comparison holds where it holds at both ends, fails where it fails at both.
RANGES = {
    "width": lambda w: DESKTOP_WIDTHS, "height": lambda w: DESKTOP_HEIGHTS,
    # landscape: wider than high, by a pixel at least (1441 x 1440)
    "aspect-ratio": lambda w: ((DESKTOP_HEIGHTS[1] + 1) / DESKTOP_HEIGHTS[1], DESKTOP_WIDTHS[1] / DESKTOP_HEIGHTS[0]),
    "device-width": lambda w: (w["width"], 7680.0), "device-height": lambda w: (w["height"], 4320.0),
    "device-aspect-ratio": lambda w: (1.0, 4.0),
    "resolution": lambda w: (1.0, 4.0), "-webkit-device-pixel-ratio": lambda w: (1.0, 4.0),  # dppx: 1x to 4x screens
    "color": lambda w: (8.0, 8.0), "color-index": lambda w: (0.0, 0.0), "monochrome": lambda w: (0.0, 0.0),
}
# The window's own size, for a comparison with a length relative to it (`(max-width: 200vw)` holds
# in every window, as the window's width and 200vw grow together)
IN_WINDOW = {"width": lambda w: (w["width"],) * 2, "height": lambda w: (w["height"],) * 2,
             "aspect-ratio": lambda w: (w["width"] / w["height"],) * 2}
RESOLUTIONS = frozenset({"resolution"})  # written with a unit (dppx, dpi, x); -webkit-device-pixel-ratio without
LENGTHS = frozenset({"width", "height", "device-width", "device-height"})  # written with a unit, or 0
INTEGERS = frozenset({"color", "color-index", "monochrome", "horizontal-viewport-segments",
                      "vertical-viewport-segments"})  # an integer: `(color: 8.0)` is a value Chromium does not parse
PLAIN_NUMBERS = frozenset({"-webkit-device-pixel-ratio"})  # a number alone: no unit, no ratio
# Units whose size is the reader's default font's (its x-height, cap height, line height, the
# width of its 0): a query written in them depends on the reader's fonts
FONT_DEPENDENT = frozenset({"ex", "cap", "ch", "ic", "lh", "rex", "rcap", "rch", "ric", "rlh"})
RATIOS = frozenset({"aspect-ratio", "device-aspect-ratio"})  # a ratio (or a number) of numbers, none negative
# Discrete features: (the desktop's value, whether every desktop has it); a value that is not it
# is false where every desktop has it, undecided otherwise (a display may be wide-gamut or HDR).
# `scan` applies to tv media only: false on a screen whatever the value (None).
DISCRETE = {
    "orientation": ("landscape", True), "hover": ("hover", True), "any-hover": ("hover", True),
    "pointer": ("fine", True), "any-pointer": ("fine", True), "prefers-color-scheme": ("light", True),
    "prefers-reduced-motion": ("no-preference", True), "prefers-contrast": ("no-preference", True),
    "prefers-reduced-transparency": ("no-preference", True), "forced-colors": ("none", True),
    "update": ("fast", True), "overflow-block": ("scroll", True), "overflow-inline": ("scroll", True),
    "scripting": ("enabled", True), "display-mode": ("browser", True), "device-posture": ("continuous", True),
    "color-gamut": ("srgb", False), "dynamic-range": ("standard", False), "scan": (None, True),
    "-webkit-transform-3d": ("1", True), "grid": ("0", True), "horizontal-viewport-segments": ("1", True),
    "vertical-viewport-segments": ("1", True),
}
# The keywords a discrete feature takes (Media Queries 4 and 5, as Chromium parses them); another
# is a value it does not parse: the feature is unknown.
KEYWORDS = {
    "orientation": "portrait landscape", "hover": "none hover", "any-hover": "none hover",
    "pointer": "none coarse fine", "any-pointer": "none coarse fine", "prefers-color-scheme": "light dark",
    "prefers-reduced-motion": "no-preference reduce", "prefers-contrast": "no-preference more less custom",
    "prefers-reduced-transparency": "no-preference reduce", "forced-colors": "none active",
    "update": "none slow fast", "overflow-block": "none scroll paged", "overflow-inline": "none scroll",
    "scripting": "none initial-only enabled", "device-posture": "continuous folded",
    "display-mode": "fullscreen standalone minimal-ui browser window-controls-overlay picture-in-picture",
    "color-gamut": "srgb p3 rec2020", "dynamic-range": "standard high", "scan": "interlace progressive",
}
OFF = frozenset({"none", "no-preference", "0", None})  # a discrete value false in a boolean context
RESOLUTION = {"dppx": 1.0, "x": 1.0, "dpi": 1 / 96, "dpcm": 2.54 / 96}
MEDIA_TYPES = frozenset({"all", "screen", "print", "speech", "tv", "handheld", "projection", "tty", "braille",
                         "embossed", "aural"})


class Invalid(Exception):
    """A query a browser cannot parse: it is `not all`."""


# Media Queries 4's third value: a feature Chromium does not know, or one written with a value it
# does not parse (`<general-enclosed>`), is neither true nor false, and neither is `not` of it; a
# query that comes out unknown is false (`@media not (prefers-reduced-data: reduce)` applies
# nowhere). Apart from None: true on some desktops and false on others.
UNKNOWN = "unknown"


def both(a, b):
    if False in (a, b):
        return False
    return UNKNOWN if UNKNOWN in (a, b) else None if None in (a, b) else True


def either(a, b):
    if True in (a, b):
        return True
    return None if None in (a, b) else UNKNOWN if UNKNOWN in (a, b) else False


def negated(a):
    return a if a is None or a == UNKNOWN else not a


UNEVALUATED = "unevaluated"  # a value with math this reader cannot work out (`calc(1px / 0)`, infinite there)


def number(tokens, window: dict) -> float | str | None:
    """A feature's value: a number (a length in px, a resolution in dppx, a ratio), or an
    identifier; None where it is not one, UNEVALUATED where this reader cannot work it out as
    Chromium does (math in a ratio or a resolution, a unit of the reader's font or of a
    container, a degenerate ratio 0/0)."""
    found = words(tokens)
    if len(found) == 3 and found[1].type == "literal" and found[1].value == "/":  # a ratio of two numbers
        if any(t.type == "function" for t in found[::2]):
            return UNEVALUATED
        if any(t.type != "number" or t.value < 0 for t in found[::2]):
            return None
        if not found[2].value:
            return INFINITE if found[0].value else UNEVALUATED  # n/0: an infinite ratio in Chromium
        return found[0].value / found[2].value
    if len(found) != 1:
        return None
    token = found[0]
    if token.type == "ident":
        return token.lower_value
    if token.type == "dimension" and token.lower_unit in RESOLUTION:
        return float(token.value) * RESOLUTION[token.lower_unit]
    if token.type == "function" and uses_percentage(token.arguments):
        return None  # `calc(1px + 0%)`: no length in a query (a percentage of nothing)
    if uses_units(found, FONT_DEPENDENT):
        return UNEVALUATED
    text = in_pixels([token], Measure(16.0, 16.0, (window["width"], window["height"])))  # em: the initial 16px
    if text is None and token.type in ("dimension", "function"):
        return UNEVALUATED  # a unit this reader does not know in a query (cqw: Chromium's small viewport), or math
    if text is not None and "(" in text:
        text = evaluated(text)
        if text is None:
            return UNEVALUATED
    found = [t for t in tinycss2.parse_component_value_list(text or "") if t.type != "whitespace"]
    if len(found) == 1 and (found[0].type == "number" or (found[0].type == "dimension" and found[0].lower_unit == "px")):
        return float(found[0].value)
    if len(found) == 1 and found[0].type == "dimension":
        return UNEVALUATED  # a unit this reader does not know in a query (cqw: Chromium's small viewport)
    return None


def uses_percentage(tokens) -> bool:
    return any(t.type == "percentage" or (t.type == "function" and uses_percentage(t.arguments)) for t in tokens)


def uses_units(tokens, units: frozenset) -> bool:
    """Whether a dimension in one of `units` is written in the tokens, inside functions too."""
    return any((t.type == "dimension" and t.lower_unit in units) or (t.type == "function" and uses_units(t.arguments, units))
               for t in tokens)


def span_of(name: str, tokens, window: dict) -> tuple[float, float]:
    """The values the feature takes where `tokens` is compared with it: over all desktops, or
    in this window where the value is relative to the window."""
    def relative(tokens) -> bool:
        return any((t.type in ("dimension", "percentage") and getattr(t, "lower_unit", "") in VIEWPORT)
                   or (t.type == "function" and relative(t.arguments)) for t in tokens)
    return (IN_WINDOW if name in IN_WINDOW and relative(tokens) else RANGES)[name](window)


def written_as(name: str, tokens) -> bool:
    """Whether a range feature's value is written as its kind is (a value Chromium does not
    parse is not): a length with a unit (a bare number only if 0), a ratio of numbers none
    negative, an integer where the feature counts (`(color: 8.0)`), a number alone for
    -webkit-device-pixel-ratio, a resolution with its unit; math and values this reader cannot
    work out pass (they are undecided)."""
    found = words(tokens)
    if any(t.type == "function" for t in found):
        return True
    if name in LENGTHS:
        return not (len(found) == 1 and found[0].type == "number" and found[0].value != 0)
    if name in RATIOS:
        return all(t.type == "number" and t.value >= 0 for t in found[::2]) and \
            all(t.type == "literal" and t.value == "/" for t in found[1::2])
    if name in INTEGERS:
        return len(found) == 1 and found[0].type == "number" and found[0].is_integer
    if name in PLAIN_NUMBERS:
        return len(found) == 1 and found[0].type == "number"
    if name in RESOLUTIONS:
        return len(found) == 1 and found[0].type == "dimension" and found[0].lower_unit in RESOLUTION
    return True


def compared(op: str, span: tuple[float, float], value: float) -> bool | None:
    """Whether `feature op value` holds for every value of the feature in span."""
    low, high = span
    holds = {"<": lambda n: n < value, "<=": lambda n: n <= value, ">": lambda n: n > value,
             ">=": lambda n: n >= value, "=": lambda n: n == value}[op]
    if holds(low) and holds(high) and (op != "=" or low == high):
        return True
    if not holds(low) and not holds(high) and (op != "=" or not low <= value <= high):
        return False
    return None


def feature(tokens, window: dict) -> bool | None:
    """One feature in parentheses: `(color)`, `(min-width: 600px)`, `(width >= 600px)`."""
    found = words(tokens)
    if not found:
        raise Invalid
    if found[0].type == "ident" and (len(found) == 1 or (found[1].type == "literal" and found[1].value == ":")):
        name = found[0].lower_value
        prefix, base = (name[:4], name[4:]) if name.startswith(("min-", "max-")) and name[4:5] != "-" else ("", name)
        if base.startswith("-webkit-min-") or base.startswith("-webkit-max-"):
            prefix, base = base[8:12], "-webkit-" + base[12:]
        if len(found) == 1:
            return boolean(base, window) if not prefix else UNKNOWN
        value = number(found[2:], window)
        if value is None or not written_as(base, found[2:]):
            return UNKNOWN  # a value a browser does not parse
        if value == UNEVALUATED:
            return None
        return plain(base, prefix, value, found[2:], window)
    if split_operator(tokens):
        return UNKNOWN  # `(width > = 0px)`: an operator written apart is none
    return ranged(found, window)


def split_operator(tokens) -> bool:
    """Whether `<` or `>` is followed by white space and then `=` (Chromium reads no `<=` there)."""
    tokens = [t for t in tokens if t.type != "comment"]
    return any(a.type == "literal" and a.value in "<>" and b.type == "whitespace" and c.type == "literal" and c.value == "="
               for a, b, c in zip(tokens, tokens[1:], tokens[2:]))


def boolean(name: str, window: dict) -> bool | None:
    if name in RANGES:
        low, high = RANGES[name](window)
        return True if low > 0 else False if high == 0 else None
    if name in DISCRETE:
        return DISCRETE[name][0] not in OFF
    return UNKNOWN  # a feature Chromium does not know


def plain(name: str, prefix: str, value: float | str, tokens, window: dict) -> bool | None:
    """`(min-width: 600px)`, `(color)`…: `value` as read from `tokens`."""
    if name in RANGES:
        if not isinstance(value, float):
            return UNKNOWN
        return compared({"min-": ">=", "max-": "<=", "": "="}[prefix], span_of(name, tokens, window), value)
    if name in DISCRETE and not prefix:
        if isinstance(value, str) and name in KEYWORDS and value not in KEYWORDS[name].split():
            return UNKNOWN
        known, certain = DISCRETE[name]
        if known is None:
            return False
        same = value == known if isinstance(value, str) else known is not None and known.isdigit() and value == int(known)
        return True if same else False if certain else None
    return UNKNOWN


def ranged(found: list, window: dict) -> bool | None:
    """`(width >= 600px)`, `(400px < width <= 1200px)`: operands between <, <=, >, >=, =."""
    parts, ops, current, at = [], [], [], 0
    while at < len(found):
        token = found[at]
        if token.type == "literal" and token.value in ("<", ">", "="):
            op = token.value
            if op != "=" and at + 1 < len(found) and found[at + 1].type == "literal" and found[at + 1].value == "=":
                op, at = op + "=", at + 1
            parts.append(current)
            ops.append(op)
            current = []
        else:
            current.append(token)
        at += 1
    parts.append(current)
    if len(parts) not in (2, 3):
        raise Invalid
    names = [i for i, p in enumerate(parts) if len(p) == 1 and p[0].type == "ident" and p[0].lower_value in RANGES]
    if len(names) != 1 or (len(parts) == 3 and names != [1]):
        return UNKNOWN
    if len(ops) == 2 and (ops[0][0] != ops[1][0] or "=" in (ops[0], ops[1])):
        return UNKNOWN  # `(0px < width > 1px)`: a range runs one way, between two bounds
    flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "="}
    name = parts[names[0]][0].lower_value
    answer: bool | None = True
    for i, op in enumerate(ops):
        other = parts[i] if i != names[0] else parts[i + 1]
        span = span_of(name, other, window)
        value = number(other, window)
        if value == UNEVALUATED and written_as(name, other):
            answer = both(answer, None)
            continue
        if not isinstance(value, float) or not written_as(name, other):
            return UNKNOWN
        answer = both(answer, compared(op if i == names[0] else flip[op], span, value))
    return answer


def in_parens(token, window: dict) -> bool | None:
    """A condition or a feature in parentheses; anything else in parentheses, or a function, is
    Media Queries 4's `<general-enclosed>`: unknown, not a query a browser drops (`(min-width: 0)
    or (foo bar)` holds in Chromium)."""
    if token.type == "function":
        return UNKNOWN
    if token.type != "() block":
        raise Invalid
    inner = words(token.content)
    try:
        if inner and (inner[0].type == "() block" or (inner[0].type == "ident" and inner[0].lower_value == "not")):
            return condition(inner, window)
        return feature(token.content, window)
    except Invalid:
        return UNKNOWN


def condition(found: list, window: dict, with_or: bool = True) -> bool | None:
    """`not (a)`, `(a) and (b) and …`, `(a) or (b) or …` (no `or` after a media type:
    `screen and (a) or (b)` is a query a browser does not parse)."""
    if not found:
        raise Invalid
    if found[0].type == "ident" and found[0].lower_value == "not":
        if len(found) != 2:
            raise Invalid
        return negated(in_parens(found[1], window))
    answer = in_parens(found[0], window)
    joins = {t.lower_value if t.type == "ident" else "" for t in found[1::2]}
    if len(found) % 2 == 0 or len(joins) > 1 or joins - ({"and", "or"} if with_or else {"and"}):
        raise Invalid  # `and` and `or` mixed without parentheses, or no join at all
    for token in found[2::2]:
        answer = (both if joins == {"and"} else either)(answer, in_parens(token, window))
    return answer


def query_in(tokens, window: dict) -> bool | None:
    """One query of a list (`only screen and (min-width: 768px)`) in one window."""
    found = words(tokens)
    if not found:
        return True
    modifier = None
    if found[0].type == "ident" and found[0].lower_value in ("not", "only") and len(found) > 1 and found[1].type == "ident":
        modifier, found = found[0].lower_value, found[1:]
    if found[0].type != "ident" or found[0].lower_value == "not":
        if modifier:
            raise Invalid
        return condition(found, window)
    medium = found[0].lower_value
    if medium in ("and", "or", "only", "layer"):
        raise Invalid
    answer: bool | None = medium in ("all", "screen")
    if len(found) > 1:
        if found[1].type != "ident" or found[1].lower_value != "and":
            raise Invalid
        answer = both(answer, condition(found[2:], window, with_or=False))
    return negated(answer) if modifier == "not" else answer


def applies_in(query: str, window: dict) -> bool | None:
    answers = []
    items = split_commas(tinycss2.parse_component_value_list(query))
    for item in items:
        if len(items) > 1 and not words(item):
            answers.append(False)  # an empty entry of a list (`print, `) is `not all`; an empty query is all
            continue
        try:
            answer = query_in(item, window)
        except Invalid:
            answer = False  # `not all`
        answers.append(False if answer == UNKNOWN else answer)
    return True if True in answers else None if None in answers else False


def desktop_applies(query: str) -> bool | None:
    """True: the query holds in every desktop window; False: in none; None: it depends."""
    answers = {applies_in(query, window) for window in CORNERS}
    return answers.pop() if len(answers) == 1 else None


def condition_applies(text: str) -> bool | None:
    """desktop_applies for a media condition alone (CSS if()'s `media()`): a feature or a
    condition, no media type and no list; anything else holds nowhere, as in Chromium."""
    found = words(tinycss2.parse_component_value_list(text))
    if found and found[0].type == "ident" and found[0].lower_value != "not" or \
            any(t.type == "literal" and t.value == "," for t in found):
        return False
    answers = set()
    for window in CORNERS:
        try:
            answer = condition(found, window)
        except Invalid:
            answer = False
        answers.add(False if answer == UNKNOWN else answer)
    return answers.pop() if len(answers) == 1 else None
