"""Whether a browser applies a style sheet it fetched: the sheet's MIME type and its integrity,
as Chromium 156 decides them for a page opened from disk (each rule checked there, file:// and
data: URLs; tests/test_other_hands_round9.py).

- **Type** (HTML, "fetch and process the linked resource"; MIME Sniffing, "parse a MIME type"): a
  sheet is applied when its type's essence is text/css. A file's type comes from its extension
  (`.css`, any case; `x.css.download`, `.txt`, `.php`, none: not CSS), a data: URL's from the URL
  (Fetch, "data: URL processor": none is text/plain). A page in quirks mode takes any type, but
  only from a CORS-same-origin response: a data: URL, never a file:// one (Chromium gives each
  file an opaque origin).
- **Integrity** (Subresource Integrity): the metadata's items `sha256|sha384|sha512-<base64>`
  (lower case, as Chromium reads them; others ignored; none valid: no check). The strongest
  algorithm's digests are compared with the sheet's bytes and any match passes. A data: URL is
  checked so. A file's response is opaque in Chromium, which then refuses it whatever its hash;
  a browser reading the page from its site applies it on a match: so a match on a file is
  undecided (checked where it would change the table), a mismatch is refused everywhere.
"""
from __future__ import annotations

import base64
import hashlib
import re
import urllib.parse
from dataclasses import dataclass

CSS = "text/css"
HTTP_WHITESPACE = " \t\n\r"
TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
STRENGTH = {"sha256": 1, "sha384": 2, "sha512": 3}  # SRI's hash functions, weakest first
DIGEST = re.compile(r"[A-Za-z0-9+/=_-]+")


def mime_essence(text: str) -> str | None:
    """The essence (`type/subtype`, lower case) of a MIME type as MIME Sniffing parses it
    (parameters allowed, surrounding whitespace stripped); None when it does not parse."""
    kind, slash, rest = text.strip(HTTP_WHITESPACE).partition("/")
    subtype = rest.split(";", 1)[0].rstrip(HTTP_WHITESPACE)
    if not slash or not TOKEN.fullmatch(kind) or not TOKEN.fullmatch(subtype):
        return None
    return f"{kind}/{subtype}".lower()


def is_css_type(attribute: str | None) -> bool:
    """A <link>'s `type` a browser fetches a style sheet for: none, empty, or a MIME type
    whose essence is text/css (`text/css; charset=utf-8`)."""
    return not attribute or mime_essence(attribute) == CSS


@dataclass(frozen=True)
class DataURL:
    essence: str  # its MIME type's essence
    charset: str | None
    body: bytes


C0_OR_SPACE = "".join(map(chr, range(0x21)))  # what the URL parser strips from both ends of a URL
ASCII_WHITESPACE = " \t\n\r\f"
# HTML's, CSP's and SRI's lists of tokens split at ASCII white space only: Python's split() splits at
# a no-break space too, where Chromium sees one token (`rel="stylesheet\xa0"` is no style sheet)
ascii_tokens = re.compile(r"[^ \t\n\r\f]+").findall
BASE64 = re.compile(r"[A-Za-z0-9+/]*")


def url_text(href: str) -> str:
    """A URL as the URL parser first reads it: C0 controls and spaces stripped from both ends,
    tabs and newlines removed anywhere (`&#1;data:...` is a data: URL)."""
    return re.sub(r"[\t\n\r]", "", href.strip(C0_OR_SPACE))


def is_data_url(href: str) -> bool:
    return url_text(href)[:5].lower() == "data:"


def forgiving_base64(text: str) -> bytes | None:
    """Infra's forgiving-base64 decode: ASCII whitespace removed, one or two `=` allowed at the
    end of a length divisible by 4; None (a failure) for a length of 1 modulo 4 or any other
    character (`-`, `_`, `!`, a `=` in the middle)."""
    text = re.sub(r"[ \t\n\r\f]", "", text)
    if len(text) % 4 == 0 and text.endswith("="):
        text = text[:-2] if text.endswith("==") else text[:-1]
    if len(text) % 4 == 1 or not BASE64.fullmatch(text):
        return None
    return base64.b64decode(text + "=" * (-len(text) % 4))


