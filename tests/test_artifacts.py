"""What `mincards extract` writes, read back from the files themselves: the Hive dataset's
partitions hold the whole table, and every artifact gets the mode the process umask gives."""
from __future__ import annotations

import contextlib
import os
import stat

import pandas as pd
import pyarrow.dataset as ds
import pytest
from click.testing import CliRunner

from conftest import RAW, RELEASES
from pipeline.cli import main
from schemas.min_cards import COLUMNS, KEY


@contextlib.contextmanager
def umask(mask: int):
    previous = os.umask(mask)
    try:
        yield
    finally:
        os.umask(previous)


def extract(out, *args: str) -> None:
    result = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(out), *args])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("build")
    with umask(0o022):
        extract(out)
        saved = CliRunner().invoke(main, ["diff", "--build", str(out), "--save", str(out / "diff")])
        assert saved.exit_code == 0, saved.output
    return out


def read(path) -> pd.DataFrame:
    return pd.read_parquet(path, dtype_backend="numpy_nullable")


def plain(frame: pd.DataFrame) -> list[list]:
    """The rows in key order as Python values, every null as None."""
    rows = frame[COLUMNS].sort_values(KEY).reset_index(drop=True).astype(object)
    return rows.where(rows.notna(), None).values.tolist()


def artifacts(folder) -> list:
    """Every file written, except the writers' lock file."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.name != ".mincards.lock")


@pytest.mark.parametrize("release", RELEASES)
def test_partition_holds_every_contract_column_but_release(built, release):
    partition = read(built / "dataset" / f"release={release}" / "part-0.parquet")
    table = read(built / release / "min_cards.parquet")
    assert list(partition.columns) == [c for c in COLUMNS if c != "release"]
    pd.testing.assert_frame_equal(partition, table.drop(columns="release"))


def test_partition_keeps_the_lineage_of_a_cell_checked_by_hand(built):
    # raw/2025-10-22/page.html row 23, column 4 (MindSpeed-LLM / Snt9b of qwen2.5-1.5b) reads '1*Asce nd'.
    partition = read(built / "dataset" / "release=2025-10-22" / "part-0.parquet")
    row = partition[(partition.model == "qwen2.5-1.5b") & (partition.strategy == "full")
                    & (partition.seq_len == 4096) & (partition.framework == "MindSpeed-LLM")
                    & (partition.hardware == "Snt9b")]
    assert row[["source_file", "source_row", "source_col", "raw_text", "min_units"]].values.tolist() == [
        ["raw/2025-10-22/page.html", 23, 4, "1*Asce nd", 1]]


def test_dataset_read_gives_back_every_release_with_its_rows(built):
    table = ds.dataset(built / "dataset", format="parquet", partitioning="hive").to_table()
    dataset = table.to_pandas()
    dataset["release"] = dataset["release"].astype(str)
    assert sorted(dataset["release"].unique()) == list(RELEASES)
    expected = pd.concat([read(built / r / "min_cards.parquet") for r in RELEASES], ignore_index=True)
    assert len(dataset) == len(expected)
    # every column, value for value (nulls compared as None: the dataset read uses Arrow's default dtypes)
    assert plain(dataset) == plain(expected)


def test_artifacts_get_the_mode_the_umask_gives(built):
    files = artifacts(built)
    assert len(files) == 2 * 6 + 2 + 3  # 6 per release, 2 partitions, the saved diff (md, json, html)
    assert {p.relative_to(built).as_posix(): oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {
        p.relative_to(built).as_posix(): oct(0o644) for p in files}  # 0666 & ~0022


def test_artifact_mode_follows_another_umask(tmp_path):
    with umask(0o007):
        extract(tmp_path, "--release", "2025-05-07")
    files = artifacts(tmp_path)
    assert len(files) == 6 + 1
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {oct(0o660)}  # 0666 & ~0007
