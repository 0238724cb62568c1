"""docs/architecture.md's worked example, run: a model kind none of the shipped encodings has
(HF tokenizers' ``WordLevel``: each word is one token or the unknown token) becomes an
encoding through one registry row's builder, ``registry.from_stages``, from a stages function
that imports no ``Encoding`` (a model kind's package sits below it)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bbpe_core.encodings.registry import ShippedEncoding, from_stages
from bbpe_core.models.base import Encoder
from bbpe_core.pre_tokenizers import PreTokenizer, RegexSplit
from bbpe_core.source import VocabFileError, read_json_object
from bbpe_core.token_table import TokenTable


class WordLevelEncoder(Encoder):
    """models/wordlevel/model.py of the example."""

    model_kind = "WordLevel"

    def __init__(self, vocab: dict[str, int], pre_tokenizer: PreTokenizer, unk_token: str):
        self.vocab, self.pre_tokenizer = vocab, pre_tokenizer
        self.unk_id = vocab[unk_token]

    def encode_chunk(self, chunk: str) -> list[int]:
        return [self.vocab.get(chunk, self.unk_id)]

    def encode_segment(self, segment: str) -> list[int]:
        return [i for chunk in self.pre_tokenizer.chunks(segment)
                for i in self.encode_chunk(chunk)]

    def clear_cache(self) -> None:
        """No cache to clear."""


def wordlevel_stages(data: bytes, name: str = "wordlevel_demo") -> dict[str, Any]:
    """models/wordlevel/stages.py of the example: its file (a JSON vocabulary) -> stages."""
    vocab, _ = read_json_object(data, name=name)
    split = RegexSplit(r"\S+|\s+")
    return {"name": name, "model": WordLevelEncoder(vocab, split, "[UNK]"),
            "vocab": TokenTable(name, {i: t for t, i in vocab.items()},
                                {i: t.encode() for t, i in vocab.items()}, {}),
            "pre_tokenizer": split}


VOCAB = json.dumps({"[UNK]": 0, "hello": 1, "world": 2, " ": 3}).encode()


def test_a_new_kind_is_one_row_whose_builder_names_its_stages():
    row = ShippedEncoding(from_stages(wordlevel_stages), ("wordlevel_demo.json.gz",),
                          "A word-level demo", "HF", ())
    enc = row.build(VOCAB)
    assert enc.name == "wordlevel_demo" and enc.model_kind == "WordLevel"
    assert enc.encode("hello world hi") == [1, 3, 2, 3, 0]
    assert enc.decode([1, 3, 2]) == "hello world"


def test_what_the_stages_refuse_reaches_the_caller():
    with pytest.raises(VocabFileError):
        from_stages(wordlevel_stages)(b"[1, 2]")
