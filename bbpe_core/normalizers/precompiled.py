"""SentencePiece's precompiled character map (``nmt_nfkc``; HF's ``Precompiled`` normalizer).

A ``.model``'s ``normalizer_spec.precompiled_charsmap`` (and a tokenizer.json's
``Precompiled.precompiled_charsmap``, base64) is the normalization rules compiled by
sentencepiece's ``normalizer::Builder``: a little-endian ``uint32`` giving the trie's size in
bytes, a Darts-clone double-array trie of that size (``uint32`` units) whose keys are UTF-8
strings and whose values are offsets into the rest of the blob, where each replacement is
stored NUL-terminated. Our reader (``CharsMap``) walks the trie on demand; the unit layout
(``has_leaf``: bit 8, ``value``: bits 0-30, ``label``: bits 0-7 and 31, ``offset``: bits
10-31 shifted left by 8 if bit 9 is set) is Darts-clone's ``DoubleArrayUnit``, as
sentencepiece's ``third_party/darts_clone`` and HF's ``spm_precompiled`` read it. Darts-clone
shares equal subtrees, so two keys can lead to one node.

The two libraries apply the map differently, and each file is exact only with its own:

- sentencepiece (``normalizer.cc``, ``Normalizer::NormalizePrefix``): at each position the
  longest key that starts there is replaced; otherwise one character is copied.
- HF tokenizers (``normalizers/precompiled.rs``): the text is cut into extended grapheme
  clusters; a cluster of fewer than 6 UTF-8 bytes that starts with a key is replaced whole
  by the shortest such key's replacement; otherwise each character that is a key is
  replaced.
"""

from __future__ import annotations

import sys
from array import array
from functools import lru_cache

import regex

from .growth import MAX_GROWTH, MAX_REPLACEMENT_CHARS, check_growth

__all__ = ["CharsMap", "HFPrecompiled", "MAX_CHARSMAP_BYTES", "MAX_KEY_BYTES", "grown_size"]

MAX_CHARSMAP_BYTES = 1 << 20
"""The largest precompiled map read, trie and replacements (sentencepiece's ``nmt_nfkc``
map is 237,000 bytes): the checks at load index every unit of the trie."""

MAX_KEY_BYTES = 32
"""The longest key a precompiled map may hold, in UTF-8 bytes (sentencepiece's ``nmt_nfkc``
keys are at most 9): a walk from a position reads at most this many bytes."""

_GRAPHEME = regex.compile(r"\X")
_JOINING = regex.compile(
    r"[\r\p{GCB=Extend}\p{GCB=ZWJ}\p{GCB=SpacingMark}\p{GCB=Prepend}\p{GCB=Regional_Indicator}"
    r"\p{GCB=L}\p{GCB=V}\p{GCB=T}]")
"""A character without which no cluster has two characters (UAX #29: CR, the extending,
joining and prepended classes, regional indicators, conjoining jamo; a precomposed Hangul
syllable only joins a following V or T jamo)."""


def _offset(unit: int) -> int:
    return (unit >> 10) << ((unit & (1 << 9)) >> 6)


