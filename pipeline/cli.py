"""The `mincards` command: a thin layer over the library.

Library errors are rendered here, once, as one message and an exit status (0 ok;
1 bad input, no match, a broken contract, a --strict finding, a difference under
`diff --exit-code`; 2 a usage error; 3 an internal error); a traceback only with
--debug.

Start-up: this module imports click and a few small modules of ours only. Each
command imports what it needs when it runs (the extractors, pandas, pyarrow), so
`mincards --help` never loads them and the reading commands never load the
extractors (pdfplumber, lxml) or the contract (pandera).
"""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from . import __version__
from .errors import MincardsError
from .formats import FORMATS, Answer
from .limits import DEFAULT, Limits
from .units import HARDWARE, STRATEGIES

EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
PASS_THROUGH = (click.ClickException, click.exceptions.Exit, click.Abort)


class AnyCase(click.Choice):
    """A choice in any case, whose error lists the values as the table spells them."""

    def __init__(self, choices):
        super().__init__(choices, case_sensitive=False)

    def get_invalid_choice_message(self, value, ctx) -> str:
        return f"{value!r} is not one of {', '.join(self.choices)}"


def as_usage_error(exc: MincardsError) -> click.UsageError:
    """A library complaint about an option (an unknown value, options that exclude each other)."""
    ctx = click.get_current_context(silent=True)
    if getattr(exc, "valid", None) is not None:
        return click.BadParameter(exc.detail, ctx=ctx, param_hint=f"'{exc.option}'")
    return click.UsageError(exc.detail, ctx=ctx)


def reports_errors(command=None, *, note: str | None = None):
    """Turn library errors into one message on stderr (and `note`, if any) and an exit code."""
    if command is None:
        return functools.partial(reports_errors, note=note)

    @functools.wraps(command)
    def wrapper(*args, debug: bool = False, **kwargs):
        from .query import OptionError

        try:
            return command(*args, **kwargs)
        except PASS_THROUGH:
            raise  # click prints these itself: usage errors exit 2
        except OptionError as exc:
            if debug:
                raise
            raise as_usage_error(exc) from None
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


def show(answer: Answer | str, fmt: str, output: Path | None) -> None:
    """Notes to stderr; the answer to stdout, or written atomically to --output."""
    text = answer if isinstance(answer, str) else answer.render(fmt)
    for line in () if isinstance(answer, str) else answer.notes:
        click.echo(f"note: {line}", err=True)
    if output is None:
        click.echo(text, nl=False)
        return
    from .files import atomic_write

    atomic_write(output, text.encode("utf-8"))


def complete_model(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of MODEL from the newest release under --build / MINCARDS_BUILD."""
    from . import store
    from .names import canonical

    build_dir = Path(ctx.params.get("build_dir") or store.default_build())
    return [name for name in store.model_names(build_dir) if canonical(name).startswith(canonical(incomplete))]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mincards")
def main() -> None:
    """Minimum Ascend NPU counts per model, from the vendor's table, as validated data.

    Reading commands find the data in --build DIR, or in $MINCARDS_BUILD, or in
    ./build. Exit status: 0 ok; 1 bad input or no match; 2 usage error; 3 internal error.
    Shell completion (bash): eval "$(_MINCARDS_COMPLETE=bash_source mincards)".

    \b
    Example:
        mincards extract raw --out build
        mincards fit --hardware Snt9b --nodes 1 --strategy lora --seq-len 4096
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
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Releases extracted at once, each in its own process (1: all in this process). "
                   "Default: the number of CPUs.")
@click.option("-q", "--quiet", is_flag=True, help="No progress display (shown only when stderr is a terminal).")
@click.option("--max-bytes", type=int, default=DEFAULT.max_bytes, show_default=True, help="Largest source file.")
@click.option("--max-pages", type=int, default=DEFAULT.max_pages, show_default=True, help="Most PDF pages.")
@click.option("--max-cells", type=int, default=DEFAULT.max_cells, show_default=True, help="Most grid slots.")
@click.option("--max-stream-bytes", type=int, default=DEFAULT.max_stream_bytes, show_default=True,
              help="Largest inflated PDF stream.")
