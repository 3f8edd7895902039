"""How many units and nodes a model needs: a release's rows for one model, as a
compact (strategy, seq_len) x framework/hardware table or as records; the list of
models; one model across every release.

A release is read as plain records (its min_cards.json, checked against its manifest:
pipeline/store.py), never as a DataFrame: a question answered costs the interpreter's
start and one small file, not pandas' import."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from pathlib import Path

from . import names, store
from .errors import MincardsError, OptionError, UnknownValue  # noqa: F401 - imported from here too
from .formats import Answer
from .store import Row
from .units import HARDWARE, PLURAL, STRATEGIES, UNIT_OF_HARDWARE, counted, units_note, vendor_column_order

KEY = ["model", "strategy", "seq_len", "framework", "hardware"]
RECORD_COLUMNS = ["release", "model", "model_label", "strategy", "seq_len", "framework", "hardware", "supported",
                  "min_units", "unit", "min_nodes", "certain", "source_file", "source_row", "source_col", "raw_text"]
MODEL_COLUMNS = ["model", "family", "params_b", "active_params_b", "modality", "frameworks", "hardware"]
UNITS_NOTE = f"units (nodes): {units_note()}; - not supported"


class NoMatch(MincardsError):
    kind = "no match"


def pick(value: str, valid: list[str], option: str, source: str) -> str:
    """The valid value `value` spells, case and separators aside (pipeline/names.py)."""
    chosen = names.choose(value, valid)
    if chosen is None:
        raise UnknownValue(source, option, value, valid)
    return chosen


def in_column_order(rows: list[Row], column: str) -> list[str]:
    """A column's values in the vendor's left-to-right order (frameworks, hardware): by
    the first grid column each comes from, ties by name."""
    first: dict[str, int] = {}
    for row in rows:
        value = row[column]
        first[value] = min(first.get(value, row["source_col"]), row["source_col"])
    return sorted(sorted(first), key=first.__getitem__)


@dataclass(frozen=True)
class Filters:
    strategy: str | None = None
    seq_len: int | None = None
    framework: str | None = None
    hardware: str | None = None

    def checked(self, frame: list[Row], source: str, frameworks: list[str] | None = None) -> Filters:
        """The same filters spelled as the table spells them; an unknown value lists the valid
        ones (`frameworks`: those valid, when not the frame's, in the vendor's order)."""
        valid = frameworks if frameworks is not None else in_column_order(frame, "framework")
        framework = self.framework and pick(self.framework, valid, "--framework", source)
        strategy = self.strategy and pick(self.strategy, list(STRATEGIES), "--strategy", source)
        hardware = self.hardware and pick(self.hardware, list(HARDWARE), "--hardware", source)
        return Filters(strategy, self.seq_len, framework, hardware)

    def wanted(self) -> dict[str, object]:
        """Column -> the value asked for, for each filter given."""
        return {column: getattr(self, column) for column in ("strategy", "seq_len", "framework", "hardware")
                if getattr(self, column) is not None}

    def apply(self, rows: list[Row]) -> list[Row]:
        wanted = self.wanted()
        return [row for row in rows if all(row[column] == value for column, value in wanted.items())]

    def __str__(self) -> str:
        return " ".join(f"--{f.name.replace('_', '-')} {getattr(self, f.name)}" for f in fields(self)
                        if getattr(self, f.name) is not None) or "no filter"


def offered(rows: list[Row]) -> str:
    """What a model's rows do offer, for a message about filters that match none of them."""
    parts = []
    for column in ("strategy", "seq_len", "framework", "hardware"):
        values = sorted({row[column] for row in rows}) if column != "framework" else in_column_order(rows, column)
        parts.append(f"--{column.replace('_', '-')} {', '.join(str(v) for v in values)}")
    return "; ".join(parts)


def grouped(rows: Iterable[Row], column: str) -> dict[object, list[Row]]:
    """The rows by their value of `column`, values sorted, rows in their order."""
    groups: dict[object, list[Row]] = {}
    for row in rows:
        groups.setdefault(row[column], []).append(row)
    return {value: groups[value] for value in sorted(groups)}


def labels(frame: list[Row]) -> dict[str, list[str]]:
    models = {row["model_label"]: set() for row in frame}
    for row in frame:
        models[row["model_label"]].add(row["model"])
    return {label: sorted(models[label]) for label in sorted(models)}


def find_models(frame: list[Row], asked: str, where: str) -> names.Resolved:
    """The published model names for what the user typed (see pipeline/names.py); `where`
    names what was searched in errors ("release 2025-10-22")."""
    return names.resolve(asked, sorted({row["model"] for row in frame}), labels(frame), where)


def select(frame: list[Row], models: list[str], filters: Filters, source: str) -> list[Row]:
    """The rows of `models` that pass the filters; none is an error that says what there is."""
    wanted = set(models)
    rows, filters = [row for row in frame if row["model"] in wanted], filters.checked(frame, source)
    chosen = filters.apply(rows)
    if not chosen:
        raise NoMatch(source, f"{' / '.join(models)} has no rows matching {filters}", f"one of {offered(rows)}")
    return chosen


def records(rows: list[Row], columns: list[str] = RECORD_COLUMNS) -> list[dict]:
    return [{column: row[column] for column in columns} for row in rows]


# --- the table a person reads --------------------------------------------------------------

UNCERTAIN_MARK = "?"


def uncertain_note(rows: list[Row]) -> str:
    """The footnote of an answer holding a value whose reading is uncertain (empty otherwise)."""
    if all(row["certain"] for row in rows):
        return ""
    return (f"\nuncertain ({UNCERTAIN_MARK} after a value, or certain false): the vendor's page admits another "
            "reading of this value (raw/<release>/notes.toml; the release's report.md gives the reason and the "
            "other reading)")


