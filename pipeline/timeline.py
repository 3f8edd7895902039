"""`mincards history MODEL`: the timeline of each configuration of a model, read from
build/history.parquet (pipeline/across.py wrote it from the releases in build/): one line
per run of releases in which a value held, each marked with how it began.

history.parquet names each release it was made of, with the sha256 of that release's
table; a history that does not describe the releases build/ holds now (a release added,
removed or rebuilt since) is refused, never answered from."""
from __future__ import annotations

from pathlib import Path

from . import names, store
from .errors import ReleaseError, SourceError
from .files import json_document
from .formats import Answer
from .history_terms import CHANGES, COLUMNS, RELEASES_METADATA
from .query import Filters, labels
from .store import Row
from .units import HARDWARE, PLURAL, counted

HISTORY = "history.parquet"
REBUILD = "the history `mincards extract` wrote for the releases in this folder; run it again"


def made_of(build_dir: Path) -> list[dict]:
    """The releases build/ holds, as history.parquet names those it was made of."""
    return [{"release": release, "sha256": store.manifest_entry(folder, store.TABLE)[1]}
            for release, folder in store.published_releases(build_dir).items()]


def read_history(build_dir: Path) -> list[Row]:
    """build/history.parquet, checked to describe exactly the releases published beside it."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = build_dir / HISTORY
    if not store.published_releases(build_dir):
        raise ReleaseError(str(build_dir), "no published release here", store.where_to_look(build_dir))
    if not path.is_file():
        raise SourceError(str(path), "no history here", REBUILD)
    try:
        table = pq.ParquetFile(path).read()  # read_table would import pandas
    except (pa.ArrowException, OSError) as exc:
        raise SourceError(str(path), f"not a readable Parquet file ({exc})", REBUILD) from None
    try:
        described = json_document((table.schema.metadata or {}).get(RELEASES_METADATA.encode(), b"null"))
    except ValueError:
        described = None
    if described != made_of(build_dir):
        have = [r["release"] for r in described] if isinstance(described, list) else "no release list"
        raise SourceError(str(path), f"the history describes other releases than build/ holds ({have})", REBUILD)
    return table.select(COLUMNS).to_pylist()  # pyarrow alone: the reading commands never import pandas


def history_title(models: list[str], rows: list[Row], releases: list[str]) -> str:
    """What the lines cover: the releases the model is in (first to last of its runs), of those
    the build holds (hunt 90: a model of the newest release alone was said to span both)."""
    keys = {(row["model"], row["strategy"], row["seq_len"], row["framework"], row["hardware"]) for row in rows}
    changed = sum(row["change"] in ("up", "down", "support_added", "support_removed") for row in rows)
    first, last = min(row["first_release"] for row in rows), max(row["last_release"] for row in rows)
    span = releases[releases.index(first):releases.index(last) + 1]
    return (f"{', '.join(models)}: {counted(len(keys), 'configuration')} over {counted(len(span), 'release')} "
            f"({span[0] if len(span) == 1 else f'{span[0]} to {span[-1]}'}) of the {counted(len(releases), 'release')} "
            "published, "
            f"{counted(changed, 'value')} changed; one line per run of releases in which a value held")


def history_footer() -> str:
    units = ", ".join(f"{p} on {h}" for h, p in zip(HARDWARE, PLURAL.values()))
    return (f"min_units in {units}; supported false: '-' in the vendor's table; change: how the run began ("
            + ", ".join(CHANGES) + ")")


def answer_history(build_dir: Path, asked: str, filters: Filters) -> Answer:
    """Every run of every configuration of the model that passes the filters, in key order.
    Filters that no configuration of the model matches give an empty history, not an error:
    the model never had such a configuration."""
    history = read_history(build_dir)
    source = str(build_dir / HISTORY)
    releases = list(store.published_releases(build_dir))
    newest = store.load_records(store.published_releases(build_dir)[releases[-1]])
    resolved = names.resolve(asked, sorted({row["model"] for row in history}), labels(newest),
                             f"the history of {len(releases)} releases")
    rows = [row for row in history if row["model"] in resolved.models]
    checked = filters.checked(rows, source, frameworks=sorted({row["framework"] for row in history}))
    chosen = checked.apply(rows)
    notes = [resolved.note] if resolved.note else []
    if not chosen:
        title = (f"{', '.join(resolved.models)}: an empty history: no configuration matching {checked} in any of "
                 f"the {len(releases)} releases ({releases[0]} to {releases[-1]})")
        return Answer([], COLUMNS, title=title, notes=notes)
    return Answer(chosen, COLUMNS, title=history_title(resolved.models, chosen, releases),
                  footer=history_footer(), notes=notes)
