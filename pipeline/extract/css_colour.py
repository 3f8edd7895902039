"""CSS colours as sRGB (r, g, b, alpha), as a browser computes them, for the text-against-
background check (html_style.py): what tinycss2 parses (its own conversions cover sRGB, HSL,
HWB), the CSS Color 4 spaces it parses but does not convert (lab(), lch(), oklab(), oklch(),
color(display-p3 | srgb-linear | xyz …)), worked out here with the specification's matrices,
the system colours (CanvasText, WindowText, which Word writes) with Chromium's values for a
light page, and light-dark() (its first colour for a light page, its second for a dark one).

`rgba` answers a colour, None for a value that is no colour (a browser drops the declaration),
or UNCOMPUTED for one it computes and this reader does not: color-mix(), a relative colour
(`rgb(from …)`), another colour space, a system colour of a dark page. The caller never takes
an UNCOMPUTED colour for another one: ink it cannot compute is taken as no ink, a background it
cannot compute as one the text may not stand out from.
"""
from __future__ import annotations

import re
from math import cos, radians, sin

import tinycss2
from tinycss2.color4 import parse_color
from webencodings import ascii_lower

from .css_math import MATH_FUNCTIONS, split_commas, words

ASCII_WHITESPACE = "\t\n\f\r "  # CSS's and HTML's white space (not a no-break space)
CSS_WIDE = frozenset({"initial", "inherit", "unset", "revert", "revert-layer"})  # keywords of a whole value only

UNCOMPUTED = "uncomputed"

# Chromium 156's computed values for a page of the light scheme (getComputedStyle, checked in
# the system Chromium); the deprecated CSS2 names included, as Word and old sites write them.
SYSTEM = {name.lower(): (r / 255, g / 255, b / 255, a) for name, (r, g, b, a) in {
    "Canvas": (255, 255, 255, 1.0), "CanvasText": (0, 0, 0, 1.0), "LinkText": (0, 0, 238, 1.0),
    "VisitedText": (85, 26, 139, 1.0), "ActiveText": (255, 0, 0, 1.0), "ButtonFace": (239, 239, 239, 1.0),
    "ButtonText": (0, 0, 0, 1.0), "ButtonBorder": (0, 0, 0, 1.0), "Field": (255, 255, 255, 1.0),
    "FieldText": (0, 0, 0, 1.0), "Highlight": (0, 65, 198, 0.8), "HighlightText": (255, 255, 255, 1.0),
    "SelectedItem": (25, 103, 210, 1.0), "SelectedItemText": (255, 255, 255, 1.0), "Mark": (255, 255, 0, 1.0),
    "MarkText": (0, 0, 0, 1.0), "GrayText": (128, 128, 128, 1.0), "AccentColor": (0, 117, 255, 1.0),
    "AccentColorText": (255, 255, 255, 1.0), "ActiveBorder": (0, 0, 0, 1.0), "ActiveCaption": (255, 255, 255, 1.0),
    "AppWorkspace": (255, 255, 255, 1.0), "Background": (255, 255, 255, 1.0), "ButtonHighlight": (239, 239, 239, 1.0),
    "ButtonShadow": (239, 239, 239, 1.0), "CaptionText": (0, 0, 0, 1.0), "InactiveBorder": (0, 0, 0, 1.0),
    "InactiveCaption": (255, 255, 255, 1.0), "InactiveCaptionText": (128, 128, 128, 1.0),
    "InfoBackground": (255, 255, 255, 1.0), "InfoText": (0, 0, 0, 1.0), "Menu": (255, 255, 255, 1.0),
    "MenuText": (0, 0, 0, 1.0), "Scrollbar": (255, 255, 255, 1.0), "ThreeDDarkShadow": (0, 0, 0, 1.0),
    "ThreeDFace": (239, 239, 239, 1.0), "ThreeDHighlight": (0, 0, 0, 1.0), "ThreeDLightShadow": (0, 0, 0, 1.0),
    "ThreeDShadow": (0, 0, 0, 1.0), "Window": (255, 255, 255, 1.0), "WindowFrame": (0, 0, 0, 1.0),
    "WindowText": (0, 0, 0, 1.0)}.items()}
