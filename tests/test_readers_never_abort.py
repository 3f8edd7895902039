"""A reading command never aborts, whatever build/ holds or the numbers it is given (hunt 120):
an answer, or one error naming the file or the option, never an internal error (exit 3).

- **JSON nested past Python's recursion limit** (a file of 1,001 `[`: what a broken writer or a
  hostile hand may leave) in build/datapackage.json or a release's manifest.json: every question
  ended in `internal error: RecursionError` (exit 3), and so did `extract` over it. The readers
  caught ValueError only; such a document is now malformed JSON like any other
  (files.json_document), and a notes.toml or sources file nested so deep is invalid TOML.
- **plan's numbers at the edges of a float**: `--hours nan|inf|1e309`, `--efficiency nan|1e-309`,
  `--tps 1e-309`, `--units 10**400` ended in ValueError, OverflowError or a math domain error
  (exit 3). NaN and infinities are refused as the other numbers are, and an answer too large or
  too small to print as a float is a usage error."""
from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from conftest import RAW, REPO
from pipeline.cli import main

NESTED = "[" * 1001
QUESTIONS = {
    "query": ["query", "qwen2.5-7b"],
    "models": ["models"],
    "fit": ["fit", "--hardware", "Snt9b", "--cards", "16"],
    "history": ["history", "qwen2.5-7b"],
    "diff": ["diff"],
}


def ask(build, args):
    return CliRunner().invoke(main, [*args, "--build", str(build)])


@pytest.fixture(scope="module")
def nested_builds(extracted, tmp_path_factory):
    """Two copies of the shared build: one with its data package, one with its newest release's
    manifest replaced by JSON nested past the recursion limit."""
    builds = {}
    for name, place in {"datapackage.json": "datapackage.json", "manifest.json": "2025-10-22/manifest.json"}.items():
        build = tmp_path_factory.mktemp("nested") / "build"
        shutil.copytree(extracted[0], build)
        (build / place).write_text(NESTED, encoding="utf-8")
        builds[name] = build
    return builds


@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("damaged", ["datapackage.json", "manifest.json"])
def test_json_nested_past_the_recursion_limit_is_an_error_naming_the_file(nested_builds, damaged, question):
    """Catches: `internal error: RecursionError` (exit 3) for every question."""
    result = ask(nested_builds[damaged], QUESTIONS[question])
    assert "internal error" not in result.output and "RecursionError" not in result.output
    assert result.exit_code in (0, 1), result.output
    if result.exit_code == 1:
        assert damaged in result.output


def test_extract_over_a_nested_manifest_publishes_the_release_again(extracted, tmp_path):
    """Catches: `extract` ending in the same internal error, so no run could mend the build."""
    build = tmp_path / "build"
    shutil.copytree(extracted[0], build)
    (build / "2025-10-22" / "manifest.json").write_text(NESTED, encoding="utf-8")
    result = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(build)])
    assert result.exit_code == 0, result.output
    assert ask(build, QUESTIONS["query"]).output == ask(extracted[0], QUESTIONS["query"]).output


