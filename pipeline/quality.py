"""Plausibility checks on a validated release: findings that do not stop the pipeline
(unless --strict) but that a reader of the vendor's numbers should know about.

Each finding names the cells involved (file, row, column, raw text). Findings are
grouped by the cells that cause them, so that one published cell that expands to
four configurations (`full/lora` x `4096/8192`) is one finding, not four.
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from schemas.min_cards import source_place

from .units import amount

# The checks, as data: what each finding type means, for the summary, report and README.
CHECKS = {
    "lora_exceeds_full": "lora needs more units than full fine-tuning of the same model, sequence length, "
                         "framework and hardware",
    "longer_sequence_fewer_units": "a longer sequence needs fewer units than a shorter one for the same model, "
                                   "strategy, framework and hardware",
    "odd_die_count": "an odd number of DIEs on Snt9b23, where the vendor states 2 DIE is the smallest unit",
    "model_never_supported": "a model listed in the release with no supported configuration at all",
}
FINDING_COLUMNS = ["rule", "model", "framework", "hardware", "detail", "cells"]
ROW_KEY = ["model", "strategy", "seq_len", "framework", "hardware"]  # a min_cards row within a release
LINEAGE = ["source_file", "source_page", "source_row", "source_col", "raw_text"]
SAME_CONFIG = ["model", "framework", "hardware"]


@dataclass(frozen=True)
class Finding:
    rule: str  # the check that found it (a key of CHECKS); `rule`, not `check`: a reserved word in SQL
    model: str
    framework: str
    hardware: str
    detail: str
    cells: str  # the lineage of every cell involved, "file row r, column c ('text')"
    # the min_cards rows involved, as (model, strategy, seq_len, framework, hardware) keys:
    # what findings.csv / findings.parquet publish, one line per row (finding_rows)
    rows: tuple = ()


def cell_ref(row: pd.Series, suffix: str) -> str:
    """The lineage of one side of a finding: the columns source_*<suffix> and raw_text<suffix>."""
    return f"{row[f'source_file{suffix}']} {source_place(row, suffix=suffix)} ({row[f'raw_text{suffix}']!r})"


def supported(frame: pd.DataFrame) -> pd.DataFrame:
    return frame[frame["supported"].fillna(False)]


def compare_pairs(frame: pd.DataFrame, on: list[str], split: str | None = None,
                  low: object = None, high: object = None) -> pd.DataFrame:
    """Supported rows paired on `on`, side a (split == low) against side b (split == high);
    without `split`, every pair of rows that agree on `on`."""
    rows = supported(frame)
    left = rows[rows[split] == low] if split else rows
    right = rows[rows[split] == high] if split else rows
    return left.merge(right, on=on, suffixes=("_a", "_b"))


def labelled(rows: pd.DataFrame, check: str, describe) -> pd.DataFrame:
    """Tag rows with their check (column `rule`) and a one-line description (also for no rows)."""
    return rows.assign(rule=check, detail=[describe(r) for r in rows.itertuples(index=False)])


def lora_exceeds_full(frame: pd.DataFrame) -> pd.DataFrame:
    pairs = compare_pairs(frame, SAME_CONFIG + ["seq_len"], "strategy", "full", "lora")
    pairs = pairs[pairs["min_units_b"] > pairs["min_units_a"]]
    return labelled(pairs, "lora_exceeds_full", lambda p: f"seq_len {p.seq_len}: lora "
                    f"{amount(p.min_units_b, p.unit_b)} > full {amount(p.min_units_a, p.unit_a)}")


def longer_sequence_fewer_units(frame: pd.DataFrame) -> pd.DataFrame:
    pairs = compare_pairs(frame, SAME_CONFIG + ["strategy"])
    pairs = pairs[(pairs["seq_len_b"] > pairs["seq_len_a"]) & (pairs["min_units_b"] < pairs["min_units_a"])]
    return labelled(pairs, "longer_sequence_fewer_units", lambda p: f"{p.strategy}: seq_len {p.seq_len_b} needs "
                    f"{p.min_units_b} < {amount(p.min_units_a, p.unit_a)} at seq_len {p.seq_len_a}")


def odd_die_count(frame: pd.DataFrame) -> pd.DataFrame:
    rows = supported(frame)
    rows = rows[(rows["unit"] == "die") & (rows["min_units"] % 2 == 1)]
    rows = rows.rename(columns={c: f"{c}_a" for c in rows.columns if c.startswith("source_") or c == "raw_text"})
    return labelled(rows, "odd_die_count",
                    lambda r: f"{r.strategy} seq_len {r.seq_len}: {amount(r.min_units, r.unit)}")


def model_never_supported(frame: pd.DataFrame) -> list[Finding]:
    by_model = frame.groupby("model", sort=True)["supported"].any()
    return [Finding("model_never_supported", model, "", "", "every cell of the model is '-'",
                    f"{len(frame[frame.model == model])} rows, all '-'",
                    tuple(map(tuple, frame.loc[frame.model == model, ROW_KEY].itertuples(index=False))))
            for model, any_supported in by_model.items() if not any_supported]


def side_key(pair, side: str) -> tuple:
    """The min_cards key of one side of a pair: the columns compared carry the side's
    suffix, the columns paired on do not."""
    values = pair._asdict()
    return tuple(values.get(f"{column}{side}", values.get(column)) for column in ROW_KEY)


def grouped(pairs: pd.DataFrame) -> list[Finding]:
    """One Finding per check, model, framework, hardware and set of cells involved."""
    if pairs.empty:
        return []
    sides = ["_a", "_b"] if "source_row_b" in pairs.columns else ["_a"]
    pairs = pairs.assign(cells=pairs.apply(lambda p: "; ".join(cell_ref(p, s) for s in sides), axis=1))
    findings = []
    for (rule, model, framework, hardware, cells), group in pairs.groupby(
            ["rule", "model", "framework", "hardware", "cells"], sort=True):
        detail = "; ".join(dict.fromkeys(group["detail"]))
        rows = tuple(dict.fromkeys(side_key(pair, side) for pair in group.itertuples(index=False)
                                   for side in sides))
        findings.append(Finding(rule, model, framework, hardware, detail, cells, rows))
    return findings


def all_findings(frame: pd.DataFrame) -> list[Finding]:
    findings = []
    for check in (lora_exceeds_full, longer_sequence_fewer_units, odd_die_count):
        findings += grouped(check(frame))
    return findings + model_never_supported(frame)


def find_issues(frame: pd.DataFrame) -> pd.DataFrame:
    """All findings of one release, in a stable order."""
    return findings_frame(all_findings(frame))


def findings_frame(findings: list[Finding]) -> pd.DataFrame:
    table = pd.DataFrame([{c: getattr(f, c) for c in FINDING_COLUMNS} for f in findings],
                         columns=FINDING_COLUMNS, dtype="string")
    order = {name: i for i, name in enumerate(CHECKS)}
    return (table.assign(_order=table["rule"].map(order))
            .sort_values(["_order", "model", "framework", "hardware", "cells"], kind="stable")
            .drop(columns="_order").reset_index(drop=True))


def finding_rows(frame: pd.DataFrame, findings: list[Finding] | None = None) -> pd.DataFrame:
    """The findings as data (findings.csv, findings.parquet): one line per finding and
    min_cards row involved, with that row's key and the lineage of its cell. `finding`
    numbers the findings from 1 in the order of find_issues (report.md, report.html), so
    the lines of one finding share it. Columns and dtypes: schemas/findings.py. Pass the
    release's all_findings when already computed: the checks are not cheap."""
    findings = all_findings(frame) if findings is None else findings
    order = findings_frame(findings)
    number = {tuple(row): i for i, row in enumerate(order[["rule", "model", "framework", "hardware", "cells"]]
                                                     .itertuples(index=False, name=None), start=1)}
    kept = LINEAGE + ["certain"]  # a finding may rest on an uncertain reading
    lineage = dict(zip(zip(*(frame[c].tolist() for c in ROW_KEY)),  # by key, one pass (not a .loc per row)
                       (dict(zip(kept, values)) for values in zip(*(frame[c].tolist() for c in kept)))))
    release = frame["release"].iloc[0] if len(frame) else None
    records = [{"release": release, "finding": number[(f.rule, f.model, f.framework, f.hardware, f.cells)],
                "rule": f.rule, **dict(zip(ROW_KEY, key)), "detail": f.detail, **lineage[key]}
               for f in findings for key in f.rows]
    columns = ["release", "finding", "rule", *ROW_KEY, "detail", *LINEAGE, "certain"]
    table = pd.DataFrame.from_records(records, columns=columns)
    return table.sort_values(["finding", *ROW_KEY], kind="stable").reset_index(drop=True)
