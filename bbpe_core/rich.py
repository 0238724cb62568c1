"""The rich encode: the pipeline run once over a text, keeping what a viewer reads
(``encoded.Encoded``); ``Encoding.encode_rich``, ``encode_detailed`` and ``pre_tokenize``
call it.

Each ordinary segment (``Encoding.segments``, normalized with its offsets) is cut by the
pre-tokenizer, and each chunk goes to the model once (``Encoder.encode_chunk``); the ids
equal ``encode``'s because ``encode_segment`` is the same split and the same chunk ids
joined (``models.base.Encoder``). Spans are made only for the tokens to describe and for
chunks holding the unknown token (to count the characters it stands for), as HF tokenizers
keeps a token's offsets with its id (``tokenizer/encoding.rs``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import nullcontext
from typing import TYPE_CHECKING

from .encoded import Chunk, Encoded, TokenSpan, chunk_spans, lost_characters
from .pre_tokenizers.pattern_deadline import pattern_budget, within_budget

if TYPE_CHECKING:
    from .encoding import Encoding, Segment

__all__ = ["encode_rich", "iter_chunks"]

Cut = tuple["Segment", int, int]
"""One chunk as the model takes it: ``(segment, a, b)``, the span ``[a, b)`` of the segment's
text (``(segment, 0, 0)`` for a special or added token, which is its segment)."""


def _cuts(enc: Encoding, text: str, allowed: frozenset[str]) -> Iterator[Cut]:
    """Every chunk of ``text`` in order: the segments ``encode`` takes (normalized with their
    offsets), each cut once by the pre-tokenizer."""
    for segment in enc.segments(text, allowed, offsets=lambda: True):
        if segment.special:
            yield segment, 0, 0
            continue
        for a, b in enc.pre_tokenizer.iter_split(segment.text):
            yield segment, a, b


def _chunk(cut: Cut) -> Chunk:
    """The chunk as shown: its text without the prefix space and its span in the input. A
    normalized chunk's text is the normalizer's output (what is encoded), its span the input
    characters it came from (a character the normalizer added, like a dummy prefix ``▁``,
    comes from an empty span)."""
    segment, a, b = cut
    if segment.special:
        return Chunk(segment.text, segment.start, segment.end, True)
    skip, origin = segment.skip, segment.origin
    shown = segment.text[max(a, skip):b]
    a, b = max(a - skip, 0), b - skip
    if origin is None:
        return Chunk(shown, segment.start + a, segment.start + b)
    return Chunk(shown, origin[a][0], origin[b - 1][1], normalized=True)


def iter_chunks(enc: Encoding, text: str, allowed: frozenset[str]) -> Iterator[Chunk]:
    """The chunks of ``text`` lazily (``Encoding.pre_tokenize``: the regex scan runs as they
    are taken, under one time budget for the whole iteration).

    Args:
        enc: the encoding.
        text: the text (offsets refer to its surrogate-fixed form).
        allowed: the special-token texts to match (``Encoding.resolve_allowed``'s result).
    """
    for cut in within_budget(_cuts(enc, text, allowed), enc.scan_budget):
        yield _chunk(cut)


def _describe(enc: Encoding, cut: Cut, chunk: Chunk, index: int, ids: list[int]
              ) -> list[TokenSpan]:
    """The ``TokenSpan`` of each of ``ids``, the first ids of one ordinary chunk."""
    vocab, encoder = enc.vocab, enc.encoder
    segment, a, b = cut
    skip = segment.skip if a == 0 else 0  # the prefix space is in the first chunk
    origin = None if segment.origin is None else segment.origin[max(a - segment.skip, 0):
                                                                b - segment.skip]
    surfaces = encoder.chunk_surfaces(segment.text[a:b], ids, vocab.surface)
    return chunk_spans(chunk, index, ids, surfaces, [vocab.id_to_bytes[i] for i in ids],
                       [vocab.token_str(i) for i in ids], skip, origin, encoder.unk_id)


def encode_rich(enc: Encoding, text: str, allowed: frozenset[str],
                max_tokens: int | None = None, whole: bool = True) -> Encoded:
    """Encode ``text`` once and describe its tokens (``Encoding.encode_rich``).

    Args:
        enc: the encoding.
        text: the text.
        allowed: the special-token texts to match (``Encoding.resolve_allowed``'s result).
        max_tokens: describe only the first this many tokens (the spans of a 1 MB text
            are not all built); None for all.
        whole: False stops after the chunk that reaches ``max_tokens`` (the rest of the text
            is not even split; ``ids`` and ``lost`` then cover only that part).

    Returns:
        The ``Encoded`` result.

    Raises:
        PatternTimeoutError: if a user-supplied pattern ran out of time.
    """
    budget = nullcontext() if enc.scan_budget is None else pattern_budget(enc.scan_budget)
    with budget:
        return _run(enc, text, allowed, max_tokens, whole)


def _run(enc: Encoding, text: str, allowed: frozenset[str], max_tokens: int | None,
         whole: bool) -> Encoded:
    """``encode_rich``'s loop, inside its time budget. Past the tokens to describe, a
    segment of a model without an unknown token goes to the model whole
    (``Encoder.encode_segment``: the same split and chunk ids, on its fast path)."""
    encoder, whole_tokens = enc.encoder, enc.vocab.whole_tokens
    unk = encoder.unk_id
    ids: list[int] = []
    tokens: list[TokenSpan] = []
    chunks: list[Chunk] = []
    lost = 0
    left = -1 if max_tokens is None else max(max_tokens, 0)  # still to describe; -1: all
    index = 0  # of the chunk
    for segment in enc.segments(text, allowed, offsets=lambda: left != 0 or unk is not None):
        if segment.special:
            if not left and not whole:
                break
            tid = whole_tokens[segment.text]
            ids.append(tid)
            if left:
                chunks.append(_chunk((segment, 0, 0)))
                tokens.append(TokenSpan(tid, segment.text.encode("utf-8"), segment.text,
                                        segment.start, segment.end, True, True, index))
                left -= left > 0
            index += 1
            continue
        if not left and (not whole or unk is None):
            if not whole:
                break
            ids += encoder.encode_segment(segment.text)
            continue
        split = enc.pre_tokenizer.iter_split(segment.text)
        for a, b in split:
            cut = (segment, a, b)
            if left:
                chunks.append(chunk := _chunk(cut))
            elif not whole:
                return Encoded(ids, tokens, chunks, lost)
            elif unk is None:  # the rest of the segment: nothing to describe, nothing lost
                rest = [segment.text[a:b], *(segment.text[c:d] for c, d in split)]
                ids += encoder.encode_chunks(rest)
                break
            chunk_ids = encoder.encode_chunk(segment.text[a:b])
            ids += chunk_ids
            want = len(chunk_ids) if left < 0 else min(len(chunk_ids), left)
            if unk is not None and unk in chunk_ids:
                spans = _describe(enc, cut, chunk if left else _chunk(cut), index, chunk_ids)
                lost += lost_characters(spans)
                tokens += spans[:want]
            elif want:
                tokens += _describe(enc, cut, chunk, index, chunk_ids[:want])
            if left > 0:
                left -= want
            index += 1
    return Encoded(ids, tokens, chunks, lost)
