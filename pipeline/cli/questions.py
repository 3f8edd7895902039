"""The planner's questions, answered from build/: query, models, fit, plan, history."""
from __future__ import annotations

from pathlib import Path

import click

from .common import AMOUNT, BUILD, FILTERS, HARDWARE_FILTER, RATIO, RELEASE, SIZE, AnyCase, complete_model, filters_of, \
    output_options, reports_errors, show
from .. import names
from ..units import HARDWARE

@click.command()
@click.argument("model", shell_complete=complete_model)
@BUILD
@RELEASE
@click.option("--all-releases", is_flag=True, help="One column per release, each change marked.")
@FILTERS
@HARDWARE_FILTER
@output_options()
@reports_errors
def query(model: str, build_dir: Path, release: str | None, all_releases: bool, strategy: str | None,
          seq_len: int | None, framework: str | None, hardware: str | None, fmt: str, output: Path | None) -> None:
    """How many units and nodes MODEL needs, per framework and hardware.

    MODEL may be the published name in any case and with any separators
    (qwen3-moe-30b-a3b), a published label (DeepSeek-V3/R1), or a Hugging Face
    repo id or name (Qwen/Qwen2.5-72B-Instruct, Qwen3-30B-A3B): how it was read is
    said on stderr; an ambiguous name lists the candidates.

    \b
    Example:
        mincards query qwen2.5-7b --strategy full --seq-len 4096
        mincards query Qwen/Qwen2.5-7B-Instruct --all-releases --framework MindSpeed-LLM
        mincards query DeepSeek-V3 --release 2025-05-07 --format json
    """
    from .. import query as q

    filters = filters_of(strategy, seq_len, framework, hardware)
    if all_releases and release:
        raise click.UsageError("--all-releases reads every release; leave out --release")
    answer = q.answer_across(build_dir, model, filters) if all_releases else \
        q.answer_query(build_dir, release, model, filters)
    show(answer, fmt, output)


@click.command()
@BUILD
@RELEASE
@output_options()
@reports_errors
def models(build_dir: Path, release: str | None, fmt: str, output: Path | None) -> None:
    """Every model of a release: family, size, modality, and the frameworks and
    hardware with at least one supported configuration.

    \b
    Example:
        mincards models
        mincards models --release 2025-05-07 --format csv -o models.csv
    """
    from .. import query as q

    show(q.answer_models(build_dir, release), fmt, output)


@click.command()
@click.option("--hardware", required=True, type=AnyCase(HARDWARE),
              help="Snt9b (counted in cards, 8 per node) or Snt9b23 (counted in DIEs, 16 per node).")
@click.option("--cards", type=click.IntRange(min=1), help="Cards you have (on Snt9b23 a card is 2 DIE).")
@click.option("--dies", type=click.IntRange(min=1), help="DIEs you have (Snt9b23 only).")
@click.option("--nodes", "nodes_", type=click.IntRange(min=1), help="Machines you have (8 cards = 16 DIE each).")
@click.option("--by", type=AnyCase(["model"]),
              help="model: one row per model, with its cheapest configuration that fits per framework "
              "(fewest units, then the shorter sequence length, then lora before full).")
@FILTERS
@BUILD
@RELEASE
@output_options()
@reports_errors
def fit(hardware: str, cards: int | None, dies: int | None, nodes_: int | None, by: str | None,
        strategy: str | None, seq_len: int | None, framework: str | None, build_dir: Path, release: str | None,
        fmt: str, output: Path | None) -> None:
    """Every supported configuration whose minimum fits in what you have, with
    what is left over (spare_units); with --by model, which models fit: one row
    per model, a column per framework holding its cheapest configuration that
    fits, as `min_units (strategy seq_len)` (an object in json/ndjson).

    \b
    Example:
        mincards fit --hardware Snt9b --nodes 1 --strategy lora --seq-len 4K
        mincards fit --hardware Snt9b23 --nodes 1 --strategy lora --by model
        mincards fit --hardware snt9b23 --cards 8 --framework "llama factory" --format csv
    """
    from .. import plan as p

    filters = filters_of(strategy, seq_len, framework, None)
    show(p.answer_fit(build_dir, release, hardware, filters, cards=cards, dies=dies, nodes_=nodes_, by=by),
         fmt, output)


class Throughput(click.ParamType):
    """`1500` (every hardware) or `Snt9b=1500`: tokens per second per unit, as (hardware or None, TPS)."""

    name = "[HARDWARE=]TPS"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        hardware, _, number = str(value).rpartition("=")
        chosen = names.choose(hardware, list(HARDWARE)) if hardware else None
        if hardware and chosen is None:
            self.fail(f"{hardware!r} in {value!r} is not one of {', '.join(HARDWARE)}", param, ctx)
        try:
            return chosen, names.size(number)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def rates(given: tuple[tuple[str | None, float], ...]) -> dict[str, float]:
    """Hardware -> TPS: a bare number for every hardware, HARDWARE=TPS for one (it wins)."""
    bare = [tps for hardware, tps in given if hardware is None]
    specific = [hardware for hardware, _ in given if hardware is not None]
    if len(bare) > 1 or len(specific) != len(set(specific)):
        raise click.BadParameter("one bare --tps at most, and one per hardware", param_hint="'--tps'")
    every = {hardware: bare[0] for hardware in HARDWARE} if bare else {}
    return every | {hardware: tps for hardware, tps in given if hardware is not None}


