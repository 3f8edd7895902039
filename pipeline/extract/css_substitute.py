"""CSS's arbitrary-substitution functions other than var() (html_cascade.substituted does
var()): env(), attr(), if(), inherit() and custom functions (`--name()`). A browser keeps a
declaration holding one whatever its property (css_values.py) and substitutes it when it
computes the element's style. Substituted exactly where the standard makes it plain for a
desktop window (CSS Values 5, CSS Environment Variables):

- env(name, fallback): the safe-area insets are 0px on a desktop; a name no browser defines is
  its fallback; without one the declaration is invalid at computed-value time (unset);
- attr(name type, fallback) of the element's own attribute: untyped or raw-string, a string;
  `type(<custom-ident>)`, `type(<number>)`, a unit and the like, the attribute parsed as that
  (`none` as a display); missing or not parsing, the fallback, else invalid;
- if(): its first branch whose condition holds, of `else` and media() queries decided for every
  desktop window (html_media.py).

Anything else (an if() condition on supports() or style(), a media query that depends on the
window, inherit(), a custom function, the other environment variables) is Unresolved: the
caller takes the element's style as undecided, never as if the declaration were not there."""
from __future__ import annotations

import re
from dataclasses import replace

import tinycss2

from .css_colour import CSS_WIDE, QUIRKY_COLOURS, colour_tokens_valid, hashless
from .css_math import split_at, split_commas, words
from .css_values import ALL_RESETS, SUBSTITUTING, numeric, substitutes, valid_value
from .html_media import condition_applies

ZERO_ON_A_DESKTOP = re.compile(r"safe-area-(?:max-)?inset-(?:top|right|bottom|left)")
# Environment variables Chromium defines; of them only the safe-area insets are known here
KNOWN_ENV = re.compile(r"safe-area-(?:max-)?inset-[a-z]+|keyboard-inset-[a-z]+|titlebar-area-[a-z]+"
                       r"|viewport-segment-[a-z]+|preferred-text-scale")
# attr() types: the one token the attribute must parse to
TYPES = {"<custom-ident>": ("ident",), "<ident>": ("ident",), "<number>": ("number",), "<integer>": ("number",),
         "<length>": ("dimension", "number"), "<percentage>": ("percentage",), "<string>": ("string",),
         "<length-percentage>": ("dimension", "number", "percentage"), "<color>": ("hash", "ident", "function")}
NOT_IDENTS = CSS_WIDE | {"default"}
MAX_DEPTH = 16


class Unresolved(Exception):
    """A substitution this reader does not work out exactly."""


class Invalid(Exception):
    """A substitution with nothing to substitute: the declaration is invalid at computed-value time."""


UNRESOLVED = "\x00unresolved"  # the key of the declaration holding what was not resolved, as written
# The properties this reader reads (a value it cannot resolve in another changes nothing it reads)
READ = frozenset({*ALL_RESETS, "direction", "-webkit-writing-mode", "-webkit-text-stroke-width", "animation-name",
                  "offset"})


def resolved(declared: dict, element, quirks: bool = False) -> dict:
    """The declarations with env(), attr() and if() substituted (html_style.computed): one whose
    substitution leaves nothing, or a value invalid for its property, is dropped (invalid at
    computed-value time); one this reader cannot resolve in a property it reads is set aside
    under UNRESOLVED (`display: if(…)`), for the element's text to be taken as undecided
    (Style.unmodelled: refused where it reaches the table), the property reverted meanwhile.
    `content` is left to html_style.generated_text (strings and attr())."""
    if not any(substitutes(d.value) for name, d in declared.items() if name != "content"):
        return declared
    out = {}
    for name, d in declared.items():
        if name.startswith("--") or name == "content" or not substitutes(d.value):
            out[name] = d
            continue
        written = d.value.removesuffix("!important").strip()
        try:
            value = substituted_value(written, element)
        except Unresolved:
            out[name] = d
            if name in READ:  # taken as the browser's default meanwhile, so that the error is this one
                out[name] = replace(d, value="revert", tokens=tuple(tinycss2.parse_component_value_list("revert")))
                out.setdefault(UNRESOLVED, replace(d, name=UNRESOLVED, value=f"{name}: {written}"))
            continue
        tokens = tinycss2.parse_component_value_list(value) if value is not None else None
        if tokens is not None and quirks and name in QUIRKY_COLOURS:  # a colour substituted without its `#`
            tokens = hashless(tokens)
            value = tinycss2.serialize(tokens)
        if tokens is not None and valid_value(name, tokens, quirks):
            out[name] = replace(d, value=value, tokens=tuple(tokens))
    return out


def substituted_value(value: str, element) -> str | None:
    """The value with its substitution functions replaced (`env(x, none)` -> `none`); None where
    the declaration is invalid at computed-value time; raises Unresolved."""
    try:
        return tinycss2.serialize(substituted_tokens(tinycss2.parse_component_value_list(value), element, 0)).strip()
    except Invalid:
        return None