# A page of the dark scheme (`<meta name=color-scheme content=dark>`, `:root{color-scheme:dark}`):
# Chromium paints the canvas rgb(18, 18, 18) and the text white; its other system colours are
# not taken here.
DARK_CANVAS, DARK_TEXT = (18 / 255, 18 / 255, 18 / 255, 1.0), (1.0, 1.0, 1.0, 1.0)
DARK_SYSTEM = {"canvas": DARK_CANVAS, "canvastext": DARK_TEXT}

XYZ_TO_LINEAR_SRGB = ((3.2409699419045226, -1.537383177570094, -0.4986107602930034),
                      (-0.9692436362808796, 1.8759675015077202, 0.04155505740717559),
                      (0.05563007969699366, -0.20397695888897652, 1.0569715142428786))
D50_TO_D65 = ((0.955473421488075, -0.02309845494876471, 0.06325924320057072),
              (-0.0283697093338637, 1.0099953980813041, 0.021041441191917323),
              (0.012314014864481998, -0.020507649298898964, 1.330365926242124))
LINEAR_P3_TO_XYZ = ((0.4865709486482162, 0.26566769316909306, 0.1982172852343625),
                    (0.2289745640697488, 0.6917385218365064, 0.079286914093745),
                    (0.0, 0.04511338185890264, 1.043944368900976))
D50_WHITE = (0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585)


def times(matrix, vector) -> tuple[float, float, float]:
    return tuple(sum(m * v for m, v in zip(row, vector)) for row in matrix)


def gamma(linear: float) -> float:
    """sRGB's transfer function (display-p3 shares it)."""
    sign, x = (-1.0 if linear < 0 else 1.0), abs(linear)
    return sign * (1.055 * x ** (1 / 2.4) - 0.055 if x > 0.0031308 else 12.92 * x)


def ungamma(encoded: float) -> float:
    sign, x = (-1.0 if encoded < 0 else 1.0), abs(encoded)
    return sign * (((x + 0.055) / 1.055) ** 2.4 if x > 0.04045 else x / 12.92)


def lab_to_xyz_d50(lightness: float, a: float, b: float) -> tuple[float, float, float]:
    kappa, epsilon = 24389 / 27, 216 / 24389
    f1 = (lightness + 16) / 116
    f0, f2 = a / 500 + f1, f1 - b / 200
    x = f0 ** 3 if f0 ** 3 > epsilon else (116 * f0 - 16) / kappa
    y = f1 ** 3 if lightness > kappa * epsilon else lightness / kappa
    z = f2 ** 3 if f2 ** 3 > epsilon else (116 * f2 - 16) / kappa
    return x * D50_WHITE[0], y * D50_WHITE[1], z * D50_WHITE[2]


def oklab_to_linear_srgb(lightness: float, a: float, b: float) -> tuple[float, float, float]:
    l_ = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
    m_ = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
    s_ = (lightness - 0.0894841775 * a - 1.2914855480 * b) ** 3
    return (4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
            -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
            -0.0041960863 * l_ - 0.7034186147 * m_ + 1.7076147010 * s_)


def polar(lightness: float, chroma: float, hue: float) -> tuple[float, float, float]:
    hue = 0.0 if hue != hue else hue  # a powerless (NaN) hue
    return lightness, chroma * cos(radians(hue)), chroma * sin(radians(hue))


def linear_srgb(space: str, c: tuple) -> tuple[float, float, float] | None:
    """A colour of a CSS Color 4 space as linear sRGB; None for a space not worked out here."""
    if space == "srgb-linear":
        return c
    if space in ("lab", "lch"):
        return times(XYZ_TO_LINEAR_SRGB, times(D50_TO_D65, lab_to_xyz_d50(*(polar(*c) if space == "lch" else c))))
    if space in ("oklab", "oklch"):
        return oklab_to_linear_srgb(*(polar(*c) if space == "oklch" else c))
    if space in ("xyz", "xyz-d65"):
        return times(XYZ_TO_LINEAR_SRGB, c)
    if space == "xyz-d50":
        return times(XYZ_TO_LINEAR_SRGB, times(D50_TO_D65, c))
    if space == "display-p3":
        return times(XYZ_TO_LINEAR_SRGB, times(LINEAR_P3_TO_XYZ, tuple(ungamma(v) for v in c)))
    return None


