"""One exit-code scheme for every command, checked through a real process where the
status is what a shell sees: 0 ok; 1 bad input, no match, a difference under
--exit-code; 2 a usage error (click's own included); 3 an internal error. Every
message is one `error:` line (or click's usage block), never a Python repr."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import REPO
from pipeline.cli import main


def mincards(*args, cwd=REPO, env=None):
    environment = {k: v for k, v in os.environ.items() if k != "MINCARDS_BUILD"} | (env or {})
    environment["PYTHONPATH"] = str(REPO)
    return subprocess.run([sys.executable, "-m", "pipeline", *map(str, args)], cwd=cwd, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_diff_with_one_release_is_a_usage_error_not_an_internal_one(published):
    result = mincards("diff", "2025-05-07", "--build", published)
    assert result.returncode == 2
    assert "Error: give both OLD and NEW" in result.stderr and "internal error" not in result.stderr


def test_no_match_is_one_error_line_without_a_repr(published):
    # `DeepSeek-V3/R1 full 4096 512*Ascend`, `lora 64*Ascend`: 4096 only
    result = mincards("query", "DeepSeek-R1", "--seq-len", "8192", "--build", published)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("error:") == 1 and result.stderr.count("\n") == 1
    assert "Filters(" not in result.stderr and "None" not in result.stderr
    assert "DeepSeek-R1 has no rows matching --seq-len 8192 (expected one of --strategy full, lora; " \
           "--seq-len 4096;" in result.stderr


@pytest.mark.parametrize("args, listed", [
    (["--hardware", "910b"], "'910b' is not one of Snt9b, Snt9b23"),
    (["--framework", "mindspeed"],
     "'mindspeed' is not one of MindSpeed-LLM, Llama-Factory, VeRL, MindSpeed-RL, MindSpeed-MM"),
    (["--strategy", "qlora"], "'qlora' is not one of full, lora"),
    (["--format", "xml"], "'xml' is not one of table, csv, json, ndjson, md"),
])
def test_an_unknown_option_value_lists_the_valid_ones(published, args, listed):
    result = CliRunner().invoke(main, ["query", "qwen2.5-7b", "--build", str(published), *args])
    assert result.exit_code == 2 and listed in result.stderr


def test_statuses_through_a_real_process(published, tmp_path):
    assert mincards("query", "Qwen/Qwen2.5-7B-Instruct", "--strategy", "LoRA", "--build", published).returncode == 0
    assert mincards("query", "qwen2.5-7c", "--build", published).returncode == 1
    assert mincards("query", "--build", published).returncode == 2  # missing MODEL: click's own usage error
    assert mincards("fit", "--hardware", "Snt9b", "--build", published).returncode == 2
    assert mincards("diff", "--exit-code", "--build", published).returncode == 1
    assert mincards("diff", "2025-10-22", "2025-10-22", "--exit-code", "--build", published).returncode == 0
    assert mincards("nosuchcommand").returncode == 2


def test_the_build_folder_from_the_environment_in_any_folder(published, tmp_path):
    found = mincards("query", "qwen2.5-7b", "--seq-len", "4096", cwd=tmp_path, env={"MINCARDS_BUILD": str(published)})
    assert found.returncode == 0 and found.stdout.startswith("qwen2.5-7b (published as qwen2.5-7b), release 2025-10-22")
    lost = mincards("query", "qwen2.5-7b", cwd=tmp_path)
    assert lost.returncode == 1
    assert lost.stderr == (f"error: build: release: no published release here (expected a folder written by "
                           f"`mincards extract --out DIR`; looked in {tmp_path / 'build'}; give --build DIR or set "
                           f"MINCARDS_BUILD)\n")


def test_an_internal_error_exits_3_with_one_line(published, monkeypatch):
    import pipeline.query

    def broken(*args, **kwargs):
        raise KeyError("min_units")

    monkeypatch.setattr(pipeline.query, "answer_models", broken)
    result = CliRunner().invoke(main, ["models", "--build", str(published)])
    assert result.exit_code == 3
    assert result.stderr == ("internal error: KeyError: 'min_units' (run again with --debug for the traceback)\n")


def test_shell_completion_offers_the_build_folders_models(published):
    result = mincards(env={"_MINCARDS_COMPLETE": "bash_complete", "COMP_WORDS": "mincards query Qwen3_M",
                           "COMP_CWORD": "2", "MINCARDS_BUILD": str(published)})
    assert result.stdout.splitlines() == ["plain,qwen3_moe-235B_A22B", "plain,qwen3_moe-30B_A3B"]


@pytest.mark.parametrize("script", [["-m", "pipeline"], [str(Path(sys.executable).parent / "mincards")]],
                         ids=["python -m pipeline", "console script"])
def test_ctrl_c_while_the_command_imports_ends_it_quietly(published, script):
    """Catches: Ctrl-C in the first tenth of a second (click and our modules importing) raising
    KeyboardInterrupt inside an import, before any handler of ours, and Python printing a
    traceback. The fault point signals the process at that moment; it must end as Ctrl-C
    ends a command (SIGINT's default action: 130 to a shell), writing nothing."""
    environment = {k: v for k, v in os.environ.items() if k != "MINCARDS_BUILD"}
    environment |= {"PYTHONPATH": str(REPO), "MINCARDS_FAULT_KILL_AT": "importing:INT"}
    command = [sys.executable, *script] if script[0] == "-m" else script
    # (started as an interactive shell starts a command, Ctrl-C not ignored: a suite run in the background
    # of a non-interactive shell inherits SIGINT ignored, which the next test shows is kept)
    result = subprocess.run([*command, "query", "qwen2.5-7b", "--build", str(published)],
                            cwd=REPO, env=environment, capture_output=True, text=True, timeout=120,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert result.returncode == -signal.SIGINT
    assert result.stdout == "" and result.stderr == ""


def test_a_ctrl_c_ignored_by_the_parent_stays_ignored_while_the_command_imports(published):
    """A non-interactive shell's `cmd &` starts the command with SIGINT ignored; the launcher
    must not make it fatal (it restores only Python's own handler)."""
    environment = {k: v for k, v in os.environ.items() if k != "MINCARDS_BUILD"}
    environment |= {"PYTHONPATH": str(REPO), "MINCARDS_FAULT_KILL_AT": "importing:INT"}
    result = subprocess.run([sys.executable, "-m", "pipeline", "query", "qwen2.5-7b", "--build", str(published)],
                            cwd=REPO, env=environment, capture_output=True, text=True, timeout=120,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    assert result.returncode == 0, result.stderr
    assert "qwen2.5-7b" in result.stdout
