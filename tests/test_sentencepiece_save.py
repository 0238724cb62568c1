"""Saving SentencePiece encodings: the ``.model`` we write gives our ids in the
``sentencepiece`` library, the tokenizer.json in HF tokenizers, for every shipped
SentencePiece encoding the format allows (Gemma's files lack ``<0x09>``: no ``.model``)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL
from zoo_oracles import SP_MODELS, _ref

import bbpe_core
from bbpe_core.formats.sentencepiece_model import (
    Piece,
    SentencePieceModel,
    read_sentencepiece_model,
    write_sentencepiece_model,
)
from bbpe_core.formats.sentencepiece_save import sentencepiece_model_of
from bbpe_core.training.spec import LOSSLESS

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

MODEL_NAMES = ["llama2", "mistral_v1", "mistral_v3", "gemma3", "jurassic2"]
JSON_NAMES = ["llama2", "mistral_v1", "mistral_v3", "gemma3", "gemma2"]


def _texts() -> list[str]:
    corpora = [(CORPORA / f).read_text(encoding="utf-8")[:40_000]
               for f in ("en_python_docs.txt", "zh_tang_poems.txt")]
    return MULTILINGUAL + ADVERSARIAL + corpora + ["  a  b   ", "\n\n\n  x", " " * 40]


@pytest.fixture(scope="module")
def texts():
    return _texts()


@pytest.mark.parametrize("name", MODEL_NAMES)
def test_saved_model_gives_our_ids_in_sentencepiece(name, tmp_path, texts):
    enc = bbpe_core.get_encoding(name)
    path = tmp_path / f"{name}.model"
    bbpe_core.save_sentencepiece_model(enc, path)
    sp = spm.SentencePieceProcessor(model_file=str(path))
    assert sp.get_piece_size() == enc.n_vocab
    for text in texts:
        assert sp.encode(text) == enc.encode_ordinary(text), repr(text[:40])


@pytest.mark.parametrize("name", list(SP_MODELS))
def test_saved_model_equals_the_original_field_by_field(name, tmp_path):
    original = read_sentencepiece_model(_ref(SP_MODELS[name]))
    path = tmp_path / "m.model"
    bbpe_core.save_sentencepiece_model(bbpe_core.get_encoding(name), path)
    saved = read_sentencepiece_model(path)
    if original.precompiled_charsmap:  # the normalizer's name is not kept, its map is
        saved = dataclasses.replace(saved, normalizer_name=original.normalizer_name)
    assert saved == original


@pytest.mark.parametrize("name", JSON_NAMES)
def test_saved_tokenizer_json_gives_our_ids_in_hf_tokenizers(name, tmp_path, texts):
    enc = bbpe_core.get_encoding(name)
    path = tmp_path / "tokenizer.json"
    bbpe_core.save_hf_tokenizer_json(enc, path)
    hf = tokenizers.Tokenizer.from_file(str(path))
    for text in texts:
        assert hf.encode(text, add_special_tokens=False).ids == enc.encode(
            text, allowed_special="all"), repr(text[:40])
    again = bbpe_core.load_hf_tokenizer_json(str(path), name=name, pattern_timeout=None)
    assert again.encode(texts[-3], allowed_special="all") == enc.encode(
        texts[-3], allowed_special="all")


def test_gemma2_refuses_a_model_file_naming_the_missing_byte_piece(tmp_path):
    with pytest.raises(ValueError, match="255 byte pieces"):
        bbpe_core.save_sentencepiece_model(bbpe_core.get_encoding("gemma2"), tmp_path / "g.model")


def test_byte_level_encodings_are_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match="not a SentencePiece encoding"):
        bbpe_core.save_sentencepiece_model(bbpe_core.get_encoding("gpt2"), tmp_path / "x.model")


def test_a_normalizer_a_model_cannot_hold_is_refused(tmp_path):
    enc = bbpe_core.get_encoding("claude_legacy")  # byte-level with NFKC: refused as a model
    with pytest.raises(ValueError):
        sentencepiece_model_of(enc)


_PIECE = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
                 min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(pieces=st.lists(st.tuples(_PIECE, st.floats(-1e6, 1e6, width=32),
                                 st.sampled_from(["NORMAL", "USER_DEFINED", "CONTROL"])),
                       min_size=1, max_size=30),
       flags=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
       model_type=st.sampled_from(["UNIGRAM", "BPE"]),
       charsmap=st.binary(max_size=20))
def test_writer_and_reader_are_inverse(pieces, flags, model_type, charsmap):
    model = SentencePieceModel(
        pieces=tuple(Piece(p, s, t) for p, s, t in pieces), model_type=model_type,
        byte_fallback=flags[0], normalizer_name="nmt_nfkc" if charsmap else "identity",
        precompiled_charsmap=charsmap, add_dummy_prefix=flags[1],
        remove_extra_whitespaces=flags[2], escape_whitespaces=flags[3])
    assert read_sentencepiece_model(write_sentencepiece_model(model)) == model


def test_writer_refuses_an_unknown_piece_type():
    model = SentencePieceModel((Piece("a", 0.0, "WEIRD"),), "BPE", False, "identity", b"",
                               True, False, True)
    with pytest.raises(ValueError, match="unknown type"):
        write_sentencepiece_model(model)


def test_a_trained_unigram_encoding_saves_as_a_tokenizer_json_hf_reads_with_our_ids(tmp_path):
    from tokenizers import Tokenizer

    enc = bbpe_core.train_unigram(["the quick brown fox jumps over the lazy dog. " * 50], 60,
                                  **LOSSLESS)
    bbpe_core.save_hf_tokenizer_json(enc, tmp_path / "tokenizer.json")
    text = "the lazy brown fox, quickly"
    assert Tokenizer.from_file(str(tmp_path / "tokenizer.json")).encode(text).ids == \
        enc.encode(text)


def test_a_unigram_byte_piece_not_written_as_sentencepiece_writes_it_names_the_file():
    from bbpe_core import VocabFileError

    doc = {"model": {"type": "Unigram", "unk_id": 0, "byte_fallback": True,
                     "vocab": [["<unk>", 0.0], ["<0xe4>", -1.0], ["a", -2.0]]}}
    with pytest.raises(VocabFileError, match=r"bad\.json: model\.vocab\[1\]"):
        bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode(), name="bad.json")
