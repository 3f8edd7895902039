"""Grid -> tidy `min_cards` frame (pandas): fill spans, read header keys, parse and
repair cells, expand compound cells, melt to one row per configuration."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from . import tokens
from .errors import CellError, Place, Problem
from .grid import Grid
from .header import ColumnKey, read_header
from .models import describe
from schemas.min_cards import COLUMNS, KEY, PANDAS_DTYPES

# What each key column's cells hold, and how to read them.
PARSERS = {"model": tokens.parse_model_label, "strategy": tokens.parse_strategies,
           "seq_len": tokens.parse_seq_lens, "value": tokens.parse_units}


@dataclass(frozen=True)
class Normalized:
    frame: pd.DataFrame  # the tidy min_cards table, sorted by KEY
    dense: pd.DataFrame  # the table as printed, every covered slot filled from its origin
    warnings: tuple[str, ...]  # token repairs and other things a reader should know


def fill_spans(grid: Grid) -> pd.DataFrame:
    """The dense table: each slot takes the text of the cell it belongs to.

    Filling goes through the slot->origin index rather than a plain ffill:
    ffill across would pull text from a neighbouring cell wherever the slot
    to the left is itself covered from above (the VeRL/MindSpeed-RL cells
    that span a model's four rows)."""
    origin = pd.DataFrame(np.array(grid.origin, dtype=np.int64))
    texts = pd.Series([c.text for c in grid.cells], dtype="string")
    return origin.apply(lambda column: column.map(texts)).astype("string")


def body_slots(grid: Grid, keys: list[ColumnKey]) -> pd.DataFrame:
    """One row per (body row, value column): the origin cell of each key and of the value."""
    origin = pd.DataFrame(np.array(grid.origin, dtype=np.int64)).iloc[grid.header_depth():]
    key_cols = {k.role: col for col, k in enumerate(keys) if k.role != "value"}
    value_cols = [col for col, k in enumerate(keys) if k.role == "value"]
    wide = origin.rename(columns={col: role for role, col in key_cols.items()})
    long = wide.melt(id_vars=list(key_cols), value_vars=value_cols, var_name="col", value_name="value",
                     ignore_index=False)
    long["framework"] = long["col"].map(lambda col: keys[col].framework)
    long["hardware"] = long["col"].map(lambda col: keys[col].hardware.name)
    long["unit"] = long["col"].map(lambda col: keys[col].hardware.unit)
    long["units_per_node"] = long["col"].map(lambda col: keys[col].hardware.units_per_node)
    return long.rename_axis("grid_row").reset_index().drop(columns="col")


def parse_cells(grid: Grid, slots: pd.DataFrame) -> tuple[dict[int, tokens.Parsed], list[str]]:
    """Parse every cell the body refers to, once per cell; all failures reported together."""
    parsed: dict[int, tokens.Parsed] = {}
    problems, warnings = [], []
    for role, parser in PARSERS.items():
        for index in pd.unique(slots[role]):
            cell = grid.cells[index]
            try:
                parsed[index] = parser(cell.raw_text, layout_breaks=cell.layout_breaks)
            except tokens.TokenError as exc:
                problems.append(Problem(cell.place, str(exc), exc.expected))
                continue
            if parsed[index].repaired:
                warnings.append(f"{cell.place}: repaired {cell.raw_text!r} -> {parsed[index].text!r}")
    if problems:
        raise CellError(grid.source_file, sorted(problems, key=lambda p: (p.place.row, p.place.col)))
    return parsed, warnings


def expand(slots: pd.DataFrame, grid: Grid, parsed: dict[int, tokens.Parsed]) -> pd.DataFrame:
    """Compound cells become one row per member: full/lora, 4096/8192, DeepSeek-V3/R1."""
    value = lambda index: parsed[index].value  # noqa: E731
    value_cells = slots["value"].map(lambda index: grid.cells[index])
    frame = pd.DataFrame({
        "model_label": slots["model"].map(value),
        "model": slots["model"].map(lambda i: tokens.split_model_label(parsed[i].value)),
        "strategy": slots["strategy"].map(value),
        "seq_len": slots["seq_len"].map(value),
        "framework": slots["framework"],
        "hardware": slots["hardware"],
        "min_units": slots["value"].map(value),
        "unit": slots["unit"],
        "units_per_node": slots["units_per_node"],
        "source_page": value_cells.map(lambda c: c.page),
        "source_row": value_cells.map(lambda c: c.row + 1),
        "source_col": value_cells.map(lambda c: c.col + 1),
        "raw_text": value_cells.map(lambda c: c.raw_text),
    })
    return frame.explode("model").explode("strategy").explode("seq_len")


def check_unique(frame: pd.DataFrame, grid: Grid) -> None:
    """The same configuration read from two cells is an error naming the cells; the
    configurations a pair of cells share are reported together."""
    duplicated = frame[frame.duplicated(KEY, keep=False)]
    by_cells: dict[tuple, list[tuple]] = {}
    for key, group in duplicated.groupby(KEY, sort=True):
        cells = tuple(group[["source_row", "source_col", "raw_text"]].itertuples(index=False, name=None))
        by_cells.setdefault(cells, []).append(key)
    problems = []
    for cells, keys in by_cells.items():
        parts = [", ".join(dict.fromkeys(str(k[i]) for k in keys)) for i in range(1, len(KEY))]
        where = "; ".join(f"row {r}, column {c} ({t!r})" for r, c, t in cells)
        problems.append(Problem(Place(int(cells[0][0]), int(cells[0][1])),
                                f"{' / '.join(parts)} is listed {len(cells)} times: {where}",
                                "one cell per model, strategy, sequence length, framework and hardware"))
    if problems:
        raise CellError(grid.source_file, sorted(problems, key=lambda p: (p.place.row, p.place.col)))


def add_model_info(frame: pd.DataFrame) -> pd.DataFrame:
    info = frame["model"].map(describe)
    return frame.assign(family=info.map(lambda i: i.family), params_b=info.map(lambda i: i.params_b),
                        active_params_b=info.map(lambda i: i.active_params_b),
                        modality=info.map(lambda i: i.modality))


def finish(frame: pd.DataFrame, release: str, source_file: str) -> pd.DataFrame:
    """Derived columns, final dtypes, KEY order: a deterministic frame."""
    supported = frame["min_units"].notna()
    units = frame["min_units"].astype("Int64")
    nodes = -(-units // frame["units_per_node"].astype("Int64"))  # ceiling division
    frame = frame.assign(release=release, source_file=source_file, supported=supported,
                         min_units=units, min_nodes=nodes, certain=True)  # notes.toml may say otherwise
    frame = frame[COLUMNS].astype(PANDAS_DTYPES)
    return frame.sort_values(KEY, kind="stable").reset_index(drop=True)


def normalize(grid: Grid, release: str) -> Normalized:
    keys = read_header(grid)
    slots = body_slots(grid, keys)
    parsed, warnings = parse_cells(grid, slots)
    frame = add_model_info(expand(slots, grid, parsed))
    check_unique(frame.assign(release=release), grid)
    return Normalized(finish(frame, release, grid.source_file), fill_spans(grid), tuple(warnings))
