"""CSS math functions (calc(), min(), max(), clamp()) evaluated exactly, with tinycss2's
tokens, where their terms are plain numbers and lengths: `calc(0px)`, `calc(1px - 1px)`,
`calc(2 * 0)`, `min(0px, 12px)`. Lengths of absolute units add up in pixels; a relative unit
(em, %, vw) adds only to itself, since what it measures is not known here; a sum of unlike
units (`calc(1em - 16px)`), another function (abs(), round()) or a malformed expression is not
evaluated (None), and the caller treats the value as undecided, never as absent."""
from __future__ import annotations

import re
from dataclasses import dataclass

import tinycss2

ABSOLUTE_PX = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 9.6 / 2.54, "q": 2.4 / 2.54}
# A font's sizes as fractions of its em (ex, ch, cap, ic, lh: the default sans font's, as the
# reader takes them); with an r, of the root element's font (rex, rch, rcap, ric, rlh).
FONT_EM = {"em": 1.0, "ex": 0.5, "ch": 0.5, "cap": 0.7, "ic": 1.0, "lh": 1.2}
ROOT_EM = {"r" + unit: share for unit, share in FONT_EM.items()}
# Viewport units as (share of the width, share of the height) of the window, or a function of
# both (vmin, vmax); s-, l- and d- variants are the same on a desktop (no toolbars come and go);
# vi and vb are vw and vh in horizontal writing.
VIEWPORT = {f"{prefix}{unit}": share for prefix in ("", "s", "l", "d")
            for unit, share in {"vw": "w", "vi": "w", "vh": "h", "vb": "h", "vmin": "min", "vmax": "max"}.items()}
# Units of what is not a length (angles, times, frequencies, resolutions, flex): left as written
NOT_LENGTHS = frozenset({"deg", "grad", "rad", "turn", "s", "ms", "hz", "khz", "dpi", "dpcm", "dppx", "x", "fr"})
# CSS pixels per unit as the reader takes a length written without its context (no unit: px;
# em, rem at the default 16px); html_style resolves every unit in context first (in_pixels)
PX_PER = {None: 1.0, **ABSOLUTE_PX, **{unit: 16.0 * share for unit, share in {**FONT_EM, **ROOT_EM}.items()}}
MATH = frozenset({"calc", "min", "max", "clamp", "-webkit-calc"})  # (-moz-calc: Chromium drops it, hunt 173)
# Every math function of CSS Values 4 and 5 (Chromium 156 keeps a declaration holding any of
# them); of these, MATH's are evaluated here, and a value holding another is not decided
MATH_FUNCTIONS = frozenset({*MATH, "round", "mod", "rem", "abs", "sign", "sin", "cos", "tan", "asin", "acos", "atan",
                            "atan2", "pow", "sqrt", "hypot", "log", "exp", "progress", "random"})
# Functions that hold values rather than compute one (shapes, clip rectangles, filters): their
# arguments are evaluated; any other function (abs(), round()) is not evaluated here.
HOLDERS = frozenset({"rect", "inset", "circle", "ellipse", "polygon", "path", "xywh", "shape", "opacity", "blur",
                     "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate", "invert", "saturate",
                     "sepia"})
MAX_DEPTH = 16

Quantity = dict  # unit ("" for a number, "px" for absolute lengths, "em", "%", …) -> coefficient


def words(tokens) -> list:
    """The tokens of a value but its white space and comments."""
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def has_function(value: str) -> bool:
    """Whether a value holds a function (calc(), env(), …), at its top level."""
    return any(t.type == "function" for t in tinycss2.parse_component_value_list(value))


def evaluated(value: str) -> str | None:
    """A value with its math functions replaced by their results (`calc(1px - 1px)` -> `0px`);
    the value itself without any; None where one cannot be evaluated exactly."""
    out = []
    for token in tinycss2.parse_component_value_list(value):
        if token.type != "function":
            out.append(tinycss2.serialize([token]))
            continue
        if token.lower_name in HOLDERS:  # a shape or a filter: its arguments evaluated
            inner = evaluated(tinycss2.serialize(token.arguments))
            if inner is None:
                return None
            out.append(f"{token.name}({inner})")
            continue
        result = quantity_of_function(token, 0)
        if result is None:
            return None
        written = spelled(result)
        if written is None:
            return None
        out.append(written)
    return "".join(out).strip()