class CharsMap:
    """A precompiled character map, walked on demand (the trie is never expanded: T5's holds
    224,711 rules).

    Args:
        data: the ``precompiled_charsmap`` bytes.

    Raises:
        ValueError: if the map is over ``MAX_CHARSMAP_BYTES``, the header does not fit the
            blob, the trie has a cycle (a walk would
            never end) or a key longer than ``MAX_KEY_BYTES``, or a replacement in the blob
            is longer than ``growth.MAX_REPLACEMENT_CHARS`` characters. A walk that leaves
            the trie or the replacements, or a replacement that is not UTF-8, raises
            ValueError when met.
    """

    def __init__(self, data: bytes) -> None:
        if len(data) < 4:
            raise ValueError("precompiled_charsmap is shorter than its 4-byte header")
        if len(data) > MAX_CHARSMAP_BYTES:
            raise ValueError(f"precompiled_charsmap has {len(data):,} bytes; the most read is "
                             f"{MAX_CHARSMAP_BYTES:,}")
        size = int.from_bytes(data[:4], "little")
        if size % 4 or size == 0 or 4 + size > len(data):
            raise ValueError(f"precompiled_charsmap: trie size {size} does not fit the blob")
        units = array("I", data[4:4 + size])
        if sys.byteorder != "little":
            units.byteswap()
        self.units = units
        self.blob = data[4 + size:]
        self.root = _offset(units[0])
        self._replacements: dict[int, str] = {}
        self._starts: dict[str, bool] = {}
        self._rule_chars: tuple[frozenset[str], frozenset[str]] | None = None
        self._children: dict[int, list[int]] = {}
        for pos, unit in enumerate(units):
            if not unit & 0x80000000:  # a label unit: it hangs off pos ^ label
                self._children.setdefault(pos ^ (unit & 0xFF), []).append(pos)
        self._check_keys()
        self._check_replacements()

    def _below(self, base: int) -> list[int]:
        """The nodes one byte below the node ``base``."""
        units = self.units
        return [pos ^ _offset(units[pos]) for pos in self._children.get(base, ()) if pos != base]

    def _check_keys(self) -> None:
        """Refuse a trie with a cycle or a key longer than ``MAX_KEY_BYTES``: the longest
        key below each node, in one depth-first pass (Darts-clone shares subtrees, so a node
        is reached from several; each is measured once)."""
        height: dict[int, int] = {}
        on_path = {self.root}
        kids = self._below(self.root)
        stack = [(self.root, kids, iter(kids))]
        while stack:
            base, kids, below = stack[-1]
            for child in below:
                if child in on_path:
                    raise ValueError("precompiled_charsmap: its trie leads back to a node "
                                     "above (a cycle)")
                if child not in height:
                    if len(stack) > MAX_KEY_BYTES:
                        raise ValueError("precompiled_charsmap: a key is longer than "
                                         f"{MAX_KEY_BYTES} bytes")
                    on_path.add(child)
                    grand = self._below(child)
                    stack.append((child, grand, iter(grand)))
                    break
            else:
                stack.pop()
                on_path.discard(base)
                height[base] = 1 + max(map(height.__getitem__, kids), default=-1)
                if height[base] + len(stack) > MAX_KEY_BYTES:
                    raise ValueError("precompiled_charsmap: a key is longer than "
                                     f"{MAX_KEY_BYTES} bytes")

    def _check_replacements(self) -> None:
        """Refuse a replacement longer than ``MAX_REPLACEMENT_CHARS`` characters (every
        NUL-terminated run of the blob is measured, so any offset into it is bounded)."""
        for run in self.blob.split(b"\0"):
            if len(run) > MAX_REPLACEMENT_CHARS \
                    and len(run.decode("utf-8", "replace")) > MAX_REPLACEMENT_CHARS:
                raise ValueError(f"precompiled_charsmap: a replacement is longer than "
                                 f"{MAX_REPLACEMENT_CHARS} characters")

    def _step(self, base: int, byte: int) -> int:
        """The node reached from ``base`` by ``byte``, or -1."""
        pos = base ^ byte
        if pos >= len(self.units) or self.units[pos] & 0x800000FF != byte:
            return -1
        return pos

    def _leaf(self, pos: int) -> str | None:
        """The replacement stored under the node at ``pos``, or None."""
        unit = self.units[pos]
        if not unit >> 8 & 1:
            return None
        at = pos ^ _offset(unit)
        if at >= len(self.units):
            raise ValueError("precompiled_charsmap: a value lies outside the trie")
        return self._replacement(self.units[at] & 0x7FFFFFFF)

    def _replacement(self, start: int) -> str:
        found = self._replacements.get(start)
        if found is None:
            end = self.blob.find(b"\0", start)
            if start >= len(self.blob) or end < 0:
                raise ValueError(f"precompiled_charsmap: replacement offset {start} is outside "
                                 "the blob")
            try:
                found = self._replacements[start] = self.blob[start:end].decode("utf-8")
            except UnicodeDecodeError as e:
                raise ValueError(f"precompiled_charsmap: replacement at {start} is not UTF-8"
                                 ) from e
        return found

    def _chars_below(self, base: int, children: dict[int, list[int]]
                     ) -> list[tuple[str, int, int]]:
        """The characters spelled from the node ``base`` (at a character boundary): each
        with the unit of its last byte and the node it leads to. ``children``: node ->
        the units whose label says they hang off it."""
        units, out, stack = self.units, [], [(base, b"")]
        while stack:
            node, key = stack.pop()
            for pos in children.get(node, ()):
                if pos == node:  # label 0: the value unit, not a child
                    continue
                data = key + bytes([pos ^ node])
                below = pos ^ _offset(units[pos])
                try:
                    out.append((data.decode("utf-8"), pos, below))
                except UnicodeDecodeError:
                    if len(data) < 4:
                        stack.append((below, data))
        return out

    def rule_chars(self) -> tuple[frozenset[str], frozenset[str]]:
        """``(singles, continuations)``: the characters that are a key alone, and those
        that come second or later in some key. A rule can only apply at a character of the
        first set or right before one of the second (computed once, walking each node of
        the trie once: Darts-clone shares subtrees)."""
        if self._rule_chars is None:
            children = self._children
            first = self._chars_below(self.root, children)
            singles = frozenset(c for c, pos, _ in first if self.units[pos] >> 8 & 1)
            later: set[str] = set()
            frontier = [node for _, _, node in first]
            seen = set(frontier)
            while frontier:
                found = [item for node in frontier
                         for item in self._chars_below(node, children)]
                later.update(c for c, _, _ in found)
                frontier = [node for _, _, node in found if node not in seen]
                seen.update(frontier)
            self._rule_chars = (singles, frozenset(later))
        return self._rule_chars

    def can_start(self, char: str) -> bool:
        """Whether some rule's key starts with ``char``."""
        found = self._starts.get(char)
        if found is None:
            base = self.root
            for byte in char.encode("utf-8", "surrogatepass"):
                pos = self._step(base, byte)
                if pos < 0:
                    break
                base = pos ^ _offset(self.units[pos])
            found = self._starts[char] = pos >= 0
        return found

    def longest_match(self, text: str, pos: int) -> tuple[int, str] | None:
        """The longest key starting at ``text[pos]`` as ``(characters, replacement)``, or
        None (sentencepiece's ``NormalizePrefix``)."""
        if not self.can_start(text[pos]):
            return None
        best = None
        base = self.root
        for k in range(pos, len(text)):
            for byte in text[k].encode("utf-8", "surrogatepass"):
                node = self._step(base, byte)
                if node < 0:
                    return best
                base = node ^ _offset(self.units[node])
            found = self._leaf(node)
            if found is not None:
                best = (k + 1 - pos, found)
        return best

    def shortest_prefix(self, text: str) -> str | None:
        """The replacement of the shortest key ``text`` starts with, or None (HF's
        ``Precompiled::transform``, whose search stops at a NUL byte)."""
        base = self.root
        for byte in text.encode("utf-8", "surrogatepass"):
            node = self._step(base, byte) if byte else -1
            if node < 0:
                return None
            found = self._leaf(node)
            if found is not None:
                return found
            base = node ^ _offset(self.units[node])
        return None


