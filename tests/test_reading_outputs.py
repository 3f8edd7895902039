"""Where a reading command's answer goes, and which release it answers from (hunt 90).

- `-o PATH` writes what PATH names, as a shell's `>` does: through a symlink to its target, into
  a named pipe to the reader at its end. It wrote a temp file and renamed it over PATH, which
  replaced the symlink or the pipe by a plain file (and, as root, `-o /dev/null` the device).
- A release folder whose manifest is there but its table is not (min_cards.parquet deleted) is an
  error naming it: it was left out, and the newest release answered was silently the older one."""
from __future__ import annotations

import os
import shutil
import stat
import threading

from click.testing import CliRunner

from conftest import RAW
from pipeline.cli import main

QUESTION = ["query", "qwen2.5-7b", "--strategy", "full", "--seq-len", "4096", "--format", "json"]


def answer(build, *args: str) -> str:
    result = CliRunner().invoke(main, [*QUESTION, "--build", str(build), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_o_through_a_symlink_writes_its_target_and_keeps_the_link(extracted, tmp_path):
    build = extracted[0]
    target, link = tmp_path / "answers" / "qwen.json", tmp_path / "qwen.json"
    target.parent.mkdir()
    target.write_text("old")
    link.symlink_to(target)
    answer(build, "-o", str(link))
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == answer(build)


def test_o_through_a_dangling_symlink_makes_its_target(extracted, tmp_path):
    target, link = tmp_path / "made.json", tmp_path / "link.json"
    link.symlink_to(target)
    answer(extracted[0], "-o", str(link))
    assert link.is_symlink() and target.is_file()


def test_o_into_a_named_pipe_writes_to_its_reader_and_keeps_the_pipe(extracted, tmp_path):
    fifo = tmp_path / "answers.fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")), daemon=True)
    reader.start()
    try:
        answer(extracted[0], "-o", str(fifo))
    finally:
        reader.join(timeout=60)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got == [answer(extracted[0])]


def test_a_release_missing_its_table_is_an_error_not_an_older_answer(extracted, tmp_path):
    build = tmp_path / "build"
    shutil.copytree(extracted[0], build)
    newest = sorted(p.name for p in RAW.iterdir() if p.is_dir())[-1]
    (build / newest / "min_cards.parquet").unlink()
    result = CliRunner().invoke(main, [*QUESTION, "--build", str(build)])
    assert result.exit_code == 1
    assert f"release {newest} is incomplete: its manifest is there, its min_cards.parquet is not" in result.output
    rebuilt = CliRunner().invoke(main, ["extract", str(RAW), "--out", str(build)])  # the run that publishes mends it
    assert rebuilt.exit_code == 0, rebuilt.output
    assert answer(build) == answer(extracted[0])


# --- where the answer cannot go (hunt 96): one line naming the place, never exit 0 or a traceback ---

def command(build, *args: str, stdout=None, **kwargs):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "pipeline", *args, *(["--build", str(build)] if build else [])],
                          stdout=stdout, stderr=subprocess.PIPE, text=True, **kwargs)


def test_a_closed_standard_output_is_an_error_not_an_empty_success(extracted):
    """Catches: `mincards query … >&-` printed nothing and exited 0 (Python gives a closed stdout
    as None, and click drops what is written to it), as if the answer had been delivered."""
    done = command(extracted[0], *QUESTION, pass_fds=(), preexec_fn=lambda: os.close(1))
    assert done.returncode == 1
    assert done.stderr == "error: <stdout>: closed: the answer has nowhere to go\n"


def test_a_full_standard_output_is_one_line_naming_it(extracted):
    """Catches: `error: : No space left on device` (the write's error names no file), and a
    33-line traceback for --help and --version (written before any command's error handling)."""
    for args in (QUESTION, ["--help"], ["--version"], ["query", "--help"]):
        with open("/dev/full", "w") as full:
            done = command(extracted[0] if args is QUESTION else None, *args, stdout=full)
        assert done.returncode == 1, args
        assert done.stderr == "error: <stdout>: No space left on device\n", (args, done.stderr)


