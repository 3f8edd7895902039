"""`mincards extract --jobs N`: releases in worker processes, streamed to the staging
folder, all swapped in at the end. The output must not depend on N: the whole build
folder, stdout, and every failure message are compared with --jobs 1."""
from __future__ import annotations

import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import RAW, redated
from pipeline.cli import main
from pipeline.cli.extract import Progress
from pipeline.errors import CellError, MincardsError, Place, Problem
from pipeline.publish import LOCK_NAME, STAGING, Staging, publish_all
from pipeline.release import DisagreementError, extract_release, find_releases, release_files
from pipeline.limits import DEFAULT
from pipeline.run import extract_to, release_calls, render_each
from pipeline.workers import START_METHOD_ENV, start_method, started_as_command


@pytest.fixture(scope="module")
def raw_five(tmp_path_factory):
    """The two real releases (2025-05-07 with its PDF, 2025-10-22 with its notes) and three
    redated copies of the smaller: five releases, more than 2 x jobs, so the pool's window of
    releases in flight has to move. One PDF is enough to put a source in a call of its own;
    each release more of 2025-10-22's size costs the tests a second and a half to read."""
    raw = tmp_path_factory.mktemp("five") / "raw"
    shutil.copytree(RAW, raw, ignore=lambda folder, names: ["doc.pdf"] if folder.endswith("2025-10-22") else [])
    for date in ("2025-06-01", "2025-11-01", "2025-12-01"):
        redated(raw, "2025-05-07", date)
    return raw


@pytest.fixture(scope="module")
def raw_five_pages(raw_five, tmp_path_factory):
    """raw_five without its PDFs, for the tests whose subject is not the output's bytes:
    failures, progress, the pool's window (each PDF costs a second to read)."""
    raw = tmp_path_factory.mktemp("five-pages") / "raw"
    shutil.copytree(raw_five, raw, ignore=shutil.ignore_patterns("*.pdf"))
    return raw


