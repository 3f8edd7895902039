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

The changes of every release are kept compact (`Changes`) and made into the runs at once
(`Runs`), which the history table, its files and the site's model pages are written from.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
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
# is the min_units of the key's change before. `Changes` keeps every change in a few bytes
# (its key's number, the value, the kind: ~20 bytes a run, 3 MB for the 157,000 runs of 128
# releases that each change every value), and `runs` sorts them once into the history, in
# key order: closing each key's run in Python as the releases arrived, keeping the closed runs
# in SQLite tables and copying them into the history table in key order cost six times as much.
CHANGE_COLUMNS = ["position", *KEY_COLUMNS, "supported", "min_units", "unit", "change"]
CHANGE_NAMES = list(CHANGES)  # the `change` column's values, by their code here
NONE = -1  # a null supported or min_units (min_units is at least 1, supported 0 or 1)
CHUNK = 20_000  # history rows made into Python values at once (memory flat past it)


def change_rows(position: int, kinds: dict[str, list], unit_of: dict[str, str]) -> list[tuple]:
    """The CHANGE rows of the release at `position` in release order, from the change_kinds
    of its diff with the release before. A removed key keeps its unit (hardware's)."""
    keys = [one_object_each(kinds[column]) for column in KEY_COLUMNS]
    return list(zip([position] * len(kinds["kind"]), *keys, plain(kinds["new_supported"]),
                    plain(kinds["new_min_units"]), [unit_of[h] for h in keys[-1]], kinds["kind"]))


def one_object_each(values: list) -> list:
    """The values, equal ones made one object: rows sent to another process are pickled with
    each string once and made once there (a release's model names repeat on every row; per
    column, 0.9 -> 0.2 ms a release against a pass over the rows made)."""
    seen: dict = {}
    return [seen.setdefault(value, value) for value in values]


class Changes:
    """The changes of the releases as they arrive in release order, kept compact: each key
    numbered as it first appears, each change as (key number, supported, min_units, kind)."""

    def __init__(self) -> None:
        self.releases: list[str] = []
        self.number: dict[tuple, int] = {}
        self.keys: list[tuple] = []  # by number
        self.units: list[str] = []  # by number: a key's unit is its hardware's
        self.parts: list[tuple[np.ndarray, ...]] = []  # per release: position, numbers, supported, min_units, kinds
        self.codes = {name: code for code, name in enumerate(CHANGE_NAMES)}

    def add(self, release: str, changes: list[tuple]) -> None:
        position = len(self.releases)
        self.releases.append(release)
        ends = len(KEY_COLUMNS) + 1  # a change row: position, the key, then the run's values
        numbers, supported, min_units, kinds = [], [], [], []
        for row in changes:
            if row[0] != position:
                raise ValueError(f"{release}: a change of position {row[0]} given at position {position}")
            key = row[1:ends]
            number = self.number.get(key)
            if number is None:
                number = self.number[key] = len(self.keys)
                self.keys.append(key)
                self.units.append(row[ends + 2])
            numbers.append(number)
            supported.append(NONE if row[ends] is None else int(row[ends]))
            min_units.append(NONE if row[ends + 1] is None else row[ends + 1])
            kinds.append(self.codes[row[ends + 3]])
        self.parts.append((np.full(len(numbers), position, dtype=np.int32), np.array(numbers, dtype=np.int32),
                           np.array(supported, dtype=np.int8), np.array(min_units, dtype=np.int32),
                           np.array(kinds, dtype=np.int8)))

    def runs(self) -> Runs:
        """Every run, sorted by key and first release."""
        positions, numbers, supported, min_units, kinds = (np.concatenate([part[i] for part in self.parts])
                                                       if self.parts else np.zeros(0, dtype=np.int32)
                                                       for i in range(5))
        in_order = sorted(range(len(self.keys)), key=self.keys.__getitem__)  # plain order = SQLite's BINARY
        rank = np.empty(len(self.keys), dtype=np.int32)
        rank[in_order] = np.arange(len(self.keys), dtype=np.int32)
        keyed = rank[numbers]
        order = np.lexsort((positions, keyed))
        keyed, first = keyed[order], positions[order]
        same_next = keyed[1:] == keyed[:-1]  # the run after this one is the same key's
        end = np.full(len(keyed), len(self.releases), dtype=np.int32)
        end[:-1][same_next] = first[1:][same_next]
        min_units = min_units[order]
        previous = np.full(len(keyed), NONE, dtype=np.int32)  # the min_units of the key's run before
        previous[1:][same_next] = min_units[:-1][same_next]
        return Runs(list(self.releases), [self.keys[n] for n in in_order], [self.units[n] for n in in_order],
                    keyed, first, end, supported[order], min_units, previous, kinds[order])


@dataclass
class Runs:
    """The history: its runs in key order as arrays (picklable, a few MB), each run's key an
    index into `keys`; `columns` gives a slice of them as the history's rows."""
    releases: list[str]
    keys: list[tuple]  # sorted
    units: list[str]  # by key
    key: np.ndarray  # per run
    first: np.ndarray  # the position of its first release
    end: np.ndarray  # the position after its last one
    supported: np.ndarray  # NONE, 0 or 1
    min_units: np.ndarray
    previous: np.ndarray
    change: np.ndarray  # a code of CHANGE_NAMES

    def __len__(self) -> int:
        return len(self.key)

    def columns(self, start: int = 0, stop: int | None = None) -> list[list]:
        """Runs start..stop as lists of plain values in COLUMNS order (None for null)."""
        at = self.key[start:stop].tolist()
        key_columns = [[column[i] for i in at] for column in zip(*self.keys)] if self.keys else [[]] * len(KEY_COLUMNS)
        first, end = self.first[start:stop].tolist(), self.end[start:stop].tolist()
        return [*key_columns,
                [None if v == NONE else bool(v) for v in self.supported[start:stop].tolist()],
                [None if v == NONE else v for v in self.min_units[start:stop].tolist()],
                [self.units[i] for i in at],
                [self.releases[p] for p in first], [self.releases[e - 1] for e in end],
                [e - f for f, e in zip(first, end)],
                [None if v == NONE else v for v in self.previous[start:stop].tolist()],
                [CHANGE_NAMES[c] for c in self.change[start:stop].tolist()]]

    def models(self) -> dict[str, tuple[int, int]]:
        """Each model's runs: (start, stop), models in key order (runs sorted by key, model first)."""
        starts = np.searchsorted(self.key, np.arange(len(self.keys)))  # each key's first run
        spans: dict[str, list[int]] = {}
        for key, start in zip(self.keys, starts.tolist()):
            spans.setdefault(key[0], [start, start])
        bounds = [start for start, _ in spans.values()] + [len(self)]
        return {model: (bounds[i], bounds[i + 1]) for i, model in enumerate(spans)}


RUN_COLUMNS = COLUMNS[len(KEY_COLUMNS):]  # a run's columns after its key
