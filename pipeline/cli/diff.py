"""`mincards diff`: what changed between two releases in build/."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..formats import FORMATS
from .common import BUILD, EXIT_BAD_INPUT, AnyCase, reports_errors, show

@click.command()
@click.argument("old", required=False)
@click.argument("new", required=False)
@BUILD
@click.option("--format", "fmt", type=AnyCase((*FORMATS, "html")), default="md", show_default=True,
              help="Output format (md: the report; html: the diff page, with -o FILE; table/csv/ndjson: the keys "
                   "that differ).")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="Write to this file (atomically) instead of stdout.")
@click.option("--exit-code", is_flag=True, help="Exit 1 when the releases differ, like `git diff --exit-code`.")
@click.option("--save", "save_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Also write <old>..<new>.md, .json and .html into this folder.")
@reports_errors
def diff(old: str | None, new: str | None, build_dir: Path, fmt: str, output: Path | None, exit_code: bool,
         save_dir: Path | None) -> None:
    """Show what changed between two releases: columns, models, values, configurations.

    OLD and NEW are release ids under --build (or paths to release output folders);
    without them, the two newest releases are compared.

    \b
    Example:
        mincards diff 2025-05-07 2025-10-22
        mincards diff --format json --exit-code
        mincards diff --format html -o diff.html
        mincards diff --save build/diff
    """
    from .. import diff as diff_module, store

    if (old is None) != (new is None):
        raise click.UsageError("give both OLD and NEW, or neither for the two newest releases")
    old, new = (old, new) if old else store.newest(build_dir, 2)
    (old_id, old_dir), (new_id, new_dir) = store.resolve(build_dir, old), store.resolve(build_dir, new)
    def read():
        return store.load_with_source(old_dir), store.load_with_source(new_dir)

    both_published = {old_id, new_id} <= set(store.published_releases(build_dir))  # not folders named by path
    (old_frame, old_url), (new_frame, new_url) = store.of_one_run(build_dir, read) if both_published else read()
    result = diff_module.diff_releases(old_id, old_frame, new_id, new_frame)
    page = diff_page(result, {old_id: old_url, new_id: new_url}, new_dir) if save_dir or fmt == "html" else None
    if save_dir:
        save_diff(result, save_dir, page)
    show(page if fmt == "html" else diff_module.FORMATS[fmt](result), fmt, output)
    if exit_code and result.differs:
        sys.exit(EXIT_BAD_INPUT)


def diff_page(result, urls: dict[str, str | None], new_dir: Path) -> str:
    """The diff page: each release's vendor page linked, the new release's findings marked."""
    from .. import store
    from ..report import diff_html, finding_marks

    return diff_html(result, urls, finding_marks(store.load(new_dir, store.FINDINGS)))


def save_diff(result, save_dir: Path, page: str) -> None:
    from ..diff import to_json, to_markdown
    from ..files import write_all_or_none

    stem = save_dir / f"{result.old}..{result.new}"
    try:
        write_all_or_none({stem.with_name(stem.name + suffix): text.encode("utf-8") for suffix, text in
                           ((".md", to_markdown(result)), (".json", to_json(result)), (".html", page))})
    except OSError as exc:  # a write's error names no file, a temp file's names one no user made: the folder
        raise OSError(exc.errno, exc.strerror, str(save_dir)) from None