def build_files(out):
    """Every file of a build folder with its bytes (the lock holds the writer's pid: left out)."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != LOCK_NAME}


def extract(*args):
    return CliRunner().invoke(main, ["extract", *map(str, args)])


def test_jobs_2_writes_the_same_build_byte_for_byte(raw_five, tmp_path):
    one = extract(raw_five, "--out", tmp_path / "one", "--jobs", "1")
    two = extract(raw_five, "--out", tmp_path / "two", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0, (one.stderr, two.stderr)
    assert two.stdout == one.stdout.replace(str(tmp_path / "one"), str(tmp_path / "two"))
    assert [line.split(":")[0] for line in one.stdout.splitlines()] == sorted(p.name for p in raw_five.iterdir() if p.is_dir())
    assert one.stderr == two.stderr == ""  # no progress display without a terminal
    files = build_files(tmp_path / "one")
    assert len(files) > 5 * 10 and files == build_files(tmp_path / "two")
    assert not list((tmp_path / "two").glob(f"{STAGING}*"))


def test_jobs_default_to_the_number_of_cpus(tmp_path, monkeypatch):
    """Catches: --jobs defaulting to 1, one process whatever the machine. The run itself is
    real; extract_to is wrapped only to record the jobs the command asks for."""
    import pipeline.run

    asked = []
    real_extract_to = pipeline.run.extract_to

    def extract_to(raw_dir, out_dir, only, strict, limits, keep_going, jobs, *rest):
        asked.append(jobs)
        return real_extract_to(raw_dir, out_dir, only, strict, limits, keep_going, jobs, *rest)

    monkeypatch.setattr(pipeline.run, "extract_to", extract_to)
    monkeypatch.delenv("MINCARDS_JOBS")  # conftest.py's
    monkeypatch.setattr(os, "cpu_count", lambda: 3)  # a machine with 3 CPUs, whatever this one has
    raw = tmp_path / "raw"
    redated(raw, "2025-05-07", "2025-05-07")
    result = extract(raw, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert asked == [3]
    monkeypatch.setenv("MINCARDS_JOBS", "2")  # a default of the user's own
    assert extract(raw, "--out", tmp_path / "out", "--force").exit_code == 0 and asked == [3, 2]


def real_error(tmp_path) -> MincardsError:
    raw = tmp_path / "raw"
    shutil.copytree(RAW / "2025-05-07", raw / "2025-05-07")
    page = raw / "2025-05-07" / "page.html"
    page.write_text(page.read_text(encoding="utf-8").replace(">512*Ascend<", ">256*Ascend<"), encoding="utf-8")
    with pytest.raises(DisagreementError) as info:
        extract_release(find_releases(raw)[0])
    return info.value


def test_an_error_survives_pickling_whole(tmp_path):
    """Exception's default pickling calls __init__(message): MincardsError's __init__ takes
    (file, problems), so without __reduce__ the parent could not rebuild a worker's error
    (the pool breaks instead of reporting the release)."""
    for error in (real_error(tmp_path), CellError("raw/x/page.html", Problem(Place(row=3, col=4), "bad", "good"))):
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error) and str(copy) == str(error)
        assert (copy.file, copy.problems, copy.args) == (error.file, error.problems, error.args)


def broken(raw_five_pages, tmp_path):
    """raw_five_pages with two releases broken differently: the first in release order must be reported."""
    raw = tmp_path / "raw"
    shutil.copytree(raw_five_pages, raw)
    for date, old, new in (("2025-06-01", ">4*Ascend<", ">4*Ascnd<"), ("2025-12-01", ">8*Ascend<", ">8*Ascnd<")):
        page = raw / date / "page.html"
        page.write_text(page.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    return raw


def test_a_failing_release_fails_the_same_way_with_jobs_2(raw_five_pages, tmp_path):
    raw = broken(raw_five_pages, tmp_path)
    runs = {jobs: extract(raw, "--out", tmp_path / f"out{jobs}", "--jobs", jobs) for jobs in ("1", "2")}
    for jobs, run in runs.items():
        assert run.exit_code == 1 and run.stdout == ""
        assert not (tmp_path / f"out{jobs}").exists()  # nothing written, not even the folder
    assert runs["2"].stderr == runs["1"].stderr
    assert runs["1"].stderr.startswith("error: raw/2025-06-01/page.html: cell value: ")
    assert type(runs["2"].exception) is SystemExit  # the message came from a MincardsError, not the pool


@pytest.fixture(scope="module")
def raw_one(tmp_path_factory):
    """One release with its page and its PDF (the smaller real one): the run a cron job
    makes when the vendor updated the page."""
    raw = tmp_path_factory.mktemp("one") / "raw"
    shutil.copytree(RAW / "2025-05-07", raw / "2025-05-07")
    return raw


def test_with_workers_a_release_pdf_is_a_call_of_its_own_and_goes_first(raw_five):
    """Catches: a release's page and PDF read one after the other in one worker (the other
    worker idle for the longest part of a run of few releases), or its page started before
    its PDF (the PDF, the longer, then ends the run later). With one process, one call a
    release."""
    releases = find_releases(raw_five)
    def source_of(kind, args) -> Path:  # run.py run_call: a source is (path, info, bytes)
        return args[0] if kind == "other source" else args[3][0]

    calls = [(kind, release.id, last, source_of(kind, args).name)
             for kind, release, last, *args in release_calls(releases, False, DEFAULT, None, jobs=2)]
    published, other = "published source", "other source"
    assert calls == [(other, "2025-05-07", False, "doc.pdf"), (published, "2025-05-07", True, "page.html"),
                     (published, "2025-06-01", True, "page.html"),
                     (published, "2025-10-22", True, "page.html"),
                     (published, "2025-11-01", True, "page.html"), (published, "2025-12-01", True, "page.html")]
    assert [(kind, release.id) for kind, release, *_ in release_calls(releases, False, DEFAULT, None, jobs=1)] == \
        [("release", r.id) for r in releases]


def test_one_release_fails_the_same_way_whichever_process_reads_its_pdf(raw_one, tmp_path):
    """The PDF read in another worker than the page: its disagreement is reported, with both
    cells, as when it was read after the page in one process. (Byte-identical output with
    workers: test_jobs_2_writes_the_same_build_byte_for_byte, whose releases have PDFs too.)"""
    raw = tmp_path / "raw"
    shutil.copytree(raw_one, raw)
    page = raw / "2025-05-07" / "page.html"
    page.write_text(page.read_text(encoding="utf-8").replace(">512*Ascend<", ">256*Ascend<", 1), encoding="utf-8")
    error = "error: raw/2025-05-07/page.html and raw/2025-05-07/doc.pdf: sources disagree: "
    runs = {jobs: extract(raw, "--out", tmp_path / f"out{jobs}", "--jobs", jobs) for jobs in ("1", "2")}
    assert runs["1"].exit_code == runs["2"].exit_code == 1
    assert runs["2"].stderr == runs["1"].stderr and runs["1"].stderr.startswith(error), runs["1"].stderr
    assert not (tmp_path / "out1").exists() and not (tmp_path / "out2").exists()


def test_keep_going_with_jobs_2_lists_the_same_failures(raw_five_pages, tmp_path):
    raw = broken(raw_five_pages, tmp_path)
    runs = {jobs: extract(raw, "--out", tmp_path / f"out{jobs}", "--jobs", jobs, "--keep-going")
            for jobs in ("1", "2")}
    assert runs["1"].exit_code == runs["2"].exit_code == 1
    assert runs["2"].stderr == runs["1"].stderr
    assert "2025-06-01: FAILED: raw/2025-06-01/page.html: cell value" in runs["1"].stderr
    assert "2 of 5 releases failed; the others were written" in runs["1"].stderr
    assert runs["2"].stdout == runs["1"].stdout.replace(str(tmp_path / "out1"), str(tmp_path / "out2"))
    assert build_files(tmp_path / "out1") == build_files(tmp_path / "out2")
    assert sorted(p.name for p in (tmp_path / "out2").iterdir() if p.name[0].isdigit()) == \
        ["2025-05-07", "2025-10-22", "2025-11-01"]


def test_a_failure_after_releases_were_staged_leaves_the_build_as_it_was(results, tmp_path):
    """Streaming: releases are on disk in the staging folder before the run knows whether
    all pass; a later failure must remove them and swap nothing in."""
    out = tmp_path / "build"
    files = [release_files(r) for r in results.values()]
    publish_all(out, files[:1], keep=None)
    before = build_files(out)
    with pytest.raises(RuntimeError), Staging(out) as staging:
        for item in files:
            staging.stage(item)
        assert len(list(out.glob(f"{STAGING}*/*"))) == 4  # two folders and two partitions, staged
        raise RuntimeError("the next release failed")
    assert build_files(out) == before and not list(out.glob(f"{STAGING}*"))
    fresh = tmp_path / "fresh"
    with pytest.raises(RuntimeError), Staging(fresh) as staging:
        staging.stage(files[0])
        raise RuntimeError("the next release failed")
    assert not fresh.exists()  # the run made the folder: it leaves no trace


def test_the_pool_keeps_few_releases_in_flight_and_stops_early(raw_five_pages, tmp_path, monkeypatch):
    """At most 2 x jobs calls in flight (here a release is one call: a page alone): when the
    caller is handed release k, releases k+1 .. k+4 (jobs=2) have been submitted and no more. Six releases, so that one more in
    flight shows (with five, a window of 4 and one of 5 submit the same releases by the first
    hand-over). The pool's submit is wrapped to record what was submitted, and still submits it."""
    from concurrent.futures import ProcessPoolExecutor

    raw = broken(raw_five_pages, tmp_path)
    redated(raw, "2025-05-07", "2026-01-01")
    releases = find_releases(raw)
    assert len(releases) == 6
    submitted = []
    real_submit = ProcessPoolExecutor.submit

    def submit(self, fn, /, *args, **kwargs):
        submitted.append(args[1].id)  # run.py run_call(kind, release, …)
        return real_submit(self, fn, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    seen = []
    outcomes = render_each(releases, jobs=2)
    for release, outcome in outcomes:
        seen.append((release.id, type(outcome).__name__, len(submitted)))
        if isinstance(outcome, MincardsError):
            break
    outcomes.close()  # the releases not started are cancelled, the workers shut down
    assert seen == [("2025-05-07", "Rendered", 1 + 4), ("2025-06-01", "CellError", 2 + 4)]
    assert submitted == [r.id for r in releases]  # each once, in release order


def test_progress_is_told_each_release_in_order(raw_five_pages, tmp_path):
    calls = []
    extract_to(raw_five_pages, tmp_path / "out", jobs=1, progress=lambda *a: calls.append(a))
    assert calls == [(0, 5, "2025-05-07"), (1, 5, "2025-06-01"), (2, 5, "2025-10-22"), (3, 5, "2025-11-01"),
                     (4, 5, "2025-12-01"), (5, 5, None)]

    class Terminal:
        def __init__(self):
            self.text = ""

        def write(self, text):
            self.text += text

        def flush(self):
            pass

        def isatty(self):
            return True

    shown = Terminal()
    progress = Progress(shown)
    progress(1, 5, "2025-06-01")
    progress.clear()
    assert shown.text == "\r\033[Kextracting: 1/5 releases, 2025-06-01\r\033[K"


def on_a_terminal(*args) -> tuple[str, str]:
    """The real command with stderr on a pseudo-terminal: its stdout and what the terminal got."""
    master, slave = os.openpty()
    try:
        run = subprocess.run([sys.executable, "-m", "pipeline", "extract", *map(str, args)], stdout=subprocess.PIPE,
                             stderr=slave, text=True, timeout=300)
    finally:
        os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the terminal's other end is closed and drained
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    assert run.returncode == 0
    return run.stdout, shown.decode("utf-8")


def test_progress_is_shown_on_a_terminal_then_erased_and_not_with_quiet(tmp_path):
    raw = tmp_path / "raw"  # the small page twice: the big one or the PDFs would only add time
    for date in ("2025-05-07", "2025-06-01"):
        redated(raw, "2025-05-07", date)
    stdout, shown = on_a_terminal(raw, "--out", tmp_path / "a", "--jobs", "2")
    assert "extracting: 0/2 releases, 2025-05-07" in shown and "extracting: 2/2 releases" in shown
    assert shown.endswith("\r\033[K")  # the line is erased: only the results remain
    assert stdout.splitlines()[0].startswith("2025-05-07: 124 rows")
    quiet_stdout, quiet_shown = on_a_terminal(raw, "--out", tmp_path / "b", "--jobs", "2", "--quiet")
    assert quiet_shown == "" and quiet_stdout == stdout.replace(str(tmp_path / "a"), str(tmp_path / "b"))


def test_start_method(monkeypatch):
    monkeypatch.delenv(START_METHOD_ENV, raising=False)
    fresh = subprocess.run([sys.executable, "-c", "from pipeline.workers import start_method; "
                            "print(start_method(command=True))"], capture_output=True, text=True, check=True)
    assert fresh.stdout == "fork\n"  # a fresh `mincards` process (this one may run threads of the test runner's)
    assert start_method(command=False) == "forkserver"  # a library caller
    assert start_method() == "forkserver"  # here: pytest, after pyarrow ran (CliRunner takes this too)
    for program, command in (("/usr/bin/mincards", True), ("/x/pipeline/__main__.py", True), ("/x/bin/pytest", False)):
        monkeypatch.setattr("sys.argv", [program])
        assert started_as_command() is command
    monkeypatch.setenv(START_METHOD_ENV, "spawn")
    assert start_method(command=True) == "spawn"
