"""Unigram, SentencePiece's default model (T5, umT5, ALBERT, XLNet, XLM-R, mBART, Jurassic-2).

Sources: Kudo 2018, "Subword Regularization" (the model: a piece sequence's score is the sum of
its pieces' log-probabilities, the best segmentation found by Viterbi); sentencepiece's
``unigram_model.cc`` (``Model::EncodeOptimized``) and ``sentencepiece_processor.cc``
(``PopulateSentencePieceText``); HF tokenizers' ``models/unigram/model.rs``
(``encode_optimized``, ``tokenize``). Both libraries run the same forward pass:

1. Walk the text one character at a time (``starts_at``). For every piece that starts there
   (shortest first), the path ending after it scores ``best[starts_at] + score(piece)``; it
   replaces the best path ending there if there was none or it scores strictly more (so on a
   tie the earlier candidate stays: the one that starts earlier, i.e. the longer last piece).
2. If no piece of exactly one character starts there, the character alone is an unknown
   piece scoring ``min_score - 10`` (``kUnkPenalty``).
3. Walk back from the end. Consecutive unknown pieces are fused into one; with byte fallback
   their UTF-8 bytes become the ``<0xNN>`` pieces instead.

Memory is four arrays of ``len(text) + 1`` entries and the time is linear in the text
times the longest piece prefix found at a position (``lookup``, whose keys follow the
vocabulary's characters), so a 1 MB line without spaces is safe. Where the two libraries
differ, ``flavour`` picks one:

- ``"sentencepiece"`` (the library's 0.2.3 source, which differs from its repository's older
  ``EncodeOptimized``): pieces of type NORMAL and USER_DEFINED are matched (UNUSED, CONTROL,
  UNKNOWN and BYTE never); ``min_score`` is over the NORMAL pieces; path scores are 32-bit
  floats, summed in 32 bits, and rebased to 0 when the one extended leaves
  [-100000, 100000]; a USER_DEFINED piece of ``n`` UTF-8 bytes scores ``0.1 * (n - 1)``
  (``GetUserDefinedScore``), so it always wins.
- ``"hf"``: every piece is matched; ``min_score`` is over all of them; scores are 64-bit;
  a fused unknown run that happens to be a piece is that piece.

With HF's arithmetic two shortcuts give the same paths with less work: a run of characters
that no piece holds has one path (an unknown piece per character), so the pass steps over
it; and the new chunks of one call are passed over in sorted order, each from where it
stops sharing a prefix with the one before (the best path ending at a position depends only
on the text before it), after redoing the steps that cross that point.

>>> enc = UnigramEncoder(["<unk>", "▁a", "b", "▁ab"], [0.0, -1.0, -2.0, -2.5], unk_id=0)
>>> enc.encode_segment("▁ab▁abc")
[3, 3, 0]
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator, Sequence
from itertools import chain

from ...pre_tokenizers import PreTokenizer
from ..base import UNIGRAM, Encoder
from ..cache import BoundedCache
from .lookup import DEPTH, PieceLookup

__all__ = ["FLAVOURS", "UNK_PENALTY", "UnigramEncoder"]

UNK_PENALTY = 10.0
"""``kUnkPenalty`` (sentencepiece) / ``K_UNK_PENALTY`` (HF): an unknown character scores
the lowest piece score minus this."""

FLAVOURS = ("sentencepiece", "hf")

_RESET = 100000.0  # sentencepiece's kScoreResetThreshold
_TYPES = ("NORMAL", "UNKNOWN", "CONTROL", "USER_DEFINED", "UNUSED", "BYTE")
_MATCHED = {"sentencepiece": ("NORMAL", "USER_DEFINED"), "hf": None}


def _back(starts: list[int], ids: list[int], n: int) -> list[tuple[int, int, int]]:
    """The best path ending at ``n``: ``(start, end, id)`` steps, in order."""
    path = []
    end = n
    while end > 0:
        path.append((starts[end], end, ids[end]))
        end = starts[end]
    path.reverse()
    return path


def _f32(value: float) -> float:
    """``value`` rounded to a 32-bit float."""
    return array("f", [value])[0]


class UnigramEncoder(Encoder):
    """The Unigram model over normalized text (``▁`` for spaces already).

    Args:
        pieces: every piece string, in id order (id = position).
        scores: each piece's score (its log-probability), same length.
        types: each piece's SentencePiece type (``NORMAL``, ``UNKNOWN``, ``CONTROL``,
            ``USER_DEFINED``, ``BYTE``, ``UNUSED``); None for all NORMAL (a tokenizer.json).
        unk_id: the unknown piece's id; None if the model has none (an unknown character
            then raises ``ValueError`` while encoding, HF's ``MissingUnkId``).
        byte_fallback: unknown characters become the ``<0xNN>`` pieces of their UTF-8 bytes.
        flavour: ``"sentencepiece"`` or ``"hf"``: whose arithmetic and piece set (see the
            module).
        pre_tokenizer: cuts a segment into chunks encoded one by one (HF's Metaspace split
            before each ``▁``); None encodes the whole segment at once, as the
            ``sentencepiece`` library does.
        cache_size: chunks remembered; the cache (``cache.BoundedCache``, also bounded in
            characters, so a chunk of any length is kept) is emptied when full.

    Raises:
        ValueError: if the lengths differ, ``unk_id`` is out of range, or ``flavour`` or a
            type is unknown.
    """

    model_kind = UNIGRAM

    def __init__(self, pieces: Sequence[str], scores: Sequence[float], *,
                 types: Sequence[str] | None = None, unk_id: int | None = None,
                 byte_fallback: bool = False, flavour: str = "hf",
                 pre_tokenizer: PreTokenizer | None = None, cache_size: int = 65536) -> None:
        types = ["NORMAL"] * len(pieces) if types is None else list(types)
        if not len(pieces) == len(scores) == len(types):
            raise ValueError(f"{len(pieces)} pieces, {len(scores)} scores, {len(types)} types")
        if flavour not in FLAVOURS:
            raise ValueError(f"flavour must be one of {FLAVOURS}, not {flavour!r}")
        if unk_id is not None and not 0 <= unk_id < len(pieces):
            raise ValueError(f"unk_id {unk_id} is not an id of the {len(pieces)} pieces")
        unknown_type = next((t for t in types if t not in _TYPES), None)
        if unknown_type is not None:
            raise ValueError(f"unknown piece type {unknown_type!r}; expected one of {_TYPES}")
        self.pieces = list(pieces)
        self.types = types
        self.unk_id = unk_id
        self.byte_fallback = byte_fallback
        self.flavour = flavour
        self.pre_tokenizer = pre_tokenizer
        self.piece_ids = dict(zip(self.pieces, range(len(self.pieces))))
        self.byte_ids = {}
        if byte_fallback:
            for value in range(256):
                found = self.piece_ids.get(f"<0x{value:02X}>")
                if found is not None:
                    self.byte_ids[value] = found
        matched = _MATCHED[flavour]
        self._matched = ([True] * len(types) if matched is None
                         else [t in matched for t in types])
        self.scores, self.unk_score = self._path_scores(scores, types, flavour)
        self._lookup: PieceLookup | None = None  # built on first use (_lookup_built)
        self._unknown_runs: re.Pattern | None = None  # with the lookup
        self._cache = BoundedCache(cache_size, compute=self._chunk_ids)

    def _path_scores(self, scores: Sequence[float], types: list[str], flavour: str
                     ) -> tuple[list[float], float]:
        """What each matched piece adds to a path, and what an unknown character adds."""
        if flavour == "hf":
            values = list(map(float, scores))
            return values, min(values) - UNK_PENALTY if values else -UNK_PENALTY
        values = list(array("f", scores))
        lowest = min((s for s, t in zip(values, types) if t == "NORMAL"),
                     default=3.4028234663852886e38)  # FLT_MAX
        for i, t in enumerate(types):
            if t == "USER_DEFINED":
                values[i] = _f32(0.1 * (len(self.pieces[i].encode("utf-8")) - 1))
        return values, _f32(lowest - UNK_PENALTY)

    # ---- the Encoder interface -------------------------------------------------
    def clear_cache(self) -> None:
        """Empty the chunk cache."""
        self._cache.clear()

    def encode_segment(self, segment: str) -> list[int]:
        """The ids of a normalized segment: each chunk (or the whole segment) encoded; at C
        speed when every chunk was seen before."""
        if self.pre_tokenizer is None:
            return self.encode_chunk(segment)
        chunks = self.pre_tokenizer.chunks(segment)
        try:
            return list(chain.from_iterable(map(self._cache.entries.__getitem__, chunks)))
        except KeyError:
            found = self._encode_chunks(chunks)
            return list(chain.from_iterable(map(found.__getitem__, chunks)))

    def encode_chunk(self, chunk: str) -> list[int]:
        """The ids of one chunk, from the cache or ``pieces_of``. HF's cache skips words of
        256 characters or more; this one keeps them (it is bounded in characters), so a long
        chunk of unspaced text (Chinese under umT5) is encoded once."""
        return self._cache.ids(chunk)

    def _chunk_ids(self, chunk: str) -> list[int]:
        return [i for i, _ in self.pieces_of(chunk)]

    def _encode_chunks(self, chunks: list[str]) -> dict[str, list[int]]:
        """Each distinct chunk of ``chunks`` -> its ids: from the cache, else from one pass
        over the new chunks (``_ids_each``), which the cache then keeps."""
        known, new = self._cache.look_up(chunks)
        found = dict(self._ids_each(new))
        self._cache.remember(found)
        known.update(found)
        return known

    def chunk_surfaces(self, chunk: str, ids: list[int], surface: dict[int, bytes]
                       ) -> list[bytes]:
        """Each id's bytes of ``chunk``: an unknown piece stands for the characters it
        covers, whatever they are."""
        return [data for _, data in self.pieces_of(chunk)]

    # ---- the model -------------------------------------------------------------
    def pieces_of(self, text: str) -> list[tuple[int, bytes]]:
        """Each id of ``text`` with the UTF-8 bytes of ``text`` it covers (a byte piece its
        one byte, a fused unknown piece all its characters).

        Raises:
            ValueError: if a character is unknown and the model has no unknown piece.
        """
        return self._pieces(text, self._path(text))

    def _pieces(self, text: str, path: list[tuple[int, int, int]]) -> list[tuple[int, bytes]]:
        """``pieces_of`` from the best path of ``text`` (``_path``)."""
        out: list[tuple[int, bytes]] = []
        unknown: list[str] = []
        unk = self.unk_id
        for start, end, pid in path:
            if pid < 0 or pid == unk:  # HF fuses a matched unknown piece too
                unknown.append(text[start:end])
                continue
            if unknown:
                out.extend(self._unknown("".join(unknown)))
                unknown = []
            out.append((pid, text[start:end].encode("utf-8")))
        if unknown:
            out.extend(self._unknown("".join(unknown)))
        return out

    def _unknown(self, run: str) -> list[tuple[int, bytes]]:
        """The ids of a run of unknown characters (fused)."""
        data = run.encode("utf-8")
        if self.flavour == "hf" and run in self.piece_ids:
            return [(self.piece_ids[run], data)]
        if self.byte_fallback and all(b in self.byte_ids for b in data):
            return [(self.byte_ids[b], bytes([b])) for b in data]
        if self.unk_id is None:
            raise ValueError(f"{run[:20]!r} is not in the vocabulary, which has no unknown piece")
        return [(self.unk_id, data)]

    def _lookup_built(self) -> PieceLookup:
        """The piece lookup (``lookup``), built on first use (loading stays fast);
        with HF's arithmetic also the search for runs of characters no matched piece holds
        (``_unknown_runs``)."""
        if self._lookup is None:
            self._lookup = PieceLookup(self.pieces, self._matched)
            if self.flavour == "hf":  # the sentencepiece flavour's pass does not use them
                self._unknown_runs = self._lookup.unknown_runs()
        return self._lookup

    def lattice(self, text: str) -> list[tuple[int, int, int, float]]:
        """Every piece that could cover part of ``text`` (the Unigram counterpart of a merge
        trace, for a viewer): ``(start, end, id, score)`` in character offsets, by start
        then length, with the unknown piece (id ``unk_id``, or -1) for a character no piece
        of one character covers; ``best_path`` picks among them.

        >>> UnigramEncoder(["<unk>", "a", "ab"], [0.0, -1.0, -1.5], unk_id=0).lattice("ab")
        [(0, 1, 1, -1.0), (0, 2, 2, -1.5), (1, 2, 0, -11.5)]
        """
        lookup = self._lookup_built()
        out = []
        for i in range(len(text)):
            pid = lookup.keys.get(text[i], -1)
            out.append((i, i + 1, pid, self.scores[pid]) if pid >= 0 else
                       (i, i + 1, -1 if self.unk_id is None else self.unk_id, self.unk_score))
            out.extend((i, j, pid, self.scores[pid]) for j, pid in self._ends(text, i, i + 2)
                       if pid >= 0)
        return out

    def _ends(self, text: str, i: int, j: int) -> list[tuple[int, int]]:
        """``(end, id)`` of the keys of the lookup that start at ``i`` and end at ``j`` or
        later (id -1: a prefix of a piece); the passes below inline its first part."""
        lookup = self._lookup_built()
        out = []
        while j <= len(text) and (pid := lookup.keys.get(text[i:j])) is not None:
            out.append((j, pid))
            j += 1
        if j > i + DEPTH and lookup.long:
            out.extend(lookup.long_matches(text, i, j - 1))
        return out

    def best_path(self, text: str) -> list[tuple[int, int, int]]:
        """The best segmentation of ``text`` (Viterbi, see the module).

        Returns:
            ``(start, end, id)`` per piece in character offsets, in order; id -1 for one
            unknown character (not yet fused).
        """
        path: list[tuple[int, int, int]] = []
        for start, end, pid in self._path(text):
            if pid < 0:
                path.extend((k, k + 1, -1) for k in range(start, end))
            else:
                path.append((start, end, pid))
        return path

    def _path(self, text: str) -> list[tuple[int, int, int]]:
        """``best_path``, except that a run of characters no matched piece holds may be one
        step ``(start, end, -1)``."""
        self._lookup_built()
        n = len(text)
        starts = [-1] * (n + 1)
        ids = [-1] * (n + 1)
        if self.flavour == "sentencepiece":
            self._forward_f32(text, starts, ids)
        else:
            self._forward(text, starts, ids, [0.0] * (n + 1), [0] * (n + 1), 0)
        return _back(starts, ids, n)

    def _ids_each(self, texts: list[str]) -> Iterator[tuple[str, list[int]]]:
        """``(text, its ids)`` for each of the distinct ``texts``, in sorted order. With
        HF's arithmetic a text's pass starts where it stops sharing a prefix with the text
        before it: the best paths ending inside that prefix are the ones already found
        (they depend on the prefix alone)."""
        if self.flavour == "sentencepiece" or not texts:
            yield from ((text, [i for i, _ in self.pieces_of(text)]) for text in texts)
            return
        self._lookup_built()
        size = max(map(len, texts)) + 1
        starts, ids, best, reach = [-1] * size, [-1] * size, [0.0] * size, [0] * size
        previous = ""
        for text in sorted(texts):
            shared, most = 0, min(len(text), len(previous))
            while shared < most and text[shared] == previous[shared]:
                shared += 1
            while shared > 0 and starts[shared] < 0:  # inside a run of unknown characters
                shared -= 1
            self._forward(text, starts, ids, best, reach, shared)
            yield text, self._read_ids(text, starts, ids)
            previous = text

    def _read_ids(self, text: str, starts: list[int], ids: list[int]) -> list[int]:
        """The ids of ``pieces_of(text)`` read back from the arrays of its forward pass."""
        out: list[int] = []
        unk = self.unk_id
        end = len(text)
        unknown_end = -1  # where the run of unknown steps being read back ends
        while end > 0:
            pid = ids[end]
            if pid < 0 or pid == unk:  # HF fuses a matched unknown piece too
                if unknown_end < 0:
                    unknown_end = end
            else:
                if unknown_end >= 0:
                    out.extend(i for i, _ in reversed(self._unknown(text[end:unknown_end])))
                    unknown_end = -1
                out.append(pid)
            end = starts[end]
        if unknown_end >= 0:
            out.extend(i for i, _ in reversed(self._unknown(text[:unknown_end])))
        out.reverse()
        return out

    def _forward(self, text: str, starts: list[int], ids: list[int], best: list[float],
                 reach: list[int], shared: int) -> None:
        """HF's forward pass: 64-bit path scores. Across a run of characters that no
        matched piece holds, the only path is one unknown piece per character: its score
        is summed as the pass would, and the run is one step back (``_path``).

        Args:
            text: the text.
            starts, ids, best: per end position, the best path's last step (start, id, -1
                if none yet) and score; at least ``len(text) + 1`` entries.
            reach: per start position, where the walk of the lookup's keys from there
                ended (past a piece longer than ``DEPTH``: where the longest piece would).
            shared: the arrays hold the pass over a text with the same first ``shared``
                characters (0: none): from there on it is redone, along with the steps
                that start before and end after.
        """
        lookup = self._lookup_built()
        trie_get, scores, unk_score = lookup.keys.get, self.scores, self.unk_score
        long_matches = lookup.long_matches if lookup.long else None
        n = len(text)
        starts[shared + 1:n + 1] = [-1] * (n - shared)
        pos = max(0, shared - lookup.longest)
        for run in chain(self._unknown_runs.finditer(text, shared), (None,)):
            stop, end = run.span() if run is not None else (n, n)
            for i in range(pos, stop):
                base = best[i]
                if i < shared:  # its steps that end after the shared prefix, if any
                    if reach[i] < shared:
                        continue
                    j = shared + 1
                else:
                    pid = trie_get(text[i], -1)  # a piece of one character, else unknown
                    candidate = base + (unk_score if pid < 0 else scores[pid])
                    if starts[i + 1] < 0 or candidate > best[i + 1]:
                        best[i + 1], starts[i + 1], ids[i + 1] = candidate, i, pid
                    j = i + 2
                while j <= n and (pid := trie_get(text[i:j])) is not None:
                    if pid >= 0:
                        candidate = base + scores[pid]
                        if starts[j] < 0 or candidate > best[j]:
                            best[j], starts[j], ids[j] = candidate, i, pid
                    j += 1
                reach[i] = j - 1
                if j > i + DEPTH and long_matches is not None:  # pieces longer than DEPTH
                    for j, pid in long_matches(text, i, j - 1):
                        candidate = base + scores[pid]
                        if starts[j] < 0 or candidate > best[j]:
                            best[j], starts[j], ids[j] = candidate, i, pid
                    reach[i] = max(reach[i], i + lookup.longest)
            if end > stop:  # nothing ends inside the run: no piece holds its characters
                base = best[stop]
                for _ in range(stop, end):
                    base += unk_score
                best[end], starts[end], ids[end] = base, stop, -1
            pos = end

    def _forward_f32(self, text: str, starts: list[int], ids: list[int]) -> None:
        """sentencepiece 0.2.3's forward pass: 32-bit sums, and every path score rebased on
        the one it extends when that one leaves [-100000, 100000] (``kScoreResetThreshold``)."""
        lookup = self._lookup_built()
        trie_get, scores, unk_score = lookup.keys.get, self.scores, self.unk_score
        long_matches = lookup.long_matches if lookup.long else None
        n = len(text)
        best = array("f", bytes(4 * (n + 1)))
        cand = array("f", b"\0\0\0\0")  # rounds a sum to 32 bits
        frontier = 0
        for i in range(n):
            base = best[i]
            if not -_RESET <= base <= _RESET:
                for k in range(i, frontier + 1):
                    if k == i or starts[k] >= 0:
                        best[k] -= base
                base = 0.0
            if frontier <= i:
                frontier = i + 1
            pid = trie_get(text[i], -1)  # a piece of one character, else the unknown one
            cand[0] = base + (unk_score if pid < 0 else scores[pid])
            if starts[i + 1] < 0 or cand[0] > best[i + 1]:
                best[i + 1], starts[i + 1], ids[i + 1] = cand[0], i, pid
            j = i + 2
            while j <= n and (pid := trie_get(text[i:j])) is not None:
                if pid >= 0:
                    if j > frontier:
                        frontier = j
                    cand[0] = base + scores[pid]
                    if starts[j] < 0 or cand[0] > best[j]:
                        best[j], starts[j], ids[j] = cand[0], i, pid
                j += 1
            if j > i + DEPTH and long_matches is not None:  # pieces longer than DEPTH
                for j, pid in long_matches(text, i, j - 1):
                    if j > frontier:
                        frontier = j
                    cand[0] = base + scores[pid]
                    if starts[j] < 0 or cand[0] > best[j]:
                        best[j], starts[j], ids[j] = cand[0], i, pid
