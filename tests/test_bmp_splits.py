"""``bmp_splits``: the ``re`` equivalent gives, on text within the BMP, the chunks its ``regex``
original gives (``Split``'s reference fold), and the pattern is the one DeepSeek ships."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import WHITESPACE

import bbpe_core
from bbpe_core.pre_tokenizers import Split
from bbpe_core.pre_tokenizers.deepseek_bmp import DEEPSEEK_WORDS, bmp_split

REPRESENTATIVE = (
    "aZé한ǅ中ぁアー" + "0٣①²" + "\u0301\u093f\u200d" + "!'(,-._{~，。「」・゠" + "$+<=>^`|~€©゛"
    + WHITESPACE + "\x00\x07\x7f\u00ad\ue000\ud800"
)
"""Letters of several kinds, digits, marks, punctuation and symbols (ASCII and not),
whitespace of every kind, controls, a format character, private use, a lone surrogate."""


def fold(step: Split, text: str) -> list[str]:
    """The reference fold's chunks (``split_span`` with the ``regex`` pattern)."""
    return [text[a:b] for a, b in step.split_span(text, 0, len(text))]


@pytest.mark.parametrize("name", ["deepseek_v3", "deepseek_v4"])
def test_the_pattern_is_deepseeks(name):
    step = bbpe_core.get_encoding(name).pre_tokenizer.steps[-1]
    assert step.pattern == DEEPSEEK_WORDS
    assert step._bmp is bmp_split(DEEPSEEK_WORDS) is not None


def test_no_other_pattern_has_an_equivalent():
    assert bmp_split(r"\p{N}{1,3}") is None


def test_every_character_of_the_bmp_alone_and_after_each_representative():
    step = Split(DEEPSEEK_WORDS)
    for code in range(0x10000):
        for text in [chr(code)] + [c + chr(code) for c in REPRESENTATIVE[::3]]:
            assert step.chunks(text) == fold(step, text), ascii(text)


def test_every_pair_of_representatives():
    step = Split(DEEPSEEK_WORDS)
    for a in REPRESENTATIVE:
        for b in REPRESENTATIVE:
            for text in (a + b, a + b + a, " " + a + b + "\n"):
                assert step.chunks(text) == fold(step, text), ascii(text)


bmp_texts = st.lists(
    st.text(alphabet=REPRESENTATIVE, max_size=12)
    | st.text(alphabet=st.characters(max_codepoint=0xFFFF), max_size=12)
    | st.sampled_from(["'s", "$x", "(a)", "\r\n", "x \n", " !!\n\n", "a\x00b", " \u3000\n"]),
    max_size=12,
).map("".join)


@settings(max_examples=500, deadline=None)
@given(text=bmp_texts)
def test_random_bmp_text(text):
    step = Split(DEEPSEEK_WORDS)
    assert step.chunks(text) == fold(step, text)