def substituted_tokens(tokens, element, depth: int) -> list:
    if depth > MAX_DEPTH:
        raise Unresolved
    out = []
    for token in tokens:
        name = token.lower_name if token.type == "function" else None
        if name == "env":
            out += substituted_tokens(env(token.arguments), element, depth + 1)
        elif name == "attr":
            out += substituted_tokens(attr(token.arguments, element), element, depth + 1)
        elif name == "if":
            out += substituted_tokens(branch(token.arguments), element, depth + 1)
        elif name is not None and (name == "inherit" or name.startswith("--")):
            raise Unresolved
        elif name is not None and SUBSTITUTING.search(tinycss2.serialize(token.arguments)):
            token.arguments = substituted_tokens(token.arguments, element, depth + 1)  # calc(env(…) + 1px)
            out.append(token)
        else:
            out.append(token)
    return out


def after_first_comma(arguments) -> tuple[list, list | None]:
    pieces = split_commas(arguments)
    rest = [t for piece in pieces[1:] for t in (*piece, tinycss2.ast.LiteralToken(0, 0, ","))][:-1]
    return pieces[0], (rest if len(pieces) > 1 else None)


def env(arguments) -> list:
    head, fallback = after_first_comma(arguments)
    found = words(head)
    if len(found) != 1 or found[0].type != "ident":
        raise Unresolved  # env(name 1 2): an indexed variable
    name = found[0].value
    if ZERO_ON_A_DESKTOP.fullmatch(name):
        return [tinycss2.ast.DimensionToken(0, 0, 0, 0, "0", "px")]
    if KNOWN_ENV.fullmatch(name):
        raise Unresolved
    if fallback is None:
        raise Invalid
    return fallback


def attr(arguments, element) -> list:
    head, fallback = after_first_comma(arguments)
    found = words(head)
    if not found or found[0].type != "ident" or len(found) > 2:
        raise Unresolved  # a namespace, or more than a name and a type
    written = element.get(found[0].value.lower())
    kind = found[1] if len(found) == 2 else None
    if written is not None:
        parsed = typed(written, kind)
        if parsed is not None:
            return parsed
    if fallback is None:
        raise Invalid
    return fallback


def typed(written: str, kind) -> list | None:
    """The attribute's value as its attr() type has it; None where it does not parse as that."""
    if kind is None or (kind.type == "ident" and kind.lower_value == "raw-string"):
        return tinycss2.parse_component_value_list(f'"{tinycss2.serializer.serialize_string_value(written)}"')
    parsed = words(tinycss2.parse_component_value_list(written))
    if kind.type == "ident" or (kind.type == "literal" and kind.value == "%"):  # a unit: attr(w px), or number
        if len(parsed) != 1 or parsed[0].type != "number":
            return None
        unit = kind.value.lower()
        return parsed if unit == "number" else tinycss2.parse_component_value_list(f"{parsed[0].representation}{unit}")
    if kind.type != "function" or kind.lower_name != "type":
        raise Unresolved
    syntax = tinycss2.serialize(kind.arguments).strip().lower()
    if syntax == "*":
        return tinycss2.parse_component_value_list(written)
    if syntax not in TYPES:
        raise Unresolved  # a list, a choice of types: not parsed here
    if len(parsed) != 1 or parsed[0].type not in TYPES[syntax] or not of_type(parsed[0], syntax):
        return None
    return parsed


def of_type(token, syntax: str) -> bool:
    """Whether one value (of a token type the syntax allows) parses as that syntax: an integer
    written as one (`1.0` is no <integer>), a length of a length unit or 0, a colour a browser keeps
    (hunt 171: `data-o=0.5` taken as an <integer>, `notacolor` as a <color>, `12` as a
    <length-percentage>, and the fallback, which Chromium used, passed over)."""
    if syntax == "<integer>":
        return token.is_integer
    if syntax in ("<length>", "<length-percentage>"):
        return numeric(token)  # (a percentage only where the syntax's token types allow one)
    if syntax == "<color>":
        return colour_tokens_valid([token])
    if token.type == "ident" and syntax in ("<custom-ident>", "<ident>"):
        return token.lower_value not in NOT_IDENTS
    return True


def branch(arguments) -> list:
    """if(): the value of its first branch whose condition holds (nothing where none does)."""
    for tokens in split_at(arguments, ";"):
        colon = next((i for i, t in enumerate(tokens) if t.type == "literal" and t.value == ":"), None)
        if colon is None:
            if words(tokens):
                raise Unresolved
            continue
        if holds(words(tokens[:colon])):
            return tokens[colon + 1:]
    return []


def holds(condition: list) -> bool:
    if len(condition) == 1 and condition[0].type == "ident" and condition[0].lower_value == "else":
        return True
    if len(condition) == 1 and condition[0].type == "function" and condition[0].lower_name == "media":
        query = tinycss2.serialize(condition[0].arguments).strip()
        bare = not query.startswith(("(", "not")) and any(c in query for c in ":<>=")  # a feature: media(width > 1px)
        answer = condition_applies(f"({query})" if bare else query)
        if answer is not None:
            return answer
    raise Unresolved  # supports(), style(), not/and/or, a query that depends on the window
