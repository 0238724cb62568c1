"""``Sequence.chunks`` (each step's ``chunks_each``: distinct pieces scanned once, one-character
pieces kept as they are) gives the chunks of the reference fold, where every step splits every
span of the step before with ``split_span``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import WHITESPACE

import bbpe_core
from bbpe_core.pre_tokenizers import BEHAVIORS, Sequence, Split
from bbpe_core.pre_tokenizers.patterns import PatternTimeoutError

ALPHABET = (
    "0123456789٣۴०๓①²" + "中文字一龥ぁあゟ゠アヿー・゛゙" + ",.!?;:'\"()[]{}-_/\\，。！？「」"
    + "$+<=>^`|~€©°" + "\u0301\u0308\u093f\u200d" + WHITESPACE + "\x00\x01\x07\x1b\x7f"
    + "abcXYZé한ǅ" + "😀"
)
"""Digits of several scripts, CJK and kana (the class edges too), punctuation, symbols, marks,
whitespace of every kind with the newlines, controls, letters."""

texts = st.lists(st.text(alphabet=ALPHABET, max_size=12) | st.sampled_from(["\r\n", "  ", "12345"]),
                 max_size=10).map("".join)

PATTERNS = [
    r"\p{N}{1,3}", r"[一-龥぀-ゟ゠-ヿ]+", r"\s+(?!\S)|\s+", r" ?\p{L}+|\p{P}+", r"\s+$|x*(?=\n)",
    r"(?<=\p{L})\p{P}", r"a*(?=b)", r"(\d)\d?", r"\X", r"[\p{L}\p{M}]+|\p{N}",
    bbpe_core.get_encoding("deepseek_v3").pre_tokenizer.steps[2].pattern,
]


def reference_fold(stage: Sequence, text: str) -> list[str]:
    """Every step's ``split_span`` over every span of the step before."""
    spans = [(0, len(text))] if text else []
    for step in stage.steps:
        spans = [s for a, b in spans for s in step.split_span(text, a, b)]
    return [text[a:b] for a, b in spans]


@settings(max_examples=400, deadline=None)
@given(text=texts, patterns=st.lists(st.sampled_from(PATTERNS), min_size=1, max_size=4),
       behaviors=st.lists(st.sampled_from(BEHAVIORS), min_size=4, max_size=4),
       isolated=st.booleans(), invert=st.booleans())
def test_sequence_chunks_are_the_reference_folds(text, patterns, behaviors, isolated, invert):
    steps = [Split(p, "Isolated" if isolated else b, invert=invert and not isolated)
             for p, b in zip(patterns, behaviors)]
    stage = Sequence(steps)
    assert stage.chunks(text) == reference_fold(stage, text)


@settings(max_examples=200, deadline=None)
@given(pieces=st.lists(st.sampled_from(["", "a", "1", "中", " ", "ab", "12345", "a1 b"]) | texts,
                       max_size=12),
       pattern=st.sampled_from(PATTERNS), behavior=st.sampled_from(BEHAVIORS))
def test_chunks_each_is_chunks_piece_by_piece(pieces, pattern, behavior):
    """Recurring and one-character pieces too, for every behaviour (``Removed`` drops a
    one-character match)."""
    step = Split(pattern, behavior)
    assert step.chunks_each(pieces) == [c for piece in pieces for c in step.chunks(piece)]


@pytest.mark.parametrize("name", ["deepseek_v3", "deepseek_v4"])
def test_deepseek_chunks_on_the_corpora_are_the_reference_folds(name):
    from samples import CORPORA

    stage = bbpe_core.get_encoding(name).pre_tokenizer
    for file in ("en_python_docs.txt", "zh_tang_poems.txt"):
        text = (CORPORA / file).read_text(encoding="utf-8")[:30_000]
        assert stage.chunks(text) == reference_fold(stage, text), file


def test_a_step_past_its_timeout_on_one_piece_raises():
    """The time limit holds for every piece a step scans (``(a|aa)+b`` backtracks
    exponentially on a run of ``a``)."""
    stage = Sequence([Split(r"\d"), Split(r"(?:a|aa)+b|\s", timeout=0.2)])
    assert stage.chunks("1aab 2") == ["1", "aab", " ", "2"]
    with pytest.raises(PatternTimeoutError):
        stage.chunks("1" + "a" * 40 + "1")
