"""The reading commands leave no native worker thread that could outlive the answer.

A user saw `mincards query` and `fit` abort at exit under load (status 134, `terminate
called without an active exception`). The cause (bench/stress.py reproduces it; README
"Stress"): pyarrow's `read_table` scans through the dataset machinery on Arrow's thread
pool, and a pool thread could drop the last reference to the Python bytes being read
after the command had finished; releasing them takes the GIL, a thread taking the GIL
while the interpreter shuts down is ended by pthread_exit, and the C++ unwinding that
follows calls std::terminate. The fix reads without the pool. Whether the race is lost
depends on the scheduler, so the test asserts its precondition, deterministically: no
Arrow pool thread is ever started by a reading command."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

# Runs every reading command in one process, then compares its threads with those the
# libraries start on import (numpy's OpenBLAS server, jemalloc's background thread).
PROBE = """
import os, sys
import numpy, pandas, pyarrow, pyarrow.parquet
from pipeline.cli import main

def threads():
    return len(os.listdir("/proc/self/task"))

pyarrow.array([1, 2, 3])  # the allocator's own threads, if any, start here
baseline = threads()
build = sys.argv[1]
for args in (["query", "qwen2.5-7b"], ["query", "qwen2.5-7b", "--all-releases"], ["query", "no-such-model"],
             ["fit", "--hardware", "Snt9b", "--nodes", "1"], ["models"],
             ["plan", "qwen2.5-7b", "--tokens", "2B", "--tps", "1500", "--hours", "24"], ["diff"]):
    try:
        main([*args, "--build", build], standalone_mode=False)
    except SystemExit:
        pass
print(f"threads: {baseline} after imports, {threads()} after the commands", file=sys.stderr)
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc/self/task (Linux)")
def test_reading_commands_start_no_worker_thread(published):
    result = subprocess.run([sys.executable, "-c", PROBE, str(published)], cwd=REPO, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    counts = result.stderr.strip().splitlines()[-1]
    before, after = (int(word) for word in counts.split() if word.isdigit())
    assert after == before, counts
