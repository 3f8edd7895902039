"""What `mincards extract` and `mincards diff` write, read back from the files themselves: the Hive
dataset's partitions hold the whole table, every artifact gets the mode the process umask gives, and
the report pages and diff documents show the values of raw/ as a person reads them off the page."""
from __future__ import annotations

import contextlib
import json
import os
import re
import stat

import lxml.html
import pandas as pd
import pyarrow.dataset as ds
import pytest
from click.testing import CliRunner

from conftest import RAW, RELEASES
from pipeline.cli import main
from pipeline.diff import diff_releases, to_json as diff_json
from pipeline.release import publish
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
def built(results, tmp_path_factory):
    """The session's extracted releases, published as `mincards extract` publishes them."""
    out = tmp_path_factory.mktemp("build")
    with umask(0o022):
        publish(list(results.values()), out)
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
def test_partition_holds_every_contract_column_release_included(built, release):
    """Catches: the partition without its release column (polars and DuckDB reading the files
    by a glob, with no options, lose the release or read it as a DATE from the folder name)."""
    partition = read(built / "dataset" / release / "part-0.parquet")
    table = read(built / release / "min_cards.parquet")
    assert list(partition.columns) == COLUMNS
    pd.testing.assert_frame_equal(partition, table)


def test_partition_keeps_the_lineage_of_a_cell_checked_by_hand(built):
    # raw/2025-10-22/page.html row 23, column 4 (MindSpeed-LLM / Snt9b of qwen2.5-1.5b) reads '1*Asce nd'.
    partition = read(built / "dataset" / "2025-10-22" / "part-0.parquet")
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
    assert len(files) == 2 * 11 + 2 + 1 + 3  # 11 per release, 2 partitions, datapackage.json, the saved diff
    assert {p.relative_to(built).as_posix(): oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {
        p.relative_to(built).as_posix(): oct(0o644) for p in files}  # 0666 & ~0022


def test_artifact_mode_follows_another_umask(tmp_path):
    with umask(0o007):
        extract(tmp_path, "--release", "2025-05-07")
    files = artifacts(tmp_path)
    # the release folder, its partition, datapackage.json; the history, releases, changelog,
    # database, Datasette's metadata; the site's index, changelog, style sheet, script and a page per model
    assert len(files) == 11 + 1 + 1 + 6 + 4 + 17
    assert {oct(stat.S_IMODE(p.stat().st_mode)) for p in files} == {oct(0o660)}  # 0666 & ~0007


# --- the pages and diff documents, against the vendor page read by hand ---------------------------

def heat_map(report, table_id: str = "heatmap") -> tuple[list[str], list[str], dict[tuple[str, str, str], list[tuple[str, str]]]]:
    """report.html's heat map (or the diff page's table): the framework headings, the hardware
    headings, and per (model, strategy, seq_len) the value cells as (text, title)."""
    table = lxml.html.parse(str(report)).getroot().get_element_by_id(table_id)
    top, bottom = table.findall("thead/tr")
    frameworks = [th.text_content() for th in top.findall("th")[3:] for _ in range(int(th.get("colspan", 1)))]
    rows = {}
    for tr in table.findall("tbody/tr"):
        cells = tr.findall("td")
        rows[tuple(td.text_content() for td in cells[:3])] = [(td.text_content(), td.get("title")) for td in cells[3:]]
    return frameworks, [th.text_content() for th in bottom.findall("th")], rows


def test_release_page_columns_in_the_vendor_order_and_cells_with_their_source(built):
    frameworks, hardware, rows = heat_map(built / "2025-10-22" / "report.html")
    # raw/2025-10-22/page.html header: MindSpeed-LLM, Llama-Factory, VeRL, MindSpeed-RL, MindSpeed-MM,
    # each over Snt9b, Snt9b23
    assert frameworks == [fw for fw in ("MindSpeed-LLM", "Llama-Factory", "VeRL", "MindSpeed-RL", "MindSpeed-MM")
                          for _ in range(2)]
    assert hardware == ["Snt9b", "Snt9b23"] * 5
    # gemma3-27b full 8192 (table row 81): '-' over MindSpeed-LLM, '48*Ascend' over Llama-Factory (column 6),
    # '-' in the six other columns
    gemma = rows[("gemma3-27b", "full", "8192")]
    assert [text for text, _ in gemma] == ["-", "-", "48", "48", "-", "-", "-", "-", "-", "-"]
    assert gemma[2][1] == gemma[3][1] == "raw/2025-10-22/page.html, row 81, column 6: '48*Ascend'"
    assert gemma[0][1] == "not supported; raw/2025-10-22/page.html, row 81, column 4: '-'"


def test_diff_page_columns_in_the_vendor_order(built):
    """Cells spanning both hardware columns tie on their source column: Snt9b still comes first,
    as in the vendor's header (the diff page once showed VeRL as Snt9b23 | Snt9b)."""
    frameworks, hardware, _ = heat_map(built / "diff" / "2025-05-07..2025-10-22.html", "diff")
    assert frameworks == [fw for fw in ("MindSpeed-LLM", "Llama-Factory", "VeRL", "MindSpeed-RL", "MindSpeed-MM")
                          for _ in range(2)]
    assert hardware == ["Snt9b", "Snt9b23"] * 5


def test_diff_page_marks_added_cells_as_added(built):
    text = (built / "diff" / "2025-05-07..2025-10-22.html").read_text(encoding="utf-8")
    # 1226 rows added (4 frameworks and 20 models), none removed, 8 changed; the added '-' cells look
    # not supported (added-na), the others added (14 of them behind a finding of 2025-10-22 too)
    added = text.count('<td class="added"') + text.count('<td class="added finding"')
    assert added + text.count('<td class="added-na"') == 1226 and text.count('<td class="added finding"') == 14
    assert added == len(re.findall(r'<td class="added[^"]*"[^>]*>\d+\??</td>', text))  # ? an uncertain reading
    assert text.count('<td class="removed"') == 0
    assert text.count('<td class="changed"') == 8


def test_diff_backwards_shows_removed_models_with_their_old_values(built):
    result = CliRunner().invoke(main, ["diff", "2025-10-22", "2025-05-07", "--build", str(built)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "## Models removed (20)" in text
    section = text[text.index("### gemma3-27b"):].split("\n\n")[1].splitlines()
    # raw/2025-10-22/page.html: gemma3-27b has Llama-Factory values only, over both hardware columns:
    # full 4096 '16*Ascend', full 8192 '48*Ascend', lora 4096/8192 '16*Ascend'; '-' everywhere else
    # columns in the vendor's header order (raw/2025-10-22/page.html), not the alphabet's
    assert section[0] == ("| strategy | seq_len | MindSpeed-LLM Snt9b | MindSpeed-LLM Snt9b23 | Llama-Factory Snt9b | "
                          "Llama-Factory Snt9b23 | VeRL Snt9b | VeRL Snt9b23 | MindSpeed-RL Snt9b | "
                          "MindSpeed-RL Snt9b23 | MindSpeed-MM Snt9b | MindSpeed-MM Snt9b23 |")
    assert section[2:] == [f"| {s} | {q} | - | - | {v} | {v} | - | - | - | - | - | - |"
                           for s, q, v in (("full", 4096, 16), ("full", 8192, 48), ("lora", 4096, 16),
                                           ("lora", 8192, 16))]


def test_diff_json_lists_the_rows_of_a_removed_hardware_column(tidy):
    old = tidy["2025-05-07"]
    d = diff_releases("2025-05-07", old, "x", old[old.hardware == "Snt9b"])
    doc = json.loads(diff_json(d))
    assert [h["hardware"] for h in doc["hardware"]["removed"]] == ["Snt9b23"]
    rows = doc["hardware"]["removed"][0]["rows"]
    assert len(rows) == 124 // 2  # every 2025-05-07 row has its Snt9b twin
    assert {r["hardware"] for r in rows} == {"Snt9b23"} and all("new" not in r for r in rows)
