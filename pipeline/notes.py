"""A release folder's notes.toml: the cells whose reading is uncertain.

Where the published page admits two readings (raw/2025-10-22/SOURCE.md: the layout of a few
rows was reconstructed, and another layout survives the evidence), the release says so in
`raw/<release>/notes.toml`, one `[[uncertain]]` entry per tidy cell:

    [[uncertain]]
    model = "qwen2-7b"            # the cell, as min_cards names it: model, strategy, seq_len,
    strategy = "lora"             # framework, hardware
    seq_len = 4096
    framework = "Llama-Factory"
    hardware = "Snt9b"
    reason = "why the reading is uncertain"
    alternative = "1"             # the value under the other reading(s): units, or - (not supported)

Every entry is checked against the release's table: a cell the table does not have, a key
missing or unknown, a cell declared twice, is an error naming the file and the entry. The
rows of the declared cells are published with `certain = false`; the other rows with true.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .errors import Place, Problem, ReleaseError

NOTES_FILE = "notes.toml"
TABLE = "uncertain"  # the array of tables that declares the cells
CELL = ("model", "strategy", "seq_len", "framework", "hardware")  # min_cards' key within a release
FIELDS = {**{name: str for name in CELL}, "seq_len": int, "reason": str, "alternative": str}


@dataclass(frozen=True)
class Uncertain:
    """One declared cell: its key within the release, why, and the other reading."""
    model: str
    strategy: str
    seq_len: int
    framework: str
    hardware: str
    reason: str
    alternative: str

    @property
    def key(self) -> tuple:
        return tuple(getattr(self, name) for name in CELL)

    def __str__(self) -> str:
        return " / ".join(str(value) for value in self.key)


def entry_problems(number: int, entry: object) -> list[str]:
    """What is wrong with one entry's keys and types (empty when nothing)."""
    if not isinstance(entry, dict):
        return [f"{TABLE} entry {number}: not a table of keys"]
    problems = [f"{TABLE} entry {number}: no {name}" for name in FIELDS if name not in entry]
    problems += [f"{TABLE} entry {number}: unknown key {name!r}" for name in entry if name not in FIELDS]
    for name, kind in FIELDS.items():
        value = entry.get(name)
        if name in entry and (not isinstance(value, kind) or isinstance(value, bool)
                              or (kind is str and not value.strip())):
            problems.append(f"{TABLE} entry {number}: {name} = {value!r} is not a {'non-empty text' if kind is str else 'whole number'}")
    return problems


def read_notes(folder: Path, label: str) -> list[Uncertain]:
    """The declared cells of a release folder, in the file's order; none without a notes.toml."""
    path = folder / NOTES_FILE
    source = f"{label}/{NOTES_FILE}"
    if not path.is_file():
        return []
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ReleaseError(source, f"cannot read the file ({exc})", "a readable UTF-8 TOML file") from None
    except (tomllib.TOMLDecodeError, RecursionError) as exc:  # (nested past the recursion limit: no notes file)
        raise ReleaseError(source, f"not valid TOML: {exc}", f"[[{TABLE}]] entries (pipeline/notes.py)") from None
    unknown = [name for name in document if name != TABLE]
    entries = document.get(TABLE, [])
    problems = [f"unknown table {name!r}" for name in unknown]
    if not isinstance(entries, list):
        problems.append(f"{TABLE} is not an array of tables ([[{TABLE}]])")
        entries = []
    for number, entry in enumerate(entries, start=1):
        problems += entry_problems(number, entry)
    if problems:
        raise ReleaseError(source, [Problem(Place(), text, f"[[{TABLE}]] entries with the keys "
                                            + ", ".join(FIELDS)) for text in problems])
    return [Uncertain(**entry) for entry in entries]


def mark_uncertain(frame: pd.DataFrame, notes: list[Uncertain], source: str, table: str) -> pd.DataFrame:
    """The frame with `certain` false on the declared cells. A declared cell the table
    (`table`: the file it was read from) does not have, or one declared twice, is an error."""
    index = {key: i for i, key in enumerate(frame[list(CELL)].itertuples(index=False, name=None))}
    problems, seen, rows = [], {}, []
    for number, note in enumerate(notes, start=1):
        if note.key in seen:
            problems.append(f"{TABLE} entry {number} ({note}) declares the cell of entry {seen[note.key]} again")
        elif note.key not in index:
            problems.append(f"{TABLE} entry {number} ({note}): no such cell in {table}")
        else:
            rows.append(index[note.key])
        seen.setdefault(note.key, number)
    if problems:
        raise ReleaseError(source, [Problem(Place(), text, "a cell of the release's table: model, strategy, "
                                            "seq_len, framework and hardware as min_cards spells them")
                                    for text in problems])
    certain = pd.Series(True, index=frame.index, dtype="boolean")
    certain.iloc[rows] = False
    return frame.assign(certain=certain)
