"""A published build/ damaged by a stopped run, by hand or by a planted file, and answers in a
locale that cannot write them (hunt 106, session 44).

- A run killed between the two renames that replace a release (a filesystem without an atomic
  exchange: NFS, FUSE, vfat) leaves build/ without that release, its old and new copies in the run's
  staging folder, and build/datapackage.json still naming it. The one-release questions answered
  from the older release (2 cards where the newest publication says 4), exit 0; and the next run
  of other releases deleted the staging folder and published a build without it. Now the questions
  check the build against its descriptor, and the next run puts the replaced release back first.
- `extract --out raw` swapped its release folders in place of the sources and deleted them.
- A FIFO in place of a manifest or the descriptor blocked every reader for ever; a link to
  /dev/zero filled its memory. A link planted as the lock file had its target overwritten. A run
  whose report could not be written (stdout full) said the folder was full and nothing written.
- In a Latin-1 locale, answers holding `…`, `→` or Chinese ended in `internal error:
  UnicodeEncodeError` (exit 3), and `plan --help` in a traceback."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

from click.testing import CliRunner

from conftest import RAW, REPO
from pipeline.cli import main
from pipeline.store import LOCK_NAME, STAGING

QUESTION = ["query", "qwen2.5-7b", "--strategy", "full", "--seq-len", "4096", "--framework", "MindSpeed-LLM",
            "--hardware", "Snt9b", "--format", "csv"]
NEWEST = "2025-10-22"


def ask(build, *args: str):
    return CliRunner().invoke(main, [*args, "--build", str(build)])


def stopped_between_renames(build) -> None:
    """build/ as a run killed between the two renames replacing the newest release leaves it: the
    release folder and its partition moved into the run's staging folder, nothing in their place."""
    staging = build / f"{STAGING}99999"
    staging.mkdir()
    os.rename(build / NEWEST, staging / f"replaced-{NEWEST}")
    os.rename(build / "dataset" / NEWEST, staging / f"replaced-partition-{NEWEST}")


def test_a_release_missing_from_the_build_its_descriptor_names_is_an_error_not_an_older_answer(extracted, tmp_path):
    build = tmp_path / "build"
    shutil.copytree(extracted[0], build)
    stopped_between_renames(build)
    for question in (QUESTION, ["models"], ["fit", "--hardware", "Snt9b", "--nodes", "1"]):
        result = ask(build, *question)
        assert result.exit_code == 1, (question, result.output)
        assert f"its releases are not all from one run (a run stopped while publishing left {STAGING}99999)" in \
            result.output


def test_the_next_run_of_other_releases_puts_the_replaced_release_back(extracted, tmp_path):
    """Catches: `extract raw --release 2025-05-07` deleted the staging folder holding 2025-10-22's
    copies and published a build of 2025-05-07 alone, exit 0."""
    build = tmp_path / "build"
    shutil.copytree(extracted[0], build)
    before = ask(extracted[0], *QUESTION).output
    stopped_between_renames(build)
    partial = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(build), "--release", "2025-05-07"])
    assert partial.exit_code == 0, partial.output
    assert (build / NEWEST / "min_cards.parquet").is_file() and (build / "dataset" / NEWEST).is_dir()
    assert not list(build.glob(f"{STAGING}*"))
    assert ask(build, *QUESTION).output == before
    across = ask(build, "query", "qwen2.5-7b", "--all-releases")
    assert across.exit_code == 0 and "across 2 releases" in across.output, across.output


def test_out_overlapping_the_sources_folder_is_a_usage_error_that_touches_nothing(tmp_path):
    raw = tmp_path / "raw"
    shutil.copytree(RAW, raw)
    before = sorted(p.relative_to(raw) for p in raw.rglob("*"))
    for out in (raw, raw / "build", tmp_path):
        result = CliRunner().invoke(main, ["extract", str(raw), "--out", str(out)])
        assert result.exit_code == 2, (out, result.output)
        assert "overlap: a run replaces the release folders it publishes" in result.output
    assert sorted(p.relative_to(raw) for p in raw.rglob("*")) == before


def reader(build, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pipeline", *args, "--build", str(build)], capture_output=True,
                          timeout=60, cwd=REPO, env={**os.environ, **env})


def test_a_fifo_or_a_device_in_place_of_a_published_file_is_an_error_not_a_hang(extracted, tmp_path):
    """Catches: every reader blocked for ever on a FIFO (the test's timeout would end it), and read
    /dev/zero until its memory ran out."""
    for place, planted in ((f"{NEWEST}/manifest.json", "fifo"), ("datapackage.json", "fifo"),
                           (f"{NEWEST}/manifest.json", "/dev/zero")):
        build = tmp_path / f"build-{len(list(tmp_path.iterdir()))}"
        shutil.copytree(extracted[0], build)
        (build / place).unlink()
        os.mkfifo(build / place) if planted == "fifo" else (build / place).symlink_to(planted)
        done = reader(build, *QUESTION)
        assert done.returncode == 1, (place, planted, done.stderr)
        assert f"{build / place}: cannot read source" in done.stderr.decode()


def test_a_link_planted_as_the_lock_file_is_not_followed(extracted, tmp_path):
    build, precious = tmp_path / "build", tmp_path / "precious.txt"
    shutil.copytree(extracted[0], build)
    precious.write_text("precious", encoding="utf-8")
    (build / LOCK_NAME).unlink(missing_ok=True)
    (build / LOCK_NAME).symlink_to(precious)
    result = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(build), "--force"])
    assert result.exit_code == 1 and "Too many levels of symbolic links" in result.output, result.output
    assert precious.read_text(encoding="utf-8") == "precious"


def test_answers_are_written_in_utf8_in_a_locale_that_cannot_encode_them(extracted):
    """Catches: `internal error: UnicodeEncodeError: 'latin-1' codec can't encode character '\\u2026'`,
    exit 3, and a traceback for `plan --help`."""
    for args in (["plan", "qwen2.5-7b", "--tokens", "2B", "--tps", "1500", "--hours", "10", "--explain"],
                 ["diff", "--format", "html"], ["plan", "--help"]):
        done = reader(extracted[0], *args, PYTHONIOENCODING="latin-1")
        assert done.returncode == 0, (args, done.stderr)
        assert done.stdout.decode("utf-8") and b"Traceback" not in done.stderr
    explained = reader(extracted[0], "plan", "qwen2.5-7b", "--tokens", "2B", "--tps", "1500", "--explain",
                       PYTHONIOENCODING="latin-1")
    assert "…" in explained.stdout.decode("utf-8") or "→" in explained.stdout.decode("utf-8")


def test_a_report_that_cannot_be_written_after_publishing_names_stdout_not_the_folder(tmp_path):
    """Catches: `extract … >/dev/full` published the build, then said `B: cannot use this folder: No
    space left on device` and `nothing was written; the output folder keeps its previous contents`."""
    raw, out = tmp_path / "raw", tmp_path / "build"
    shutil.copytree(RAW / "2025-05-07", raw / "2025-05-07")
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "pipeline", "extract", str(raw), "--out", str(out), "--jobs", "1"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=300, cwd=REPO)
    assert done.returncode == 1
    assert done.stderr == f"error: <stdout>: No space left on device\nthe run published {out}; its report could not be " \
                          "written\n"
    assert (out / "2025-05-07" / "min_cards.csv").is_file()
