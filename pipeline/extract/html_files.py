"""The files a page saved "complete" by a browser keeps beside it: `page.html` and a folder
`page_files/` holding the site's style sheets, linked by relative URL. A sheet is read from
the release folder only: a relative URL (no scheme, no host, no leading `/`) that resolves,
symlinks and all, to a regular file inside it. Remote sheets are never fetched; a relative
URL naming no file, or a file outside the folder, is a warning naming the page and the URL
(a browser shows the page without that sheet too). Each sheet is within the source byte
limit and decoded as CSS says (a BOM, else `@charset`, else UTF-8), strictly: bytes that
are not text in that encoding are an error naming the sheet.

The files read here are inputs of the release: pipeline/inputs.py hashes every file in the
release folder's subfolders, so a run re-extracts when a sheet changes.
"""
from __future__ import annotations

import codecs
import posixpath
import re
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import ada_url
import webencodings

from ..errors import SourceError
from ..inputs import read_source
from ..limits import DEFAULT, LimitError, Limits

MAX_SHEETS = 256  # sheets applied for one page, each @import counted: a saved page has a few dozen
URL_STRIP = "".join(map(chr, range(0x21)))  # the URL parser strips C0 controls and spaces around a URL
CHARSET_RULE = re.compile(rb'\A@charset "([^"]{1,40})";')  # as CSS Syntax reads it: this exact form


def dangling_markup(href: str) -> bool:
    """Does Chromium block a request for this URL as markup left dangling by an unclosed attribute:
    a tab or newline inside it and a `<` (checked in Chromium 156 on a saved page's sheet:
    `hide.css?a=<newline><` is not loaded, `%3C` or `&lt;` without the newline is)? A data: URL
    is no request and loads."""
    inner = href.strip(URL_STRIP)
    return "<" in inner and any(c in inner for c in "\t\n\r")


