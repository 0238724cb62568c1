"""One way to build an encoding (issue 43): ``Encoding(name, vocab=..., model=...,
pre_tokenizer=..., normalizer=..., post_processor=..., decoder=...)`` for every model kind;
tiktoken's ``Encoding(name, pat_str=..., mergeable_ranks=..., special_tokens=...)`` builds
byte-level BPE's stages and goes the same way."""

from __future__ import annotations

import pytest
from samples import MULTILINGUAL

import bbpe_core
from bbpe_core import Encoding
from bbpe_core.models import FastEncoder
from bbpe_core.models.base import Vocabulary
from bbpe_core.token_table import TokenTable
from bbpe_core.vocab import Vocab

KINDS = ["gpt2", "qwen3", "falcon", "llama2", "bert_base_uncased", "t5"]
"""Byte-level BPE (fast path, pre-tokenizer stage, missing bytes), SentencePiece BPE,
WordPiece, Unigram."""


@pytest.mark.parametrize("name", KINDS)
def test_an_encoding_built_again_from_its_stages_is_the_same(name):
    enc = bbpe_core.get_encoding(name)
    again = Encoding(name, vocab=enc.vocab, model=enc.encoder, pre_tokenizer=enc.pre_tokenizer,
                     normalizer=enc.normalizer, post_processor=enc.post_processor,
                     decoder=enc.decoder, add_prefix_space=enc.add_prefix_space)
    assert again.model_kind == enc.model_kind and again.n_vocab == enc.n_vocab
    for text in MULTILINGUAL:
        ids = enc.encode_ordinary(text)
        assert again.encode_ordinary(text) == ids
        assert again.decode_bytes(ids) == enc.decode_bytes(ids)
        assert again.encode_rich(text, disallowed_special=()) == enc.encode_rich(
            text, disallowed_special=())
        assert again.post_process(ids) == enc.post_process(ids)


def test_tiktokens_call_builds_the_byte_level_stages():
    gpt2 = bbpe_core.get_encoding("gpt2")
    enc = Encoding("mine", pat_str=gpt2.pat_str, mergeable_ranks=gpt2.mergeable_ranks,
                   special_tokens=gpt2.special_tokens)
    assert isinstance(enc.vocab, Vocab) and isinstance(enc.encoder, FastEncoder)
    assert enc.pre_tokenizer.chunks("it's 998") == ["it", "'s", " 998"]
    assert enc.encode("hello <|endoftext|>", allowed_special="all") == [31373, 220, 50256]


def test_both_vocabularies_follow_the_one_interface():
    for name, shape in [("gpt2", Vocab), ("llama2", TokenTable)]:
        vocab: Vocabulary = bbpe_core.get_encoding(name).vocab
        assert isinstance(vocab, shape)
        hello = vocab.token_id("hello") if shape is Vocab else vocab.token_id("▁hello")
        assert vocab.token_bytes(hello).strip() == b"hello"
        assert vocab.part_ids[b"hello" if shape is Vocab else "▁hello"] == hello
        assert vocab.form == ("Ġ string" if shape is Vocab else "piece")
        assert vocab.missing == b""
    assert bbpe_core.get_encoding("falcon").vocab.missing  # Falcon lacks 28 single bytes


def test_there_is_one_constructor_and_a_call_without_stages_is_refused():
    assert not hasattr(Encoding, "from_model")
    with pytest.raises(TypeError, match="stages"):
        Encoding("nothing")
    llama2 = bbpe_core.get_encoding("llama2")
    with pytest.raises(TypeError, match="vocab="):
        Encoding("half", model=llama2.encoder)
    with pytest.raises(ValueError, match="special_tokens"):
        Encoding("other", vocab=llama2.vocab, model=llama2.encoder,
                 pre_tokenizer=llama2.pre_tokenizer, special_tokens={"<x>": 0})
