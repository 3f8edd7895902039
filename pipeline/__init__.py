"""mincards: the vendor's minimum-NPU table as validated, typed data."""
from __future__ import annotations

__version__ = "0.1.0"
