"""Mistral's newer files in mistral-common 1.13.1 against mistral-common itself: the v7
SentencePiece model (``mistral_instruct_tokenizer_241114.model.v7``, shipped as
``mistral_v7``; its ``.v7m1`` twin is the same file) and Pixtral's Tekken file
(``tekken_240911.json``: ``mistral_tekken``'s ranks with an image config, so not shipped
twice). The sentencepiece library's parity runs in ``test_zoo_parity`` (``SP_MODELS``)."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, MULTILINGUAL
from zoo_oracles import _ref

import bbpe_core

pytest.importorskip("mistral_common")

V7_CONTROL = {14: "[IMG_BREAK]", 15: "[IMG_END]", 16: "[SYSTEM_PROMPT]",
              17: "[/SYSTEM_PROMPT]", 18: "[TOOL_CONTENT]", 749: "[/REF]", 750: "[REF]"}
"""The pieces v7 renamed from v3's ``[control_N]``."""


@cache
def _v7():
    from mistral_common.tokens.tokenizers.sentencepiece import SentencePieceTokenizer

    return SentencePieceTokenizer(str(_ref("mistral_v7.model")))


@cache
def _tekken_240911():
    from mistral_common.tokens.tokenizers.tekken import Tekkenizer

    return Tekkenizer.from_file(str(_ref("tekken_240911.json")))


@pytest.mark.parametrize("text", MULTILINGUAL + ADVERSARIAL)
def test_mistral_v7_equals_mistral_common(text):
    enc = bbpe_core.get_encoding("mistral_v7")
    assert enc.encode_ordinary(text) == _v7().encode(text, bos=False, eos=False)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_mistral_v7_equals_mistral_common_on_any_text(text):
    enc = bbpe_core.get_encoding("mistral_v7")
    assert enc.encode_ordinary(text) == _v7().encode(text, bos=False, eos=False)


def test_mistral_v7_control_tokens_and_bos():
    enc, theirs = bbpe_core.get_encoding("mistral_v7"), _v7()
    for i, text in V7_CONTROL.items():
        assert enc.encode_single_token(text) == i == theirs.get_special_token(text)
        assert enc.decode([i]) == text
    assert enc.post_process([5]) == [theirs.bos_id, 5]
    v3 = bbpe_core.get_encoding("mistral_v3")
    text = MULTILINGUAL[0]
    assert enc.encode_ordinary(text) == v3.encode_ordinary(text)
    assert bbpe_core.encoding_for_model("mistralai/Mistral-Large-Instruct-2411") is enc
    assert bbpe_core.encoding_for_model("pixtral-large-2411") is enc


def test_mistral_v7_names_its_source_and_licence():
    from bbpe_core.encodings.catalogue import encoding_catalogue

    row = next(r for r in encoding_catalogue() if r.name == "mistral_v7")
    assert row.source == ("mistral-common 1.13.1 "
                          "(mistral_common/data/mistral_instruct_tokenizer_241114.model.v7)")
    assert row.licence == "Apache-2.0" and row.family == "Mistral"


def test_pixtral_tekken_file_is_the_shipped_tekken():
    data = json.loads(_ref("tekken_240911.json").read_text(encoding="utf-8"))
    assert set(data) == {"config", "vocab", "image"}
    enc = bbpe_core.get_encoding("mistral_tekken")
    theirs = _tekken_240911()
    assert theirs.n_words == enc.n_vocab
    for text in MULTILINGUAL + ADVERSARIAL:
        assert enc.encode_ordinary(text) == theirs.encode(text, bos=False, eos=False), text[:40]
