"""mincards: the vendor's minimum-NPU table as validated, typed data."""
from __future__ import annotations

__version__ = "0.1.0"


def without_data_synthesis() -> None:
    """pandera loads hypothesis, where it is installed (`make setup` installs it for the
    tests), the first time it checks a frame, for the data synthesis this pipeline never
    asks for: 0.17 s of every extract run and of every worker. Marked absent, pandera
    checks without it. A no-op where hypothesis is loaded already (the test processes)."""
    import sys

    sys.modules.setdefault("hypothesis", None)
