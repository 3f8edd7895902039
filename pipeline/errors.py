"""Errors as values: which file, where in it, what was found and what was expected.

The library raises these; the CLI renders them once, without a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    """A location in a source table; row and column are 1-based, as a reader counts."""

    row: int | None = None
    col: int | None = None
    page: int | None = None
    part: int | None = None  # 1-based part of a table published in several pieces; rows count over all parts

    def __str__(self) -> str:
        parts = []
        if self.page is not None:
            parts.append(f"page {self.page}")
        if self.part is not None:
            parts.append(f"table part {self.part}")
        if self.row is not None:
            parts.append(f"row {self.row}")
        if self.col is not None:
            parts.append(f"column {self.col}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Problem:
    place: Place
    message: str
    expected: str | None = None

    def __str__(self) -> str:
        place = str(self.place)
        text = f"{place}: {self.message}" if place else self.message
        return printable(f"{text} (expected {self.expected})" if self.expected else text)


CONTROLS = {code: f"\\x{code:02x}" for code in [*range(0x00, 0x09), 0x0b, 0x0c, *range(0x0e, 0x20), 0x7f]}


def printable(text: str) -> str:
    """A message with control characters (a NUL from a page, say) written as escapes: a terminal
    or grep reading stderr sees text, never a byte that makes it binary."""
    return text.translate(CONTROLS)


class MincardsError(Exception):
    """Bad input or a broken contract, with every problem found in one file."""

    kind = "error"

    def __init__(self, file: str, problems: list[Problem] | Problem | str, expected: str | None = None):
        if isinstance(problems, str):
            problems = Problem(Place(), problems, expected)
        if isinstance(problems, Problem):
            problems = [problems]
        self.file = file
        self.problems = list(problems)
        super().__init__(str(self))

    def __reduce__(self):
        """Pickle as the object it is (a worker process's error reaches the parent whole):
        Exception's default would call __init__ again with the message as the only
        argument, which this __init__ and its subclasses' do not take."""
        return _restore, (type(self), self.args, self.__dict__.copy())

    def __str__(self) -> str:
        if len(self.problems) == 1:
            return f"{self.file}: {self.kind}: {self.problems[0]}"
        lines = [f"{self.file}: {self.kind}: {len(self.problems)} problems"]
        lines += [f"  - {p}" for p in self.problems]
        return "\n".join(lines)


def _restore(cls: type[MincardsError], args: tuple, state: dict) -> MincardsError:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class SourceError(MincardsError):
    """The file cannot be read as a vendor page, or holds no vendor table."""

    kind = "cannot read source"


class LayoutError(MincardsError):
    """The table's rows and spans do not form a rectangular grid."""

    kind = "table layout"


class HeaderError(MincardsError):
    """The header rows are not a layout we know how to read."""

    kind = "table header"


class CellError(MincardsError):
    """A body cell's text does not parse, even after token repair."""

    kind = "cell value"


class ReleaseError(MincardsError):
    """A release folder is not usable (name, contents, dates)."""

    kind = "release"


class ContractError(MincardsError):
    """The tidy table breaks the min_cards contract (schemas/min_cards.py)."""

    kind = "contract violated"


class Terminated(BaseException):
    """SIGTERM, raised where the process is (as Ctrl-C raises KeyboardInterrupt), so that
    every cleanup on the way out runs. Not an Exception: nothing may swallow it."""


class OptionError(MincardsError):
    """Options that cannot be used together or as given; the CLI reports it as a usage error."""
    kind = "bad option"

    def __init__(self, source: str, option: str, message: str):
        self.option, self.detail = option, message
        super().__init__(source, message)


class UnknownValue(OptionError):
    """An option value that is none of the valid ones."""
    kind = "unknown value"

    def __init__(self, source: str, option: str, value: object, valid: list[str]):
        self.value, self.valid = value, valid
        super().__init__(source, option, f"{value!r} is not one of {', '.join(valid)}")
