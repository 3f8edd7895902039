"""What analysts read: the data package, NDJSON, Parquet schemas, findings as data.

Everything is read back from a real publication of raw/ with the real readers
(frictionless, DuckDB, pyarrow). Expected values are written out by hand from the
contract's documentation and the vendor pages (README, raw/*/SOURCE.md, LAYOUT.md),
never taken from the code under test; the generated files are also regenerated and
compared with what is committed or written."""
from __future__ import annotations

# duckdb and frictionless are imported by the tests that use them: every pytest worker imports every test
# file, and these take ~0.1-0.4 s each.
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest

from conftest import RAW, REPO, RELEASES
from pipeline import __version__
from pipeline.errors import ReleaseError
from pipeline.header import HARDWARE as HEADER_HARDWARE
from pipeline.publish import publish_all
from pipeline.release import extract_all, release_files
from schemas import contract, findings as findings_contract, generate, hardware, min_cards

URLS = {  # the "**Public page:**" lines of raw/<release>/SOURCE.md, copied by hand
    "2025-05-07": "https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_5902044.html",
    "2025-10-22": "https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_590804.html",
}
KEY = ["release", "model", "strategy", "seq_len", "framework", "hardware"]
NOT_NULL = KEY + ["model_label", "family", "modality", "supported", "unit", "certain", "source_file", "source_row",
                  "source_col", "raw_text"]
NULLABLE = ["params_b", "active_params_b", "min_units", "min_nodes", "source_page"]
NOT_NULL_IN_ORDER = ["release", "model", "model_label", "family", "modality", "strategy", "seq_len", "framework",
                     "hardware", "supported", "unit", "certain", "source_file", "source_row", "source_col", "raw_text"]


def sql(query: str, *params):
    import duckdb
    return duckdb.connect().execute(query, list(params)).fetchall()


# --- one source of truth -------------------------------------------------------------

def test_committed_json_schema_is_the_generated_one():
    committed = (REPO / "schemas" / "min_cards.schema.json").read_text(encoding="utf-8")
    assert committed == generate.json_text(min_cards.json_schema()), "run python -m schemas.generate"
    assert generate.main(["--check"]) == 0


def test_every_column_of_every_contract_has_a_description_and_a_nullability():
    for schema in (min_cards.SCHEMA, findings_contract.SCHEMA):
        for name, column in schema.columns.items():
            assert column.description and len(column.description) > 10, name
    assert {n for n, c in min_cards.SCHEMA.columns.items() if c.nullable} == set(NULLABLE)
    schema = json.loads((REPO / "schemas" / "min_cards.schema.json").read_text(encoding="utf-8"))
    properties = schema["items"]["properties"]
    assert properties["seq_len"]["type"] == "integer" and properties["min_units"]["type"] == ["integer", "null"]
    assert properties["params_b"]["exclusiveMinimum"] == 0 and properties["source_row"]["minimum"] == 1
    assert all(p["description"] for p in properties.values())


def test_the_hardware_vocabulary_has_one_home():
    assert {h.name for h in HEADER_HARDWARE.values()} == {"Snt9b", "Snt9b23"}
    assert all(HEADER_HARDWARE[h.name.lower()] is h for h in hardware.HARDWARE)  # the same objects
    assert min_cards.SCHEMA.columns["hardware"].checks[0].statistics["allowed_values"] == ["Snt9b", "Snt9b23"]
    assert min_cards.SCHEMA.columns["unit"].checks[0].statistics["allowed_values"] == ["card", "die"]
    rules = json.loads((REPO / "schemas" / "min_cards.schema.json").read_text(encoding="utf-8"))["items"]["allOf"]
    units = {r["if"]["properties"]["hardware"]["const"]: r["then"]["properties"]["unit"]["const"]
             for r in rules if "hardware" in r["if"]["properties"]}
    assert units == {"Snt9b": "card", "Snt9b23": "die"}


def test_a_check_the_generator_cannot_translate_is_an_error():
    import pandera.pandas as pa_
    schema = pa_.DataFrameSchema({"x": pa_.Column("string", pa_.Check.str_length(1), description="a column x")})
    with pytest.raises(contract.UntranslatableCheck, match="column x: check str_length"):
        contract.column_specs(schema)
    undocumented = pa_.DataFrameSchema({"y": pa_.Column("Int64")})
    with pytest.raises(ValueError, match="column y: no description"):
        contract.column_specs(undocumented)


