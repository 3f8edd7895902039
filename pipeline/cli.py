"""The `mincards` command: a thin layer over pipeline.release.

Library errors are rendered here, once, as one message and a non-zero exit;
a traceback only with --debug.
"""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from . import __version__, diff as diff_module, query as query_module, store
from .errors import MincardsError
from .limits import DEFAULT, Limits
from .release import extract_each, publish
from .report import diff_html
from .write import atomic_write

EXIT_BAD_INPUT = 1
EXIT_INTERNAL = 3


def reports_errors(command=None, *, note: str | None = None):
    """Turn library errors into one message on stderr (and `note`, if any) and an exit code."""
    if command is None:
        return functools.partial(reports_errors, note=note)

    @functools.wraps(command)
    def wrapper(*args, debug: bool = False, **kwargs):
        try:
            return command(*args, **kwargs)
        except MincardsError as exc:
            if debug:
                raise
            click.echo(f"error: {exc}", err=True)
            if note:
                click.echo(note, err=True)
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
@click.option("--strict", is_flag=True, help="Treat data-quality findings as errors (nothing is written).")
@click.option("--keep-going", is_flag=True,
              help="Publish the releases that pass even when others fail (the exit status is still 1).")
@click.option("--max-bytes", type=int, default=DEFAULT.max_bytes, show_default=True, help="Largest source file.")
@click.option("--max-pages", type=int, default=DEFAULT.max_pages, show_default=True, help="Most PDF pages.")
@click.option("--max-cells", type=int, default=DEFAULT.max_cells, show_default=True, help="Most grid slots.")
@click.option("--max-stream-bytes", type=int, default=DEFAULT.max_stream_bytes, show_default=True,
              help="Largest inflated PDF stream.")
@click.option("--max-seconds", type=float, default=DEFAULT.max_seconds, show_default=True,
              help="Longest extraction of one source file.")
@reports_errors(note="nothing was written; the output folder keeps its previous contents")
def extract(raw_dir: Path, out_dir: Path, releases: tuple[str, ...], verbose: bool, strict: bool,
            keep_going: bool, max_bytes: int, max_pages: int, max_cells: int, max_stream_bytes: int,
            max_seconds: float) -> None:
    """Turn each vendor release in RAW_DIR (default: raw) into validated CSV, Parquet
    and JSON in --out, plus the Hive-partitioned dataset out/dataset/.

    Every release is extracted and validated before anything is written: if one
    fails, the command exits non-zero and the previous outputs stay as they were
    (with --keep-going, the releases that pass are written and the others listed).
    Each release is published whole; a run over all of RAW_DIR also removes the
    releases whose folder is no longer there.

    \b
    Example:
        mincards extract raw --out build --release 2025-10-22
        2025-10-22: 1350 rows, 37 models, 5 frameworks, 2 warnings, 6 findings; page.html and doc.pdf agree -> build/2025-10-22
    """
    limits = Limits(max_bytes, max_pages, max_cells, max_stream_bytes, max_seconds)
    results, failures = extract_each(raw_dir, releases, strict, limits, stop_at_first=not keep_going)
    # A full run mirrors raw/: releases whose folder is gone leave build/ too.
    published = publish(results, out_dir, mirror=None if releases else raw_dir) if results else None
    for result in results:
        click.echo(f"{result.summary()} -> {out_dir / result.release}")
        if verbose:
            for warning in result.warnings:
                click.echo(f"  warning: {warning}")
    for release in published.removed if published else ():
        click.echo(f"{release}: removed from {out_dir} (no longer in {raw_dir})")
    for failure in failures:
        click.echo(f"{failure.release}: FAILED: {failure.error}", err=True)
    if failures:
        click.echo(f"{len(failures)} of {len(results) + len(failures)} releases failed; the others were written",
                   err=True)
        sys.exit(EXIT_BAD_INPUT)


BUILD_OPTION = click.option("--build", "build_dir", default="build", show_default=True,
                            type=click.Path(path_type=Path, file_okay=False),
                            help="Folder that `mincards extract` wrote to.")


@main.command()
@click.argument("old", required=False)
@click.argument("new", required=False)
@BUILD_OPTION
@click.option("--format", "fmt", type=click.Choice(sorted(diff_module.FORMATS)), default="md", show_default=True)
@click.option("--exit-code", is_flag=True, help="Exit 1 when the releases differ, like `git diff --exit-code`.")
@click.option("--save", "save_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Also write <old>..<new>.md, .json and .html into this folder.")
@reports_errors
def diff(old: str | None, new: str | None, build_dir: Path, fmt: str, exit_code: bool, save_dir: Path | None) -> None:
    """Show what changed between two releases: columns, models, values, configurations.

    OLD and NEW are release ids under --build (or paths to release output folders);
    without them, the two newest releases are compared.

    \b
    Example:
        mincards diff 2025-05-07 2025-10-22
        mincards diff --format json --exit-code
        mincards diff --save build/diff
    """
    if (old is None) != (new is None):
        raise click.UsageError("give both OLD and NEW, or neither for the two newest releases")
    old, new = (old, new) if old else store.newest(build_dir, 2)
    (old_id, old_dir), (new_id, new_dir) = store.resolve(build_dir, old), store.resolve(build_dir, new)
    result = diff_module.diff_releases(old_id, store.load(old_dir), new_id, store.load(new_dir))
    if save_dir:
        stem = save_dir / f"{old_id}..{new_id}"
        for suffix, text in ((".md", diff_module.to_markdown(result)), (".json", diff_module.to_json(result)),
                             (".html", diff_html(result))):
            atomic_write(stem.with_name(stem.name + suffix), text.encode("utf-8"))
    click.echo(diff_module.FORMATS[fmt](result), nl=False)
    if exit_code and result.differs:
        sys.exit(1)


@main.command()
@click.argument("model")
@BUILD_OPTION
@click.option("--release", help="Release id (default: the newest under --build).")
@click.option("--strategy", type=click.Choice(["full", "lora"]))
@click.option("--seq-len", type=int)
@click.option("--framework", help="e.g. MindSpeed-LLM (case-insensitive).")
@click.option("--hardware", help="Snt9b or Snt9b23 (case-insensitive).")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@reports_errors
def query(model: str, build_dir: Path, release: str | None, strategy: str | None, seq_len: int | None,
          framework: str | None, hardware: str | None, fmt: str) -> None:
    """How many units and nodes MODEL needs, per framework and hardware.

    Case and separators in MODEL do not matter (qwen3-moe-30b-a3b finds
    qwen3_moe-30B_A3B); an unknown name suggests the closest known ones.

    \b
    Example:
        mincards query qwen2.5-7b --strategy full --seq-len 4096
        mincards query DeepSeek-V3 --release 2025-05-07 --format json
    """
    release_id, folder = store.resolve(build_dir, release or store.newest(build_dir, 1)[0])
    filters = query_module.Filters(strategy, seq_len, framework, hardware)
    rows = query_module.select(store.load(folder), model, filters, str(folder / store.TABLE))
    click.echo(query_module.to_table(rows) if fmt == "table" else query_module.to_json(rows), nl=False)
