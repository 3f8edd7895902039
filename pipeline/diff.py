"""What changed between two releases: every configuration key classified once.

Rows are matched on (model, strategy, seq_len, framework, hardware) after
normalisation, so spellings the tidy stage canonicalises (`Snt9B` -> `Snt9b`)
never show as changes. A key present on one side only is attributed to the
first reason that explains it: a model added or removed, then a framework or a
hardware column added or removed, else a configuration of an existing model.

Everything comes in the vendor's order, not the alphabet's: rows by where the vendor
table prints them (the new release's cell, else the old one's), columns by the table's
column order (pipeline/units.py), the names added or removed likewise; the changed values
first, then what was removed, then what was added (a reader comes for the changes).
"""
from __future__ import annotations

import io
import json
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd

from .formats import json_value, to_ndjson as ndjson_lines, to_table as table_lines
from .units import HARDWARE, vendor_column_order

MATCH_KEY = ["model", "strategy", "seq_len", "framework", "hardware"]
VALUE = ["supported", "min_units"]
LINEAGE = ["source_file", "source_page", "source_row", "source_col", "raw_text"]
DOUBT = ["certain"]  # false where the release's notes.toml says the value's reading is uncertain
SIDES = ("old", "new")
CHANGE_ORDER = ["changed", "removed", "added", "unchanged"]


@dataclass(frozen=True)
class ReleaseDiff:
    old: str
    new: str
    rows: pd.DataFrame  # one row per key of either release: MATCH_KEY, change, reason, old_*, new_*
    frameworks: dict[str, list[str]]  # "added"/"removed" -> names
    hardware: dict[str, list[str]]
    models: dict[str, list[str]]

    def where(self, change: str, reason: str | None = None) -> pd.DataFrame:
        chosen = self.rows["change"] == change
        if reason is not None:  # one mask: each filter of the rows takes every column
            chosen &= self.rows["reason"] == reason
        return self.rows[chosen]

    def values_where(self, change: str, reason: str, columns: list[str]) -> list[tuple]:
        """where(change, reason)'s rows as tuples of these columns' plain values, picked in
        Python from one tolist per column: a filtered frame takes each string column with a
        pyarrow take, ~10x as long for the few rows a page lists."""
        at = [i for i, pair in enumerate(zip(self.rows["change"].tolist(), self.rows["reason"].tolist()))
              if pair == (change, reason)]
        if not at:
            return []
        return list(zip(*([values[i] for i in at] for values in (self.rows[c].tolist() for c in columns))))

    def counts(self) -> dict[str, int]:
        counts = {}
        for what, names in (("frameworks", self.frameworks), ("hardware", self.hardware), ("models", self.models)):
            for side in ("added", "removed"):
                counts[f"{what}_{side}"] = len(names[side])
        # one count of (change, reason) pairs, not a filtered copy of the rows per number
        pairs = Counter(zip(self.rows["change"].tolist(), self.rows["reason"].tolist()))
        for change in ("added", "removed"):
            counts[f"rows_{change}"] = sum(n for (kind, _), n in pairs.items() if kind == change)
            counts[f"configurations_{change}"] = pairs[(change, "configuration")]
        counts["values_changed"] = sum(n for (kind, _), n in pairs.items() if kind == "changed")
        counts["unchanged"] = sum(n for (kind, _), n in pairs.items() if kind == "unchanged")
        return counts

    @property
    def differs(self) -> bool:
        return bool((self.rows["change"] != "unchanged").any())

    def summary(self) -> str:
        c = self.counts()
        return (f"{self.old} -> {self.new}: {c['frameworks_added']} frameworks added, {c['frameworks_removed']} "
                f"removed; {c['hardware_added']} hardware added, {c['hardware_removed']} removed; "
                f"{c['models_added']} models added, {c['models_removed']} removed; {c['values_changed']} values "
                f"changed; {c['configurations_added']} configurations added, {c['configurations_removed']} "
                f"removed; {c['rows_added']} rows added and {c['rows_removed']} removed in all; "
                f"{c['unchanged']} unchanged")


def na_first(value: object) -> tuple:
    """A sort key on which a missing value (None, NA, NaN) comes before every value, as
    pandas sorts with na_position="first"."""
    return (0, 0) if missing(value) else (1, value)


def in_vendor_order(side: Side, what: str, names: set) -> list[str]:
    """These models, frameworks or hardware of a release in the vendor's order: models by the
    first row printing them, frameworks by their first column, hardware as the vocabulary
    lists it. Usually there are none."""
    if not names:
        return []
    if what == "hardware":
        return [h for h in HARDWARE if h in names] + sorted(names - set(HARDWARE))
    return [name for name in side.vendor_order[what] if name in names]


