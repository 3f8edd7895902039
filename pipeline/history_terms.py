"""The history's vocabulary: its columns, how a run of releases begins, the metadata that names
the releases it was made of. Light (no pandas), so that the writer (history.py) and the reading
command (`mincards history`, timeline.py) share one definition."""
from __future__ import annotations

from .query import KEY as KEY_OF_A_ROW

KEY_COLUMNS = list(KEY_OF_A_ROW)  # model, strategy, seq_len, framework, hardware
# history.parquet's key-value metadata: each release it was made of, with the sha256 of its
# min_cards.parquet (what `mincards history` checks against the releases in build/)
RELEASES_METADATA = "mincards.releases"
KEY = KEY_COLUMNS + ["first_release"]
COLUMNS = KEY_COLUMNS + ["supported", "min_units", "unit", "first_release", "last_release", "releases",
                         "previous_min_units", "change"]
# How a run began, against the release before it (the `change` column), as data.
CHANGES = {
    "added": "the key is in the table for the first time, or again after a removal",
    "up": "min_units rose",
    "down": "min_units fell",
    "support_added": "'-' (not supported) became a number",
    "support_removed": "a number became '-' (not supported)",
    "removed": "the key left the table; supported and min_units are null until it comes back",
}