@dataclass
class SavedFiles:
    """The release folder a page sits in, from which the sheets its relative URLs name are read."""

    folder: Path  # the release folder
    label: str  # how its files are named in messages: raw/<release>
    page: str  # the page's path inside the folder, posix: `page.html`
    limits: Limits = DEFAULT
    warnings: list[str] = field(default_factory=list)
    read: list[str] = field(default_factory=list)  # labels of the sheets applied, in order
    texts: dict[tuple, str] = field(default_factory=dict)  # (inside path, charset hint) -> decoded text (each read once)
    raw: dict[str, bytes] = field(default_factory=dict)  # inside path -> its bytes
    environment: str = "utf-8"  # the page's encoding: its sheets' without a BOM or @charset (html_cascade sets it)

    @classmethod
    def beside(cls, page: Path, label: str, limits: Limits = DEFAULT) -> SavedFiles:
        """For a page directly in its release folder, `label` naming that folder."""
        return cls(page.parent, label, page.name, limits)

    def inside(self, href: str, base: str, referrer: str) -> str | None:
        """The path inside the folder a relative URL names, from the file `base` (posix, inside
        the folder); None for a remote or absolute URL (never read) and, with a warning naming
        `referrer` and the URL, for one that leads out of the folder or to no file."""
        joined = self.resolved(href, base)
        if joined is None:
            return None
        if dangling_markup(href):
            self.warn(referrer, href, "holds a tab or newline and '<', a request a browser blocks (dangling markup)")
            return None
        if "%2f" in self.url(href, base).pathname.lower():  # Chromium loads no file:// URL with one (checked)
            self.warn(referrer, href, "has an encoded '/' (%2F) in its path, which a browser does not load from disk")
            return None
        if joined.startswith("../") or joined == ".." or PurePosixPath(joined).is_absolute():
            self.warn(referrer, href, "leads out of the release folder")
            return None
        path = self.folder / joined
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError):
            self.warn(referrer, href, f"names no file ({self.label}/{joined})")
            return None
        if not real.is_relative_to(self.folder.resolve()):
            self.warn(referrer, href, "is a link out of the release folder")
            return None
        if not real.is_file():
            self.warn(referrer, href, f"names no file ({self.label}/{joined} is not a regular file)")
            return None
        return joined

    def resolved(self, href: str, base: str) -> str | None:
        """A relative URL resolved from the file `base` by the WHATWG URL Standard (ada), as a
        browser resolves it from a file:// page (`page_files\\x.css` is `page_files/x.css`; tabs
        and newlines removed, the query and fragment left out of the file's path): the path
        relative to the folder (posix, `../` where it leads out); None for a URL with a scheme, a
        host or a path from the root (remote or absolute: never read here)."""
        url = self.url(href, base)
        if url is None:
            return None
        root = PurePosixPath(self.folder.resolve().as_posix())
        path = posixpath.normpath(urllib.parse.unquote(url.pathname))
        if "\x00" in path:  # (`%00`: no file has that name; a path holding it cannot even be asked for)
            return None
        inside = posixpath.relpath(path, str(root)) if path != str(root) else "."
        return inside + "/" if url.pathname.endswith("/") else inside  # a folder (a <base href>) stays one

    def url(self, href: str, base: str) -> ada_url.URL | None:
        """The file:// URL a relative URL names from the file `base`, as a browser parses it
        (`file:x.css` is relative too: the page's own scheme); None for one with another scheme,
        a host or a path from the root."""
        text = href.strip(URL_STRIP)
        same_scheme = text[:5].lower() == "file:" and text[5:7] not in ("//", "\\\\", "/\\", "\\/")
        if not text or (ada_url.check_url(text) and not same_scheme) or text.lstrip("\t\n")[:1] in ("/", "\\", "#", "?"):
            return None  # an absolute URL (a scheme, remote or not), `//host/…`, `/path`, or the page itself
        root = PurePosixPath(self.folder.resolve().as_posix())  # so that `../` leaves the folder as on disk
        try:
            url = ada_url.URL(text, "file://" + urllib.parse.quote(f"{root}/{base}"))
        except ValueError:  # no URL at all (`http://[bad/`, a port past 65535): a browser loads nothing (hunt 108)
            return None
        return None if url.host or url.protocol != "file:" else url

    def warn(self, referrer: str, href: str, why: str) -> None:
        self.warnings.append(f"the style sheet {href!r} linked from {self.label}/{referrer} {why}; "
                             "it is not applied (a browser shows the page without it too)")

    def sheet(self, inside: str, hint: str | None = None) -> str:
        """The text of the sheet at `inside` (a path `inside` returned); `hint`: the encoding its
        <link charset> names (sheet_encoding)."""
        label = f"{self.label}/{inside}"
        if len(self.read) >= MAX_SHEETS:
            raise LimitError(f"{self.label}/{self.page}", f"the page applies over {MAX_SHEETS} style sheets "
                             "(each @import counted)", f"at most {MAX_SHEETS}")
        self.read.append(label)
        if (inside, hint) not in self.texts:
            self.texts[inside, hint] = decoded_sheet(self.data(inside), label, environment=self.environment, hint=hint)
        return self.texts[inside, hint]

    def data(self, inside: str) -> bytes:
        """The bytes of the file at `inside` (a path `inside` returned), read once."""
        if inside not in self.raw:
            self.raw[inside] = read_source(self.folder / inside, f"{self.label}/{inside}", self.limits)
        return self.raw[inside]


# The Encoding Standard's "replacement" encoding: the labels of encodings browsers no longer
# decode (hz-gb-2312, iso-2022-kr, iso-2022-cn, …) give one U+FFFD for the whole resource.
REPLACEMENT = "replacement"


def browser_codec(label: str) -> str | None:
    """The Python codec a browser's decoder for an encoding label matches (the WHATWG Encoding
    Standard's label table, from webencodings: every GBK and GB2312 label is gb18030, whose €
    browser_decoded adds; every Latin-1 and ASCII label windows-1252, Shift_JIS Windows-31J, …),
    REPLACEMENT for the labels it decodes as one U+FFFD, None for a label browsers do not know
    (utf-7, cp437: they ignore it)."""
    found = webencodings.lookup(label)
    if found is None:
        return None
    if found.name == "gbk":
        return "gb18030"  # the Encoding Standard decodes GBK with the gb18030 decoder (four-byte sequences too)
    return REPLACEMENT if found.name == REPLACEMENT else found.codec_info.name


def single_byte_gaps(error: UnicodeDecodeError) -> tuple[str, int]:
    """The bytes windows-1252, -1254 and -874 leave undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D in
    1252) are, for a browser, the C1 control of that number (WHATWG's index)."""
    if error.end - error.start == 1 and 0x80 <= error.object[error.start] <= 0x9F:
        return chr(error.object[error.start]), error.end
    raise error


def gb18030_euro(error: UnicodeDecodeError) -> tuple[str, int]:
    """gb18030's single byte 0x80 is € to a browser (WHATWG's decoder), an error to Python."""
    if error.object[error.start] == 0x80:
        return "\u20ac", error.start + 1
    raise error


