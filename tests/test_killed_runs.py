"""A run killed, terminated or interrupted leaves nothing running and nothing locked.

The run's parent process is signalled at fault points (pipeline/workers.py
MINCARDS_FAULT_KILL_AT): while its workers extract, as a result comes back, between two
releases. Every process the run started carries a tag in its environment, so the test
finds them in /proc whatever their parent became. Nothing here depends on timing: each
point is reached on every run, and the only wait is a generous bound on the kernel
delivering the end of the run's processes (orphans used to live forever)."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import RAW, redated, shared

from pipeline.cli import main
from pipeline.publish import LOCK_NAME, STAGING, output_lock
from pipeline.faults import KILL_AT_ENV
from pipeline.workers import START_METHOD_ENV

GONE_WITHIN = 10.0  # seconds: turns a leftover process into a failure, never a pass into one
HUNG_AFTER = 120  # seconds: a run still going this long after its signal is a hang (a run takes ~2 s)


def make_three(folder: Path) -> None:
    """Three HTML-only releases, each the small page (2025-05-07, then redated): with --jobs 2
    one is still queued when another is handed back. The fault points are reached whatever a
    release holds; the big page or the PDFs would only add time. And their build."""
    for date in ("2025-05-07", "2025-06-01", "2025-07-01"):
        redated(folder / "raw", "2025-05-07", date)
    next_run_succeeds(folder / "raw", folder / "build")


@pytest.fixture(scope="module")
def three(tmp_path_factory) -> Path:
    """make_three's folder, made once per test session (conftest.py `shared`) and only read:
    each pytest-xdist worker running a test of this file used to extract the three again."""
    return shared(tmp_path_factory, "killed-runs-three", make_three)


@pytest.fixture(scope="module")
def raw_three(three) -> Path:
    return three / "raw"


@pytest.fixture(scope="module")
def built_three(three) -> Path:
    """raw_three published once; each test starts from a copy (an up-to-date build)."""
    return three / "build"


def up_to_date_build(built_three: Path, tmp_path: Path) -> Path:
    out = tmp_path / "build"
    shutil.copytree(built_three, out, symlinks=True)
    return out


def tagged_processes(tag: str) -> list[int]:
    """The processes whose environment carries the run's tag."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if f"MINCARDS_TEST_RUN={tag}".encode() in (entry / "environ").read_bytes().split(b"\0"):
                    found.append(int(entry.name))
            except OSError:
                continue  # gone, or not ours to read
    return found


