"""The reading commands run in this process (click's runner) against a build folder."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pipeline.cli import main


def run(build, *args, env=None):
    return CliRunner().invoke(main, [*args, "--build", str(build)], env=env)


def ok(build, *args):
    result = run(build, *args)
    assert result.exit_code == 0, result.output
    return result


def as_json(build, *args):
    return json.loads(ok(build, *args, "--format", "json").stdout)
