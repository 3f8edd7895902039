"""Page text -> the document tree a browser builds (WHATWG HTML5 tree construction), as lxml.

lexbor (through selectolax) builds the tree as browsers do: a `<table>` opened inside another
table's body closes the first, a stray `</td>` is ignored, text misplaced in a table is moved
before it. Everything after parsing works on lxml, so the tree is handed over:

- fast: lexbor serialises its tree and libxml2 reads the serialisation back. Every element in
  it is closed explicitly, so libxml2 has nothing to repair, except where its own rules close
  an element that HTML5 lets stay open (`<b><p>`, `<a><table>`, `<p><table>` in quirks mode):
  each such closing leaves an end tag without its element, which libxml2 reports, and foreign
  content (SVG, MathML) and the void elements libxml2 does not know (`<wbr>`…) are read
  otherwise by libxml2; in all these cases
- exact: the tree is copied node by node (slower; only such pages take it).
"""
from __future__ import annotations

import re

from lxml import etree
from selectolax.lexbor import LexborHTMLParser, LexborNode

from ..errors import Place, Problem, SourceError

# In a serialisation (tags lower-cased), what libxml2 reads otherwise than the HTML5 tree:
# foreign content, whose `<script>`/`<style>`/`<textarea>` are ordinary elements, and void
# elements libxml2 2.x keeps open.
LIBXML2_READS_OTHERWISE = re.compile(r"<(?:svg|math|wbr|embed|source|track|keygen)[\s>/]")
XML_DECLARATION = re.compile(r"^\ufeff?\s*<\?xml[^>]*>")
PLACEHOLDER_TAG = "x-unnamed"  # an element whose name lxml cannot hold (`<a<b>`)
LIMITS = ("a page nested less than 256 levels deep, with no single text or comment over 10 MB")


def html_parser() -> etree.HTMLParser:
    return etree.HTMLParser(no_network=True, remove_comments=True, remove_pis=True)


def check_fatal(parser_errors, source: str) -> None:
    """libxml2 stops building the tree at its safety limits (nesting depth, size of one text
    node); say so rather than report whatever part of the page survived."""
    fatal = next((e for e in parser_errors if e.level_name == "FATAL"), None)
    if fatal is not None:
        what = ("elements nested deeper than the parser's limit" if "depth" in fatal.message
                else f"the parser's resource limit was reached ({fatal.message.split(',')[0]})")
        raise SourceError(source, Problem(Place(), f"{what} (line {fatal.line}); the page would be cut there", LIMITS))


def reparsed(serialised: str, source: str) -> etree._Element | None:
    """The serialisation read by libxml2, or None when libxml2 would not give the same tree."""
    if LIBXML2_READS_OTHERWISE.search(serialised):
        return None
    parser = html_parser()
    root = etree.fromstring(serialised, parser)
    check_fatal(parser.error_log, source)
    if any(e.type_name == "ERR_TAG_NAME_MISMATCH" for e in parser.error_log):
        return None  # libxml2 closed an element early: its end tag was left over
    return root


def copy_children(node: LexborNode, parent: etree._Element, depth: int, source: str) -> None:
    """lexbor's children of `node` as lxml children of `parent` (text as text and tails;
    comments, and the contents of a <template>, which no reader sees, left out)."""
    if depth > 255:
        raise SourceError(source, Problem(Place(), "elements nested deeper than the parser's limit; the page would "
                                          "be cut there", LIMITS))
    last = None
    child = node.child
    while child is not None:
        tag = child.tag
        if tag == "-text":
            text = child.text_content
            if last is None:
                parent.text = (parent.text or "") + text
            else:
                last.tail = (last.tail or "") + text
        elif tag and tag[0] != "-" and tag != "!doctype":
            try:
                element = etree.SubElement(parent, tag)
            except ValueError:
                element = etree.SubElement(parent, PLACEHOLDER_TAG)
            for name, value in child.attributes.items():
                try:
                    element.set(name, value or "")
                except ValueError:
                    pass  # a name lxml cannot hold (`xlink:href`, `a"b`): no rule of ours reads it
            if tag != "template":
                copy_children(child, element, depth + 1, source)
            last = element
        child = child.next


def copied(document: LexborHTMLParser, source: str) -> etree._Element:
    html = document.root
    root = etree.Element("html")
    for name, value in html.attributes.items():
        try:
            root.set(name, value or "")
        except ValueError:
            pass
    copy_children(html, root, 1, source)
    return root


# Below this many tags no nesting can cost lexbor much (depth <= tags; 8,000 nested <div>s
# take 0.13 s), so the libxml2 pass that bounds it is left out: the vendor's page has 3,469.
TAGS_LEXBOR_READS_AT_ONCE = 8_000


def check_limits_first(text: str, source: str) -> None:
    """Refuse a page past libxml2's safety limits before lexbor reads it: HTML5 tree building
    looks through the open elements at each block start tag, so lexbor takes time quadratic in
    the nesting depth (35 s for 100,000 nested <div>s), where libxml2 stops at its limit at once.
    A page with few tags goes straight on: the libxml2 reading of lexbor's tree (`reparsed`,
    `copied`) refuses the same pages past the limits."""
    if text.count("<") <= TAGS_LEXBOR_READS_AT_ONCE:
        return
    parser = html_parser()
    try:  # an XML declaration is a bogus comment to HTML5; lxml refuses it in a str
        etree.fromstring(XML_DECLARATION.sub("", text, count=1), parser)
    except etree.XMLSyntaxError:
        pass  # nothing libxml2 could read; lexbor decides what the page holds
    check_fatal(parser.error_log, source)


def html5_tree(text: str, source: str) -> etree._Element:
    """The tree a browser builds from the page's text, as an lxml element (<html>)."""
    check_limits_first(text, source)
    document = LexborHTMLParser(text)
    root = reparsed(document.html, source)
    return root if root is not None else copied(document, source)