def cell(row: Row) -> str:
    mark = "" if row["certain"] else UNCERTAIN_MARK
    if not row["supported"]:
        return "-" + mark
    nodes = int(row["min_nodes"])
    return f"{int(row['min_units'])}{mark} ({counted(nodes, 'node')})"


def model_table(rows: list[Row]) -> list[str]:
    """One model as fixed-width text: a line per (strategy, seq_len), a column per
    framework/hardware in the vendor's column order."""
    texts: dict[tuple, dict[tuple, str]] = {}
    for row in rows:  # the first row of each slot, as the vendor's table shows it
        texts.setdefault((row["strategy"], row["seq_len"]), {}).setdefault((row["framework"], row["hardware"]),
                                                                           cell(row))
    columns = vendor_column_order(rows)
    frameworks = [fw if i == 0 or fw != columns[i - 1][0] else "" for i, (fw, _) in enumerate(columns)]
    header_2 = [f"{hw} ({PLURAL[UNIT_OF_HARDWARE[hw]]})" for _, hw in columns]
    lines = [["", "", *frameworks], ["strategy", "seq_len", *header_2]]
    lines += [[s, str(q), *(texts[s, q].get(pair, "") for pair in columns)] for s, q in sorted(texts)]
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    first = rows[0]
    title = f"{first['model']} (published as {first['model_label']}), release {first['release']}"
    return [title] + ["  ".join(text.ljust(w) for text, w in zip(line, widths)).rstrip() for line in lines]


def to_table(rows: list[Row]) -> str:
    out = []
    for model_rows in grouped(rows, "model").values():
        out += model_table(model_rows) + [""]
    out.append(UNITS_NOTE + uncertain_note(rows))
    return "\n".join(out) + "\n"


# --- every model -------------------------------------------------------------------------

def catalog(frame: list[Row]) -> list[dict]:
    """One record per model: what its name says, and the frameworks and hardware that support it."""
    out = []
    for model, rows in grouped(frame, "model").items():
        supported = [row for row in rows if row["supported"]]
        first = rows[0]
        out.append({"model": model, **{c: first[c] for c in MODEL_COLUMNS[1:5]},
                    "frameworks": in_column_order(supported, "framework"),
                    "hardware": [h for h in HARDWARE if h in {row["hardware"] for row in supported}]})
    return out


# --- one model across releases -----------------------------------------------------------

def value_text(row: Row | None) -> str:
    if row is None:
        return ""
    return str(int(row["min_units"])) if row["supported"] else "-"


def change_text(values: dict[str, str]) -> str:
    """`2025-10-22: 2 -> 4`, `added in 2025-10-22`, `removed in …`; empty when nothing changed."""
    changes, previous = [], None
    for release, value in values.items():
        if previous is not None and value != previous[1]:
            if not previous[1]:
                changes.append(f"added in {release}")
            elif not value:
                changes.append(f"removed in {release}")
            else:
                changes.append(f"{release}: {previous[1]} -> {value}")
        previous = (release, value)
    return "; ".join(changes)


def across_releases(frames: dict[str, list[Row]], asked: str, filters: Filters,
                    source: str) -> tuple[names.Resolved, list[dict], list[str]]:
    """One model's values in every release (a column per release), each change marked."""
    every = [row for rows in frames.values() for row in rows]
    resolved = find_models(every, asked, f"any of the {len(frames)} releases")
    rows = select(every, resolved.models, filters, source)
    by_key = {key: {r: None for r in frames} for key in
              sorted({tuple(row[k] for k in KEY) for row in rows}, key=lambda k: tuple(map(str, k)))}
    for row in rows:
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


def across_title(models: list[str], releases: list[str]) -> str:
    return (f"{', '.join(models)} across {len(releases)} releases ({', '.join(releases)}); "
            f"units: {', '.join(f'{p} on {h}' for h, p in zip(HARDWARE, PLURAL.values()))}; "
            "- not supported, empty: not in that release")


# --- the commands' answers ------------------------------------------------------------------

def answer_query(build_dir: Path, release: str | None, asked: str, filters: Filters) -> Answer:
    """`mincards query MODEL`: the model's rows in one release."""
    release_id, folder = store.release_folder(build_dir, release)
    frame, source = store.load_records(folder), str(folder / store.TABLE)
    resolved = find_models(frame, asked, f"release {release_id}")
    rows = select(frame, resolved.models, filters, source)
    return Answer(records(rows), RECORD_COLUMNS, notes=[resolved.note] if resolved.note else [],
                  table=to_table(rows))


ACROSS_UNCERTAIN = ("? after a value: that release's reading of it is uncertain (raw/<release>/notes.toml; "
                    "the release's report.md gives the reason and the other reading)")


def answer_across(build_dir: Path, asked: str, filters: Filters) -> Answer:
    """`mincards query MODEL --all-releases`: a column per release, each change marked."""
    frames = store.load_all_records(build_dir)
    resolved, out, columns = across_releases(frames, asked, filters, str(build_dir))
    doubt = any(str(record[r]).endswith("?") for record in out for r in frames)
    return Answer(out, columns, title=across_title(resolved.models, list(frames)),
                  footer=ACROSS_UNCERTAIN if doubt else None, notes=[resolved.note] if resolved.note else [])


def answer_models(build_dir: Path, release: str | None) -> Answer:
    """`mincards models`: every model of a release."""
    release_id, folder = store.release_folder(build_dir, release)
    out = catalog(store.load_records(folder))
    return Answer(out, MODEL_COLUMNS, title=f"{len(out)} models in release {release_id}",
                  footer="frameworks and hardware: those with at least one supported configuration")
