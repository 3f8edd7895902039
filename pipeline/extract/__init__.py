"""Source bytes -> Grid, one module per source format."""
from __future__ import annotations

from .html import extract_html

__all__ = ["extract_html"]