def spelled(quantity: Quantity) -> str | None:
    """A quantity as one CSS value (`0`, `14px`, `2em`), None for a sum of unlike units."""
    units = [unit for unit, n in quantity.items() if n != 0]
    if not units:
        return "0" if set(quantity) <= {""} else f"0{next(u for u in quantity if u)}"
    if len(units) > 1:
        return None
    return f"{quantity[units[0]]:g}{units[0]}"


def quantity_of_function(token, depth: int) -> Quantity | None:
    name = token.lower_name
    if name not in MATH or depth > MAX_DEPTH:
        return None
    arguments = split_commas(token.arguments)
    values = [quantity_of_sum(a, depth + 1) for a in arguments]
    if any(v is None for v in values) or not values:
        return None
    if name in ("calc", "-webkit-calc", "-moz-calc"):
        return values[0] if len(values) == 1 else None
    if name == "clamp" and len(values) != 3:
        return None
    units = {spelled_unit(v) for v in values}
    if len(units) != 1 or None in units:
        return None  # unlike units: which one wins depends on what the relative one measures
    unit = units.pop()
    numbers = [v.get(unit, 0.0) for v in values]
    if name == "min":
        chosen = min(numbers)
    elif name == "max":
        chosen = max(numbers)
    else:
        chosen = max(numbers[0], min(numbers[1], numbers[2]))
    return {unit: chosen}


def spelled_unit(quantity: Quantity) -> str | None:
    """The one unit of a quantity (zero terms do not count), None for a sum of unlike units."""
    units = {unit for unit, n in quantity.items() if n != 0}
    if len(units) > 1:
        return None
    return units.pop() if units else next(iter(quantity), "")


def split_at(tokens, mark: str) -> list[list]:
    """Component values at their top-level `mark` literals (`,` or `;`)."""
    pieces, current = [], []
    for token in tokens:
        if token.type == "literal" and token.value == mark:
            pieces.append(current)
            current = []
        else:
            current.append(token)
    return [*pieces, current]


def split_commas(tokens) -> list[list]:
    """Component values at their top-level commas (a function's arguments, a selector list)."""
    return split_at(tokens, ",")


def quantity_of_sum(tokens, depth: int) -> Quantity | None:
    """A sum of products (`1px - 2 * 3px`), + and - between terms separated by whitespace: CSS
    Values 4 wants it on both sides (`calc(1px+(1q))` is dropped by Chromium)."""
    if not signs_spaced(tokens):
        return None
    parts = [t for t in tokens if t.type not in ("whitespace", "comment")]
    terms, signs, current = [], [1.0], []
    for token in parts:
        if token.type == "literal" and token.value in ("+", "-") and current:
            terms.append(current)
            signs.append(1.0 if token.value == "+" else -1.0)
            current = []
        else:
            current.append(token)
    terms.append(current)
    total: Quantity = {}
    for sign, term in zip(signs, terms):
        value = quantity_of_product(term, depth)
        if value is None:
            return None
        for unit, n in value.items():
            total[unit] = total.get(unit, 0.0) + sign * n
    if "" in total and len(total) > 1:
        return None  # a number added to a length (`calc(0px + 0)`): of no type, as a browser finds it
    return total


def signs_spaced(tokens) -> bool:
    """Whether every top-level + and - has white space on both sides."""
    tokens = strip_space(tokens)
    return all(0 < at < len(tokens) - 1 and spaced_around(tokens, at) for at, token in enumerate(tokens)
               if token.type == "literal" and token.value in ("+", "-"))


