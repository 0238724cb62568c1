"""``chunk_text``'s promises, checked with hypothesis on each model kind: byte-level BPE
(gpt2, cl100k_base), SentencePiece BPE (llama2), WordPiece (bert_base_uncased) and Unigram
(t5). A chunk's count is that chunk encoded alone (counts are not additive across a cut)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bbpe_core
from bbpe_core.chunking import BOUNDARY_KINDS, boundaries, chunk_bounds

KINDS = ["gpt2", "cl100k_base", "llama2", "bert_base_uncased", "t5"]

PIECES = ["Hello", "world", "token", "naïve", "你好", "世界", "🦙", "12345", " ", "  ", "\n",
          "\n\n", "\t", ". ", "! ", "? ", "。", ",", "'s", "<|endoftext|>", "[SEP]", "é",
          "\u200d", "x" * 30]
texts = st.one_of(st.lists(st.sampled_from(PIECES), max_size=40).map("".join),
                  st.text(max_size=80))


@pytest.fixture(scope="module", params=KINDS)
def kind(request):
    return bbpe_core.get_encoding(request.param)


def count(enc, text: str) -> int:
    return len(enc.encode_ordinary(text))


def level(kinds: dict[str, list[int]], k: int) -> int:
    """The index in BOUNDARY_KINDS of the best kind of boundary at ``k`` (4: none)."""
    return next((i for i, kind in enumerate(BOUNDARY_KINDS) if k in kinds[kind]),
                len(BOUNDARY_KINDS))


def bounds_or_too_small(enc, text: str, max_tokens: int, overlap: int = 0):
    """The bounds, or None when max_tokens is below one character's count (checked: the
    refusal names max_tokens, and some character alone is over; a text whose characters each
    fit alone is never refused, though a t5 "Hello" fits 1 token while its "H" alone is 2)."""
    fits_each = all(count(enc, ch) <= max_tokens for ch in text)
    try:
        bounds = chunk_bounds(text, enc, max_tokens, overlap)
    except ValueError as e:
        assert not fits_each and "max_tokens" in str(e)
        return None
    return bounds


@given(text=texts, max_tokens=st.integers(1, 12))
def test_each_chunk_fits_and_they_join_back_to_the_text(kind, text, max_tokens):
    bounds = bounds_or_too_small(kind, text, max_tokens)
    if bounds is None:
        return
    chunks = bbpe_core.chunk_text(text, kind, max_tokens)
    assert chunks == [text[a:b] for a, b in bounds]
    assert "".join(chunks) == text
    assert all(chunks)
    assert all(count(kind, c) <= max_tokens for c in chunks)


@given(text=texts, max_tokens=st.integers(2, 12), data=st.data())
def test_overlap_repeats_the_longest_suffix_that_fits(kind, text, max_tokens, data):
    overlap = data.draw(st.integers(1, max_tokens - 1))
    bounds = bounds_or_too_small(kind, text, max_tokens, overlap)
    if not bounds:
        return
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    kinds = boundaries(text)
    at_boundary = set().union(*kinds.values())
    for (a, b), (c, d) in zip(bounds, bounds[1:]):
        assert a <= c <= b < d  # repeats a suffix of the chunk before, brings text of its own
        if c == b:
            continue
        assert count(kind, text[c:b]) <= overlap
        # the next longer suffix of its kind (boundary, else character) was over the overlap
        # or left no room for the next character
        starts = sorted({a} | {k for k in at_boundary if a < k < b})
        if c not in starts:
            starts = list(range(max(starts) + 1, b))
        if c != starts[0]:
            longer = starts[starts.index(c) - 1]
            assert (count(kind, text[longer:b]) > overlap
                    or count(kind, text[longer:b + 1]) > max_tokens)
    assert all(count(kind, text[a:b]) <= max_tokens for a, b in bounds)
    assert "".join(text[max(a, prev):b] for (a, b), prev
                   in zip(bounds, [0] + [b for _, b in bounds])) == text


@given(text=texts, max_tokens=st.integers(1, 12))
def test_no_better_boundary_that_fits_was_passed_over(kind, text, max_tokens):
    bounds = bounds_or_too_small(kind, text, max_tokens)
    if not bounds:
        return
    kinds = boundaries(text)
    for a, b in bounds[:-1]:
        better = [k for k in range(a + 1, b) if level(kinds, k) < level(kinds, b)]
        assert all(count(kind, text[a:k]) > max_tokens for k in better), (a, b, better)


def test_paragraphs_that_fit_are_kept_whole():
    text = "One two three.\n\nFour five six seven.\nEight nine.\n\nTen."
    assert bbpe_core.chunk_text(text, "gpt2", 12) == [
        "One two three.\n\n", "Four five six seven.\nEight nine.\n\n", "Ten."]
    assert bbpe_core.chunk_text(text, "gpt2", 7) == [
        "One two three.\n\n", "Four five six seven.\n", "Eight nine.\n\nTen."]
    assert bbpe_core.chunk_text(text, "gpt2", 5) == [  # the line is 6 tokens: its sentence
        "One two three.\n\n", "Four five six seven.", "\nEight nine.\n\n", "Ten."]


def test_sentences_then_words_then_characters():
    enc = bbpe_core.get_encoding("gpt2")
    assert bbpe_core.chunk_text("A cat sat. A dog ran far away.", enc, 5) == [
        "A cat sat.", " A dog ran far", " away."]
    assert bbpe_core.chunk_text("abcdefghijklmnopqrstuvwxyz" * 4, enc, 8)[0] != ""


def test_the_repeated_text_is_whole_words_where_they_fit():
    chunks = bbpe_core.chunk_text("one two three four five six", "gpt2", 3, overlap=1)
    assert chunks == ["one two three", " three four five", " five six"]
    chunks = bbpe_core.chunk_text("一二三四五六七八九十", "llama2", 6, overlap=2)
    assert all(b[0] in a for a, b in zip(chunks, chunks[1:]))  # no space: characters repeated


def test_empty_text_gives_no_chunk():
    assert bbpe_core.chunk_text("", "gpt2", 5) == []


@pytest.mark.parametrize("kwargs, named", [
    ({"max_tokens": 0}, "max_tokens"), ({"max_tokens": -3}, "max_tokens"),
    ({"max_tokens": 2.5}, "max_tokens"), ({"max_tokens": True}, "max_tokens"),
    ({"max_tokens": 4, "overlap": -1}, "overlap"), ({"max_tokens": 4, "overlap": 4}, "overlap"),
    ({"max_tokens": 4, "overlap": "1"}, "overlap"),
    ({"max_tokens": 4, "encoding": 7}, "encoding"),
    ({"max_tokens": 4, "encoding": "no_such_encoding"}, "encoding"),
    ({"max_tokens": 1, "text": "你"}, "max_tokens"),
])
def test_bad_arguments_are_refused_by_name(kwargs, named):
    args = {"text": "some text", "encoding": "gpt2", **kwargs}
    with pytest.raises(ValueError, match=named):
        bbpe_core.chunk_text(**args)


def test_a_text_that_is_not_a_str_is_a_type_error():
    with pytest.raises(TypeError, match="text"):
        bbpe_core.chunk_text(b"bytes", "gpt2", 4)