_REPLACES = 16
"""Most characters ``_translate`` replaces one ``str.replace`` pass each."""


def grown_size(text: str, table: dict[str, str]) -> int:
    """The characters of ``text`` once each character that is a key of ``table`` is
    replaced by its value (counted at C speed, one ``str.count`` per key that lengthens)."""
    return len(text) + sum(text.count(char) * (len(value) - 1)
                           for char, value in table.items() if len(value) > 1)


def _translate(text: str, table: dict[str, str]) -> str:
    """``text`` with each character that is a key of ``table`` replaced by its value, all
    at once (``str.translate``). A few keys whose values hold no key are replaced one
    ``str.replace`` pass each (a C-speed search; ``str.translate`` looks every character of
    a text that is not all ASCII up in the table).

    Raises:
        NormalizedTooLongError: before anything is built, past ``growth.check_growth``.
    """
    check_growth(len(text), grown_size(text, table))
    if len(table) > _REPLACES or any(c in table for value in table.values() for c in value):
        return text.translate({ord(c): value for c, value in table.items()})
    for char, value in table.items():
        text = text.replace(char, value)
    return text


class HFPrecompiled:
    """HF tokenizers' ``Precompiled`` normalizer (see the module for its rule).

    Args:
        charsmap: the map.
    """

    timeout: float | None = None
    """Seconds a user's pattern may scan; None: this normalizer runs no such pattern."""

    def __init__(self, charsmap: CharsMap) -> None:
        self.charsmap = charsmap
        self._cluster = lru_cache(maxsize=65536)(self._normalize_cluster)

    def __repr__(self) -> str:
        return "HFPrecompiled()"

    def _normalize_cluster(self, cluster: str) -> str:
        lookup = self.charsmap.shortest_prefix
        if len(cluster.encode("utf-8", "surrogatepass")) < 6:
            found = lookup(cluster)
            if found is not None:
                return found
        return "".join(c if (found := lookup(c)) is None else found for c in cluster)

    def normalize(self, text: str) -> str:
        """The normalized text. Where no character can join the next one into a grapheme
        cluster, each character is its own cluster and the text is translated in one
        C-speed pass."""
        distinct = set(text)
        if not any(map(self.charsmap.can_start, distinct)):
            return text
        if _JOINING.search("".join(distinct)) is None:  # one class: the text's characters do
            lookup = self.charsmap.shortest_prefix
            table = {c: found for c in distinct if (found := lookup(c)) is not None}
            return _translate(text, table)
        clusters = list(map(self._cluster, _GRAPHEME.findall(text)))
        check_growth(len(text), sum(map(len, clusters)))  # each at most MAX_REPLACEMENT_CHARS
        return "".join(clusters)

    def normalize_with_offsets(self, text: str) -> tuple[str, list[tuple[int, int]]]:
        """The normalized text and, per output character, the input span of the grapheme
        cluster it came from."""
        out: list[str] = []
        spans: list[tuple[int, int]] = []
        limit = MAX_GROWTH * len(text) + MAX_REPLACEMENT_CHARS
        for match in _GRAPHEME.finditer(text):
            piece = self._cluster(match.group())
            out.append(piece)
            if len(spans) + len(piece) > limit:
                check_growth(len(text), len(spans) + len(piece))
            spans.extend([match.span()] * len(piece))
        return "".join(out), spans
