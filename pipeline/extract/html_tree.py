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
# foreign content, whose `<script>`/`<style>`/`<textarea>` are ordinary elements, void elements
# libxml2 2.x keeps open (hunt 169: `<bgsound>` held the rest of its parent), and `<plaintext>`,
# whose end tag libxml2 takes for text (the page after it lost).
LIBXML2_READS_OTHERWISE = re.compile(r"<(?:svg|math|wbr|embed|source|track|keygen|bgsound|plaintext)[\s>/]")
XML_DECLARATION = re.compile(r"^\ufeff?\s*<\?xml[^>]*>")
# A <noscript> that still holds something once the document's own are emptied (one in a
# <template>'s content): its raw text would be read as markup by libxml2.
NOSCRIPT_HOLDING = re.compile(r"<noscript[^>]*>(?!</noscript>)")
# Elements whose content no reader sees: it is never cell text, page text or an update date, and
# no <meta> in it is the page's. Chromium never draws a <noembed> (nor <noscript>: scripts run),
# nor a <template>'s content (a declarative shadow root's), whatever their display.
SILENT_TAGS = frozenset({"script", "style", "template", "noscript", "noembed"})
UNHOLDABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")  # what lxml's API refuses in text
LIMITS = ("a page nested less than 256 levels deep, with no single text or comment over 10 MB")


def html_parser() -> etree.HTMLParser:
    # collect_ids off: libxml2's table of `id`s serves id() in XPath and DTD validity, neither of
    # which any reader here uses (selectors match ids as attributes); building it is a fifth of the parse
    return etree.HTMLParser(no_network=True, remove_comments=True, remove_pis=True, collect_ids=False)


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
    """lexbor's children of `node` as lxml children of `parent` (text as text and tails,
    comments left out; a <template>'s content as its children, as libxml2 reads them)."""
    if depth > 255:
        raise SourceError(source, Problem(Place(), "elements nested deeper than the parser's limit; the page would "
                                          "be cut there", LIMITS))
    last = None
    child = node.child
    while child is not None:
        tag = child.tag
        if tag == "-text":
            text = child.text_content
            try:
                if last is None:
                    parent.text = (parent.text or "") + text
                else:
                    last.tail = (last.tail or "") + text
            except ValueError:
                raise SourceError(source, Problem(Place(), f"a text in <{parent.tag}> holds a character this reader's "
                                                  f"tree cannot hold ({unholdable(text)}): {text[:40]!r}",
                                                  "text without control characters but tab, line feed and "
                                                  "carriage return, nor U+FFFE or U+FFFF")) from None
        elif tag and tag[0] != "-" and tag != "!doctype":
            element = new_element(tag, child.attributes, source)
            parent.append(element)
            # a <template>'s content is a fragment of its own, copied as the serialisation
            # holds it: a declarative shadow root's tree decides what its host draws (an SVG or
            # MathML element named template has none: its children are its content)
            fragments = child.template_fragments() if tag == "template" else None
            content = fragments[0] if fragments else child
            copy_children(content, element, depth + 1, source)
            last = element
        child = child.next


def unholdable(text: str) -> str:
    """The first character of `text` lxml refuses (a C0 control but white space, U+FFFE, U+FFFF), named."""
    found = UNHOLDABLE.search(text)
    return f"U+{ord(found[0]):04X}" if found else "none"


def new_element(tag: str, attributes: dict, source: str) -> etree._Element:
    """An element named `tag` with `attributes`. lxml's API refuses some names and values HTML
    allows and libxml2's HTML parser reads (a colon in a name: Word's `<o:p>`, SVG's `xlink:href`;
    a control character in a value: a `hidden` holding U+0001 still hides): those are made by that
    parser from a start tag holding them alone, as the fast path makes them, and the rest set as
    usual (libxml2 lower-cases names: SVG's `viewBox`). Dropping them changed what the page's style
    sheets match (hunt 169: such a span around the 1 of 14*Ascend was read). One that parser too
    reads otherwise is an error."""
    wanted = {name: value or "" for name, value in attributes.items()}
    try:
        element = etree.Element(tag)
    except ValueError:
        element, refused = None, wanted
    else:
        refused = {name: value for name, value in wanted.items() if not held(element, name, value)}
        if not refused:
            return element
    start = "".join(f' {name}="{value.replace("&", "&amp;").replace(chr(34), "&quot;")}"' for name, value in refused.items())
    if tag == "html":  # the root: libxml2 gives it the attributes of the page's first <html>
        found = etree.fromstring(f"<html{start}></html>", html_parser())
        for inside in list(found):
            found.remove(inside)
    else:
        root = etree.fromstring(f"<html><body><div><{tag}{start}></{tag}></div></body></html>", html_parser())
        found = root.find("body/div/*")
        if found is None or found.tag.lower() != tag.lower() or len(found):
            unheld(tag, wanted, source)
        found.getparent().remove(found)
    if dict(found.attrib) != refused:  # (libxml2 lower-cases names: a refused one in capitals is not held)
        unheld(tag, wanted, source)
    if found.tag != tag:
        try:
            found.tag = tag  # (libxml2 lower-cases a name)
        except ValueError:
            unheld(tag, wanted, source)
    for name, value in wanted.items():
        if name not in refused:
            found.set(name, value)
    return found


