"""What an element's CSS says about how a reader sees its text: hidden, on a line of its own,
or set apart as a footnote mark or a struck-out old value.

Editors that write no <sup>, <s> or <p> (Google Docs, a clipboard paste, a CMS) write the same
things as CSS: `vertical-align:super`, `text-decoration:line-through`, `display:block`. Only the
declarations that change what a cell's text means are read; of several, the last one wins, as
in a browser. CSS only ever adds separations: an HTML block element keeps its line break
whatever its display says.
"""
from __future__ import annotations

import re

from lxml import etree

# Elements a browser shows as blocks (or table parts) by default: their text is on lines of its own.
BLOCK_TAGS = frozenset({
    "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
    "table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th", "section", "article", "address", "aside",
    "center", "details", "summary", "dialog", "dir", "fieldset", "legend", "figure", "figcaption", "footer",
    "header", "hgroup", "hr", "listing", "main", "menu", "nav", "plaintext", "search", "xmp", "form"})
# Elements whose content is not part of the word beside it: a footnote mark (`70b<sup>1</sup>`),
# a subscript, a struck-out old value (`<s>8</s>16*Ascend`), an edit's insertion or deletion.
SEPARATE_TAGS = frozenset({"sup", "sub", "s", "strike", "del", "ins"})
DECLARATION = re.compile(r"([A-Za-z-]+)\s*:\s*([^;]*)")
IMPORTANT = re.compile(r"\s*!\s*important\s*$", re.I)


def declarations(element: etree._Element) -> dict[str, str]:
    """The element's inline style as property -> value (lower case, `!important` dropped,
    the last declaration of a property winning)."""
    style = element.get("style") if isinstance(element.tag, str) else None
    if not style:
        return {}
    return {m.group(1).lower(): IMPORTANT.sub("", m.group(2)).strip().lower() for m in DECLARATION.finditer(style)}


def tag_name(element: etree._Element) -> str:
    return element.tag.lower() if isinstance(element.tag, str) else ""


def removes(element: etree._Element) -> bool:
    """Taken out of the layout: the `hidden` attribute or display:none (a table cell so removed
    is not in its row at all, and the cells after it move left)."""
    return isinstance(element.tag, str) and (element.get("hidden") is not None
                                             or declarations(element).get("display") == "none")


def hides(element: etree._Element) -> bool:
    """Removed, or visibility:hidden / collapse (how CSS hides a table row while keeping the
    table's columns)."""
    return removes(element) or (isinstance(element.tag, str)
                                and declarations(element).get("visibility") in ("hidden", "collapse"))


def is_block(element: etree._Element) -> bool:
    """On lines of its own: an HTML block element, or any element shown as a block, a list item,
    a table part, flex or grid. A style that shows a block element inline does not take its
    line break away: CSS alone never glues two numbers into one (`<p>8</p><p>16*Ascend</p>`
    stays two lines, an error, rather than 816)."""
    display = declarations(element).get("display", "")
    shown_as_block = bool(display) and not (display.startswith("inline") or display in ("contents", "ruby", "none"))
    return shown_as_block or tag_name(element) in BLOCK_TAGS


def sets_apart(element: etree._Element) -> bool:
    """A footnote mark, a subscript or a struck-out / inserted / deleted text, by tag or by CSS
    (`vertical-align: super|sub`, `text-decoration[-line]: … line-through`)."""
    if tag_name(element) in SEPARATE_TAGS:
        return True
    style = declarations(element)
    decoration = style.get("text-decoration", "") + " " + style.get("text-decoration-line", "")
    return style.get("vertical-align") in ("super", "sub") or "line-through" in decoration


ZERO = re.compile(r"[+-]?0*\.?0*(?:px|pt|em|rem|ex|ch|%|vw|vh)?")


def unseen(element: etree._Element, inherited: bool) -> bool:
    """Whether the element's own text is invisible though not hidden: font-size 0 or colour
    `transparent` (inherited, and undone by a descendant that sets them again), or opacity 0
    (never undone). A stale value or a whole row can be kept out of sight this way."""
    style = declarations(element)
    if "opacity" in style and ZERO.fullmatch(style["opacity"] or "x"):
        return True
    if "font-size" in style:
        inherited = bool(ZERO.fullmatch(style["font-size"] or "x"))
    if "color" in style:
        inherited = inherited or style["color"] == "transparent"
    return inherited