@click.option("--max-seconds", type=float, default=DEFAULT.max_seconds, show_default=True,
              help="Longest extraction of one source file.")
@reports_errors(note="nothing was written; the output folder keeps its previous contents")
def extract(raw_dir: Path, out_dir: Path, releases: tuple[str, ...], verbose: bool, strict: bool,
            keep_going: bool, jobs: int | None, quiet: bool, max_bytes: int, max_pages: int, max_cells: int,
            max_stream_bytes: int, max_seconds: float) -> None:
    """Turn each vendor release in RAW_DIR (default: raw) into validated CSV, Parquet
    and JSON in --out, plus the Hive-partitioned dataset out/dataset/.

    Releases are extracted --jobs at a time in worker processes and staged as they
    arrive; nothing is swapped in before every release passed: if one fails, the
    command exits non-zero and the previous outputs stay as they were (with
    --keep-going, the releases that pass are written and the others listed).
    Each release is published whole; a run over all of RAW_DIR also removes the
    releases whose folder is no longer there.

    \b
    Example:
        mincards extract raw --out build --release 2025-10-22
        2025-10-22: 1350 rows, 37 models, 5 frameworks, 2 warnings, 6 findings; page.html and doc.pdf agree -> build/2025-10-22
    """
    import os

    from .release import extract_to
    from .workers import start_method

    limits = Limits(max_bytes, max_pages, max_cells, max_stream_bytes, max_seconds)
    stderr = sys.stderr  # CliRunner swaps it for a buffer: no progress in tests
    progress = Progress(stderr) if not quiet and stderr.isatty() else None
    try:
        results, failures, published = extract_to(raw_dir, out_dir, releases, strict, limits, keep_going,
                                                  jobs or os.cpu_count() or 1, start_method(), progress)
    finally:
        if progress:
            progress.clear()
    for result in results:
        click.echo(f"{result.summary} -> {out_dir / result.release}")
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


EXIT_NOTHING_NEW = 4  # `fetch --exit-code` only: every page was up to date


@main.command()
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
@click.option("--max-bytes", type=int, default=DEFAULT.max_bytes, show_default=True, help="Largest page.")
@click.option("--exit-code", is_flag=True,
              help=f"Exit {EXIT_NOTHING_NEW} when nothing new arrived (0 only when something new was filed).")
@reports_errors(note="raw/ was not changed by the failed download")
def fetch(urls: tuple[str, ...], raw_dir: Path, sources_file: Path | None, connect_timeout: float,
          read_timeout: float, retries: int, max_redirects: int, max_bytes: int, exit_code: bool) -> None:
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
    from .fetch import SOURCES_FILE, Client, fetch_all, sources_for

    sources = sources_for(urls, sources_file or raw_dir / SOURCES_FILE)
    client = Client(connect_timeout=connect_timeout, read_timeout=read_timeout, retries=retries,
                    max_redirects=max_redirects, max_bytes=max_bytes)
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
        click.echo(f"{len(errors)} of {len(sources)} page(s) could not be fetched; raw/ was not changed for them",
                   err=True)
        sys.exit(EXIT_BAD_INPUT)
    click.echo(f"fetch: new: {', '.join(new)}" if new else "fetch: up to date: nothing new")
    if exit_code and not new:
        sys.exit(EXIT_NOTHING_NEW)


# --- options shared by the reading commands ---------------------------------------------

def options(*decorators):
    """Several click options as one decorator, in the order they are listed."""
    def apply(command):
        for decorator in reversed(decorators):
            command = decorator(command)
        return command
    return apply


BUILD = click.option("--build", "build_dir", default="build", show_default=True, envvar="MINCARDS_BUILD",
                     show_envvar=True, type=click.Path(path_type=Path, file_okay=False),
                     help="Folder that `mincards extract` wrote to.")
RELEASE = click.option("--release", metavar="YYYY-MM-DD", help="Release id (default: the newest under --build).")
FILTERS = options(
    click.option("--strategy", type=AnyCase(STRATEGIES), help="full or lora."),
    click.option("--seq-len", type=click.IntRange(min=1), help="Sequence length, e.g. 4096."),
    click.option("--framework", help="e.g. MindSpeed-LLM, Llama-Factory (case-insensitive; the release's own)."),
)
HARDWARE_FILTER = click.option("--hardware", type=AnyCase(HARDWARE),
                               help="Snt9b (cards) or Snt9b23 (DIEs).")


