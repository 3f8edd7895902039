"""build/CHANGELOG.md against `mincards diff`; build/mincards.sqlite read with the standard
library's sqlite3 and served by Datasette (its test client, no server) with
build/datasette.json. Expected values come from the vendor's documented changes
(tests/fixtures/vendor/LAYOUT.md §6), the release tables and the diffs, never from the
code that wrote the files."""
from __future__ import annotations

import asyncio
import json
import re
import sqlite3

import pyarrow.parquet as pq
import pytest

from history_builds import SYNTHETIC
from pipeline import store
from pipeline.diff import diff_releases, units_text
from schemas import contract, findings, history, min_cards, releases as releases_contract

URL_2025_10_22 = "https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_590804.html"
LAYOUT_CHANGES = [  # LAYOUT.md §6: MindSpeed-LLM values that moved between the real releases
    (model, strategy, seq_len, "MindSpeed-LLM", hardware, "2", new, "up")
    for model, strategy in (("qwen2-7b", "lora"), ("qwen2.5-7b", "full"))
    for seq_len, new in (("4096", "4"), ("8192", "8")) for hardware in ("Snt9b", "Snt9b23")]


def entries(build) -> dict[str, list[str]]:
    """CHANGELOG.md cut at its release headings, in the order written."""
    text = (build / "CHANGELOG.md").read_text(encoding="utf-8")
    parts = re.split(r"^## (\S+)$", text, flags=re.M)
    return {release: body.strip().splitlines() for release, body in zip(parts[1::2], parts[2::2])}


def test_changelog_of_the_real_releases(builds):
    """Catches: oldest first, a summary that is not the diff's, the changed values missing
    or misread, the sources or the vendor page left out."""
    found = entries(builds["real"])
    assert list(found) == ["2025-10-22", "2025-05-07"]
    newest = found["2025-10-22"]
    manifest = json.loads((builds["real"] / "2025-10-22" / "manifest.json").read_text(encoding="utf-8"))
    assert newest[0] == (f"Updated 2025-10-22 · 1350 rows, 37 models, 6 findings · vendor page: <{URL_2025_10_22}> · "
                         "sources: " + ", ".join(f"`{s['path']}` (sha256 `{s['sha256'][:12]}…`)"
                                                 for s in manifest["sources"]))
    summary = [line for line in newest if line.startswith("- ")]
    assert summary == [
        # in the order of the vendor's page (its rows, its header), not the alphabet's
        "- models added (20): qwen2.5-1.5b, qwen2vl-2b, qwen2vl-7b, qwen2vl-72b, qwen2.5_vl-3b, qwen2.5_vl-7b, "
        "qwen2.5_vl-32b, qwen2.5_vl-72b, qwen3-0.6b, qwen3-1.7b, qwen3-4b, qwen3-8b, qwen3-14b, qwen3-32b, "
        "qwen3_moe-30B_A3B, qwen3_moe-235B_A22B, internvl2.5-8b, internvl2.5-38b, internvl2.5-78b, gemma3-27b",
        "- values up: 8", "- frameworks added (4): Llama-Factory, VeRL, MindSpeed-RL, MindSpeed-MM"]
    table = [tuple(c.strip() for c in line.strip("|").split("|")) for line in newest if line.startswith("| ")]
    assert table[0] == ("model", "strategy", "seq_len", "framework", "hardware", "old", "new", "change")
    assert sorted(table[1:]) == sorted(LAYOUT_CHANGES)
    assert found["2025-05-07"][-1] == ("The first published release: 124 rows, 17 models; frameworks MindSpeed-LLM; "
                                       "hardware Snt9b, Snt9b23.")


