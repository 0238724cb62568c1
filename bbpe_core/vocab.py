"""The vocabulary of a byte-level BPE encoding: ranks, merges, whole tokens, the id -> bytes
table, and the BPE of one chunk's bytes under the vocabulary's merge semantics.

Two semantics, one interface (``pair_rank`` and ``bpe``):

- tiktoken's: ``mergeable_ranks`` alone; any pair whose concatenation is a token may merge,
  the token's id is its rank (tiktoken ``src/lib.rs``).
- GPT-2 / HF files': a merge list; only listed pairs merge, in list order, and ids still come
  from the vocabulary (openai/gpt-2 ``encoder.py``; HF tokenizers' ``BPE`` model).

A vocabulary may lack single bytes (Falcon's lacks 0x03 and 27 more; StarCoder's, MPT's and
GPT-NeoX's lack 0xC0, 0xC1 and 0xF5..0xFF, bytes UTF-8 never uses, StarCoder's also 0xF1).
With no unknown token, a byte no token holds gives no id, where the two engines differ
(``MISSING_BYTES``):

- ``"skip"``, HF tokenizers' ``BPE::merge_word`` (models/bpe/model.rs): a character with no
  token and no ``unk_token`` is left out before merging, so its neighbours may merge;
- ``"split"``, llama.cpp's ``llm_tokenizer_bpe_session::tokenize`` (src/llama-vocab.cpp):
  the character stays a symbol no merge joins, then gives no token (its one-byte look-up
  fails), so it parts its neighbours.

Reads no files (see ``formats``) and knows no text patterns (see ``patterns``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import validate
from .models.bpe import PairRank, merge_listed, merge_ranked
from .pre_tokenizers.byte_level import to_gpt2_str
from .token_table import lookup_bytes

__all__ = ["MISSING_BYTES", "Vocab"]

MISSING_BYTES = ("skip", "split")
"""What a byte no token holds does to its neighbours: HF tokenizers' semantics, llama.cpp's."""


class Vocab:
    """Token tables of an encoding, checked once (a ``models.base.Vocabulary``).

    Args:
        name: the encoding's name (for messages).
        mergeable_ranks: token bytes -> id (the rank, under tiktoken's semantics).
        special_tokens: special-token text -> id (matched only when allowed).
        added_tokens: text -> id of non-special added tokens (always matched whole in the
            raw text, like HF's non-special added tokens).
        merges: ``[(left, right), ...]`` in priority order, or None for tiktoken's semantics.
        explicit_n_vocab: if given, the number of ids must equal it.
        ignore_merges: a chunk that is a token is that token, without merging (tiktoken
            always; HF's ``ignore_merges``).
        missing_bytes: None (every single byte must be a token), ``"skip"`` or ``"split"``
            (a byte with no token gives no id: ``MISSING_BYTES``, the module's docstring).

    Raises:
        ValueError: if the tables are inconsistent (``validate.check_vocab``), a text is
            both special and added, or ``missing_bytes`` is not one of the above.
    """

    def __init__(self, name: str, mergeable_ranks: dict[bytes, int],
                 special_tokens: dict[str, int], added_tokens: dict[str, int] | None = None,
                 merges: Sequence[tuple[bytes, bytes]] | None = None,
                 explicit_n_vocab: int | None = None, ignore_merges: bool = True,
                 missing_bytes: str | None = None) -> None:
        added_tokens = dict(added_tokens or {})
        if missing_bytes is not None and missing_bytes not in MISSING_BYTES:
            raise ValueError(
                f"missing_bytes must be None, 'skip' or 'split', not {missing_bytes!r}")
        validate.check_vocab(
            mergeable_ranks, {**added_tokens, **special_tokens}, merges, explicit_n_vocab,
            missing_bytes_allowed=missing_bytes is not None,
        )
        if set(added_tokens) & set(special_tokens):
            raise ValueError("a token is both special and added: "
                             f"{sorted(set(added_tokens) & set(special_tokens))[0]!r}")
        self.name = name
        self.mergeable_ranks = mergeable_ranks
        self.special_tokens = dict(special_tokens)
        self.added_tokens = added_tokens
        self.merges = list(merges) if merges is not None else None
        self.ignore_merges = ignore_merges
        self.missing_bytes = missing_bytes
        self.missing = bytes(b for b in range(256) if bytes([b]) not in mergeable_ranks)
        """The single bytes no token holds (empty for a complete vocabulary)."""
        self._missing_run = re.compile(b"[%s]+" % re.escape(self.missing)) if self.missing else None
        self.part_ids = mergeable_ranks  # a merge's parts are token bytes
        self.whole_tokens = {**added_tokens, **special_tokens}  # matched whole in raw text
        self.id_to_bytes = dict(zip(mergeable_ranks.values(), mergeable_ranks))
        self.id_to_bytes.update({i: s.encode("utf-8") for s, i in self.whole_tokens.items()})
        self.surface = self.id_to_bytes  # what a token matches is what it decodes to
        self.whole_ids = frozenset(self.whole_tokens.values())  # shown as their text
        self.max_token_value: int = max(self.id_to_bytes)
        if self.merges is None:
            ranks = mergeable_ranks
            self.pair_rank: PairRank = lambda left, right: ranks.get(left + right)
        else:
            priority = dict(zip(self.merges, range(len(self.merges))))  # last of a repeat wins
            self._priority = priority
            self.pair_rank = lambda left, right: priority.get((left, right))

    form = "Ġ string"
    """What ``token_str`` writes: GPT-2's printable form of the bytes."""

    def bpe(self, chunk: bytes) -> list[bytes]:
        """The BPE parts of one chunk's bytes (no whole look-up: see ``chunk_ids``).

        Args:
            chunk: the chunk's UTF-8 bytes.

        Returns:
            The parts, in order; each is a token. A byte no token holds is in none of them
            (``missing_bytes``).
        """
        if self._missing_run is not None and self._missing_run.search(chunk):
            if self.missing_bytes == "skip":  # HF: left out, its neighbours may merge
                return self._merge(chunk.translate(None, self.missing))
            return [part for run in self._missing_run.split(chunk) if run  # llama.cpp
                    for part in self._merge(run)]
        return self._merge(chunk)

    def _merge(self, chunk: bytes) -> list[bytes]:
        if self.merges is None:
            return merge_ranked(chunk, self.mergeable_ranks)
        return merge_listed(chunk, self._priority)

    def chunk_ids(self, chunk: str) -> list[int]:
        """The ids of one chunk: the token itself if the chunk is one and the vocabulary
        looks chunks up whole, else its BPE parts' ids.

        >>> ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256}
        >>> Vocab("v", ranks, {}).chunk_ids("abb")
        [256, 98]
        """
        data = chunk.encode("utf-8")
        ranks = self.mergeable_ranks
        if self.ignore_merges and (rank := ranks.get(data)) is not None:
            return [rank]
        return list(map(ranks.__getitem__, self.bpe(data)))

    def token_bytes(self, token: int) -> bytes:
        """The bytes of one id (special and added tokens give their UTF-8 text).

        Raises:
            TypeError: if ``token`` is not an int.
            KeyError: if the id is unknown or unassigned (the message names it).
        """
        return lookup_bytes(self.id_to_bytes, token, self.name, self.max_token_value)

    def token_str(self, token: int) -> str:
        """How a viewer shows one id: its GPT-2 printable string (``Ġma``), or a special or
        added token's own text."""
        data = self.id_to_bytes[token]
        return data.decode("utf-8") if token in self.whole_ids else to_gpt2_str(data)

    def token_id(self, text_or_bytes: str | bytes) -> int:
        """The id of text or bytes that form exactly one token (special and added included).

        Raises:
            KeyError: if it is not a single token.
        """
        if isinstance(text_or_bytes, str):
            if text_or_bytes in self.whole_tokens:
                return self.whole_tokens[text_or_bytes]
            text_or_bytes = text_or_bytes.encode("utf-8")
        try:
            return self.mergeable_ranks[text_or_bytes]
        except KeyError:
            raise KeyError(f"{text_or_bytes!r} is not a single token of {self.name}") from None
