"""The table's fixed vocabulary, for the command line (no pandas, no pandera here).

schemas/min_cards.py is the contract; tests/test_planner.py checks these agree with it.
On Snt9b a unit is a card (8 per node); on Snt9b23 a unit is a DIE (16 per node, one
card = 2 DIE), and the vendor counts 1 DIE as equivalent to 1 Snt9b card."""
from __future__ import annotations

STRATEGIES = ("full", "lora")
HARDWARE = ("Snt9b", "Snt9b23")
UNIT_OF_HARDWARE = {"Snt9b": "card", "Snt9b23": "die"}
UNITS_PER_NODE = {"card": 8, "die": 16}
DIES_PER_CARD = 2
PLURAL = {"card": "cards", "die": "DIEs"}
SINGULAR = {"card": "card", "die": "DIE"}


def nodes(units: int, unit: str) -> int:
    return -(-units // UNITS_PER_NODE[unit])


def count(units: int, unit: str) -> str:
    """`8 cards (1 node)`, `32 DIEs (2 nodes)`."""
    n = nodes(units, unit)
    return f"{units} {PLURAL[unit] if units != 1 else SINGULAR[unit]} ({n} node{'s' * (n != 1)})"
