"""The merge trace: it ends in encode's ids, follows the rank rule, and reproduces transformers'
GPT2Tokenizer.bpe."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bbpe_core
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str


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


def _gpt2_files_out_of_id_order(tmp_path):
    """GPT-2 files whose merge order is not their id order: "l o" merges first, id 257."""
    import json

    from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str

    vocab = {to_gpt2_str(bytes([b])): b for b in range(256)}
    vocab.update({"er": 256, "lo": 257, "low": 258})
    (tmp_path / "vocab.json").write_text(json.dumps(vocab), encoding="utf-8")
    (tmp_path / "merges.txt").write_text("#version: 0.2\nl o\ne r\nlo w\n", encoding="utf-8")
    return bbpe_core.load_gpt2_files(tmp_path / "vocab.json", tmp_path / "merges.txt")


@pytest.mark.parametrize("source", ["deepseek_v3", "gpt2", "uploaded", "trained"])
def test_tree_label_and_step_sentence_say_the_same_rank(source, tmp_path):
    import re

    from playground.render.trace import step_sentence, trees_html

    if source == "uploaded":
        enc, text = _gpt2_files_out_of_id_order(tmp_path), "lower"
    elif source == "trained":
        enc = bbpe_core.train("lower lowest newer wider " * 50, 270, min_frequency=1)
        text = " lowest newer"
    else:
        enc, text = bbpe_core.get_encoding(source), " lower 朋友"
    checked = 0
    for t in bbpe_core.trace(enc, text):
        said = {k: int(re.search(r"\((?:rank )?(\d+)\), so it merges", step_sentence(s, k))[1])
                for k, s in enumerate(t.steps, start=1)}
        trees = {int(a): (int(b), int(c)) for a, b, c in
                 re.findall(r"step (\d+), rank (\d+), id (\d+)",
                            trees_html(t, enc.mergeable_ranks))}
        assert {k: rank for k, (rank, _) in trees.items()} == said
        assert all(enc.mergeable_ranks[s.pair[0] + s.pair[1]] == trees[k][1]
                   for k, s in enumerate(t.steps, start=1))
        checked += len(said)
    assert checked >= 2
    if source == "uploaded":
        assert said[1] == 0 and trees[1] == (0, 257)  # "l o": rank 0 in merges.txt, id 257


@given(text=st.text(max_size=30))
def test_sentencepiece_trace_merges_characters_and_ends_in_encode_ids(text):
    enc = bbpe_core.get_encoding("llama2")
    traces = bbpe_core.trace(enc, text, disallowed_special=())  # "<s>" as plain text
    assert [i for t in traces for i in t.ids] == enc.encode_ordinary(text)
    for t in traces:
        assert "".join(t.initial) == t.chunk.text  # characters, ▁ for spaces
        for step in t.steps:
            assert all(step.rank <= r for _, r in step.runner_up)
            assert "".join(step.parts) == t.chunk.text


def test_sentencepiece_trace_steps_by_piece_score():
    enc = bbpe_core.get_encoding("llama2")
    (t,) = bbpe_core.trace(enc, "hello")
    assert t.chunk.text == "▁hello" and t.initial == list("▁hello")
    assert t.steps[-1].parts == ["▁hello"] and t.ids == enc.encode("hello")
    from playground.render.trace import step_sentence
    first = t.steps[0]
    assert len(first.runner_up) >= 1
    assert step_sentence(first, 1) == (
        f"Step 1: of the {len(first.runner_up) + 1} adjacent pairs that form a token, "
        f"({first.pair[0]!r}, {first.pair[1]!r}) has the highest score ({-first.rank}), so it "
        f"merges into {first.pair[0] + first.pair[1]!r}.")
    with pytest.raises(ValueError, match="traces stop at"):
        bbpe_core.trace(enc, "a" * 1000)


def test_wordpiece_has_no_merges_to_trace():
    with pytest.raises(ValueError, match="has no merges to trace"):
        bbpe_core.trace(bbpe_core.get_encoding("bert_base_uncased"), "hello")


@pytest.mark.parametrize("name", ["gpt2", "llama2"])
def test_merge_trace_page_logic_labels_every_final_part_with_its_id(name):
    from playground.inside.merges import (
        chunk_code,
        end_sentence,
        part_ids,
        start_sentence,
        trace_ids,
    )

    enc = bbpe_core.get_encoding(name)
    assert trace_ids(bbpe_core.trace(enc, "lower 朋友")) == enc.encode("lower 朋友")
    traces = bbpe_core.trace(enc, "hello lower friends")  # no byte fallback
    ids = part_ids(enc)
    for t in traces:
        if t.steps:  # each final part is the token its id names
            assert [ids.get(p) for p in t.steps[-1].parts] == t.ids or t.looked_up
        lines = chunk_code(t, enc).split("\n")
        assert lines[0] == f"text {t.chunk.text!r}"
        assert bytes.fromhex(lines[1].removeprefix("UTF-8 ")) == t.chunk.text.encode()
        assert end_sentence(t).endswith(f"Final ids: `{t.ids}`.")
    assert ("byte" in start_sentence(enc)) == enc.byte_level