def wait_until_gone(tag: str) -> list[int]:
    deadline = time.monotonic() + GONE_WITHIN
    while (left := tagged_processes(tag)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def run_killed(raw: Path, out: Path, point: str, method: str = "fork", jobs: str = "2") -> subprocess.CompletedProcess:
    """`mincards extract --jobs 2` as a real command in its own session, signalled at
    `point`; then no process of it may be left."""
    tag = uuid.uuid4().hex
    env = {**os.environ, KILL_AT_ENV: point, START_METHOD_ENV: method, "MINCARDS_TEST_RUN": tag,
           "PYTHONFAULTHANDLER": "1"}  # a run that hangs is made to say where each of its threads was
    run = subprocess.Popen([sys.executable, "-m", "pipeline", "extract", str(raw), "--out", str(out), "--jobs", jobs,
                            "--force"],  # extracts even over an up-to-date build: the point is reached
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        stdout, stderr = run.communicate(timeout=HUNG_AFTER)
    except subprocess.TimeoutExpired:
        for pid in tagged_processes(tag):  # faulthandler prints every thread's stack on SIGABRT
            os.kill(pid, signal.SIGABRT)
        stdout, stderr = run.communicate()
        wait_until_gone(tag)
        raise AssertionError(f"{point}: the run did not end within {HUNG_AFTER} s; its threads:\n{stderr}") from None
    done = subprocess.CompletedProcess(run.args, run.returncode, stdout, stderr)
    left = wait_until_gone(tag)
    for pid in left:  # don't leave them to the next test
        os.kill(pid, signal.SIGKILL)
    assert not left, f"{point}: processes of the killed run still alive: {left}"
    return done


def next_run_succeeds(raw: Path, out: Path) -> None:
    again = CliRunner().invoke(main, ["extract", str(raw), "--out", str(out), "--jobs", "1"])
    assert again.exit_code == 0, again.output
    assert not list(out.glob(f"{STAGING}*"))


@pytest.mark.parametrize("point,method", [("extracting", "fork"), ("handing-back", "fork"),
                                          ("between-releases", "fork"), ("extracting", "forkserver")])
def test_a_killed_run_leaves_no_process_and_no_lock(raw_three, built_three, tmp_path, point, method):
    """Over an up-to-date build (the killed run forced): the next run has no release to
    extract, and must still remove what the killed one left."""
    out = up_to_date_build(built_three, tmp_path)
    done = run_killed(raw_three, out, point, method)
    assert done.returncode == -signal.SIGKILL, done.stderr
    next_run_succeeds(raw_three, out)


def test_a_run_killed_while_workers_read_a_release_page_and_pdf_leaves_nothing(tmp_path):
    """One release with its page and PDF, each in a worker: the run's process is killed from
    the first of them to start extracting, while the other may still run."""
    raw, out = tmp_path / "raw", tmp_path / "build"
    shutil.copytree(RAW / "2025-05-07", raw / "2025-05-07")
    done = run_killed(raw, out, "reading-sources")
    assert done.returncode == -signal.SIGKILL, done.stderr
    next_run_succeeds(raw, out)  # what a kill left (the staging folder) is removed


def test_a_worker_killed_in_its_call_is_an_error_naming_the_release_not_an_internal_one(raw_three, built_three,
                                                                                         tmp_path):
    """Catches (hunt 96): a worker taken by the OOM killer (SIGKILL to it alone) ended the run with
    exit 3, `internal error: BrokenProcessPool …`, naming neither the release nor the cause."""
    out = up_to_date_build(built_three, tmp_path)
    before = build_state(out)
    done = run_killed(raw_three, out, "extracting:self")
    assert done.returncode == 1, done.stderr
    assert re.match(r"error: raw/\S+: release: a worker process of the run ended abruptly before this was read "
                    r"\(killed by a signal: out of memory, or a kill\)", done.stderr), done.stderr
    assert "internal error" not in done.stderr and build_state(out) == before
    next_run_succeeds(raw_three, out)


def build_state(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != LOCK_NAME}


@pytest.mark.parametrize("how,status,said", [("TERM", 143, "SIGTERM"), ("INT-group", 130, "Ctrl-C")])
def test_sigterm_and_ctrl_c_stop_cleanly_and_write_nothing(raw_three, built_three, tmp_path, how, status, said):
    out = up_to_date_build(built_three, tmp_path)
    before = build_state(out)
    done = run_killed(raw_three, out, f"extracting:{how}")
    assert done.returncode == status, done.stderr
    assert done.stderr == (f"stopped by {said}; nothing was written; the output folder keeps its previous "
                           "contents\n")
    assert build_state(out) == before and not list(out.glob(f"{STAGING}*"))


@pytest.mark.parametrize("how,status,said", [("TERM", 143, "SIGTERM"), ("INT", 130, "Ctrl-C")])
def test_a_signal_during_the_swaps_lands_after_them(raw_three, built_three, tmp_path, how, status, said):
    """Ctrl-C or SIGTERM while the staged releases are swapped in (after the first of
    three) waits for the last swap: the run has published all of its releases, and says
    so. Held by the handler, not only by the signal mask: the kernel may hand the signal
    to one of pyarrow's threads, and Python runs the handler in the main thread anyway."""
    out = tmp_path / "build"
    done = run_killed(raw_three, out, f"swapping:{how}", jobs="1")
    assert done.returncode == status, done.stderr
    assert done.stderr == f"stopped by {said} after the run had published every release\n"
    assert build_state(out) == build_state(built_three) and not list(out.glob(f"{STAGING}*"))


def test_the_lock_names_a_live_holder_and_wait_waits_for_it(raw_three, tmp_path):
    """A second run refuses at once, naming the live holder; with --wait it says so and
    runs once the first has finished."""
    out = tmp_path / "build"
    with output_lock(out):
        refused = CliRunner().invoke(main, ["extract", str(raw_three), "--out", str(out), "--jobs", "1"])
        assert refused.exit_code == 1
        assert f"another mincards run (pid {os.getpid()}) is writing here" in refused.output
        assert "or give --wait" in refused.output
        waiter = subprocess.Popen([sys.executable, "-m", "pipeline", "extract", str(raw_three), "--out", str(out),
                                   "--jobs", "1", "--release", "2025-05-07", "--wait"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        said = waiter.stderr.readline()  # blocks until the waiter has found the lock taken
        assert said == f"waiting: another mincards run (pid {os.getpid()}) is writing to the output folder\n"
        assert waiter.poll() is None
    out_text, err_text = waiter.communicate(timeout=120)
    assert waiter.returncode == 0, err_text
    assert out_text.startswith("2025-05-07: 124 rows")


SOAK_KILLS = int(os.environ.get("MINCARDS_SOAK_KILLS", "30"))  # make stress STRESS_KILLS=N
SOAK_POINTS = [(point, how, method) for point in ("extracting", "handing-back", "between-releases")
               for how in ("", ":TERM", ":INT-group") for method in ("fork", "forkserver")]


@pytest.mark.soak
def test_soak_thirty_kills_leave_nothing_behind(raw_three, tmp_path):
    """`make stress`, not `make test`: 30 runs (STRESS_KILLS) of --jobs 2 signalled at every
    point, each way, with both start methods; after each, no process left and the next run
    succeeds."""
    out = tmp_path / "build"
    seen: dict[int, int] = {}
    for number in range(SOAK_KILLS):
        point, how, method = SOAK_POINTS[number % len(SOAK_POINTS)]
        done = run_killed(raw_three, out, point + how, method)
        seen[done.returncode] = seen.get(done.returncode, 0) + 1
        assert done.returncode in (-signal.SIGKILL, 143, 130), (point + how, method, done.stderr)
        next_run_succeeds(raw_three, out)
    print(f"{SOAK_KILLS} kills, exit statuses {seen}: no process left, every next run succeeded")