codecs.register_error("mincards-web-single-byte", single_byte_gaps)
codecs.register_error("mincards-web-gb18030", gb18030_euro)
# Bytes a browser's decoder reads where Python's codec stops, by codec; anything else stays an error
WEB_ERRORS = {"cp1252": "mincards-web-single-byte", "cp1254": "mincards-web-single-byte",
              "cp874": "mincards-web-single-byte", "gb18030": "mincards-web-gb18030"}
# Bytes whose decoding by Python's codec differs from a browser's in ways not reproduced here:
# iso-2022-jp's escapes and shifts (an empty escape sequence is U+FFFD to a browser, nothing to
# Python; SO and SI are U+FFFD too). A page or sheet in that encoding without them is ASCII, the same.
UNREPRODUCED = {"iso2022_jp": re.compile(rb"[\x0e\x0f\x1b]")}


class NotReproduced(ValueError):
    def __init__(self, encoding: str, at: int):
        super().__init__(f"{encoding} escape or shift byte at {at:,}, which browsers decode otherwise than Python")
        self.encoding, self.at = encoding, at


USER_DEFINED = {byte: 0xF700 + byte for byte in range(0x80, 0x100)}  # x-user-defined: 0x80-0xFF are U+F780-U+F7FF


def browser_decoded(data: bytes, encoding: str) -> str:
    """The bytes as a browser's decoder for the encoding (browser_codec's codec) reads them:
    UnicodeDecodeError for bytes it does not decode, NotReproduced where this reader cannot
    decode them as a browser does."""
    if encoding == "x-user-defined":  # the Encoding Standard's own (a sheet's @charset may name it): no Python codec
        return data.decode("latin-1").translate(USER_DEFINED)
    unreproduced = UNREPRODUCED.get(encoding)
    found = unreproduced.search(data) if unreproduced else None
    if found:
        raise NotReproduced(encoding, found.start())
    return data.decode(encoding, errors=WEB_ERRORS.get(encoding, "strict"))


def replaced(label: str, source: str, what: str) -> SourceError:
    return SourceError(source, f"the {what} declares the encoding {label!r}, which browsers decode as the "
                       "'replacement' encoding: a browser shows one U+FFFD and nothing else of it",
                       f"{'an HTML page' if what == 'page' else 'a style sheet'} in UTF-8 or another encoding "
                       "a browser decodes")


def sheet_encoding(data: bytes, label: str, protocol: str | None = None, environment: str = "utf-8",
                   hint: str | None = None) -> tuple[str, bytes]:
    """The encoding CSS Syntax decodes a sheet with (a BOM, else the charset its URL gives (a
    data: URL's, UTF-16 as it says), else `@charset "x";` at the very start, a UTF-16 label read as
    UTF-8, else the encoding its <link charset> names (`hint`: Chromium 156 decodes a UTF-8 sheet
    linked from a GBK page with charset=utf-8 as UTF-8, and one linked with charset=utf-16 as
    UTF-16, hunt 144; a data: URL's too, hunt 165),
    else the environment's: the page's own encoding, as Chromium decodes a GBK page's sheet as
    GBK), and the bytes without the BOM; a label of the replacement encoding is an error naming
    the sheet."""
    for bom, name in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                      (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            return name, data[len(bom):]
    for given, by_rule in ((protocol, False), (CHARSET_RULE.match(data), True), (hint, False)):
        if given is None:
            continue
        named = given.group(1).decode("ascii", "replace") if by_rule else given
        name = browser_codec(named)
        if name == REPLACEMENT:
            raise replaced(named, label, "style sheet")
        if name:  # (a UTF-16 label in @charset is read as UTF-8; the URL's or the link's is UTF-16: hunt 165)
            return ("utf-8" if by_rule and name.startswith(("utf-16", "utf-32")) else name), data
    return ("utf-8" if environment.startswith(("utf-16", "utf-32")) else environment), data


def decoded_sheet(data: bytes, label: str, protocol: str | None = None, environment: str = "utf-8",
                  hint: str | None = None) -> str:
    encoding, body = sheet_encoding(data, label, protocol, environment, hint)
    try:
        return browser_decoded(body, encoding)
    except (UnicodeDecodeError, NotReproduced) as exc:
        what = str(exc) if isinstance(exc, NotReproduced) else f"byte {exc.start:,}"
        raise SourceError(label, f"the style sheet is not {encoding} text ({what})",
                          "a UTF-8 style sheet, or one whose BOM or @charset rule names its encoding") from None
