"""Running a piece of a test in a forked child: to kill it, to give it limits of its own,
or to run it as a user without root's power to ignore file permissions."""
from __future__ import annotations

import json
import os
import pwd
import shutil
import signal
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

NOBODY = "nobody"


def killed_child(action: Callable[[], object], what: str) -> None:
    """action() in a forked child that must die of SIGKILL (a fault point kills it)."""
    pid = os.fork()
    if pid == 0:  # the child: no cleanup code of the parent's runs here
        code = 3
        try:
            action()
        except BaseException:  # noqa: BLE001 - reported, then the child ends
            traceback.print_exc()
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, f"{what}: not killed ({status})"


def in_child(action: Callable[[], object], unprivileged: bool = False) -> object:
    """action()'s result (JSON) from a forked child. With `unprivileged`, a child of root
    first becomes the user nobody: root writes into read-only folders, nobody does not."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 3
        try:
            os.close(read)
            if unprivileged and os.geteuid() == 0:
                user = pwd.getpwnam(NOBODY)
                os.setgroups([])
                os.setgid(user.pw_gid)
                os.setuid(user.pw_uid)
            with os.fdopen(write, "w") as pipe:
                json.dump(action(), pipe)
            code = 0
        except BaseException:  # noqa: BLE001 - reported, then the child ends
            traceback.print_exc()
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read) as pipe:
        text = pipe.read()
    _, status = os.waitpid(pid, 0)
    assert status == 0, f"the child failed ({status}); its traceback is on stderr"
    return json.loads(text)


@contextmanager
def reachable_tmp() -> Iterator[Path]:
    """A temp folder an unprivileged child can reach (pytest's own are private to this user)."""
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(NOBODY)
        except KeyError:
            pytest.skip(f"running as root and there is no user {NOBODY!r} to run without root's powers")
    folder = Path(tempfile.mkdtemp(prefix="mincards-test-"))
    try:
        folder.chmod(0o755)
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:  # read-only folders inside: writable again to remove them
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
        shutil.rmtree(folder)
