"""The token grammar's shared mechanism: the printed form of text (NFKC, invisible format
characters dropped), compound model labels, and what stays an error."""
from __future__ import annotations

import re

import pytest

from pipeline.extract.cjk import printed_text
from pipeline.header import HARDWARE, key_role, value_key
from pipeline.tokens import (TokenError, compact, parse_model_label, parse_seq_lens, parse_strategies,
                             parse_units, printed, split_model_label)


@pytest.mark.parametrize("label, models", [
    ("DeepSeek-V3/R1", ("DeepSeek-V3", "DeepSeek-R1")),  # a short suffix replaces the last segment
    ("DeepSeek-V3/DeepSeek-R1", ("DeepSeek-V3", "DeepSeek-R1")),  # a whole name stays whole
    ("qwen2.5-7b/14b", ("qwen2.5-7b", "qwen2.5-14b")),
    ("qwen2.5-7b/14b/72b", ("qwen2.5-7b", "qwen2.5-14b", "qwen2.5-72b")),
    ("qwen2.5-7b/qwen3-8b", ("qwen2.5-7b", "qwen3-8b")),
    ("qwen3_moe-30B_A3B/235B_A22B", ("qwen3_moe-30B_A3B", "qwen3_moe-235B_A22B")),
    ("llama3.1-8b", ("llama3.1-8b",)),
])
def test_compound_labels_both_ways(label, models):
    assert split_model_label(label) == models
    assert parse_model_label(label).value == label


@pytest.mark.parametrize("label", ["DeepSeek-V3/R1-Zero", "qwen2.5-7b/7b-chat",
                                   # a whole name states a size or a version of its own: Thinking-2507 does not
                                   "Qwen3-30B-A3B-Instruct-2507/Thinking-2507", "DeepSeek-V3.1/R1-0528"])
def test_an_alternative_that_is_neither_a_suffix_nor_a_name_is_an_error(label):
    """`R1-Zero` after the slash: DeepSeek-R1-Zero, or a model called R1-Zero? Not a guess."""
    with pytest.raises(TokenError, match="neither a suffix"):
        parse_model_label(label)


@pytest.mark.parametrize("published, value, token", [
    ("８＊Ａｓｃｅｎｄ", 8, "8*Ascend"),  # full-width digits, star and letters
    ("1\u200b6*Ascend", 16, "16*Ascend"),  # zero-width space
    ("16*Asc\u200dend\u2060", 16, "16*Ascend"),  # zero-width joiner, word joiner
    ("\ufeff32*Ascend", 32, "32*Ascend"),  # a stray BOM
    ("64*Ascend\u00ad", 64, "64*Ascend"),  # soft hyphen (category Cf)
    ("\u200e4*Ascend", 4, "4*Ascend"),  # left-to-right mark
    ("－", None, "-"),  # full-width hyphen-minus: not supported
])
def test_printed_form_parses_and_counts_as_a_repair(published, value, token):
    parsed = parse_units(published)
    assert (parsed.value, parsed.text, parsed.repaired) == (value, token, True)


def test_unchanged_text_is_not_a_repair():
    assert parse_units("8*Ascend").repaired is False and compact("full").repaired is False


def test_full_width_separators_in_strategies_seq_lens_and_labels():
    assert parse_strategies("full／lora").value == ("full", "lora")
    assert parse_seq_lens("４０９６/８１９２").value == (4096, 8192)
    assert parse_model_label("DeepSeek－V3／R1").value == "DeepSeek-V3/R1"


@pytest.mark.parametrize("published", [
    "8*Ascend*",  # a footnote mark
    "8卡",
    "1,024*Ascend",
    "8⁴*Ascend",  # a superscript footnote: NFKC would make it 84
    "①*Ascend",  # a circled number: NFKC would make it 1
    "½*Ascend",
    "٨*Ascend",  # an Arabic-Indic digit: int() would read it, the grammar is ASCII digits
])
def test_ambiguous_values_stay_errors(published):
    with pytest.raises(TokenError):
        parse_units(published)


@pytest.mark.parametrize("published", ["4K/8K", "4096₂", "4096/8192²"])
def test_ambiguous_sequence_lengths_stay_errors(published):
    with pytest.raises(TokenError):
        parse_seq_lens(published)


def test_headings_match_after_the_same_normalisation():
    assert key_role("支持模型\u200b参数量") == "model"
    key = value_key("Ｌｌａｍａ－Ｆａｃｔｏｒｙ规格卡数／ＤＩＥ", "Ｓｎｔ９ｂ２３")
    assert (key.framework, key.hardware) == ("Llama-Factory", HARDWARE["snt9b23"])


