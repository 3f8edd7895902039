"""How many units and nodes a model needs: a release's rows for one model, as a
compact (strategy, seq_len) x framework/hardware table or as JSON."""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass

import pandas as pd

from .errors import MincardsError
from .write import json_value

SEPARATORS = re.compile(r"[\s_\-]+")


class UnknownModel(MincardsError):
    kind = "unknown model"


def canonical(name: str) -> str:
    """Case and separators do not matter: `Qwen3 MoE-30b_a3b` ~ `qwen3_moe-30B_A3B`."""
    return SEPARATORS.sub("-", name.strip().lower())


def find_models(frame: pd.DataFrame, asked: str, source: str) -> list[str]:
    """The published model names for what the user typed: a model, or a label such as
    DeepSeek-V3/R1 (all its models)."""
    names = sorted(set(frame["model"]))
    by_canonical = {canonical(n): n for n in names}
    if canonical(asked) in by_canonical:
        return [by_canonical[canonical(asked)]]
    labelled = sorted(set(frame.loc[frame["model_label"].map(canonical) == canonical(asked), "model"]))
    if labelled:
        return labelled
    close = difflib.get_close_matches(canonical(asked), list(by_canonical), n=3, cutoff=0.6)
    hint = f"did you mean {', '.join(by_canonical[c] for c in close)}?" if close else \
        f"known models: {', '.join(names)}"
    raise UnknownModel(source, f"no model {asked!r} in this release; {hint}")


@dataclass(frozen=True)
class Filters:
    strategy: str | None = None
    seq_len: int | None = None
    framework: str | None = None
    hardware: str | None = None

    def apply(self, rows: pd.DataFrame) -> pd.DataFrame:
        for column in ("strategy", "seq_len", "framework", "hardware"):
            wanted = getattr(self, column)
            if wanted is not None:
                column_values = rows[column] if column == "seq_len" else rows[column].str.lower()
                rows = rows[column_values == (wanted if column == "seq_len" else str(wanted).lower())]
        return rows


def select(frame: pd.DataFrame, model: str, filters: Filters, source: str) -> pd.DataFrame:
    rows = filters.apply(frame[frame["model"].isin(find_models(frame, model, source))])
    if rows.empty:
        raise MincardsError(source, f"model {model!r} has no rows matching {filters}")
    return rows


def cell(row: pd.Series) -> str:
    if not row["supported"]:
        return "-"
    nodes = int(row["min_nodes"])
    return f"{int(row['min_units'])} ({nodes} node{'s' * (nodes != 1)})"


def model_table(rows: pd.DataFrame) -> list[str]:
    """One model as fixed-width text: a line per (strategy, seq_len), a column per
    framework/hardware in the vendor's column order."""
    values = rows.assign(text=rows.apply(cell, axis=1))
    pivot = values.pivot_table(index=["strategy", "seq_len"], columns=["framework", "hardware"],
                               values="text", aggfunc="first", sort=True).fillna("")
    order = rows.groupby(["framework", "hardware"])["source_col"].min().sort_values(kind="stable")
    pivot = pivot[list(order.index)]
    frameworks = [fw if i == 0 or fw != pivot.columns[i - 1][0] else "" for i, (fw, _) in enumerate(pivot.columns)]
    header_2 = [f"{hw} ({'cards' if hw == 'Snt9b' else 'DIEs'})" for _, hw in pivot.columns]
    lines = [["", "", *frameworks], ["strategy", "seq_len", *header_2]]
    lines += [[s, str(q), *vals] for (s, q), vals in zip(pivot.index, pivot.values.tolist())]
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    first = rows.iloc[0]
    title = f"{first['model']} (published as {first['model_label']}), release {first['release']}"
    return [title] + ["  ".join(text.ljust(w) for text, w in zip(line, widths)).rstrip() for line in lines]


def to_table(rows: pd.DataFrame) -> str:
    out = []
    for _, model_rows in rows.groupby("model", sort=True):
        out += model_table(model_rows) + [""]
    out.append("units (nodes): cards on Snt9b (8 per node), DIEs on Snt9b23 (16 per node); - not supported")
    return "\n".join(out) + "\n"


def to_json(rows: pd.DataFrame) -> str:
    columns = ["release", "model", "model_label", "strategy", "seq_len", "framework", "hardware", "supported",
               "min_units", "unit", "min_nodes", "source_file", "source_row", "source_col", "raw_text"]
    records = [{c: json_value(v) for c, v in r.items()} for r in rows[columns].to_dict("records")]
    return json.dumps(records, ensure_ascii=False, indent=1) + "\n"
