"""``bmp_equivalent``: a pattern's ``re`` equivalent gives, on text within the BMP, the chunks
its ``regex`` original gives, for every shipped split pattern it translates; ``Split`` scans
with it exactly where ``SCANS_FASTER_IN_RE`` says (DeepSeek's word step), and a pattern with
something the translation does not copy has none."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import WHITESPACE

import bbpe_core
from bbpe_core.pre_tokenizers import Split
from bbpe_core.pre_tokenizers.bmp_equivalent import SCANS_FASTER_IN_RE, bmp_equivalent
from bbpe_core.pre_tokenizers.patterns import (
    DEEPSEEK_DIGITS,
    DEEPSEEK_WORDS,
    GPT2_PATTERN,
    TEKKEN_PATTERN,
    pinned,
)

REPRESENTATIVE = (
    "aZé한ǅ中ぁアー" + "0٣①²" + "\u0301\u093f\u200d" + "!'(,-._{~，。「」・゠" + "$+<=>^`|~€©゛"
    + WHITESPACE + "\x00\x07\x7f\u00ad\ue000\ud800" + "\u0295\ua7ce"
)
"""Letters of several kinds, digits, marks, punctuation and symbols (ASCII and not),
whitespace of every kind, controls, a format character, private use, a lone surrogate, and
two letters whose class the Unicode pin changes."""

FALCON = [r"[\p{P}\$\+<=>\^~\|`]+",
          r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)",
          "[0-9][0-9][0-9]"]
"""Falcon's three ``Split`` steps (not pinned: compiled as written)."""

TRANSLATED = [DEEPSEEK_WORDS, DEEPSEEK_DIGITS, "[一-龥\u3040-ゟ゠-ヿ]+", GPT2_PATTERN,
              TEKKEN_PATTERN, *FALCON, r"\S+|\P{L}\d|[\w\-]+(?<=x)|.(?=\s)"]
"""Shipped split patterns (pinned and not) and one with the other class escapes and
look-arounds."""


def original(pattern: str) -> regex.Pattern:
    """The pattern as ``Split`` compiles it (``pinned``), as one capturing group."""
    source, flags = pinned(pattern)
    return regex.compile(f"({source})", flags)


def fold(step: Split, text: str) -> list[str]:
    """The reference fold's chunks (``split_span`` with the ``regex`` pattern)."""
    return [text[a:b] for a, b in step.split_span(text, 0, len(text))]


@pytest.mark.parametrize("name", ["deepseek_v3", "deepseek_v4"])
def test_deepseeks_word_step_scans_with_its_equivalent_and_no_other_step_does(name):
    steps = bbpe_core.get_encoding(name).pre_tokenizer.steps
    assert steps[-1].pattern == DEEPSEEK_WORDS and SCANS_FASTER_IN_RE == {DEEPSEEK_WORDS}
    assert steps[-1]._bmp is bmp_equivalent(DEEPSEEK_WORDS) is not None
    assert all(step._bmp is None for step in steps[:-1])


@pytest.mark.parametrize("pattern", [
    r"(?i:'s)|a", "(a)b", r"\bword", "a++", "[[a]b]", r"[\p{L}--[a]]", "[]a]", r"\N{DASH}a",
    r"a\1", r"(?<=a|bc)d", "[a"])
def test_what_the_translation_does_not_copy_has_no_equivalent(pattern):
    assert bmp_equivalent(pattern) is None


@pytest.mark.parametrize("pattern", TRANSLATED[1:])  # DeepSeek's words: through Split below
def test_every_character_of_the_bmp_alone_and_after_representatives(pattern):
    ours, theirs = bmp_equivalent(pattern), original(pattern)
    assert ours is not None
    for code in range(0x10000):
        for text in [chr(code)] + [c + chr(code) for c in REPRESENTATIVE[::5]]:
            assert ours.split(text) == theirs.split(text), ascii(text)


@pytest.mark.parametrize("pattern", TRANSLATED)
def test_every_pair_of_representatives(pattern):
    ours, theirs = bmp_equivalent(pattern), original(pattern)
    for a in REPRESENTATIVE:
        for b in REPRESENTATIVE:
            for text in (a + b, a + b + a, " " + a + b + "\n"):
                assert ours.split(text) == theirs.split(text), ascii(text)


def test_deepseeks_word_step_gives_the_reference_folds_chunks_on_every_character():
    step = Split(DEEPSEEK_WORDS)
    for code in range(0x10000):
        for text in [chr(code)] + [c + chr(code) for c in REPRESENTATIVE[::3]]:
            assert step.chunks(text) == fold(step, text), ascii(text)


bmp_texts = st.lists(
    st.text(alphabet=REPRESENTATIVE, max_size=12)
    | st.text(alphabet=st.characters(max_codepoint=0xFFFF), max_size=12)
    | st.sampled_from(["'s", "$x", "(a)", "\r\n", "x \n", " !!\n\n", "a\x00b", " \u3000\n",
                       "12345", "x1234y"]),
    max_size=12,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=bmp_texts, pattern=st.sampled_from(TRANSLATED))
def test_random_bmp_text(text, pattern):
    assert bmp_equivalent(pattern).split(text) == original(pattern).split(text)


@settings(max_examples=300, deadline=None)
@given(text=bmp_texts)
def test_random_bmp_text_through_deepseeks_word_step(text):
    step = Split(DEEPSEEK_WORDS)
    assert step.chunks(text) == fold(step, text)
