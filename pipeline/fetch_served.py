"""What a browser reads of a response besides its body, checked before fetch files the body.

`mincards fetch` files the page's bytes alone (`page.html`); `mincards extract` later reads them
as a page saved from a browser. A browser given the URL also obeys the response's headers and
loads what the page links from its server. Where that would show something else than the filed
bytes show, the page is refused with an error naming the header or the link, never filed to be
read otherwise (each checked in Chromium 156, hunt 85):

- **Media type:** `text/html`, or none (browsers sniff HTML) unless `X-Content-Type-Options:
  nosniff` (then the body is shown as text). `application/xhtml+xml` is parsed as XML, which
  stops at the first error and never implies a `<tbody>`: refused.
- **Charset:** a `charset` the Encoding Standard knows decides the page's encoding before its
  `<meta charset>` (a BOM decides before both). One that decodes otherwise than the page's own
  declaration is refused: the filed bytes would be read in the other.
- **Refresh** naming a URL sends the reader to that page (as `<meta http-equiv=refresh>` does).
- **Content-Security-Policy** (enforced, not Report-Only) that blocks or may block the page's
  `<style>` elements or `style` attributes (html_csp decides a source list as for a `<meta>`).
- **Content-Language** gives a page that declares no language its language for `:lang()`:
  refused where the page's own styles use `:lang(`.
- **Style sheets served beside the page** (`<link rel=stylesheet>` or `@import`, resolved as a
  browser resolves them, `<base href>` included) on the page's own origin are loaded by the
  browser and not filed. Sheets of other origins are never read, as for a saved page.
"""
from __future__ import annotations

import codecs
from email.message import Message
from urllib.parse import urljoin, urlsplit

import tinycss2
from lxml import etree
from webencodings import ascii_lower

from .errors import SourceError
from .extract.html_csp import APPLY, policy, verdict
from .extract.html_fetch import ascii_tokens
from .extract.html_files import browser_codec
from .extract.html_page import REFRESH, parse_document, sniff_encoding

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


def content_type_param(value: str, param: str) -> str | None:
    message = Message()
    message["content-type"] = value
    found = message.get_param(param)
    return found if isinstance(found, str) else None


def check_media_type(headers: tuple[tuple[str, str], ...]) -> None:
    types = header_values(headers, "content-type")
    kind = types[-1].split(";", 1)[0].strip().lower() if types else None
    if kind in XML_TYPES:
        raise ServedOtherwise(f"the server sends the page as {kind}: a browser parses it as XML (stopping at its "
                              "first error, no <tbody> implied), not as the HTML page filed", "Content-Type: text/html")
    nosniff = any(ascii_lower(v.strip()) == "nosniff" for v in header_values(headers, "x-content-type-options"))
    if kind is None and nosniff:
        raise ServedOtherwise("the server sends no Content-Type and `X-Content-Type-Options: nosniff`: a browser "
                              "shows the page as plain text", "Content-Type: text/html")


def check_charset(headers: tuple[tuple[str, str], ...], body: bytes) -> None:
    types = header_values(headers, "content-type")
    label = content_type_param(types[-1], "charset") if types else None
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
        for text in value.split(","):
            if ascii_tokens(text):
                yield value, policy(etree.Element("meta", {"http-equiv": "Content-Security-Policy", "content": text}))


def check_policies(headers: tuple[tuple[str, str], ...], root: etree._Element) -> None:
    styled = {"element": next(root.iter("style"), None) is not None,
              "attribute": any(e.get("style") is not None for e in root.iter() if isinstance(e.tag, str))}
    for value, found in header_policies(headers):
        for context, used in styled.items():
            if used and verdict([found], "inline", context)[0] != APPLY:
                what = "<style> elements" if context == "element" else "style attributes"
                raise ServedOtherwise(f"the server's `Content-Security-Policy: {value}` blocks (or may block) the "
                                      f"page's {what}, which the filed page applies",
                                      "no Content-Security-Policy header restricting the page's own styles")


def page_language(root: etree._Element) -> str | None:
    html = root if root.tag == "html" else next(root.iter("html"), None)
    if html is not None and html.get("lang") is not None:
        return html.get("lang")
    return next((m.get("content") for m in root.iter("meta")
                 if ascii_lower(m.get("http-equiv") or "") == "content-language"), None)


def check_language(headers: tuple[tuple[str, str], ...], root: etree._Element) -> None:
    given = header_values(headers, "content-language")
    if not given or page_language(root) is not None:
        return
    own_styles = " ".join([s.text or "" for s in root.iter("style")] +
                          [e.get("style") for e in root.iter() if isinstance(e.tag, str) and e.get("style")])
    if ":lang(" in own_styles.lower():
        raise ServedOtherwise(f"the server's `Content-Language: {given[0]}` gives the page, which declares no "
                              "language, the language its `:lang()` rules match", "a page that declares its "
                              "language (<html lang>), or no Content-Language header")


def sheet_urls(root: etree._Element) -> list[str]:
    """The URLs of the page's own sheets as written: `<link rel=stylesheet>` and the `@import`s
    of its `<style>` elements."""
    urls = [link.get("href") for link in root.iter("link") if link.get("href")
            and "stylesheet" in ascii_tokens(ascii_lower(link.get("rel") or ""))]
    for style in root.iter("style"):
        for rule in tinycss2.parse_stylesheet(style.text or "", skip_comments=True, skip_whitespace=True):
            if rule.type == "at-rule" and rule.lower_at_keyword == "import":
                target = next((t for t in rule.prelude if t.type in ("string", "url", "function")), None)
                if target is not None and target.type == "function":  # url("…"): its string
                    target = next((a for a in target.arguments if a.type == "string"), None) \
                        if target.lower_name == "url" else None
                if target is not None:
                    urls.append(target.value)
    return urls


DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> tuple:
    """Scheme, host (any case) and port (the scheme's default written or not), as a browser
    compares origins; ValueError for a URL no browser loads (`http://[::1`, a port past 65535)."""
    parts = urlsplit(url)
    return parts.scheme, (parts.hostname or "").lower(), parts.port or DEFAULT_PORTS.get(parts.scheme)


def resolved(base: str, href: str) -> tuple[str, tuple] | None:
    """The URL and its origin; None for a URL no browser loads."""
    try:
        url = urljoin(base, href.strip())
        return url, origin_of(url)
    except ValueError:
        return None


def check_sheets_filed(root: etree._Element, page_url: str) -> None:
    base = next((b.get("href") for b in root.iter("base") if b.get("href") is not None), None)
    base_url = (resolved(page_url, base) or (page_url,))[0] if base else page_url
    origin = origin_of(page_url)
    for href in sheet_urls(root):
        found = resolved(base_url, href)
        if found is not None and found[1] == origin:
            url = found[0]
            raise ServedOtherwise(f"the page's style sheet {href!r} is served beside it ({url}): a browser applies "
                                  "it, and fetch files the page alone", "a page whose style sheets are its own "
                                  "<style> elements or on another site; save such a page with its sheets into a "
                                  "release folder by hand")


def check_read_as_served(headers: tuple[tuple[str, str], ...], body: bytes, page_url: str) -> None:
    """Raise ServedOtherwise where a browser at `page_url` would show otherwise than the body
    alone, filed, is read."""
    check_media_type(headers)
    check_charset(headers, body)
    check_refresh(headers)
    try:
        root = parse_document(body, page_url)
    except SourceError:
        return  # not a page at all: page_date says so
    check_policies(headers, root)
    check_language(headers, root)
    check_sheets_filed(root, page_url)