def data_url(href: str) -> DataURL | None:
    """A data: URL as Fetch's data: URL processor reads it: its MIME type (text/plain when none
    or one that does not parse), its charset parameter and its bytes (percent-decoded, then
    base64-decoded where the type ends in `;base64`); its fragment (after `#`) is no part of it.
    None where the processor fails (no comma, base64 a browser does not decode): a network
    error, no sheet. Tabs and newlines are removed from the head only: Chromium keeps them in the
    body (checked in Chromium 156: `p{display:no<newline>ne}` is no `none`), where the URL
    Standard would remove them."""
    head, comma, body = href.strip(C0_OR_SPACE).split("#", 1)[0].partition(",")
    if not comma:
        return None
    head = url_text(head)[5:].strip(ASCII_WHITESPACE)
    data = urllib.parse.unquote_to_bytes(body)
    encoded = re.search(r";[ \t\n\r\f]*base64[ \t\n\r\f]*$", head, re.I)
    if encoded:
        head = head[:encoded.start()]
        data = forgiving_base64(data.decode("latin-1"))
        if data is None:
            return None
    if head.startswith(";") or not head:
        head = "text/plain" + head
    essence = mime_essence(head) or "text/plain"
    parameters = head.split(";")[1:]
    charset = next((p.split("=", 1)[1].strip() for p in parameters if p.strip().lower().startswith("charset=")), None)
    return DataURL(essence, charset, data)


def type_accepted(essence: str | None, same_origin: bool, quirks: bool) -> bool:
    """Does a browser apply a sheet of this type? text/css always; any other only in a quirks
    mode page and from a CORS-same-origin response (a data: URL)."""
    return essence == CSS or (quirks and same_origin)


def file_type(path: str) -> str | None:
    """The MIME type Chromium gives a file:// sheet, from its extension: text/css for `.css`."""
    return CSS if path.lower().endswith(".css") else None


APPLY, REFUSE, UNDECIDED = "apply", "refuse", "undecided"


def integrity(metadata: str | None, data: bytes, opaque: bool) -> str:
    """What a browser makes of a sheet with this `integrity` attribute: APPLY (no valid
    metadata, or a match), REFUSE (no match), or UNDECIDED (a match on an opaque response: a
    file, which Chromium refuses from disk and a browser on the page's site applies). An
    `ed25519-` item asks for a signature the response carries: none from a data: URL (REFUSE), and
    a file's site's response may (UNDECIDED)."""
    if any(item.startswith("ed25519-") for item in ascii_tokens(metadata or "")):  # signature-based integrity:
        # Chromium 156 blocks a sheet whose response carries no signature (hunt 165: a data: sheet, any key)
        return UNDECIDED if opaque else REFUSE
    items = [valid for item in ascii_tokens(metadata or "") if (valid := metadata_item(item))]
    if not items:
        return APPLY
    strongest = max(STRENGTH[alg] for alg, _ in items)
    found = {alg: base64.b64encode(hashlib.new(alg, data).digest()).decode().rstrip("=") for alg, _ in items}
    matched = any(digest == found[alg] for alg, digest in items if STRENGTH[alg] == strongest)
    if not matched:
        return REFUSE
    return UNDECIDED if opaque else APPLY


def metadata_item(item: str) -> tuple[str, str] | None:
    """One item of integrity metadata (`sha384-<digest>[?options]`) as (algorithm, digest in
    base64 without padding), None when Chromium ignores it (another algorithm, no digest)."""
    alg, dash, value = item.partition("-")
    value = value.split("?", 1)[0]
    if not dash or alg not in STRENGTH or not DIGEST.fullmatch(value):
        return None
    return alg, value.replace("-", "+").replace("_", "/").rstrip("=")