def test_a_notes_file_nested_past_the_recursion_limit_is_invalid_toml(tmp_path):
    raw = tmp_path / "raw"
    shutil.copytree(RAW / "2025-10-22", raw / "2025-10-22")
    (raw / "2025-10-22" / "notes.toml").write_text("a = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(tmp_path / "build")])
    assert result.exit_code == 1 and "notes.toml: " in result.output and "not valid TOML" in result.output


PLAN = ["plan", "qwen2.5-7b", "--tokens", "1B"]


@pytest.mark.parametrize("args, said", [
    (["--tps", "1000", "--hours", "nan"], "'nan' is not a number"),
    (["--tps", "1000", "--hours", "inf"], "'inf' is not a number"),
    (["--tps", "1000", "--hours", "1e309"], "'1e309' is too large"),
    (["--tps", "1000", "--efficiency", "nan"], "'nan' is not a number"),
    (["--tps", "1000", "--efficiency", "1.5"], "'1.5' is above 1"),
    (["--tps", "1000", "--efficiency", "1e-309"], "too large or too small to print"),
    (["--tps", "1e-309"], "too large or too small to print"),
    (["--tps", "1000", "--units", "1" + "0" * 400], "too large or too small to print"),
    (["--tps", "1000", "--hours", "1e-300"], None),  # an answer: units in the thousands of digits are exact
], ids=["hours-nan", "hours-inf", "hours-1e309", "efficiency-nan", "efficiency-above-1", "efficiency-tiny", "tps-tiny",
        "units-huge", "hours-tiny"])
def test_plan_numbers_at_the_edges_of_a_float_are_usage_errors(extracted, args, said):
    """Catches: ValueError, OverflowError or a math domain error as `internal error` (exit 3)."""
    result = ask(extracted[0], [*PLAN, *args])
    assert "internal error" not in result.output
    if said is None:
        assert result.exit_code == 0, result.output
    else:
        assert result.exit_code == 2 and said in result.output, result.output


# --- a damaged file of build/ that spans releases: the run the errors ask for mends it ---------------

DAMAGES = {
    "an emptied data package": ("datapackage.json", lambda path: path.write_bytes(b"")),
    "a truncated history": ("history.parquet", lambda path: path.write_bytes(path.read_bytes()[:100])),
    "a truncated database": ("mincards.sqlite", lambda path: path.write_bytes(path.read_bytes()[:4096])),
    "an edited site page": ("site/index.html", lambda path: path.write_bytes(path.read_bytes().replace(b"<", b"[", 9))),
    "an edited release table listed": ("2025-10-22/min_cards.csv", lambda path: path.write_bytes(path.read_bytes()[:-9])),
    "a release's table left out of the package": ("datapackage.json", lambda path: path.write_text(json.dumps(
        {**json.loads(path.read_text()), "resources": [r for r in json.loads(path.read_text())["resources"]
                                                       if r["name"] != "min_cards-2025-10-22"]}))),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_the_next_run_mends_a_damaged_file_of_the_build(extracted, tmp_path, damage):
    """Catches (hunt 120): an emptied build/datapackage.json was left as it was by every later run
    (both releases unchanged: nothing to do), while every question refused the build and told the
    user to run extract again. Each file spanning releases is now hashed in the package (`files`),
    and a run whose package or files no longer hold what it wrote builds them again."""
    name, damaged = DAMAGES[damage]
    build = tmp_path / "build"
    shutil.copytree(extracted[0], build)
    damaged(build / name)
    assert (build / name).read_bytes() != (extracted[0] / name).read_bytes()
    result = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(build)])
    assert result.exit_code == 0, result.output
    assert (build / name).read_bytes() == (extracted[0] / name).read_bytes()


def test_a_run_with_nothing_damaged_writes_nothing(extracted, tmp_path):
    """Catches a check that always finds something to mend (every run rewriting build/)."""
    build = tmp_path / "build"
    shutil.copytree(extracted[0], build)
    before = {path: path.stat().st_mtime_ns for path in build.rglob("*")}
    result = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(build)])
    assert result.exit_code == 0 and result.output.count(": unchanged ->") == 2, result.output
    assert {path: path.stat().st_mtime_ns for path in build.rglob("*")} == before


def test_a_release_folder_copied_in_by_hand_is_named_and_refused_for_every_question(extracted, tmp_path):
    """Catches (hunt 120): `cp -a 2025-10-22 2025-10-23` gave 'not all from one run' without naming
    the copy, and a question about one release (`--release 2025-05-07`) was answered, where
    docs/commands.md says every question is an error until a run publishes the releases again."""
    build = tmp_path / "build"
    shutil.copytree(extracted[0], build)
    shutil.copytree(build / "2025-10-22", build / "2025-10-23")
    for args in (QUESTIONS["query"], [*QUESTIONS["query"], "--release", "2025-05-07"]):
        result = ask(build, args)
        assert result.exit_code == 1 and "its releases are not all from one run (2025-10-23 is not in " \
            "datapackage.json: a release folder copied in by hand?)" in result.output, result.output


@pytest.mark.parametrize("place", ["datapackage.json", "2025-10-22/manifest.json"])
def test_a_file_of_the_build_without_read_permission_is_named_as_such(extracted, tmp_path, place):
    """Catches (hunt 120): `chmod 000` on a file of build/ was told as bad content ('not the data
    package descriptor a run writes', 'no readable manifest entry'), which sends the user to run
    extract again instead of fixing the permission. As root, the check runs without the capability
    that reads any file (setpriv), as a user's process would."""
    import os
    import subprocess
    import sys

    build = tmp_path / "build"
    shutil.copytree(extracted[0], build)
    (build / place).chmod(0)
    prefix = []
    if os.geteuid() == 0:
        if not shutil.which("setpriv"):
            pytest.skip("root without setpriv: every file is readable")
        prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search",
                  "--inh-caps=-dac_override,-dac_read_search"]
    result = subprocess.run([*prefix, sys.executable, "-m", "pipeline", "query", "qwen2.5-7b", "--build", str(build)],
                            capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 1 and f"{place}: cannot read source: Permission denied (expected read access to " \
        "build/ and its files)" in result.stderr, result.stderr
