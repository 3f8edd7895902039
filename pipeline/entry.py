"""The `mincards` command's first code (the console script and `python -m pipeline`).

Ctrl-C while the command is still importing (click and our modules: ~0.05 s quiet, several
times that on a busy machine) raised KeyboardInterrupt in the middle of an import, before any
of the command's handlers existed, and Python printed a traceback. Until the command runs,
Ctrl-C now has the signal's default action: the process ends at once, with nothing written,
as the shell reports a command Ctrl-C ended (130). Nothing is open or locked yet. Only the
interpreter's own start, before this module, is left as Python has it.

A SIGINT ignored by whoever started us (a non-interactive shell's `cmd &`) stays ignored.
"""
from __future__ import annotations

import os
import signal

IMPORTING_POINT = "importing"  # a fault point (pipeline/faults.py): a signal while the command imports

_ours = signal.getsignal(signal.SIGINT) is signal.default_int_handler
if _ours:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def main(prog_name: str | None = None):
    if os.environ.get("MINCARDS_FAULT_KILL_AT", "").startswith(IMPORTING_POINT + ":"):
        from .faults import signal_at

        signal_at(IMPORTING_POINT, os.getpid())
    from .cli import main as command

    if _ours:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    return command(prog_name=prog_name)
