"""The SentencePiece ``.model`` reader and the loaders of SentencePiece-style files: what they
read, what they refuse by name, and that damaged input raises only ``VocabFileError``."""

from __future__ import annotations

import copy
import json
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, MULTILINGUAL
from zoo_oracles import _ref

import bbpe_core
from bbpe_core import VocabFileError
from bbpe_core.formats.sentencepiece import load_sentencepiece_model
from bbpe_core.formats.sentencepiece_model import read_sentencepiece_model


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def _field(number: int, value: int | bytes | float) -> bytes:
    if isinstance(value, float):
        return _varint(number << 3 | 5) + struct.pack("<f", value)
    if isinstance(value, int):
        return _varint(number << 3) + _varint(value)
    return _varint(number << 3 | 2) + _varint(len(value)) + value


def _model(pieces, *, model_type=2, byte_fallback=True, dummy=True, extra_ws=False,
           charsmap=b"") -> bytes:
    """A ``ModelProto`` in the wire format, from ``(piece, score, type)`` triples."""
    out = b"".join(_field(1, _field(1, p.encode()) + _field(2, s) + _field(3, t))
                   for p, s, t in pieces)
    out += _field(2, _field(3, model_type) + _field(35, int(byte_fallback)))
    out += _field(3, _field(1, b"identity") + _field(2, charsmap) + _field(3, int(dummy))
                  + _field(4, int(extra_ws)))
    return out


TINY = [("<unk>", 0.0, 2), ("<s>", 0.0, 3), ("</s>", 0.0, 3),
        *[(f"<0x{b:02X}>", 0.0, 6) for b in range(256)],
        ("▁", -1.0, 1), ("a", -2.0, 1), ("b", -3.0, 1), ("ab", -4.0, 1), ("▁ab", -5.0, 1),
        ("[X]", 0.0, 4)]


def test_the_reader_gives_what_the_protobuf_library_reads():
    pb = pytest.importorskip("sentencepiece.sentencepiece_model_pb2")
    for file in ("llama2.model", "mistral_v3.model"):
        data = _ref(file).read_bytes()
        ours = read_sentencepiece_model(data)
        proto = pb.ModelProto()
        proto.ParseFromString(data)
        types = pb.ModelProto.SentencePiece.Type
        assert [(p.piece, p.score, p.type) for p in ours.pieces] == [
            (p.piece, p.score, types.Name(p.type)) for p in proto.pieces]
        assert (ours.model_type, ours.byte_fallback) == ("BPE", proto.trainer_spec.byte_fallback)
        spec = proto.normalizer_spec
        assert (ours.add_dummy_prefix, ours.remove_extra_whitespaces, ours.escape_whitespaces) \
            == (spec.add_dummy_prefix, spec.remove_extra_whitespaces, spec.escape_whitespaces)


def test_a_small_model_encodes_with_user_defined_pieces_and_byte_fallback():
    enc = load_sentencepiece_model(_model(TINY), name="tiny")
    assert enc.tokenize("ab[X]ab é") == ["▁ab", "[X]", "ab", "▁", "<0xC3>", "<0xA9>"]
    assert enc.decode(enc.encode("ab[X]ab é")) == "ab[X]ab é"
    assert enc.encode("<s>", allowed_special="all") == [1]


@pytest.mark.parametrize("kwargs, message", [
    ({"model_type": 3}, "model_type WORD"),
    ({"charsmap": b"\x01\x02"}, "normalizer_spec"),  # damaged (a real map is read)
    ({"byte_fallback": False}, "BYTE pieces without byte_fallback"),
])
def test_settings_we_do_not_reproduce_are_refused_by_name(kwargs, message):
    with pytest.raises(VocabFileError, match=message):
        load_sentencepiece_model(_model(TINY, **kwargs), name="tiny")


def test_unused_pieces_are_refused_by_name():
    with pytest.raises(VocabFileError, match="UNUSED"):
        load_sentencepiece_model(_model([*TINY, ("ba", -6.0, 5)]), name="tiny")


def test_a_truncated_model_raises_vocab_file_error():
    data = _ref("llama2.model").read_bytes()
    for cut in (1, 7, 1000, len(data) // 2, len(data) - 3):
        with pytest.raises(VocabFileError):
            load_sentencepiece_model(data[:cut])


@settings(max_examples=300)
@given(data=st.binary(max_size=300))
def test_random_bytes_only_raise_vocab_file_error(data):
    try:
        load_sentencepiece_model(data)
    except VocabFileError:
        pass


@settings(max_examples=100)
@given(position=st.integers(0, 5000), value=st.integers(0, 255))
def test_a_damaged_small_model_loads_or_raises_vocab_file_error(position, value):
    data = bytearray(_model(TINY))
    data[position % len(data)] = value
    try:
        enc = load_sentencepiece_model(bytes(data), name="damaged")
    except VocabFileError:
        return
    enc.encode_ordinary("ab ba é")


def _mistral_v1_doc() -> dict:
    return json.loads(_ref("mistral_v1.tokenizer.json").read_text(encoding="utf-8"))


def test_a_metaspace_pre_tokenizer_gives_hf_tokenizers_ids():
    from tokenizers import Tokenizer

    doc = _mistral_v1_doc()
    doc["normalizer"] = None
    doc["decoder"] = {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always",
                      "split": False}
    for split in (False, True):
        doc["pre_tokenizer"] = {"type": "Metaspace", "replacement": "▁",
                                "prepend_scheme": "always", "split": split}
        data = json.dumps(doc).encode()
        ours = bbpe_core.load_hf_tokenizer_json(data, name="metaspace")
        reference = Tokenizer.from_str(data.decode())
        for text in MULTILINGUAL + ADVERSARIAL[:4] + [" lead", "a  b ", "<s>x </s> y"]:
            assert ours.encode(text, allowed_special="all") == \
                reference.encode(text, add_special_tokens=False).ids, (split, text[:30])


@pytest.mark.parametrize("change, message", [
    ({"pre_tokenizer": {"type": "Whitespace"}}, "pre_tokenizer"),
    ({"pre_tokenizer": {"type": "ByteLevel"}}, "byte_fallback with the pre_tokenizer.*ByteLevel"),
    ({"decoder": {"type": "WordPiece"}}, "decoder"),
    ({"normalizer": {"type": "Nmt"}}, "Nmt"),  # Lowercase is read since the Unigram files
    ({"model.dropout": 0.1}, "dropout"),
    ({"model.ignore_merges": True}, "ignore_merges"),
    ({"pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first"}},
     "prepend_scheme 'first'"),
])
def test_unsupported_components_of_byte_fallback_files_are_named(change, message):
    doc = copy.deepcopy(_mistral_v1_doc())
    for key, value in change.items():
        if key.startswith("model."):
            doc["model"][key[6:]] = value
        else:
            doc[key] = value
    with pytest.raises(VocabFileError, match=message):
        bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode())
