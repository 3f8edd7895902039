"""What users type -> the table's values: one rule for names and sizes, used by every
command (query, fit, plan, models, history, the filters, shell completion).

Sizes (`size`, `seq_len`): a number with an optional suffix, `2.5e9`, `2.5B`, `500M`,
`8K`; `_` and `,` between digits ignored. Token counts are decimal (k = 10^3, M, B = G,
T); sequence lengths are binary, as they are counted (8K = 8192, 32k = 32768).

Names of the table's vocabulary (`choose`: frameworks, hardware, strategies, formats):
case, spaces, `-`, `_` and `.` never matter: `llamafactory`, "llama factory" and
`LLAMA-FACTORY` are Llama-Factory; `snt 9b23` is Snt9b23.

Model names as users paste them -> the table's published model names.

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
   the candidates are listed. Anything else is unknown: it is answered with the closest
   names of its own family (the key's first word: `qwen`, `llama`, `deepseek`) when they
   are similar enough (SIMILAR), and otherwise with the list of families, never with a
   model of another family (`QwQ-32B` is not "did you mean qwen3-32b").
"""
from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass

from .errors import MincardsError

SEPARATORS = re.compile(r"[\s_\-]+")
VOCABULARY_SEPARATORS = re.compile(r"[\s_\-.]+")
SIMILAR = 0.75  # difflib ratio above which a name of the same family is offered as a suggestion
SIZE = r"(?:\d+x)?\d+(?:\.\d+)?b|a\d+(?:\.\d+)?b"
TOKEN = re.compile(rf"(?P<size>{SIZE})(?![a-z])|(?P<word>[a-z]+)|(?P<number>\d+)")
ACTIVE_SIZE = re.compile(r"a\d+(?:\.\d+)?b")
SUFFIX_WORDS = {"instruct", "it", "chat", "base", "hf"}
IMPLIED_BY_ACTIVE_SIZE = "moe"


# --- sizes -----------------------------------------------------------------------------

DECIMAL = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12}
BINARY = {"k": 2 ** 10, "m": 2 ** 20}
SIZE_EXAMPLES = "e.g. 2.5e9, 2.5B, 500M"
SEQ_LEN_EXAMPLES = "e.g. 4096, 8K, 32k"


def size(text: str | float, suffixes: dict[str, float] = DECIMAL, examples: str = SIZE_EXAMPLES) -> float:
    """A number above 0 with an optional suffix; ValueError says what was expected."""
    if isinstance(text, (int, float)):
        number = float(text)
    else:
        written = str(text).strip().replace("_", "").replace(",", "")
        scale = suffixes.get(written[-1:].lower()) if written[-1:].isalpha() else 1.0
        try:
            number = float(written[:-1] if written[-1:].isalpha() else written) * (scale or math.nan)
        except ValueError:
            number = math.nan
        if math.isnan(number):
            raise ValueError(f"{text!r} is not a number ({examples})")
    if not number > 0 or math.isinf(number):
        raise ValueError(f"{text!r} is not above 0" if not number > 0 else f"{text!r} is too large")
    return number


def amount(text: str | float) -> float:
    """A plain number above 0, no suffix (hours: 24, 1.5); not NaN, not infinite."""
    return size(text, {}, "e.g. 24, 1.5")


def ratio(text: str | float) -> float:
    """A number above 0 and at most 1 (an efficiency: 0.9)."""
    number = size(text, {}, "e.g. 0.9, 1")
    if number > 1:
        raise ValueError(f"{text!r} is above 1")
    return number


def seq_len(text: str | int) -> int:
    """A sequence length: a whole number of tokens, 4096 or 8K (= 8192)."""
    length = size(text, BINARY, SEQ_LEN_EXAMPLES)
    if length != int(length):
        raise ValueError(f"{text!r} is not a whole number of tokens ({SEQ_LEN_EXAMPLES})")
    return int(length)


# --- the table's vocabulary ------------------------------------------------------------

def vocabulary_key(name: str) -> str:
    """`Llama-Factory`, `llama factory`, `LLAMAFACTORY` -> `llamafactory`."""
    return VOCABULARY_SEPARATORS.sub("", str(name).strip().casefold())


def choose(value: str, valid: list[str]) -> str | None:
    """The valid value `value` spells (case and separators aside), or None."""
    wanted = vocabulary_key(value)
    return next((candidate for candidate in valid if vocabulary_key(candidate) == wanted), None)


# --- model names -----------------------------------------------------------------------

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


def family(key: tuple[str, ...]) -> str:
    """A key's family: its first word (`qwen` of qwen 2 5 72b, `qwq` of qwq 32b)."""
    return key[0] if key and key[0].isalpha() else ""


def matches(text: str, names: list[str]) -> bool:
    """Whether `text` begins one of the names, as completion compares (case and separators aside)."""
    return any(canonical(name).startswith(canonical(text)) for name in names)


def unknown(asked: str, reading: Reading, keys: dict[str, tuple[str, ...]], where: str) -> UnknownModel:
    """An unknown model: the closest names of its family, or the families there are."""
    kin = {canonical(m): m for m, key in keys.items() if family(key) and family(key) == family(reading.key)}
    bare = canonical(asked.rpartition("/")[2])  # `deepseek-ai/DeepSeek-V3.1` is compared as DeepSeek-V3.1
    close = [kin[c] for c in difflib.get_close_matches(bare, list(kin), n=3, cutoff=SIMILAR)]
    families = sorted({family(key) for key in keys.values()} - {""})
    hint = f"did you mean {', '.join(close)}?" if close else \
        f"no model of that family; the families are {', '.join(families)} (mincards models lists every model)"
    return UnknownModel(asked, f"not a model of {where}; {hint}")


def resolve(asked: str, models: list[str], labels: dict[str, list[str]], where: str) -> Resolved:
    """The published model(s) for what the user typed, or an error naming it (its file: the
    name typed) and listing candidates; `where` says what was searched ("release 2025-10-22")."""
    by_canonical = {canonical(m): m for m in models}
    if canonical(asked) in by_canonical:
        return Resolved([by_canonical[canonical(asked)]])
    for label, labelled in labels.items():
        if canonical(label) == canonical(asked):
            return Resolved(sorted(labelled))
    prefix, _, bare = asked.strip().rpartition("/")
    if prefix and canonical(bare) in by_canonical:  # a repo id: `Qwen/Qwen3-30B-A3B-Thinking-2507`
        model = by_canonical[canonical(bare)]
        return Resolved([model], f"read {asked!r} as {model} (the org prefix '{prefix}/' dropped)")
    reading = read_name(asked)
    keys = {m: read_name(m, pasted=False).key for m in models}
    same = sorted(m for m, key in keys.items() if key == reading.key)
    if len(same) == 1:
        return Resolved(same, note(asked, same[0], reading))
    prefixed = sorted(m for m, key in keys.items() if reading.key and key[:len(reading.key)] == reading.key)
    candidates = same or prefixed
    if len(candidates) > 1:
        raise AmbiguousModel(asked, f"could be any of {len(candidates)} models of {where}: "
                             f"{', '.join(candidates)}", "one model; name it in full, e.g. " + candidates[0])
    if candidates:
        raise UnknownModel(asked, f"not a model of {where}; did you mean {candidates[0]}?")
    raise unknown(asked, reading, keys, where)
