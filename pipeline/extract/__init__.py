"""Source bytes -> Grid, one module per source format, chosen by file suffix and
checked against what the bytes say they are."""
from __future__ import annotations

from ..errors import SourceError
from .html import decode_page, extract_html
from .html_files import SavedFiles
from .pdf import extract_pdf

# suffix -> (kind, extractor); every extractor takes (bytes, source, limits) and
# returns (Grid, update date or None); the HTML one also takes `files`, the folder the page was
# saved in (html_files.SavedFiles), for the style sheets saved beside it
EXTRACTORS = {".html": ("html", extract_html), ".htm": ("html", extract_html), ".pdf": ("pdf", extract_pdf)}
MAGIC = ((b"%PDF-", "a PDF"), (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"),
         (b"GIF8", "a GIF image"), (b"PK\x03\x04", "a ZIP archive"), (b"\x1f\x8b", "gzip data"))
EXPECTED = {"html": "an HTML page", "pdf": "a PDF"}


def sniff(data: bytes) -> str:
    """What the bytes are: 'a PDF', 'a PNG image', ... by their signature; otherwise 'text' when
    the HTML reader's decode_page can read them (BOMs, <meta> charset) and 'binary data' when not."""
    head = data[:8].lstrip(b"\xef\xbb\xbf")
    for magic, what in MAGIC:
        if head.startswith(magic):
            return what
    try:
        decode_page(data, "")
    except SourceError:
        return "binary data"
    return "text"


def check_kind(data: bytes, kind: str, source: str) -> None:
    """One clear error when the bytes are not what the file name says. Whether a page's bytes
    are text is decided by decode_page alone, which the HTML extractor calls too."""
    if not data.strip():
        raise SourceError(source, "the file is empty", EXPECTED[kind])
    found = sniff(data)
    if kind == "pdf" and found != "a PDF":
        raise SourceError(source, f"the file is {found}, not what its name says", EXPECTED[kind])
    if kind == "html" and found not in ("text", "binary data"):
        raise SourceError(source, f"the file is {found}, not what its name says", EXPECTED[kind])
    if kind == "html":
        decode_page(data, source)  # binary data: the same rule and the same message as the extractor's


__all__ = ["EXTRACTORS", "SavedFiles", "check_kind", "extract_html", "extract_pdf", "sniff"]