def held(element: etree._Element, name: str, value: str) -> bool:
    """Set the attribute if lxml's API takes it; whether it did."""
    try:
        element.set(name, value)
    except ValueError:
        return False
    return True


def unheld(tag: str, attributes: dict, source: str):
    raise SourceError(source, Problem(Place(), f"an element <{tag}> with attributes {sorted(attributes)} cannot be "
                                      "held in this reader's tree as the browser's holds it",
                                      "element and attribute names HTML's syntax writes"))


def copied(document: LexborHTMLParser, source: str) -> etree._Element:
    html = document.root
    root = new_element("html", html.attributes, source)
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


# The document's mode, as the HTML Standard's "initial" insertion mode sets it from the doctype
# token: no doctype (anything but whitespace and comments before the first tag), a name other
# than html, or one of the legacy public and system identifiers is quirks mode (an XML
# declaration before it is a bogus comment: an XHTML save keeps its mode).
QUIRKS_PUBLIC_PREFIXES = tuple(p.lower() for p in (
    "+//Silmaril//dtd html Pro v0r11 19970101//", "-//AS//DTD HTML 3.0 asWedit + extensions//",
    "-//AdvaSoft Ltd//DTD HTML 3.0 asWedit + extensions//", "-//IETF//DTD HTML 2.0 Level 1//",
    "-//IETF//DTD HTML 2.0 Level 2//", "-//IETF//DTD HTML 2.0 Strict Level 1//", "-//IETF//DTD HTML 2.0 Strict Level 2//",
    "-//IETF//DTD HTML 2.0 Strict//", "-//IETF//DTD HTML 2.0//", "-//IETF//DTD HTML 2.1E//", "-//IETF//DTD HTML 3.0//",
    "-//IETF//DTD HTML 3.2 Final//", "-//IETF//DTD HTML 3.2//", "-//IETF//DTD HTML 3//", "-//IETF//DTD HTML Level 0//",
    "-//IETF//DTD HTML Level 1//", "-//IETF//DTD HTML Level 2//", "-//IETF//DTD HTML Level 3//",
    "-//IETF//DTD HTML Strict Level 0//", "-//IETF//DTD HTML Strict Level 1//", "-//IETF//DTD HTML Strict Level 2//",
    "-//IETF//DTD HTML Strict Level 3//", "-//IETF//DTD HTML Strict//", "-//IETF//DTD HTML//",
    "-//Metrius//DTD Metrius Presentational//", "-//Microsoft//DTD Internet Explorer 2.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML//", "-//Microsoft//DTD Internet Explorer 2.0 Tables//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML Strict//", "-//Microsoft//DTD Internet Explorer 3.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 3.0 Tables//", "-//Netscape Comm. Corp.//DTD HTML//",
    "-//Netscape Comm. Corp.//DTD Strict HTML//", "-//O'Reilly and Associates//DTD HTML 2.0//",
    "-//O'Reilly and Associates//DTD HTML Extended 1.0//", "-//O'Reilly and Associates//DTD HTML Extended Relaxed 1.0//",
    "-//SQ//DTD HTML 2.0 HoTMetaL + extensions//",
    "-//SoftQuad Software//DTD HoTMetaL PRO 6.0::19990601::extensions to HTML 4.0//",
    "-//SoftQuad//DTD HoTMetaL PRO 4.0::19971010::extensions to HTML 4.0//", "-//Spyglass//DTD HTML 2.0 Extended//",
    "-//Sun Microsystems Corp.//DTD HotJava HTML//", "-//Sun Microsystems Corp.//DTD HotJava Strict HTML//",
    "-//W3C//DTD HTML 3 1995-03-24//", "-//W3C//DTD HTML 3.2 Draft//", "-//W3C//DTD HTML 3.2 Final//",
    "-//W3C//DTD HTML 3.2//", "-//W3C//DTD HTML 3.2S Draft//", "-//W3C//DTD HTML 4.0 Frameset//",
    "-//W3C//DTD HTML 4.0 Transitional//", "-//W3C//DTD HTML Experimental 19960712//",
    "-//W3C//DTD HTML Experimental 970421//", "-//W3C//DTD W3 HTML//", "-//W3O//DTD W3 HTML 3.0//",
    "-//WebTechs//DTD Mozilla HTML 2.0//", "-//WebTechs//DTD Mozilla HTML//"))