def test_the_pdf_printed_text_is_the_same_normalisation_plus_radicals():
    """One NFKC rule for both extractors: the PDF's printed_text only adds the radical fold."""
    for text in ("８＊Ａｓｃｅｎｄ", "1\u200b6*Ascend", "8⁴*Ascend", "⽀持模型参数量"):
        assert printed_text(text) == printed(text)
    assert printed_text("\u2ed3") == "长"


@pytest.mark.parametrize("published, value", [
    ("1*Asce nd", 1),  # a word cut by a space: letters on both sides
    ("8 * Ascend", 8),  # beside punctuation
    ("16*Ascen\nd", 16),
])
def test_whitespace_inside_a_word_or_beside_punctuation_is_a_repair(published, value):
    assert parse_units(published).value == value and parse_units(published).repaired


@pytest.mark.parametrize("parser, published", [
    (parse_seq_lens, "4096\n8192"),  # digit | digit: two values, or one?
    (parse_seq_lens, "4096 8192"),
    (parse_model_label, "DeepSeek-V3\nR1"),  # digit | letter
    (parse_model_label, "llama3.1-70b 1"),  # letter | digit: a footnote mark
    (parse_units, "2 4*Ascend"),
    (parse_units, "1*Ascend 1"),
])
def test_whitespace_that_may_separate_two_items_is_an_error(parser, published):
    with pytest.raises(TokenError, match="may separate two items") as info:
        parser(published)
    assert "one value per cell, its parts joined by /" in info.value.expected


def test_a_layout_line_break_joins_anywhere_but_spaces_are_still_checked():
    """A PDF's line breaks are its layout's wraps (LibreOffice's `4096/81` / `92`)."""
    assert parse_seq_lens("4096/81\n92", layout_breaks=True).value == (4096, 8192)
    assert parse_units("1\n6*Ascend", layout_breaks=True).value == 16
    with pytest.raises(TokenError, match="a line break between '4096/81' and '92'"):
        parse_seq_lens("4096/81\n92")
    with pytest.raises(TokenError, match="a space between '4096/81' and '92'"):
        parse_seq_lens("4096/81 92", layout_breaks=True)


# --- plausible model labels (check_plausible_name): after extraction, for HTML and PDF alike ---

@pytest.mark.parametrize("label", [
    # every shape the releases in raw/ publish
    "llama3.1-8b", "qwen2.5_vl-32b", "DeepSeek-V3/R1", "glm4-9b", "mixtral-8x7b", "qwen3_moe-30B_A3B/235B_A22B",
    "qwen2.5-0.5b", "internvl2.5-38b", "gemma3-27b", "qwen2vl-2b",
    # new models with ordinary names
    "QwQ-32B", "Yi-34B", "phi3.5-3.8b", "minicpm-2b", "llama2-7b-chat", "Kimi-K2", "DeepSeek-V3.1", "qwen2.5-7b/qwen3-8b",
    # … and as Hugging Face spells them: an active size or a number of experts as a part of its own,
    # a bare version after a family without digits, words in either case, a release stamp
    "qwen3-235B-A22B", "Qwen3-Next-80B-A3B", "Qwen3-30B-A3B-Instruct-2507", "glm-4.5-air", "GLM-4.5",
    "llama4-scout-17b-16e", "DeepSeek-R1-0528", "Llama-3.1-8B-Instruct", "gemma-3-27b-it", "Kimi-K2-Instruct",
    "Mixtral-8x7B-Instruct-v0.1", "gpt-oss-120b", "Qwen2.5-VL-72B-Instruct", "Wan2.1-T2V-14B", "glm-4.5-air/flash",
    "Qwen1.5-MoE-A2.7B", "Kimi-VL-A3B-Instruct",  # an active size alone
    "gemma-3n-E4B-it", "GLM-4.5V", "GLM-4.1V-9B-Thinking",  # an effective size; a version's V (vision)
    # whole names of any length after the slash (hunt 99)
    "DeepSeek-V3.1/DeepSeek-R1-0528", "Qwen3-30B-A3B/Qwen3-235B-A22B", "glm-4.5/glm-4.5-air",
])
def test_ordinary_model_names_pass(label):
    assert parse_model_label(label).value == label


