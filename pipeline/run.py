"""The whole extract run: every release rendered, in worker processes when asked (`jobs`),
and staged in build/ as each one arrives; all swapped in together once every release
passed, so one bad release leaves build/ untouched. Workers send back bytes and lines,
never DataFrames, and at most 2 x jobs releases are in flight: the parent's memory stays
flat whatever the number of releases.
"""
from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from .across import build_across
from .errors import MincardsError
from .limits import DEFAULT, Limits
from .publish import Published, Staging
from .release import Failure, Release, check_strict, extract_release, find_releases, release_files
from .workers import fault_point, in_order
from .write import ReleaseFiles


@dataclass(frozen=True)
class Rendered:
    """What a worker sends back for one release: bytes and lines, never DataFrames."""
    release: str
    files: ReleaseFiles | None  # None once staged: the parent keeps no bytes it has written
    summary: str
    warnings: tuple[str, ...]


def render_release(release: Release, strict: bool = False, limits: Limits = DEFAULT) -> Rendered:
    """One release extracted, validated (and checked under --strict) and rendered."""
    fault_point("extracting")
    result = extract_release(release, limits)
    if strict:
        check_strict(result)
    return Rendered(result.release, release_files(result), result.summary(), result.warnings)


def render_each(releases: list[Release], strict: bool = False, limits: Limits = DEFAULT, jobs: int = 1,
                method: str | None = None) -> Iterator[tuple[Release, Rendered | MincardsError]]:
    """Each release rendered, or its error, in release order, as each one is ready. With
    jobs > 1, in that many worker processes, at most 2 x jobs releases in flight (so the
    results waiting for their turn stay few, whatever the number of releases). Stopping
    the iteration cancels the releases not started."""
    calls = [(release, strict, limits) for release in releases]
    outcomes = in_order(render_release, calls, jobs, method, handed_back=lambda: fault_point("handing-back"))
    try:
        for (release, *_), outcome in outcomes:
            yield release, outcome
    finally:
        outcomes.close()


def extract_to(raw_dir: Path, out_dir: Path, only: tuple[str, ...] = (), strict: bool = False,
               limits: Limits = DEFAULT, keep_going: bool = False, jobs: int = 1, method: str | None = None,
               progress=None, wait: bool = False,
               waiting=None) -> tuple[list[Rendered], list[Failure], Published | None]:
    """The whole extract command: every release rendered (in `jobs` processes) and staged
    in out_dir as it arrives, then all swapped in together. Without keep_going the first
    failing release (in release order) is raised and nothing is swapped in; with it the
    failures are returned and the others published. A full run (no `only`) also removes
    the releases whose folder left raw_dir. The artifacts of every release together (the
    history, changelog, database and site: pipeline/across.py) are then built from the
    releases out_dir will hold, and swapped in with them. `progress(done, total, current)` is told
    before each release is waited for, and once more at the end with current None. With
    `wait`, a run already writing to out_dir is waited for (`waiting(holder)` is told)."""
    releases = find_releases(raw_dir, only)
    keep = None if only else [r.id for r in releases]
    done: list[Rendered] = []
    failures: list[Failure] = []
    across = functools.partial(build_across, jobs=jobs, method=method)
    with Staging(out_dir, wait=wait, waiting=waiting, across=across) as staging:
        if progress:
            progress(0, len(releases), releases[0].id)
        outcomes = render_each(releases, strict, limits, jobs, method)
        try:
            for number, (release, outcome) in enumerate(outcomes, start=1):
                if progress:
                    progress(number, len(releases), releases[number].id if number < len(releases) else None)
                if isinstance(outcome, MincardsError):
                    if not keep_going:
                        raise outcome
                    failures.append(Failure(release.id, outcome))
                    continue
                staging.stage(outcome.files)
                done.append(replace(outcome, files=None))  # its bytes are on disk now
                fault_point("between-releases")
        finally:
            outcomes.close()
        published = staging.commit(keep) if done else None
    return done, failures, published