def output_options(default: str = "table"):
    return options(
        click.option("--format", "fmt", type=AnyCase(FORMATS), default=default,
                     show_default=True, help="Output format."),
        click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
                     help="Write to this file (atomically) instead of stdout."),
    )


def filters_of(strategy: str | None, seq_len: int | None, framework: str | None, hardware: str | None):
    from .query import Filters

    return Filters(strategy, seq_len, framework, hardware)


# --- the reading commands ------------------------------------------------------------------

@main.command()
@click.argument("model", shell_complete=complete_model)
@BUILD
@RELEASE
@click.option("--all-releases", is_flag=True, help="One column per release, each change marked.")
@FILTERS
@HARDWARE_FILTER
@output_options()
@reports_errors
def query(model: str, build_dir: Path, release: str | None, all_releases: bool, strategy: str | None,
          seq_len: int | None, framework: str | None, hardware: str | None, fmt: str, output: Path | None) -> None:
    """How many units and nodes MODEL needs, per framework and hardware.

    MODEL may be the published name in any case and with any separators
    (qwen3-moe-30b-a3b), a published label (DeepSeek-V3/R1), or a Hugging Face
    repo id or name (Qwen/Qwen2.5-72B-Instruct, Qwen3-30B-A3B): how it was read is
    said on stderr; an ambiguous name lists the candidates.

    \b
    Example:
        mincards query qwen2.5-7b --strategy full --seq-len 4096
        mincards query Qwen/Qwen2.5-7B-Instruct --all-releases --framework MindSpeed-LLM
        mincards query DeepSeek-V3 --release 2025-05-07 --format json
    """
    from . import query as q

    filters = filters_of(strategy, seq_len, framework, hardware)
    if all_releases and release:
        raise click.UsageError("--all-releases reads every release; leave out --release")
    answer = q.answer_across(build_dir, model, filters) if all_releases else \
        q.answer_query(build_dir, release, model, filters)
    show(answer, fmt, output)


@main.command()
@BUILD
@RELEASE
@output_options()
@reports_errors
def models(build_dir: Path, release: str | None, fmt: str, output: Path | None) -> None:
    """Every model of a release: family, size, modality, and the frameworks and
    hardware with at least one supported configuration.

    \b
    Example:
        mincards models
        mincards models --release 2025-05-07 --format csv -o models.csv
    """
    from . import query as q

    show(q.answer_models(build_dir, release), fmt, output)


@main.command()
@click.option("--hardware", required=True, type=AnyCase(HARDWARE),
              help="Snt9b (counted in cards, 8 per node) or Snt9b23 (counted in DIEs, 16 per node).")
@click.option("--cards", type=click.IntRange(min=1), help="Cards you have (on Snt9b23 a card is 2 DIE).")
@click.option("--dies", type=click.IntRange(min=1), help="DIEs you have (Snt9b23 only).")
@click.option("--nodes", "nodes_", type=click.IntRange(min=1), help="Machines you have (8 cards = 16 DIE each).")
@FILTERS
@BUILD
@RELEASE
@output_options()
@reports_errors
def fit(hardware: str, cards: int | None, dies: int | None, nodes_: int | None, strategy: str | None,
        seq_len: int | None, framework: str | None, build_dir: Path, release: str | None, fmt: str,
        output: Path | None) -> None:
    """Every supported configuration whose minimum fits in what you have, with
    what is left over (spare_units).

    \b
    Example:
        mincards fit --hardware Snt9b --nodes 1 --strategy lora --seq-len 4096
        mincards fit --hardware snt9b23 --cards 8 --framework mindspeed-llm --format csv
    """
    from . import plan as p

    filters = filters_of(strategy, seq_len, framework, None)
    show(p.answer_fit(build_dir, release, hardware, filters, cards=cards, dies=dies, nodes_=nodes_), fmt, output)


