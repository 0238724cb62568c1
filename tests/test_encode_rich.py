"""``Encoding.encode_rich``: one run of the pipeline gives the ids and each token's bytes,
span, chunk and flags; the viewer, the app's analysis and the HTTP API read it instead of
running the stages again (issue 43).

The runs are counted by wrapping the model's and the pre-tokenizer's entry points and adding
up the characters each is given from outside it: one run of the pipeline gives each of them
at most every ordinary segment once (the model its chunks, or whole segments past the tokens
described; the fast path of byte-level BPE splits without the pre-tokenizer stage). The parity
checks hold the rich result to ``encode`` (ids) and ``decode_with_offsets`` (spans), for one
encoding of each model kind, on the corpora and with hypothesis."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st
from samples import CORPORA, MULTILINGUAL, utf8_texts

import bbpe_core
from bbpe_core.models.base import WORDPIECE
from bbpe_core.viewer.notebook import visualize
from playground.analysis import analyse
from playground.api import handlers

KINDS = {"byte-level BPE": "gpt2", "SentencePiece BPE": "llama2", "WordPiece": "bert_base_uncased",
         "Unigram": "t5"}
"""One shipped encoding of each model kind."""

TEXT = "Hello  wörld, ＡＢＣ 你好 <|endoftext|> again\n\n  x 𝔸 ü [UNK] <unk> ☃"
"""Text with specials, normalization (full-width, accents), CJK and characters some lack."""


class Runs:
    """Characters the model and the pre-tokenizer of ``enc`` are given by calls from outside
    them (a call they make to themselves is not counted again)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, enc: bbpe_core.Encoding) -> None:
        self.chars = {"model": 0, "pre-tokenizer": 0}
        self.depth = {"model": 0, "pre-tokenizer": 0}
        for name in ("encode_chunk", "encode_chunks", "encode_segment"):
            self._wrap(monkeypatch, enc.encoder, name, "model")
        for name in ("iter_split", "split", "chunks", "chunks_each"):
            self._wrap(monkeypatch, enc.pre_tokenizer, name, "pre-tokenizer")

    def _wrap(self, monkeypatch, owner, name: str, stage: str) -> None:
        method = getattr(owner, name)

        def counted(text, *args, **kwargs):
            if not self.depth[stage]:
                self.chars[stage] += len(text) if isinstance(text, str) else sum(map(len, text))
            self.depth[stage] += 1
            try:
                return method(text, *args, **kwargs)
            finally:
                self.depth[stage] -= 1

        monkeypatch.setattr(owner, name, counted)

    def reset(self) -> None:
        self.chars = dict.fromkeys(self.chars, 0)


def segment_chars(enc: bbpe_core.Encoding, runs: Runs, text: str, **special) -> int:
    """The characters of ``text``'s ordinary segments, as the pipeline's front half gives
    them to the pre-tokenizer and the model (one run gives each of them at most that)."""
    allowed = enc.resolve_allowed(text, special.get("allowed_special", frozenset()),
                                  special.get("disallowed_special", "all"))
    runs.reset()
    return sum(len(s.text) for s in enc.segments(text, allowed) if not s.special)


def ran_once(runs: Runs, segments: int) -> bool:
    """Whether the stages counted by ``runs`` ran once over segments of ``segments``
    characters."""
    return 0 < runs.chars["model"] <= segments and runs.chars["pre-tokenizer"] <= segments


@pytest.mark.parametrize("name", KINDS.values())
def test_the_analysis_runs_the_pipeline_once(monkeypatch, name):
    enc = bbpe_core.get_encoding(name)
    runs = Runs(monkeypatch, enc)
    for mode, special in [("as special tokens", {"allowed_special": "all"}),
                          ("as plain text", {"disallowed_special": ()})]:
        for max_tokens in (5, 3000):  # drawn in part, and in whole
            segments = segment_chars(enc, runs, TEXT, **special)
            result = analyse(enc, TEXT, mode, max_tokens)
            assert ran_once(runs, segments), (mode, max_tokens, runs.chars, segments)
            assert result.n_tokens == len(enc.encode(TEXT, **special))


