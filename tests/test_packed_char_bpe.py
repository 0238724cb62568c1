"""Packed SentencePiece-style BPE (``formats.packed_char_bpe``): a packed tokenizer.json whose BPE
has byte fallback loads to the encoding its tokenizer.json gives, the shipped Gemma 2 / 3 files
to the official ones (same ids and text back on the corpora and hypothesis text), and every
damaged part of a packed file raises a ``VocabFileError`` naming the file and the part."""

from __future__ import annotations

import gzip
import json

import pytest
from hypothesis import given, settings
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL, utf8_texts
from zoo_oracles import _ref

import bbpe_core
from bbpe_core import VocabFileError
from bbpe_core.formats.packed_char_bpe import load_packed_char_bpe, pack_char_bpe_json

TINY = {
    "added_tokens": [
        {"id": 0, "content": "<pad>", "special": True},
        {"id": 1, "content": "<unk>", "special": True},
        {"id": 2, "content": "<bos>", "special": True},
        {"id": 12, "content": "<mask>", "special": False},
    ],
    "normalizer": {"type": "Replace", "pattern": {"String": " "}, "content": "▁"},
    "pre_tokenizer": {"type": "Split", "pattern": {"String": " "},
                      "behavior": "MergedWithPrevious", "invert": False},
    "post_processor": {"type": "TemplateProcessing",
                       "single": [{"SpecialToken": {"id": "<bos>", "type_id": 0}},
                                  {"Sequence": {"id": "A", "type_id": 0}}],
                       "pair": [{"Sequence": {"id": "A", "type_id": 0}},
                                {"Sequence": {"id": "B", "type_id": 1}}],
                       "special_tokens": {"<bos>": {"id": "<bos>", "ids": [2],
                                                   "tokens": ["<bos>"]}}},
    "decoder": {"type": "Sequence", "decoders": [
        {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
        {"type": "ByteFallback"}, {"type": "Fuse"}]},
    "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "fuse_unk": True,
              "byte_fallback": True, "ignore_merges": False,
              "vocab": {"a": 4, "b": 3, "<pad>": 0, "<unk>": 1, "<bos>": 2, "▁": 5, "▁a": 6,
                        "ab": 7, "▁ab": 8, "c": 9, "abc": 10, "你好": 11, "<mask>": 12,
                        "你": 13, "好": 14, "<0xC3>": 15, "<0xA9>": 16, "z": 17},
              "merges": [["a", "b"], ["ab", "c"], ["▁", "a"], ["▁a", "b"], ["你", "好"]]},
}
"""A small Gemma-like tokenizer.json (HF tokenizers loads it, and gives the ids asserted below):
ids not in the vocabulary's order, byte pieces for é only (other unknown characters fuse into
``<unk>``), added tokens special and not, a post-processor; the text ends with an ASCII
piece."""
TEXTS = ["ab abc", "", "  é ab\n", "<bos>ab<mask>你好 xyz", "abcabc  ▁a", "好你"]


def _tables(enc) -> tuple:
    """Everything that decides a SentencePiece-style BPE encoding's ids and how they show."""
    model, table = enc.encoder, enc.vocab
    return (model.piece_ids, list(model.merges), model.byte_ids, model.unk_id, model.fuse_unk,
            model.user_defined, repr(model.pre_tokenizer), table.pieces, table.id_to_bytes,
            table.surface, enc.special_tokens, enc.added_tokens, enc.n_vocab,
            repr(enc.pre_tokenizer), repr(enc.normalizer), repr(enc.post_processor),
            repr(enc.decoder))


def _same_results(loaded, original, texts) -> None:
    for text in texts:
        ids = loaded.encode(text, allowed_special="all")
        assert ids == original.encode(text, allowed_special="all"), repr(text[:40])
        assert loaded.decode(ids) == original.decode(ids)


