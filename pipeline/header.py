"""The header rows -> one key per grid column, read from the header text itself.

A new framework column (`<Name>规格卡数/DIE`) is read with no code change; a new
hardware heading is an error, because its unit and node size are not known.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import HeaderError, Problem
from .grid import Cell, Grid
from .tokens import WHITESPACE, is_wrap, printed, squash
from schemas import hardware as vocabulary
from schemas.hardware import Hardware

# The vendor table's vocabulary (compared with whitespace removed): its caption,
# the key columns' headings, and the mark of a framework column's heading.
CAPTION = "模型最小卡数配置"
KEY_HEADINGS = {"model": "支持模型参数量", "strategy": "训练策略类型", "seq_len": "序列长度"}
FRAMEWORK_MARK = "规格卡数/DIE"
FRAMEWORK_HEADING = re.compile(r"(?P<name>[A-Za-z][A-Za-z0-9.+_-]*)" + re.escape(FRAMEWORK_MARK))


def looks_like_vendor_header(heading_text: str) -> bool:
    """Most of the key headings, or a framework heading, in the first rows' text (whitespace
    removed). Lenient on purpose, so that a renamed column is reported by read_header as
    such instead of as a missing table."""
    key_hits = sum(h in heading_text for h in KEY_HEADINGS.values())
    return key_hits >= 2 or FRAMEWORK_MARK in heading_text


# The hardware headings, by their spelling with case folded (schemas/hardware.py: one home).
HARDWARE = {h.name.lower(): h for h in vocabulary.HARDWARE}


@dataclass(frozen=True)
class ColumnKey:
    role: str  # "model", "strategy", "seq_len" or "value"
    framework: str | None = None
    hardware: Hardware | None = None


def key_role(text: str) -> str | None:
    return next((role for role, heading in KEY_HEADINGS.items() if heading in squash(text)), None)


def name_pieces(heading: Cell) -> tuple[list[str], list[str]]:
    """The framework's name in its heading as printed: its pieces and the whitespace between."""
    text = printed(heading.raw_text or heading.text)
    published = (text[:text.index(FRAMEWORK_MARK[0])] if FRAMEWORK_MARK[0] in text else text).strip()
    return WHITESPACE.split(published), WHITESPACE.findall(published)


def split_name(heading: Cell, others: frozenset[str] = frozenset()) -> str | None:
    """Where whitespace inside a framework's name would join two words into a label the
    vendor never wrote (`MindSpeed LLM` read as `MindSpeedLLM`): the text around it, or
    None. Whitespace beside punctuation (`MindSpeed-` / `LLM`) and a PDF's layout wraps
    are only where the line ended, unless what the wrap ends or begins is the whole name of
    another column's framework (`others`, lower case), or both sides are hyphenated names of
    their own: `Llama-Factory` / `MindSpeed-RL` on two lines of a print's heading, joined, is a
    framework no one wrote (hunt 103), and a reader sees two names. (A wrap inside one name is
    after its hyphen, `MindSpeed-` / `LLM`, or cuts a part, `MindSpee` / `d-LLM`.)"""
    words, gaps = name_pieces(heading)
    for at, (gap, left, right) in enumerate(zip(gaps, words, words[1:]), start=1):
        before, after = "".join(words[:at]), "".join(words[at:])
        if not (heading.layout_breaks and is_wrap(gap)):
            if left[-1].isalnum() and right[0].isalnum():
                return f"{left!r} and {right!r}"
        elif before.lower() in others or after.lower() in others:
            return f"{before!r} and {after!r}, another column's framework on one side"
        elif "-" in before.strip("-") and "-" in after.strip("-"):
            return f"{before!r} and {after!r}, each a hyphenated name of its own"
    return None


def value_key(framework_text: str, hardware_text: str) -> ColumnKey | None:
    framework = FRAMEWORK_HEADING.fullmatch(squash(framework_text))
    hardware = HARDWARE.get(squash(hardware_text).lower())
    if framework and hardware:
        return ColumnKey("value", framework["name"], hardware)
    return None


def column_key(grid: Grid, col: int, depth: int, others: frozenset[str] = frozenset()) -> ColumnKey:
    cells = [grid.cell_at(row, col) for row in range(depth)]
    distinct = list(dict.fromkeys(cells))  # a rowspan heading shows up once
    texts = [c.text for c in distinct]
    if len(distinct) == 1 and (role := key_role(texts[0])):
        return ColumnKey(role)
    if len(distinct) == 2 and (key := value_key(*texts)):
        if (words := split_name(distinct[0], others)) is not None:
            raise HeaderError(grid.source_file, Problem(
                distinct[0].place, f"the framework heading {texts[0]!r} has whitespace between {words}",
                f"the framework's name as one word: {key.framework!r} would be a name the vendor never wrote"))
        return key
    expected = (f"one of the headings {', '.join(KEY_HEADINGS.values())} spanning the header, or "
                f"'<framework>规格卡数/DIE' above one of {', '.join(h.name for h in HARDWARE.values())}")
    raise HeaderError(grid.source_file, Problem(distinct[-1].place,
                      f"unrecognised heading {' / '.join(map(repr, texts))}", expected))


def read_header(grid: Grid) -> list[ColumnKey]:
    """One ColumnKey per grid column; the key columns must each appear exactly once, and at
    least one body row must follow the header."""
    depth = grid.header_depth()
    if depth < 2:
        raise HeaderError(grid.source_file, Problem(grid.cells[0].place,
                          f"the header is {depth} row deep", "two header rows: framework, hardware"))
    keys = [column_key(grid, col, depth) for col in range(grid.n_cols)]
    frameworks = {k.framework.lower() for k in keys if k.role == "value"}
    if len(frameworks) > 1:  # a wrap beside another column's framework, asked again with them known
        keys = [column_key(grid, col, depth, frozenset(frameworks - {k.framework.lower()}))
                if k.role == "value" else k for col, k in enumerate(keys)]
    problems = []
    if grid.n_rows <= depth:  # a table of headings only holds no configuration: never 0 rows and exit 0
        problems.append(Problem(grid.cells[0].place, f"the table has {depth} header rows and no body rows",
                                "at least one model row"))
    for role in KEY_HEADINGS:
        count = sum(k.role == role for k in keys)
        if count != 1:
            problems.append(Problem(grid.cells[0].place, f"{count} '{KEY_HEADINGS[role]}' columns",
                                    "exactly one"))
    values = [(k.framework, k.hardware) for k in keys if k.role == "value"]
    if not values:
        problems.append(Problem(grid.cells[0].place, "no framework/hardware columns",
                                "at least one '<framework>规格卡数/DIE' column"))
    if len(set(values)) != len(values):
        problems.append(Problem(grid.cells[0].place, "a framework/hardware column appears twice",
                                "each framework and hardware once"))
    if problems:
        raise HeaderError(grid.source_file, problems)
    return keys
