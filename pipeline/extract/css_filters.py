"""Colours as a reader sees them through what is drawn over and around them: alpha blending over
a background, WCAG contrast, and the colour filters of Filter Effects 1 (`filter`,
`backdrop-filter`, a partial opacity) applied to sRGB colours. Colours are (r, g, b, a) in 0..1
(css_colour.rgba); html_style decides from these whether text stands out from what is behind it.
"""
from __future__ import annotations

import re
from math import cos, radians, sin

from .css_math import UNDECIDED, length, pixels
from .css_paint import TEXT_SHADOW_FLOOR, outer_shadow_reach


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


# --- colour filters (filter, backdrop-filter, a partial opacity) on sRGB colours ------------------

def tinted(colour: tuple, tints: tuple) -> tuple:
    """A colour through colour filters (Filter Effects 1's functions, innermost first)."""
    r, g, b, a = colour
    for name, amount in tints:
        if name == "opacity":
            a *= amount
        elif name == "brightness":
            r, g, b = r * amount, g * amount, b * amount
        elif name == "contrast":
            r, g, b = ((c - 0.5) * amount + 0.5 for c in (r, g, b))
        elif name == "invert":
            r, g, b = (c * (1 - amount) + (1 - c) * amount for c in (r, g, b))
        else:  # grayscale, sepia, saturate, hue-rotate: a colour matrix
            m = colour_matrix(name, amount)
            r, g, b = (m[i][0] * r + m[i][1] * g + m[i][2] * b for i in range(3))
        r, g, b = (min(1.0, max(0.0, c)) for c in (r, g, b))
    return r, g, b, a


def colour_matrix(name: str, amount: float) -> tuple:
    if name == "grayscale":
        k = 1 - min(1.0, amount)
        return ((0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k),
                (0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k),
                (0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k))
    if name == "sepia":
        k = 1 - min(1.0, amount)
        return ((0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k),
                (0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k),
                (0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k))
    if name == "saturate":
        k = amount
        return ((0.213 + 0.787 * k, 0.715 - 0.715 * k, 0.072 - 0.072 * k),
                (0.213 - 0.213 * k, 0.715 + 0.285 * k, 0.072 - 0.072 * k),
                (0.213 - 0.213 * k, 0.715 - 0.715 * k, 0.072 + 0.928 * k))
    c, s = cos(radians(amount)), sin(radians(amount))  # hue-rotate, amount in degrees
    return ((0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928),
            (0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283),
            (0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072))


def least_contrast(ink: tuple, background: tuple, tints: tuple, inside: bool) -> float:
    """The text's contrast with what is behind it through the colour filters of its element and
    ancestors: with the background painted inside the filtered box (an opaque background of the
    filtered element or within it: filtered with the text), that; otherwise the least of it and
    of the background outside it (the text alone filtered), since which one is not worked out."""
    if not tints:
        return contrast(ink, background)
    text, behind = over(tinted(over(ink, background), tints), background), over(tinted(background, tints), background)
    if inside:
        return contrast(text, behind)
    return min(contrast(over(tinted(ink, tints), background), background), contrast(text, behind))


FILTER_DEFAULTS = {"brightness": 1.0, "contrast": 1.0, "grayscale": 1.0, "invert": 1.0, "opacity": 1.0,
                   "saturate": 1.0, "sepia": 1.0, "hue-rotate": 0.0, "blur": 0.0}
FILTER_FUNCTION = re.compile(r"\s*([a-z-]+)\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*")
BLUR_FLOOR = 1.0  # px: a blur radius above this blurs 16px text past reading (checked in Chromium)
NO_EFFECT = frozenset({"none", "initial", "unset", "revert", "normal"})


def colour_filters(value: str, behind: bool = False) -> tuple | None:
    """A filter list as colour filters (name, amount), a blur no wider than BLUR_FLOOR and one
    drop-shadow() moved no farther than a text shadow may be (css_paint.TEXT_SHADOW_FLOOR)
    dropped (they leave the glyphs readable); None for one that may make text
    unreadable or that this reader does not work out: a wider blur (but `behind`, for a
    backdrop-filter), url() (an SVG filter), a value it cannot evaluate."""
    if value == UNDECIDED:
        return None
    out, at, shadows = [], 0, 0
    while at < len(value):
        match = FILTER_FUNCTION.match(value, at)
        if match is None:
            return None
        name, argument = match[1], match[2].strip()
        at = match.end()
        if name == "drop-shadow":
            shadows += 1
            if outer_shadow_reach(argument, (0.0, 0.0, 0.0, 1.0), False, blurred=False) > TEXT_SHADOW_FLOOR \
                    or shadows > 1:  # (each shadows the last: a dozen blurred ones make an opaque halo over text beside)
                return None  # a copy of the glyphs moved apart: over the text beside them, or legible itself
            continue
        if name not in FILTER_DEFAULTS:
            return None
        amount = FILTER_DEFAULTS[name]
        if argument:
            found = length(argument)
            if found is None:
                return None
            number, unit = found
            if name == "blur":
                amount = pixels(argument)
                if amount is None:
                    return None
            elif name == "hue-rotate":
                amount = number * {"deg": 1.0, None: 1.0, "turn": 360.0, "rad": 57.29577951308232,
                                   "grad": 0.9}.get(unit, float("nan"))
                if amount != amount:
                    return None
            else:
                amount = number / 100 if unit == "%" else number
        if name == "blur":
            if amount > BLUR_FLOOR and not behind:  # a backdrop's blur leaves a plain colour as it is
                return None
            continue
        if name == "hue-rotate" and amount % 360 == 0 or name != "hue-rotate" and amount == (
                0.0 if name in ("grayscale", "invert", "sepia") else 1.0):
            continue
        out.append((name, amount))
    return tuple(out)
