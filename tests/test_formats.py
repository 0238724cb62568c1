"""Loaders and savers: HF tokenizers and transformers load what we write and give our ids;
we load what they read and give theirs; malformed or unsupported files are refused clearly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from samples import MULTILINGUAL

import bbpe_core
from bbpe_core import VocabFileError

TEXTS = MULTILINGUAL + ["hello <|endoftext|> world", ""]


@pytest.fixture(scope="session")
def exported(tmp_path_factory):
    """Each shipped encoding saved in every format, once per session."""
    out = {}
    for name in ["gpt2", "cl100k_base", "o200k_base"]:
        enc = bbpe_core.get_encoding(name)
        d = tmp_path_factory.mktemp(name)
        bbpe_core.save_hf_tokenizer_json(enc, d / "tokenizer.json")
        bbpe_core.save_gpt2_files(enc, d)
        bbpe_core.save_tiktoken_bpe(enc.mergeable_ranks, d / f"{name}.tiktoken")
        out[name] = d
    return out


def test_hf_tokenizers_loads_our_tokenizer_json(enc, name, exported):
    from tokenizers import Tokenizer

    hf = Tokenizer.from_file(str(exported[name] / "tokenizer.json"))
    for text in TEXTS:
        assert hf.encode(text).ids == enc.encode(text, allowed_special="all"), text


def test_we_load_tokenizer_json_as_hf_does(enc, name, exported):
    from tokenizers import Tokenizer

    path = exported[name] / "tokenizer.json"
    ours, hf = bbpe_core.load_hf_tokenizer_json(path), Tokenizer.from_file(str(path))
    for text in TEXTS:
        assert ours.encode(text, allowed_special="all") == hf.encode(text).ids


@given(text=st.text(max_size=60))
def test_tokenizer_json_parity_property(name, exported, text):

    hf = _cached_hf(exported[name] / "tokenizer.json")
    # HF matches specials
    assert bbpe_core.get_encoding(name).encode(text, allowed_special="all") == hf.encode(text).ids


_HF_CACHE: dict = {}


def _cached_hf(path):
    from tokenizers import Tokenizer

    key = str(path)
    if key not in _HF_CACHE:
        _HF_CACHE[key] = Tokenizer.from_file(key)
    return _HF_CACHE[key]


def test_gpt2_files_equal_r50k_tiktoken(exported):
    gpt2 = bbpe_core.get_encoding("gpt2")
    files = bbpe_core.load_gpt2_files(exported["gpt2"] / "vocab.json",
                                      exported["gpt2"] / "merges.txt")
    assert files.merges is not None and files.n_vocab == 50257
    for text in TEXTS:
        assert files.encode(text, allowed_special="all") == gpt2.encode(text, allowed_special="all")


@given(text=st.text(max_size=60))
def test_gpt2_files_parity_property(exported, text):
    files = _gpt2_files(exported)
    assert files.encode_ordinary(text) == bbpe_core.get_encoding("gpt2").encode_ordinary(text)


def _gpt2_files(exported):
    if "files" not in _HF_CACHE:
        d = exported["gpt2"]
        _HF_CACHE["files"] = bbpe_core.load_gpt2_files(d / "vocab.json", d / "merges.txt")
    return _HF_CACHE["files"]


def test_transformers_gpt2tokenizer_from_our_files(exported):
    from transformers import GPT2Tokenizer

    tok = GPT2Tokenizer.from_pretrained(str(exported["gpt2"]))
    gpt2 = bbpe_core.get_encoding("gpt2")
    for text in TEXTS:
        assert tok.encode(text) == gpt2.encode(text, allowed_special="all")
        assert tok.tokenize(text) == gpt2.tokenize(text, allowed_special="all")


def test_add_prefix_space_as_hf(tmp_path):
    from tokenizers import Tokenizer

    gpt2 = bbpe_core.get_encoding("gpt2")
    doc = _minimal_json(gpt2)
    doc["pre_tokenizer"] = {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                            "use_regex": True}
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc))
    ours, hf = bbpe_core.load_hf_tokenizer_json(path), Tokenizer.from_file(str(path))
    for text in ["hello", " hello", "\nhi", "a<|endoftext|>b", "<|endoftext|> x", ""]:
        assert ours.encode(text, allowed_special="all") == hf.encode(text).ids, text
        spans = ours.encode_detailed(text, allowed_special="all")
        assert [t.id for t in spans] == hf.encode(text).ids


def _minimal_json(enc):
    path_doc = {}
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "t.json")
        bbpe_core.save_hf_tokenizer_json(enc, p)
        with open(p, encoding="utf-8") as f:
            path_doc = json.load(f)
    return path_doc


def test_tiktoken_file_round_trip(enc, name, exported):
    again = bbpe_core.load_tiktoken(
        exported[name] / f"{name}.tiktoken", name=name, pat_str=enc.pat_str,
        special_tokens=enc.special_tokens)
    for text in TEXTS:
        assert again.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")


def test_merges_txt_variants(tmp_path):
    vocab = {c: i for i, c in enumerate(bbpe_core.byte_encoder.values())}
    vocab["ab"] = 256
    (tmp_path / "vocab.json").write_text(json.dumps(vocab))
    for content in ["#version: 0.2\na b\n", "a b", "#version: 0.2\r\na b\r\n", "a b\n\n"]:
        (tmp_path / "merges.txt").write_bytes(content.encode())
        enc = bbpe_core.load_gpt2_files(tmp_path / "vocab.json", tmp_path / "merges.txt")
        assert enc.encode("abab") == [256, 256]
    # tokenizer.json merges as "a b" or ["a", "b"]
    for merges in (["a b"], [["a", "b"]]):
        doc = {"model": {"type": "BPE", "vocab": vocab, "merges": merges},
               "pre_tokenizer": {"type": "ByteLevel", "use_regex": True}}
        enc = bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode())
        assert enc.encode("abab") == [256, 256]


@pytest.mark.parametrize(
    "change, message",
    [
        ({"normalizer": {"type": "Lowercase"}}, "normalizer .*Lowercase"),
        ({"normalizer": "NFC"}, "normalizer must be a JSON object"),
        ({"model": {"type": "WordLevel"}}, "model type 'WordLevel'"),
        ({"decoder": {"type": "WordPiece"}}, "decoder 'WordPiece'"),
        ({"model.byte_fallback": True}, "byte_fallback"),
        ({"model.dropout": 0.1}, "dropout"),
        ({"pre_tokenizer": {"type": "Whitespace"}}, "pre_tokenizer"),
        ({"post_processor": {"type": "TemplateProcessing"}}, "TemplateProcessing"),
    ],
)
def test_unsupported_components_are_named(change, message):
    doc = _minimal_json(bbpe_core.get_encoding("gpt2"))
    for key, value in change.items():
        if key.startswith("model."):
            doc["model"][key[6:]] = value
        elif key == "model":
            doc["model"].update(value)
        else:
            doc[key] = value
    with pytest.raises(VocabFileError, match=message):
        bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode())


def _byte_vocab():
    return {c: i for i, c in enumerate(bbpe_core.byte_encoder.values())}


@pytest.mark.parametrize(
    "vocab, merges, message",
    [
        ({"a": 0}, "", "single bytes have no token"),
        ({**_byte_vocab(), "ab": -3}, "a b", "not an int in"),
        ({**_byte_vocab(), "ab": 10**12}, "a b", "not an int in"),
        ({**_byte_vocab(), "ab": 5}, "a b", "given to more than one token"),
        ({**_byte_vocab(), "ab": 256}, "a b c", r"merges.txt:1: expected two tokens"),
        ({**_byte_vocab(), "ab": 256}, "a\u4e00 b",
         r"merges.txt:1: .*not in GPT-2's byte alphabet"),
        ({**_byte_vocab(), "ab": 256}, "a c", "is not a token"),
        ({**_byte_vocab(), "ab": "x"}, "a b", "is not an integer"),
        ({**_byte_vocab(), "a b": 256}, "a b", "not a byte-level token"),
    ],
)
def test_malformed_gpt2_files(tmp_path, vocab, merges, message):
    (tmp_path / "vocab.json").write_text(json.dumps(vocab))
    (tmp_path / "merges.txt").write_text(merges)
    with pytest.raises(VocabFileError, match=message):
        bbpe_core.load_gpt2_files(tmp_path / "vocab.json", tmp_path / "merges.txt")


@pytest.mark.parametrize(
    "content, message",
    [
        (b"YQ== 0\nYQ== 1\n", "duplicate"),
        (b"YQ== 0\nYg== 0\n", "duplicate"),
        (b"YQ== -1\n", "negative"),
        (b"not base64 at all\n", "tiny.tiktoken:1: expected 'base64 rank'"),
        (b"YQ==\n", "tiny.tiktoken:1"),
        (b"\xff\xfe\n", "not UTF-8"),
        (b"", "no tokens"),
        (b"YQ== 0\n", "single bytes have no token"),
    ],
)
def test_malformed_tiktoken_files(content, message):
    with pytest.raises(VocabFileError, match=message):
        bbpe_core.load_tiktoken(content, name="tiny.tiktoken", pat_str=bbpe_core.GPT2_PATTERN)


def test_size_cap_before_parsing(tmp_path):
    path = tmp_path / "big.tiktoken"
    path.write_bytes(b"x" * 2000)
    with pytest.raises(VocabFileError, match="larger than the limit"):
        bbpe_core.load_tiktoken_bpe(path, max_bytes=1000)


def test_gzip_bomb_is_bounded():
    import gzip

    bomb = gzip.compress(b"\n" * (70 * 1024 * 1024))
    with pytest.raises(VocabFileError, match="expands to more than"):
        bbpe_core.load_tiktoken_bpe(bomb)


def test_hash_checked():
    from importlib import resources

    data = resources.files("bbpe_core").joinpath("data", "r50k_base.tiktoken.gz").read_bytes()
    with pytest.raises(VocabFileError, match="sha256"):
        bbpe_core.load_tiktoken_bpe(data, expected_hash="0" * 64)


def test_exports_give_tiktoken_ids_in_hf_and_transformers(exported):
    """The same check, against the tiktoken oracle directly."""
    from tokenizers import Tokenizer
    from transformers import GPT2Tokenizer

    from oracles import tiktoken_encoding

    gpt2_tok = GPT2Tokenizer.from_pretrained(str(exported["gpt2"]))
    gpt2_hf = Tokenizer.from_file(str(exported["gpt2"] / "tokenizer.json"))
    cl_hf = Tokenizer.from_file(str(exported["cl100k_base"] / "tokenizer.json"))
    for text in MULTILINGUAL:
        assert gpt2_tok.encode(text) == tiktoken_encoding("gpt2").encode_ordinary(text)
        assert gpt2_hf.encode(text).ids == tiktoken_encoding("gpt2").encode_ordinary(text)
        assert cl_hf.encode(text).ids == tiktoken_encoding("cl100k_base").encode_ordinary(text)
