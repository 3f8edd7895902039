"""`mincards fetch`: the vendor pages into raw/, each new one as a release folder."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..limits import DEFAULT
from .common import EXIT_BAD_INPUT, reports_errors

EXIT_NOTHING_NEW = 4  # `fetch --exit-code` only: every page was up to date


@click.command()
@click.argument("urls", nargs=-1, metavar="[URL]...")
@click.option("--raw", "raw_dir", default="raw", show_default=True, type=click.Path(path_type=Path, file_okay=False),
              help="The raw folder new releases are filed in.")
@click.option("--sources", "sources_file", type=click.Path(path_type=Path, dir_okay=False),
              help="The vendor pages to follow (default: RAW/sources.toml).")
@click.option("--connect-timeout", type=click.FloatRange(min=0, min_open=True), default=10.0, show_default=True,
              help="Seconds to wait for a connection.")
@click.option("--timeout", "read_timeout", type=click.FloatRange(min=0, min_open=True), default=30.0,
              show_default=True, help="Seconds to wait for the server between bytes.")
@click.option("--retries", type=click.IntRange(min=0, max=10), default=3, show_default=True,
              help="Further attempts on connection errors, timeouts and 5xx (backoff 1 s, 2 s, 4 s, ...).")
@click.option("--max-redirects", type=click.IntRange(min=0), default=5, show_default=True)
@click.option("--max-bytes", type=click.IntRange(min=1), default=DEFAULT.max_bytes, show_default=True, help="Largest page.")
@click.option("--max-seconds", type=click.FloatRange(min=0, min_open=True), default=300.0, show_default=True,
              help="Longest a page's body may take to arrive (--timeout bounds the wait between bytes only).")
@click.option("--exit-code", is_flag=True,
              help=f"Exit {EXIT_NOTHING_NEW} when nothing new arrived (0 only when something new was filed).")
@reports_errors(note="raw/ was not changed by the failed download", writes="raw_dir")
def fetch(urls: tuple[str, ...], raw_dir: Path, sources_file: Path | None, connect_timeout: float,
          read_timeout: float, retries: int, max_redirects: int, max_bytes: int, max_seconds: float,
          exit_code: bool) -> None:
    """Download the vendor pages (URLs, or every source in RAW/sources.toml) and file
    each new one as RAW/<update date>/page.html, byte for byte, with source.json and
    SOURCE.md beside it.

    An unchanged page (304, or the same bytes) writes nothing and says "up to date". A
    page changed without a new update date is kept as a revision RAW/<date>.2 beside
    the first copy, never over it. A refused or failed download leaves RAW as it was.
    Exit status: 0 something new was filed or everything is up to date (each line says
    which; with --exit-code, 4 when nothing new arrived); 1 on any error.

    \b
    Example:
        mincards fetch
        mincards fetch https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_590804.html
    """
    from ..fetch import SOURCES_FILE, Client, fetch_all, sources_for

    sources = sources_for(urls, sources_file or raw_dir / SOURCES_FILE)
    client = Client(connect_timeout=connect_timeout, read_timeout=read_timeout, retries=retries,
                    max_redirects=max_redirects, max_bytes=max_bytes, max_seconds=max_seconds)
    outcomes, errors = fetch_all(sources, raw_dir, client)
    for outcome in outcomes:
        click.echo(outcome.message)
        if outcome.status == "revision":  # said loudly: on stderr too, where a cron job's mail comes from
            click.echo(f"warning: {outcome.message}", err=True)
    new = [o.release for o in outcomes if o.is_new]
    for error in errors:
        click.echo(f"error: {error}", err=True)
    if errors:
        if new:
            click.echo(f"note: {len(new)} new release(s) were filed ({', '.join(new)}); run `mincards extract`",
                       err=True)
        click.echo(f"{len(errors)} of {len(sources)} page(s) could not be fetched; {raw_dir} was not changed for them",
                   err=True)
        sys.exit(EXIT_BAD_INPUT)
    click.echo(f"fetch: new: {', '.join(new)}" if new else "fetch: up to date: nothing new")
    if exit_code and not new:
        sys.exit(EXIT_NOTHING_NEW)
