"""The WordPiece model and decoder on small vocabularies, against HF tokenizers' WordPiece."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer, decoders
from tokenizers.models import WordPiece
from tokenizers.pre_tokenizers import WhitespaceSplit

from bbpe_core.models.wordpiece.model import WordPieceDecoder, WordPieceEncoder
from bbpe_core.pre_tokenizers import BertPreTokenizer, Split

VOCAB = {"[UNK]": 0, "a": 1, "ab": 2, "##b": 3, "##bc": 4, "##c": 5, "c": 6, "##a": 7,
         "abc": 8, "##": 9, "#": 10, "é": 11}


def _encoder(**kw) -> WordPieceEncoder:
    return WordPieceEncoder(VOCAB, BertPreTokenizer(), **kw)


def test_the_longest_piece_is_taken_first_and_continuations_carry_the_prefix():
    assert _encoder().word_pieces("abcbc") == [(8, 0, 3), (4, 3, 5)]
    assert _encoder().word_pieces("aab") == [(1, 0, 1), (7, 1, 2), (3, 2, 3)]


def test_a_word_without_full_cover_is_one_unknown_token_spanning_it():
    assert _encoder().word_pieces("abd") == [(0, 0, 3)]
    assert _encoder().encode_segment("abd a") == [0, 1]


def test_a_word_of_100_characters_is_cut_and_one_of_101_is_unknown():
    assert _encoder().encode_chunk("a" * 100) == [1] + [7] * 99
    assert _encoder().encode_chunk("a" * 101) == [0]
    assert _encoder(max_input_chars_per_word=3).encode_chunk("aaaa") == [0]


def test_a_vocabulary_without_the_unknown_token_is_refused():
    with pytest.raises(ValueError, match="no unknown token '\\[UNK\\]'"):
        WordPieceEncoder({"a": 0}, BertPreTokenizer())


def test_the_cache_is_bounded_and_clearing_it_keeps_the_ids():
    enc = _encoder(cache_size=4)
    words = " ".join(["a", "ab", "abc", "c", "ca", "cab", "aa"] * 3)
    first = enc.encode_segment(words)
    assert len(enc._cache) <= 4
    enc.clear_cache()
    assert enc.encode_segment(words) == first


def _hf(vocab: dict[str, int], max_chars: int = 100) -> Tokenizer:
    tok = Tokenizer(WordPiece(vocab, unk_token="[UNK]", max_input_chars_per_word=max_chars))
    tok.pre_tokenizer = WhitespaceSplit()
    return tok


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="abcé#", min_size=1, max_size=12), max_size=6),
       st.integers(1, 12))
def test_words_cut_as_hf_wordpiece(words, max_chars):
    ours = WordPieceEncoder(VOCAB, Split(r"\s+", "Removed"), max_input_chars_per_word=max_chars)
    text = " ".join(words)
    assert ours.encode_segment(text) == _hf(VOCAB, max_chars).encode(text).ids


TOKENS = st.lists(st.one_of(
    st.sampled_from(["##", "##ing", "##s", ".", ",", "?", "!", "'", "n't", "'m", "do", "not",
                     "'s", "'ve", "'re", "a", "##.", " ", "do not", "[CLS]"]),
    st.text(alphabet="ab#.,' ", max_size=5)), max_size=10)


@settings(max_examples=300, deadline=None)
@given(TOKENS, st.booleans())
def test_tokens_decode_as_hf_wordpiece_decoder(tokens, cleanup):
    theirs = decoders.WordPiece(prefix="##", cleanup=cleanup).decode(tokens)
    assert WordPieceDecoder(cleanup=cleanup).decode(tokens) == theirs


def test_decoder_glues_continuations_and_cleans_punctuation_but_not_split_apostrophes():
    # cleanup runs on each token, so " ' " (three characters) never matches one
    assert WordPieceDecoder().decode(["##a", "play", "##ing", "!", "it", "'", "s"]) == (
        "##a playing! it ' s")
