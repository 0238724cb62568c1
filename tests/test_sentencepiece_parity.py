"""SentencePiece BPE with byte fallback (Llama 2, Mistral 7B, Gemma) gives its reference
library's ids: the ``sentencepiece`` library on the ``.model`` (``encode_ordinary``), HF
tokenizers on the tokenizer.json (``encode(text, allowed_special="all")``)."""

from __future__ import annotations

import pytest
from samples import ADVERSARIAL, MULTILINGUAL
from zoo_oracles import HF_FILES, SP_MODELS, _ref, oracle_and_ours, sp_processor

import bbpe_core

NAMES = ["llama2", "mistral_v1", "mistral_v3", "gemma2", "gemma3"]
"""The SentencePiece encodings (their parity on text, corpora and hypothesis text is in
``test_zoo_parity``, with every other encoding's)."""

LONG = ["a" * 200_000, " " * 100_000]


def reference_decode(name: str):
    """The reference's ``ids -> text``."""
    if name in SP_MODELS:
        return sp_processor(name).decode
    from tokenizers import Tokenizer

    return Tokenizer.from_file(str(_ref(HF_FILES[name]))).decode


@pytest.fixture(scope="module", params=NAMES)
def pair(request):
    return oracle_and_ours(request.param)


@pytest.mark.parametrize("text", LONG, ids=["200000 a", "100000 spaces"])
def test_long_runs_without_pre_tokenization(pair, text):
    reference, ours = pair
    assert ours(text) == reference(text)


@pytest.mark.parametrize("name", NAMES)
def test_decode_gives_the_text_back_where_the_reference_does(name):
    enc = bbpe_core.get_encoding(name)
    reference, ours = oracle_and_ours(name)
    decode = reference_decode(name)
    for text in MULTILINGUAL + ADVERSARIAL + ["hello world", " leading", "你好 👩‍👧"]:
        ids = ours(text)
        if decode(reference(text)) == text:
            assert enc.decode(ids) == text, repr(text[:40])


@pytest.mark.parametrize("name", NAMES)
def test_every_new_encoding_is_listed_and_loads_by_name(name):
    assert name in bbpe_core.list_encoding_names()
    assert bbpe_core.get_encoding(name).name == name
    assert name in [info.name for info in bbpe_core.encoding_catalogue()]


@pytest.mark.parametrize("model, name", [
    ("meta-llama/Llama-2-7b-hf", "llama2"), ("mistralai/Mistral-7B-v0.1", "mistral_v1"),
    ("mistralai/Mistral-7B-Instruct-v0.3", "mistral_v3"), ("google/gemma-2-9b", "gemma2"),
    ("google/gemma-3-4b-it", "gemma3"),
])
def test_hf_model_ids_name_their_encoding(model, name):
    assert bbpe_core.encoding_name_for_model(model) == name


def test_control_pieces_are_special_tokens_never_matched_from_plain_text():
    enc = bbpe_core.get_encoding("mistral_v3")
    inst = enc.encode_single_token("[INST]")
    assert inst not in enc.encode_ordinary("[INST] hi")
    assert enc.encode("[INST] hi", allowed_special="all")[0] == inst
    with pytest.raises(ValueError, match="disallowed special token"):
        enc.encode("[INST] hi")


def test_user_defined_pieces_are_matched_whole():
    enc = bbpe_core.get_encoding("mistral_v3")
    doc = enc.encode_single_token("[REFERENCE_DOC_1]")
    assert doc in enc.encode_ordinary("see [REFERENCE_DOC_1].")


def test_unknown_characters_fall_back_to_byte_pieces():
    enc = bbpe_core.get_encoding("llama2")
    assert enc.tokenize("𝔸") == ["▁", "<0xF0>", "<0x9D>", "<0x94>", "<0xB8>"]
    assert enc.decode(enc.encode("𝔸")) == "𝔸"


def test_the_viewer_shows_pieces_and_spans_a_character_cut_into_byte_pieces():
    enc = bbpe_core.get_encoding("llama2")
    text = "hi 𝔸!"
    spans = enc.encode_detailed(text)
    assert [t.id for t in spans] == enc.encode(text)
    assert [t.token_str for t in spans] == enc.tokenize(text)
    assert (spans[0].token_str, spans[0].start, spans[0].end) == ("▁hi", 0, 2)
    cut = [t for t in spans if t.token_str.startswith("<0x")]
    assert len(cut) == 4 and all((t.start, t.end) == (3, 4) and not t.valid_utf8 for t in cut)
    assert b"".join(t.token_bytes for t in cut) == "𝔸".encode()


def test_decode_removes_the_dummy_prefix_once():
    enc = bbpe_core.get_encoding("llama2")
    assert enc.decode(enc.encode("  two")) == "  two"
    assert enc.decode_single_token_bytes(enc.encode("hello")[0]) == b" hello"
