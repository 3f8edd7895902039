"""Interrupted and concurrent runs: after a SIGKILL at any point every artifact is the
complete previous version or the complete new one, and the next run completes; two
runs on one output folder never interleave their files."""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from conftest import RAW
from pipeline.cli import main
from pipeline.write import output_lock

KILLS = 12


def snapshot(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".mincards.lock" and not p.name.endswith(".tmp")}


def command(raw, out):
    return [sys.executable, "-m", "pipeline", "extract", str(raw), "--out", str(out)]


@pytest.fixture(scope="module")
def two_versions(tmp_path_factory):
    """Raw folders A (the real releases) and B (one value changed, PDF left out so that
    it agrees), and the complete build of each."""
    base = tmp_path_factory.mktemp("versions")
    raw_a, raw_b = base / "raw-a", base / "raw-b"
    shutil.copytree(RAW, raw_a)
    shutil.copytree(RAW, raw_b)
    (raw_b / "2025-10-22" / "doc.pdf").unlink()
    page = raw_b / "2025-10-22" / "page.html"
    page.write_text(page.read_text(encoding="utf-8").replace(">512*Ascend<", ">256*Ascend<", 1), encoding="utf-8")
    builds = {}
    for name, raw in (("a", raw_a), ("b", raw_b)):
        out = base / f"build-{name}"
        started = time.monotonic()
        subprocess.run(command(raw, out), check=True, capture_output=True)
        builds[name] = (raw, snapshot(out), time.monotonic() - started)
    return builds


def test_sigkill_at_random_points_never_leaves_a_partial_artifact(two_versions, tmp_path):
    (raw_a, built_a, seconds_a), (raw_b, built_b, seconds_b) = two_versions["a"], two_versions["b"]
    assert built_a.keys() == built_b.keys() and built_a != built_b
    out = tmp_path / "build"
    subprocess.run(command(raw_a, out), check=True, capture_output=True)
    rng = random.Random(20251122)
    mixed = 0
    for attempt in range(KILLS):
        raw, seconds = (raw_b, seconds_b) if attempt % 2 == 0 else (raw_a, seconds_a)
        proc = subprocess.Popen(command(raw, out), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if attempt % 3 == 0:  # anywhere in the run
            time.sleep(rng.uniform(0.3, 1.05) * seconds)
        else:  # inside the write phase: as soon as a temp file shows up, plus a little
            deadline = time.monotonic() + 2 * seconds
            while proc.poll() is None and not any(out.rglob(".*.tmp")) and time.monotonic() < deadline:
                time.sleep(0.001)
            time.sleep(rng.uniform(0, 0.02))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        now = snapshot(out)
        for name, data in now.items():
            assert data in (built_a.get(name), built_b.get(name)), f"attempt {attempt}: {name} is partial"
        mixed += now != built_a and now != built_b
    assert mixed > 0, "no kill landed inside the write phase; the test did not test anything"
    finished = subprocess.run(command(raw_a, out), capture_output=True, text=True)
    assert finished.returncode == 0, finished.stderr
    assert snapshot(out) == built_a
    assert not list(out.rglob("*.tmp"))  # temp files of killed runs were cleaned up
    print(f"{KILLS} kills, {mixed} left a mix of complete old and new artifacts")


def test_a_second_writer_is_refused_while_the_first_holds_the_lock(tmp_path):
    out = tmp_path / "build"
    with output_lock(out):
        result = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(out)])
    assert result.exit_code == 1
    assert result.output.startswith(f"error: {out}: output folder busy: another mincards run (pid {os.getpid()}) is "
                                    "writing here (expected one run at a time per output folder; try again when it "
                                    "finishes)")
    assert CliRunner().invoke(main, ["extract", str(RAW), "--out", str(out)]).exit_code == 0  # lock released


def test_two_runs_at_once_do_not_corrupt_each_other(two_versions, tmp_path):
    raw_a, built_a, _ = two_versions["a"]
    out = tmp_path / "build"
    procs = [subprocess.Popen(command(raw_a, out), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    outcomes = [(p.wait(), p.stderr.read()) for p in procs]
    for code, stderr in outcomes:
        assert code == 0 or (code == 1 and "output folder busy" in stderr), stderr
    assert any(code == 0 for code, _ in outcomes)
    assert snapshot(out) == built_a
