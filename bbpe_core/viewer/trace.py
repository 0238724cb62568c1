"""The merge trace: every BPE step of a text, as data, for teaching (transformers'
``GPT2Tokenizer.bpe()``).

For each chunk: its bytes, then each merge in order (the pair merged, its rank,
the runner-up pairs with their ranks, the parts after the step) until no adjacent
pair has a rank, then the chunk's ids, which are always ``encode``'s. The steps
are those of the textbook loop (``models.bpe.textbook.merge_steps``: lowest rank, leftmost on
a tie), which shows every candidate: O(n²) per step, so chunks are limited to
``MAX_TRACE_BYTES``.

When the encoding looks a whole chunk up before merging (tiktoken; HF
``ignore_merges``), ``looked_up`` says so: the steps still show how merging
builds it, and ``ids`` is the looked-up token, as ``encode`` gives.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..encoded import Chunk
from ..encoding import Encoding
from ..models.base import SENTENCEPIECE_BPE
from ..models.bpe import MergeStep, merge_steps

__all__ = ["MAX_TRACE_BYTES", "MergeStep", "ChunkTrace", "trace"]

MAX_TRACE_BYTES = 400
"""Longest chunk (in UTF-8 bytes) that is traced."""


@dataclass(frozen=True)
class ChunkTrace:
    """All merges of one chunk.

    Attributes:
        chunk: the pre-token (or special token) traced.
        initial: its single bytes (empty for a special token); for SentencePiece BPE its
            characters (``str`` parts, and the steps' parts are ``str`` too).
        steps: the merges in order.
        ids: its token ids, equal to ``encode``'s for this chunk.
        looked_up: the whole chunk is one token found by lookup before merging.
    """

    chunk: Chunk
    initial: list[bytes] | list[str]
    steps: list[MergeStep]
    ids: list[int]
    looked_up: bool


def _trace_chunk(enc: Encoding, chunk: Chunk) -> ChunkTrace:
    if chunk.special:
        return ChunkTrace(chunk, [], [], [enc.encode_single_token(chunk.text)], False)
    data = chunk.text.encode("utf-8")
    if len(data) > MAX_TRACE_BYTES:
        raise ValueError(
            f"chunk {chunk.text[:20]!r}… is {len(data)} bytes; traces stop at {MAX_TRACE_BYTES}"
        )
    ranks = enc.mergeable_ranks
    looked_up = enc.ignore_merges and data in ranks
    if enc.vocab.missing_bytes == "skip":  # HF leaves a byte with no token out first
        data = data.translate(None, enc.vocab.missing)
    initial = [data[i : i + 1] for i in range(len(data))]
    steps = list(merge_steps(data, enc.vocab.pair_rank))  # no merge joins a missing byte
    parts = steps[-1].parts if steps else initial
    ids = [ranks[chunk.text.encode("utf-8")]] if looked_up else [
        ranks[p] for p in parts if p in ranks]  # a byte with no token gives no id
    return ChunkTrace(chunk, initial, steps, ids, looked_up)


def _trace_char_chunk(enc: Encoding, chunk: Chunk) -> ChunkTrace:
    """A SentencePiece BPE chunk: merges over its normalized characters (``▁`` for spaces),
    each pair's priority minus the merged piece's score; a character no piece covers is
    left to byte fallback after the merges."""
    if chunk.special:
        return ChunkTrace(chunk, [], [], [enc.encode_single_token(chunk.text)], False)
    size = len(chunk.text.encode("utf-8"))
    if size > MAX_TRACE_BYTES:
        raise ValueError(
            f"chunk {chunk.text[:20]!r}… is {size} bytes; traces stop at {MAX_TRACE_BYTES}")
    steps = list(merge_steps(chunk.text, enc.encoder.pair_priority))
    return ChunkTrace(chunk, list(chunk.text), steps, enc.encoder.encode_chunk(chunk.text), False)


def trace(enc: Encoding, text: str, **special) -> list[ChunkTrace]:
    """Trace the merges of every chunk of ``text``.

    Args:
        enc: the encoding.
        text: the text (a word or a short passage).
        **special: ``allowed_special`` / ``disallowed_special``, as for ``encode``.

    Returns:
        One ``ChunkTrace`` per chunk; their ids, concatenated, equal ``encode``'s.

    Raises:
        ValueError: for disallowed special-token text, a chunk longer than
            ``MAX_TRACE_BYTES``, an encoding with ``add_prefix_space``, or one whose model
            has no merges (WordPiece).

    >>> from bbpe_core import get_encoding
    >>> [t.chunk.text for t in trace(get_encoding("gpt2"), "it's")]
    ['it', "'s"]
    >>> [s.parts for s in trace(get_encoding("llama2"), "hi")[0].steps]
    [['▁h', 'i'], ['▁hi']]
    """
    if enc.add_prefix_space:
        raise ValueError(f"{enc.name} adds a prefix space; its merges are not traced")
    if enc.byte_level:
        return [_trace_chunk(enc, c) for c in enc.pre_tokenize(text, **special)]
    if enc.model_kind != SENTENCEPIECE_BPE:
        raise ValueError(f"{enc.name} is {enc.model_kind}, not BPE: it has no merges to trace")
    return [_trace_char_chunk(enc, c) for c in enc.pre_tokenize(text, **special)]
