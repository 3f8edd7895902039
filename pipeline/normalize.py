"""Grid -> tidy `min_cards` frame (pandas): fill spans, read header keys, parse and
repair cells, expand compound cells: one row per configuration."""
from __future__ import annotations

import itertools
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
    texts = np.array([c.text for c in grid.cells], dtype=object)
    return pd.DataFrame(texts[np.array(grid.origin, dtype=np.int64)]).astype("string")


def body_slots(grid: Grid, keys: list[ColumnKey]) -> dict[str, list[int]]:
    """One slot per (value column, body row), column after column: the index of the origin
    cell of each key and of the value, and the value's column. Plain lists: a table's
    thousands of slots are read once each, which pandas' melt and map did ten times slower."""
    rows = grid.origin[grid.header_depth():]
    value_cols = [col for col, k in enumerate(keys) if k.role == "value"]
    slots = {k.role: [row[col] for row in rows] * len(value_cols) for col, k in enumerate(keys) if k.role != "value"}
    slots["value"] = [row[col] for col in value_cols for row in rows]
    slots["column"] = [col for col in value_cols for _ in rows]
    return slots


def parse_cells(grid: Grid, slots: dict[str, list[int]]) -> tuple[dict[int, tokens.Parsed], list[str]]:
    """Parse every cell the body refers to, once per cell (and once per distinct text: the
    parsers read nothing else); all failures reported together."""
    parsed: dict[int, tokens.Parsed] = {}
    problems, warnings = [], []
    for role, parser in PARSERS.items():
        by_text: dict[tuple[str, bool], tokens.Parsed | tokens.TokenError] = {}
        for index in dict.fromkeys(slots[role]):
            cell = grid.cells[index]
            read = by_text.get(text := (cell.raw_text, cell.layout_breaks))
            if read is None:
                try:
                    read = parser(*text)
                except tokens.TokenError as exc:
                    read = exc
                by_text[text] = read
            if isinstance(read, tokens.TokenError):
                problems.append(Problem(cell.place, str(read), read.expected))
                continue
            parsed[index] = read
            if read.repaired:
                warnings.append(f"{cell.place}: repaired {cell.raw_text!r} -> {read.text!r}")
    if problems:
        raise CellError(grid.source_file, sorted(problems, key=lambda p: (p.place.row, p.place.col)))
    return parsed, warnings


def expand(slots: dict[str, list[int]], grid: Grid, keys: list[ColumnKey],
           parsed: dict[int, tokens.Parsed]) -> pd.DataFrame:
    """Compound cells become one row per member (full/lora, 4096/8192, DeepSeek-V3/R1), in
    the order model, strategy, sequence length; each row carries its value cell's lineage
    and what its model's name says."""
    models = {i: tokens.split_model_label(parsed[i].value) for i in dict.fromkeys(slots["model"])}
    members = [list(itertools.product(models[m], parsed[s].value, parsed[q].value))
               for m, s, q in zip(slots["model"], slots["strategy"], slots["seq_len"])]
    repeated = lambda per_slot: [v for v, each in zip(per_slot, members) for _ in each]  # noqa: E731
    model, strategy, seq_len = zip(*(member for each in members for member in each))
    info = {name: describe(name) for name in dict.fromkeys(model)}
    value_cells = [grid.cells[i] for i in slots["value"]]
    hardware = [keys[col].hardware for col in slots["column"]]
    return pd.DataFrame({
        "model_label": repeated([parsed[i].value for i in slots["model"]]),
        "model": model,
        "family": [info[name].family for name in model],
        "params_b": [info[name].params_b for name in model],
        "active_params_b": [info[name].active_params_b for name in model],
        "modality": [info[name].modality for name in model],
        "strategy": strategy,
        "seq_len": seq_len,
        "framework": repeated([keys[col].framework for col in slots["column"]]),
        "hardware": repeated([h.name for h in hardware]),
        "min_units": repeated([parsed[i].value for i in slots["value"]]),
        "unit": repeated([h.unit for h in hardware]),
        "units_per_node": repeated([h.units_per_node for h in hardware]),
        "source_page": repeated([c.page for c in value_cells]),
        "source_row": repeated([c.row + 1 for c in value_cells]),
        "source_col": repeated([c.col + 1 for c in value_cells]),
        "raw_text": repeated([c.raw_text for c in value_cells]),
    })


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
    frame = expand(slots, grid, keys, parsed)
    check_unique(frame.assign(release=release), grid)
    return Normalized(finish(frame, release, grid.source_file), fill_spans(grid), tuple(warnings))
