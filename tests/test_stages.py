"""The stage marks bench/bench_run.py times the real run by (pipeline/stages.py)."""
from __future__ import annotations

from conftest import RAW
from pipeline import stages
from pipeline.release import extract_release, find_releases, release_files
from pipeline.stages import timed


def test_a_release_run_passes_through_every_stage_the_benchmark_reports():
    [release] = find_releases(RAW, ("2025-05-07",))
    with timed() as seconds:
        release_files(extract_release(release))
    assert set(seconds) == {"extract html", "extract pdf", "normalize", "contract", "agreement", "quality",
                            "write (render)", "report"}
    assert all(value > 0 for value in seconds.values())
    assert stages._seconds is None  # nothing is recorded once the measurement ends


def test_measurements_nest_without_mixing():
    with timed() as outer:
        with stages.stage("a"):
            with timed() as inner:
                with stages.stage("b"):
                    pass
    assert set(outer) == {"a"} and set(inner) == {"b"}