@pytest.mark.parametrize("name", KINDS.values())
def test_the_notebook_viewer_and_the_api_run_the_pipeline_once(monkeypatch, name):
    enc = bbpe_core.get_encoding(name)
    runs = Runs(monkeypatch, enc)
    segments = segment_chars(enc, runs, TEXT, allowed_special="all")
    view = visualize(TEXT, enc, allowed_special="all", max_tokens=4)
    assert ran_once(runs, segments), runs.chars
    assert view.n_tokens == len(enc.encode(TEXT, allowed_special="all"))
    segments = segment_chars(enc, runs, TEXT, allowed_special="all")
    answer = handlers.encode({"encoding": name, "text": TEXT, "allowed_special": "all"})
    assert ran_once(runs, segments), runs.chars
    assert answer["ids"] == enc.encode(TEXT, allowed_special="all")


def check_rich(enc: bbpe_core.Encoding, text: str) -> int:
    """The rich result of ``text`` against ``encode``, ``encode_detailed`` and, where the ids
    decode to the text itself, ``decode_with_offsets``; returns 1 if the offsets were
    compared, else 0."""
    out = enc.encode_rich(text, disallowed_special=())
    ids = enc.encode_ordinary(text)
    assert out.ids == ids
    assert [t.id for t in out.tokens] == ids
    assert out.tokens == enc.encode_detailed(text, disallowed_special=())
    assert out.lost == sum(t.end - t.start for t in out.tokens if t.unknown)
    part = enc.encode_rich(text, disallowed_special=(), max_tokens=len(ids) // 2)
    assert part.ids == ids and part.tokens == out.tokens[:len(ids) // 2]
    assert part.lost == out.lost
    if enc.decode(ids) != text:
        return 0
    decoded, offsets = enc.decode_with_offsets(ids)
    spaced = enc.model_kind == WORDPIECE  # its decoder writes a space between words
    for token, offset, data in zip(out.tokens, offsets, enc.decode_tokens_bytes(ids)):
        if data:  # a token that decodes to nothing (a dummy prefix ``▁`` alone) is left out
            assert token.start == offset or spaced and decoded[offset:token.start] == " "
    return 1


@pytest.mark.parametrize("name", KINDS.values())
def test_the_rich_result_equals_encode_and_decode_with_offsets_on_the_corpora(name):
    enc = bbpe_core.get_encoding(name)
    compared = 0
    for file in ("en_python_docs.txt", "zh_tang_poems.txt"):
        lines = (CORPORA / file).read_text(encoding="utf-8")[:20_000].splitlines()
        compared += sum(check_rich(enc, line) for line in lines)
    compared += sum(check_rich(enc, text) for text in MULTILINGUAL)
    compared += check_rich(enc, "hello world and more words")
    assert compared > 0


@pytest.mark.parametrize("name", KINDS.values())
@given(text=st.one_of(utf8_texts, st.lists(st.from_regex("[a-z]{1,8}", fullmatch=True),
                                           max_size=6).map(" ".join)))
def test_the_rich_result_equals_encode_and_decode_with_offsets(name, text):
    check_rich(bbpe_core.get_encoding(name), text)


def test_specials_are_described_whole_and_the_chunks_index_the_tokens():
    enc = bbpe_core.get_encoding("gpt2")
    out = enc.encode_rich("hi<|endoftext|> there", allowed_special="all")
    assert [(t.token_str, t.start, t.end, t.special) for t in out.tokens] == [
        ("hi", 0, 2, False), ("<|endoftext|>", 2, 15, True), ("Ġthere", 15, 21, False)]
    assert [out.chunks[t.chunk].text for t in out.tokens] == ["hi", "<|endoftext|>", " there"]
    assert out.offsets == [(0, 2), (2, 15), (15, 21)] and not out.truncated


def test_a_bound_describes_the_first_tokens_and_counts_the_whole_text():
    enc = bbpe_core.get_encoding("bert_base_uncased")
    text = "a ☃ " * 50
    out = enc.encode_rich(text, max_tokens=3)
    assert out.ids == enc.encode(text) and out.truncated
    assert [dataclasses.astuple(t) for t in out.tokens] == [
        dataclasses.astuple(t) for t in enc.encode_detailed(text)[:3]]
    assert out.lost == 50  # every snowman, drawn or not
    assert len(out.chunks) == out.tokens[-1].chunk + 1
    assert enc.encode_rich(text, max_tokens=0).tokens == []