def added_removed(old: Side, new: Side, what: str) -> dict[str, list[str]]:
    """The names of `what` only one release has, each in its own release's order."""
    before, after = old.key_names[what], new.key_names[what]
    return {"added": in_vendor_order(new, what, after - before), "removed": in_vendor_order(old, what, before - after)}


def sided(frame: pd.DataFrame) -> pd.DataFrame:
    return frame if "certain" in frame.columns else frame.assign(certain=True)


def rows_of(frame: pd.DataFrame, columns: list[str]) -> list[tuple]:
    """The frame's rows as tuples of these columns' plain values, one tolist per column."""
    return list(zip(*(frame[column].tolist() for column in columns)))


def missing(value: object) -> bool:
    return value is None or value is pd.NA or value != value  # NaN in a column of plain floats


def same_value(old: tuple, new: tuple) -> bool:
    """(supported, min_units) equal; a missing support is never equal, missing units are."""
    (old_supported, old_units), (new_supported, new_units) = old, new
    if missing(old_supported) or missing(new_supported) or old_supported != new_supported:
        return False
    return missing(old_units) and missing(new_units) or \
        not missing(old_units) and not missing(new_units) and old_units == new_units


def reasons(columns: dict[str, dict[str, list[str]]]) -> dict[str, list[tuple[str, int, set]]]:
    """For an added and for a removed key, what may explain it, in turn: (model, framework
    or hardware, its place in the key, the names added or removed)."""
    kinds = ("model", "framework", "hardware")
    return {change: [(what, MATCH_KEY.index(what), set(columns[what][change])) for what in kinds]
            for change in ("added", "removed")}


def reason_of(change: str, key: tuple, explained: dict[str, list[tuple[str, int, set]]]) -> str:
    """Why a key was added or removed ("" when it was not): the first of its model,
    framework or hardware that was added or removed with it, else "configuration"."""
    if change not in explained:
        return ""
    for what, at, names in explained[change]:
        if key[at] in names:
            return what
    return "configuration"


PLACE = ["source_page", "source_row", "source_col"]


@dataclass(frozen=True)
class Side:
    """One release's rows as plain lists: its keys, per key its row, and each row's place
    in the vendor table (PLACE)."""
    frame: pd.DataFrame
    keys: list[tuple]
    row_of: dict[tuple, int]
    places: list[tuple]

    @classmethod
    def of(cls, frame: pd.DataFrame) -> Side:
        keys = rows_of(frame, MATCH_KEY)
        row_of = {key: i for i, key in enumerate(keys)}
        if len(row_of) < len(keys):
            raise ValueError("diff_releases needs one row per key on each side (the contract's key)")
        return cls(frame, keys, row_of, rows_of(frame, PLACE))

    @cached_property
    def value_rows(self) -> list[tuple]:
        """Each row's VALUE, as plain values."""
        return rows_of(self.frame, VALUE)

    @cached_property
    def vendor_order(self) -> dict[str, list[str]]:
        """The release's models by the first row printing them (a missing page or row first),
        its frameworks by their first column: worked out once for every diff it is in."""
        rows = [{"framework": framework, "hardware": hardware, "source_col": col} for framework, hardware, col in
                dict.fromkeys((key[3], key[4], place[2]) for key, place in zip(self.keys, self.places))]
        frameworks = list(dict.fromkeys(framework for framework, _ in vendor_column_order(rows)))
        first: dict[str, tuple] = {}  # model -> its first (page, row, position)
        for position, (key, (page, row, _)) in enumerate(zip(self.keys, self.places)):
            if key[0] not in first:
                first[key[0]] = (na_first(page), na_first(row), position)
            else:
                first[key[0]] = min(first[key[0]], (na_first(page), na_first(row), position))
        return {"model": sorted(first, key=first.__getitem__), "framework": frameworks}

    @cached_property
    def sort_keys(self) -> list[tuple]:
        """Each row's place in a diff after its change's rank (sort_key): made once per release."""
        return [sort_key(place, key) for place, key in zip(self.places, self.keys)]

    @cached_property
    def key_names(self) -> dict[str, set]:
        """The models, frameworks and hardware of the release (parts of the key), from its keys."""
        return {what: {name for name in {key[MATCH_KEY.index(what)] for key in self.keys} if not missing(name)}
                for what in ("model", "framework", "hardware")}


