"""What a published model name says about the model: family, size, modality.

Only the name is read; nothing is looked up. A name that does not state a
size (`DeepSeek-V3`) or states it in a form that is not the total
(`mixtral-8x7b`: 8 experts of 7B, about 46.7B in total) gets no params_b.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

DENSE_SIZE = re.compile(r"(?P<total>\d+(?:\.\d+)?)[bB]")
MOE_SIZE = re.compile(r"(?P<total>\d+(?:\.\d+)?)[bB]_[aA](?P<active>\d+(?:\.\d+)?)[bB]")
VISION_LANGUAGE = re.compile(r"vl", re.I)  # qwen2vl, qwen2.5_vl, internvl2.5


@dataclass(frozen=True)
class ModelInfo:
    family: str
    params_b: float | None
    active_params_b: float | None
    modality: str


def describe(model: str) -> ModelInfo:
    family, _, size = model.rpartition("-")
    if not family:
        family, size = model, ""
    total = active = None
    if match := MOE_SIZE.fullmatch(size):
        total, active = float(match["total"]), float(match["active"])
    elif match := DENSE_SIZE.fullmatch(size):
        total = float(match["total"])
    modality = "vision-language" if VISION_LANGUAGE.search(family) else "text"
    return ModelInfo(family, total, active, modality)