@pytest.fixture(scope="module")
def tiny() -> tuple[bytes, bytes]:
    """The small tokenizer.json and its packed form."""
    data = json.dumps(TINY, ensure_ascii=False).encode()
    return data, pack_char_bpe_json(data, name="tiny.json")


def test_a_packed_file_loads_to_the_encoding_of_its_tokenizer_json(tiny):
    data, packed = tiny
    assert pack_char_bpe_json(data, name="tiny.json") == packed  # the same bytes again
    original = bbpe_core.load_hf_tokenizer_json(data)
    for loaded in (load_packed_char_bpe(packed), load_packed_char_bpe(gzip.compress(packed)),
                   load_packed_char_bpe(packed, merges_checked=True)):
        assert _tables(loaded) == _tables(original)
        _same_results(loaded, original, TEXTS)
    assert original.encode("ab abc é") == [7, 5, 10, 5, 15, 16]  # HF tokenizers' ids
    assert original.encode("▁ab xyz") == [5, 7, 5, 1, 17]  # a b first; x y one fused <unk>


@pytest.fixture(scope="module", params=["gemma2", "gemma3"])
def gemma(request) -> tuple:
    """A shipped Gemma encoding (packed) and the official tokenizer.json's."""
    name = request.param
    official = bbpe_core.load_hf_tokenizer_json(_ref(f"{name}.tokenizer.json"), name=name,
                                                pattern_timeout=None)
    return bbpe_core.get_encoding(name), official


def test_the_shipped_gemma_files_are_the_official_tokenizer_json(gemma):
    shipped, official = gemma
    assert _tables(shipped) == _tables(official)
    texts = MULTILINGUAL + ADVERSARIAL + ["<bos><start_of_turn>user\nhi<end_of_turn>"]
    texts += [(CORPORA / f).read_text(encoding="utf-8")[:100_000]
              for f in ("en_python_docs.txt", "zh_tang_poems.txt")]
    _same_results(shipped, official, texts)


@settings(max_examples=60)
@given(text=utf8_texts)
def test_the_shipped_gemma_files_encode_random_text_as_the_official_ones(gemma, text):
    shipped, official = gemma
    _same_results(shipped, official, [text])


def _damaged(packed: bytes, part: str) -> bytes:
    """``packed`` with one part changed (the tiny file: 18 pieces, 5 merges)."""
    head, line, body = packed.split(b"\n", 2)
    n, m = map(int, head.split()[2:])
    lengths, ids = body[:2 * n], body[2 * n:6 * n]
    pairs, text = body[6 * n:6 * n + 8 * m], body[6 * n + 8 * m:]
    doc = json.loads(line)
    assert text.startswith(b"ab") and doc["model"]["type"] == "BPE"

    def with_doc(changed: dict) -> bytes:
        return head + b"\n" + json.dumps(changed).encode() + b"\n" + body

    def with_body(*parts: bytes) -> bytes:
        return head + b"\n" + line + b"\n" + b"".join(parts)

    model = doc["model"]
    changes = {
        "magic": lambda: b"bbpe-packed-char-bpe 2" + head[22:] + b"\n" + line + b"\n" + body,
        "counts": lambda: head + b"x\n" + line + b"\n" + body,
        "too many": lambda: b"bbpe-packed-char-bpe 1 99999999 5\n" + line + b"\n" + body,
        "merges count": lambda: b"bbpe-packed-char-bpe 1 18 4\n" + line + b"\n" + body,
        "json": lambda: head + b"\n{oops\n" + body,
        "not an object": lambda: head + b"\n[]\n" + body,
        "vocab in json": lambda: with_doc({**doc, "model": {**model, "merges": []}}),
        "no byte fallback": lambda: with_doc({**doc, "model": {**model, "byte_fallback": False}}),
        "section type": lambda: with_doc({**doc, "pre_tokenizer": 5}),
        "unk token": lambda: with_doc({**doc, "model": {**model, "unk_token": "<zz>"}}),
        "short": lambda: with_body(body[:100]),
        "truncated": lambda: packed[:-1],
        "extra character": lambda: packed + b"z",
        "not utf-8": lambda: packed[:-1] + b"\xff",
        "repeated piece": lambda: with_body(lengths, ids, pairs, b"aa", text[2:]),
        "duplicate id": lambda: with_body(lengths, ids[:4] + ids[:4] + ids[8:], pairs, text),
        "merge position": lambda: with_body(lengths, ids, pairs[:-4]
                                            + (9999).to_bytes(4, "little"), text),
        "merge result": lambda: with_body(lengths, ids, pairs[4:8] + pairs[:4] + pairs[8:],
                                          text),
    }
    return changes[part]()


