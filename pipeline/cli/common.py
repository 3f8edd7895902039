"""What the commands share: exit statuses, errors rendered once, output, the reading
commands' options. Imports click and small modules of ours only (start-up)."""
from __future__ import annotations

import errno
import functools
import os
import select
import sys
from pathlib import Path

import click

from .. import names, signals
from ..errors import MincardsError, OptionError, Terminated
from ..formats import FORMATS, Answer
from ..units import HARDWARE, STRATEGIES

EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130  # Ctrl-C (SIGINT), as a shell reports a command it ended
EXIT_TERMINATED = 143  # SIGTERM
EXIT_BROKEN_PIPE = 141  # the reader of stdout went away (`| head`): what a shell reports of SIGPIPE's end
STDOUT = "<stdout>"
PASS_THROUGH = (click.ClickException, click.exceptions.Exit, click.Abort)


class AnyCase(click.Choice):
    """A choice spelled in any case and with any separators (names.choose: `llama factory`,
    `SNT-9B23`), whose error lists the values as the table spells them."""

    def __init__(self, choices):
        super().__init__(choices, case_sensitive=False)

    def convert(self, value, param, ctx):
        chosen = names.choose(value, list(self.choices)) if isinstance(value, str) else None
        return chosen if chosen is not None else super().convert(value, param, ctx)

    def get_invalid_choice_message(self, value, ctx) -> str:
        return f"{value!r} is not one of {', '.join(self.choices)}"