def clipped(coordinates, alpha: float) -> tuple:
    return (*(min(1.0, max(0.0, v)) for v in coordinates), min(1.0, max(0.0, alpha)))


def light_dark(value: str, dark: bool) -> str | None:
    """The colour light-dark() picks, as written; None if it is not light-dark() of two."""
    tokens = words(tinycss2.parse_component_value_list(value))
    if len(tokens) != 1 or tokens[0].type != "function" or tokens[0].lower_name != "light-dark":
        return None
    arguments = split_commas(tokens[0].arguments)
    return tinycss2.serialize(arguments[1 if dark else 0]).strip() if len(arguments) == 2 else None


LEGACY = {"rgb": "rgb", "rgba": "rgb", "hsl": "hsl", "hsla": "hsl"}  # the functions with a comma form
MODERN_ONLY = frozenset({"hwb", "lab", "lch", "oklab", "oklch", "color"})  # those without one
ANGLE_UNITS = frozenset({"deg", "rad", "grad", "turn"})
COLOUR_FUNCTIONS = frozenset({*LEGACY, *MODERN_ONLY, "light-dark"})  # those function_valid reads
UNCOMPUTED_FUNCTIONS = frozenset({"color-mix", "contrast-color", "alpha"})  # colours this reader does not compute
PREFIXED_COLOURS = frozenset({"-webkit-link", "-webkit-activelink", "-webkit-focus-ring-color"})  # an author's sheet may use


def channel(token, kinds: str) -> bool:
    """One channel of a colour function: a number ('n'), a percentage ('p'), an angle ('a') or
    a math function (whatever it computes to), where `kinds` lets it."""
    if token.type == "function":
        return token.lower_name in MATH_FUNCTIONS
    return ("n" in kinds and token.type == "number") or ("p" in kinds and token.type == "percentage") or (
        "a" in kinds and token.type == "dimension" and token.lower_unit in ANGLE_UNITS)


def function_valid(token) -> bool:
    """Whether a browser keeps a colour function as CSS Color 4 writes it: rgb() and hsl() with
    commas take no `none`, three numbers or three percentages (rgb), a hue and two percentages
    (hsl), and an alpha; hwb(), lab() and the others have no comma form; light-dark() takes two
    colours. (tinycss2 reads `hsl(0, 0, 0)`, `hwb(0, 0%, 100%)`, `rgb(0, 0, none)` as colours;
    Chromium drops them.) Other functions (color-mix()...) are left to the colour reader."""
    name, arguments = token.lower_name, words(token.arguments)
    if name == "light-dark":
        both = split_commas(token.arguments)
        return len(both) == 2 and all(colour_tokens_valid(words(one)) for one in both)
    commas = any(t.type == "literal" and t.value == "," for t in arguments)
    if name in MODERN_ONLY or not commas:
        return not commas and modern_valid(name, arguments)
    parts = [words(part) for part in split_commas(token.arguments)]
    if len(parts) not in (3, 4) or any(len(part) != 1 for part in parts):
        return False
    values = [part[0] for part in parts]
    if LEGACY[name] == "rgb":
        kinds = {t.type for t in values[:3] if t.type != "function"}
        shaped = all(channel(t, "np") for t in values[:3]) and len(kinds) <= 1
    else:
        shaped = channel(values[0], "na") and all(channel(t, "p") for t in values[1:3])
    return shaped and (len(values) == 3 or channel(values[3], "np"))


HUE_AT = {"hsl": 0, "hsla": 0, "hwb": 0, "lch": 2, "oklch": 2}  # which channel is a hue, an angle or a number


