"""CSS math functions (calc(), min(), max(), clamp()) evaluated exactly, with tinycss2's
tokens, where their terms are plain numbers and lengths: `calc(0px)`, `calc(1px - 1px)`,
`calc(2 * 0)`, `min(0px, 12px)`. Lengths of absolute units add up in pixels; a relative unit
(em, %, vw) adds only to itself, since what it measures is not known here; a sum of unlike
units (`calc(1em - 16px)`), another function (abs(), round()) or a malformed expression is not
evaluated (None), and the caller treats the value as undecided, never as absent."""
from __future__ import annotations

import tinycss2

ABSOLUTE_PX = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 9.6 / 2.54, "q": 2.4 / 2.54}
# CSS pixels per unit as the reader takes a length (no unit: px; em, rem at the default 16px; vw,
# vh of a 1024 x 768 window), where no calc() is involved (html_style, css_paint)
PX_PER = {None: 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 9.6 / 2.54, "em": 16.0,
          "rem": 16.0, "ex": 8.0, "ch": 8.0, "vw": 10.24, "vh": 7.68}
MATH = frozenset({"calc", "min", "max", "clamp", "-webkit-calc", "-moz-calc"})
# Functions that hold values rather than compute one (shapes, clip rectangles, filters): their
# arguments are evaluated; any other function (abs(), round()) is not evaluated here.
HOLDERS = frozenset({"rect", "inset", "circle", "ellipse", "polygon", "path", "xywh", "shape", "opacity", "blur",
                     "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate", "invert", "saturate",
                     "sepia"})
MAX_DEPTH = 16

Quantity = dict  # unit ("" for a number, "px" for absolute lengths, "em", "%", …) -> coefficient


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
    """A sum of products (`1px - 2 * 3px`), + and - between terms separated by whitespace."""
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
    return total


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
