"""Source bytes -> Grid, one module per source format, chosen by file suffix and
checked against what the bytes say they are."""
from __future__ import annotations

from ..errors import SourceError
from .html import extract_html
from .pdf import extract_pdf

# suffix -> (kind, extractor); every extractor takes (bytes, source, limits) and
# returns (Grid, update date or None)
EXTRACTORS = {".html": ("html", extract_html), ".htm": ("html", extract_html), ".pdf": ("pdf", extract_pdf)}
MAGIC = ((b"%PDF-", "a PDF"), (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"),
         (b"GIF8", "a GIF image"), (b"PK\x03\x04", "a ZIP archive"), (b"\x1f\x8b", "gzip data"))
EXPECTED = {"html": "an HTML page", "pdf": "a PDF"}


def sniff(data: bytes) -> str:
    """What the first bytes say the file is: 'a PDF', 'a PNG image', ..., 'binary data' or 'text'."""
    head = data[:8].lstrip(b"\xef\xbb\xbf")
    for magic, what in MAGIC:
        if head.startswith(magic):
            return what
    return "binary data" if b"\x00" in data[:4096] else "text"


def check_kind(data: bytes, kind: str, source: str) -> None:
    """One clear error when the bytes are not what the file name says."""
    found = sniff(data)
    if not data.strip():
        raise SourceError(source, "the file is empty", EXPECTED[kind])
    if (kind == "pdf" and found != "a PDF") or (kind == "html" and found != "text"):
        raise SourceError(source, f"the file is {found}, not what its name says", EXPECTED[kind])


__all__ = ["EXTRACTORS", "check_kind", "extract_html", "extract_pdf", "sniff"]
