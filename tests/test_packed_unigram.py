"""Packed Unigram (``formats.packed_unigram``): a packed tokenizer.json loads to the encoding its
tokenizer.json gives (scores to the last bit, as HF's parser reads them), the shipped T5 and
umT5 files to the official ones, and every damaged part of a packed file raises a
``VocabFileError`` naming the file."""

from __future__ import annotations

import gzip
import json
import struct

import pytest
from zoo_oracles import _ref

import bbpe_core
from bbpe_core import VocabFileError
from bbpe_core.formats.hf_unigram import serde_float
from bbpe_core.formats.packed_unigram import load_packed_unigram, pack_unigram_json

METASPACE = {"type": "Metaspace", "replacement": "▁", "add_prefix_space": True}
TINY = {
    "added_tokens": [{"id": 0, "content": "<unk>", "special": True},
                     {"id": 7, "content": "</s>", "special": True}],
    "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFKC"}]},
    "pre_tokenizer": METASPACE,
    "post_processor": {"type": "TemplateProcessing",
                       "single": [{"Sequence": {"id": "A", "type_id": 0}},
                                  {"SpecialToken": {"id": "</s>", "type_id": 0}}],
                       "pair": [{"Sequence": {"id": "A", "type_id": 0}},
                                {"Sequence": {"id": "B", "type_id": 0}}],
                       "special_tokens": {"</s>": {"id": "</s>", "ids": [7], "tokens": ["</s>"]}}},
    "decoder": METASPACE,
    "model": {"type": "Unigram", "unk_id": 0, "vocab": [
        ["<unk>", 0.0], ["▁", -2.5], ["▁a", -1.5], ["a", -2.0122928619384766],
        ["b", -3.000000000000001], ["ab", -12.130167007446289], ["▁ab", -4], ["</s>", 0.0],
        ["é", -5.5], ["\n", -6.25]]},
}
"""A small tokenizer.json: 17-digit scores HF's parser reads one unit in the last place off
the correctly rounded value (``serde_float``), an integer score, a piece of two bytes, NFKC,
special tokens and a post-processor."""
TEXTS = ["ab a b", "", "  ａｂ é\nab", "ab</s>c", "xyz"]


def _tables(enc) -> tuple:
    """Everything that decides a Unigram encoding's ids and how they are shown."""
    model = enc.encoder
    return (model.pieces, model.scores, model.unk_id, model.byte_fallback, model.flavour,
            enc.special_tokens, enc.added_tokens, enc.n_vocab, repr(enc.pre_tokenizer),
            repr(enc.post_processor), repr(enc.decoder), repr(enc.normalizer))


@pytest.fixture(scope="module")
def tiny() -> tuple[bytes, bytes]:
    """The small tokenizer.json and its packed form."""
    data = json.dumps(TINY, ensure_ascii=False).encode()
    return data, pack_unigram_json(data, name="tiny.json")


@pytest.mark.parametrize("name", ["t5", "umt5"])
def test_the_shipped_files_are_the_official_tokenizer_json(name):
    official = bbpe_core.load_hf_tokenizer_json(_ref(f"{name}.tokenizer.json"), name=name)
    shipped = bbpe_core.get_encoding(name)
    assert _tables(shipped) == _tables(official)
    text = "Hello  world, ＡＢＣ ﬁ ½ 你好世界 <extra_id_0> \t\n ☃"
    assert shipped.encode(text, allowed_special="all") == official.encode(
        text, allowed_special="all")
    assert shipped.normalizer.normalize(text) == official.normalizer.normalize(text)


def test_a_packed_file_loads_to_the_encoding_of_its_tokenizer_json(tiny):
    data, packed = tiny
    assert pack_unigram_json(data, name="tiny.json") == packed  # the same bytes again
    original = bbpe_core.load_hf_tokenizer_json(data)
    assert original.encoder.scores[3] == serde_float("-2.0122928619384766")
    assert original.encoder.scores[3] != float("-2.0122928619384766")  # the case that matters
    for loaded in (load_packed_unigram(packed), load_packed_unigram(gzip.compress(packed))):
        assert _tables(loaded) == _tables(original)
        for text in TEXTS:
            ids = loaded.encode(text, allowed_special="all")
            assert ids == original.encode(text, allowed_special="all")
            assert loaded.decode(ids) == original.decode(ids)
    assert original.encode("ab a") == [6, 2]


