"""The one bounded cache every encoder keeps its results in: key (a chunk, word, phrase or
part: text) -> value (its ids, as a tuple or packed into bytes: ``fast.packed_ids``).

A cache of ids per chunk must have a bound (transformers#2827: GPT2Tokenizer's cache was
never emptied and ran a long job out of memory). This one has two, so memory stays bounded
whatever is encoded: at most ``max_entries`` keys, and at most ``max_chars`` characters in
all its keys (a key's ids are about its UTF-8 bytes at most, so this bounds the values too).
A key that would pass either bound empties the cache first (HF tokenizers' ``Cache`` stops
filling instead; emptying keeps the text now being encoded fast). A key longer than
``max_chars`` is never kept (and empties nothing).

Encoders read ``entries`` at C speed (``map(cache.entries.__getitem__, keys)``, a
``KeyError`` when one is missing) and fall back to ``look_up``, one snapshot of the keys'
values, so that a cache emptied meanwhile by another thread (Streamlit sessions share an
encoding) can change no id and raise nothing. Threads sharing a cache may make the character
count drift by the keys of their calls in flight; emptying resets it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate, chain, compress, repeat
from operator import is_
from typing import Generic, TypeVar

__all__ = ["BoundedCache", "CACHE_CHARS"]

CACHE_CHARS = 1 << 23
"""The default bound on the characters of a cache's keys together (8,388,608)."""

V = TypeVar("V")


class BoundedCache(Generic[V]):
    """A memo text -> value, emptied when full.

    Args:
        max_entries: keys kept at most (an encoder's ``cache_size``).
        max_chars: characters of all keys together kept at most.
        compute: the ids of a key not seen before, for ``ids`` and ``joined_ids`` (a cache
            that the caller fills in batches, with ``look_up`` and ``remember``, has none).

    Attributes:
        entries: the dict key -> value; read it directly for look-ups at C speed, write it
            only through ``put``, ``remember`` and ``clear``.
        chars: characters of the keys put since the cache was last emptied.

    Raises:
        ValueError: if a bound is below 1.
    """

    def __init__(self, max_entries: int, max_chars: int = CACHE_CHARS,
                 compute: Callable[[str], V] | None = None) -> None:
        if max_entries < 1 or max_chars < 1:
            raise ValueError(f"cache bounds must be at least 1, not {max_entries}, {max_chars}")
        self.max_entries = max_entries
        self.max_chars = max_chars
        self.compute = compute
        self.entries: dict[str, V] = {}
        self.chars = 0

    def __len__(self) -> int:
        return len(self.entries)

    def clear(self) -> None:
        """Forget every key."""
        self.entries.clear()
        self.chars = 0

    def put(self, key: str, value: V) -> None:
        """Keep ``key`` -> ``value``, emptying the cache first if it would pass a bound (a
        key longer than ``max_chars`` is not kept)."""
        size = len(key)
        if size > self.max_chars:
            return
        if len(self.entries) >= self.max_entries or self.chars + size > self.max_chars:
            self.clear()
        self.entries[key] = value
        self.chars += size

    def look_up(self, keys: list[str]) -> tuple[dict[str, V | None], list[str]]:
        """Each distinct key of ``keys`` with its value (None if missing), and the missing
        keys in order: one snapshot, so a cache emptied meanwhile by another thread cannot
        leave a key both known and missing. At C speed."""
        unique = dict.fromkeys(keys)
        known = dict(zip(unique, map(self.entries.get, unique)))
        return known, list(compress(known, map(is_, known.values(), repeat(None))))

    def remember(self, new: dict[str, V]) -> None:
        """Keep each key of ``new`` (keys missing from the cache) with its value. If they
        would pass a bound even in an empty cache, only the first that fit are kept (keys
        longer than ``max_chars`` left out); the cache is emptied first if those would pass a
        bound. At C speed."""
        chars = sum(map(len, new))
        if len(new) > self.max_entries or chars > self.max_chars:  # rare: more than fits
            keys = list(compress(new, map(self.max_chars.__ge__, map(len, new))))
            ends = list(accumulate(map(len, keys)))
            keys = keys[:min(self.max_entries, bisect_right(ends, self.max_chars))]
            new, chars = dict(zip(keys, map(new.__getitem__, keys))), sum(map(len, keys))
        if len(self.entries) + len(new) > self.max_entries or self.chars + chars > self.max_chars:
            self.clear()
        self.entries.update(new)
        self.chars += chars

    def ids(self, key: str) -> list[int]:
        """The ids of one key, kept or computed (``compute``) and kept; the values are
        tuples of ids."""
        found = self.entries.get(key)
        if found is None:
            found = tuple(self.compute(key))
            self.put(key, found)
        return list(found)

    def joined_ids(self, keys: list[str]) -> list[int]:
        """The ids of the keys, joined (``ids``); at C speed when every key is kept."""
        try:
            return list(chain.from_iterable(map(self.entries.__getitem__, keys)))
        except KeyError:
            return list(chain.from_iterable(map(self.ids, keys)))