class Parsed(click.ParamType):
    """A value read by one of names.py's parsers (names.size: 2.5e9, 2.5B, 500M; names.seq_len:
    4096, 8K = 8192); its ValueError is click's usage error."""

    def __init__(self, parse, name: str):
        self.parse, self.name = parse, name

    def convert(self, value, param, ctx):
        try:
            return self.parse(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


SIZE = Parsed(names.size, "number")  # token counts: 2.5e9, 2.5B, 500M
SEQ_LEN = Parsed(names.seq_len, "tokens")  # 4096, 8K
AMOUNT = Parsed(names.amount, "number")  # hours: 24, 1.5
RATIO = Parsed(names.ratio, "ratio")  # an efficiency: 0.9


class MissingFolder(MincardsError):
    kind = "no such folder"


def check_output_folder(output: Path) -> None:
    """-o writes into a folder that exists: a mistyped path is an error, not a new folder (the
    folder of what a symlink names)."""
    folder = Path(os.path.realpath(output)).parent
    if not folder.is_dir():
        raise MissingFolder(str(folder), f"the folder of -o {output} does not exist",
                            "an existing folder: create it first, or write elsewhere")


def as_usage_error(exc: MincardsError) -> click.UsageError:
    """A library complaint about an option (an unknown value, options that exclude each other)."""
    ctx = click.get_current_context(silent=True)
    if getattr(exc, "valid", None) is not None:
        return click.BadParameter(exc.detail, ctx=ctx, param_hint=f"'{exc.option}'")
    return click.UsageError(exc.detail, ctx=ctx)


def os_error_text(exc: OSError, folder: Path | None, output: Path | None = None) -> str:
    """A system error as one line. One about a path inside `folder` (the folder the command
    writes in: read-only, not this user's, full) names the folder, not a temp file in it. One
    naming no path (a write's or fsync's: a full disk) names what the command was writing: that
    folder, its -o file (`output`), or its standard output."""
    where = exc.filename or ""
    if folder is not None and (not where or Path(os.path.abspath(where)).is_relative_to(os.path.abspath(folder))):
        return (f"{folder}: cannot use this folder: {exc.strerror or exc}" + (f" ({where})" if where else "") +
                " (expected a folder this user can read and write in, with free space)")
    if output is not None and (not where or os.path.dirname(os.path.abspath(where)) ==
                               os.path.dirname(os.path.abspath(output))):
        return f"{output}: cannot write the answer here: {exc.strerror or exc}"
    return f"{where or STDOUT}: {exc.strerror or exc}"


def reader_gone(exc: OSError) -> bool:
    """Is this the error of writing to a pipe whose reader has gone (`mincards query … | head -1`),
    on standard output? Not a pipe of the command's own (a worker's)."""
    if not isinstance(exc, BrokenPipeError) or sys.__stdout__ is None:
        return False
    try:
        poller = select.poll()
        poller.register(sys.__stdout__.fileno(), select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (OSError, ValueError):
        return False


def end_quietly(status: int) -> None:
    """Exit now without the interpreter writing to the gone reader again (its flush of stdout)."""
    with open(os.devnull, "w") as nowhere:  # noqa: PTH123
        os.dup2(nowhere.fileno(), sys.__stdout__.fileno())
    sys.exit(status)


def output_failed(exc: OSError, folder: Path | None = None, output: Path | None = None, note: str | None = None):
    """Where writing failed: a gone reader ends the command quietly (EXIT_BROKEN_PIPE); any other
    failure is one error naming the place (os_error_text) and EXIT_BAD_INPUT."""
    if reader_gone(exc):
        end_quietly(EXIT_BROKEN_PIPE)
    click.echo(f"error: {os_error_text(exc, folder, output)}", err=True)
    if note:
        click.echo(note, err=True)
    sys.exit(EXIT_BAD_INPUT)


def reports_errors(command=None, *, note: str | None = None, writes: str | None = None):
    """Turn library errors into one message on stderr (and `note`, if any) and an exit code.
    `writes` names the command's parameter holding the folder it writes in."""
    if command is None:
        return functools.partial(reports_errors, note=note, writes=writes)

    @functools.wraps(command)
    def wrapper(*args, debug: bool = False, **kwargs):
        try:
            with signals.raising():
                return command(*args, **kwargs)
        except (KeyboardInterrupt, Terminated) as exc:
            if debug:
                raise
            stopped(exc, note)
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
            output_failed(exc, kwargs.get(writes) if writes else None, kwargs.get("output"), note)
        except Exception as exc:  # noqa: BLE001 - the edge of the program
            if debug:
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc} (run again with --debug for the "
                       "traceback)", err=True)
            sys.exit(EXIT_INTERNAL)

    return click.option("--debug", is_flag=True, help="Show the Python traceback on errors.")(wrapper)


def stopped(exc: BaseException, note: str | None) -> None:
    """The exit of a command stopped by Ctrl-C or SIGTERM: one line, the status a shell
    expects (128 + the signal)."""
    name, status = ("SIGTERM", EXIT_TERMINATED) if isinstance(exc, Terminated) else ("Ctrl-C", EXIT_INTERRUPTED)
    if getattr(exc, "published", False):  # the signal was held until the publication ended
        click.echo(f"stopped by {name} after the run had published every release", err=True)
    else:
        click.echo(f"stopped by {name}" + (f"; {note}" if note else ""), err=True)
    from ..workers import started_as_command  # here: not imported by every command's start

    if started_as_command():
        # Every cleanup on the way here has run (the staging folder removed, the lock let go, the
        # workers ended). A stopped command ends now: the interpreter's exit handlers would wait
        # for a worker pool's threads, which a stop may leave waiting on workers that are gone.
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    sys.exit(status)


def show(answer: Answer | str, fmt: str, output: Path | None) -> None:
    """Notes to stderr; the answer to stdout, or to --output (files.write_output)."""
    if output is not None:
        check_output_folder(output)
    text = answer if isinstance(answer, str) else answer.render(fmt)
    for line in () if isinstance(answer, str) else answer.notes:
        click.echo(f"note: {line}", err=True)
    if output is None:
        if sys.stdout is None:  # started with its standard output closed (`>&-`): Python gives None
            raise OSError(errno.EBADF, "closed: the answer has nowhere to go", STDOUT)
        write_all(sys.stdout, text)
        return
    from ..files import write_output

    write_output(output, text.encode("utf-8"))


def write_all(stream, text: str) -> None:
    """The whole answer written, or the error that stopped it. A binary writer returns short where
    the reader of a pipe goes in the middle of a write, and Python's text layer then drops the
    rest (newcomer 135: `diff --format json | head -c 10` exited 0); writing what is left again
    finds the reader gone (BrokenPipeError: output_failed ends the command as one whose reader went)."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # (a stream without bytes beneath it: a test's)
        stream.write(text)
        stream.flush()
        return
    stream.flush()
    left = memoryview(text.encode(stream.encoding or "utf-8"))
    while left:
        written = buffer.write(left)
        left = left[len(left) if written is None else written:]
    buffer.flush()


def complete_model(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of MODEL from the newest release under --build / MINCARDS_BUILD."""
    from .. import store

    build_dir = Path(ctx.params.get("build_dir") or store.default_build())
    return [name for name in store.model_names(build_dir) if names.matches(incomplete, [name])]


def complete_framework(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of --framework from the newest release, by the same rule as the names."""
    from .. import store

    build_dir = Path(ctx.params.get("build_dir") or store.default_build())
    return [name for name in store.framework_names(build_dir)
            if names.vocabulary_key(name).startswith(names.vocabulary_key(incomplete))]


# --- options shared by the reading commands ---

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
    click.option("--seq-len", type=SEQ_LEN, help="Sequence length in tokens: 4096, or 8K (= 8192), 32k."),
    click.option("--framework", shell_complete=complete_framework,
                 help="e.g. MindSpeed-LLM, Llama-Factory (the release's own; case, spaces and separators do not "
                 "matter: llamafactory, \"llama factory\")."),
)
HARDWARE_FILTER = click.option("--hardware", type=AnyCase(HARDWARE),
                               help="Snt9b (counted in cards) or Snt9b23 (counted in DIEs); any case, any separators.")


def output_options(default: str = "table"):
    return options(
        click.option("--format", "fmt", type=AnyCase(FORMATS), default=default,
                     show_default=True, help="Output format."),
        click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
                     help="Write to this file (atomically) instead of stdout."),
    )


def filters_of(strategy: str | None, seq_len: int | None, framework: str | None, hardware: str | None):
    from ..query import Filters

    return Filters(strategy, seq_len, framework, hardware)


# --- the reading commands ------------------------------------------------------------------
