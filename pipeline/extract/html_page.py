"""Vendor page bytes -> the parsed document and the page as a reader sees it.

One rule decides what counts as an HTML page (decode_page: the encoding a BOM or a
<meta> names, no NUL), used by the file-kind check too; the text is parsed as browsers parse it
(html_tree.py). The reading walks the document
once, in order: the text a reader sees (never scripts, styles, templates, noscript,
hidden elements or <head>) and where each table starts and ends, from which the page's
update date is read and the parts of a split table are told apart.
"""
from __future__ import annotations

import bisect
import codecs
import re
from dataclasses import dataclass, field
from functools import cached_property

from lxml import etree

from ..errors import Place, Problem, SourceError
from ..tokens import printed
from .html_files import REPLACEMENT, NotReproduced, SavedFiles, browser_codec, browser_decoded, replaced
from .html_style import Style
from .html_styles import Styles
from .html_charset import declared, declared_label
from .html_tree import html5_tree, mark_encoding
from .text import SILENT_TAGS

UPDATE_LABEL = "更新时间"
UPDATE_LINE = re.compile(UPDATE_LABEL + r"\s*[：:]\s*(\d{4}-\d{2}-\d{2})")


# --- bytes -> text: one rule for what counts as an HTML page ------------------------------

def sniff_encoding(data: bytes) -> str:
    """BOM, then the label a <meta> or an XML declaration gives, as Chromium finds it
    (html_charset.declared_label), then UTF-8: a page saved from the browser says which. Labels are resolved
    as browsers resolve them (html_files.browser_codec: the WHATWG table), a label they do not
    know is ignored; REPLACEMENT for the labels browsers decode as one U+FFFD. A declaration or
    <meta> that claims UTF-16 is read as UTF-8, as browsers do: a page whose declaration could
    be read byte by byte is not UTF-16."""
    for bom, name in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16"),
                      (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return name
    found = declared(data)
    name = browser_codec(found[0]) if found else None
    if name is None:
        return "utf-8"
    if name == "x-user-defined":  # a <meta>'s is windows-1252, as the prescan takes it; an XML declaration's
        return "cp1252" if found[1] == "meta" else name  # is itself (checked in Chromium: hunt 132)
    return "utf-8" if name.startswith(("utf-16", "utf-32")) else name


def decode_page(data: bytes, source: str) -> str:
    """The page's text, or one error naming the file: bytes that are not text in the encoding
    sniff_encoding finds (a NUL included: no HTML page holds one) are binary data, and a page
    of the replacement encoding is no page a browser shows. The file kind check and the
    extractor both call this, so they cannot disagree."""
    return decoded(data, source, sniff_encoding(data))


def decoded(data: bytes, source: str, encoding: str) -> str:
    """decode_page's text, the encoding sniffed."""
    if encoding == REPLACEMENT:
        raise replaced(declared_label(data), source, "page")
    try:
        text = browser_decoded(data, encoding)
    except UnicodeDecodeError as exc:
        raise SourceError(source, f"the file is binary data, not {encoding} text (byte {exc.start})",
                          "an HTML page") from None
    except NotReproduced as exc:
        raise SourceError(source, f"the page declares {declared_label(data)!r} and holds an {exc}",
                          "an HTML page in UTF-8 or an encoding whose bytes this reader decodes as a browser does") \
            from None
    if "\x00" in text:
        raise SourceError(source, f"the file is binary data, not {encoding} text (a NUL at character "
                          f"{text.index(chr(0))})", "an HTML page")
    return text


# A page saved as one MHTML file (Chromium's "Webpage, Single File", CDP's Page.captureSnapshot):
# MIME headers, then the page and its parts as MIME parts. A browser opens it as an archive; read
# as HTML it is text and quoted-printable markup (hunt 161: refused as "no vendor table among the
# page's 0 tables", which did not say why).
MIME_HEADER = re.compile(rb"[!-9;-~]+:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*")
MIME_ARCHIVE = re.compile(rb"^MIME-Version:.*^Content-Type:\s*multipart/related", re.I | re.M | re.S)


def check_not_an_archive(data: bytes, source: str) -> None:
    """The file is no MHTML archive: its first lines are not MIME headers naming multipart/related."""
    head = re.split(rb"\r?\n\r?\n", data[:4096], maxsplit=1)[0]
    lines = re.split(rb"\r?\n(?![ \t])", head)
    if lines and all(MIME_HEADER.fullmatch(line) for line in lines) and MIME_ARCHIVE.search(head):
        raise SourceError(source, "the file is an MHTML archive (a page saved as a single file, its parts as MIME "
                          "parts), which this reader does not open", "an HTML page: save it as HTML (\"Webpage, "
                          "HTML only\" or \"complete\")")


def parse_document(data: bytes, source: str) -> etree._Element:
    """The decoded text parsed as a browser parses it (html_tree.py: HTML5 tree construction)."""
    check_not_an_archive(data, source)
    encoding = sniff_encoding(data)  # (once: it reads the page's first bytes through a regular expression)
    text = decoded(data, source, encoding)
    if not text.strip():
        raise SourceError(source, "the file is empty", "an HTML page")
    root = html5_tree(text, source)
    mark_encoding(root, encoding)
    return root


# --- the page as a reader sees it -----------------------------------------------------------

@dataclass(eq=False)
class Reading:
    """The page in document order: visible text pieces, and where each table starts and ends
    among them. Scripts, styles, templates and noscript are left out with their tables; the
    text of hidden elements and of <head> is left out, but hidden tables keep their place, so
    that which table is which does not depend on CSS."""

    styles: Styles
    texts: list[tuple[int, str]] = field(default_factory=list)  # (position, text) of shown text
    start: dict[etree._Element, int] = field(default_factory=dict)
    end: dict[etree._Element, int] = field(default_factory=dict)
    position: int = 0

    def walk(self, element: etree._Element, parent: Style | None) -> None:
        """The element's text and tables, `parent` its parent's style; None inside a removed
        element or <head>, where nothing is shown (styles there are computed when asked for)."""
        tag = element.tag  # read once: lxml makes a new string at each reading
        if not isinstance(tag, str):
            tag = ""
        elif tag in SILENT_TAGS:
            return  # nor are its tables shown: a <template> or <noscript> copy is not the table
        style = None if parent is None else self.styles.child_of(element, parent, tag)
        if style is not None and (style.removed or tag == "head"):  # <title> is not page text
            style = None
        shown = style is not None and style.shown and not style.unseen
        if tag == "table":
            self.start[element] = self.tick()
        if tag and shown and (text := element.text):  # read once: lxml makes a new string at each reading
            self.position += 1  # tick(), without a call for each piece of text
            self.texts.append((self.position, text))
        for child in element:
            self.walk(child, style)
            if shown and (tail := child.tail):
                self.position += 1
                self.texts.append((self.position, tail))
        if tag == "table":
            self.end[element] = self.tick()

    def tick(self) -> int:
        self.position += 1
        return self.position

    # texts and start are filled in document order, so their positions are sorted (bisect)
    def text_between(self, after: int, before: int) -> str:
        positions = self.text_positions
        lo, hi = bisect.bisect_right(positions, after), bisect.bisect_left(positions, before)
        return "".join(text for _, text in self.texts[lo:hi])

    def tables_starting_between(self, after: int, before: int) -> list[etree._Element]:
        starts = self.start_positions
        return self.start_order[bisect.bisect_right(starts, after):bisect.bisect_left(starts, before)]

    @cached_property
    def text_positions(self) -> list[int]:
        return [position for position, _ in self.texts]

    @cached_property
    def start_order(self) -> list[etree._Element]:
        return list(self.start)

    @cached_property
    def start_positions(self) -> list[int]:
        return list(self.start.values())

    def shown_text(self) -> str:
        return "".join(text for _, text in self.texts)


# HTML's declarative refresh: a delay, then (after `;` or `,`) an optional `url=` and the URL.
REFRESH = re.compile(r"""[\t\n\f\r ]*[0-9.]+(?:[\t\n\f\r ;,]+(?:url[\t\n\f\r ]*=[\t\n\f\r ]*)?["']?(?P<url>[^"']*))?""",
                     re.I)


def check_no_refresh_elsewhere(root: etree._Element, source: str) -> None:
    """A <meta http-equiv=refresh> with a URL replaces the page by that URL (after its delay,
    wherever the element is; checked in Chromium 156: `0; url=about:blank` shows an empty page):
    a reader sees that page, not this one's table. An error naming it."""
    for meta in root.iter("meta"):
        if (meta.get("http-equiv") or "").strip().lower() != "refresh" or \
                any(a.tag in SILENT_TAGS for a in meta.iterancestors()):
            continue
        found = REFRESH.match(meta.get("content") or "")
        url = (found["url"] or "").strip() if found else ""
        if url:
            raise SourceError(source, Problem(Place(), f"<meta http-equiv=refresh content={meta.get('content')!r}> "
                                              f"replaces the page by {url!r}", "a page that stays on screen: no "
                                              "<meta http-equiv=refresh> naming another page"))


def read_page(root: etree._Element, source: str, files: SavedFiles | None = None) -> Reading:
    """The page as a reader sees it, its style sheets applied (html_styles.Styles), with those
    saved beside it given the folder it sits in; refused where the page sends its reader to
    another (check_no_refresh_elsewhere)."""
    check_no_refresh_elsewhere(root, source)
    reading = Reading(Styles(root, source, files))
    reading.walk(root, reading.styles.root)
    return reading


def update_date(reading: Reading, source: str) -> str | None:
    """The page's own '更新时间：YYYY-MM-DD' line, from the text a reader sees (never a script's)."""
    return date_in(printed(reading.shown_text()), source, Place())


def date_in(text: str, source: str, place: Place) -> str | None:
    """The date of the '更新时间：YYYY-MM-DD' line in a page's text (in its printed form); None
    when the page has no such label. A label whose date is not read so is an error, not a
    page without one: the date is what keeps a page out of another release's folder, and a
    PDF whose font maps name other characters (Ghostscript's re-distilled prints read `：` as
    `ÿ`) would otherwise be filed wherever it lies, with a warning."""
    match = UPDATE_LINE.search(text)
    if match:
        return match.group(1)
    at = text.find(UPDATE_LABEL)
    if at < 0:
        return None
    raise SourceError(source, Problem(place, f"the update line reads {text[at:].splitlines()[0][:40]!r}",
                                      f"{UPDATE_LABEL}：YYYY-MM-DD, the date the vendor updated the page"))
