"""What a browser reads of a response besides its body, checked before fetch files the body.

`mincards fetch` files the page's bytes alone (`page.html`); `mincards extract` later reads them
as a page saved from a browser. A browser given the URL also obeys the response's headers and
loads what the page links from its server. Where that would show something else than the filed
bytes show, the page is refused with an error naming the header or the link, never filed to be
read otherwise (each checked in Chromium 156, hunt 85):

- **Media type**, as Fetch extracts it from every Content-Type header: `text/html`, or none
  (browsers sniff HTML) unless `X-Content-Type-Options: nosniff` (then the body is shown as
  text). `application/xhtml+xml` is parsed as XML, which stops at the first error and never
  implies a `<tbody>`: refused, as is any other type the headers end on.
- **Charset:** one the Encoding Standard knows decides the page's encoding before its `<meta
  charset>` (a BOM decides before both). One that decodes otherwise than the page's own
  declaration is refused: the filed bytes would be read in the other.
- **Refresh** naming a URL sends the reader to that page (as `<meta http-equiv=refresh>` does).
- **Content-Security-Policy** (enforced, not Report-Only) that blocks or may block the page's
  `<style>` elements, `style` attributes or data: sheets (html_csp decides a source list as for
  a `<meta>`).
- **Content-Language** gives a page that declares no language its language (`:lang()`).
- **Style sheets and frames served beside the page** (`<link rel=stylesheet>`, `@import`, those
  of data: sheets too; iframes, embeds, objects), resolved by the WHATWG URL parser (`<base
  href>` included), on the page's own origin are loaded by the browser and not filed. Sheets of
  other origins are never read, as for a saved page; a frame of another origin cannot reach it.
"""
from __future__ import annotations

import codecs
import re

import ada_url
import tinycss2
from lxml import etree
from webencodings import ascii_lower

from .errors import SourceError
from .extract.html_cascade import data_url_sheet, import_href, meta_language, own_language
from .extract.html_csp import APPLY, policy, verdict
from .extract.html_fetch import ascii_tokens, data_url
from .extract.html_files import MAX_SHEETS, browser_codec
from .extract.html_page import REFRESH, parse_document, sniff_encoding
from .extract.html_tree import in_quirks_mode

