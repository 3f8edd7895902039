"""Media queries, answered for the page a desktop reader sees.

A style sheet may hide rows or cells only in some windows. The vendor table is read as
a desktop browser shows it: a query is evaluated for a small and a large desktop window
(1024 x 768 and 1920 x 1080, landscape, a mouse, light colours, no print). True in
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


def item_in(item: str, window: dict) -> bool | None:
    """One query of a list (`only screen and (min-width: 768px)`) in one window."""
    negated = item.startswith("not ")
    words = item.removeprefix("not ").removeprefix("only ")
    typed = re.match(r"[a-z-]+", words)
    medium, rest = (typed[0], words[typed.end():]) if typed else ("all", words)
    if medium not in ("all", "screen"):
        answer: bool | None = False  # print, speech, tv, …
    else:
        if re.sub(r"\band\b|\s", "", FEATURE.sub("", rest)):
            return None  # `or`, ranges (width >= 600px): not read here
        answers = [feature(m["name"], m["value"], window) for m in FEATURE.finditer(rest)]
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