def test_json_schema_states_the_cross_column_rules():
    schema = json.loads((REPO / "schemas" / "min_cards.schema.json").read_text(encoding="utf-8"))
    record = {"release": "2025-10-22", "model": "m-1b", "model_label": "m-1b", "family": "m", "params_b": 1.0,
              "active_params_b": None, "modality": "text", "strategy": "full", "seq_len": 4096, "framework": "F",
              "hardware": "Snt9b23", "supported": True, "min_units": 4, "unit": "die", "min_nodes": 1,
              "certain": True, "source_file": "f", "source_page": None, "source_row": 3, "source_col": 4, "raw_text": "4*Ascend"}
    validator = jsonschema.Draft202012Validator(schema["items"])
    assert validator.is_valid(record)
    assert not validator.is_valid({**record, "min_nodes": None})  # supported: nodes set too
    assert not validator.is_valid({**record, "unit": "card"})  # Snt9b23 counts DIE
    assert not validator.is_valid({**record, "params_b": 0.0})
    assert not validator.is_valid({**record, "hardware": "Snt9c"})


# --- Parquet -------------------------------------------------------------------------

def test_parquet_keys_not_nullable_fields_described_source_url_in_metadata(published):
    for release in RELEASES:
        schema = pq.read_schema(published / release / "min_cards.parquet")
        assert [f.name for f in schema if not f.nullable] == NOT_NULL_IN_ORDER
        assert {f.name for f in schema if f.nullable} == set(NULLABLE)
        for field in schema:
            assert len(field.metadata[b"description"]) > 10, field.name
        assert schema.field("min_nodes").metadata[b"unit"] == b"node"
        meta = {k.decode(): v.decode() for k, v in schema.metadata.items()}
        assert meta["mincards.source_url"] == URLS[release] and meta["mincards.release"] == release
        # the same seen by DuckDB: REQUIRED columns in the Parquet file
        required = {name for name, rep in sql("SELECT name, repetition_type FROM parquet_schema(?)",
                                              str(published / release / "min_cards.parquet")) if rep == "REQUIRED"}
        assert required - {"schema", "duckdb_schema"} == set(NOT_NULL)


def test_written_arrow_schemas_are_the_generated_ones(published):
    for release in RELEASES:
        written = pq.read_schema(published / release / "min_cards.parquet")
        assert written.remove_metadata().equals(contract.arrow_schema(min_cards.SCHEMA), check_metadata=True)
        partition = pq.read_schema(published / "dataset" / release / "part-0.parquet")
        assert partition.remove_metadata().equals(contract.arrow_schema(min_cards.SCHEMA), check_metadata=True)
        findings = pq.read_schema(published / release / "findings.parquet")
        assert findings.remove_metadata().equals(contract.arrow_schema(findings_contract.SCHEMA), check_metadata=True)


def test_the_dataset_keeps_the_contracts_nullability(published):
    """The keys are non-nullable in the dataset too (its readers with no options: test_readers.py)."""
    table = ds.dataset(published / "dataset", format="parquet").to_table()
    assert table.schema.field("release").type == pa.string() and not table.schema.field("release").nullable
    assert not table.schema.field("model").nullable and table.schema.field("min_units").nullable


# --- NDJSON --------------------------------------------------------------------------

def test_duckdb_reads_the_ndjson_as_the_parquet(published, tidy):
    schema = json.loads((REPO / "schemas" / "min_cards.schema.json").read_text(encoding="utf-8"))
    for release in RELEASES:
        jsonl = published / release / "min_cards.jsonl"
        lines = jsonl.read_text(encoding="utf-8").splitlines()
        assert len(lines) == len(tidy[release])
        records = [json.loads(line) for line in lines]
        assert records == json.loads((published / release / "min_cards.json").read_text(encoding="utf-8"))
        for record in records[:50]:
            jsonschema.validate(record, schema["items"], cls=jsonschema.Draft202012Validator)
        # auto-detected types: the row count is right whatever DuckDB infers
        assert sql("SELECT count(*) FROM read_json(?, format = 'newline_delimited')", str(jsonl)) == [(len(lines),)]
        # with the contract's columns, the NDJSON is the Parquet table, row for row
        columns = contract.duckdb_columns(min_cards.SCHEMA)
        ndjson = f"read_json('{jsonl}', format = 'newline_delimited', columns = {columns})"
        parquet = f"read_parquet('{published / release / 'min_cards.parquet'}')"
        assert sql(f"SELECT count(*) FROM (SELECT * FROM {ndjson} EXCEPT ALL SELECT * FROM {parquet})") == [(0,)]
        assert sql(f"SELECT count(*) FROM (SELECT * FROM {parquet} EXCEPT ALL SELECT * FROM {ndjson})") == [(0,)]
        assert sql(f"SELECT typeof(release), typeof(source_page) FROM {ndjson} LIMIT 1") == [("VARCHAR", "BIGINT")]


