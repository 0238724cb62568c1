"""``ascii_splits``: each ``re`` equivalent gives, on ASCII-only text, the chunks its ``regex``
original gives (``Split``'s reference fold), and the patterns are those DeepSeek ships."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bbpe_core
from bbpe_core.ascii_splits import ASCII_SPLITS, DEEPSEEK_CJK, DEEPSEEK_DIGITS, DEEPSEEK_WORDS
from bbpe_core.pre_tokenizers import Sequence, Split

ASCII = "".join(map(chr, range(128)))


def fold(stage: Split | Sequence, text: str) -> list[str]:
    """The reference fold's chunks (``split_piece`` with the ``regex`` pattern)."""
    if isinstance(stage, Split):
        return [text[a:b] for a, b in stage.split_piece(text, 0, len(text))]
    spans = [(0, len(text))] if text else []
    for step in stage.steps:
        spans = [s for a, b in spans for s in step.split_piece(text, a, b)]
    return [text[a:b] for a, b in spans]


@pytest.mark.parametrize("name", ["deepseek_v3", "deepseek_v4"])
def test_the_patterns_are_deepseeks(name):
    steps = bbpe_core.get_encoding(name).pre_tokenizer.steps
    assert [step.pattern for step in steps] == [DEEPSEEK_DIGITS, DEEPSEEK_CJK, DEEPSEEK_WORDS]
    assert all(step._ascii is ASCII_SPLITS[step.pattern] for step in steps)


@pytest.mark.parametrize("pattern", list(ASCII_SPLITS))
def test_every_string_of_up_to_two_ascii_characters(pattern):
    stage = Split(pattern)
    for n in (1, 2):
        for chars in product(ASCII, repeat=n):
            text = "".join(chars)
            assert stage.chunks(text) == fold(stage, text), ascii(text)


ascii_texts = st.lists(
    st.text(alphabet=ASCII, max_size=12)
    | st.text(alphabet="\t\n\x0b\x0c\r \x1c\x1f", max_size=6)
    | st.sampled_from(["'s", "$x", "(a)", "12345", "\r\n", "x \n", " !!\n\n", "a\x00b"]),
    max_size=12,
).map("".join)


@settings(max_examples=500, deadline=None)
@given(text=ascii_texts)
def test_random_ascii_text(text):
    steps = [Split(p) for p in ASCII_SPLITS]
    for step in steps:
        assert step.chunks(text) == fold(step, text)
    stage = Sequence(steps)
    assert stage.chunks(text) == fold(stage, text)