class Quantity(click.ParamType):
    """A positive number, with an optional k/M/B/G/T suffix: 2.5e9, 2.5B, 500M."""

    name = "number"
    SUFFIXES = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12}

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)):
            return float(value)
        text = str(value).strip().replace("_", "").replace(",", "")
        scale = self.SUFFIXES.get(text[-1:].lower(), 1.0) if text[-1:].isalpha() else 1.0
        try:
            number = float(text[:-1] if scale != 1.0 else text) * scale
        except ValueError:
            self.fail(f"{value!r} is not a number (e.g. 2.5e9, 2.5B, 500M)", param, ctx)
        if not number > 0:
            self.fail(f"{value!r} is not above 0", param, ctx)
        return number


@main.command()
@click.argument("model", shell_complete=complete_model)
@click.option("--tokens", required=True, type=Quantity(), help="Total training tokens, all epochs (2.5e9, 2.5B).")
@click.option("--tps", required=True, type=Quantity(),
              help="Tokens per second per unit: per card on Snt9b, per DIE on Snt9b23.")
@click.option("--hours", type=click.FloatRange(min=0, min_open=True), help="Time you have: size the cluster for it.")
@click.option("--units", type=click.IntRange(min=1), help="Units you have (cards on Snt9b, DIEs on Snt9b23): "
              "estimate the time.")
@click.option("--efficiency", type=click.FloatRange(min=0, max=1, min_open=True), default=1.0, show_default=True,
              help="Linear speed-up ratio (the vendor: ideal 1, typically above 0.9); below 1 means more time "
              "or more cards.")
@FILTERS
@HARDWARE_FILTER
@BUILD
@RELEASE
@output_options()
@reports_errors
def plan(model: str, tokens: float, tps: float, hours: float | None, units: int | None, efficiency: float,
         strategy: str | None, seq_len: int | None, framework: str | None, hardware: str | None, build_dir: Path,
         release: str | None, fmt: str, output: Path | None) -> None:
    """Size a training run of MODEL with the vendor's rule, for each matching
    configuration: units = tokens / (hours x 3600 x tps x efficiency), rounded up
    (above 8 to a multiple of 8, on Snt9b23 to whole cards), never below the
    table's minimum; and hours = tokens / (units x tps x efficiency) / 3600.

    Give --hours to size the cluster, or --units to estimate the time.

    \b
    Example:
        mincards plan qwen2.5-7b --tokens 2B --tps 1500 --hours 24 --strategy full --seq-len 4096
        mincards plan Qwen/Qwen2.5-72B-Instruct --tokens 5e9 --tps 300 --units 64 --efficiency 0.9
    """
    from . import plan as p

    work = p.Workload(tokens, tps, efficiency)
    filters = filters_of(strategy, seq_len, framework, hardware)
    show(p.answer_plan(build_dir, release, model, filters, work, hours=hours, units=units), fmt, output)


@main.command()
@click.argument("old", required=False)
@click.argument("new", required=False)
@BUILD
@click.option("--format", "fmt", type=AnyCase(FORMATS), default="md",
              show_default=True, help="Output format (md: the report; table/csv/ndjson: the keys that differ).")
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
        mincards diff --save build/diff
    """
    from . import diff as diff_module, store

    if (old is None) != (new is None):
        raise click.UsageError("give both OLD and NEW, or neither for the two newest releases")
    old, new = (old, new) if old else store.newest(build_dir, 2)
    (old_id, old_dir), (new_id, new_dir) = store.resolve(build_dir, old), store.resolve(build_dir, new)
    result = diff_module.diff_releases(old_id, store.load(old_dir), new_id, store.load(new_dir))
    if save_dir:
        save_diff(result, save_dir)
    show(diff_module.FORMATS[fmt](result), fmt, output)
    if exit_code and result.differs:
        sys.exit(EXIT_BAD_INPUT)


def save_diff(result, save_dir: Path) -> None:
    from .diff import to_json, to_markdown
    from .report import diff_html
    from .files import atomic_write

    stem = save_dir / f"{result.old}..{result.new}"
    for suffix, text in ((".md", to_markdown(result)), (".json", to_json(result)), (".html", diff_html(result))):
        atomic_write(stem.with_name(stem.name + suffix), text.encode("utf-8"))