@click.command()
@click.argument("model", shell_complete=complete_model)
@click.option("--tokens", required=True, type=SIZE, help="Total training tokens, all epochs (2.5e9, 2.5B).")
@click.option("--tps", required=True, multiple=True, type=Throughput(),
              help="Your own measurement of training throughput, in tokens per second per card on Snt9b and per "
              "DIE on Snt9b23 (the vendor publishes none): one number for both, or per hardware, "
              "--tps Snt9b=1500 --tps Snt9b23=800.")
@click.option("--hours", type=AMOUNT, help="Time you have: size the cluster for it.")
@click.option("--units", type=click.IntRange(min=1), help="Units you have (cards on Snt9b, DIEs on Snt9b23): "
              "estimate the time.")
@click.option("--explain", is_flag=True, help="Show the vendor's formula with the numbers filled in and where each "
              "comes from (after the table; on stderr with the other formats).")
@click.option("--efficiency", type=RATIO, default=1.0, show_default=True,
              help="Linear speed-up ratio (the vendor: ideal 1, typically above 0.9); below 1 means more time "
              "or more cards.")
@FILTERS
@HARDWARE_FILTER
@BUILD
@RELEASE
@output_options()
@reports_errors
def plan(model: str, tokens: float, tps: tuple, hours: float | None, units: int | None, explain: bool,
         efficiency: float, strategy: str | None, seq_len: int | None, framework: str | None, hardware: str | None,
         build_dir: Path, release: str | None, fmt: str, output: Path | None) -> None:
    """Size a training run of MODEL with the vendor's rule, for each matching
    configuration: units = tokens / (hours x 3600 x tps x efficiency), rounded up
    (above 8 to a multiple of 8, on Snt9b23 to whole cards), never below the
    table's minimum; and hours = tokens / (units x tps x efficiency) / 3600.

    Give --hours to size the cluster, or --units to estimate the time; with
    neither, the trade-off: the hours at the minimum, then at whole-node steps
    (1, 2, 4, 8 … nodes; 4 steps above the minimum). Units are cards on Snt9b,
    DIEs on Snt9b23; hours to two significant figures. Configurations with
    identical results share one row, naming what it holds for (holds_for).

    TPS is your own measurement (tokens per second per card on Snt9b, per DIE on
    Snt9b23): the vendor's table gives minimum unit counts, not speeds.

    \b
    Example:
        mincards plan qwen2.5-7b --tokens 2B --tps 1500 --strategy full --seq-len 4K
        mincards plan qwen2.5-7b --tokens 2B --tps Snt9b=1500 --tps Snt9b23=800 --hours 24 --explain
        mincards plan Qwen/Qwen2.5-72B-Instruct --tokens 5e9 --tps 300 --units 64 --efficiency 0.9
    """
    from .. import plan as p

    work = p.Workload(tokens, rates(tps), efficiency)
    filters = filters_of(strategy, seq_len, framework, hardware)
    try:
        answer = p.answer_plan(build_dir, release, model, filters, work, hours=hours, units=units, explain=explain)
    except OverflowError:  # exact fractions are unbounded; the hours and units printed are floats
        raise click.UsageError("--tokens, --tps, --efficiency, --hours and --units give hours or units too large "
                               "or too small to print (past 1.8e308 or 5e-324)") from None
    if explain and fmt != "table":  # the records stay machine-readable; the arithmetic goes to stderr
        answer.notes += answer.footer.split("\n\n", 1)[1].splitlines()
    show(answer, fmt, output)


@click.command()
@click.argument("model", shell_complete=complete_model)
@FILTERS
@HARDWARE_FILTER
@BUILD
@output_options()
@reports_errors
def history(model: str, strategy: str | None, seq_len: int | None, framework: str | None, hardware: str | None,
            build_dir: Path, fmt: str, output: Path | None) -> None:
    """The history of MODEL over every release in --build: one line per configuration
    per run of releases in which its value held (first_release to last_release), with
    how the run began: added, up, down, support_added, support_removed, removed.

    MODEL is read as `mincards query` reads it. Filters that match no configuration of
    the model in any release give an empty history: a line saying so (no rows in the
    other formats) and exit status 0, since that is an answer. An unknown model is an
    error (exit 1); so is a history that does not describe the releases in --build
    (run `mincards extract` again).

    \b
    Example:
        mincards history qwen2.5-7b --framework MindSpeed-LLM --hardware Snt9b
        mincards history Qwen/Qwen2.5-7B-Instruct --format csv -o qwen2.5-7b-history.csv
    """
    from .. import timeline

    show(timeline.answer_history(build_dir, model, filters_of(strategy, seq_len, framework, hardware)), fmt, output)
