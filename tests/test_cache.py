"""The one bounded cache (``models.cache.BoundedCache``): both bounds hold whatever is put,
and every encoder's caches stay within them while the ids stay those of a cold encoder
(transformers#2827: a cache per chunk must have a bound)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from samples import CORPORA

import bbpe_core
from bbpe_core.models.cache import CACHE_CHARS, BoundedCache
from oracles import variant

keys = st.text(alphabet="ab中", max_size=12)
operations = st.lists(st.one_of(
    st.tuples(st.just("put"), keys),
    st.tuples(st.just("remember"), st.lists(keys, max_size=12, unique=True)),
    st.tuples(st.just("clear"), st.just("")),
), max_size=40)


def _within_bounds(cache: BoundedCache) -> None:
    assert len(cache) <= cache.max_entries
    assert sum(map(len, cache.entries)) == cache.chars <= cache.max_chars


@given(operations=operations, max_entries=st.integers(1, 6), max_chars=st.integers(1, 30))
def test_both_bounds_hold_and_every_kept_value_is_the_one_put(operations, max_entries,
                                                              max_chars):
    cache = BoundedCache(max_entries, max_chars)
    for operation, arg in operations:
        if operation == "put":
            if arg not in cache.entries:
                cache.put(arg, len(arg))
        elif operation == "remember":
            known, new = cache.look_up(arg)
            assert new == [key for key in arg if key not in cache.entries]
            assert all(known[key] == len(key) for key in arg if key not in new)
            cache.remember({key: len(key) for key in new})
            kept = [key for key in new if len(key) <= max_chars]
            fits = (len(kept) <= max_entries and sum(map(len, kept)) <= max_chars)
            assert not fits or set(kept) <= set(cache.entries)  # all kept when they fit
        else:
            cache.clear()
            assert not cache and cache.chars == 0
        _within_bounds(cache)
        assert all(value == len(key) for key, value in cache.entries.items())


def test_the_entry_bound_empties_the_cache_when_full():
    cache = BoundedCache(3)
    for key in "abcd":
        cache.put(key, (1,))
    assert list(cache.entries) == ["d"]
    cache.remember(dict.fromkeys("efghij", (2,)))  # more than fit at all
    assert list(cache.entries) == ["e", "f", "g"]


def test_the_character_bound_empties_the_cache_when_full():
    cache = BoundedCache(100, max_chars=10)
    cache.put("abcdef", b"1")
    cache.put("ghij", b"2")
    assert cache.chars == 10
    cache.put("k", b"3")
    assert list(cache.entries) == ["k"] and cache.chars == 1
    words = ["lmnop", "x" * 11, "qrstu", "vwxyz"]  # 26 characters: the first that fit
    cache.remember(dict.fromkeys(words, b"4"))
    assert list(cache.entries) == ["lmnop", "qrstu"] and cache.chars == 10


def test_a_key_longer_than_the_character_bound_is_not_kept_and_empties_nothing():
    cache = BoundedCache(100, max_chars=10)
    cache.put("abc", 1)
    cache.put("x" * 11, 2)
    cache.remember({"y" * 11: 3})
    assert cache.entries == {"abc": 1} and cache.chars == 3


def test_the_default_character_bound_and_bad_bounds():
    assert BoundedCache(1).max_chars == CACHE_CHARS
    for bounds in [(0, 10), (10, 0), (-1, 10)]:
        with pytest.raises(ValueError, match="at least 1"):
            BoundedCache(*bounds)


def test_ids_are_computed_once_and_joined():
    calls = []

    def compute(key: str) -> list[int]:
        calls.append(key)
        return [ord(c) for c in key]

    cache = BoundedCache(4, compute=compute)
    assert cache.joined_ids(["ab", "c", "ab"]) == [97, 98, 99, 97, 98]
    assert cache.joined_ids(["ab", "c", "ab"]) == [97, 98, 99, 97, 98]
    assert calls == ["ab", "c"]
    assert cache.ids("c") == [99] and calls == ["ab", "c"]


# ---- every encoder's caches -----------------------------------------------------------
TEXT = "\n".join([
    (CORPORA / "en_python_docs.txt").read_text(encoding="utf-8")[:6000],
    (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")[:3000],
    "東京は日本の首都です。ひらがなとカタカナ、한국어 문장도 있습니다。" * 3,
    "a" * 700, "中" * 700,
])


def _caches(encoder: object) -> list[BoundedCache]:
    """The caches an encoder holds, in its attributes or one level down (the fast path's
    chunk level and unspaced text)."""
    found = []
    for value in vars(encoder).values():
        if isinstance(value, BoundedCache):
            found.append(value)
        elif hasattr(value, "__dict__") and not isinstance(value, type):
            found += [v for v in vars(value).values() if isinstance(v, BoundedCache)]
    return list({id(c): c for c in found}.values())


ENCODINGS = {
    "FastEncoder": lambda: variant("cl100k_base", special_tokens={}),
    "SimpleEncoder": lambda: variant("gpt2", special_tokens={}, fast=False),
    "CjkPartsEncoder": lambda: bbpe_core.get_encoding("deepseek_v3"),
    "CharBPEEncoder": lambda: bbpe_core.get_encoding("llama2"),
    "WordPieceEncoder": lambda: bbpe_core.get_encoding("bert_base_uncased"),
    "UnigramEncoder": lambda: bbpe_core.get_encoding("t5"),
}


@pytest.mark.parametrize("bounds", [(8, CACHE_CHARS), (65536, 40)], ids=["entries", "chars"])
@pytest.mark.parametrize("kind", list(ENCODINGS))
def test_every_cache_of_every_encoder_stays_within_each_bound(kind, bounds):
    enc = ENCODINGS[kind]()
    assert type(enc.encoder).__name__ == kind
    caches = _caches(enc.encoder)
    assert len(caches) == {"FastEncoder": 4, "CjkPartsEncoder": 2}.get(kind, 1)
    enc.clear_cache()
    expected = enc.encode_ordinary(TEXT)
    saved = [(c.max_entries, c.max_chars) for c in caches]
    emptied = {id(c): 0 for c in caches}
    try:
        for cache in caches:
            cache.max_entries, cache.max_chars = bounds

            def counting_clear(cache=cache, clear=cache.clear):
                emptied[id(cache)] += 1
                clear()

            cache.clear = counting_clear
        enc.clear_cache()
        for cache in caches:
            emptied[id(cache)] = 0
        for _ in range(2):
            assert enc.encode_ordinary(TEXT) == expected
            for cache in caches:
                _within_bounds(cache)
        assert all(emptied.values()), "every cache was filled past its bound"
    finally:
        for cache, (max_entries, max_chars) in zip(caches, saved):
            del cache.clear
            cache.max_entries, cache.max_chars = max_entries, max_chars
        enc.clear_cache()


def test_a_unigram_chunk_of_any_length_is_kept_within_the_character_bound(monkeypatch):
    """HF's cache skips chunks of 256 characters or more; ours keeps them (umT5's chunks of
    Chinese are whole clauses), and encoding them again reads the cache."""
    enc = bbpe_core.get_encoding("umt5")
    text = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")[:3000].replace("\n", "")
    enc.clear_cache()
    ids = enc.encode(text)
    assert max(map(len, enc.encoder._cache.entries)) > 256

    def no_new_chunks(chunks):
        raise AssertionError("a chunk was encoded again")

    monkeypatch.setattr(enc.encoder, "_encode_chunks", no_new_chunks)
    assert enc.encode(text) == ids
