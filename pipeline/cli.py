"""The `mincards` command: a thin layer over pipeline.release.

Library errors are rendered here, once, as one message and a non-zero exit;
a traceback only with --debug.
"""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from . import __version__
from .errors import MincardsError
from .release import extract_all, publish

EXIT_BAD_INPUT = 1
EXIT_INTERNAL = 3


def reports_errors(command):
    """Turn library errors into one message on stderr and an exit code."""

    @functools.wraps(command)
    def wrapper(*args, debug: bool = False, **kwargs):
        try:
            return command(*args, **kwargs)
        except MincardsError as exc:
            if debug:
                raise
            click.echo(f"error: {exc}", err=True)
            click.echo("nothing was written; build/ keeps its previous outputs", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except OSError as exc:
            if debug:
                raise
            click.echo(f"error: {exc.filename or ''}: {exc.strerror or exc}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except Exception as exc:  # noqa: BLE001 - the edge of the program
            if debug:
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc} (run again with --debug for the "
                       "traceback)", err=True)
            sys.exit(EXIT_INTERNAL)

    return click.option("--debug", is_flag=True, help="Show the Python traceback on errors.")(wrapper)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mincards")
def main() -> None:
    """Minimum Ascend NPU counts per model, from the vendor's table, as validated data.

    \b
    Example:
        mincards extract raw --out build
    """


@main.command()
@click.argument("raw_dir", default="raw", type=click.Path(path_type=Path, file_okay=False))
@click.option("--out", "out_dir", default="build", show_default=True,
              type=click.Path(path_type=Path, file_okay=False), help="Folder for the artifacts.")
@click.option("--release", "releases", multiple=True, metavar="YYYY-MM-DD",
              help="Only this release folder (repeatable). Default: every folder in RAW_DIR.")
@click.option("-v", "--verbose", is_flag=True, help="List each warning under its release.")
@reports_errors
def extract(raw_dir: Path, out_dir: Path, releases: tuple[str, ...], verbose: bool) -> None:
    """Turn each vendor release in RAW_DIR (default: raw) into validated CSV, Parquet
    and JSON in --out, plus the Hive-partitioned dataset out/dataset/.

    Every release is extracted and validated before anything is written: if one
    fails, the command exits non-zero and the previous outputs stay as they were.

    \b
    Example:
        mincards extract raw --out build --release 2025-10-22
        2025-10-22: 1350 rows, 37 models, 5 frameworks, 2 warnings -> build/2025-10-22
    """
    results = extract_all(raw_dir, releases)
    publish(results, out_dir)
    for result in results:
        click.echo(f"{result.summary()} -> {out_dir / result.release}")
        if verbose:
            for warning in result.warnings:
                click.echo(f"  warning: {warning}")
