"""The table's fixed vocabulary as the readers use it (no pandas, no pandera imported here),
derived from its one home, schemas/hardware.py (and the strategies from pipeline/tokens.py).
On Snt9b a unit is a card (8 per node); on Snt9b23 a unit is a DIE (16 per node, one
card = 2 DIE), and the vendor counts 1 DIE as equivalent to 1 Snt9b card."""
from __future__ import annotations

from schemas.hardware import HARDWARE as MACHINES, HARDWARE_NAMES, UNIT_OF_HARDWARE, UNITS_PER_NODE  # noqa: F401

from .tokens import STRATEGIES  # noqa: F401 (the readers take it from here)

HARDWARE = tuple(HARDWARE_NAMES)
DIES_PER_CARD = UNITS_PER_NODE["die"] // UNITS_PER_NODE["card"]  # one machine: 8 cards = 16 DIE
PLURAL = {m.unit: m.unit_plural for m in MACHINES}  # "cards", "DIEs"
SINGULAR = {unit: plural[:-1] for unit, plural in PLURAL.items()}  # "card", "DIE"


def units_note() -> str:
    """'cards on Snt9b (8 per node), DIEs on Snt9b23 (16 per node)'."""
    return ", ".join(f"{m.unit_plural} on {m.name} ({m.units_per_node} per node)" for m in MACHINES)


def counted(n: int, word: str) -> str:
    """`1 framework`, `5 frameworks`."""
    return f"{n} {word}{'s' * (n != 1)}"


def vendor_column_order(frame, column: str = "source_col") -> list[tuple[str, str]]:
    """(framework, hardware) pairs of a table (records, or a DataFrame) in the vendor table's column order: by the first grid column
    each pair's values come from, and within one column (a cell spanning both hardware
    columns) in the vocabulary's order, Snt9b before Snt9b23."""
    first: dict[tuple[str, str], int] = {}  # in order of appearance, as the sort below keeps ties
    if hasattr(frame, "groupby"):  # a DataFrame: one pass in pandas, not a dict per row
        first = frame.groupby(["framework", "hardware"], sort=False)[column].min().to_dict()
    else:
        for row in frame:
            pair = (row["framework"], row["hardware"])
            first[pair] = min(first.get(pair, row[column]), row[column])
    return sorted(first, key=lambda pair: (first[pair], HARDWARE_NAMES.index(pair[1])))


def nodes(units: int, unit: str) -> int:
    return -(-units // UNITS_PER_NODE[unit])


def amount(units: int, unit: str) -> str:
    """`1 card`, `8 cards`, `1 DIE`, `2 DIEs`."""
    return f"{units} {PLURAL[unit] if units != 1 else SINGULAR[unit]}"


def count(units: int, unit: str) -> str:
    """`8 cards (1 node)`, `32 DIEs (2 nodes)`."""
    return f"{amount(units, unit)} ({counted(nodes(units, unit), 'node')})"
