"""Packed byte-level BPE (``formats.packed_bpe``): a packed tokenizer.json loads to the encoding
its tokenizer.json gives, the shipped DeepSeek files to the official ones, and every damaged
part of a packed file raises a ``VocabFileError`` naming the file."""

from __future__ import annotations

import gzip
import json

import pytest
from zoo_oracles import _ref

import bbpe_core
from bbpe_core import VocabFileError
from bbpe_core.formats.packed_bpe import load_packed_bpe, pack_tokenizer_json

BYTES = list(bbpe_core.byte_encoder.values())
TINY = {
    "added_tokens": [
        {"id": 260, "content": "<s>", "special": True},
        {"id": 261, "content": "<think>", "special": False},
    ],
    "normalizer": {"type": "NFC"},
    "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": r"\p{N}{1,3}"}, "behavior": "Isolated",
         "invert": False},
        {"type": "Split", "pattern": {"Regex": r" ?\p{L}+|\p{N}+|\s+|."}, "behavior": "Isolated",
         "invert": False},
        {"type": "ByteLevel", "add_prefix_space": False, "use_regex": False}]},
    "model": {"type": "BPE", "vocab": {**{c: 255 - i for i, c in enumerate(BYTES)},
                                       "ab": 256, "abc": 257, "Ġa": 258, "12": 259},
              "merges": ["a b", "ab c", "Ġ a", "1 2"]},
}
"""A small tokenizer.json: ids not in byte order, two Split steps, NFC, added tokens."""
TEXTS = ["abc abab 12345 <s> <think> é", "", "  \n\t abcabc", "<think>12<s>"]


def _tables(enc) -> tuple:
    """Everything that decides an encoding's ids."""
    return (enc.mergeable_ranks, enc.merges, enc.special_tokens, enc.added_tokens, enc.pat_str,
            repr(enc.pre_tokenizer), repr(enc.normalizer), repr(enc.post_processor),
            enc.ignore_merges, enc.add_prefix_space, enc.n_vocab)


@pytest.fixture(scope="module")
def tiny() -> tuple[bytes, bytes]:
    """The small tokenizer.json and its packed form."""
    data = json.dumps(TINY).encode()
    return data, pack_tokenizer_json(data, name="tiny.json")


@pytest.mark.parametrize("name", ["deepseek_v3", "deepseek_v4"])
def test_the_shipped_deepseek_files_are_the_official_tokenizer_json(name):
    official = bbpe_core.load_hf_tokenizer_json(_ref(f"{name}.tokenizer.json"), name=name,
                                                pattern_timeout=None)
    assert _tables(bbpe_core.get_encoding(name)) == _tables(official)


def test_a_packed_file_loads_to_the_encoding_of_its_tokenizer_json(tiny):
    data, packed = tiny
    assert pack_tokenizer_json(data, name="tiny.json") == packed  # the same bytes again
    original = bbpe_core.load_hf_tokenizer_json(data)
    for loaded in (load_packed_bpe(packed), load_packed_bpe(gzip.compress(packed))):
        assert _tables(loaded) == _tables(original)
        for text in TEXTS:
            ids = loaded.encode(text, allowed_special="all")
            assert ids == original.encode(text, allowed_special="all")
    assert original.encode("abc a12") == [257, 258, 259]


def _damaged(packed: bytes, part: str) -> bytes:
    """``packed`` with one part changed (the tiny file: 260 tokens of which 256 are 1 byte)."""
    head, line, body = packed.split(b"\n", 2)
    n_tokens, n_merges = map(int, head.split()[2:])
    lengths, ids = body[:2 * n_tokens], body[2 * n_tokens:6 * n_tokens]
    blob, pairs = body[6 * n_tokens:-8 * n_merges], body[-8 * n_merges:]
    doc = json.loads(line)
    changes = {
        "magic": lambda: b"bbpe-packed-bpe 2" + head[17:] + b"\n" + line + b"\n" + body,
        "counts": lambda: head + b"x\n" + line + b"\n" + body,
        "json": lambda: head + b"\n{oops\n" + body,
        "not an object": lambda: head + b"\n[]\n" + body,
        "vocab in json": lambda: head + b"\n" + json.dumps(
            {**doc, "model": {**doc["model"], "vocab": {}}}).encode() + b"\n" + body,
        "section type": lambda: head + b"\n" + json.dumps(
            {**doc, "pre_tokenizer": 5}).encode() + b"\n" + body,
        "truncated": lambda: packed[:-1],
        "extra byte": lambda: packed + b"\0",
        "short": lambda: head + b"\n" + line + b"\n" + body[:100],
        "repeated token": lambda: head + b"\n" + line + b"\n" + lengths + ids
        + blob[:1] + blob[:1] + blob[2:] + pairs,
        "merge position": lambda: head + b"\n" + line + b"\n" + lengths + ids + blob
        + pairs[:-4] + (9999).to_bytes(4, "little"),
        "empty token": lambda: head + b"\n" + line + b"\n" + b"\0\0" + lengths[2:-2]
        + (int.from_bytes(lengths[-2:], "little") + 1).to_bytes(2, "little") + ids + blob
        + pairs,
        "merge result": lambda: head + b"\n" + line + b"\n" + lengths + ids + blob
        + pairs[:-8] + pairs[4:8] + pairs[:4],
        "duplicate id": lambda: head + b"\n" + line + b"\n" + lengths + ids[4:8] + ids[4:]
        + blob + pairs,
    }
    return changes[part]()


@pytest.mark.parametrize("part, message", [
    ("magic", "not a packed BPE file of version 1"),
    ("counts", "not a packed BPE file"),
    ("json", "not valid JSON"),
    ("not an object", "expected a JSON object"),
    ("vocab in json", "belong in the arrays"),
    ("section type", "pre_tokenizer must be a JSON object"),
    ("truncated", "bytes of arrays, not the"),
    ("extra byte", "bytes of arrays, not the"),
    ("short", "fewer than the 260 tokens and 4 merges need"),
    ("repeated token", "a token is listed twice"),
    ("merge position", "merge 4 names token 9,999, outside the 260 tokens"),
    ("empty token", "is not a non-empty bytes value"),
    ("merge result", r"merge 4 .*is not a token"),
    ("duplicate id", "given to more than one token"),
])
def test_every_damaged_part_is_named(tiny, part, message):
    with pytest.raises(VocabFileError, match=f"^tiny.packed: .*{message}"):
        load_packed_bpe(_damaged(tiny[1], part), name="tiny.packed")


def test_a_file_that_is_not_the_shipped_one_fails_its_hash(tiny):
    with pytest.raises(VocabFileError, match="tiny.packed: sha256 is .* expected 0+;"):
        load_packed_bpe(tiny[1], name="tiny.packed", expected_hash="0" * 64)


def test_only_a_tokenizer_json_that_loads_and_is_byte_level_is_packed():
    with pytest.raises(VocabFileError, match="model.merges"):
        pack_tokenizer_json(json.dumps({**TINY, "model": {**TINY["model"], "merges": 3}})
                            .encode(), name="bad.json")
    with pytest.raises(VocabFileError, match="longer than 65,535 bytes"):
        long = {**TINY["model"]["vocab"], "a" * 70_000: 262}
        pack_tokenizer_json(json.dumps({**TINY, "model": {**TINY["model"], "vocab": long}})
                            .encode(), name="long.json")
    with pytest.raises(VocabFileError, match="only byte-level BPE"):
        pack_tokenizer_json(_ref("mistral_v1.tokenizer.json").read_bytes())
