"""What a published model name says about the model: family, size, modality.

Only the name is read; nothing is looked up. The family is the name before its size
(`qwen2.5_vl` of qwen2.5_vl-32b, `Qwen3-Next` of Qwen3-Next-80B-A3B) or, without one, before
its active size or its version (`DeepSeek` of DeepSeek-V3, `glm` of glm-4.5-air). A name that
does not state a size (`DeepSeek-V3`), states it in a form that is not the total (`mixtral-8x7b`:
8 experts of 7B, about 46.7B in total; `llama4-scout-17b-16e`: 17B active of 16 experts), or
states two without saying which is which (`OLMoE-1B-7B`) gets no params_b.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .tokens import MEASURES, name_parts

DENSE_SIZE = re.compile(r"(?P<total>\d+(?:\.\d+)?)[bB]")
MOE_SIZE = re.compile(r"(?P<total>\d+(?:\.\d+)?)[bB]_[aA](?P<active>\d+(?:\.\d+)?)[bB]")
ACTIVE_SIZE = re.compile(r"[aA](?P<active>\d+(?:\.\d+)?)[bB]")  # Qwen3-30B-A3B's A3B
PARAMETERS = re.compile(rf"(?:\d+x)?{DENSE_SIZE.pattern}(?:_[aA]\d+(?:\.\d+)?[bB])?")  # not 4k, a context length
# qwen2vl, qwen2.5_vl, internvl2.5, Qwen2.5-VL, deepseek-vl2, Llama-3.2-11B-Vision, llava, Pixtral, GLM-4.5V
VISION_LANGUAGE = re.compile(r"vl|vision|llava|pixtral|(?<=[0-9])v(?=$|[-_])", re.I)


@dataclass(frozen=True)
class ModelInfo:
    family: str
    params_b: float | None
    active_params_b: float | None
    modality: str


def describe(model: str) -> ModelInfo:
    first, *rest = model.split("-")
    parts = name_parts(model)
    sizes = [i for i, (part, _) in enumerate(parts) if PARAMETERS.fullmatch(part)]
    family_ends = sizes[0] if sizes else next((i for i, (_, kind) in enumerate(parts) if kind in MEASURES),
                                              len(parts))
    family = "-".join([first, *rest[:family_ends]])
    total, active = stated_sizes(parts, sizes)
    modality = "vision-language" if VISION_LANGUAGE.search(model) else "text"
    return ModelInfo(family, total, active, modality)


def stated_sizes(parts: list[tuple[str, str]], sizes: list[int]) -> tuple[float | None, float | None]:
    """Total and active parameters, in billions, as the name's parts state them."""
    if len(sizes) > 1:  # OLMoE-1B-7B: 1B active of 7B, by its maker's word only
        return None, None
    if not sizes:  # Qwen1.5-MoE-A2.7B: the active size alone
        active = next((m for part, kind in parts if kind == "active" and (m := ACTIVE_SIZE.fullmatch(part))), None)
        return None, float(active["active"]) if active else None
    size, (after, after_kind) = parts[sizes[0]][0], (parts + [("", "")])[sizes[0] + 1]
    if match := MOE_SIZE.fullmatch(size):
        return float(match["total"]), float(match["active"])
    if not (match := DENSE_SIZE.fullmatch(size)):
        return None, None  # 8x7b
    total = float(match["total"])
    if match := ACTIVE_SIZE.fullmatch(after):
        return total, float(match["active"])
    if after_kind == "experts":  # 17b-16e: the size is what each token uses
        return None, total
    return total, None
