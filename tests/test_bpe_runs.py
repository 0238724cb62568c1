"""BPE of one byte repeated by runs (``bpe_runs``) gives the heap's parts, or gives up."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bbpe_core
from bbpe_core.models.bpe import ranked as bpe
from bbpe_core.models.bpe import runs as bpe_runs
from bbpe_core.models.bpe.runs import merge_run
from oracles import ENCODING_NAMES


def heap_parts(piece: bytes, ranks: dict[bytes, int]) -> list[bytes]:
    return bpe.merge(piece, lambda left, right: ranks.get(left + right))


@pytest.mark.parametrize("name", ENCODING_NAMES)
@given(unit=st.binary(min_size=1, max_size=1), n=st.integers(1, 3000))
def test_runs_give_the_heaps_parts(name, unit, n):
    ranks = bbpe_core.get_encoding(name).mergeable_ranks
    assert merge_run(unit, n, ranks) == heap_parts(unit * n, ranks)


@pytest.mark.parametrize("name", ENCODING_NAMES)
@pytest.mark.parametrize("unit", [b"a", b" ", b"-", b"=", b"\n", b"0", b"^", b"\t", b"*"])
def test_runs_of_common_units_for_every_length_up_to_600(name, unit):
    ranks = bbpe_core.get_encoding(name).mergeable_ranks
    for n in range(1, 600):
        assert merge_run(unit, n, ranks) == heap_parts(unit * n, ranks), n


# Vocabularies of runs of "a" with ranks in any order: sweeps cut short, merges at run
# edges, ties between a run and an edge of the same length.
run_vocabularies = st.dictionaries(st.integers(2, 12), st.integers(1, 10_000), min_size=1).map(
    lambda ranks: {b"a": 0, **{b"a" * length: rank for length, rank in ranks.items()}})


@given(ranks=run_vocabularies, n=st.integers(1, 200))
def test_runs_give_the_heaps_parts_or_give_up_in_any_vocabulary(ranks, n):
    parts = merge_run(b"a", n, ranks)
    assert parts is None or parts == heap_parts(b"a" * n, ranks)
    assert bpe.merge_ranked(b"a" * n, ranks) == heap_parts(b"a" * n, ranks)


def test_an_interrupted_sweep_gives_up_and_the_heap_merges():
    """Here "aaa" ranks below "aa": after the first "aa", the list algorithm merges
    "aa" + "a" before the next "aa", so the sweep would be wrong."""
    ranks = {b"a": 0, b"aa": 5, b"aaa": 1, b"aaaaaa": 2}
    assert merge_run(b"a", 300, ranks) is None
    assert bpe.merge_ranked(b"a" * 300, ranks) == heap_parts(b"a" * 300, ranks)
    assert bpe.merge_ranked(b"a" * 300, ranks)[:2] == [b"aaaaaa", b"aaaaaa"]


def test_a_sweep_cut_short_by_two_merged_pairs_gives_up():
    """Here "aaaa" ranks below "aa": two "aa" side by side merge before the next "aa"."""
    ranks = {b"a": 0, b"aa": 15, b"aaaa": 2, b"aaaaa": 14}
    assert merge_run(b"a", 6, ranks) is None
    assert bpe.merge_ranked(b"a" * 300, ranks) == heap_parts(b"a" * 300, ranks)
    assert heap_parts(b"a" * 6, ranks) == [b"aaaaa", b"a"]  # a sweep would give aaaa, aa


def test_too_many_runs_gives_up(monkeypatch):
    ranks = {b"a": 0, b"aa": 1}
    assert merge_run(b"a", 5, ranks) == [b"aa", b"aa", b"a"]  # two runs
    monkeypatch.setattr(bpe_runs, "MAX_RUNS", 1)
    assert merge_run(b"a", 5, ranks) is None


def test_too_many_steps_gives_up(monkeypatch):
    ranks = {b"a": 0, b"aa": 1, b"aaaa": 2}
    assert merge_run(b"a", 8, ranks) == [b"aaaa", b"aaaa"]  # two sweeps, then a look
    monkeypatch.setattr(bpe_runs, "MAX_STEPS", 2)
    assert merge_run(b"a", 8, ranks) is None
    monkeypatch.setattr(bpe_runs, "MAX_STEPS", 3)
    assert merge_run(b"a", 8, ranks) == [b"aaaa", b"aaaa"]