def classified(old: Side, new: Side, columns: dict) -> list[tuple[int, int, str, str]]:
    """(old row, new row, change, reason) of every key of either release (-1 where a release
    has no row for it), in the vendor's order (CHANGE_ORDER, then where the vendor prints
    it, then the key). The keys of the new release first, then those only the old one has
    (removed): the history diffs every consecutive pair, so this loop is kept lean."""
    rank = {name: (i,) for i, name in enumerate(CHANGE_ORDER)}
    explained = reasons(columns)
    old_values, new_values = old.value_rows, new.value_rows
    keyed = []
    for at_new, key in enumerate(new.keys):
        at_old = old.row_of.get(key, -1)
        change = "added" if at_old < 0 else \
            "unchanged" if same_value(old_values[at_old], new_values[at_new]) else "changed"
        keyed.append(rank[change] + new.sort_keys[at_new] + ((at_old, at_new, change, reason_of(change, key, explained)),))
    for at_old, key in enumerate(old.keys):
        if key not in new.row_of:
            keyed.append(rank["removed"] + old.sort_keys[at_old] +
                         ((at_old, -1, "removed", reason_of("removed", key, explained)),))
    keyed.sort()  # the sort keys hold the whole key: no two are equal, the classifications never compared
    return [item[-1] for item in keyed]


HARDWARE_ORDER = {name: na_first(i) for i, name in enumerate(HARDWARE)}  # an unknown one first


def sort_key(place: tuple, key: tuple) -> tuple:
    """Where a key's row comes in the diff after its change's rank: where the vendor prints it,
    then the key (a missing page or hardware rank first)."""
    page, row, col = place
    model, strategy, seq_len, framework, hardware = key
    return na_first(page), row, model, strategy, seq_len, col, HARDWARE_ORDER.get(hardware, (0, 0)), framework, hardware


def taken(frame: pd.DataFrame, columns: list[str], at: np.ndarray, prefix: str = "") -> dict[str, object]:
    """These columns of a frame at these positions, missing (as a join leaves them) where one
    is -1: each column's array taken as reindex takes it (a numpy column promoted only where
    a value is missing), without building a frame and an index per side."""
    series = {column: frame[column] for column in columns}  # each Series got once: a frame[column] costs ~25 µs
    return {prefix + column: pd.api.extensions.take(
        values.array if isinstance(values.dtype, pd.api.extensions.ExtensionDtype) else values.to_numpy(), at,
        allow_fill=True) for column, values in series.items()}


def stacked_keys(old: pd.DataFrame, new: pd.DataFrame, at: np.ndarray) -> dict[str, object]:
    """The key columns of old's rows followed by new's, at these positions: where both sides
    hold a column in the same extension dtype (always, for published releases), its two
    arrays joined as pd.concat joins them, without building the stacked frame."""
    sides = {c: (old[c], new[c]) for c in MATCH_KEY}
    if not all(o.dtype == n.dtype and isinstance(o.dtype, pd.api.extensions.ExtensionDtype) for o, n in sides.values()):
        return taken(pd.concat([old[MATCH_KEY], new[MATCH_KEY]], ignore_index=True), MATCH_KEY, at)
    return {c: pd.api.extensions.take(type(o.array)._concat_same_type([o.array, n.array]), at, allow_fill=True)
            for c, (o, n) in sides.items()}


def diff_releases(old_release: str, old: pd.DataFrame, new_release: str, new: pd.DataFrame) -> ReleaseDiff:
    """Every key of either release classified. Each side holds one row per key (the
    contract's). Plain Python over the keys and one take per side, no join: the history
    (pipeline/across.py) diffs every consecutive pair of releases."""
    return diff_sides(old_release, Side.of(sided(old)), new_release, Side.of(sided(new)))


def diff_sides(old_release: str, old_side: Side, new_release: str, new_side: Side) -> ReleaseDiff:
    """diff_releases of two releases' Sides: the history makes each release's once, for the
    pair it is the newer of and the one it is the older of."""
    old, new = old_side.frame, new_side.frame
    columns = {what: added_removed(old_side, new_side, what) for what in ("model", "framework", "hardware")}
    at_old, at_new, change, reason = [list(c) for c in zip(*classified(old_side, new_side, columns))] or [[]] * 4
    at_old, at_new = np.array(at_old, dtype=np.int64), np.array(at_new, dtype=np.int64)
    either = np.where(at_new >= 0, at_new + len(old), at_old)  # in old's rows followed by new's
    classes = pd.DataFrame({"change": np.array(change, dtype=object), "reason": pd.Series(reason, dtype=object)})
    rows = pd.DataFrame({**classes, **stacked_keys(old, new, either),
                         **taken(old, VALUE + LINEAGE + DOUBT, at_old, "old_"),
                         **taken(new, VALUE + LINEAGE + DOUBT, at_new, "new_")})
    return ReleaseDiff(old_release, new_release, rows, columns["framework"], columns["hardware"], columns["model"])