def test_changelog_says_what_diff_says_of_every_release(builds):
    """Catches: an entry under the wrong release (a revision out of order), counts of up and
    down or of support that are not the diff's, models added or removed missed."""
    build = builds["synthetic"]
    found = entries(build)
    ids = list(SYNTHETIC)
    assert list(found) == ids[::-1]
    assert "(revision 2 of that date)" in found["2025-07-01.2"][0]
    folders = store.published_releases(build)
    for old, new in zip(ids, ids[1:]):
        diff = diff_releases(old, store.load(folders[old]), new, store.load(folders[new]))
        changed = diff.where("changed")
        ways = {"up": 0, "down": 0, "support added": 0, "support removed": 0}
        rows = []
        for r in changed.itertuples():
            before, after = units_text(r.old_supported, r.old_min_units), units_text(r.new_supported, r.new_min_units)
            way = ("support added" if before == "-" else "support removed" if after == "-"
                   else "up" if int(after) > int(before) else "down")
            ways[way] += 1
            rows.append((r.model, r.strategy, str(r.seq_len), r.framework, r.hardware, before, after,
                         way.replace(" ", "_")))
        expected = [f"- models {side} ({len(names)}): {', '.join(names)}"
                    for side, names in (("added", diff.models["added"]), ("removed", diff.models["removed"])) if names]
        expected += [f"- {'values ' if way in ('up', 'down') else ''}{way}: {n}" for way, n in ways.items() if n]
        lines = found[new]
        assert [line for line in lines if line.startswith("- models") or line.startswith("- values")
                or line.startswith("- support")] == expected, new
        table = [tuple(c.strip() for c in line.strip("|").split("|")) for line in lines if line.startswith("| ")]
        assert table[1:] == rows, new


# --- the database ----------------------------------------------------------------------------

def connect(build):
    return sqlite3.connect(f"file:{build / 'mincards.sqlite'}?mode=ro", uri=True)


@pytest.mark.parametrize("table, schema, key", [("min_cards", min_cards.SCHEMA, min_cards.KEY),
                                                ("history", history.SCHEMA, history.KEY),
                                                ("findings", findings.SCHEMA, findings.KEY),
                                                ("releases", releases_contract.SCHEMA, releases_contract.KEY)])
def test_each_table_has_the_contract_columns_types_descriptions_and_key(builds, table, schema, key):
    """Catches: a column, type, NOT NULL or key that is not the contract's; descriptions lost."""
    with connect(builds["real"]) as db:
        info = db.execute(f"PRAGMA table_info({table})").fetchall()
        sql = db.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    types = {"string": "TEXT", "integer": "INTEGER", "number": "REAL", "boolean": "INTEGER"}
    specs = contract.column_specs(schema)
    assert [(name, kind, bool(notnull)) for _, name, kind, notnull, _, _ in info] == [
        (s.name, types[s.kind], not s.nullable) for s in specs]
    assert [row[1] for row in sorted((r for r in info if r[5]), key=lambda r: r[5])] == key
    for spec in specs:
        assert f"-- {spec.description}" in sql, spec.name


def test_the_database_holds_every_release_the_history_and_the_findings(builds, tidy):
    """Catches: a release left out of min_cards, rows changed on the way (booleans, nulls),
    the history or the findings incomplete, the full-text index not covering the models."""
    build = builds["real"]
    with connect(build) as db:
        for release, frame in tidy.items():
            rows = db.execute("SELECT * FROM min_cards WHERE release = ? ORDER BY rowid", (release,)).fetchall()
            published = pq.read_table(build / release / "min_cards.parquet").to_pylist()
            assert rows == [tuple(int(v) if isinstance(v, bool) else v for v in r.values()) for r in published]
        assert db.execute("SELECT count(DISTINCT finding), count(*) FROM findings").fetchone() == (
            6, pq.read_metadata(build / "2025-10-22" / "findings.parquet").num_rows)  # a line per row involved
        assert db.execute("SELECT count(*) FROM history").fetchone() == (pq.read_metadata(
            build / "history.parquet").num_rows,)
        assert db.execute("SELECT release, rows, models, findings, source_url FROM releases").fetchall() == [
            ("2025-05-07", 124, 17, 0,
             "https://support.huaweicloud.com/bestpractice-modelarts/modelarts_llm_train_5902044.html"),
            ("2025-10-22", 1350, 37, 6, URL_2025_10_22)]
        found = db.execute("SELECT DISTINCT model FROM min_cards WHERE rowid IN (SELECT rowid FROM min_cards_fts "
                           "WHERE min_cards_fts MATCH '\"qwen2.5-7b\"')").fetchall()
        assert found == [("qwen2.5-7b",)]
        assert db.execute("SELECT count(*) FROM history_fts WHERE history_fts MATCH 'gemma3*'").fetchone()[0] == \
            db.execute("SELECT count(*) FROM history WHERE model LIKE 'gemma3%'").fetchone()[0] > 0
    assert sorted(p.name for p in build.iterdir() if p.name.startswith("mincards")) == ["mincards.sqlite"]


