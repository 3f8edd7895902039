"""Release ids: the folder names of raw/ and build/, a page's update date YYYY-MM-DD.

Kept apart from pipeline/release.py so that readers of build/ need not import the
extractors to recognise a release folder."""
from __future__ import annotations

import datetime as dt
import re

RELEASE_NAME = re.compile(r"\d{4}-\d{2}-\d{2}")


def is_release_name(name: str) -> bool:
    if not RELEASE_NAME.fullmatch(name):
        return False
    try:
        dt.date.fromisoformat(name)
    except ValueError:
        return False
    return True