def modern_valid(name: str, arguments: list) -> bool:
    """The form without commas (session 53: Chromium drops `rgb(255 0 0 0)`, `rgb(255 0)`): three
    channels (after the space in color()), each a number, a percentage, `none` or math, a hue an
    angle too, then an alpha after a `/`. A relative colour (`from`) is not checked here."""
    if arguments and arguments[0].type == "ident" and arguments[0].lower_value == "from":
        return True
    if name == "color":
        if not arguments or arguments[0].type != "ident":
            return False
        arguments = arguments[1:]
    slashes = [at for at, t in enumerate(arguments) if t.type == "literal" and t.value == "/"]
    channels, alpha = (arguments[:slashes[0]], arguments[slashes[0] + 1:]) if slashes else (arguments, [])
    if len(slashes) > 1 or len(channels) != 3 or len(alpha) != len(slashes):
        return False
    return all(channel_or_none(t, "na" if at == HUE_AT.get(name) else "np") for at, t in enumerate([*channels, *alpha]))


def channel_or_none(token, kinds: str) -> bool:
    return (token.type == "ident" and token.lower_value == "none") or channel(token, kinds)


def colour_tokens_valid(found: list) -> bool:
    """One colour as a browser keeps it: a word or hash the colour reader knows, or a colour
    function (function_valid)."""
    if len(found) != 1:
        return False
    token = found[0]
    if token.type == "function":  # (another function, calc() or a gradient, is no colour: hunt 173)
        return function_valid(token) if token.lower_name in COLOUR_FUNCTIONS else token.lower_name in UNCOMPUTED_FUNCTIONS
    if token.type == "ident" and ascii_lower(token.value) in CSS_WIDE:
        return False  # a keyword of the whole value, never a colour inside one (hunt 171: light-dark(inherit, #fff))
    if token.type == "ident" and ascii_lower(token.value).startswith(("-webkit-", "-internal-")):
        return ascii_lower(token.value) in PREFIXED_COLOURS  # (hunt 173: Chromium drops -webkit-text, -internal-*)
    return token.type in ("ident", "hash") and rgba(tinycss2.serialize([token]), (0, 0, 0, 1)) is not None


# Channels a browser clamps when it parses a colour (CSS Color 4): (space, channel index, least, most)
CLAMPED = {"hsl": ((1, 0.0, None),), "lab": ((0, 0.0, 100.0),), "lch": ((0, 0.0, 100.0), (1, 0.0, None)),
           "oklab": ((0, 0.0, 1.0),), "oklch": ((0, 0.0, 1.0), (1, 0.0, None))}


def as_parsed(colour):
    """The colour as a browser holds it once parsed: `none` as 0, a negative chroma or
    saturation as 0, a lightness within its range (`lch(100 -100 0)` is white, not cyan)."""
    coordinates = [0.0 if v is None else float(v) for v in colour.coordinates]
    for index, least, most in CLAMPED.get(colour.space, ()):
        coordinates[index] = max(least, coordinates[index]) if most is None else min(most, max(least, coordinates[index]))
    alpha = 0.0 if colour.alpha is None else colour.alpha
    return type(colour)(colour.space, coordinates, alpha)


def rgba(value: str, current: tuple, dark: bool = False) -> tuple | str | None:
    """A colour as sRGB (r, g, b, alpha), `currentcolor` the colour given; None if the value is
    not a colour; UNCOMPUTED for a colour this reader does not compute."""
    word = ascii_lower(value.strip(ASCII_WHITESPACE))  # keywords fold ASCII only (a Kelvin sign is no K)
    if word in ("currentcolor", "inherit"):
        return current
    if word in SYSTEM:
        return DARK_SYSTEM.get(word, UNCOMPUTED) if dark else SYSTEM[word]
    if word.startswith(("-webkit-", "-internal-")):  # Chromium's own colours (-webkit-link is <body link>'s, a
        return UNCOMPUTED  # link's red while active...): the page's, not told here
    if "(" in word and not colour_tokens_valid(words(tinycss2.parse_component_value_list(value))):
        return None  # a function a browser drops (the declaration before it holds)
    if word.startswith("light-dark("):
        picked = light_dark(value, dark)
        return rgba(picked, current, dark) if picked else None
    try:
        colour = parse_color(value)
    except Exception:  # noqa: BLE001 (malformed input)
        return None
    if colour is None and word.split("(", 1)[0] in COLOUR_FUNCTIONS:
        return UNCOMPUTED  # a colour a browser keeps, its channels computed by math functions (`sin(0deg)`)
    if colour is None or isinstance(colour, str):
        return current if colour == "currentcolor" else None
    colour = as_parsed(colour)
    if colour.space in ("srgb", "hsl", "hwb"):
        return clipped(colour.to("srgb").coordinates, colour.alpha)
    linear = linear_srgb(colour.space, tuple(float(v) for v in colour.coordinates))
    return UNCOMPUTED if linear is None else clipped((gamma(v) for v in linear), colour.alpha)


