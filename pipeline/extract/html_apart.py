"""What a browser draws from documents apart from the page's own tree, which this reader does not
read: a declarative shadow root's tree (drawn in place of its host's children, a <slot>'s fallback
too) and the document of a frame given inline (an <iframe srcdoc>, or a data: URL of a type drawn
as text, HTML, XML, SVG or plain text, in an <iframe>, <frame>, <embed> or <object>).

A reader sees them where the page puts them. One holding the vendor's headings or a unit value
(`N*Ascend`) anywhere in its markup (its text, hidden or not, or an attribute a sheet may draw) is
a second copy of the table or a part of it (hunt 142: the second half of the table in a shadow root
published 88 of 124 rows; a copy with another value in a srcdoc frame went unread beside the real
table; hunt 150: the half in a shadow root with a hidden dot after each value, or in an SVG frame),
so the page is refused, naming where it is. A web component showing `8*Ascend` of its own is refused
too: which rows are the vendor's, nothing there tells.
"""
from __future__ import annotations

from typing import Iterator

from lxml import etree

from ..errors import SourceError
from ..header import looks_like_vendor_header
from ..tokens import UNITS, printed, squash
from .html_fetch import data_url, is_data_url
from .html_styles import Styles, attaches
from .html_tree import html5_tree
from .text import SILENT_TAGS, tag_of

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


def inline_document(element: etree._Element) -> tuple[str, bool] | None:
    """The text of the document a frame shows from the page itself (srcdoc, or a data: URL of a
    type a browser draws as text: HTML, XML, SVG, plain text), and whether it is HTML (whose
    frames and shadow roots are looked into too); None for none."""
    tag = tag_of(element)
    if tag == "iframe" and element.get("srcdoc") is not None:
        return element.get("srcdoc"), True
    url = element.get(FRAME_SOURCES[tag]) or ""
    if not is_data_url(url):
        return None
    found = data_url(url)
    if found is None or not drawn_as_text(found.essence):
        return None
    try:
        text = found.body.decode(found.charset or "utf-8", errors="replace")
    except LookupError:  # a charset no codec is named for: the document's own bytes, read as UTF-8
        text = found.body.decode("utf-8", errors="replace")
    return text, found.essence in HTML_TYPES


def drawn_as_text(essence: str) -> bool:
    """Does a browser draw a document of this MIME type as text it holds (HTML, XML, SVG with
    its <foreignObject>s, plain text; hunt 150)?"""
    return essence.startswith("text/") or essence.endswith(("+xml", "/xml"))


def documents_apart(root: etree._Element, source: str,
                    depth: int = 0) -> Iterator[tuple[str, str, etree._Element | None]]:
    """(what it is, its markup, the element of the page's tree that draws it: None inside a frame's
    document) of each document drawn apart from this tree, and of those inside them."""
    if depth >= MAX_DEPTH:
        return
    for template in root.iter("template"):
        if template.get("shadowrootmode") is not None and attaches(template) and not inert(template):
            yield (f"the declarative shadow root of <{tag_of(template.getparent())}>",
                   etree.tostring(template, encoding="unicode", with_tail=False),
                   template.getparent() if depth == 0 else None)
    for frame in root.iter(*FRAME_SOURCES):
        found = inline_document(frame) if not inert(frame) else None
        if found and found[0]:
            markup, html = found
            what = "an <iframe srcdoc>" if frame.get("srcdoc") is not None else f"<{tag_of(frame)}> of a data: URL"
            yield what, markup, frame if depth == 0 else None
            if html:
                yield from documents_apart(html5_tree(markup, source), source, depth + 1)


def like_vendor(markup: str) -> str | None:
    """What of a document's markup looks like (a part of) the vendor table: a unit value anywhere
    in it (in text, an attribute a style sheet may draw, text hidden or not: hunt 150 hid a dot
    after each value, or drew it by `content: attr()`), or the vendor's headings."""
    text = squash(printed(markup))
    value = UNITS.search(text)
    if value:
        return f"a unit value ({value[0]})"
    return "the vendor's headings" if looks_like_vendor_header(text) else None


def check_no_table_apart(root: etree._Element, styles: Styles, source: str) -> None:
    """Nothing like the vendor table in a document drawn apart from the page's tree whose element
    the page draws (not hidden by its styles): no unit value and not the vendor's headings, in its
    text or its markup."""
    for what, markup, drawn_by in documents_apart(root, source):
        if drawn_by is not None and hidden_by_page(drawn_by, styles):
            continue
        found = like_vendor(markup)
        if found:
            raise SourceError(source, f"{what} holds {found}: a browser draws it, and this reader does not read it "
                              "there, so rows of the table would be lost or a copy of it go unread",
                              "the vendor table in the page's own tree, nothing of it in a shadow root (<template "
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
