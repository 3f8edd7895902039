"""Media queries, answered for the page a desktop reader sees.

A style sheet may hide rows or cells only in some windows. The vendor table is read as
a desktop browser shows it: a query is evaluated for a small and a large desktop window
(1024 x 768 and 1920 x 1080, landscape, a mouse, light colours, no print), feature by
feature as Chromium answers it on a desktop screen (FEATURES, re-probed in Chromium by
tests/test_other_hands_round10_lengths.py). True in both: its rules apply; false in both:
they do not (a phone's or a printer's rules); different, or a feature whose value differs
between desktops (the pixel ratio, a wide-gamut display): the answer depends on the
reader's machine, so its rules are checked like rules this reader cannot match
(html_cascade.py) and are an error where they may hide, mark or add text to the vendor
table. A feature Chromium does not know (`-ms-high-contrast`, `min--moz-device-pixel-ratio`)
is false, as there; a query it cannot parse is `not all`.
"""
from __future__ import annotations

import tinycss2

from .css_math import Measure, evaluated, in_pixels, split_commas, words

WINDOWS = ({"width": 1024.0, "height": 768.0}, {"width": 1920.0, "height": 1080.0})
INFINITE = float("inf")
# Range features: (least, greatest) a desktop has, the same in both windows, or per window (a
# function of it); a comparison holds where it holds at both ends, fails where it fails at both.
RANGES = {
    "width": lambda w: (w["width"],) * 2, "height": lambda w: (w["height"],) * 2,
    "aspect-ratio": lambda w: (w["width"] / w["height"],) * 2,
    "device-width": lambda w: (w["width"], 7680.0), "device-height": lambda w: (w["height"], 4320.0),
    "device-aspect-ratio": lambda w: (1.0, 4.0),
    "resolution": lambda w: (1.0, 4.0), "-webkit-device-pixel-ratio": lambda w: (1.0, 4.0),  # dppx: 1x to 4x screens
    "color": lambda w: (8.0, 8.0), "color-index": lambda w: (0.0, 0.0), "monochrome": lambda w: (0.0, 0.0),
}
RESOLUTIONS = frozenset({"resolution"})  # written with a unit (dppx, dpi, x); -webkit-device-pixel-ratio without
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


def number(tokens, window: dict) -> float | str | None:
    """A feature's value: a number (a length in px, a resolution in dppx, a ratio), or an
    identifier; None where it is not one."""
    found = words(tokens)
    if len(found) == 3 and found[1].type == "literal" and found[1].value == "/":  # a ratio
        a, b = number(found[:1], window), number(found[2:], window)
        return a / b if isinstance(a, float) and isinstance(b, float) and b else None
    if len(found) != 1:
        return None
    token = found[0]
    if token.type == "ident":
        return token.lower_value
    if token.type == "dimension" and token.lower_unit in RESOLUTION:
        return float(token.value) * RESOLUTION[token.lower_unit]
    text = in_pixels([token], Measure(16.0, 16.0, (window["width"], window["height"])))  # em: the initial 16px
    text = evaluated(text) if text is not None and "(" in text else text
    found = [t for t in tinycss2.parse_component_value_list(text or "") if t.type != "whitespace"]
    if len(found) == 1 and (found[0].type == "number" or (found[0].type == "dimension" and found[0].lower_unit == "px")):
        return float(found[0].value)
    return None


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
        if base in RESOLUTIONS and not (len(found) == 3 and found[2].type == "dimension"):
            value = None  # a resolution without its unit: invalid
        if value is None:
            return UNKNOWN  # a value a browser does not parse
        return plain(base, prefix, value, window)
    return ranged(found, window)


def boolean(name: str, window: dict) -> bool | None:
    if name in RANGES:
        low, high = RANGES[name](window)
        return True if low > 0 else False if high == 0 else None
    if name in DISCRETE:
        return DISCRETE[name][0] not in OFF
    return UNKNOWN  # a feature Chromium does not know


def plain(name: str, prefix: str, value: float | str, window: dict) -> bool | None:
    if name in RANGES:
        if not isinstance(value, float):
            return UNKNOWN
        return compared({"min-": ">=", "max-": "<=", "": "="}[prefix], RANGES[name](window), value)
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
    flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "="}
    span = RANGES[parts[names[0]][0].lower_value](window)
    answer: bool | None = True
    for i, op in enumerate(ops):
        other = parts[i] if i != names[0] else parts[i + 1]
        value = number(other, window)
        if not isinstance(value, float):
            return UNKNOWN
        answer = both(answer, compared(op if i == names[0] else flip[op], span, value))
    return answer


def in_parens(token, window: dict) -> bool | None:
    if token.type != "() block":
        raise Invalid
    inner = words(token.content)
    if inner and (inner[0].type == "() block" or (inner[0].type == "ident" and inner[0].lower_value == "not")):
        return condition(inner, window)
    return feature(token.content, window)


def condition(found: list, window: dict) -> bool | None:
    """`not (a)`, `(a) and (b) and …`, `(a) or (b) or …`."""
    if not found:
        raise Invalid
    if found[0].type == "ident" and found[0].lower_value == "not":
        if len(found) != 2:
            raise Invalid
        return negated(in_parens(found[1], window))
    answer = in_parens(found[0], window)
    joins = {t.lower_value if t.type == "ident" else "" for t in found[1::2]}
    if len(found) % 2 == 0 or len(joins) > 1 or joins - {"and", "or"}:
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
        answer = both(answer, condition(found[2:], window))
    return negated(answer) if modifier == "not" else answer


def applies_in(query: str, window: dict) -> bool | None:
    answers = []
    for item in split_commas(tinycss2.parse_component_value_list(query)):
        try:
            answer = query_in(item, window)
        except Invalid:
            answer = False  # `not all`
        answers.append(False if answer == UNKNOWN else answer)
    return True if True in answers else None if None in answers else False


def desktop_applies(query: str) -> bool | None:
    """True: the query holds in every desktop window; False: in none; None: it depends."""
    answers = {applies_in(query, window) for window in WINDOWS}
    return answers.pop() if len(answers) == 1 else None
