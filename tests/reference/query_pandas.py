"""pipeline/query.py as it was with pandas, kept as the reference tests/test_read_path.py
checks the read path without pandas against, byte for byte. How many units and nodes a model needs: a release's rows for one model, as a
compact (strategy, seq_len) x framework/hardware table or as records; the list of
models; one model across every release."""
from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

import pandas as pd

from pipeline import names, store
from pipeline.formats import Answer
# what needs no pandas is the pipeline's own: only the pandas path is kept here as it was
from pipeline.errors import OptionError, UnknownValue  # noqa: F401 - imported from here too
from pipeline.query import NoMatch, across_title, change_text  # noqa: F401 - imported from here too
from pipeline.units import HARDWARE, PLURAL, STRATEGIES, UNIT_OF_HARDWARE, counted, units_note, vendor_column_order

KEY = ["model", "strategy", "seq_len", "framework", "hardware"]
RECORD_COLUMNS = ["release", "model", "model_label", "strategy", "seq_len", "framework", "hardware", "supported",
                  "min_units", "unit", "min_nodes", "certain", "source_file", "source_row", "source_col", "raw_text"]
MODEL_COLUMNS = ["model", "family", "params_b", "active_params_b", "modality", "frameworks", "hardware"]
UNITS_NOTE = f"units (nodes): {units_note()}; - not supported"


def pick(value: str, valid: list[str], option: str, source: str) -> str:
    """The valid value equal to `value` ignoring case."""
    for candidate in valid:
        if candidate.lower() == value.strip().lower():
            return candidate
    raise UnknownValue(source, option, value, valid)


def in_column_order(rows: pd.DataFrame, column: str) -> list[str]:
    """A column's values in the vendor's left-to-right order (frameworks, hardware)."""
    return list(rows.groupby(column)["source_col"].min().sort_values(kind="stable").index)


@dataclass(frozen=True)
class Filters:
    strategy: str | None = None
    seq_len: int | None = None
    framework: str | None = None
    hardware: str | None = None

    def checked(self, frame: pd.DataFrame, source: str) -> Filters:
        """The same filters spelled as the table spells them; an unknown value lists the valid ones."""
        framework = self.framework and pick(self.framework, in_column_order(frame, "framework"), "--framework",
                                            source)
        strategy = self.strategy and pick(self.strategy, list(STRATEGIES), "--strategy", source)
        hardware = self.hardware and pick(self.hardware, list(HARDWARE), "--hardware", source)
        return Filters(strategy, self.seq_len, framework, hardware)

    def apply(self, rows: pd.DataFrame) -> pd.DataFrame:
        for column in ("strategy", "seq_len", "framework", "hardware"):
            wanted = getattr(self, column)
            if wanted is not None:
                rows = rows[rows[column] == wanted]
        return rows

    def __str__(self) -> str:
        return " ".join(f"--{f.name.replace('_', '-')} {getattr(self, f.name)}" for f in fields(self)
                        if getattr(self, f.name) is not None) or "no filter"


def offered(rows: pd.DataFrame) -> str:
    """What a model's rows do offer, for a message about filters that match none of them."""
    parts = []
    for column in ("strategy", "seq_len", "framework", "hardware"):
        values = sorted(set(rows[column])) if column != "framework" else in_column_order(rows, column)
        parts.append(f"--{column.replace('_', '-')} {', '.join(str(v) for v in values)}")
    return "; ".join(parts)


def labels(frame: pd.DataFrame) -> dict[str, list[str]]:
    pairs = frame[["model_label", "model"]].drop_duplicates()
    return {label: sorted(group["model"]) for label, group in pairs.groupby("model_label")}


def find_models(frame: pd.DataFrame, asked: str, source: str) -> names.Resolved:
    """The published model names for what the user typed (see pipeline/names.py)."""
    return names.resolve(asked, sorted(set(frame["model"])), labels(frame), source)


def select(frame: pd.DataFrame, models: list[str], filters: Filters, source: str) -> pd.DataFrame:
    """The rows of `models` that pass the filters; none is an error that says what there is."""
    rows, filters = frame[frame["model"].isin(models)], filters.checked(frame, source)
    chosen = filters.apply(rows)
    if chosen.empty:
        raise NoMatch(source, f"{' / '.join(models)} has no rows matching {filters}", f"one of {offered(rows)}")
    return chosen


def records(rows: pd.DataFrame, columns: list[str] = RECORD_COLUMNS) -> list[dict]:
    return rows[columns].to_dict("records")


# --- the table a person reads --------------------------------------------------------------

def uncertain_note(certain: pd.Series) -> str:
    if certain.astype(bool).all():
        return ""
    return ("\nuncertain (? after a value, or certain false): the vendor's page admits another "
            "reading of this value (raw/<release>/notes.toml; the release's report.md gives the reason and the "
            "other reading)")


