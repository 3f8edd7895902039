"""Model names as users paste them -> the table's published model names.

The table writes `qwen2.5-72b`, `qwen3_moe-30B_A3B`, `llama3.1-8b`, `mixtral-8x7b`;
users paste Hugging Face repo ids and names: `Qwen/Qwen2.5-72B-Instruct`,
`Qwen3-30B-A3B`, `mistralai/Mixtral-8x7B-Instruct-v0.1`. One general rule reads both
as a key and compares keys; there is no table of aliases.

1. Case and separators never matter (`Qwen3 MoE-30b_a3b` is `qwen3_moe-30B_A3B`),
   and a published label (`DeepSeek-V3/R1`) gives all its models.
2. Otherwise the name is read as a Hugging Face name: the org prefix (up to the last
   `/`) is dropped; the release suffix is dropped — everything after the last size
   token (`-Instruct`, `-it`, `-Chat`, `-v0.1`, `-2507`, `-FP8` …), or, in a name
   with no size, a trailing Instruct/it/Chat/Base/hf. The rest is split into tokens:
   words (`qwen`, `vl`), numbers (the version: `2.5` gives 2, 5) and sizes (`72b`,
   `0.5b`, `8x7b`, the MoE active size `a3b`). `moe` is dropped where an active size
   says the model is a mixture of experts anyway. Names with equal keys are the same
   model: `Qwen2.5-72B-Instruct` -> qwen 2 5 72b = `qwen2.5-72b`.
3. A name whose key begins every candidate's key (`qwen3`, `DeepSeek`) is ambiguous:
   the candidates are listed. Anything else gets the closest names by spelling.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .errors import MincardsError

SEPARATORS = re.compile(r"[\s_\-]+")
SIZE = r"(?:\d+x)?\d+(?:\.\d+)?b|a\d+(?:\.\d+)?b"
TOKEN = re.compile(rf"(?P<size>{SIZE})(?![a-z])|(?P<word>[a-z]+)|(?P<number>\d+)")
ACTIVE_SIZE = re.compile(r"a\d+(?:\.\d+)?b")
SUFFIX_WORDS = {"instruct", "it", "chat", "base", "hf"}
IMPLIED_BY_ACTIVE_SIZE = "moe"


class UnknownModel(MincardsError):
    kind = "unknown model"


class AmbiguousModel(MincardsError):
    kind = "ambiguous model"


def canonical(name: str) -> str:
    """Case and separators do not matter: `Qwen3 MoE-30b_a3b` ~ `qwen3_moe-30B_A3B`."""
    return SEPARATORS.sub("-", name.strip().lower())


@dataclass(frozen=True)
class Reading:
    """A name read as a key, with what was dropped on the way (for the note to the user)."""
    key: tuple[str, ...]
    dropped: tuple[str, ...] = ()


def read_name(name: str, *, pasted: bool = True) -> Reading:
    """The comparison key of a name; `pasted` names may carry an org prefix and a suffix."""
    rest, dropped = name.strip(), []
    if pasted and "/" in rest:
        prefix, _, rest = rest.rpartition("/")
        dropped.append(f"the org prefix '{prefix}/'")
    text = rest.lower() if len(rest.lower()) == len(rest) else rest.casefold()
    matches = list(TOKEN.finditer(text))
    sizes = [i for i, m in enumerate(matches) if m["size"]]
    keep = sizes[-1] + 1 if sizes else len(matches)
    while not sizes and keep and matches[keep - 1]["word"] in SUFFIX_WORDS:
        keep -= 1
    if pasted and keep < len(matches):
        dropped.append(f"the suffix '{rest[matches[keep - 1].end() if keep else 0:]}'")
    tokens = [m[0] for m in matches[:keep]]
    if IMPLIED_BY_ACTIVE_SIZE in tokens and any(ACTIVE_SIZE.fullmatch(t) for t in tokens):
        tokens.remove(IMPLIED_BY_ACTIVE_SIZE)
    return Reading(tuple(tokens), tuple(dropped))


def note(asked: str, model: str, reading: Reading) -> str:
    """One line saying how a pasted name was read."""
    how = " and ".join(reading.dropped)
    how = f"{how} dropped; " if how else ""
    return f"read {asked!r} as {model} ({how}same name, version and size: {' '.join(reading.key)})"


@dataclass(frozen=True)
class Resolved:
    models: list[str]
    note: str | None = None  # how the name was read, when it was not the published spelling


def resolve(asked: str, models: list[str], labels: dict[str, list[str]], source: str) -> Resolved:
    """The published model(s) for what the user typed, or an error listing candidates."""
    by_canonical = {canonical(m): m for m in models}
    if canonical(asked) in by_canonical:
        return Resolved([by_canonical[canonical(asked)]])
    for label, labelled in labels.items():
        if canonical(label) == canonical(asked):
            return Resolved(sorted(labelled))
    reading = read_name(asked)
    keys = {m: read_name(m, pasted=False).key for m in models}
    same = sorted(m for m, key in keys.items() if key == reading.key)
    if len(same) == 1:
        return Resolved(same, note(asked, same[0], reading))
    prefixed = sorted(m for m, key in keys.items() if reading.key and key[:len(reading.key)] == reading.key)
    candidates = same or prefixed
    if len(candidates) > 1:
        raise AmbiguousModel(source, f"{asked!r} could be any of {len(candidates)} models: "
                             f"{', '.join(candidates)}", "one model; name it in full, e.g. " + candidates[0])
    close = candidates or [by_canonical[c] for c in difflib.get_close_matches(
        canonical(asked), list(by_canonical), n=3, cutoff=0.6)]
    hint = f"did you mean {', '.join(close)}?" if close else f"known models: {', '.join(sorted(models))}"
    raise UnknownModel(source, f"no model {asked!r} in this release; {hint}")