def test_o_on_a_full_device_names_it(extracted):
    done = command(extracted[0], *QUESTION, "-o", "/dev/full")
    assert done.returncode == 1
    assert done.stderr == "error: /dev/full: cannot write the answer here: No space left on device\n"


def test_a_reader_gone_from_the_pipe_ends_the_command_quietly(extracted):
    """Catches: `error: : Broken pipe` when the reader of the answer had gone (`| head -1`): the
    command ends as a shell expects a SIGPIPE'd one to, 141, saying nothing. The pipe's read end is
    closed before the command starts, so that its first write finds the reader gone."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = command(extracted[0], *QUESTION, stdout=write_end)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (141, "")


def test_a_reader_gone_in_the_middle_of_a_long_answer_ends_the_command_as_one_gone_before(extracted):
    """Catches (newcomer 135): the reader gone after 10 bytes of a 500 KB answer (`| head -c 10`).
    The kernel takes the first 64 KB, a pipe's capacity, and the write returns short when the
    reader goes; Python's writer then dropped the rest and the command exited 0, the answer cut
    without a word. The rest is written until the pipe says the reader has gone: 141, as above.
    The reader takes its 10 bytes only once the command writes, so the command is always in the
    middle of its answer when the reader goes."""
    import subprocess

    long_answer = ["diff", "--format", "json"]
    assert len(command(extracted[0], *long_answer, stdout=subprocess.PIPE).stdout) > 200_000  # the premise
    reader = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    try:
        done = command(extracted[0], *long_answer, stdout=reader.stdin)
    finally:
        reader.stdin.close()
        reader.wait()
    assert (done.returncode, done.stderr) == (141, "")


def test_o_dev_stdout_writes_into_the_pipe_it_names(extracted):
    """Catches (hunt 100): `-o /dev/stdout` into a pipe refused, naming a temp file beside `pipe:[N]`
    in /proc (the path resolved to a name no folder holds, where the kernel opens the pipe)."""
    import subprocess

    done = command(extracted[0], *QUESTION, "-o", "/dev/stdout", stdout=subprocess.PIPE)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == answer(extracted[0])


def test_diff_save_into_a_folder_it_cannot_write_leaves_none_of_its_files(extracted, tmp_path):
    """Catches (hunt 100): `diff --save` into a folder that fills up left the .md alone, and named
    <stdout> (a write's error names no file). Here the .json's name is taken by a folder, so that the
    second file fails as on a full disk, whoever runs the test."""
    import subprocess

    save = tmp_path / "diffs"
    save.mkdir()
    (save / "2025-05-07..2025-10-22.json").mkdir()  # the .json cannot be written: the .md must not be left
    done = command(extracted[0], "diff", "--save", str(save), stdout=subprocess.DEVNULL)
    assert done.returncode == 1 and done.stderr.startswith(f"error: {save}: ")
    assert sorted(p.name for p in save.iterdir()) == ["2025-05-07..2025-10-22.json"]  # no .md, no temp file


def test_a_release_folder_copied_under_another_date_is_an_error_not_that_release(extracted, tmp_path):
    """Catches (hunt 100): a release folder copied or renamed by hand was answered under the folder's
    name (`models` said release 2025-12-01 while giving 2025-05-07's rows)."""
    build = tmp_path / "build"
    shutil.copytree(extracted[0] / "2025-05-07", build / "2025-12-01")  # the release folder alone, renamed
    result = CliRunner().invoke(main, ["models", "--build", str(build), "--release", "2025-12-01"])
    assert result.exit_code == 1
    assert f"error: {build / '2025-12-01'}: cannot read source: holds release '2025-05-07', not 2025-12-01 (a " \
           "release folder copied or renamed by hand)" in result.output
