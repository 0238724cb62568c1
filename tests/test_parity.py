"""Ids identical to tiktoken's, for all three encodings, on any input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from samples import MULTILINGUAL, WHITESPACE, texts


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
    # a well-known GPT2Tokenizer example prints the tokens of "朋友，it's a good day." (its ","
    # lost the full width)
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


def _pinned_code_points() -> list[str]:
    from bbpe_core.pre_tokenizers.unicode_pin import PINNED_CLASSES

    points = {a for add, remove in PINNED_CLASSES.values() for a, _ in add + remove}
    points |= {b for add, remove in PINNED_CLASSES.values() for _, b in add + remove}
    return sorted(chr(p) for p in points)


def test_regex_is_the_version_the_unicode_pin_was_made_for():
    import regex

    from bbpe_core.pre_tokenizers.unicode_pin import REGEX_VERSION

    assert regex.__version__ == REGEX_VERSION, "regenerate bbpe_core/pre_tokenizers/unicode_pin.py"


@pytest.mark.parametrize("ch", _pinned_code_points())
def test_characters_whose_class_changed_in_unicode_17(enc, oracle, ch):
    for text in (ch + "\ufffda", "a" + ch + "b", " " + ch * 3 + "1", "X" + ch + "'s"):
        assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)


@given(text=st.text(alphabet=st.sampled_from(_pinned_code_points() + list("aZ1 '\ufffd")),
                    max_size=12))
def test_unicode_17_mixtures(enc, oracle, text):
    assert enc.encode_ordinary(text) == oracle.encode_ordinary(text)
