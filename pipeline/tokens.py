"""The grammar of the table's body cells, with the token repairs the source needs.

Repair is deliberately narrow: whitespace and line breaks inside a token are
dropped (`1*Asce nd`, `qwen2.5-` / `1.5b`, a PDF's `16*Ascen` / `d`). Anything
that still does not match the grammar is an error, never a guess.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

UNITS = re.compile(r"(?P<n>\d+)\*Ascend")
NOT_SUPPORTED = "-"
STRATEGIES = ("full", "lora")
SEQ_LEN = re.compile(r"\d+")
MODEL_LABEL = re.compile(r"[A-Za-z][A-Za-z0-9._-]*(?:/[A-Za-z0-9._-]+)*")
WHITESPACE = re.compile(r"\s+")


class TokenError(ValueError):
    """A cell text outside the grammar; `expected` says what would have parsed."""

    def __init__(self, message: str, expected: str):
        super().__init__(message)
        self.expected = expected


@dataclass(frozen=True)
class Parsed:
    value: object
    text: str  # the token the value was read from, after repair
    repaired: bool  # True when repair changed the published text


def squash(text: str) -> str:
    """All whitespace removed: how tokens and headings are compared."""
    return WHITESPACE.sub("", text)


def compact(text: str) -> Parsed:
    token = squash(text)
    return Parsed(token, token, token != text)


def parse_units(text: str) -> Parsed:
    """`N*Ascend` -> N (cards or DIEs, by column); `-` -> None (not supported)."""
    token = compact(text)
    expected = "N*Ascend with N ≥ 1, or - for not supported"
    if token.text == NOT_SUPPORTED:
        return Parsed(None, token.text, token.repaired)
    match = UNITS.fullmatch(token.text)
    if not match:
        raise TokenError(f"{text!r} is not a unit count", expected)
    units = int(match["n"])
    if units < 1:
        raise TokenError(f"{text!r} asks for {units} units", expected)
    return Parsed(units, token.text, token.repaired)


def parse_strategies(text: str) -> Parsed:
    """`full`, `lora` or `full/lora` -> a tuple of strategies."""
    token = compact(text)
    parts = token.text.split("/")
    if any(p not in STRATEGIES for p in parts) or len(set(parts)) != len(parts):
        raise TokenError(f"{text!r} is not a training strategy", "full, lora or full/lora")
    return Parsed(tuple(parts), token.text, token.repaired)


def parse_seq_lens(text: str) -> Parsed:
    """`4096`, `4096/8192`, `1024/4096/8192` -> a tuple of ints."""
    token = compact(text)
    parts = token.text.split("/")
    if not all(SEQ_LEN.fullmatch(p) and int(p) > 0 for p in parts) or len(set(parts)) != len(parts):
        raise TokenError(f"{text!r} is not a sequence length", "positive whole numbers joined by /")
    return Parsed(tuple(int(p) for p in parts), token.text, token.repaired)


def parse_model_label(text: str) -> Parsed:
    """The model cell, its paragraphs joined: `qwen2.5-` + `1.5b` -> `qwen2.5-1.5b`."""
    token = compact(text)
    if not MODEL_LABEL.fullmatch(token.text):
        raise TokenError(f"{text!r} is not a model name", "a name such as qwen2.5-7b or DeepSeek-V3/R1")
    return Parsed(token.text, token.text, token.repaired)


def split_model_label(label: str) -> tuple[str, ...]:
    """`DeepSeek-V3/R1` -> (`DeepSeek-V3`, `DeepSeek-R1`): each alternative after a
    slash replaces the last `-` segment of the first name."""
    first, *alternatives = label.split("/")
    stem = first.rsplit("-", 1)[0] + "-" if "-" in first else ""
    return (first, *(stem + alt for alt in alternatives))
