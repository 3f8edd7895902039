"""Builds with the cross-release artifacts (history, changelog, database, site) for the
tests of pipeline/across.py: the two real releases, and five synthetic ones made from the
real pages with values changed by hand. Each is made once per test module that asks."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from conftest import RAW
from pipeline.across import build_across
from pipeline.ids import base_date
from pipeline.publish import Staging
from pipeline.run import extract_to

# Cells of raw/2025-10-22/page.html, by their id, changed in the synthetic releases:
# llama3.1-8b full 4096/8192 MindSpeed-LLM 4 -> 8 (up), Llama-Factory 8 -> - (support removed),
# VeRL Snt9b - -> 8 (support added); llama3.1-70b full 4096 MindSpeed-LLM 32 -> 16 (down).
EDITS = {"p0025": ("4*Ascend", "8*Ascend"), "p0026": ("8*Ascend", "-"), "p0027": ("-", "8*Ascend"),
         "p0048": ("32*Ascend", "16*Ascend")}
# release -> (the real release its page comes from, edited?). A revision of a date follows
# the date (pipeline/ids.py); the third release takes models and frameworks away, the
# fourth brings them back.
SYNTHETIC = {"2025-06-01": ("2025-05-07", False), "2025-07-01": ("2025-10-22", False),
             "2025-07-01.2": ("2025-10-22", True), "2025-08-01": ("2025-05-07", False),
             "2025-09-01": ("2025-10-22", False)}


def edited(page: str) -> str:
    for cell, (old, new) in EDITS.items():
        page, count = re.subn(f'(id="modelarts_llm_train_590804__{cell}">){re.escape(old)}<', rf"\g<1>{new}<", page)
        assert count == 1, cell
    return page


def synthetic_raw(raw: Path) -> Path:
    """The SYNTHETIC releases: each real page (not its PDF) under a new update date."""
    for release, (source, edit) in SYNTHETIC.items():
        folder = raw / release
        folder.mkdir(parents=True)
        page = (RAW / source / "page.html").read_text(encoding="utf-8")
        page, count = re.subn(r"更新时间：\d{4}-\d{2}-\d{2}", f"更新时间：{base_date(release)}", page)
        assert count == 1
        (folder / "page.html").write_text(edited(page) if edit else page, encoding="utf-8")
        shutil.copy(RAW / source / "SOURCE.md", folder / "SOURCE.md")
    return raw


def real_build(published: Path, out: Path) -> Path:
    """A copy of the session's publication of the real releases, with the cross-release
    artifacts added by a commit that stages no release (what an extract run does after)."""
    shutil.copytree(published, out)
    with Staging(out, across=build_across) as staging:
        staging.commit()
    return out


def synthetic_build(folder: Path) -> Path:
    out = folder / "build"
    extract_to(synthetic_raw(folder / "raw"), out, jobs=1)
    return out
