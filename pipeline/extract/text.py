"""Cell text from markup: blocks (paragraphs, any element shown as a block) and <br> are line
breaks, nothing else is; footnote marks and revisions, by tag or by CSS, are set apart from
their neighbours in brackets (html_style.py says which elements are which)."""
from __future__ import annotations

import re

from lxml import etree

from .html_style import hides, is_block, sets_apart, unseen

# Elements whose content no reader sees: it is never cell text, page text or an update date.
SILENT_TAGS = frozenset({"script", "style", "template", "noscript"})
WHITESPACE = re.compile(r"\s+")  # str patterns match Unicode spaces, &nbsp; and U+3000 included


def tag_of(element: etree._Element) -> str:
    """The lower-case tag name; '' for comments, processing instructions and entities."""
    return element.tag.lower() if isinstance(element.tag, str) else ""


def is_silent(element: etree._Element) -> bool:
    """Script, style, template or noscript: markup whose text is not shown."""
    return tag_of(element) in SILENT_TAGS


def is_hidden(element: etree._Element) -> bool:
    """An element the page hides (html_style.hides: `hidden`, display:none, visibility:hidden
    or collapse)."""
    return hides(element)


def as_seen(text: str, invisible: bool) -> str:
    """Text styled out of sight (font-size 0, transparent, opacity 0: html_style.unseen) is set
    apart like a struck value: a reader does not see it, so a cell holding it is an error,
    never a silent number. Whitespace so styled (the inline-block spacing trick) stays as it is."""
    return f"[{text}]" if invisible and text.strip() else text


def _pieces(element: etree._Element, out: list[str], invisible: bool = False) -> None:
    tag = tag_of(element)
    if is_silent(element) or is_hidden(element):
        return
    invisible = unseen(element, invisible)
    block, apart = is_block(element), sets_apart(element)
    if tag == "br":
        out.append("\n")
    if block:
        out.append("\n")
    if apart:
        out.append("[")
    if element.text and tag:
        out.append(as_seen(element.text, invisible))
    for child in element:
        _pieces(child, out, invisible)
        if child.tail:  # a tail is shown with its parent's style
            out.append(as_seen(child.tail, invisible))
    if block:
        out.append("\n")
    if apart:
        out.append("]")


def inherited_unseen(cell: etree._Element) -> bool:
    """Whether the cell's row, row group or table styles its text out of sight (html_style.unseen),
    read from the table down to the cell."""
    invisible = False
    for ancestor in reversed(list(cell.iterancestors())):
        invisible = unseen(ancestor, invisible)
    return invisible


def cell_lines(cell: etree._Element) -> list[str]:
    """The cell's lines as published: trimmed, blank ones dropped, inner spaces kept."""
    pieces: list[str] = []
    _pieces(cell, pieces, inherited_unseen(cell))
    return [line.strip() for line in "".join(pieces).split("\n") if line.strip()]


def collapse_lines(lines: list[str]) -> str:
    """Whitespace runs (tabs, &nbsp;, ideographic spaces) become one space per line."""
    return "\n".join(WHITESPACE.sub(" ", line) for line in lines)