# --- presentational colour attributes (<font color>, bgcolor, <body text>) ---------------------

HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def legacy_colour(value: str) -> tuple | None:
    """A colour attribute read by HTML's "rules for parsing a legacy colour value" (the HTML
    Standard, step by step): `ffffff` without its `#` is white, `fffffff` is #fffff0, `chucknorris`
    is #c00000; None where the rules fail (empty, `transparent`), and the attribute is then no
    colour at all. Browsers read every such attribute this way, never as CSS."""
    text = value.strip(ASCII_WHITESPACE)
    if not text or ascii_lower(text) == "transparent":
        return None
    if text.isascii() and text.isalpha():  # a named colour (CSS's list): tinycss2 knows them
        named = parse_color(text)
        if named is not None and not isinstance(named, str):
            return clipped(named.to("srgb").coordinates, 1.0)
    if len(text) == 4 and text[0] == "#" and all(c in HEX_DIGITS for c in text[1:]):
        return tuple(int(c, 16) * 17 / 255 for c in text[1:]) + (1.0,)
    text = "".join("00" if ord(c) > 0xFFFF else c for c in text)[:128]
    text = text[1:] if text.startswith("#") else text
    text = "".join(c if c in HEX_DIGITS else "0" for c in text)
    text += "0" * (-len(text) % 3 or (3 if not text else 0))
    size = len(text) // 3
    parts = [text[i * size:(i + 1) * size] for i in range(3)]
    if size > 8:
        parts, size = [p[size - 8:] for p in parts], 8
    while size > 2 and all(p[0] == "0" for p in parts):
        parts, size = [p[1:] for p in parts], size - 1
    return tuple(int(p[:2], 16) / 255 for p in parts) + (1.0,)


# --- quirks mode ---------------------------------------------------------------------------------

# The properties whose colour a quirks mode page may write without its `#` (Quirks Mode, "the
# hashless hex color quirk": `color: ffffff` is white there, invalid in a standards mode page).
# The Quirks Mode Standard lists the border shorthands too; Chromium takes a hashless colour in
# border-color only, and drops `border: 1px solid ffffff` (session 53).
QUIRKY_COLOURS = frozenset({"color", "background-color", "border-color", "border-top-color", "border-right-color",
                            "border-bottom-color", "border-left-color"})
HASHLESS = re.compile(r"(?:[0-9A-Fa-f]{3}){1,2}")


def hashless(tokens: list) -> list:
    """A quirky value's words that stand for colours without their `#` (the Quirks Mode Standard's
    hashless hex colour quirk): an identifier of 3 or 6 hex digits as written, an integer or an
    integer's dimension padded with zeros to 6 (`12` is #000012, `123` #000123; `1e3`, written as
    no integer, is no colour: hunt 173)."""
    out = []
    for token in tokens:
        if token.type == "ident":
            written = token.value
        elif token.type in ("number", "dimension") and token.is_integer and token.int_value >= 0:
            written = f"{token.int_value}{token.unit if token.type == 'dimension' else ''}".zfill(6)
        else:
            written = None
        if written is not None and HASHLESS.fullmatch(written):
            out.extend(tinycss2.parse_component_value_list("#" + written))
        else:
            out.append(token)
    return out
