"""What a token viewer needs and tiktoken lacks: chunks, token spans, display strings.

Functions over an ``Encoding`` (its methods ``pre_tokenize``, ``encode_detailed`` and
``tokenize`` call them). They ask the encoder for one chunk at a time
(``Encoder.encode_chunk``), so the ids always equal ``encode``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..pre_tokenizers.pattern_deadline import within_budget
from ..special import AllowedSpecial, DisallowedSpecial
from .spans import Chunk, TokenSpan, chunk_spans

if TYPE_CHECKING:
    from ..encoding import Encoding, Segment

__all__ = ["encode_detailed", "iter_chunks", "pre_tokenize", "tokenize"]


def pre_tokenize(enc: Encoding, text: str, allowed_special: AllowedSpecial = frozenset(),
                 disallowed_special: DisallowedSpecial = "all") -> list[Chunk]:
    """Split text into its pre-tokens (chunks) and allowed special tokens.

    Arguments and errors as for ``Encoding.encode``. Offsets refer to ``text`` (to its
    surrogate-fixed form if it holds surrogates). A prefix space added by
    ``add_prefix_space`` is not part of any chunk's text.

    Returns:
        The chunks, covering the text in order.
    """
    return list(iter_chunks(enc, text, allowed_special, disallowed_special))


def iter_chunks(enc: Encoding, text: str, allowed_special: AllowedSpecial = frozenset(),
                disallowed_special: DisallowedSpecial = "all") -> Iterator[Chunk]:
    """``pre_tokenize``'s chunks lazily (the regex scan runs as they are taken)."""
    chunks = _chunks_with_origin(enc, text, allowed_special, disallowed_special)
    for chunk, _ in within_budget(chunks, enc.scan_budget):
        yield chunk


Origin = list[tuple[int, int]]
"""Per character of a normalized chunk, the span of source text it came from."""


def _chunks_with_origin(enc: Encoding, text: str, allowed_special: AllowedSpecial,
                        disallowed_special: DisallowedSpecial
                        ) -> Iterator[tuple[Chunk, Origin | None]]:
    """The chunks, each with its origin if the normalizer rewrote it (else None): the
    segments ``encode`` takes (``Encoding.segments``), each cut by the pre-tokenizer."""
    allowed = enc.resolve_allowed(text, allowed_special, disallowed_special)
    for segment in enc.segments(text, allowed):
        if segment.special:
            yield Chunk(segment.text, segment.start, segment.end, True), None
            continue
        if segment.text[segment.skip:] != segment.source:
            yield from _normalized_chunks(enc, segment)
            continue
        skip, source, start = segment.skip, segment.source, segment.start
        for a, b in enc.pre_tokenizer.iter_split(segment.text):
            a, b = max(a - skip, 0), b - skip
            yield Chunk(source[a:b], start + a, start + b), None


def _normalized_chunks(enc: Encoding, segment: Segment) -> Iterator[tuple[Chunk, Origin]]:
    """The chunks of a segment the normalizer changes: their text is the normalized
    text (what is encoded), their span the input characters it came from (a character the
    normalizer added, like a dummy prefix ``▁``, comes from an empty span)."""
    normalized, origin = enc.normalizer.normalize_with_offsets(segment.source)
    origin = [(segment.start + a, segment.start + b) for a, b in origin]
    skip = segment.skip
    for a, b in enc.pre_tokenizer.iter_split(" " * skip + normalized):
        a, b = max(a - skip, 0), b - skip
        yield (Chunk(normalized[a:b], origin[a][0], origin[b - 1][1], normalized=True),
               origin[a:b])


def encode_detailed(enc: Encoding, text: str, allowed_special: AllowedSpecial = frozenset(),
                    disallowed_special: DisallowedSpecial = "all",
                    max_tokens: int | None = None) -> list[TokenSpan]:
    """Encode text and describe every token: id, bytes, display string, span, flags.

    Arguments and errors as for ``Encoding.encode``; the ids equal ``encode``'s. See
    ``spans`` for how a character cut over two tokens is shared. The display string is the
    vocabulary's (``token_str``): a GPT-2 ``Ġ`` string for byte-level BPE, the piece
    (``▁hello``, ``<0xE4>``) for SentencePiece. Where a normalizer rewrote the text, a token
    spans the typed characters its normalized characters came from.

    Args:
        max_tokens: stop after the chunk that reaches this many tokens (the rest of the
            text is then not even split); the tokens returned are exactly the first ones
            of the whole text. None for all.

    Returns:
        One ``TokenSpan`` per token, in order (up to ``max_tokens``).
    """
    out: list[TokenSpan] = []
    prefixed = False
    vocab = enc.vocab
    chunks = _chunks_with_origin(enc, text, allowed_special, disallowed_special)
    for index, (chunk, origin) in enumerate(within_budget(chunks, enc.scan_budget)):
        if max_tokens is not None and len(out) >= max_tokens:
            return out
        if chunk.special:
            tid = vocab.whole_tokens[chunk.text]
            data = chunk.text.encode("utf-8")
            out.append(TokenSpan(tid, data, chunk.text, chunk.start, chunk.end, True, True, index))
            prefixed = False
            continue
        skip = int(enc.add_prefix_space and not prefixed and not chunk.text.startswith(" "))
        prefixed = True
        ids = enc.encoder.encode_chunk(" " * skip + chunk.text)
        if max_tokens is not None:  # describe no more of a long chunk than is returned
            ids = ids[:max_tokens - len(out)]
        surfaces = enc.encoder.chunk_surfaces(" " * skip + chunk.text, ids, vocab.surface)
        out.extend(chunk_spans(chunk, index, ids, surfaces,
                               [vocab.id_to_bytes[i] for i in ids],
                               [vocab.token_str(i) for i in ids], skip, origin,
                               enc.encoder.unk_id))
    return out


def tokenize(enc: Encoding, text: str, allowed_special: AllowedSpecial = frozenset(),
             disallowed_special: DisallowedSpecial = "all") -> list[str]:
    """The tokens as their vocabulary writes them: GPT-2 printable strings for byte-level
    BPE, as ``GPT2Tokenizer.tokenize`` returns; piece strings (``▁hello``, ``<0xE4>``) for
    SentencePiece, as its ``encode(out_type=str)`` does.

    Arguments and errors as for ``Encoding.encode``: special-token text raises by default;
    with ``allowed_special`` a special token comes back whole as its own text
    (``"<|endoftext|>"``, not byte-mapped), as GPT2Tokenizer keeps it.
    """
    ids = enc.encode(text, allowed_special=allowed_special, disallowed_special=disallowed_special)
    return list(map(enc.vocab.token_str, ids))