def test_every_ndjson_record_ends_with_a_newline(published):
    """Catches: no newline after the last record (NDJSON ends each line with one; `cat a b`
    would glue two files' records into one line, and `wc -l` counts one row short)."""
    for release, rows in (("2025-05-07", 124), ("2025-10-22", 1350)):  # README: the rows of each release
        data = (published / release / "min_cards.jsonl").read_bytes()
        assert data.endswith(b"}\n") and data.count(b"\n") == rows
        assert all(json.loads(line) for line in data.split(b"\n")[:-1])


# --- findings as data ----------------------------------------------------------------

def test_findings_are_published_as_data(published):
    """2025-10-22's six findings (README, test_quality.py): qwen2-7b's Llama-Factory full and
    lora cells (LAYOUT.md: rows 14-17, columns 6-7) and the two 1*Ascend DIE cells."""
    csv_10 = published / "2025-10-22" / "findings.csv"
    rows = sql("SELECT finding, rule, model, strategy, seq_len, hardware, source_row, source_col, raw_text "
               "FROM read_csv(?, all_varchar = true) WHERE finding IN ('1', '6') ORDER BY finding, strategy, seq_len",
               str(csv_10))
    assert rows == [
        ("1", "lora_exceeds_full", "qwen2-7b", "full", "4096", "Snt9b", "14", "6", "1*Ascend"),
        ("1", "lora_exceeds_full", "qwen2-7b", "lora", "4096", "Snt9b", "15", "6", "8*Ascend"),
        ("6", "odd_die_count", "qwen2vl-2b", "lora", "4096", "Snt9b23", "41", "6", "1*Ascend"),
        ("6", "odd_die_count", "qwen2vl-2b", "lora", "8192", "Snt9b23", "41", "6", "1*Ascend")]
    assert sql("SELECT count(DISTINCT finding), count(*) FROM read_csv(?)", str(csv_10)) == [(6, 14)]
    # the numbers follow report.md's table, finding for finding
    report = (published / "2025-10-22" / "report.md").read_text(encoding="utf-8")
    findings_part = report.split("## Uncertain cells")[0]
    listed = [line.split(" | ")[:2] for line in findings_part.splitlines() if line.startswith("| ") and "_" in line]
    numbered = sql("SELECT DISTINCT finding, rule, model FROM read_parquet(?) ORDER BY finding",
                   str(published / "2025-10-22" / "findings.parquet"))
    assert [[f"| {check}", model] for _, check, model in numbered] == listed
    # 2025-05-07 has none: a header line, no rows, the same columns
    header = (published / "2025-05-07" / "findings.csv").read_text(encoding="utf-8")
    assert header == ",".join(findings_contract.COLUMNS) + "\n"
    assert header.startswith("release,finding,rule,model,strategy,seq_len,framework,hardware,detail,source_file,")


def test_the_findings_of_all_releases_read_as_one_dataset(published):
    """findings.parquet carries its release as a column: one glob over the release folders."""
    rows = sql("SELECT typeof(release), release, count(*) FROM read_parquet(?) GROUP BY ALL",
               str(published / "*" / "findings.parquet"))
    assert rows == [("VARCHAR", "2025-10-22", 14)]
    files = sorted(published.glob("*/findings.parquet"))
    table = ds.dataset(files, format="parquet").to_table()
    assert table.num_rows == 14 and table.schema.field("release").type == pa.string()
    assert not table.schema.field("finding").nullable


# --- the data package ----------------------------------------------------------------

