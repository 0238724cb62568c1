"""Token spans for viewers: the engine's span types (``encoded``: ``Chunk``, ``TokenSpan``,
``chunk_spans``, which characters each token covers) and what a viewer counts of them.
"""

from __future__ import annotations

from ..encoded import Chunk, TokenSpan, chunk_spans, is_utf8

__all__ = ["TokenSpan", "Chunk", "chunk_spans", "is_utf8", "lost_characters"]


def lost_characters(spans: list[TokenSpan]) -> int:
    """How many source characters the unknown tokens of ``spans`` stand for: characters the
    encoding cannot represent (sentencepiece's and HF tokenizers' ``<unk>``/``[UNK]`` decode
    to their own text, not to these).

    Args:
        spans: tokens in order, as ``Encoding.encode_detailed`` returns them.

    >>> lost_characters([TokenSpan(2, b"<unk>", "<unk>", 1, 4, True, False, 0, True)])
    3
    """
    return sum(s.end - s.start for s in spans if s.unknown)