@pytest.mark.parametrize("label, named", [
    ("qwen3-8bNEW", "'qwen3-8bNEW': it ends in '8bNEW'"),  # a badge glued to the size
    ("DeepSeek-V3/R1NEW", "'DeepSeek-R1NEW': it ends in 'R1NEW'"),  # … to a compound label's alternative
    ("qwen3-8b-NEW", "'qwen3-8b-NEW': it ends in 'NEW'"),  # a word in capitals after the size
    ("DeepSee", "'DeepSee': no '-' after its family"),  # cut at a page break
    ("qwen2.5_vl-", "'qwen2.5_vl-': it ends in ''"),
    ("qwen2.5-1", "'qwen2.5-1': it ends in '1'"),  # cut inside the size
    ("qwen2.5-72", "'qwen2.5-72': it ends in '72'"),  # a number after a family with a version is no version
    ("qwen3-8b-instructNEW", "'qwen3-8b-instructNEW': it ends in 'instructNEW'"),  # glued to a word
    ("qwen3-instruct", "'qwen3-instruct': it states no size"),  # a word is not a model's size
    ("qwen3--8b", "'qwen3--8b': an empty part"),
    ("Qwen3-30B-A3B-Instruct-25", "'Qwen3-30B-A3B-Instruct-25': it ends in '25'"),  # a stamp cut short
])
def test_a_label_that_is_no_model_name_of_this_table_is_an_error(label, named):
    with pytest.raises(TokenError, match=re.escape(f"is not a model name of this table ({named}")):
        parse_model_label(label)


def test_an_implausible_label_on_the_page_is_an_error_naming_the_cell():
    """Through extraction and normalisation: the cell is named, nothing is published."""
    from page_variants import PAGE_HTML, read
    from pipeline.errors import CellError

    variant = PAGE_HTML.replace(">qwen3-8b</p>", ">qwen3-8bNEW</p>", 1)
    with pytest.raises(CellError, match=r"row \d+, column 1: 'qwen3-8bNEW' is not a model name of this table"):
        read(variant)


@pytest.mark.parametrize("text, layout_breaks, error", [
    ("glm-4.5-air new", False, "a space after the whole name 'glm-4.5-air'"),  # any number of '-'
    ("Qwen3-30B-A3B-Instruct\nbeta", False, "a line break after the whole name 'Qwen3-30B-A3B-Instruct'"),
    # a PDF's wrap after a name ending in a word: two items, or one word broken anywhere
    ("Qwen3-30B-A3B-Instruct\nbeta", True, "a line break after the whole name 'Qwen3-30B-A3B-Instruct'"),
    ("Qwen3-30B-A3B-\nInstruct\nbeta", True, "a line break after the whole name 'Qwen3-30B-A3B-Instruct'"),
])
def test_letters_after_a_whole_name_are_another_item(text, layout_breaks, error):
    with pytest.raises(TokenError, match=re.escape(error)):
        parse_model_label(text, layout_breaks=layout_breaks)


@pytest.mark.parametrize("text, model", [
    ("mixtral-8\nx7b", "mixtral-8x7b"),  # a wrap inside a size is the layout's
    ("qwen2.5-\n\n1.5b", "qwen2.5-1.5b"),  # the author's break beside punctuation, as in the HTML
])
def test_a_wrap_inside_a_part_is_the_layouts(text, model):
    assert parse_model_label(text, layout_breaks=True).value == model


def test_a_blank_line_in_a_print_is_the_authors_break_not_a_wrap():
    """pdf_cells writes a blank line where the line before had room for the next one's first
    character: `4096` / `8192` in a wide column is two values, not 40968192."""
    assert parse_seq_lens("4096/81\n92", layout_breaks=True).value == (4096, 8192)
    with pytest.raises(TokenError, match="a line break between '4096' and '8192'"):
        parse_seq_lens("4096\n\n8192", layout_breaks=True)


@pytest.mark.parametrize("label", ["Qwen3-30B-A3B/Instruct", "Llama-4-Scout-17B-16E/Instruct"])
def test_a_word_after_the_slash_takes_the_place_of_a_word_only(label):
    """`Qwen3-30B-A3B/Instruct` is not Qwen3-30B-Instruct (its active size dropped)."""
    with pytest.raises(TokenError, match="which is not alike"):
        parse_model_label(label)


@pytest.mark.parametrize("text, read", [
    ("409\n6/81\n92", (4096, 8192)),  # cut anywhere, each length a power of two
    ("4096/\n8192", (4096, 8192)),  # a wrap after the slash cuts no length
    ("12288\n/4096", (12288, 4096)),  # nor one before it
])
def test_a_printed_length_cut_between_its_digits_is_read_when_a_power_of_two(text, read):
    assert parse_seq_lens(text, layout_breaks=True).value == read


@pytest.mark.parametrize("text", ["4096\n8192", "122\n88/4096"])
def test_a_printed_length_cut_between_its_digits_must_be_a_power_of_two(text):
    """`4096` / `8192` set as two paragraphs as close as a wrap prints as `40968192` cut would."""
    with pytest.raises(TokenError, match="cannot tell .* wrapped from two sequence lengths"):
        parse_seq_lens(text, layout_breaks=True)
