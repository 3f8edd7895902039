"""Media queries, answered for the page a desktop reader sees.

A style sheet may hide rows or cells only in some windows. The vendor table is read as
a desktop browser shows it: a query is evaluated for a small and a large desktop window
(1024 x 768 and 1920 x 1080, landscape, a mouse, light colours, no print), features
written `name: value` or in the range syntax (`width > 1px`, `400px <= width <= 5000px`: the
window's size against each bound, checked in Chromium). True in
both: its rules apply; false in both: they do not (a phone's or a printer's rules);
different, or a feature not known here: the answer depends on the reader's window, so
its rules are checked like rules this reader cannot match (html_cascade.py) and are an
error where they may hide, mark or add text to the vendor table.
"""
from __future__ import annotations

import re

WINDOWS = ({"width": 1024.0, "height": 768.0}, {"width": 1920.0, "height": 1080.0})
KNOWN = {"orientation": "landscape", "hover": "hover", "any-hover": "hover", "pointer": "fine", "any-pointer": "fine",
         "prefers-color-scheme": "light", "prefers-reduced-motion": "no-preference", "scan": "progressive",
         "color": None, "grid": "0"}
FEATURE = re.compile(r"\(\s*(?P<name>[a-z-]+)\s*(?::\s*(?P<value>[^)]*?))?\s*\)")
# a range (Media Queries 4): `value op name`, `name op value`, or `value op name op value`
COMPARE = r"(?:<=|>=|<|>|=)"
RANGE = re.compile(rf"\(\s*(?:(?P<low>[^\s()<>=]+)\s*(?P<first>{COMPARE})\s*)?(?P<name>[a-z][a-z-]*)"
                   rf"\s*(?:(?P<second>{COMPARE})\s*(?P<high>[^\s()<>=]+)\s*)?\)")
HOLDS = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
         "=": lambda a, b: a == b}
LENGTH = re.compile(r"(?P<n>\d+(?:\.\d+)?)(?P<unit>px|em|rem)?")


def pixels(value: str) -> float | None:
    match = LENGTH.fullmatch(value.strip())
    if not match:
        return None
    return float(match["n"]) * (16.0 if match["unit"] in ("em", "rem") else 1.0)


def feature(name: str, value: str | None, window: dict) -> bool | None:
    """One media feature in one window; None when this reader does not know it."""
    prefix, _, base = name.partition("-") if name.startswith(("min-", "max-")) else ("", "", name)
    if base in window:
        if value is None:
            return True
        size = pixels(value)
        if size is None:
            return None
        return {"min": window[base] >= size, "max": window[base] <= size, "": window[base] == size}[prefix]
    if name in KNOWN:
        return True if value is None else (KNOWN[name] is None or value.strip() == KNOWN[name])
    return None


def in_range(found: re.Match, window: dict) -> bool | None:
    """One feature in the range syntax in one window; None for a feature other than the window's
    size, a bound not in px or em, or comparisons a browser takes as invalid (`1px < width > 5px`)."""
    name, first, second = found["name"], found["first"], found["second"]
    if name not in window or (first and second and (first[0] != second[0] or "=" in (first, second))):
        return None
    answers = []
    for value, compare, size_first in ((found["low"], first, True), (found["high"], second, False)):
        if compare is None:
            continue
        size = pixels(value)
        if size is None:
            return None
        answers.append(HOLDS[compare](size, window[name]) if size_first else HOLDS[compare](window[name], size))
    return all(answers)


def conditions(rest: str, window: dict) -> list[bool | None] | None:
    """The answers of the features of a query joined by `and`; None where it holds anything else
    (`or`, a nested condition)."""
    ranges = [m for m in RANGE.finditer(rest) if m["first"] or m["second"]]
    plain = RANGE.sub(lambda m: m[0] if not (m["first"] or m["second"]) else "", rest)
    if re.sub(r"\band\b|\s", "", FEATURE.sub("", plain)):
        return None
    return [feature(m["name"], m["value"], window) for m in FEATURE.finditer(plain)] + [
        in_range(m, window) for m in ranges]


def item_in(item: str, window: dict) -> bool | None:
    """One query of a list (`only screen and (min-width: 768px)`) in one window."""
    negated = item.startswith("not ")
    words = item.removeprefix("not ").removeprefix("only ")
    typed = re.match(r"[a-z-]+", words)
    medium, rest = (typed[0], words[typed.end():]) if typed else ("all", words)
    if medium not in ("all", "screen"):
        answer: bool | None = False  # print, speech, tv, …
    else:
        answers = conditions(rest, window)
        if answers is None:
            return None  # `or`, nested conditions: not read here
        answer = False if False in answers else None if None in answers else True
    return answer if answer is None or not negated else not answer


def desktop_applies(query: str) -> bool | None:
    """True: the query holds in every desktop window; False: in none; None: it depends."""
    answers = set()
    for window in WINDOWS:
        items = [" ".join(i.split()) for i in query.strip().lower().split(",")] or [""]
        results = [True if not item else item_in(item, window) for item in items]
        answers.add(True if True in results else None if None in results else False)
    return answers.pop() if len(answers) == 1 else None