def datasette_get(build, *paths):
    from datasette.app import Datasette

    metadata = json.loads((build / "datasette.json").read_text(encoding="utf-8"))
    # No thread of Datasette's own: one would outlive the test, and a later fork in this
    # process would no longer be safe (pipeline/workers.py start_method).
    app = Datasette([str(build / "mincards.sqlite")], metadata=metadata, settings={"num_sql_threads": 0})

    async def fetch():
        return [await app.client.get(path) for path in paths]

    return asyncio.run(fetch())


def test_datasette_serves_the_database_with_its_metadata(builds):
    """Catches: a database Datasette cannot open, metadata it does not apply (title,
    descriptions), a history whose values are not the vendor's."""
    home, page, query, search = datasette_get(
        builds["real"], "/",
        "/mincards/history?model=qwen2.5-7b&framework=MindSpeed-LLM&hardware=Snt9b&strategy=full&seq_len=4096",
        "/mincards.json?_shape=array&sql=" + "select+first_release,min_units,change+from+history+where+model="
        "'qwen2.5-7b'+and+strategy='full'+and+seq_len=8192+and+framework='MindSpeed-LLM'+and+hardware='Snt9b23'"
        "+order+by+first_release",
        "/mincards/min_cards.json?_search=qwen2.5-7b&_shape=array&_size=max&_col=model&_col=release")
    assert page.status_code == 200, page.text[:500]
    assert home.status_code == 200 and "<h1>mincards: minimum Ascend NPUs per model</h1>" in home.text  # title
    html = page.text
    assert "the history of every configuration key over the releases" in html  # the table's description
    assert "training sequence length (4096/8192 cells give one row per length) [unit: tokens]" in html  # a column's
    assert "no licence stated by the vendor" in html
    assert "2 rows where" in html and ">up<" in html and ">added<" in html
    assert query.status_code == 200 and query.json() == [
        {"first_release": "2025-05-07", "min_units": 2, "change": "added"},
        {"first_release": "2025-10-22", "min_units": 8, "change": "up"}]
    rows = search.json()
    assert {r["model"] for r in rows} == {"qwen2.5-7b"}
    assert len(rows) == 8 + 40  # 2025-05-07: 2 strategies x 2 lengths x 2 hardware x 1 framework; then 5 frameworks


def test_datasette_metadata_comes_from_the_data_package(builds):
    """Catches: column descriptions or units written by hand, drifting from the package."""
    build = builds["real"]
    metadata = json.loads((build / "datasette.json").read_text(encoding="utf-8"))
    package = json.loads((build / "datapackage.json").read_text(encoding="utf-8"))
    resources = {r["name"]: r for r in package["resources"]}
    tables = metadata["databases"]["mincards"]["tables"]
    for table, resource in (("min_cards", "min_cards-2025-10-22"), ("findings", "findings-2025-10-22"),
                            ("history", "history"), ("releases", "releases")):
        fields = resources[resource]["schema"]["fields"]
        assert tables[table]["columns"] == {
            f["name"]: f["description"] + (f" [unit: {f['unit']}]" if "unit" in f else "") for f in fields}
    assert tables["min_cards"]["units"] == {"seq_len": "tokens", "min_nodes": "node"}
    assert metadata["title"] == package["title"] and metadata["source_url"] == URL_2025_10_22
    assert "no licence stated by the vendor" in metadata["license"]


FILE_SIZE_CAPPED = r"""
import resource, signal, sys
from pathlib import Path
from pipeline.across import build_across
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the cap fails with EFBIG, as a full disk fails it
resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, 200_000))
build, work = Path(sys.argv[1]), Path(sys.argv[2])
try:
    build_across({r: build / r for r in ("2025-05-07", "2025-10-22")}, work)
except OSError as exc:
    print(exc.errno, exc.filename)
"""


def test_a_disk_that_fails_the_database_is_an_os_error_naming_its_file(builds, tmp_path):
    """Catches: SQLite's 'database or disk is full' reaching the command as an internal error
    (exit 3, 'OperationalError') where any other file the run writes gives one clear error naming
    the folder (exit 1). The disk is the kernel's: a cap on the size of any file this process
    writes (RLIMIT_FSIZE), under the database's size and over every other file's."""
    import errno
    import subprocess
    import sys

    from conftest import REPO

    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run([sys.executable, "-c", FILE_SIZE_CAPPED, str(builds["real"]), str(work)], cwd=REPO,
                          capture_output=True, text=True, check=True)
    code, filename = done.stdout.split()
    assert int(code) in (errno.ENOSPC, errno.EIO) and filename.startswith(str(work)) and \
        filename.endswith(".sqlite"), done.stdout
