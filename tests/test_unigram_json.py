"""The Unigram tokenizer.json writer's scores: HF tokenizers holds the very float we wrote
(read back from its own serialization), where ``repr`` would be one unit off."""

from __future__ import annotations

import json
import random
from array import array

import pytest

from bbpe_core.formats.hf_unigram import serde_float
from bbpe_core.formats.unigram_json import dumps_tokenizer_json, hf_number

tokenizers = pytest.importorskip("tokenizers")


def _doc(scores: list[float]) -> dict:
    return {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
            "normalizer": None, "pre_tokenizer": None, "post_processor": None, "decoder": None,
            "model": {"type": "Unigram", "unk_id": 0, "byte_fallback": False,
                      "vocab": [["<unk>", 0.0]] + [[f"p{i}", s] for i, s in enumerate(scores)]}}


def _held_by_hf(text: str) -> list[float]:
    held = json.loads(tokenizers.Tokenizer.from_str(text).to_str())
    return [s for _, s in held["model"]["vocab"][1:]]


def test_a_score_repr_misreads_is_written_so_hf_holds_it():
    x = -7.6182780265808105  # a Jurassic-2 score (a 32-bit float)
    assert serde_float(repr(x)) != x
    assert serde_float(hf_number(x)) == x
    assert _held_by_hf(dumps_tokenizer_json(_doc([x]))) == [x]


def test_hf_holds_what_serde_float_says_for_many_32_bit_scores():
    rng = random.Random(7)
    scores = list(array("f", [rng.uniform(-20.0, 0.0) for _ in range(2000)]))
    held = _held_by_hf(dumps_tokenizer_json(_doc(scores)))
    exact = [serde_float(hf_number(x)) == x for x in scores]
    assert sum(exact) > 0.99 * len(scores)
    assert [h for h, e in zip(held, exact) if e] == [x for x, e in zip(scores, exact) if e]
    naive = _held_by_hf(json.dumps(_doc(scores)))
    assert naive != scores  # repr alone loses some


def test_non_finite_scores_are_refused():
    with pytest.raises(ValueError, match="cannot be written in JSON"):
        hf_number(float("nan"))