QUIRKS_PUBLIC_IDS = frozenset({"-//w3o//dtd w3 html strict 3.0//en//", "-/w3c/dtd html 4.0 transitional/en", "html"})
QUIRKS_WITHOUT_SYSTEM_ID = ("-//w3c//dtd html 4.01 frameset//", "-//w3c//dtd html 4.01 transitional//")
QUIRKS_SYSTEM_ID = "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"
MODE_MARK = "mincards-mode"  # a processing instruction before <html>: outside the tree selectors walk


def quirks_mode(text: str) -> bool:
    """Whether a browser renders the page in quirks mode (class and id selectors then match
    ASCII case-insensitively)."""
    doctype = leading_doctype(text)
    if doctype is None:
        return True
    name, public, system, forced = doctype
    if forced or name != "html":
        return True
    without_system = system is None
    public, system = (public or "").lower(), (system or "").lower()
    return (public in QUIRKS_PUBLIC_IDS or public.startswith(QUIRKS_PUBLIC_PREFIXES) or system == QUIRKS_SYSTEM_ID
            or (without_system and public.startswith(QUIRKS_WITHOUT_SYSTEM_ID)))


SPACE = "\t\n\f\r "
QUOTES = "\"'"


def leading_doctype(text: str) -> tuple[str, str | None, str | None, bool] | None:
    """The doctype token before the page's first tag, as the HTML Standard's tokenizer reads it:
    (name, public identifier, system identifier, force-quirks); None where none comes first
    (white space and comments may: `<!-->`, `<!-- a --!>`, `<!foo>` and `<?x>` are comments).
    Hunt 165: `<!DOCTYPEhtml>` is html, `<!DOCTYPE html x>` forces quirks."""
    at = 1 if text.startswith("\ufeff") else 0
    while True:
        while at < len(text) and text[at] in SPACE:
            at += 1
        if text.startswith("<!--", at):
            at = comment_end(text, at + 4)
        elif text.startswith(("<?", "<!"), at) and not text[at + 2:at + 9].lower() == "doctype":
            end = text.find(">", at + 2)
            at = len(text) if end < 0 else end + 1
        else:
            break
    if not text[at:at + 9].lower() == "<!doctype":
        return None
    return doctype_token(text, at + 9)


def comment_end(text: str, at: int) -> int:
    """Where a comment opened before `at` ends: `>` or `->` right away, else `-->` or `--!>`."""
    if text.startswith(">", at):
        return at + 1
    if text.startswith("->", at):
        return at + 2
    ends = [e for e in (text.find("-->", at), text.find("--!>", at)) if e >= 0]
    if not ends:
        return len(text)
    end = min(ends)
    return end + (3 if text.startswith("-->", end) else 4)


def doctype_token(text: str, at: int) -> tuple[str, str | None, str | None, bool]:
    """The doctype's parts after `<!DOCTYPE` (its states, 13.2.5.53 to 13.2.5.68)."""
    def skip(i: int) -> int:
        while i < len(text) and text[i] in SPACE:
            i += 1
        return i

    at = skip(at)
    start = at
    while at < len(text) and text[at] not in SPACE and text[at] != ">":
        at += 1
    name = text[start:at].lower().replace("\0", "\ufffd")
    if not name or at >= len(text):
        return name, None, None, True  # (`<!DOCTYPE>`, or the file ends in it)
    identifiers: list[str | None] = [None, None]  # public, system
    at = skip(at)
    if text.startswith(">", at):
        return name, None, None, False
    keyword = text[at:at + 6].lower()
    if keyword not in ("public", "system"):
        return name, None, None, True  # bogus: force-quirks
    first, at = (0 if keyword == "public" else 1), at + 6
    which = first
    while True:
        at = skip(at)
        if at >= len(text):
            return name, *identifiers, True
        if text[at] == ">":
            return name, *identifiers, identifiers[first] is None  # a keyword without its identifier
        if text[at] not in QUOTES or (which == 1 and identifiers[1] is not None):
            return name, *identifiers, identifiers[which] is None  # bogus (after a system id: not forced)
        end = text.find(text[at], at + 1)
        closing = text.find(">", at + 1)
        if end < 0 or 0 <= closing < end:  # `>` inside an identifier ends the doctype: force-quirks
            identifiers[which] = text[at + 1:closing if closing >= 0 else len(text)]
            return name, *identifiers, True
        identifiers[which], at = text[at + 1:end], end + 1
        which = 1  # a public identifier may be followed by a system one