def cell(row: pd.Series) -> str:
    mark = "" if row["certain"] else "?"
    if not row["supported"]:
        return "-" + mark
    nodes = int(row["min_nodes"])
    return f"{int(row['min_units'])}{mark} ({counted(nodes, 'node')})"


def model_table(rows: pd.DataFrame) -> list[str]:
    """One model as fixed-width text: a line per (strategy, seq_len), a column per
    framework/hardware in the vendor's column order."""
    values = rows.assign(text=rows.apply(cell, axis=1))
    pivot = values.pivot_table(index=["strategy", "seq_len"], columns=["framework", "hardware"],
                               values="text", aggfunc="first", sort=True).fillna("")
    pivot = pivot[vendor_column_order(rows)]
    frameworks = [fw if i == 0 or fw != pivot.columns[i - 1][0] else "" for i, (fw, _) in enumerate(pivot.columns)]
    header_2 = [f"{hw} ({PLURAL[UNIT_OF_HARDWARE[hw]]})" for _, hw in pivot.columns]
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
    out.append(UNITS_NOTE + uncertain_note(rows["certain"]))
    return "\n".join(out) + "\n"


# --- every model -------------------------------------------------------------------------

def catalog(frame: pd.DataFrame) -> list[dict]:
    """One record per model: what its name says, and the frameworks and hardware that support it."""
    out = []
    for model, rows in frame.groupby("model", sort=True):
        supported = rows[rows["supported"]]
        first = rows.iloc[0]
        out.append({"model": model, **{c: first[c] for c in MODEL_COLUMNS[1:5]},
                    "frameworks": in_column_order(supported, "framework"),
                    "hardware": [h for h in HARDWARE if h in set(supported["hardware"])]})
    return out


# --- one model across releases -----------------------------------------------------------

def value_text(row: pd.Series | None) -> str:
    if row is None:
        return ""
    return str(int(row["min_units"])) if row["supported"] else "-"


def across_releases(frames: dict[str, pd.DataFrame], asked: str, filters: Filters,
                    source: str) -> tuple[names.Resolved, list[dict], list[str]]:
    """One model's values in every release (a column per release), each change marked."""
    every = pd.concat(frames.values(), ignore_index=True)
    resolved = find_models(every, asked, f"any of the {len(frames)} releases")  # issue 19: errors name the name
    rows = select(every, resolved.models, filters, source)
    by_key = {key: {r: None for r in frames} for key in
              sorted(set(map(tuple, rows[KEY].itertuples(index=False))), key=lambda k: tuple(map(str, k)))}
    for row in rows.to_dict("records"):
        by_key[tuple(row[k] for k in KEY)][row["release"]] = row
    out = []
    for key, per_release in by_key.items():
        values = {r: value_text(row) for r, row in per_release.items()}
        # shown with ? where that release's reading is uncertain; a change is a change of value only
        shown = {r: text + ("" if row is None or row["certain"] else "?")
                 for (r, text), row in zip(values.items(), per_release.values())}
        units = next(row["unit"] for row in per_release.values() if row is not None)
        out.append({**dict(zip(KEY, key)), "unit": units, **shown, "change": change_text(values)})
    return resolved, out, KEY + ["unit", *frames, "change"]


# --- the commands' answers ------------------------------------------------------------------

def answer_query(build_dir: Path, release: str | None, asked: str, filters: Filters) -> Answer:
    """`mincards query MODEL`: the model's rows in one release."""
    release_id, folder = store.release_folder(build_dir, release)
    frame, source = store.load(folder), str(folder / store.TABLE)
    resolved = find_models(frame, asked, f"release {release_id}")  # issue 19: errors name the name
    rows = select(frame, resolved.models, filters, source)
    return Answer(records(rows), RECORD_COLUMNS, notes=[resolved.note] if resolved.note else [],
                  table=to_table(rows))


ACROSS_UNCERTAIN = ("? after a value: that release's reading of it is uncertain (raw/<release>/notes.toml; "
                    "the release's report.md gives the reason and the other reading)")


def answer_across(build_dir: Path, asked: str, filters: Filters) -> Answer:
    """`mincards query MODEL --all-releases`: a column per release, each change marked."""
    frames = store.load_all(build_dir)
    resolved, out, columns = across_releases(frames, asked, filters, str(build_dir))
    doubt = any(str(record[r]).endswith("?") for record in out for r in frames)
    return Answer(out, columns, title=across_title(resolved.models, list(frames)),
                  footer=ACROSS_UNCERTAIN if doubt else None, notes=[resolved.note] if resolved.note else [])


def answer_models(build_dir: Path, release: str | None) -> Answer:
    """`mincards models`: every model of a release."""
    release_id, folder = store.release_folder(build_dir, release)
    out = catalog(store.load(folder))
    return Answer(out, MODEL_COLUMNS, title=f"{len(out)} models in release {release_id}",
                  footer="frameworks and hardware: those with at least one supported configuration")