HTML_TYPE = "text/html"
XML_TYPES = ("application/xhtml+xml", "application/xml", "text/xml")
BOMS = (codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


class ServedOtherwise(Exception):
    """What the response shows a browser that the filed page would not: (what, expected)."""

    def __init__(self, what: str, expected: str) -> None:
        super().__init__(what)
        self.what, self.expected = what, expected


def header_values(headers: tuple[tuple[str, str], ...], name: str) -> list[str]:
    return [value for key, value in headers if key.lower() == name]


HTTP_WHITESPACE = " \t\n\r"
TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")


def split_header(value: str) -> list[str]:
    """A header's value split at commas outside quoted strings, each stripped (Fetch's "get,
    decode, and split")."""
    parts, current, quoted = [], "", False
    for ch in value:
        if ch == '"':
            quoted = not quoted
        if ch == "," and not quoted:
            parts.append(current.strip(HTTP_WHITESPACE))
            current = ""
        else:
            current += ch
    return parts + [current.strip(HTTP_WHITESPACE)]


def parse_mime_type(text: str) -> tuple[str, dict[str, str]] | None:
    """MIME Sniffing's "parse a MIME type": the essence (lower case) and the parameters (the first
    of each name; a name is not stripped, so `charset = x` names no charset); None when invalid."""
    text = text.strip(HTTP_WHITESPACE)
    kind, _, rest = text.partition(";")
    main, slash, sub = kind.partition("/")
    sub = sub.rstrip(HTTP_WHITESPACE)
    if not (slash and TOKEN.fullmatch(main) and TOKEN.fullmatch(sub)):
        return None
    parameters: dict[str, str] = {}
    i = 0
    while i < len(rest):
        while i < len(rest) and rest[i] in HTTP_WHITESPACE:
            i += 1
        start = i
        while i < len(rest) and rest[i] not in ";=":
            i += 1
        name = rest[start:i].lower()
        if i >= len(rest) or rest[i] == ";":
            i += 1
            continue
        i += 1  # past "="
        if i < len(rest) and rest[i] == '"':
            value, i = quoted_string(rest, i)
            while i < len(rest) and rest[i] != ";":
                i += 1
        else:
            start = i
            while i < len(rest) and rest[i] != ";":
                i += 1
            value = rest[start:i].rstrip(HTTP_WHITESPACE)
        i += 1  # past ";"
        if value and TOKEN.fullmatch(name) and name not in parameters:
            parameters[name] = value
    return f"{main}/{sub}".lower(), parameters


def quoted_string(text: str, i: int) -> tuple[str, int]:
    """The quoted string opening at text[i] (backslash escapes), and the index past its end."""
    value, i = "", i + 1
    while i < len(text) and text[i] != '"':
        if text[i] == "\\" and i + 1 < len(text):
            i += 1
        value += text[i]
        i += 1
    return value, i + 1


def served_type(headers: tuple[tuple[str, str], ...]) -> tuple[str | None, str | None]:
    """The essence and charset a browser takes from the Content-Type headers (Fetch's "extract a
    MIME type": every value, the last valid one, a charset kept from an earlier one of the same
    essence); (None, None) for none."""
    essence = charset = None
    for value in (v for header in header_values(headers, "content-type") for v in split_header(header)):
        parsed = parse_mime_type(value)
        if parsed is None or parsed[0] == "*/*":
            continue
        kind, parameters = parsed
        if kind != essence:
            essence, charset = kind, parameters.get("charset")
        elif "charset" in parameters:
            charset = parameters["charset"]
    return essence, charset


def check_media_type(headers: tuple[tuple[str, str], ...]) -> None:
    kind, _ = served_type(headers)
    if kind in XML_TYPES:
        raise ServedOtherwise(f"the server sends the page as {kind}: a browser parses it as XML (stopping at its "
                              "first error, no <tbody> implied), not as the HTML page filed", "Content-Type: text/html")
    if kind is not None and kind != HTML_TYPE:
        raise ServedOtherwise(f"the server's Content-Type headers make the page {kind} to a browser, not a web page",
                              "Content-Type: text/html")
    nosniff = any(split_header(v)[0].lower() == "nosniff" for v in header_values(headers, "x-content-type-options"))
    if kind is None and nosniff:
        raise ServedOtherwise("the server sends no valid Content-Type and `X-Content-Type-Options: nosniff`: a "
                              "browser shows the page as plain text", "Content-Type: text/html")


def check_charset(headers: tuple[tuple[str, str], ...], body: bytes) -> None:
    label = served_type(headers)[1]
    if not label or body.startswith(BOMS):
        return
    served = browser_codec(label.strip())
    if served is None:  # a label browsers do not know is ignored
        return
    own = sniff_encoding(body)
    if served != own:
        raise ServedOtherwise(f"the server declares charset={label!r}, which a browser decodes the page with "
                              f"({served}), while the page itself is read as {own}",
                              "a Content-Type charset naming the page's own encoding, or none")


def check_refresh(headers: tuple[tuple[str, str], ...]) -> None:
    for value in header_values(headers, "refresh"):
        found = REFRESH.match(value)
        if found and (found["url"] or "").strip():
            raise ServedOtherwise(f"the server's `Refresh: {value}` replaces the page by {found['url'].strip()!r}",
                                  "a page that stays on screen: no Refresh header naming another page")


def header_policies(headers: tuple[tuple[str, str], ...]):
    """Each enforced policy of the Content-Security-Policy headers (a comma separates policies),
    as html_csp reads a <meta>'s."""
    for value in header_values(headers, "content-security-policy"):
        meta = etree.Element("meta", {"http-equiv": "Content-Security-Policy", "content": value})
        for text in value.split(","):
            if ascii_tokens(text):
                yield value, policy(meta, text)


def check_policies(headers: tuple[tuple[str, str], ...], root: etree._Element, page_url: str) -> None:
    """Each enforced policy must let the page's own styles apply as the filed page applies them:
    its <style> elements, style attributes and data: sheets (html_csp decides a source list)."""
    used = {("inline", "element"): "<style> elements" if next(root.iter("style"), None) is not None else "",
            ("inline", "attribute"): "style attributes" if any(isinstance(e.tag, str) and e.get("style") is not None
                                                                for e in root.iter()) else "",
            ("data", "element"): "data: style sheets" if any(url.startswith("data:")
                                                              for _, url in page_sheets(root, page_url)) else ""}
    for value, found in header_policies(headers):
        for (kind, context), what in used.items():
            if what and verdict([found], kind, context)[0] != APPLY:
                raise ServedOtherwise(f"the server's `Content-Security-Policy: {value}` blocks (or may block) the "
                                      f"page's {what}, which the filed page applies",
                                      "no Content-Security-Policy header restricting the page's own styles")


def check_language(headers: tuple[tuple[str, str], ...], root: etree._Element) -> None:
    """A Content-Language header gives a page that declares no language of its own its language
    (for `:lang()` wherever it is written, quotes, hyphenation): the filed page has none."""
    given = header_values(headers, "content-language")
    if given and own_language(root) is None and not meta_language(root):  # the root's language, as the cascade reads it
        raise ServedOtherwise(f"the server's `Content-Language: {given[0]}` gives the page, which declares no "
                              "language, a language the filed page does not have (what `:lang()` rules match)",
                              "a page that declares its language (<html lang>), or no Content-Language header")


def imports_in(css: str) -> list[str]:
    """The URLs of a sheet's @import rules, as written (html_cascade.import_href)."""
    rules = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    preludes = [[t for t in rule.prelude if t.type not in ("whitespace", "comment")] for rule in rules
                if rule.type == "at-rule" and rule.lower_at_keyword == "import"]
    return [href for prelude in preludes if (href := import_href(prelude)) is not None]


def absolute(href: str, base: str) -> str | None:
    """The URL as a browser resolves it (the WHATWG URL parser); None for one it cannot."""
    try:
        return ada_url.URL(href, base=base).href
    except ValueError:
        return None


def page_sheets(root: etree._Element, page_url: str) -> list[tuple[str, str]]:
    """(as written, resolved) for each sheet the page reaches: `<link rel=stylesheet>`, the
    @imports of its <style> elements, and those of the data: sheets among them, in turn."""
    base = next((b.get("href") for b in root.iter("base") if b.get("href") is not None), None)
    base_url = (absolute(base, page_url) or page_url) if base else page_url
    written = [link.get("href") for link in root.iter("link") if link.get("href")
               and "stylesheet" in ascii_tokens(ascii_lower(link.get("rel") or ""))]
    written += [url for style in root.iter("style") for url in imports_in(style.text or "")]
    found, queue = [], [(href, base_url) for href in written]
    while queue and len(found) < MAX_SHEETS:  # (the cascade's bound on a page's sheets)
        href, against = queue.pop(0)
        url = absolute(href, against)
        if url is None:
            continue
        found.append((href, url))
        if url.startswith("data:") and (sheet := data_url(url)) is not None:
            try:  # decoded and taken as the cascade takes a data: sheet (its type, its charset)
                css = data_url_sheet(sheet, page_url, in_quirks_mode(root))
            except SourceError:
                css = None  # bytes no browser reads as the sheet: extract refuses the page there
            queue += [(inner, url) for inner in imports_in(css or "")]
    return found


def page_frames(root: etree._Element, page_url: str) -> list[tuple[str, str]]:
    """(as written, resolved) for each document a frame, embed or object of the page loads."""
    found = []
    for element in root.iter("iframe", "frame", "embed", "object"):
        href = element.get("data" if element.tag == "object" else "src")
        if href and (url := absolute(href, page_url)) is not None:
            found.append((href, url))
    return found


def origin_of(url: str) -> str:
    try:
        return ada_url.URL(url).origin
    except ValueError:
        return "null"


def check_own_site(root: etree._Element, page_url: str) -> None:
    """A sheet or a frame's document on the page's own site (its origin, as a browser compares
    origins) is loaded by a browser and not filed; a sheet of another site is read as for a
    saved page (never), a frame's document of another site cannot reach the page."""
    origin = origin_of(page_url)
    for what, links in (("style sheet", page_sheets(root, page_url)), ("frame", page_frames(root, page_url))):
        for href, url in links:
            if origin_of(url) == origin != "null":
                raise ServedOtherwise(f"the page's {what} {href!r} is served beside it ({url}): a browser loads it, "
                                      "and fetch files the page alone", "a page whose style sheets are its own "
                                      "<style> elements or on another site, without frames of its own site; save "
                                      "such a page with its sheets into a release folder by hand")


def check_headers(headers: tuple[tuple[str, str], ...], body: bytes) -> None:
    """Raise ServedOtherwise where the headers alone make a browser read the body otherwise than
    it is filed: its type, its charset, a refresh to another page."""
    check_media_type(headers)
    check_charset(headers, body)
    check_refresh(headers)


def check_page(headers: tuple[tuple[str, str], ...], root: etree._Element, page_url: str) -> None:
    """Raise ServedOtherwise where the headers with the page (`root`, parsed) make a browser at
    `page_url` show otherwise than the filed page is read: a policy on its styles, a language,
    a sheet or frame of its own site."""
    check_policies(headers, root, page_url)
    check_language(headers, root)
    check_own_site(root, page_url)