def test_frictionless_validates_the_data_package(published):
    import frictionless
    report = frictionless.validate(str(published / "datapackage.json"))
    assert report.valid, report.flatten(["rowNumber", "fieldName", "type", "note"])
    assert sorted(task.name for task in report.tasks) == sorted(
        f"{table}-{r}" for r in RELEASES for table in ("min_cards", "findings"))


def test_the_data_package_describes_the_tables(published, tidy):
    package = json.loads((published / "datapackage.json").read_text(encoding="utf-8"))
    assert package["pipeline_version"] == __version__
    resources = {r["name"]: r for r in package["resources"]}
    for release in RELEASES:
        table = resources[f"min_cards-{release}"]
        assert table["path"] == f"{release}/min_cards.csv"
        data = (published / release / "min_cards.csv").read_bytes()
        assert table["hash"] == "sha256:" + hashlib.sha256(data).hexdigest() and table["bytes"] == len(data)
        fields = {f["name"]: f for f in table["schema"]["fields"]}
        assert list(fields) == list(tidy[release].columns)
        assert table["schema"]["primaryKey"] == KEY
        assert (fields["seq_len"]["type"], fields["supported"]["type"], fields["params_b"]["type"],
                fields["release"]["type"]) == ("integer", "boolean", "number", "string")
        assert fields["model"]["constraints"]["required"] and not fields["min_units"]["constraints"]["required"]
        assert fields["hardware"]["constraints"]["enum"] == ["Snt9b", "Snt9b23"]
        assert fields["min_nodes"]["unit"] == "node" and "card" in fields["min_units"]["unit"]
        assert all(f["description"] for f in fields.values())
        [source] = table["sources"]
        assert source["path"] == URLS[release] and source["updated"] == release
        assert source["files"] == [{"path": f"raw/{release}/{name}",
                                    "sha256": hashlib.sha256((RAW / release / name).read_bytes()).hexdigest()}
                                   for name in ("page.html", "doc.pdf")]
        findings = resources[f"findings-{release}"]
        assert findings["schema"]["foreignKeys"] == [{"fields": KEY, "reference": {
            "resource": f"min_cards-{release}", "fields": KEY}}]
    assert package["hardware"] == [{"name": "Snt9b", "unit": "card", "units_per_node": 8},
                                   {"name": "Snt9b23", "unit": "die", "units_per_node": 16}]


def test_frictionless_finds_a_broken_value_and_a_dangling_finding(published, tmp_path):
    """The descriptor is not vacuous: a value the contract forbids, and a finding whose
    row is not in min_cards, are reported (with the hashes dropped so that only the
    schema speaks)."""
    import frictionless
    out = tmp_path / "build"
    shutil.copytree(published, out)
    package = json.loads((out / "datapackage.json").read_text(encoding="utf-8"))
    for resource in package["resources"]:
        resource.pop("hash"), resource.pop("bytes")
    (out / "datapackage.json").write_text(json.dumps(package), encoding="utf-8")
    assert frictionless.validate(str(out / "datapackage.json")).valid
    table = out / "2025-10-22" / "min_cards.csv"
    table.write_text(table.read_text(encoding="utf-8").replace(",Snt9b23,", ",Snt9c,", 1), encoding="utf-8")
    findings = out / "2025-10-22" / "findings.csv"
    findings.write_text(findings.read_text(encoding="utf-8").replace(",qwen2vl-2b,", ",qwen2vl-3b,", 1),
                        encoding="utf-8")
    report = frictionless.validate(str(out / "datapackage.json"))
    errors = {(task.name, error.type) for task in report.tasks for error in task.errors}
    assert ("min_cards-2025-10-22", "constraint-error") in errors
    assert ("findings-2025-10-22", "foreign-key") in errors


