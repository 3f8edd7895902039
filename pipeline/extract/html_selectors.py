"""CSS selectors as both style-sheet readers use them: a compound (type, id, classes), a chain
of compounds joined by descendant or child combinators matched against an element, and the
characters of a selector that stand outside brackets, parentheses and quotes. html_sheet.py
applies the rules it can match with these; html_reach.py checks the others."""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from lxml import etree

from .html_style import tag_name

COMPOUND = re.compile(r"(?P<tag>\*|[A-Za-z][A-Za-z0-9-]*)?(?P<rest>(?:[.#][A-Za-z0-9_-]+)*)\Z")


@dataclass(frozen=True)
class Compound:
    tag: str | None
    id: str | None
    classes: frozenset[str]

    def matches(self, element: etree._Element) -> bool:
        if self.tag and tag_name(element) != self.tag:
            return False
        if self.id and element.get("id") != self.id:
            return False
        return self.classes <= set((element.get("class") or "").split())


def compound(text: str) -> Compound | None:
    """`tr.old#x` as a Compound; None for empty text or anything but a type, ids and classes."""
    match = COMPOUND.match(text)
    if not match or not text:
        return None
    parts = re.findall(r"[.#][A-Za-z0-9_-]+", match["rest"])
    ids = [p[1:] for p in parts if p[0] == "#"]
    tag = match["tag"] if match["tag"] not in (None, "*") else None
    return Compound(tag.lower() if tag else None, ids[0] if ids else None,
                    frozenset(p[1:] for p in parts if p[0] == "."))


# Rules are indexed by what their rightmost compound requires most narrowly, and each element
# looks up only the rules under its own keys: few selector tests per element.
ANY = ("any", "")


def index_key(plain: Compound) -> tuple[str, str]:
    return (("id", plain.id) if plain.id else ("class", min(plain.classes)) if plain.classes
            else ("tag", plain.tag) if plain.tag else ANY)


def element_keys(element: etree._Element) -> list[tuple[str, str]]:
    """The index keys under which a rule may match this element."""
    return [("id", element.get("id") or ""), ("tag", tag_name(element)), ANY] + \
        [("class", c) for c in (element.get("class") or "").split()]


class Matches(Protocol):
    def matches(self, element: etree._Element) -> bool: ...


def chain_matches(compounds: Sequence[Matches], joins: Sequence[str], element: etree._Element) -> bool:
    """Whether the compounds (left to right, joined by " " descendant or ">" child) match
    ending at `element`. Answers are remembered per (element, compound), so that a long
    descendant chain on a deep page is not tried exponentially many ways."""
    seen: dict = {}

    def ending_at(node: etree._Element | None, index: int) -> bool:
        if node is None or not isinstance(node.tag, str):
            return False
        if (node, index) not in seen:
            seen[node, index] = compounds[index].matches(node) and (index == 0 or above(node, index))
        return seen[node, index]

    def above(node: etree._Element, index: int) -> bool:
        parent = node.getparent()
        if joins[index - 1] == ">":
            return ending_at(parent, index - 1)
        while parent is not None:
            if ending_at(parent, index - 1):
                return True
            parent = parent.getparent()
        return False

    return ending_at(element, len(compounds) - 1)


def top_level(text: str) -> Iterator[tuple[str, bool]]:
    """Each character, with whether it stands outside brackets, parentheses and quotes (after
    it: a closing quote or bracket is itself outside)."""
    depth, quote = 0, ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        yield char, depth == 0 and not quote
