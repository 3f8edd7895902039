"""`mincards extract`: raw/ -> build/, with a progress line on a terminal."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..limits import DEFAULT, Limits
from .common import EXIT_BAD_INPUT, output_failed, reports_errors

@click.command()
@click.argument("raw_dir", default="raw", type=click.Path(path_type=Path, file_okay=False))
@click.option("--out", "out_dir", default="build", show_default=True,
              type=click.Path(path_type=Path, file_okay=False), help="Folder for the artifacts.")
@click.option("--release", "releases", multiple=True, metavar="YYYY-MM-DD",
              help="Only this release folder (repeatable). Default: every folder in RAW_DIR.")
@click.option("-v", "--verbose", is_flag=True, help="List each warning under its release.")
@click.option("--strict", is_flag=True, help="Treat data-quality findings as errors (nothing is written).")
@click.option("--keep-going", is_flag=True,
              help="Publish the releases that pass even when others fail (the exit status is still 1).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, envvar="MINCARDS_JOBS",
              help="Releases extracted at once, each in its own process (1: all in this process). "
                   "Default: $MINCARDS_JOBS, else the number of CPUs.")
@click.option("--wait", is_flag=True,
              help="If another run is writing to --out, wait for it to finish (default: refuse at once).")
@click.option("--force", is_flag=True,
              help="Extract every release again, even those unchanged since they were published.")
@click.option("-q", "--quiet", is_flag=True, help="No progress display (shown only when stderr is a terminal).")
@click.option("--max-bytes", type=int, default=DEFAULT.max_bytes, show_default=True, help="Largest source file.")
@click.option("--max-pages", type=int, default=DEFAULT.max_pages, show_default=True, help="Most PDF pages.")
@click.option("--max-cells", type=int, default=DEFAULT.max_cells, show_default=True, help="Most grid slots.")
@click.option("--max-stream-bytes", type=int, default=DEFAULT.max_stream_bytes, show_default=True,
              help="Largest inflated PDF stream.")
@click.option("--max-seconds", type=float, default=DEFAULT.max_seconds, show_default=True,
              help="Longest extraction of one source file.")
@reports_errors(note="nothing was written; the output folder keeps its previous contents", writes="out_dir")
def extract(raw_dir: Path, out_dir: Path, releases: tuple[str, ...], verbose: bool, strict: bool,
            keep_going: bool, jobs: int | None, wait: bool, force: bool, quiet: bool, max_bytes: int, max_pages: int, max_cells: int,
            max_stream_bytes: int, max_seconds: float) -> None:
    """Turn each vendor release in RAW_DIR (default: raw) into validated CSV, Parquet
    and JSON in --out, plus the dataset of every release, out/dataset/<release>/part-0.parquet.

    Releases are extracted --jobs at a time in worker processes and staged as they
    arrive; nothing is swapped in before every release passed: if one fails, the
    command exits non-zero and the previous outputs stay as they were (with
    --keep-going, the releases that pass are written and the others listed).
    Each release is published whole; a run over all of RAW_DIR also removes the
    releases whose folder is no longer there. A release whose sources, notes and
    pipeline version are those its manifest records is not extracted again (its line
    says `unchanged`); with nothing changed, nothing is written. --force extracts all.

    \b
    Example:
        mincards extract raw --out build --release 2025-10-22
        2025-10-22: 1350 rows, 37 models, 5 frameworks, 2 warnings, 6 findings; page.html and doc.pdf agree -> build/2025-10-22
    """
    import os

    from ..run import extract_to
    from ..workers import start_method

    overlapping(raw_dir, out_dir)
    limits = Limits(max_bytes, max_pages, max_cells, max_stream_bytes, max_seconds)
    stderr = sys.stderr  # CliRunner swaps it for a buffer: no progress in tests
    progress = Progress(stderr) if not quiet and stderr.isatty() else None
    try:
        results, failures, published = extract_to(raw_dir, out_dir, releases, strict, limits, keep_going,
                                                  jobs or os.cpu_count() or 1, start_method(), progress,
                                                  wait, waiting_for, force)
    finally:
        if progress:
            progress.clear()
    try:  # the run has published: a report that cannot be written is not the output folder's failure
        for result in results:
            click.echo(f"{result.summary} -> {out_dir / result.release}")
            if verbose:
                for warning in result.warnings:
                    click.echo(f"  warning: {warning}")
        for release in published.removed if published else ():
            click.echo(f"{release}: removed from {out_dir} (no longer in {raw_dir})")
    except OSError as exc:  # (hunt 106: `>/dev/full` said the folder was full and nothing written, after publishing)
        output_failed(exc, note=f"the run published {out_dir}; its report could not be written")
    for failure in failures:
        click.echo(f"{failure.release}: FAILED: {failure.error}", err=True)
    if failures:
        click.echo(f"{len(failures)} of {len(results) + len(failures)} releases failed; the others were written",
                   err=True)
        sys.exit(EXIT_BAD_INPUT)


def overlapping(raw_dir: Path, out_dir: Path) -> None:
    """--out the sources' folder, or one inside it or around it, is a usage error: a release is
    published by swapping its folder in where one of that name stands, and the swapped-out folder
    is deleted (hunt 106: `extract --out raw` deleted every page and PDF, exit 0)."""
    raw, out = raw_dir.resolve(), out_dir.resolve()
    if raw == out or raw in out.parents or out in raw.parents:
        raise click.UsageError(f"--out {out_dir} and the sources' folder {raw_dir} overlap: a run replaces the "
                               "release folders it publishes; give --out a folder of its own (the default: build)")


def waiting_for(holder: str) -> None:
    click.echo(f"waiting: another mincards run ({holder}) is writing to the output folder", err=True)


class Progress:
    """One line on a terminal's stderr, rewritten in place: releases done / total and the
    release being waited for; erased at the end, so only the results remain."""

    def __init__(self, stream):
        self.stream, self.shown = stream, False

    def __call__(self, done: int, total: int, current: str | None) -> None:
        text = f"extracting: {done}/{total} releases" + (f", {current}" if current else "")
        self.stream.write(f"\r\033[K{text}")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