# --- rendering -----------------------------------------------------------------------------

def units_text(supported: object, units: object) -> str:
    if pd.isna(supported):
        return ""
    return str(int(units)) if supported else "-"


UNCERTAIN_NOTE = "? the value's reading was uncertain in that release (its notes.toml; report.md says why)"


def side_text(row: pd.Series, name: str) -> str:
    """One side's value, marked ? where that release declared its reading uncertain."""
    certain = row[f"{name}_certain"]  # NA on the side where the key is missing
    return units_text(row[f"{name}_supported"], row[f"{name}_min_units"]) + (
        "" if pd.isna(certain) or certain else "?")


def cell_text(row: pd.Series, name: str) -> str:
    if pd.isna(row[f"{name}_source_row"]):
        return ""
    page = row[f"{name}_source_page"]
    where = f"p{int(page)} " if not pd.isna(page) else ""
    return f"{where}r{int(row[f'{name}_source_row'])} c{int(row[f'{name}_source_col'])}"


def md_table(header: list[str], lines: list[list[object]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return out + ["| " + " | ".join(str(v) for v in line) + " |" for line in lines]


def model_pivot(rows: pd.DataFrame, prefix: str) -> list[str]:
    """A model's rows as the vendor prints them: (strategy, seq_len) x framework/hardware,
    rows and columns in the vendor table's order (`rows` come in it: vendor_order)."""
    values = {(r.strategy, r.seq_len, r.framework, r.hardware): units_text(s, u) for r, s, u in zip(
        rows.itertuples(index=False), rows[f"{prefix}_supported"], rows[f"{prefix}_min_units"])}
    lines = list(dict.fromkeys(zip(rows["strategy"], rows["seq_len"])))
    columns = vendor_column_order(rows, f"{prefix}_source_col")
    header = ["strategy", "seq_len"] + [f"{fw} {hw}" for fw, hw in columns]
    return md_table(header, [[s, q, *(values.get((s, q, fw, hw), "") for fw, hw in columns)] for s, q in lines])


def names_line(label: str, names: list[str], rows: pd.DataFrame | None = None) -> str:
    if not names:
        return f"- {label}: none"
    return f"- {label}: {', '.join(names)}" + (f" ({len(rows)} rows)" if rows is not None else "")


def columns_lines(diff: ReleaseDiff) -> list[str]:
    """What the summary line counts, by name: the columns and models added or removed."""
    return [names_line("frameworks added", diff.frameworks["added"], diff.where("added", "framework")),
            names_line("frameworks removed", diff.frameworks["removed"], diff.where("removed", "framework")),
            names_line("hardware added", diff.hardware["added"], diff.where("added", "hardware")),
            names_line("hardware removed", diff.hardware["removed"], diff.where("removed", "hardware")),
            names_line("models added", diff.models["added"], diff.where("added", "model")),
            names_line("models removed", diff.models["removed"], diff.where("removed", "model"))]


def changed_section(diff: ReleaseDiff) -> list[str]:
    changed = diff.where("changed")
    out = [f"## Values changed ({len(changed)})", ""]
    if changed.empty:
        return out + ["none", ""]
    for model, rows in changed.groupby("model", sort=False):
        out += [f"### {model}", ""] + md_table(
            ["strategy", "seq_len", "framework", "hardware", "old", "new", "old cell", "new cell"],
            [[r.strategy, r.seq_len, r.framework, r.hardware, side_text(r, "old"), side_text(r, "new"),
              cell_text(r, "old"), cell_text(r, "new")]
             for _, r in rows.iterrows()]) + [""]
    if (changed[[f"{s}_certain" for s in SIDES]] == False).any(axis=None):  # noqa: E712 - NA stays NA
        out += [UNCERTAIN_NOTE, ""]
    return out


def models_section(diff: ReleaseDiff, change: str) -> list[str]:
    """Each model added (removed) as the new (old) release prints it."""
    prefix = "new" if change == "added" else "old"
    models = diff.models[change]
    out = [f"## Models {change} ({len(models)})", ""]
    if not models:
        return out + ["none", ""]
    rows = diff.where(change, "model")
    for model in models:
        out += [f"### {model}", ""] + model_pivot(rows[rows["model"] == model], prefix) + [""]
    return out


def configurations_section(diff: ReleaseDiff, change: str) -> list[str]:
    prefix = "new" if change == "added" else "old"
    rows = diff.where(change, "configuration")
    out = [f"## Configurations {change} for existing models and columns ({len(rows)})", ""]
    if rows.empty:
        return out + ["none", ""]
    return out + md_table(["model", "strategy", "seq_len", "framework", "hardware", "value", "cell"],
                          [[r.model, r.strategy, r.seq_len, r.framework, r.hardware,
                            units_text(r[f"{prefix}_supported"], r[f"{prefix}_min_units"]), cell_text(r, prefix)]
                           for _, r in rows.iterrows()]) + [""]


def to_markdown(diff: ReleaseDiff) -> str:
    """The summary first, then the values that changed, then what was removed, then what
    was added (the new models' tables are long, and seldom what a reader came for)."""
    out = [f"# mincards diff: {diff.old} -> {diff.new}", "", f"**Summary:** {diff.summary()}", "",
           *columns_lines(diff), "", *changed_section(diff)]
    for change in ("removed", "added"):
        out += models_section(diff, change) + configurations_section(diff, change)
    return "\n".join(out)


def side_record(row: pd.Series, name: str) -> dict | None:
    if pd.isna(row[f"{name}_supported"]):
        return None
    return {"supported": json_value(row[f"{name}_supported"]), "min_units": json_value(row[f"{name}_min_units"]),
            "certain": json_value(row[f"{name}_certain"]), "source": {c.removeprefix("source_"): json_value(row[f"{name}_{c}"]) for c in LINEAGE}}


def key_record(row: pd.Series) -> dict:
    record = {k: json_value(row[k]) for k in MATCH_KEY}
    for name in SIDES:
        if (value := side_record(row, name)) is not None:
            record[name] = value
    return record


def to_json(diff: ReleaseDiff) -> str:
    def records(change: str, reason: str | None = None) -> list[dict]:
        return [key_record(r) for _, r in diff.where(change, reason).iterrows()]

    def models(change: str) -> list[dict]:
        rows = records(change, "model")
        return [{"model": m, "rows": [r for r in rows if r["model"] == m]} for m in diff.models[change]]

    document = {
        "old": diff.old, "new": diff.new,
        "frameworks": {c: [{"framework": f, "rows": [r for r in records(c, "framework") if r["framework"] == f]}
                           for f in diff.frameworks[c]] for c in ("added", "removed")},
        "hardware": {c: [{"hardware": h, "rows": [r for r in records(c, "hardware") if r["hardware"] == h]}
                         for h in diff.hardware[c]] for c in ("added", "removed")},
        "models": {c: models(c) for c in ("added", "removed")},
        "changed": records("changed"),
        "configurations": {c: records(c, "configuration") for c in ("added", "removed")},
        "summary": diff.counts(),
    }
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def to_csv(diff: ReleaseDiff) -> str:
    rows = diff.rows[diff.rows["change"] != "unchanged"]
    buffer = io.StringIO()
    rows.to_csv(buffer, index=False, lineterminator="\n")
    return buffer.getvalue()


TABLE_COLUMNS = ["change", "reason", *MATCH_KEY, "old", "new", "old_cell", "new_cell"]


def differing_records(diff: ReleaseDiff) -> list[dict]:
    """One record per key that differs: the key, both values and both source cells."""
    rows = diff.rows[diff.rows["change"] != "unchanged"]
    return [{"change": r.change, "reason": r.reason, **{k: r[k] for k in MATCH_KEY},
             "old": side_text(r, "old"), "new": side_text(r, "new"),
             "old_cell": cell_text(r, "old"), "new_cell": cell_text(r, "new")} for _, r in rows.iterrows()]


def to_table(diff: ReleaseDiff) -> str:
    records = differing_records(diff)
    doubt = any(r["old"].endswith("?") or r["new"].endswith("?") for r in records)
    return f"{diff.summary()}\n\n" + table_lines(records, TABLE_COLUMNS) + (f"\n{UNCERTAIN_NOTE}\n" if doubt else "")


def to_ndjson(diff: ReleaseDiff) -> str:
    """One JSON object per key that differs, with the change, its reason and both sides' lineage."""
    rows = diff.rows[diff.rows["change"] != "unchanged"]
    records = [{"change": r["change"], "reason": r["reason"], **key_record(r)} for _, r in rows.iterrows()]
    return ndjson_lines(records, ["change", "reason", *MATCH_KEY, *SIDES])


FORMATS = {"md": to_markdown, "table": to_table, "csv": to_csv, "json": to_json, "ndjson": to_ndjson}
