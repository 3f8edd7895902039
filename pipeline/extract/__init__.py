"""Source bytes -> Grid, one module per source format, chosen by file suffix."""
from __future__ import annotations

from .html import extract_html
from .pdf import extract_pdf

# suffix -> (kind, extractor); every extractor returns (Grid, update date or None)
EXTRACTORS = {".html": ("html", extract_html), ".htm": ("html", extract_html), ".pdf": ("pdf", extract_pdf)}

__all__ = ["EXTRACTORS", "extract_html", "extract_pdf"]
