"""Records -> text, one renderer per output format of the reading commands.

A command's answer is a list of plain records (dicts, one per line of the answer)
with its columns in order; every format renders that same list: `table` (fixed
width, for people), `csv`, `json` (an array, one record per line of indentation),
`ndjson` (one JSON object per line), `md` (a Markdown table). No pandas here."""
from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable, Sequence

FORMATS = ("table", "csv", "json", "ndjson", "md")
Record = dict[str, object]


def json_value(value: object) -> object:
    """A value JSON can hold: None for pandas' NA and NaN, Python scalars for numpy's."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if type(value).__name__ in ("NAType", "NaTType"):
        return None
    if hasattr(value, "item"):  # numpy scalars -> Python
        return value.item()
    return value


def text(value: object) -> str:
    """A value as text: empty for null, integral floats without `.0`, lists joined by spaces."""
    value = json_value(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:g}" if abs(value) < 1e15 else str(value)
    if isinstance(value, (list, tuple)):
        return " ".join(text(v) for v in value)
    return str(value)


def to_table(records: Sequence[Record], columns: Sequence[str]) -> str:
    lines = [list(columns)] + [[text(r.get(c)) for c in columns] for r in records]
    widths = [max(len(line[i]) for line in lines) for i in range(len(columns))]
    return "".join("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip() + "\n" for line in lines)


def to_csv(records: Sequence[Record], columns: Sequence[str]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([text(r.get(c)) for c in columns] for r in records)
    return buffer.getvalue()


def plain(record: Record, columns: Sequence[str]) -> Record:
    return {c: json_value(record.get(c)) if not isinstance(record.get(c), (list, tuple))
            else [json_value(v) for v in record[c]] for c in columns}


def to_json(records: Sequence[Record], columns: Sequence[str]) -> str:
    return json.dumps([plain(r, columns) for r in records], ensure_ascii=False, indent=1) + "\n"


def to_ndjson(records: Sequence[Record], columns: Sequence[str]) -> str:
    return "".join(json.dumps(plain(r, columns), ensure_ascii=False) + "\n" for r in records)


def md_cell(value: object) -> str:
    return text(value).replace("|", r"\|")


def to_md(records: Sequence[Record], columns: Sequence[str]) -> str:
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(md_cell(r.get(c)) for c in columns) + " |" for r in records]
    return "\n".join(lines) + "\n"


RENDERERS: dict[str, Callable[[Sequence[Record], Sequence[str]], str]] = {
    "table": to_table, "csv": to_csv, "json": to_json, "ndjson": to_ndjson, "md": to_md}


def render(records: Sequence[Record], columns: Sequence[str], fmt: str, title: str | None = None,
           footer: str | None = None) -> str:
    """The records in `fmt`; a table (and only a table) gets the title and footer lines around it."""
    body = RENDERERS[fmt](records, columns)
    if fmt != "table":
        return body
    return (f"{title}\n" if title else "") + body + (f"\n{footer}\n" if footer else "")


class Answer:
    """What a reading command answers: records in column order, the lines around the
    table, notes for stderr (how a name was read), and optionally a table of its own."""

    def __init__(self, records: Sequence[Record], columns: Sequence[str], *, title: str | None = None,
                 footer: str | None = None, notes: Sequence[str] = (), table: str | None = None):
        self.records, self.columns = list(records), list(columns)
        self.title, self.footer, self.notes, self.table = title, footer, list(notes), table

    def render(self, fmt: str) -> str:
        if fmt == "table" and self.table is not None:
            return self.table
        return render(self.records, self.columns, fmt, self.title, self.footer)
