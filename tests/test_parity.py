"""Ids identical to tiktoken's, for all three encodings, on any input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from samples import MULTILINGUAL

WHITESPACE = "\t \r\n\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2028\u2029\u202f\u205f\u3000\ufeff"

text_pieces = st.one_of(
    st.text(min_size=0, max_size=40),
    st.text(alphabet=WHITESPACE, max_size=10),
    st.text(alphabet="0123456789.,", max_size=12),
    st.sampled_from(["'s", "'S", "'re", "'RE", "'ll", "'Ve", "'d", "'t", "'M", "n't"]),
    st.text(alphabet="😀👩‍👧🇺🇳é\u0301中文字한국어", max_size=8),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=20),
    st.sampled_from([" ", "  ", "\n", "\r\n", "/", "//", "\n/", "Hello", "WORLD", "camelCase"]),
)
texts = st.lists(text_pieces, max_size=8).map("".join)


@given(text=texts)
def test_encode_ordinary_matches_tiktoken(enc, oracle, text):
    assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)


@given(text=texts)
def test_decode_round_trip(enc, text):
    assert enc.decode(enc.encode_ordinary(text)) == text


@given(text=st.text(max_size=30))
def test_surrogates_as_tiktoken(enc, oracle, text):
    text = "\ud83d\ude00" + text + "\ud800" + "a\udfff"
    assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)


@pytest.mark.parametrize("text", MULTILINGUAL)
def test_real_text(enc, oracle, text):
    assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)
    assert enc.decode(enc.encode_ordinary(text)) == text


@pytest.mark.parametrize("ws", list(WHITESPACE) + ["\r\n", "  \n", "\n  \n", " \t "])
def test_every_whitespace(enc, oracle, ws):
    for text in (ws, "a" + ws + "b", ws * 3 + "x", "x" + ws * 3, "!" + ws + "\n", "1" + ws):
        assert enc.encode_ordinary(text) == oracle.encode_ordinary(text), repr(text)


def test_known_vectors():
    from bbpe_core import get_encoding

    gpt2, cl100k = get_encoding("gpt2"), get_encoding("cl100k_base")
    assert gpt2.encode("朋友，it's a good day.") == [
        17312, 233, 20998, 233, 171, 120, 234, 270, 338, 257, 922, 1110, 13]
    assert gpt2.encode("hello world") == [31373, 995]
    assert gpt2.encode("    return x") == [220, 220, 220, 1441, 2124]
    assert cl100k.encode("'rer") == [2351, 81]
    assert cl100k.encode("today\n \n") == [31213, 27907]
    assert cl100k.encode("hello <|endoftext|>", allowed_special="all") == [15339, 220, 100257]


def test_seed_tokenize_vector():
    from bbpe_core import get_encoding

    assert get_encoding("gpt2").tokenize("你好 ma") == ["ä½", "ł", "å¥", "½", "Ġma"]
    # seed 000 prints the tokens of "朋友，it's a good day." (its "," lost the full width)
    assert get_encoding("gpt2").tokenize("朋友，it's a good day.") == [
        "æľ", "ĭ", "åı", "ĭ", "ï", "¼", "Į", "it", "'s", "Ġa", "Ġgood", "Ġday", "."]


@given(text=texts, special=st.sampled_from(["<|endoftext|>", "<|endofprompt|>"]))
def test_special_tokens_match_tiktoken(enc, oracle, text, special):
    if special not in enc.special_tokens_set:
        special = "<|endoftext|>"
    full = text + special + text
    assert enc.encode(full, allowed_special="all") == oracle.encode(full, allowed_special="all")
    assert enc.encode(full, disallowed_special=()) == oracle.encode(full, disallowed_special=())


def test_batch(enc, oracle):
    assert enc.encode_batch(MULTILINGUAL) == oracle.encode_batch(MULTILINGUAL)