@pytest.mark.parametrize("part, message", [
    ("magic", "not a packed SentencePiece-style BPE file of version 1"),
    ("counts", "not a packed SentencePiece-style BPE file"),
    ("too many", "more than .* pieces"),
    ("merges count", "bytes of arrays|characters of pieces|not UTF-8"),
    ("json", "not valid JSON"),
    ("not an object", "expected a JSON object"),
    ("vocab in json", "model.vocab and model.merges belong in the arrays"),
    ("no byte fallback", "must be an object of type BPE with byte_fallback true"),
    ("section type", "pre_tokenizer"),
    ("unk token", "unk_token '<zz>' is not in model.vocab"),
    ("short", "fewer than the 18 pieces and 5 merges need"),
    ("truncated", "characters of pieces, not the"),
    ("extra character", "characters of pieces, not the"),
    ("not utf-8", "the pieces are not UTF-8 text"),
    ("repeated piece", "a piece is listed twice"),
    ("duplicate id", "model.vocab gives an id to more than one piece"),
    ("merge position", "merge 5 names piece 9,999, outside the 18 pieces"),
    ("merge result", r"merge \('b', 'a'\) makes a piece not in model.vocab"),
])
def test_every_damaged_part_is_named(tiny, part, message):
    with pytest.raises(VocabFileError, match=f"^tiny.packed: .*({message})"):
        load_packed_char_bpe(_damaged(tiny[1], part), name="tiny.packed")


def test_a_file_that_is_not_the_shipped_one_fails_its_hash(tiny):
    with pytest.raises(VocabFileError, match="tiny.packed: sha256 is .* expected 0+;"):
        load_packed_char_bpe(tiny[1], name="tiny.packed", expected_hash="0" * 64)


def test_only_a_tokenizer_json_that_loads_with_byte_fallback_is_packed():
    with pytest.raises(VocabFileError, match="unk_token"):
        model = {**TINY["model"], "unk_token": "<zz>"}
        pack_char_bpe_json(json.dumps({**TINY, "model": model}).encode(), name="bad.json")
    with pytest.raises(VocabFileError, match="longer than 65,535 characters"):
        model = {**TINY["model"], "vocab": {**TINY["model"]["vocab"], "a" * 70_000: 18}}
        pack_char_bpe_json(json.dumps({**TINY, "model": model}).encode(), name="long.json")
    with pytest.raises(VocabFileError, match="only a BPE tokenizer.json with byte fallback"):
        pack_char_bpe_json(_ref("qwen3.tokenizer.json").read_bytes())


def test_a_merge_whose_part_is_no_piece_is_refused_as_hf_tokenizers_does():
    """HF tokenizers' ``BpeBuilder::build`` refuses it (``MergeTokenOutOfVocabulary``); the
    merge list is kept as piece positions, which such a part has none of."""
    model = {**TINY["model"], "merges": [*TINY["model"]["merges"], ["x", "z"]],
             "vocab": {**TINY["model"]["vocab"], "xz": 18}}
    with pytest.raises(VocabFileError, match=r"merge \('x', 'z'\) has a part not in model.vocab"):
        bbpe_core.load_hf_tokenizer_json(json.dumps({**TINY, "model": model}).encode())
