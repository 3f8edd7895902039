"""The vendor table's history: one row per configuration key per run of releases in which
its value held (a slowly changing dimension: valid from first_release to last_release),
derived from the published releases only.

What changed between two consecutive releases is what `mincards diff` says
(pipeline/diff.py `diff_releases`): each key the diff reports as added, removed or
changed begins a new run there (`change_kinds` says how); a key it reports unchanged
goes on in its run. The first release is diffed against nothing, so each of its keys is
added. A key that leaves the table gets a run of its own (change `removed`, no value)
until it comes back. Releases are taken in release-id order, which is the order fetch
files them in (pipeline/ids.py: a revision 2025-10-22.2 follows 2025-10-22).

Nothing here holds more than one release's changes: the runs are made from the changes
of every release by the database (`runs_sql`), and written out from there.
"""
from __future__ import annotations

import pandas as pd

from .diff import MATCH_KEY, ReleaseDiff, missing

from .history_terms import CHANGES, COLUMNS, KEY, KEY_COLUMNS, RELEASES_METADATA  # noqa: F401 - imported from here too


def plain(values: list) -> list:
    """pandas' NA as None: the rows go to sqlite3 as plain values."""
    return [None if value is pd.NA else value for value in values]


def change_kinds(diff: ReleaseDiff) -> dict[str, list]:
    """The keys the diff reports as different, each with how its new run begins (`kind`),
    as plain lists by column, in the diff's order: MATCH_KEY, change and reason (the
    diff's), both sides' supported and min_units (pandas' NA where a side has no row), and
    kind. Each column is taken from the diff once, and the rows picked in Python: a
    filtered frame took every string column again, per filter: change_kinds, the changelog
    entry and the change rows of a release 5.5 -> 1.3 ms."""
    sides = [f"{side}_{column}" for side in ("old", "new") for column in ("supported", "min_units")]
    change = diff.rows["change"].tolist()
    at = [i for i, value in enumerate(change) if value != "unchanged"]
    kinds = {}
    for column in MATCH_KEY + ["change", "reason"] + sides:
        values = change if column == "change" else diff.rows[column].tolist()
        kinds[column] = [values[i] for i in at]
    kinds["kind"] = [kind_of(*row) for row in zip(*(kinds[c] for c in ["change"] + sides))]
    return kinds


def kind_of(change: str, old_supported: object, old_units: object, new_supported: object, new_units: object) -> str:
    """How a key's new run begins: added or removed as the diff says; else support that came
    or went (a missing support counts as none), else up if min_units rose, down if not."""
    if change in ("added", "removed"):
        return change
    old, new = supported(old_supported), supported(new_supported)
    if new and not old:
        return "support_added"
    if old and not new:
        return "support_removed"
    return "up" if not missing(old_units) and not missing(new_units) and new_units > old_units else "down"


def supported(value: object) -> bool:
    return not missing(value) and bool(value)


# --- from the changes of each release to the runs ------------------------------------------
# Each release contributes one CHANGE row per key whose run begins there (its position in
# release order, the key, the new value, the kind). A run lasts from its change to the
# release before the key's next change, or to the newest release; its previous_min_units
# is the min_units of the key's change before. `Runs` holds one open run per key; a run
# closes when its key's next change arrives, and the database keeps the closed ones
# (pipeline/database.py), so memory holds the keys, never the history.
CHANGE_COLUMNS = ["position", *KEY_COLUMNS, "supported", "min_units", "unit", "change"]


def change_rows(position: int, kinds: dict[str, list], unit_of: dict[str, str]) -> list[tuple]:
    """The CHANGE rows of the release at `position` in release order, from the change_kinds
    of its diff with the release before. A removed key keeps its unit (hardware's)."""
    keys = [kinds[column] for column in KEY_COLUMNS]
    return list(zip([position] * len(kinds["kind"]), *keys, plain(kinds["new_supported"]),
                    plain(kinds["new_min_units"]), [unit_of[h] for h in keys[-1]], kinds["kind"]))


class Runs:
    """The history's runs as the releases arrive in release order: each key's open run (its
    number, first position, value, unit, change and the min_units of the run before). Each
    key is numbered as it first appears (`keys_seen` gives it once, for the database): a
    closed run names its key by that number, so the runs are kept and ordered by two
    integers instead of the key's five values."""

    def __init__(self) -> None:
        self.open: dict[tuple, tuple] = {}
        self.releases: list[str] = []
        self.new_keys: list[tuple] = []  # (number, *key) of the keys first seen since keys_seen()

    def add(self, release: str, changes: list[tuple]) -> list[tuple]:
        """The next release and its CHANGE rows; the runs they close, as `row` gives them."""
        position = len(self.releases)
        self.releases.append(release)
        closed, ends = [], len(KEY_COLUMNS) + 1  # a change row: position, the key, then the run's values
        for row in changes:
            if row[0] != position:
                raise ValueError(f"{release}: a change of position {row[0]} given at position {position}")
            key = row[1:ends]
            run = self.open.get(key)
            if run is None:
                number = len(self.open)  # a key stays in `open` once seen (a removal is a run)
                self.new_keys.append((number, *key))
            else:
                number = run[0]
                closed.append(self.row(run, position))
            self.open[key] = (number, position, *row[ends:], run[3] if run else None)
        return closed

    def keys_seen(self) -> list[tuple]:
        """(number, *KEY_COLUMNS) of each key first seen since the last call."""
        seen, self.new_keys = self.new_keys, []
        return seen

    def rest(self) -> list[tuple]:
        """The runs still open after the newest release: they last to it."""
        return [self.row(run, len(self.releases)) for run in self.open.values()]

    def row(self, run: tuple, end: int) -> tuple:
        """A run that lasts until the release before position `end`, as (key number, position,
        *RUN_COLUMNS)."""
        number, first, supported, min_units, unit, change, previous = run
        return (number, first, supported, min_units, unit, self.releases[first], self.releases[end - 1], end - first,
                previous, change)


RUN_COLUMNS = COLUMNS[len(KEY_COLUMNS):]  # a run's columns after its key