def quantity_of_product(tokens, depth: int) -> Quantity | None:
    """A product of values (`2 * 3px / 4`): at most one of them not a plain number."""
    if not tokens or len(tokens) % 2 == 0:
        return None
    result = quantity_of_value(tokens[0], depth)
    for operator, operand in zip(tokens[1::2], tokens[2::2]):
        value = quantity_of_value(operand, depth)
        if result is None or value is None or operator.type != "literal" or operator.value not in ("*", "/"):
            return None
        if operator.value == "*":
            if set(value) <= {""}:
                factor = value.get("", 0.0)
            elif set(result) <= {""}:
                factor, result = result.get("", 0.0), value
            else:
                return None
            result = {unit: n * factor for unit, n in result.items()}
        else:
            if not set(value) <= {""} or value.get("", 0.0) == 0:
                return None
            result = {unit: n / value[""] for unit, n in result.items()}
    return result


def quantity_of_value(token, depth: int) -> Quantity | None:
    if token.type == "number":
        return {"": float(token.value)}
    if token.type == "percentage":
        return {"%": float(token.value)}
    if token.type == "dimension":
        unit = token.lower_unit
        if unit in ABSOLUTE_PX:
            return {"px": float(token.value) * ABSOLUTE_PX[unit]}
        return {unit: float(token.value)}
    if token.type == "() block":
        return quantity_of_sum(token.content, depth + 1) if depth <= MAX_DEPTH else None
    if token.type == "function":
        return quantity_of_function(token, depth + 1)
    return None


# --- types (CSS Values 4, "Type Checking"): whether an expression is a length at all --------------

LENGTH_UNITS = frozenset({*ABSOLUTE_PX, *FONT_EM, *ROOT_EM, *VIEWPORT, "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax"})
UNIT_TYPES = {**dict.fromkeys(LENGTH_UNITS, "length"), **dict.fromkeys(("deg", "grad", "rad", "turn"), "angle"),
              **dict.fromkeys(("s", "ms"), "time"), **dict.fromkeys(("hz", "khz"), "frequency"),
              **dict.fromkeys(("dpi", "dpcm", "dppx", "x"), "resolution"), "fr": "flex"}
CONSTANTS = frozenset({"e", "pi", "infinity", "-infinity", "nan"})
ROUNDING = frozenset({"nearest", "up", "down", "to-zero", "line-width"})
UNTYPED = "untyped"  # a function this reader does not type (anchor(), env()): decided elsewhere, as before
MathType = dict  # base type ("length", "angle", "percent", …) -> power; a number is {}
# How many arguments each math function takes once a rounding strategy, clamp()'s `none` bounds and
# random()'s sharing options are left out (min(), max() and hypot() any number)
ARGUMENT_COUNTS = {"calc": (1,), "-webkit-calc": (1,), "mod": (2,), "rem": (2,), "atan2": (2,), "pow": (2,),
                   "sin": (1,), "cos": (1,), "tan": (1,), "asin": (1,), "acos": (1,), "atan": (1,), "sqrt": (1,),
                   "exp": (1,), "abs": (1,), "sign": (1,), "log": (1, 2), "round": (1, 2), "progress": (3,),
                   "clamp": (1, 2, 3), "random": (2, 3)}
TYPED_FUNCTIONS = frozenset({*MATH_FUNCTIONS, "sibling-index", "sibling-count"})  # a type of their own inside math


def math_type(token, percent_as: str = "percent", depth: int = 0) -> MathType | str | None:
    """The type of a math function (`calc(1px * 2)` a length, `calc(sin(1) * 1px)` one too, `calc(1px
    + 1)` none: None, as a browser drops it), its percentages taken as `percent_as` (`length` where
    the property's percentages are of a length); UNTYPED where this reader does not tell it.
    Chromium 156 does typed arithmetic: `calc(1px * 1px / 1px)` is a length."""
    name = token.lower_name
    if name not in MATH_FUNCTIONS or depth > MAX_DEPTH:
        return {} if name in ("sibling-index", "sibling-count") else UNTYPED
    arguments = split_commas(token.arguments)
    if name == "round" and len(strategy := words(arguments[0])) == 1 and strategy[0].type == "ident" \
            and strategy[0].lower_value in ROUNDING:
        arguments = arguments[1:]
    if name == "clamp":  # `none` for either bound (CSS Values 5; Chromium 156 keeps it)
        if len(arguments) != 3:
            return None
        arguments = [a for at, a in enumerate(arguments) if at == 1 or not is_none(a)]
    if name == "random":  # random([sharing options,] min, max [, step]): typed by its bounds
        arguments = random_bounds(arguments)
    types = [sum_type(a, percent_as, depth + 1) for a in arguments]
    if None in types or not types:
        return None
    if UNTYPED in types:
        return UNTYPED
    first, alike = types[0], all(t == types[0] for t in types)
    if len(types) not in ARGUMENT_COUNTS.get(name, range(1, len(types) + 1)) or not alike:
        return None
    if name == "progress":
        return {}
    if name in ("sin", "cos", "tan"):
        return {} if first in ({}, {"angle": 1}) else None
    if name in ("asin", "acos", "atan"):
        return {"angle": 1} if first == {} else None
    if name == "atan2":
        return {"angle": 1}
    if name == "exp":
        return {} if first == {} else UNTYPED  # Chromium 156 drops exp(2px) but keeps exp(2vw), exp(2em)
    if name in ("pow", "sqrt", "log"):
        return {} if first == {} else None
    if name == "sign":
        return {}
    if name == "round" and len(types) == 1 and first != {}:
        return None  # round(5px): the step is 1, a number, unlike a length
    return first


