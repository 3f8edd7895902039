"""Tables a browser draws from documents apart from the page's own tree, which this reader does
not read: a declarative shadow root's tree (drawn in place of its host's children, a <slot>'s
fallback too) and the document of a frame given inline (an <iframe srcdoc>, or a data: URL of
HTML in an <iframe>, <frame>, <embed> or <object>).

A reader sees their tables where the page puts them. One holding the vendor's headings or its
unit values is a second copy of the table or a part of it (hunt 142: the second half of the table
in a shadow root published 88 of 124 rows; a copy with another value in a srcdoc frame went
unread beside the real table), so the page is refused, naming where the table is.
"""
from __future__ import annotations

from typing import Iterator

from lxml import etree

from ..errors import SourceError
from ..header import looks_like_vendor_header
from ..tokens import UNITS, squash
from .html_fetch import data_url, is_data_url
from .html_styles import Styles, attaches
from .html_tree import html5_tree
from .text import SILENT_TAGS, tag_of

HEADER_PROBE = 3  # a table's first rows, read for the vendor's headings (as html_tables reads them)
MAX_DEPTH = 8  # frames inside frames, looked into: far beyond any page's, a bound on work
FRAME_SOURCES = {"iframe": "src", "frame": "src", "embed": "src", "object": "data"}
HTML_TYPES = ("text/html", "application/xhtml+xml")


def inert(element: etree._Element) -> bool:
    """Inside markup a browser never draws: a script, style, noscript or a template that is no
    shadow root (its content is a fragment kept for scripts)."""
    for ancestor in element.iterancestors():
        tag = tag_of(ancestor)
        if tag == "template" and not attaches(ancestor):
            return True
        if tag in SILENT_TAGS and tag != "template":
            return True
    return False


def inline_document(element: etree._Element) -> str | None:
    """The markup of the document a frame shows from the page itself (srcdoc, or a data: URL of
    HTML), None for none."""
    tag = tag_of(element)
    if tag == "iframe" and element.get("srcdoc") is not None:
        return element.get("srcdoc")
    url = element.get(FRAME_SOURCES[tag]) or ""
    if not is_data_url(url):
        return None
    found = data_url(url)
    if found is None or found.essence not in HTML_TYPES:
        return None
    try:
        return found.body.decode(found.charset or "utf-8", errors="replace")
    except LookupError:  # a charset no codec is named for: the document's own bytes, read as UTF-8
        return found.body.decode("utf-8", errors="replace")


def documents_apart(root: etree._Element, source: str,
                    depth: int = 0) -> Iterator[tuple[str, etree._Element, etree._Element | None]]:
    """(what it is, its tree, the element of the page's tree that draws it: None inside a frame's
    document) of each document drawn apart from this tree, and of those inside them."""
    if depth >= MAX_DEPTH:
        return
    for template in root.iter("template"):
        if template.get("shadowrootmode") is not None and attaches(template) and not inert(template):
            yield (f"the declarative shadow root of <{tag_of(template.getparent())}>", template,
                   template.getparent() if depth == 0 else None)
    for frame in root.iter(*FRAME_SOURCES):
        markup = inline_document(frame) if not inert(frame) else None
        if markup:
            tree = html5_tree(markup, source)
            what = "an <iframe srcdoc>" if frame.get("srcdoc") is not None else f"<{tag_of(frame)}> of a data: URL"
            yield what, tree, frame if depth == 0 else None
            yield from documents_apart(tree, source, depth + 1)


def text_of(element: etree._Element) -> str:
    return squash("".join(element.itertext()))


def like_vendor(table: etree._Element) -> str | None:
    """What makes the table look like (a part of) the vendor's: its headings or a unit value."""
    rows = [tr for tr in table.iter("tr")]
    if looks_like_vendor_header("".join(text_of(tr) for tr in rows[:HEADER_PROBE])):
        return "the vendor's headings"
    value = next((text for tr in rows for cell in tr.iterchildren("td", "th")
                  if UNITS.fullmatch(text := text_of(cell))), None)
    return f"a unit value ({value})" if value else None


def check_no_table_apart(root: etree._Element, styles: Styles, source: str) -> None:
    """No table like the vendor's in a document drawn apart from the page's tree whose element the
    page draws (not hidden by its styles)."""
    for what, tree, drawn_by in documents_apart(root, source):
        if drawn_by is not None and hidden_by_page(drawn_by, styles):
            continue
        for table in tree.iter("table"):
            found = like_vendor(table)
            if found:
                raise SourceError(source, f"{what} holds a table with {found}: a browser draws it, and this reader "
                                  "does not read it there, so its rows would be lost or a copy of the table go unread",
                                  "the vendor table in the page's own tree: not in a shadow root (<template "
                                  "shadowrootmode>) or a frame's inline document (srcdoc, a data: URL)")


def hidden_by_page(element: etree._Element, styles: Styles) -> bool:
    """Is the element or one around it in the page's tree not drawn (display: none, the hidden
    attribute)? Looked at up to a shadow root holding it, whose tree this reader does not style."""
    for around in (element, *element.iterancestors()):
        if tag_of(around) == "template":
            return False
        if styles.of(around).removed:
            return True
    return False
