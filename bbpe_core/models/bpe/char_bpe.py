"""SentencePiece BPE: merging over characters, with byte fallback (Llama 2, Mistral 7B, Gemma).

The model stage of a SentencePiece BPE encoding, after the normalizer wrote spaces as ``▁``:

1. Start from the text's characters; a user-defined piece (Mistral v3's
   ``[REFERENCE_DOC_0]``) is one frozen symbol that never merges (the longest one wins).
2. Merge adjacent symbols, the pair of best priority first, the leftmost on a tie, with the
   heap over a linked list (``bpe.merge_parts``: O(n log n), so 100,000 characters with no
   pre-tokenization are safe). A pair's priority comes from the caller: minus the score of
   the merged piece for a ``.model`` (SentencePiece's ``bpe_model.cc``: any pair whose
   concatenation is a piece may merge), the merge list's order for a tokenizer.json (HF
   tokenizers' ``BPE``, ``Word::merge_all``: ``merge_table.MergeTable.priority``).
3. A symbol that is a piece is its id; any other (a character the vocabulary lacks) becomes
   the ``<0xNN>`` pieces of its UTF-8 bytes (byte fallback), or the unknown piece.

A speed-up that changes no id: the text is cut before every ``▁`` that follows a character
no piece has right before a ``▁`` (checked on the vocabulary once), since no merge can
cross such a place; each word is then merged once and cached, as the byte-level encoders
cache chunks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain

import regex

from ...normalizers.replace import SPACE_MARK
from ...pre_tokenizers import PreTokenizer
from ...special import whole_token_regex
from ..base import SENTENCEPIECE_BPE, Encoder
from ..cache import BoundedCache
from .ranked import merge_parts

__all__ = ["CharBPEEncoder", "score_priority"]

PairPriority = Callable[[str, str], "float | int | None"]
"""``pair_priority(left, right)``: lower merges first; None if they never merge."""


def score_priority(scores: Mapping[str, float]) -> PairPriority:
    """SentencePiece's merge rule for a ``.model`` (``bpe_model.cc``): any two adjacent symbols
    whose concatenation is a piece may merge, the piece of highest score first.

    Args:
        scores: piece string -> score, for every piece a merge may produce (a ``.model``'s
            NORMAL and USER_DEFINED pieces).

    Returns:
        ``pair_priority``: minus the merged piece's score, or None if it is no piece.

    >>> score_priority({"ab": -1.0})("a", "b")
    1.0
    """
    priority = {piece: -score for piece, score in scores.items()}
    return lambda left, right: priority.get(left + right)


def _word_pattern(pieces: Iterable[str]) -> regex.Pattern:
    """A pattern whose matches tile the text into words no merge crosses: a word ends
    before a ``▁`` unless the character before it is ``▁`` or one that some piece has
    right before a ``▁``."""
    glued = {a for piece in pieces if piece.find(SPACE_MARK, 1) > 0  # few pieces: C filter
             for a, b in zip(piece, piece[1:]) if b == SPACE_MARK and a != SPACE_MARK}
    mark = regex.escape(SPACE_MARK)
    if not glued:
        return regex.compile(f"{mark}*[^{mark}]+|{mark}+")
    before = "".join(regex.escape(c) for c in sorted(glued))
    return regex.compile(f"{mark}*(?:[^{mark}]|(?<=[{before}]){mark}+)+|{mark}+")


class CharBPEEncoder(Encoder):
    """Character-level BPE with byte fallback over normalized text.

    Args:
        piece_ids: piece string -> id of every piece a merge may produce or a symbol may
            be (NORMAL and USER_DEFINED pieces; a tokenizer.json's vocabulary).
        pair_priority: the priority of merging two adjacent symbols (see the module).
        pre_tokenizer: cuts a segment into chunks first (Gemma 3's ``Split``), or None.
        user_defined: pieces matched whole in the text and never merged.
        byte_ids: byte value -> id of its ``<0xNN>`` piece (empty: no byte fallback).
        unk_id: the unknown piece's id, for a symbol byte fallback cannot spell.
        fuse_unk: join consecutive unknown pieces into one (HF's ``fuse_unk``).
        cache_size: words remembered; the cache (``cache.BoundedCache``, also bounded in
            characters) is emptied when full.
        scores: each piece's score as a ``.model`` gives it, or None; kept for saving
            (``formats.sentencepiece_save``), never read while encoding.
        merges: the merge list (pairs of piece strings in priority order: a list or a
            ``merge_table.MergeTable``) of a tokenizer.json, or None; kept for saving
            likewise.

    Raises:
        ValueError: if a symbol can be neither a piece nor bytes and there is no
            ``unk_id`` (raised while encoding, naming the symbol).
    """

    model_kind = SENTENCEPIECE_BPE

    def __init__(self, piece_ids: dict[str, int], pair_priority: PairPriority, *,
                 pre_tokenizer: PreTokenizer | None = None, user_defined: Iterable[str] = (),
                 byte_ids: dict[int, int] | None = None, unk_id: int | None = None,
                 fuse_unk: bool = False, cache_size: int = 65536,
                 scores: dict[str, float] | None = None,
                 merges: Sequence[tuple[str, str]] | None = None) -> None:
        self.piece_ids = piece_ids
        self.scores = scores
        self.merges = merges
        self.pre_tokenizer = pre_tokenizer
        self.byte_ids = dict(byte_ids or {})
        self.unk_id = unk_id
        self.fuse_unk = fuse_unk
        self._cache = BoundedCache(cache_size, compute=self.word_ids)
        frozen = frozenset(user_defined)
        self.user_defined = frozen
        self._symbols = None
        if frozen:
            # the longest user-defined piece where one starts, as a trie (one alternative per
            # piece scanned 10,000 characters in 25 s with 32,768 pieces), else one character
            whole = whole_token_regex(frozen).pattern
            self._symbols = regex.compile(f"{whole}|.", regex.DOTALL).findall
            inner = pair_priority

            def pair_priority(left: str, right: str):
                return None if left in frozen or right in frozen else inner(left, right)

        self.pair_priority = pair_priority
        self._words = _word_pattern(chain(piece_ids, frozen)).findall

    def clear_cache(self) -> None:
        """Empty the word cache."""
        self._cache.clear()

    def encode_segment(self, segment: str) -> list[int]:
        """The ids of a normalized segment: its chunks (if a pre-tokenizer cuts it), each
        cut into words, each word merged once and cached."""
        if self.pre_tokenizer is None:
            return self._encode_words(self._words(segment))
        chunks = self.pre_tokenizer.chunks(segment)
        return self._encode_words(list(chain.from_iterable(map(self._words, chunks))))

    def encode_chunk(self, chunk: str) -> list[int]:
        """The ids of one chunk (what the viewer asks for)."""
        return self._encode_words(self._words(chunk))

    def _encode_words(self, words: list[str]) -> list[int]:
        ids = self._cache.joined_ids(words)  # every word seen before: at C speed
        if self.fuse_unk and self.unk_id in ids:
            ids = [i for k, i in enumerate(ids)
                   if not (i == self.unk_id and k and ids[k - 1] == self.unk_id)]
        return ids

    def word_ids(self, word: str) -> tuple[int, ...]:
        """The ids of one word (no cache): symbols, merges, then byte fallback."""
        symbols = list(word) if self._symbols is None else self._symbols(word)
        ids: list[int] = []
        for symbol in merge_parts(symbols, self.pair_priority):
            found = self.piece_ids.get(symbol)
            if found is not None:
                ids.append(found)
            else:
                ids.extend(self._fallback(symbol))
        return tuple(ids)

    def _fallback(self, symbol: str) -> list[int]:
        """The ids of a symbol that is no piece: its UTF-8 bytes' pieces, else unknown."""
        data = symbol.encode("utf-8")
        if self.byte_ids and all(b in self.byte_ids for b in data):
            return [self.byte_ids[b] for b in data]
        if self.unk_id is None:
            raise ValueError(f"{symbol!r} is not in the vocabulary, which has no unknown piece")
        return [self.unk_id]