def sum_type(tokens, percent_as: str, depth: int) -> MathType | str | None:
    """A sum's type: its terms alike; `+` and `-` with white space on both sides (`1px -2px` and
    `1px+2px` are two values side by side, no sum)."""
    if not signs_spaced(tokens):
        return None
    terms, current = [], []
    for token in strip_space(tokens):
        if token.type == "literal" and token.value in ("+", "-"):
            if not current:
                return None  # a sign after a sign
            terms.append(current)
            current = []
        elif token.type not in ("whitespace", "comment"):
            current.append(token)
    terms.append(current)
    types = [product_type(term, percent_as, depth) for term in terms]
    if None in types:
        return None
    typed = [t for t in types if t != UNTYPED]
    if len(typed) < len(types):
        return UNTYPED if all(t == typed[0] for t in typed) else None
    return types[0] if all(t == types[0] for t in types) else None


def strip_space(tokens) -> list:
    """The tokens without the white space and comments at either end."""
    kept = [at for at, t in enumerate(tokens) if t.type not in ("whitespace", "comment")]
    return list(tokens[kept[0]:kept[-1] + 1]) if kept else []


def spaced_around(tokens, at: int) -> bool:
    return tokens[at - 1].type == "whitespace" and tokens[at + 1].type == "whitespace"


def product_type(tokens, percent_as: str, depth: int) -> MathType | str | None:
    """A product's type: the powers of its factors added, of its divisors taken away."""
    if not tokens or len(tokens) % 2 == 0:
        return None
    result = value_type(tokens[0], percent_as, depth)
    for operator, operand in zip(tokens[1::2], tokens[2::2]):
        value = value_type(operand, percent_as, depth)
        if operator.type != "literal" or operator.value not in ("*", "/") or result is None or value is None:
            return None
        if UNTYPED in (result, value):
            result = UNTYPED
            continue
        sign = 1 if operator.value == "*" else -1
        result = {base: power for base in {*result, *value}
                  if (power := result.get(base, 0) + sign * value.get(base, 0))}
        if "percent" in result and len(result) > 1:
            return UNTYPED  # a percentage times a unit it does not resolve to: Chromium keeps `opacity: calc(1% / 1px)`
    return result


def random_bounds(arguments: list) -> list:
    """random()'s bounds and step, its sharing options (`--a`, `auto`, `fixed 0.5`) left out (none
    where there are not two or three: Chromium drops `random(1px)`)."""
    first = words(arguments[0]) if arguments else []
    if first and first[0].type == "ident" and first[0].lower_value not in CONSTANTS:
        arguments = arguments[1:]
    return arguments if len(arguments) in (2, 3) else []


def is_none(tokens) -> bool:
    found = words(tokens)
    return len(found) == 1 and found[0].type == "ident" and found[0].lower_value == "none"


