"""Cell text from markup: paragraphs and <br> are line breaks, nothing else is; footnote
marks and revisions (SEPARATE_TAGS) are set apart from their neighbours in brackets."""
from __future__ import annotations

import re

from lxml import etree

# Elements that start a new line of text inside a cell.
BLOCK_TAGS = frozenset({"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4",
                        "h5", "h6", "pre", "blockquote", "table", "tr", "section", "article"})
# Elements whose content no reader sees: it is never cell text, page text or an update date.
SILENT_TAGS = frozenset({"script", "style", "template", "noscript"})
# Elements whose content is not part of the word beside it: a footnote mark (`70b<sup>1</sup>`),
# a subscript, a struck-out old value (`<s>8</s>16*Ascend`), an edit's insertion or deletion.
# Their content is set apart in brackets, ` [1] `: no token of the grammar holds a bracket, so a
# cell with such markup never parses into a value (`qwen2-7b<sup>a</sup>` is not `qwen2-7ba`)
# and is an error naming the cell.
SEPARATE_TAGS = frozenset({"sup", "sub", "s", "strike", "del", "ins"})
HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)
WHITESPACE = re.compile(r"\s+")  # str patterns match Unicode spaces, &nbsp; and U+3000 included


def tag_of(element: etree._Element) -> str:
    """The lower-case tag name; '' for comments, processing instructions and entities."""
    return element.tag.lower() if isinstance(element.tag, str) else ""


def is_silent(element: etree._Element) -> bool:
    """Script, style, template or noscript: markup whose text is not shown."""
    return tag_of(element) in SILENT_TAGS


def is_hidden(element: etree._Element) -> bool:
    """An element the page hides: the `hidden` attribute or an inline display:none/visibility:hidden."""
    return isinstance(element.tag, str) and (
        element.get("hidden") is not None or bool(HIDDEN_STYLE.search(element.get("style") or "")))


def _pieces(element: etree._Element, out: list[str]) -> None:
    tag = tag_of(element)
    if is_silent(element) or is_hidden(element):
        return
    if tag == "br":
        out.append("\n")
    if tag in BLOCK_TAGS:
        out.append("\n")
    if tag in SEPARATE_TAGS:
        out.append("[")
    if element.text and tag:
        out.append(element.text)
    for child in element:
        _pieces(child, out)
        if child.tail:
            out.append(child.tail)
    if tag in BLOCK_TAGS:
        out.append("\n")
    if tag in SEPARATE_TAGS:
        out.append("]")


def cell_lines(cell: etree._Element) -> list[str]:
    """The cell's lines as published: trimmed, blank ones dropped, inner spaces kept."""
    pieces: list[str] = []
    _pieces(cell, pieces)
    return [line.strip() for line in "".join(pieces).split("\n") if line.strip()]


def collapse_lines(lines: list[str]) -> str:
    """Whitespace runs (tabs, &nbsp;, ideographic spaces) become one space per line."""
    return "\n".join(WHITESPACE.sub(" ", line) for line in lines)
