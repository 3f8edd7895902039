"""What a published model name says about the model: family, size, modality.

Only the name is read; nothing is looked up. The family is the name before its size
(`qwen2.5_vl` of qwen2.5_vl-32b, `Qwen3-Next` of Qwen3-Next-80B-A3B) or, without one, before
its version (`DeepSeek` of DeepSeek-V3, `glm` of glm-4.5-air). A name that does not state a
size (`DeepSeek-V3`) or states it in a form that is not the total (`mixtral-8x7b`: 8 experts
of 7B, about 46.7B in total; `llama4-scout-17b-16e`: 17B active of 16 experts) gets no params_b.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .tokens import name_parts

DENSE_SIZE = re.compile(r"(?P<total>\d+(?:\.\d+)?)[bB]")
MOE_SIZE = re.compile(r"(?P<total>\d+(?:\.\d+)?)[bB]_[aA](?P<active>\d+(?:\.\d+)?)[bB]")
ACTIVE_SIZE = re.compile(r"[aA](?P<active>\d+(?:\.\d+)?)[bB]")  # Qwen3-30B-A3B's A3B
PARAMETERS = re.compile(rf"(?:\d+x)?{DENSE_SIZE.pattern}(?:_[aA]\d+(?:\.\d+)?[bB])?")  # not 4k, a context length
VISION_LANGUAGE = re.compile(r"vl", re.I)  # qwen2vl, qwen2.5_vl, internvl2.5, Qwen2.5-VL


@dataclass(frozen=True)
class ModelInfo:
    family: str
    params_b: float | None
    active_params_b: float | None
    modality: str


def describe(model: str) -> ModelInfo:
    first, *rest = model.split("-")
    parts = name_parts(model)
    size_at = next((i for i, (part, _) in enumerate(parts) if PARAMETERS.fullmatch(part)), None)
    family_ends = size_at if size_at is not None else next(
        (i for i, (_, kind) in enumerate(parts) if kind == "version"), len(parts))
    family = "-".join([first, *rest[:family_ends]])
    total = active = None
    if size_at is not None:
        size, (after, after_kind) = rest[size_at], (parts + [("", "")])[size_at + 1]
        if match := MOE_SIZE.fullmatch(size):
            total, active = float(match["total"]), float(match["active"])
        elif match := DENSE_SIZE.fullmatch(size):
            total = float(match["total"])
            if match := ACTIVE_SIZE.fullmatch(after):
                active = float(match["active"])
            elif after_kind == "experts":  # 17b-16e: the size is what each token uses
                total, active = None, total
    modality = "vision-language" if VISION_LANGUAGE.search(family) else "text"
    return ModelInfo(family, total, active, modality)