def value_type(token, percent_as: str, depth: int) -> MathType | str | None:
    if token.type == "number":
        return {}
    if token.type == "percentage":
        return {percent_as: 1}
    if token.type == "dimension":
        return {UNIT_TYPES[token.lower_unit]: 1} if token.lower_unit in UNIT_TYPES else None
    if token.type == "ident":
        return {} if token.lower_value in CONSTANTS else None
    if token.type == "() block":
        return sum_type(token.content, percent_as, depth + 1) if depth <= MAX_DEPTH else None
    if token.type == "function" and token.lower_name in TYPED_FUNCTIONS:
        return math_type(token, percent_as, depth + 1)
    if token.type == "function":  # substituted (var(), env(), attr()) or placed (anchor()) elsewhere; else no value
        return UNTYPED if token.lower_name in ("var", "env", "attr", "if", "anchor", "anchor-size") else None
    return None


def positive_floor(value: str) -> str | None:
    """A positive lower bound of a max() or clamp() that cannot be evaluated exactly
    (`clamp(12px, 1em, 20px)` is at least 12px): enough to tell that a size is not zero or a
    spacing not negative; None where there is none."""
    tokens = [t for t in tinycss2.parse_component_value_list(value) if t.type not in ("whitespace", "comment")]
    if len(tokens) != 1 or tokens[0].type != "function" or tokens[0].lower_name not in ("max", "clamp"):
        return None
    arguments = split_commas(tokens[0].arguments)
    for argument in arguments[:1] if tokens[0].lower_name == "clamp" else arguments:
        quantity = quantity_of_sum(argument, 1)
        unit = spelled_unit(quantity) if quantity is not None else None
        if unit is not None and quantity.get(unit, 0.0) > 0:
            return spelled(quantity)
    return None


@dataclass(frozen=True, slots=True)
class Measure:
    """What a relative length is taken against: the font size of the element (em), of the root
    element (rem), and the window (vw, vh)."""
    em: float
    rem: float
    window: tuple[float, float]
    rlh: float | None = None  # the root element's line height, px (None: normal, ROOT_EM's share of rem)


def unit_px(unit: str, measure: Measure) -> float | None:
    """CSS pixels per unit, in context; None for a unit this reader does not know (a container
    unit, a typo): the caller takes the value as undecided, never as a length it guesses."""
    if unit in ABSOLUTE_PX:
        return ABSOLUTE_PX[unit]
    if unit in FONT_EM:
        return FONT_EM[unit] * measure.em
    if unit == "rlh" and measure.rlh is not None:
        return measure.rlh
    if unit in ROOT_EM:
        return ROOT_EM[unit] * measure.rem
    share = VIEWPORT.get(unit)
    if share is None:
        return None
    width, height = measure.window
    return {"w": width, "h": height, "min": min(width, height), "max": max(width, height)}[share] / 100


def in_pixels(tokens, measure: Measure) -> str | None:
    """A value with every length in CSS pixels (`1rem` -> `16px`, `calc(1em + 2vw)` ->
    `calc(16px + 20.48px)`), in function arguments too; None if it holds a unit neither a length
    this reader knows nor one of what is not a length."""
    out = []
    for token in tokens:
        if token.type == "dimension" and token.lower_unit not in NOT_LENGTHS and token.lower_unit != "px":
            per = unit_px(token.lower_unit, measure)
            if per is None:
                return None
            out.append(f"{float(token.value) * per:.4f}".rstrip("0").rstrip(".") + "px")
        elif token.type == "function":
            inner = in_pixels(token.arguments, measure)
            if inner is None:
                return None
            out.append(f"{token.name}({inner})")
        elif token.type in ("() block", "[] block", "{} block"):
            inner = in_pixels(token.content, measure)
            if inner is None:
                return None
            out.append(f"{token.type[0]}{inner}{token.type[1]}")
        else:
            out.append(tinycss2.serialize([token]))
    return "".join(out).strip()


# --- plain lengths as written ----------------------------------------------------------------------

# A value this reader cannot decide (a property's value it cannot evaluate): never a value as
# written, since tinycss2 turns NUL into U+FFFD.
UNDECIDED = "\x00undecided"  # never a value as written: tinycss2 turns NUL into U+FFFD
LENGTH = re.compile(r"([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)([a-z]+|%)?")  # `0e0`, `1e-3px`: CSS numbers


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