def test_the_frictionless_command_validates_a_fresh_build(extracted):
    """The acceptance check, as a user runs it after `make extract` (the session's run of it)."""
    out, _ = extracted
    command = Path(sys.executable).with_name("frictionless")
    result = subprocess.run([str(command), "validate", "datapackage.json"], cwd=out, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "VALID" in result.stdout and "INVALID" not in result.stdout


def test_the_build_package_holds_one_release_at_a_time(published):
    """build/datapackage.json is linear in the releases, the memory to write it is not:
    each release's descriptor is read, written and dropped in turn. Measured with
    tracemalloc (allocations, not time): for 128 releases, never as much as the document
    itself (1.6 MB; only the releases' short source lists are kept for its head). Holding
    every descriptor as Python objects took about ten times the document."""
    import tracemalloc
    from datetime import date, timedelta

    from pipeline.write import build_package
    text = (published / "2025-10-22" / "datapackage.json").read_text(encoding="utf-8")

    def descriptor(release: str) -> dict:  # as publish reads each release folder's descriptor
        return json.loads(text.replace("2025-10-22", release))

    def peak(count: int) -> tuple[int, int]:
        releases = [(date(2020, 1, 1) + timedelta(days=i)).isoformat() for i in range(count)]
        tracemalloc.start()
        size = sum(len(piece) for piece in build_package(releases, descriptor))
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return size, peak

    (small, _), (large, large_peak) = peak(16), peak(128)
    assert large > 7 * small  # the document itself grows with the releases
    assert large_peak < large / 2, (large, large_peak)


def test_the_build_package_pieces_make_the_document_json_would_print(published):
    """Written in pieces, the descriptor is still exactly json.dumps(indent=1) of one
    document: what a reader parses back prints the same bytes."""
    data = (published / "datapackage.json").read_bytes()
    package = json.loads(data)
    assert data == (json.dumps(package, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    assert list(package)[-1] == "resources" and len(package["resources"]) == 2 * len(RELEASES)


def described(out: Path) -> list[str]:
    package = json.loads((out / "datapackage.json").read_text(encoding="utf-8"))
    return sorted({r["path"].split("/")[0] for r in package["resources"]})


def test_the_data_package_follows_removals_and_release_runs(results, tmp_path):
    import frictionless
    files = {r: release_files(result) for r, result in results.items()}
    out = tmp_path / "build"
    publish_all(out, list(files.values()), keep=list(RELEASES))
    assert described(out) == list(RELEASES)
    publish_all(out, [files["2025-10-22"]])  # a --release run: the other release stays described
    assert described(out) == list(RELEASES)
    publish_all(out, [files["2025-10-22"]], keep=["2025-10-22"])  # 2025-05-07 gone from raw/
    assert described(out) == ["2025-10-22"] and not (out / "2025-05-07").exists()
    assert frictionless.validate(str(out / "datapackage.json")).valid
    publish_all(out, [], keep=[])  # nothing left to describe: no descriptor either
    assert not (out / "datapackage.json").exists()
    assert not [p for p in out.iterdir() if p.name.startswith(".datapackage")]  # no temporary left


def test_each_release_folder_is_a_data_package_of_its_own(published):
    import frictionless
    for release in RELEASES:
        package = json.loads((published / release / "datapackage.json").read_text(encoding="utf-8"))
        assert [r["path"] for r in package["resources"]] == ["min_cards.csv", "findings.csv"]
        assert frictionless.validate(str(published / release / "datapackage.json")).valid
        manifest = json.loads((published / release / "manifest.json").read_text(encoding="utf-8"))
        assert "datapackage.json" in manifest["artifacts"] and "findings.parquet" in manifest["artifacts"]


# --- the source URL ------------------------------------------------------------------

def test_the_source_url_comes_from_source_md(results, tmp_path):
    assert {r: results[r].source_url for r in RELEASES} == URLS
    raw = tmp_path / "raw"
    (raw / "2025-05-07").mkdir(parents=True)
    shutil.copy(RAW / "2025-05-07" / "page.html", raw / "2025-05-07" / "page.html")
    [result] = extract_all(raw)  # no SOURCE.md: no URL, and none claimed in the metadata
    assert result.source_url is None
    files = release_files(result)
    metadata = pq.read_schema(pa.BufferReader(files.files["min_cards.parquet"])).metadata
    assert b"mincards.source_url" not in metadata
    assert "path" not in json.loads(files.files["datapackage.json"])["sources"][0]
    (raw / "2025-05-07" / "SOURCE.md").write_text("# Release 2025-05-07\n\n- **Page:** somewhere\n", encoding="utf-8")
    with pytest.raises(ReleaseError) as info:
        extract_all(raw)
    assert str(info.value) == ("raw/2025-05-07/SOURCE.md: release: no public page line (expected a line "
                               "'- **Public page:** https://…' giving the vendor page's URL)")
