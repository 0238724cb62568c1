"""The in-repo oracle: the fast path equals the reference encoder, and the reference's merges
equal the textbook loop, on the shipped vocabularies and on small random ones."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL, random_vocabularies, texts

import bbpe_core
from bbpe_core.models import FastEncoder, SimpleEncoder
from bbpe_core.models.bpe import merge, merge_listed, merge_ranked, textbook_merge
from bbpe_core.vocab import Vocab
from oracles import ENCODING_NAMES, variant


def reference(name: str) -> bbpe_core.Encoding:
    """The shipped encoding ``name`` on the reference path (``fast=False``)."""
    return variant(name, fast=False)


REFERENCES = {name: reference(name) for name in ENCODING_NAMES}


def test_the_shipped_encodings_take_the_fast_path_and_fast_false_the_reference():
    for name in ENCODING_NAMES:
        assert isinstance(bbpe_core.get_encoding(name).encoder, FastEncoder)
        assert type(REFERENCES[name].encoder) is SimpleEncoder  # not its subclass CjkPartsEncoder


@pytest.mark.parametrize("name", ENCODING_NAMES)
@settings(max_examples=300, deadline=None)
@given(text=texts)
def test_fast_path_equals_reference_on_random_text(name, text):
    assert (bbpe_core.get_encoding(name).encode_ordinary(text)
            == REFERENCES[name].encode_ordinary(text))


@pytest.mark.parametrize("name", ENCODING_NAMES)
def test_fast_path_equals_reference_on_corpora_and_hard_cases(name):
    fast = bbpe_core.get_encoding(name)
    for path in sorted(CORPORA.glob("*.txt")):
        text = path.read_text(encoding="utf-8")[:40_000]
        assert fast.encode_ordinary(text) == REFERENCES[name].encode_ordinary(text), path.name
    for text in [*MULTILINGUAL, *ADVERSARIAL]:
        assert fast.encode_ordinary(text) == REFERENCES[name].encode_ordinary(text), text[:40]


# ---- small random vocabularies --------------------------------------------------------
ALPHABET = b"ab \xe4\xb8\xad"  # ASCII, a space and the bytes of 中


pieces = st.binary(max_size=40).map(lambda b: bytes(ALPHABET[x % len(ALPHABET)] for x in b))


@settings(max_examples=300, deadline=None)
@given(vocabulary=random_vocabularies(ALPHABET, ["中", "中中", "a中"]), piece=pieces)
def test_ranked_and_heap_merges_equal_the_textbook_loop(vocabulary, piece):
    ranks, merges = vocabulary
    by_rank = lambda left, right: ranks.get(left + right)  # noqa: E731
    assert merge_ranked(piece, ranks) == textbook_merge(piece, by_rank) == merge(piece, by_rank)
    priority = {pair: i for i, pair in enumerate(merges)}
    by_list = lambda left, right: priority.get((left, right))  # noqa: E731
    assert Vocab("v", ranks, {}, merges=merges).bpe(piece) == textbook_merge(piece, by_list)
    backwards = {pair: i for i, pair in enumerate(reversed(merges))}  # a merge before its parts
    by_backwards = lambda left, right: backwards.get((left, right))  # noqa: E731
    assert merge_listed(piece, backwards) == textbook_merge(piece, by_backwards)


@settings(max_examples=100, deadline=None)
@given(vocabulary=random_vocabularies(ALPHABET, ["中", "中中", "a中"]), text=st.lists(
    st.sampled_from(["a", "b", "ab", " ", "中", "中中", "\n", "1"]), max_size=30).map("".join))
def test_fast_path_equals_reference_on_random_vocabularies(vocabulary, text):
    ranks, merges = vocabulary
    for merge_list in (None, merges):
        built = [bbpe_core.Encoding("t", pat_str=bbpe_core.CL100K_PATTERN, mergeable_ranks=ranks,
                                    special_tokens={}, merges=merge_list, fast=fast)
                 for fast in (True, False)]
        assert isinstance(built[0].encoder, FastEncoder)
        assert built[0].encode_ordinary(text * 3) == built[1].encode_ordinary(text * 3)
