"""The reading commands without pandas answer byte for byte as they did with pandas
(tests/reference/: pipeline/query.py and pipeline/plan.py as they were), in every
format, over both releases: every model, every filter value alone and in pairs (for two models), the
catalog and fit budgets; errors (no match, unknown value) with the same message."""
from __future__ import annotations

import itertools

import pytest

from pipeline import plan, query, store
from pipeline.errors import MincardsError
from pipeline.formats import FORMATS
from reference import plan_pandas, query_pandas

RELEASES = ("2025-05-07", "2025-10-22")


def outcome(function, *args, **kwargs) -> str:
    """What an answer renders in every format, or its error's message."""
    try:
        answer = function(*args, **kwargs)
    except MincardsError as error:
        return f"{error.kind}: {error}"
    return "\n".join(answer.render(fmt) for fmt in FORMATS)


def rendered(module, frame, asked, filters, source) -> str:
    """What answer_query renders, from a table already read (old: a DataFrame, new: records)."""
    try:
        resolved = module.find_models(frame, asked, source)
        rows = module.select(frame, resolved.models, module.Filters(**vars(filters)), source)
    except MincardsError as error:
        return f"{error.kind}: {error}"
    records = module.records(rows)
    return "\n".join([resolved.note or "", module.to_table(rows)]
                     + [query.Answer(records, query.RECORD_COLUMNS).render(fmt) for fmt in FORMATS])


@pytest.fixture(scope="module")
def tables(published):
    return {r: (store.load(published / r), store.load_records(published / r)) for r in RELEASES}


@pytest.mark.parametrize("release", RELEASES)
def test_every_model_and_filter_answers_as_with_pandas(tables, release):
    frame, rows = tables[release]
    source = "the table"
    values = {c: sorted(set(frame[c])) for c in ("strategy", "seq_len", "framework", "hardware")}
    filters = [query.Filters()]
    filters += [query.Filters(**{c: v}) for c, vs in values.items() for v in vs]
    filters += [query.Filters(**{a: x, b: y}) for a, b in (("strategy", "seq_len"), ("framework", "hardware"))
                for x in values[a] for y in values[b]]
    filters += [query.Filters(framework="llama-factory"), query.Filters(hardware="nope")]  # case, unknown
    models = sorted(set(frame["model"]))
    askeds = models + ["Qwen2.5-7B", "DeepSeek-V3/R1", "qwen", "no-such-model"]
    compared = 0
    for asked in askeds:  # every model unfiltered; the first few under every filter
        for chosen in (filters if asked in (models[0], "qwen3_moe-235B_A22B") else filters[:1]):
            assert rendered(query, rows, asked, chosen, source) == rendered(query_pandas, frame, asked, chosen,
                                                                            source), (asked, chosen)
            compared += 1
    assert compared > 30
    catalogs = [query.Answer(module.catalog(table), query.MODEL_COLUMNS) for module, table in
                ((query, rows), (query_pandas, frame))]
    assert [[c.render(fmt) for fmt in FORMATS] for c in catalogs] == [[catalogs[1].render(fmt) for fmt in FORMATS]] * 2


def test_the_commands_answer_as_with_pandas(published):
    for release in (None, *RELEASES):
        assert outcome(query.answer_models, published, release) == outcome(query_pandas.answer_models, published,
                                                                           release)
        for hardware, budget in itertools.product(("Snt9b", "Snt9b23"), ({"cards": 8}, {"nodes_": 2}, {"dies": 4},
                                                                          {"cards": 1})):
            args = dict(cards=None, dies=None, nodes_=None) | budget
            for filters in (query.Filters(), query.Filters(strategy="lora"), query.Filters(seq_len=4096)):
                assert outcome(plan.answer_fit, published, release, hardware, filters, **args) == \
                    outcome(plan_pandas.answer_fit, published, release, hardware,
                            query_pandas.Filters(**vars(filters)), **args)
        # plan's answers changed by design since (issue 19: trade-off, collapsed rows, two significant
        # figures); tests/test_planner.py checks them against the page
    for asked in ("qwen2.5-7b", "qwen3_moe-235B_A22B", "Qwen3", "nothing"):
        for filters in (query.Filters(), query.Filters(hardware="Snt9b23"), query.Filters(framework="MindSpeed-LLM")):
            assert outcome(query.answer_across, published, asked, filters) == \
                outcome(query_pandas.answer_across, published, asked, query_pandas.Filters(**vars(filters)))
