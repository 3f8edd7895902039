"""build/CHANGELOG.md: what changed in each published release, newest first, from the same
diffs as `mincards diff` (pipeline/diff.py), each value change named as the history names
it (pipeline/history.py): per release its update date and sources, a summary (models
added and removed, values up and down, support added and removed, frameworks and
hardware added and removed) and the changed values as a short table. The static site
shows the same entries as HTML (pipeline/site.py)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


from .diff import ReleaseDiff, units_text
from .history import change_kinds
from .units import units_note

TITLE = "Changelog of the vendor table"
CHANGED_COLUMNS = ["model", "strategy", "seq_len", "framework", "hardware", "old", "new", "change"]


@dataclass(frozen=True)
class ReleaseInfo:
    """What the changelog, the database and the site say of a release besides its rows."""
    release: str
    updated: str  # the page's update date: the id without its revision
    revision: int
    source_url: str | None
    sources: tuple[tuple[str, str], ...]  # (raw/<release>/<file>, sha256)
    rows: int
    models: int
    findings: int
    pipeline_version: str
    frameworks: tuple[str, ...]  # in the vendor's column order
    hardware: tuple[str, ...]


@dataclass(frozen=True)
class Change:
    """One line of an entry's summary: what changed, how many, and their names if named."""
    what: str
    count: int
    names: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.what} ({self.count}): {', '.join(self.names)}" if self.names else f"{self.what}: {self.count}"


@dataclass(frozen=True)
class Entry:
    info: ReleaseInfo
    previous: str | None  # the release it is compared with; None for the first
    summary: tuple[Change, ...]  # only what changed: nothing when the release repeats the one before
    changed: tuple[dict, ...]  # the values that changed: CHANGED_COLUMNS


def entry(info: ReleaseInfo, diff: ReleaseDiff | None, kinds: dict[str, list] | None = None) -> Entry:
    """The changelog entry of a release, from its diff with the release before (None for
    the first release) and that diff's change_kinds (computed when not given)."""
    if diff is None:
        return Entry(info, None, (), ())
    kinds = change_kinds(diff) if kinds is None else kinds
    count = Counter(kinds["kind"])
    configurations = Counter(change for change, reason in zip(kinds["change"], kinds["reason"])
                             if reason == "configuration")

    def named(what: str, names: list[str]) -> Change:
        return Change(what, len(names), tuple(names))

    summary = (
        named("models added", diff.models["added"]), named("models removed", diff.models["removed"]),
        Change("values up", count["up"]), Change("values down", count["down"]),
        Change("support added", count["support_added"]), Change("support removed", count["support_removed"]),
        named("frameworks added", diff.frameworks["added"]), named("frameworks removed", diff.frameworks["removed"]),
        named("hardware added", diff.hardware["added"]), named("hardware removed", diff.hardware["removed"]),
        Change("configurations of existing models added", configurations["added"]),
        Change("configurations of existing models removed", configurations["removed"]),
    )
    columns = ["model", "strategy", "seq_len", "framework", "hardware", "old_supported", "old_min_units",
               "new_supported", "new_min_units", "kind"]
    changed = tuple({"model": model, "strategy": strategy, "seq_len": seq_len, "framework": framework,
                     "hardware": hardware, "old": units_text(old_supported, old_units),
                     "new": units_text(new_supported, new_units), "change": kind}
                    for change, (model, strategy, seq_len, framework, hardware, old_supported, old_units,
                                 new_supported, new_units, kind) in zip(kinds["change"],
                                                                        zip(*(kinds[c] for c in columns)))
                    if change == "changed")
    return Entry(info, diff.old, tuple(line for line in summary if line.count), changed)


def sources_text(info: ReleaseInfo) -> str:
    return ", ".join(f"`{path}` (sha256 `{sha[:12]}…`)" for path, sha in info.sources)


def about(info: ReleaseInfo) -> str:
    """The line under a release's heading: when the vendor updated the page, and from what."""
    revision = f" (revision {info.revision} of that date)" if info.revision > 1 else ""
    page = f" · vendor page: <{info.source_url}>" if info.source_url else ""
    return (f"Updated {info.updated}{revision} · {info.rows} rows, {info.models} models, {info.findings} findings"
            f"{page} · sources: {sources_text(info)}")


def first_text(info: ReleaseInfo) -> str:
    return (f"The first published release: {info.rows} rows, {info.models} models; frameworks "
            f"{', '.join(info.frameworks)}; hardware {', '.join(info.hardware)}.")


def md_cell(value: object) -> str:
    return str(value).replace("|", r"\|")


def entry_markdown(item: Entry) -> list[str]:
    out = [f"## {item.info.release}", "", about(item.info), ""]
    if item.previous is None:
        return out + [first_text(item.info), ""]
    out += [f"Against {item.previous}:", ""] + [f"- {line}" for line in item.summary or ["no change"]] + [""]
    if item.changed:
        out += ["| " + " | ".join(CHANGED_COLUMNS) + " |", "|" + "---|" * len(CHANGED_COLUMNS)]
        out += ["| " + " | ".join(md_cell(row[c]) for c in CHANGED_COLUMNS) + " |" for row in item.changed] + [""]
    return out


def header_markdown() -> list[str]:
    return [f"# {TITLE}", "",
            "Huawei Cloud ModelArts, 表1 模型最小卡数配置 (minimum Ascend NPUs per model): what changed in each "
            "published release, newest first. Generated by mincards from the same diffs as `mincards diff OLD NEW`; "
            f"units: {units_note()}; - not supported.", ""]


def changelog_markdown(entries_newest_first: list[Entry]) -> bytes:
    lines = header_markdown()
    for item in entries_newest_first:
        lines += entry_markdown(item)
    return ("\n".join(lines).rstrip("\n") + "\n").encode("utf-8")