def _damaged(packed: bytes, part: str) -> bytes:
    """``packed`` with one part changed (the tiny file: ten pieces)."""
    head, line, body = packed.split(b"\n", 2)
    n = int(head.split()[2])
    lengths, scores, text = body[:2 * n], body[2 * n:10 * n], body[10 * n:]
    doc = json.loads(line)

    def with_doc(changed: dict) -> bytes:
        return head + b"\n" + json.dumps(changed).encode() + b"\n" + body

    changes = {
        "magic": lambda: b"bbpe-packed-unigram 2" + head[21:] + b"\n" + line + b"\n" + body,
        "counts": lambda: head + b"x\n" + line + b"\n" + body,
        "too many": lambda: b"bbpe-packed-unigram 1 99999999\n" + line + b"\n" + body,
        "none": lambda: b"bbpe-packed-unigram 1 0\n" + line + b"\n",
        "json": lambda: head + b"\n{oops\n" + body,
        "not an object": lambda: head + b"\n[]\n" + body,
        "vocab in json": lambda: with_doc({**doc, "model": {**doc["model"], "vocab": []}}),
        "not unigram": lambda: with_doc({**doc, "model": {**doc["model"], "type": "BPE"}}),
        "section type": lambda: with_doc({**doc, "pre_tokenizer": 5}),
        "unk id": lambda: with_doc({**doc, "model": {**doc["model"], "unk_id": 10}}),
        "short": lambda: head + b"\n" + line + b"\n" + body[:15],
        "truncated": lambda: packed[:-1],
        "extra character": lambda: packed + b"z",
        "not utf-8": lambda: packed[:-1] + b"\xff",
        "score": lambda: head + b"\n" + line + b"\n" + lengths + struct.pack("<d", float("nan"))
        + scores[8:] + text,
    }
    return changes[part]()


@pytest.mark.parametrize("part, message", [
    ("magic", "not a packed Unigram file of version 1"),
    ("counts", "not a packed Unigram file"),
    ("too many", "more than .* pieces"),
    ("none", "model.vocab must be a non-empty list"),
    ("json", "not valid JSON"),
    ("not an object", "expected a JSON object"),
    ("vocab in json", "model.vocab belong in the arrays"),
    ("not unigram", "must be an object of type Unigram"),
    ("section type", "pre_tokenizer"),
    ("unk id", "model.unk_id must be null or an id below 10"),
    ("short", "fewer than the 10 pieces need"),
    ("truncated", "characters of pieces, not the"),
    ("extra character", "characters of pieces, not the"),
    ("not utf-8", "the pieces are not UTF-8 text"),
    ("score", "a score is not a finite number"),
])
def test_every_damaged_part_is_named(tiny, part, message):
    with pytest.raises(VocabFileError, match=f"^tiny.packed: .*{message}"):
        load_packed_unigram(_damaged(tiny[1], part), name="tiny.packed")


def test_a_file_that_is_not_the_shipped_one_fails_its_hash(tiny):
    with pytest.raises(VocabFileError, match="tiny.packed: sha256 is .* expected 0+;"):
        load_packed_unigram(tiny[1], name="tiny.packed", expected_hash="0" * 64)


def test_only_a_unigram_tokenizer_json_that_loads_is_packed():
    with pytest.raises(VocabFileError, match=r"model.vocab\[1\] is not \[piece, score\]"):
        bad = [["<unk>", 0.0], ["a", "x"]]
        pack_unigram_json(json.dumps({**TINY, "model": {**TINY["model"], "vocab": bad}})
                          .encode(), name="bad.json")
    with pytest.raises(VocabFileError, match="8,000 bytes or more"):  # one piece cap
        long = [*TINY["model"]["vocab"], ["a" * 70_000, -9.0]]
        pack_unigram_json(json.dumps({**TINY, "model": {**TINY["model"], "vocab": long}})
                          .encode(), name="long.json")
    with pytest.raises(VocabFileError, match="only a Unigram tokenizer.json"):
        pack_unigram_json(_ref("mistral_v1.tokenizer.json").read_bytes())
