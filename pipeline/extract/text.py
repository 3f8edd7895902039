"""Cell text from markup: paragraphs and <br> are line breaks, nothing else is."""
from __future__ import annotations

import re

from lxml import etree

# Elements that start a new line of text inside a cell.
BLOCK_TAGS = frozenset({"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4",
                        "h5", "h6", "pre", "blockquote", "table", "tr", "section", "article"})
SILENT_TAGS = frozenset({"script", "style", "template", "noscript"})
WHITESPACE = re.compile(r"\s+")  # str patterns match Unicode spaces, &nbsp; and U+3000 included


def _pieces(element: etree._Element, out: list[str]) -> None:
    tag = element.tag.lower() if isinstance(element.tag, str) else ""
    if tag in SILENT_TAGS:
        return
    if tag == "br":
        out.append("\n")
    if tag in BLOCK_TAGS:
        out.append("\n")
    if element.text and tag:
        out.append(element.text)
    for child in element:
        _pieces(child, out)
        if child.tail:
            out.append(child.tail)
    if tag in BLOCK_TAGS:
        out.append("\n")


def cell_lines(cell: etree._Element) -> list[str]:
    """The cell's lines as published: trimmed, blank ones dropped, inner spaces kept."""
    pieces: list[str] = []
    _pieces(cell, pieces)
    return [line.strip() for line in "".join(pieces).split("\n") if line.strip()]


def collapse_lines(lines: list[str]) -> str:
    """Whitespace runs (tabs, &nbsp;, ideographic spaces) become one space per line."""
    return "\n".join(WHITESPACE.sub(" ", line) for line in lines)
