"""Release ids: the folder names of raw/ and build/, a page's update date YYYY-MM-DD.

A page the vendor changes without changing its update date is kept as a revision of
that date: `YYYY-MM-DD.N`, N from 2 to 9 (the first copy is the bare date, revision 1).
One digit keeps plain string order the same as the order of the releases everywhere a
release id is sorted (folder listings, the tables' key, the dataset's folders, DuckDB), with no
sort key to keep in step in several modules: 2025-10-22 < 2025-10-22.2 < 2025-10-22.9
< 2025-10-23. Eight revisions of one date is far above anything seen; `mincards fetch`
refuses a ninth with a message saying so.

Kept apart from pipeline/release.py so that readers of build/ need not import the
extractors to recognise a release folder."""
from __future__ import annotations

import datetime as dt
import re

MAX_REVISION = 9
# The one definition of a release id; the contract (schemas/min_cards.py) uses this pattern.
RELEASE_PATTERN = r"^\d{4}-\d{2}-\d{2}(?:\.[2-9])?$"
RELEASE_NAME = re.compile(r"(\d{4}-\d{2}-\d{2})(?:\.([2-9]))?")


def is_release_name(name: str) -> bool:
    match = RELEASE_NAME.fullmatch(name)
    if not match:
        return False
    try:
        dt.date.fromisoformat(match.group(1))
    except ValueError:
        return False
    return True


def base_date(name: str) -> str:
    """The update date a release id stands for: 2025-10-22.2 -> 2025-10-22."""
    match = RELEASE_NAME.fullmatch(name)
    if not match:
        raise ValueError(f"{name!r} is not a release id")
    return match.group(1)


def revision(name: str) -> int:
    """1 for the first copy of a date (the bare date), N for YYYY-MM-DD.N."""
    match = RELEASE_NAME.fullmatch(name)
    if not match:
        raise ValueError(f"{name!r} is not a release id")
    return int(match.group(2) or 1)


def release_name(date: str, number: int) -> str:
    """The id of revision `number` of `date`: 1 -> the date itself, N -> date.N."""
    if not 1 <= number <= MAX_REVISION:
        raise ValueError(f"revision {number} of {date} is out of range 1..{MAX_REVISION}")
    return date if number == 1 else f"{date}.{number}"