ENCODING_MARK = "mincards-encoding"  # another, naming the encoding the page was decoded with


def in_quirks_mode(root: etree._Element) -> bool:
    mark = root.getprevious()
    return mark is not None and getattr(mark, "target", None) == MODE_MARK and mark.text == "quirks"


def mark_encoding(root: etree._Element, encoding: str) -> None:
    """Keep with the tree the encoding its page was decoded with (page_encoding)."""
    add_mark(root, etree.PI(ENCODING_MARK, encoding))


def add_mark(root: etree._Element, mark: etree._ProcessingInstruction) -> None:
    """A processing instruction kept before the tree's first node (outside what selectors walk)."""
    first = root
    while first.getprevious() is not None:
        first = first.getprevious()
    first.addprevious(mark)


SCRIPT_MARK = "mincards-scripts"


def holds_scripts(serialised: str) -> bool:
    """Whether the serialised tree may hold a script: a <script>, an attribute named on… (each
    attribute is written after a space; text with " on" in it is looked at too), or a frame,
    object or embed (its document may run one)."""
    return "<script" in serialised or " on" in serialised or "<iframe" in serialised or "<frame" in serialised \
        or "<object" in serialised or "<embed" in serialised  # (a regular expression took 1 ms, these 0.2)


def may_run_scripts(root: etree._Element) -> bool:
    """Whether the page may hold a script (a <script>, an event handler attribute, a frame): looked
    for once in the text its tree was rebuilt from, so that a page without any (the vendor's)
    is not walked for them."""
    return any(getattr(mark, "target", None) == SCRIPT_MARK for mark in root.itersiblings(preceding=True))


def page_encoding(root: etree._Element) -> str:
    """The encoding the page was decoded with (its style sheets' fallback: CSS Syntax's
    environment encoding), UTF-8 where not marked."""
    return next((mark.text for mark in root.itersiblings(preceding=True)
                 if getattr(mark, "target", None) == ENCODING_MARK and mark.text), "utf-8")


def without_noscript_text(document: LexborHTMLParser) -> str:
    """The serialisation with each <noscript>'s raw text left out: no reader sees it
    (SILENT_TAGS), and serialised as it is (literally, as HTML serialises raw text) libxml2
    would read it as markup. (Elements are left in a <noscript> of SVG or MathML, which holds
    them as any element of theirs does: NOSCRIPT_HOLDING then has the tree copied.)"""
    for noscript in document.css("noscript"):
        child = noscript.child
        while child is not None:
            following = child.next
            if child.tag == "-text":  # an SVG <noscript> is a plain element: its elements stay
                child.decompose()
            child = following
    return document.html


def html5_tree(text: str, source: str) -> etree._Element:
    """The tree a browser builds from the page's text, as an lxml element (<html>), its mode
    marked before it (in_quirks_mode)."""
    check_limits_first(text, source)
    # Scripting on, as in a browser that runs the page's scripts: a <noscript>'s content is raw
    # text up to the first </noscript>, whatever markup it seems to hold (hunt 59). Off, a
    # `</noscript>` in an attribute or comment inside it, or a tag a <head> cannot hold, ends it
    # elsewhere than Chromium does.
    document = LexborHTMLParser(text, scripting=True)
    serialised = without_noscript_text(document)
    root = reparsed(serialised, source) if not NOSCRIPT_HOLDING.search(serialised) else None
    root = root if root is not None else copied(document, source)
    if quirks_mode(text):
        root.addprevious(etree.PI(MODE_MARK, "quirks"))
    if holds_scripts(serialised):
        add_mark(root, etree.PI(SCRIPT_MARK))
    return root
