"""What each command imports, asserted deterministically (start-up time itself is
measured by bench/bench_startup.py, never asserted): `mincards --help` loads click and
none of the data libraries; the questions (query, fit, models, plan) load none of them
either; `diff` loads pandas and pyarrow but neither the extractors (pdfplumber,
pdfminer, lxml) nor the contract (pandera)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO

# schemas.hardware (the vocabulary, plain data) is light; the contract modules are not
EXTRACTION = {"pdfplumber", "pdfminer", "lxml", "pandera", "schemas.min_cards", "schemas.contract", "schemas.findings",
              "pipeline.release", "pipeline.run", "pipeline.extract", "pipeline.write", "pipeline.publish", "pipeline.report",
              "pipeline.normalize"}
DATA = {"pandas", "numpy", "pyarrow"}


def imported(*args: str) -> set[str]:
    """Every module the command imports, from `python -X importtime` (top-level names and pipeline.*)."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "pipeline", *args], cwd=REPO,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    names = {line.rsplit("|", 1)[1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")}
    return {n for n in names} | {n.split(".")[0] for n in names}


def test_help_imports_click_and_nothing_heavy():
    modules = imported("--help")
    assert "click" in modules
    assert not modules & (DATA | EXTRACTION)


@pytest.mark.parametrize("command", [
    ["query", "qwen2.5-7b"], ["query", "qwen2.5-7b", "--all-releases"], ["models"],
    ["fit", "--hardware", "Snt9b", "--nodes", "1"],
    ["plan", "qwen2.5-7b", "--tokens", "1e9", "--tps", "1000", "--hours", "24"],
])
def test_the_questions_import_neither_pandas_nor_pyarrow(published, command):
    """The questions read the release's records with the standard library (pipeline/store.py)."""
    modules = imported(*command, "--build", str(published))
    assert "pipeline.query" in modules
    assert not modules & (DATA | EXTRACTION)


def test_diff_reads_tables_without_the_extractors_or_the_contract(published):
    modules = imported("diff", "--build", str(published))
    assert {"pandas", "pyarrow"} <= modules
    assert not modules & EXTRACTION


def test_history_never_imports_the_extractors_or_the_contract(builds):
    """Catches: `mincards history` loading pandas, the contract (pandera) or the cross-release
    builder to read history.parquet: pyarrow alone reads it."""
    modules = imported("history", "qwen2.5-7b", "--build", str(builds["real"]))
    assert "pyarrow" in modules and "pandas" not in modules
    assert not modules & (EXTRACTION | {"pipeline.across", "schemas.history", "sqlite3"})


def test_output_to_a_file_stays_light(published, tmp_path):
    modules = imported("query", "qwen2.5-7b", "-o", str(tmp_path / "q.txt"), "--build", str(published))
    assert not modules & (DATA | EXTRACTION)
    assert (tmp_path / "q.txt").read_text(encoding="utf-8").startswith("qwen2.5-7b (published as qwen2.5-7b)")


def test_the_light_modules_agree_with_the_contract_and_the_publisher():
    """units.py derives the vocabulary from its light home; here it meets the contract's."""
    from pipeline import units
    from schemas import min_cards

    assert units.UNIT_OF_HARDWARE == min_cards.UNIT_OF_HARDWARE and units.UNITS_PER_NODE == min_cards.UNITS_PER_NODE
    assert set(units.STRATEGIES) == set(min_cards.SCHEMA.columns["strategy"].checks[0].statistics["allowed_values"])


def test_the_table_read_back_has_the_contracts_dtypes(published):
    import pandas as pd

    from pipeline import store
    from schemas.min_cards import PANDAS_DTYPES

    frame = store.load(published / "2025-10-22")
    assert {c: str(t) for c, t in frame.dtypes.items()} == {c: str(pd.Series(dtype=t).dtype)
                                                            for c, t in PANDAS_DTYPES.items()}


def test_extract_runs_with_the_libraries_frozen_and_without_hypothesis(tmp_path):
    """Set up for speed, as a `mincards` process: pandera loads hypothesis (installed here for
    the tests) at its first check unless the command marks it absent (0.17 s of every run,
    for data synthesis nobody asked for); the objects of the imported libraries are frozen
    out of the garbage collector's full passes once imported (0.3 s of a run with a PDF)."""
    release = tmp_path / "raw" / "2025-05-07"
    release.mkdir(parents=True)
    for name in ("page.html", "SOURCE.md"):
        (release / name).write_bytes((REPO / "raw" / "2025-05-07" / name).read_bytes())
    probe = ("import gc, sys; from pipeline.cli import main\n"
             "sys.argv[0] = 'mincards'  # as the console script starts it\n"
             "try:\n    main(sys.argv[1:], prog_name='mincards')\n"
             "except SystemExit as done:\n    assert not done.code, done.code\n"
             "print(sorted(m for m in ('pandera', 'hypothesis') if sys.modules.get(m)), gc.get_freeze_count() > 50_000)")
    result = subprocess.run([sys.executable, "-c", probe, "extract", str(tmp_path / "raw"), "--out",
                             str(tmp_path / "build"), "--quiet", "--jobs", "1"], cwd=REPO, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.splitlines()[-1] == "['pandera'] True"
