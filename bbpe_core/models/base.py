"""The model stage's interface: what ``Encoding`` asks of an encoder.

An encoder turns special-free, normalized text into ids. It owns its caches (each a
``cache.BoundedCache``); ``Encoding`` owns none. Each declares its ``model_kind``:

- byte-level BPE (``bpe/``): ``simple.SimpleEncoder`` (the reference: any pre-tokenizer),
  ``fast.FastEncoder`` (the three shipped patterns only, proven equal to the reference in
  ``tests/test_encoders.py``), ``cjk_parts.CjkPartsEncoder`` (the reference with the CJK
  cut, for the other patterns) and ``missing_bytes.MissingBytesEncoder`` (the reference for a
  vocabulary that lacks single bytes);
- SentencePiece BPE: ``bpe.char_bpe.CharBPEEncoder``; WordPiece:
  ``wordpiece.model.WordPieceEncoder``; Unigram: ``unigram.model.UnigramEncoder`` (their
  encodings are built from these stages: ``Encoding(name, vocab=..., model=..., ...)``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Protocol

__all__ = ["BYTE_LEVEL_BPE", "Encoder", "SENTENCEPIECE_BPE", "UNIGRAM", "Vocabulary", "WORDPIECE"]

BYTE_LEVEL_BPE = "byte-level BPE"
"""GPT-2's model (Radford et al. 2019): BPE merges over UTF-8 bytes, tokens keyed by bytes."""
SENTENCEPIECE_BPE = "SentencePiece BPE"
"""BPE over characters with optional byte fallback (Kudo & Richardson 2018; Llama 2, Gemma)."""
WORDPIECE = "WordPiece"
"""Greedy longest match from the start of each word (Schuster & Nakajima 2012, as BERT)."""
UNIGRAM = "Unigram"
"""The best-scoring segmentation over the pieces' log probabilities (Kudo 2018)."""


class Vocabulary(Protocol):
    """What an encoding and its callers ask of a vocabulary, whatever its shape: byte-level
    BPE's ``vocab.Vocab`` (tokens keyed by their bytes) and ``token_table.TokenTable`` (piece
    strings: SentencePiece BPE, WordPiece, Unigram) both follow it, so callers ask the
    vocabulary instead of testing ``Encoding.byte_level`` (HF tokenizers' ``Model`` trait
    gives every model kind one vocabulary interface: ``token_to_id``, ``id_to_token``,
    ``get_vocab``, ``get_vocab_size``).

    Attributes (read-only):
        name: the encoding's name, for messages.
        special_tokens: special-token text -> id (matched only when allowed).
        added_tokens: text -> id of non-special tokens matched whole in any raw text.
        whole_tokens: both of them: text -> id of the tokens matched whole.
        whole_ids: their ids (shown as their own text).
        id_to_bytes: id -> the bytes it decodes to.
        surface: id -> the UTF-8 bytes of normalized text it stands for (a viewer's spans).
        max_token_value: the largest id.
        merges: byte-level BPE's merge list, or None (ranks, or a model of pieces).
        ignore_merges: whether a chunk that is a token is looked up whole first.
        missing: the single bytes no token holds (only a byte-level vocabulary lacks any).
        part_ids: each ordinary token as its model's parts are written -> id: token bytes
            (byte-level BPE's ``mergeable_ranks``), or piece strings (``▁hello``).
        form: what ``token_str`` writes: ``"Ġ string"`` (GPT-2's byte map) or ``"piece"``.
    """

    @property
    def name(self) -> str: ...
    @property
    def special_tokens(self) -> dict[str, int]: ...
    @property
    def added_tokens(self) -> dict[str, int]: ...
    @property
    def whole_tokens(self) -> dict[str, int]: ...
    @property
    def whole_ids(self) -> frozenset[int]: ...
    @property
    def id_to_bytes(self) -> dict[int, bytes]: ...
    @property
    def surface(self) -> dict[int, bytes]: ...
    @property
    def max_token_value(self) -> int: ...
    @property
    def merges(self) -> list[tuple[bytes, bytes]] | None: ...
    @property
    def ignore_merges(self) -> bool: ...
    @property
    def missing(self) -> bytes: ...
    @property
    def part_ids(self) -> Mapping[bytes, int] | Mapping[str, int]: ...
    @property
    def form(self) -> str: ...

    def __hash__(self) -> int:
        """By identity: caches are keyed by the vocabulary (``unstable.sorted_token_bytes``)."""
        ...

    def token_bytes(self, token: int) -> bytes:
        """The bytes of one id (special and added tokens give their UTF-8 text).

        Raises:
            TypeError: if ``token`` is not an int.
            KeyError: if the id is unknown or unassigned (the message names it).
        """
        ...

    def token_str(self, token: int) -> str:
        """How a viewer shows one id (a ``Ġ`` string, a piece, a whole token's text)."""
        ...

    def token_id(self, text_or_bytes: str | bytes) -> int:
        """The id of text or bytes that form exactly one token.

        Raises:
            KeyError: if it is not a single token.
        """
        ...


class Encoder(ABC):
    """Text without special tokens -> ids.

    Attributes:
        model_kind: which model it runs, one of ``BYTE_LEVEL_BPE``, ``SENTENCEPIECE_BPE``,
            ``WORDPIECE``, ``UNIGRAM`` (declared by each implementation).
        unk_id: the unknown token's id, or None for a model that has none (byte-level BPE
            spells every text in bytes).
    """

    model_kind: str
    unk_id: int | None = None

    @abstractmethod
    def encode_segment(self, segment: str) -> list[int]:
        """The ids of a whole segment: split into chunks by the pre-tokenizer, each chunk
        encoded (``encode_chunk``), the ids joined.

        Args:
            segment: normalized text holding no special or added token.

        Raises:
            PatternTimeoutError: if a user-supplied pattern ran out of time.
        """

    @abstractmethod
    def encode_chunk(self, chunk: str) -> list[int]:
        """The ids of one chunk (one pre-token); what the viewer asks for, chunk by chunk.

        Args:
            chunk: one chunk as the pre-tokenizer cut it.
        """

    def encode_chunks(self, chunks: list[str]) -> list[int]:
        """The ids of several chunks, joined (what the rich encode asks for the chunks past
        those it describes); a model with a batched cache look-up overrides it.

        Args:
            chunks: chunks as the pre-tokenizer cut them, in order.
        """
        return [i for chunk in chunks for i in self.encode_chunk(chunk)]

    def chunk_surfaces(self, chunk: str, ids: list[int], surface: dict[int, bytes]
                       ) -> list[bytes]:
        """Each id's bytes of ``chunk`` text, for the viewer's spans (they concatenate to the
        chunk's UTF-8).

        Args:
            chunk: one chunk, as passed to ``encode_chunk``.
            ids: its ids.
            surface: id -> the bytes of normalized text the token stands for (the
                vocabulary's ``surface``); a model whose token can stand for any text (an
                unknown token) overrides this.
        """
        return [surface[i] for i in ids]

    @abstractmethod
    def clear_cache(self) -> None:
        """Forget every cached result (for cold-cache benchmarks); ids do not change."""
