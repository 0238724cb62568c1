"""Phi-4 (``phi4``): cl100k_base's ranks and pattern with the 96 special tokens torchtune 0.6.1
declares (``models/phi4/_tokenizer.py``, ``PHI4_SPECIAL_TOKENS``), against tiktoken built
from cl100k_base's ranks (parsed by ``oracles``) and that table, and the table against
torchtune's file itself."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, MULTILINGUAL
from zoo_oracles import REFS

import bbpe_core
from oracles import TIKTOKEN_PATTERNS
from oracles import _ranks as tiktoken_ranks

tiktoken = pytest.importorskip("tiktoken")


@pytest.fixture(scope="module")
def pair():
    enc = bbpe_core.get_encoding("phi4")
    oracle = tiktoken.Encoding("phi4", pat_str=TIKTOKEN_PATTERNS["cl100k_base"],
                               mergeable_ranks=tiktoken_ranks("cl100k_base"),
                               special_tokens=enc.special_tokens)
    return enc, oracle


def test_special_tokens_are_torchtunes():
    path = REFS / "torchtune_phi4_tokenizer.py"
    if not path.exists():
        pytest.skip(f"{path} missing: run python3 scripts/fetch_vocabularies.py --no-ship "
                    "--references tests/.refs")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    literal = next(ast.literal_eval(node.value) for node in tree.body
                   if isinstance(node, ast.Assign)
                   and getattr(node.targets[0], "id", "") == "PHI4_SPECIAL_TOKENS")
    special = bbpe_core.get_encoding("phi4").special_tokens
    assert literal.items() <= special.items() and len(literal) == 12
    assert sorted(special.values()) == list(range(100256, 100352))  # the rest: <|dummy_N|>
    assert all(t.startswith("<|dummy_") for t in special.keys() - literal.keys())
    assert special["<|im_start|>"] == 100264 and special["<|im_sep|>"] == 100266


@pytest.mark.parametrize("text", MULTILINGUAL + ADVERSARIAL)
def test_phi4_equals_tiktoken(pair, text):
    enc, oracle = pair
    assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)
    assert enc.encode_ordinary(text) == bbpe_core.get_encoding("cl100k_base").encode_ordinary(text)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60))
def test_phi4_equals_tiktoken_with_its_special_tokens(pair, text):
    enc, oracle = pair
    chat = f"<|im_start|>user<|im_sep|>{text}<|im_end|><|dummy_85|>"
    assert enc.encode(chat, allowed_special="all") == oracle.encode(chat, allowed_special="all")


def test_phi4_shares_cl100k_ranks_and_is_found_by_name():
    enc = bbpe_core.get_encoding("phi4")
    assert enc.mergeable_ranks is bbpe_core.get_encoding("cl100k_base").mergeable_ranks
    assert enc.n_vocab == 100352 and enc.post_process([1]) == [1]
    assert bbpe_core.encoding_for_model("microsoft/phi-4") is enc
    with pytest.raises(ValueError, match="disallowed special token"):
        enc.encode("<|im_start|>")
