"""The CLI end to end on real release folders: summaries, artifacts, determinism,
atomic failure, and one run through a real subprocess."""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys

import jsonschema
import pandas as pd
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from conftest import FIXTURES, RAW, REPO, RELEASES
from pipeline import __version__
from pipeline.cli import main

ARTIFACTS = ("min_cards.csv", "min_cards.parquet", "min_cards.json", "min_cards.jsonl", "findings.csv",
             "findings.parquet", "grid.csv", "report.md", "report.html", "datapackage.json", "manifest.json")


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def snapshot(folder):
    """Every artifact's bytes by path (the lock file is the writers' own, not an artifact)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".mincards.lock"}


@pytest.fixture(scope="module")
def built(extracted):
    return extracted  # the session's `extract raw --out DIR`: (the build, what it printed)


@pytest.fixture
def raw_copy(tmp_path):
    raw = tmp_path / "raw"
    shutil.copytree(RAW, raw)
    return raw


def test_summary_line_per_release(built):
    out, output = built
    assert output.splitlines() == [
        f"2025-05-07: 124 rows, 17 models, 1 framework, 0 warnings, 0 findings; page.html and doc.pdf agree -> {out / '2025-05-07'}",
        f"2025-10-22: 1350 rows, 37 models, 5 frameworks, 2 warnings, 6 findings; page.html and doc.pdf agree -> {out / '2025-10-22'}",
    ]


def test_every_artifact_is_written(built, tidy):
    out, _ = built
    expected = {f"{r}/{name}" for r in RELEASES for name in ARTIFACTS}
    expected |= {f"dataset/{r}/part-0.parquet" for r in RELEASES} | {"datapackage.json"}
    # made of every release together: the history, changelog, database and site
    expected |= {"history.parquet", "history.csv", "releases.csv", "CHANGELOG.md", "mincards.sqlite",
                 "datasette.json", "site/index.html", "site/changelog.html", "site/style.css", "site/site.js",
                 "site/diff/2025-05-07..2025-10-22.html"}
    expected |= {f"site/models/{model}.html" for frame in tidy.values() for model in frame["model"]}
    assert set(snapshot(out)) == expected


def test_csv_json_and_parquet_hold_the_same_rows(built, tidy):
    out, _ = built
    for release in RELEASES:
        frame = tidy[release]
        parquet = pd.read_parquet(out / release / "min_cards.parquet", dtype_backend="numpy_nullable")
        pd.testing.assert_frame_equal(parquet, frame, check_dtype=False)
        assert [str(t) for t in parquet.dtypes] == [str(t) for t in frame.dtypes]
        records = json.loads((out / release / "min_cards.json").read_text(encoding="utf-8"))
        assert len(records) == len(frame) and records[0]["model"] == frame.model.iloc[0]
        csv = pd.read_csv(out / release / "min_cards.csv", dtype=str, keep_default_na=False)
        assert list(csv.columns) == list(frame.columns) and len(csv) == len(frame)
        assert csv.min_units.tolist() == ["" if pd.isna(v) else str(v) for v in frame.min_units]


def test_json_artifact_matches_the_json_schema(built):
    out, _ = built
    schema = json.loads((REPO / "schemas" / "min_cards.schema.json").read_text(encoding="utf-8"))
    for release in RELEASES:
        records = json.loads((out / release / "min_cards.json").read_text(encoding="utf-8"))
        jsonschema.validate(records, schema, cls=jsonschema.Draft202012Validator)


def test_parquet_schema_and_metadata(built):
    out, _ = built
    schema = pq.read_schema(out / "2025-10-22" / "min_cards.parquet")
    types = {f.name: str(f.type) for f in schema}
    assert types["seq_len"] == "int64" and types["min_units"] == "int64" and types["supported"] == "bool"
    assert types["params_b"] == "double" and types["model"] == "string"
    meta = {k.decode(): v.decode() for k, v in schema.metadata.items()}
    assert meta["mincards.release"] == "2025-10-22"
    assert meta["mincards.pipeline_version"] == __version__
    sha = lambda name: hashlib.sha256((RAW / "2025-10-22" / name).read_bytes()).hexdigest()  # noqa: E731
    assert json.loads(meta["mincards.sources"]) == [
        {"path": "raw/2025-10-22/page.html", "sha256": sha("page.html")},
        {"path": "raw/2025-10-22/doc.pdf", "sha256": sha("doc.pdf")}]


def test_dataset_reads_in_one_call_with_the_release_as_partition(built, tidy):
    out, _ = built
    table = ds.dataset(out / "dataset", format="parquet", partitioning="hive").to_table()
    assert table.num_rows == sum(len(f) for f in tidy.values())
    counts = table.to_pandas().groupby("release", observed=True).size().to_dict()
    assert {str(k): v for k, v in counts.items()} == {r: len(tidy[r]) for r in RELEASES}


def test_grid_csv_is_the_table_as_printed(built):
    out, _ = built
    grid = pd.read_csv(out / "2025-10-22" / "grid.csv", header=None, dtype=str)
    assert grid.shape == (82, 13)
    assert grid.iloc[1].tolist()[3:5] == ["Snt9b", "Snt9b23"]
    assert grid.iloc[25].tolist()[7:11] == ["8*Ascend"] * 4  # qwen2.5-7b lora 4096: VeRL/RL spans filled


def test_second_run_gives_identical_bytes(built, tmp_path):
    out, _ = built
    again = tmp_path / "again"
    assert run("extract", str(RAW), "--out", str(again)).exit_code == 0
    assert snapshot(again) == snapshot(out)


def test_release_filter(tmp_path):
    result = run("extract", str(RAW), "--out", str(tmp_path), "--release", "2025-05-07")
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".mincards.lock", "2025-05-07", "CHANGELOG.md", "datapackage.json", "dataset", "datasette.json",
        "history.csv", "history.parquet", "mincards.sqlite", "releases.csv", "site"]
    result = run("extract", str(RAW), "--out", str(tmp_path), "--release", "2024-01-01")
    assert result.exit_code == 1
    assert "no release folder '2024-01-01'; found 2025-05-07, 2025-10-22" in result.output


def test_bad_cell_fails_and_keeps_the_previous_build(raw_copy, published, tmp_path):
    out = tmp_path / "build"
    shutil.copytree(published, out)  # the build of raw_copy as it was
    before = snapshot(out)
    page = raw_copy / "2025-10-22" / "page.html"
    page.write_text(page.read_text(encoding="utf-8").replace(">512*Ascend<", ">512*Ascnd<", 1), encoding="utf-8")
    result = run("extract", str(raw_copy), "--out", str(out))
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "error: raw/2025-10-22/page.html: cell value: row 66, column 6: '512*Ascnd' is not a unit count "
        "(expected N*Ascend with N ≥ 1, or - for not supported)")
    assert "Traceback" not in result.output
    assert snapshot(out) == before  # the good release was not written either: all or nothing
    assert "nothing was written; the output folder keeps its previous contents" in result.output


def test_contract_failure_through_the_cli(tmp_path):
    raw = tmp_path / "raw"
    (raw / "2025-01-15").mkdir(parents=True)
    html = (FIXTURES / "html" / "minimal.html").read_text(encoding="utf-8").replace("<p>7b</p>", "<p>0b</p>")
    (raw / "2025-01-15" / "page.html").write_text(html, encoding="utf-8")
    result = run("extract", str(raw), "--out", str(tmp_path / "build"))
    assert result.exit_code == 1
    assert "contract violated" in result.output
    assert "check 'greater_than(0)' failed on column params_b, value 0.0 for toy2.5-0b / full / 4096" in result.output
    assert not (tmp_path / "build").exists()


@pytest.mark.parametrize("folder, message", [
    ("2025-01-16", "raw/2025-01-16/page.html: release: the page says 更新时间 2025-01-15 but sits in folder 2025-01-16"),
    ("latest", "release: folder 'latest' is not a release date (expected a folder named YYYY-MM-DD)"),
    ("2025-02-30", "release: folder '2025-02-30' is not a release date"),
])
def test_release_folder_problems(tmp_path, folder, message):
    raw = tmp_path / "raw"
    (raw / folder).mkdir(parents=True)
    shutil.copy(FIXTURES / "html" / "minimal.html", raw / folder / "page.html")
    result = run("extract", str(raw), "--out", str(tmp_path / "build"))
    assert result.exit_code == 1 and message in result.output


def test_missing_raw_folder_and_missing_page(tmp_path):
    result = run("extract", str(tmp_path / "nope"), "--out", str(tmp_path / "build"))
    assert result.exit_code == 1 and "nope: release: not a folder" in result.output
    (tmp_path / "raw" / "2025-01-15").mkdir(parents=True)
    result = run("extract", str(tmp_path / "raw"), "--out", str(tmp_path / "build"))
    assert result.exit_code == 1
    assert ("raw/2025-01-15: release: no vendor page in the folder (expected one HTML page (.html/.htm) "
            "and/or one PDF (.pdf))") in result.output


def test_verbose_lists_the_warnings(tmp_path):
    result = run("extract", str(RAW), "--out", str(tmp_path), "--release", "2025-10-22", "-v")
    assert result.output.splitlines()[1:] == [
        "  warning: raw/2025-10-22/page.html: row 23, column 1: repaired 'qwen2.5-\\n1.5b' -> 'qwen2.5-1.5b'",
        "  warning: raw/2025-10-22/page.html: row 23, column 4: repaired '1*Asce nd' -> '1*Ascend'",
    ]


def test_debug_shows_the_traceback(tmp_path):
    result = CliRunner().invoke(main, ["extract", str(tmp_path / "nope"), "--debug"])
    assert result.exit_code != 0 and type(result.exception).__name__ == "ReleaseError"


def test_every_command_has_help_with_an_example():
    assert "Example:" in run("--help").output
    for name in main.commands:
        assert "Example:" in run(name, "--help").output, name


def test_the_docs_document_the_commands_and_every_column():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    commands = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")
    data = (REPO / "docs" / "data.md").read_text(encoding="utf-8")
    assert "make extract" in readme and "make test" in readme and "make bench" in readme
    from schemas.min_cards import COLUMNS
    for column in COLUMNS:
        assert f"`{column}`" in data, column
    for command in main.commands:
        assert f"mincards {command}" in readme, command  # the tour names each
        assert f"### `mincards {command}`" in commands, command  # and the reference has its section


def test_the_readme_is_short_and_links_every_reference_page():
    """A newcomer reads the README in five minutes; the reference lives in docs/."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    for page in sorted((REPO / "docs").glob("*.md")):
        assert f"](docs/{page.name})" in readme, page.name


def test_the_data_dictionary_is_what_the_contract_generates():
    """docs/data.md's column tables are the generator's output, so they cannot drift from the contract."""
    from schemas.generate import dictionary

    data = (REPO / "docs" / "data.md").read_text(encoding="utf-8")
    between = data.split("<!-- dictionary:start -->\n", 1)[1].split("\n<!-- dictionary:end -->", 1)[0]
    assert between == dictionary().strip()


def test_real_subprocess(tmp_path):
    out, raw = tmp_path / "build", tmp_path / "raw"
    shutil.copytree(RAW, raw, ignore=shutil.ignore_patterns("*.pdf"))  # the pages: the PDFs only add time
    proc = subprocess.run([sys.executable, "-m", "pipeline", "extract", str(raw), "--out", str(out)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[1].startswith("2025-10-22: 1350 rows, 37 models, 5 frameworks")
    bad = subprocess.run([sys.executable, "-m", "pipeline", "extract", str(tmp_path / "missing")],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr
