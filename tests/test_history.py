"""The history (build/history.parquet, .csv) and `mincards history`: checked against what
`mincards diff` says of every consecutive pair of releases, on the real releases and on
five synthetic ones (tests/history_builds.py) where values go up and down, support comes
and goes, models leave and come back, and a revision of a date follows the date.

The expected kinds are worked out here from the diff's two values, not by the code that
writes the history (pipeline/history.py change_kinds)."""
from __future__ import annotations

# frictionless is imported by the tests that use them: every pytest worker imports every test
# file, and these take ~0.1-0.4 s each.
import json
import shutil

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from history_builds import SYNTHETIC
from pipeline import store
from pipeline.cli import main
from pipeline.diff import MATCH_KEY, diff_releases
from schemas import contract, history as history_contract


def history_rows(build) -> list[dict]:
    return pq.read_table(build / "history.parquet").to_pylist()


def value(supported, units):
    return None if supported is None else (units if supported else "-")


def expected_kind(old: tuple, new: tuple) -> str:
    """How a key's run begins, from the diff's (supported, min_units) on each side."""
    (old_supported, old_units), (new_supported, new_units) = old, new
    if old_supported is None:
        return "added"
    if new_supported is None:
        return "removed"
    if old_supported != new_supported:
        return "support_added" if new_supported else "support_removed"
    return "up" if new_units > old_units else "down"


def plain(value):
    return None if value is None or value != value or str(value) == "<NA>" else value


@pytest.mark.parametrize("which", ["real", "synthetic"])
def test_history_is_what_diff_says_of_every_consecutive_pair(builds, which):
    """Catches: a change kind misread (up for down, support for a value), a run that does
    not end where the next begins (last_release off by one), a removed key without its
    row, releases out of order (2025-07-01.2 sorted after 2025-08-01), a stale
    previous_min_units."""
    build = builds[which]
    releases = list(store.published_releases(build))
    if which == "synthetic":
        assert releases == list(SYNTHETIC)  # the revision between its date and the next date
    rows = history_rows(build)
    by_key: dict[tuple, list[dict]] = {}
    for row in rows:
        by_key.setdefault(tuple(row[k] for k in MATCH_KEY), []).append(row)
    position = {release: i for i, release in enumerate(releases)}
    for runs in by_key.values():  # each key's runs follow each other without gap to the newest release
        runs.sort(key=lambda r: position[r["first_release"]])
        for before, after in zip(runs, runs[1:]):
            assert position[after["first_release"]] == position[before["last_release"]] + 1
            assert after["previous_min_units"] == before["min_units"]
        assert runs[-1]["last_release"] == releases[-1]
        for run in runs:
            assert run["releases"] == position[run["last_release"]] - position[run["first_release"]] + 1
    first = store.load(store.published_releases(build)[releases[0]])
    starting = {k: r for k, runs in by_key.items() for r in runs if r["first_release"] == releases[0]}
    assert set(starting) == set(map(tuple, first[MATCH_KEY].astype(object).itertuples(index=False)))
    assert {r["change"] for r in starting.values()} == {"added"}
    kinds_seen = set()
    for old, new in zip(releases, releases[1:]):
        diff = diff_releases(old, store.load(store.published_releases(build)[old]), new,
                             store.load(store.published_releases(build)[new]))
        expected = {}
        for r in diff.rows[diff.rows["change"] != "unchanged"].to_dict("records"):
            sides = [(plain(r[f"{s}_supported"]), plain(r[f"{s}_min_units"])) for s in ("old", "new")]
            expected[tuple(r[k] for k in MATCH_KEY)] = (expected_kind(*sides), *sides[1])
        began = {k: (r["change"], r["supported"], r["min_units"]) for k, runs in by_key.items() for r in runs
                 if r["first_release"] == new}
        assert began == expected, (old, new)
        kinds_seen |= {kind for kind, *_ in expected.values()}
    if which == "synthetic":
        assert kinds_seen == {"added", "up", "down", "support_added", "support_removed", "removed"}
    else:  # tests/fixtures/vendor/LAYOUT.md §6: eight values went up; 20 models came
        assert kinds_seen == {"added", "up"}
        assert sum(r["change"] == "up" for r in rows) == 8


def test_history_follows_its_contract_in_parquet_csv_and_the_data_package(builds):
    """Catches: history.parquet written without the schema generated from the contract
    (types, nullability, descriptions), a CSV that is not the Parquet's rows, a data package
    that does not describe history.csv and releases.csv as written."""
    import frictionless
    build = builds["synthetic"]
    table = pq.read_table(build / "history.parquet")
    generated = contract.arrow_schema(history_contract.SCHEMA)
    assert [(f.name, f.type, f.nullable, f.metadata) for f in table.schema] == [
        (f.name, f.type, f.nullable, f.metadata) for f in generated]
    import csv

    with open(build / "history.csv", encoding="utf-8", newline="") as handle:
        lines = list(csv.DictReader(handle))
    text = {True: "True", False: "False", None: ""}
    assert lines == [{k: text[v] if isinstance(v, bool) or v is None else str(v) for k, v in row.items()}
                     for row in table.to_pylist()]
    package = json.loads((build / "datapackage.json").read_text(encoding="utf-8"))
    ours = {r["name"]: r for r in package["resources"] if "release" not in r}
    assert set(ours) == {"history", "releases"}
    assert ours["history"]["schema"] == {**contract.table_schema(history_contract.SCHEMA, history_contract.KEY),
                                         "foreignKeys": [{"fields": [f], "reference": {"resource": "releases",
                                                                                       "fields": ["release"]}}
                                                         for f in ("first_release", "last_release")]}
    # frictionless checks the two tables' rows against their Table Schemas, keys and foreign keys
    # (tests/test_data_package.py validates a whole fresh build, these resources included)
    alone = build / ".history-package.json"  # beside the tables it names; removed at once
    alone.write_text(json.dumps({**package, "resources": list(ours.values())}), encoding="utf-8")
    try:
        report = frictionless.validate(str(alone))
    finally:
        alone.unlink()
    assert report.valid, report.flatten(["rowNumber", "fieldName", "type", "note"])[:5]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_mincards_history_shows_each_run_of_a_configuration(builds):
    """The values LAYOUT.md §6 lists for qwen2.5-7b full on MindSpeed-LLM / Snt9b: 2 in
    2025-05-07, then 4 (4096) and 8 (8192) in 2025-10-22; lora stayed 2 in both."""
    result = run("history", "Qwen/Qwen2.5-7B-Instruct", "--build", builds["real"], "--framework", "mindspeed-llm",
                 "--hardware", "snt9b", "--format", "csv")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "model,strategy,seq_len,framework,hardware,supported,min_units,unit,first_release,last_release,releases,"
        "previous_min_units,change",
        "qwen2.5-7b,full,4096,MindSpeed-LLM,Snt9b,true,2,card,2025-05-07,2025-05-07,1,,added",
        "qwen2.5-7b,full,4096,MindSpeed-LLM,Snt9b,true,4,card,2025-10-22,2025-10-22,1,2,up",
        "qwen2.5-7b,full,8192,MindSpeed-LLM,Snt9b,true,2,card,2025-05-07,2025-05-07,1,,added",
        "qwen2.5-7b,full,8192,MindSpeed-LLM,Snt9b,true,8,card,2025-10-22,2025-10-22,1,2,up",
        "qwen2.5-7b,lora,4096,MindSpeed-LLM,Snt9b,true,2,card,2025-05-07,2025-10-22,2,,added",
        "qwen2.5-7b,lora,8192,MindSpeed-LLM,Snt9b,true,2,card,2025-05-07,2025-10-22,2,,added"]
    assert "read 'Qwen/Qwen2.5-7B-Instruct' as qwen2.5-7b" in result.stderr


def test_mincards_history_answers_for_every_model(builds):
    """Catches: a model the history cannot answer for (one that left the table and came
    back, one only in some releases), or answers with another model's rows."""
    build = builds["synthetic"]
    rows = history_rows(build)
    for model in sorted({r["model"] for r in rows}):
        result = run("history", model, "--build", build, "--format", "csv")
        assert result.exit_code == 0, result.output
        keys = [line.split(",")[0] for line in result.stdout.splitlines()[1:]]
        assert keys == [model] * sum(r["model"] == model for r in rows), model


@pytest.mark.parametrize("fmt", ["table", "json", "ndjson", "md"])
def test_mincards_history_gives_the_same_rows_in_every_format(builds, fmt):
    """Catches: a format that drops or adds rows (llama3.1-8b: 118 runs in the synthetic build)."""
    result = run("history", "llama3.1-8b", "--build", builds["synthetic"], "--format", fmt)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    got = len(json.loads(result.stdout)) if fmt == "json" else len(lines) - {
        "table": 4, "ndjson": 0, "md": 2}[fmt]  # title, header, blank line, footer; md: header, rule
    assert got == 118


def test_an_empty_history_is_an_answer_and_an_unknown_model_an_error(builds):
    """Catches: an empty history reported as a failure (exit 1), or as nothing at all."""
    empty = run("history", "qwen2.5-7b", "--build", builds["real"], "--seq-len", "16384")
    assert empty.exit_code == 0, empty.output
    assert empty.stdout.splitlines()[0] == ("qwen2.5-7b: an empty history: no configuration matching --seq-len "
                                            "16384 in any of the 2 releases (2025-05-07 to 2025-10-22)")
    assert run("history", "qwen2.5-7b", "--build", builds["real"], "--seq-len", "16384", "--format", "json"
               ).stdout == "[]\n"
    unknown = run("history", "qwen9-1b", "--build", builds["real"])
    assert unknown.exit_code == 1 and "unknown model" in unknown.stderr
    assert "empty history" in run("history", "--help").stdout


def test_a_history_of_other_releases_is_refused(builds, tmp_path):
    """Catches: answering from a history.parquet that describes other releases than those
    beside it (a release rebuilt or removed since), or from none."""
    build = tmp_path / "build"
    shutil.copytree(builds["real"], build)
    shutil.rmtree(build / "2025-05-07")
    result = run("history", "qwen2.5-7b", "--build", build)
    assert result.exit_code == 1
    assert "history.parquet: cannot read source: the history describes other releases than build/ holds " \
           "(['2025-05-07', '2025-10-22'])" in result.stderr
    (build / "history.parquet").unlink()
    result = run("history", "qwen2.5-7b", "--build", build)
    assert result.exit_code == 1 and "no history here" in result.stderr


def test_docs_hold_the_data_dictionary_the_contracts_generate():
    """Catches: docs/history.md describing columns the contracts no longer have."""
    from conftest import REPO
    from schemas.generate import ACROSS_TABLES, dictionary

    text = (REPO / "docs" / "history.md").read_text(encoding="utf-8")
    between = text.split("<!-- dictionary:start -->\n", 1)[1].split("\n<!-- dictionary:end -->", 1)[0]
    assert between == dictionary(ACROSS_TABLES).strip()


def test_the_history_table_is_written_in_key_order(tmp_path):
    """Catches: runs kept in the order they arrive, or by key number (numbers follow first
    sight, not the key), written in that order. The keys arrive here in reverse key order, and
    each changes at the second release."""
    from pipeline.database import Database, write_history_part
    from pipeline.history import Changes

    database = Database(tmp_path / "mincards.sqlite")
    database.insert("releases", [(r, r, 1, None, "[]", 1, 1, 0, "0") for r in ("2020-01-01", "2020-01-02")])
    keys = [("m-b", "full", 4096, "F", "Snt9b"), ("m-a", "lora", 4096, "F", "Snt9b"),
            ("m-a", "full", 8192, "F", "Snt9b"), ("m-a", "full", 4096, "F", "Snt9b")]
    changes = Changes()
    changes.add("2020-01-01", [(0, *key, True, 2, "card", "added") for key in keys])
    changes.add("2020-01-02", [(1, *key, True, 4, "card", "up") for key in keys])
    write_history_part(changes.runs(), tmp_path / "history.part.sqlite")
    database.insert_history(tmp_path / "history.part.sqlite")
    assert not (tmp_path / "history.part.sqlite").exists()
    rows = database.query("SELECT model, strategy, seq_len, first_release, last_release, releases, "
                          "previous_min_units, change FROM history ORDER BY rowid").fetchall()
    assert rows == [(model, strategy, seq_len, *run)
                    for model, strategy, seq_len, _, _ in sorted(keys)
                    for run in (("2020-01-01", "2020-01-01", 1, None, "added"),
                                ("2020-01-02", "2020-01-02", 1, 2, "up"))]


def test_a_run_lasts_until_its_keys_next_change():
    """Catches: a run ended at the next change of any key, or its previous_min_units taken from
    another key's run. Key a changes at the third release of four, b at none, c is removed at the
    second and comes back at the fourth."""
    from pipeline.history import COLUMNS, Changes

    a, b, c = (("m-a", "full", 4096, "F", "Snt9b"), ("m-b", "full", 4096, "F", "Snt9b"),
               ("m-c", "full", 4096, "F", "Snt9b23"))
    changes = Changes()
    changes.add("r1", [(0, *a, True, 2, "card", "added"), (0, *b, False, None, "card", "added"),
                       (0, *c, True, 8, "die", "added")])
    changes.add("r2", [(1, *c, None, None, "die", "removed")])
    changes.add("r3", [(2, *a, True, 1, "card", "down")])
    changes.add("r4", [(3, *c, True, 16, "die", "added")])
    runs = changes.runs()
    rows = [dict(zip(COLUMNS, row)) for row in zip(*runs.columns())]
    assert [(r["model"], r["first_release"], r["last_release"], r["releases"], r["supported"], r["min_units"],
             r["previous_min_units"], r["change"], r["unit"]) for r in rows] == [
        ("m-a", "r1", "r2", 2, True, 2, None, "added", "card"), ("m-a", "r3", "r4", 2, True, 1, 2, "down", "card"),
        ("m-b", "r1", "r4", 4, False, None, None, "added", "card"),
        ("m-c", "r1", "r1", 1, True, 8, None, "added", "die"), ("m-c", "r2", "r3", 2, None, None, 8, "removed", "die"),
        ("m-c", "r4", "r4", 1, True, 16, None, "added", "die")]
    assert runs.models() == {"m-a": (0, 2), "m-b": (2, 3), "m-c": (3, 6)}
    with pytest.raises(ValueError, match="a change of position 0 given at position 4"):
        changes.add("r5", [(0, *a, True, 2, "card", "up")])

def test_the_history_title_names_the_releases_the_model_is_in(extracted):
    """Catches (hunt 90): a model of the newest release alone was said to span both releases."""
    from click.testing import CliRunner

    from pipeline.cli import main

    result = CliRunner().invoke(main, ["history", "qwen3-8b", "--build", str(extracted[0])])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith(
        "qwen3-8b: 40 configurations over 1 release (2025-10-22) of the 2 releases published, 0 values changed")
