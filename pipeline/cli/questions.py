"""The planner's questions, answered from build/: query, models, fit, plan, history."""
from __future__ import annotations

from pathlib import Path

import click

from .common import BUILD, FILTERS, HARDWARE_FILTER, RELEASE, AnyCase, complete_model, filters_of, \
    output_options, reports_errors, show
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
@FILTERS
@BUILD
@RELEASE
@output_options()
@reports_errors
def fit(hardware: str, cards: int | None, dies: int | None, nodes_: int | None, strategy: str | None,
        seq_len: int | None, framework: str | None, build_dir: Path, release: str | None, fmt: str,
        output: Path | None) -> None:
    """Every supported configuration whose minimum fits in what you have, with
    what is left over (spare_units).

    \b
    Example:
        mincards fit --hardware Snt9b --nodes 1 --strategy lora --seq-len 4096
        mincards fit --hardware snt9b23 --cards 8 --framework mindspeed-llm --format csv
    """
    from .. import plan as p

    filters = filters_of(strategy, seq_len, framework, None)
    show(p.answer_fit(build_dir, release, hardware, filters, cards=cards, dies=dies, nodes_=nodes_), fmt, output)


class Quantity(click.ParamType):
    """A positive number, with an optional k/M/B/G/T suffix: 2.5e9, 2.5B, 500M."""

    name = "number"
    SUFFIXES = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12}

    def convert(self, value, param, ctx):
        if isinstance(value, (int, float)):
            return float(value)
        text = str(value).strip().replace("_", "").replace(",", "")
        scale = self.SUFFIXES.get(text[-1:].lower(), 1.0) if text[-1:].isalpha() else 1.0
        try:
            number = float(text[:-1] if scale != 1.0 else text) * scale
        except ValueError:
            self.fail(f"{value!r} is not a number (e.g. 2.5e9, 2.5B, 500M)", param, ctx)
        if not number > 0:
            self.fail(f"{value!r} is not above 0", param, ctx)
        return number


@click.command()
@click.argument("model", shell_complete=complete_model)
@click.option("--tokens", required=True, type=Quantity(), help="Total training tokens, all epochs (2.5e9, 2.5B).")
@click.option("--tps", required=True, type=Quantity(),
              help="Tokens per second per unit: per card on Snt9b, per DIE on Snt9b23.")
@click.option("--hours", type=click.FloatRange(min=0, min_open=True), help="Time you have: size the cluster for it.")
@click.option("--units", type=click.IntRange(min=1), help="Units you have (cards on Snt9b, DIEs on Snt9b23): "
              "estimate the time.")
@click.option("--efficiency", type=click.FloatRange(min=0, max=1, min_open=True), default=1.0, show_default=True,
              help="Linear speed-up ratio (the vendor: ideal 1, typically above 0.9); below 1 means more time "
              "or more cards.")
@FILTERS
@HARDWARE_FILTER
@BUILD
@RELEASE
@output_options()
@reports_errors
def plan(model: str, tokens: float, tps: float, hours: float | None, units: int | None, efficiency: float,
         strategy: str | None, seq_len: int | None, framework: str | None, hardware: str | None, build_dir: Path,
         release: str | None, fmt: str, output: Path | None) -> None:
    """Size a training run of MODEL with the vendor's rule, for each matching
    configuration: units = tokens / (hours x 3600 x tps x efficiency), rounded up
    (above 8 to a multiple of 8, on Snt9b23 to whole cards), never below the
    table's minimum; and hours = tokens / (units x tps x efficiency) / 3600.

    Give --hours to size the cluster, or --units to estimate the time.

    \b
    Example:
        mincards plan qwen2.5-7b --tokens 2B --tps 1500 --hours 24 --strategy full --seq-len 4096
        mincards plan Qwen/Qwen2.5-72B-Instruct --tokens 5e9 --tps 300 --units 64 --efficiency 0.9
    """
    from .. import plan as p

    work = p.Workload(tokens, tps, efficiency)
    filters = filters_of(strategy, seq_len, framework, hardware)
    show(p.answer_plan(build_dir, release, model, filters, work, hours=hours, units=units), fmt, output)


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
