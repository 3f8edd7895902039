"""pipeline/diff.py's classification as it was, with a pandas outer join and sorts, kept
as the reference tests/test_diff.py checks the join-free one against, frame for frame:
every key of either release, its change, reason and both sides, in the vendor's order."""
from __future__ import annotations

import numpy as np
import pandas as pd

from pipeline.diff import CHANGE_ORDER, DOUBT, LINEAGE, MATCH_KEY, SIDES, VALUE, ReleaseDiff
from pipeline.units import HARDWARE, vendor_column_order


def in_vendor_order(frame: pd.DataFrame, what: str, names: set) -> list[str]:
    """The pandas way: the rows of `names` sorted by where they are printed (hardware by the
    vocabulary, unknown names after it)."""
    if what == "hardware":
        return [h for h in HARDWARE if h in names] + sorted(names - set(HARDWARE))
    rows = frame[frame[what].isin(names)]
    if what == "framework":
        return list(dict.fromkeys(framework for framework, _ in vendor_column_order(rows)))
    rows = rows.sort_values(["source_page", "source_row"], kind="stable", na_position="first")
    return list(dict.fromkeys(rows["model"].tolist()))


def added_removed(old: pd.DataFrame, new: pd.DataFrame, what: str) -> dict[str, list[str]]:
    """The names of `what` only one release has, each in its own release's order."""
    before, after = set(old[what].dropna().unique()), set(new[what].dropna().unique())  # a few names, not every row
    return {"added": in_vendor_order(new, what, after - before), "removed": in_vendor_order(old, what, before - after)}


def side(frame: pd.DataFrame, name: str) -> pd.DataFrame:
    frame = frame if "certain" in frame.columns else frame.assign(certain=True)
    return frame[MATCH_KEY + VALUE + LINEAGE + DOUBT].rename(
        columns={c: f"{name}_{c}" for c in VALUE + LINEAGE + DOUBT})


def same_value(rows: pd.DataFrame) -> pd.Series:
    units_equal = (rows["old_min_units"] == rows["new_min_units"]).fillna(False) | (
        rows["old_min_units"].isna() & rows["new_min_units"].isna())
    return (rows["old_supported"] == rows["new_supported"]).fillna(False) & units_equal


def reasons(rows: pd.DataFrame, columns: dict[str, dict[str, list[str]]]) -> pd.Series:
    """Why each key was added or removed ("" when it was not): the first of its model,
    framework or hardware that was added or removed with it, else "configuration".
    Column operations: this runs on every extract (the HTML/PDF agreement check)."""
    reason = pd.Series("", index=rows.index, dtype=object)
    pending = rows["change"].isin(("added", "removed"))
    if not pending.any():
        return reason  # the sources agree: the usual case of the agreement check
    reason[pending] = "configuration"
    for what in ("hardware", "framework", "model"):  # the last assigned wins: model first
        for change in ("added", "removed"):
            reason[(rows["change"] == change) & rows[what].isin(columns[what][change])] = what
    return reason


def vendor_order(rows: pd.DataFrame, change: np.ndarray) -> pd.DataFrame:
    """The diff's rows by change (CHANGE_ORDER), then where the vendor prints them: the new
    release's cell, else the old one's (page, row), then its column; the key breaks ties."""
    def place(column: str) -> pd.Series:
        return rows[f"new_{column}"].fillna(rows[f"old_{column}"])

    hardware_rank = {name: i for i, name in enumerate(HARDWARE)}
    order = rows.assign(_order=np.select([change == name for name in CHANGE_ORDER], range(len(CHANGE_ORDER))),
                        _page=place("source_page"), _row=place("source_row"), _col=place("source_col"),
                        _hw=rows["hardware"].map(hardware_rank))
    by = ["_order", "_page", "_row", "model", "strategy", "seq_len", "_col", "_hw", "framework", "hardware"]
    order = order.sort_values(by, kind="stable", na_position="first")
    return order.drop(columns=["_order", "_page", "_row", "_col", "_hw"]).reset_index(drop=True)


def diff_releases(old_release: str, old: pd.DataFrame, new_release: str, new: pd.DataFrame) -> ReleaseDiff:
    columns = {what: added_removed(old, new, what) for what in ("model", "framework", "hardware")}
    rows = side(old, "old").merge(side(new, "new"), on=MATCH_KEY, how="outer", indicator=True)
    # Column operations, no Python call per row: the history (pipeline/history.py) diffs
    # every consecutive pair of releases.
    status = rows["_merge"].to_numpy()
    change = np.where(status == "left_only", "removed", np.where(status == "right_only", "added", np.where(
        same_value(rows).to_numpy(dtype=bool), "unchanged", "changed")))
    rows = rows.drop(columns="_merge").assign(change=change.astype(object))
    rows["reason"] = reasons(rows, columns)
    rows = vendor_order(rows, change)
    ordered = ["change", "reason"] + MATCH_KEY + [f"{s}_{c}" for s in SIDES for c in VALUE + LINEAGE + DOUBT]
    return ReleaseDiff(old_release, new_release, rows[ordered], columns["framework"], columns["hardware"],
                       columns["model"])
