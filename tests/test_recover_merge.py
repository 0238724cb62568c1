"""One token's merge recovered from ranks (``recover_merge``, for the Vocabulary page, which
shows a few tokens and need not recover all 200,000 of o200k_base's on every switch): it is
the pair the trainer merged, and ``recover_merges`` is it over every token."""

from __future__ import annotations

import warnings

from hypothesis import given, settings
from hypothesis import strategies as st

import bbpe_core
from bbpe_core.models.bpe.recover import recover_merge, recover_merges


@settings(max_examples=25, deadline=None)
@given(st.text(alphabet="ab cdé你", min_size=20, max_size=200))
def test_each_token_s_merge_is_the_trained_pair(text):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a short corpus runs out of pairs
        enc = bbpe_core.train(text * 3, 300)
    ranks = enc.mergeable_ranks
    for left, right in enc.merges:
        assert recover_merge(ranks, left + right) == (left, right)
    assert recover_merges(ranks) == list(enc.merges)
    assert all(recover_merge(ranks, bytes([b])) is None for b in range(256))
