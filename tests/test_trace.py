"""The merge trace: it ends in encode's ids, follows the rank rule, and reproduces transformers' GPT2Tokenizer.bpe."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bbpe_core
from bbpe_core.byte_level import to_gpt2_str


@given(text=st.text(max_size=30))
def test_trace_ends_in_encode_ids(enc, text):
    traces = bbpe_core.trace(enc, text, allowed_special="all")
    assert [i for t in traces for i in t.ids] == enc.encode(text, allowed_special="all")
    for t in traces:
        for step in t.steps:
            assert all(step.rank <= r for _, r in step.runner_up)
        if t.steps and not t.looked_up:
            assert b"".join(t.steps[-1].parts) == t.chunk.text.encode()


def test_seed_000_friend_steps():
    (t,) = bbpe_core.trace(bbpe_core.get_encoding("gpt2"), "朋友")
    assert [to_gpt2_str(b) for b in t.initial] == ["æ", "ľ", "ĭ", "å", "ı", "ĭ"]
    steps = [((to_gpt2_str(s.pair[0]), to_gpt2_str(s.pair[1])), s.rank,
              [to_gpt2_str(p) for p in s.parts]) for s in t.steps]
    assert steps == [
        (("æ", "ľ"), 17312, ["æľ", "ĭ", "å", "ı", "ĭ"]),
        (("å", "ı"), 20998, ["æľ", "ĭ", "åı", "ĭ"]),
    ]
    assert t.steps[0].runner_up == [(("å".encode("latin-1"), b"\x8f"), 20998)]
    assert t.ids == [17312, 233, 20998, 233] and not t.looked_up


def test_whole_word_lookup_is_flagged():
    (t,) = bbpe_core.trace(bbpe_core.get_encoding("cl100k_base"), "hello")
    assert t.looked_up and t.ids == [15339]
    assert to_gpt2_str(t.steps[-1].parts[0]) == "hello"


def test_trace_limits():
    with pytest.raises(ValueError, match="traces stop at"):
        bbpe_core.trace(bbpe_core.get_encoding("gpt2"), "a" * 1000)
