"""The `mincards` command: a thin layer over the library, one module per command
(extract, fetch, diff; the planner's questions in questions.py; what they share in
common.py).

Library errors are rendered once (common.reports_errors), as one message and an exit status (0 ok;
1 bad input, no match, a broken contract, a --strict finding, a difference under
`diff --exit-code`; 2 a usage error; 3 an internal error); a traceback only with
--debug.

Start-up: this module imports click and a few small modules of ours only. Each
command imports what it needs when it runs (the extractors, pandas, pyarrow), so
`mincards --help` never loads them and the reading commands never load the
extractors (pdfplumber, lxml) or the contract (pandera).
"""
from __future__ import annotations

import click

from .. import __version__, without_data_synthesis
from .common import output_failed
from .diff import diff
from .extract import extract
from .fetch import fetch
from .questions import fit, history, models, plan, query


class Mincards(click.Group):
    """The command group; writing --help or --version fails (a full disk, a closed pipe) as any
    answer's writing does: one line, never a traceback (click writes them before any command's
    own error handling)."""

    def main(self, *args, **kwargs):
        in_utf8()
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:
            output_failed(exc)


def in_utf8() -> None:
    """Answers, help and errors written in UTF-8 whatever the locale's encoding: the tables hold
    Chinese text and the answers `…` and `→`, which a Latin-1 locale cannot encode (hunt 106:
    `internal error: UnicodeEncodeError`, exit 3, and a traceback for `plan --help`). Click does
    so for an ASCII locale only."""
    import codecs
    import sys

    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        if hasattr(stream, "reconfigure") and codecs.lookup(encoding).name != "utf-8":
            stream.reconfigure(encoding="utf-8")


@click.group(cls=Mincards, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mincards")
def main() -> None:
    """Minimum Ascend NPU counts per model, from the vendor's table, as validated data.

    Reading commands find the data in --build DIR, or in $MINCARDS_BUILD, or in
    ./build. Exit status: 0 ok; 1 bad input or no match; 2 usage error; 3 internal error;
    4 nothing new arrived (fetch --exit-code only); 130/143 stopped by Ctrl-C/SIGTERM; 141 the
    reader of the answer went away.
    Shell completion (bash): eval "$(_MINCARDS_COMPLETE=bash_source mincards)".

    \b
    Example:
        mincards extract raw --out build
        mincards fit --hardware Snt9b --nodes 1 --strategy lora --seq-len 4096
    """
    without_data_synthesis()


for command in (extract, fetch, query, models, fit, plan, diff, history):
    main.add_command(command)
