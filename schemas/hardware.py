"""The hardware vocabulary, in one place: the hardware headings the vendor table uses,
the unit each one's numbers count, and how many of those units one machine holds.

The vendor's intro: Snt9b nodes hold 8 cards; an Snt9b23 machine holds 8 cards = 16 DIE.
pipeline/header.py reads the headings with it; the contract (schemas/min_cards.py) takes
its allowed values and the unit and node rules from it, and from the contract the JSON
Schema, the Arrow schema and the data package. A new hardware heading is one entry here.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hardware:
    name: str  # canonical spelling (older pages write Snt9B / Snt9B23)
    unit: str  # what min_units counts on it: the value of the `unit` column
    units_per_node: int  # units per machine
    unit_plural: str  # the unit in prose ("8 cards", "16 DIEs")
    vendor_plural: str  # as the vendor writes a count of it ("8 cards", "16 DIE")


HARDWARE: tuple[Hardware, ...] = (
    Hardware("Snt9b", "card", 8, "cards", "cards"),
    Hardware("Snt9b23", "die", 16, "DIEs", "DIE"),
)
HARDWARE_NAMES = [h.name for h in HARDWARE]
UNIT_OF_HARDWARE = {h.name: h.unit for h in HARDWARE}
UNITS_PER_NODE = {h.unit: h.units_per_node for h in HARDWARE}
UNITS = list(UNITS_PER_NODE)


def units_text() -> str:
    """'card on Snt9b (8 per node), die on Snt9b23 (16 per node)', for descriptions."""
    return ", ".join(f"{h.unit} on {h.name} ({h.units_per_node} per node)" for h in HARDWARE)
