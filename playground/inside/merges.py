"""The merge trace page's logic: the id of each part, the words around the steps.

The page draws a ``bbpe_core.trace`` of the typed text; this module reads what the encoding
holds (token bytes for byte-level BPE, pieces for SentencePiece BPE) so the page does not.
"""

from __future__ import annotations

from bbpe_core import ChunkTrace, Encoding

from ..render.trace import Part, chunk_form

__all__ = ["part_ids", "byte_fallback_ids", "chunk_code", "trace_ids", "start_sentence",
           "end_sentence"]


def part_ids(enc: Encoding) -> dict[Part, int]:
    """Each part that is a token -> its id, as the vocabulary keys its parts
    (``Vocabulary.part_ids``): token bytes for byte-level BPE (``enc.mergeable_ranks``), piece
    text for SentencePiece BPE (``▁`` for a space).

    Args:
        enc: an encoding whose model merges (``model_kind.has_merges``).

    >>> from bbpe_core import get_encoding
    >>> part_ids(get_encoding("gpt2"))[b"hello"], part_ids(get_encoding("llama2"))["▁hello"]
    (31373, 22172)
    """
    return enc.vocab.part_ids


def byte_fallback_ids(enc: Encoding) -> dict[int, int]:
    """Byte value -> the id of its ``<0xNN>`` piece, for SentencePiece BPE with byte fallback
    (a character no piece covers ends as those pieces); empty otherwise.

    >>> from bbpe_core import get_encoding
    >>> byte_fallback_ids(get_encoding("llama2"))[0xE8], byte_fallback_ids(get_encoding("gpt2"))
    (235, {})
    """
    return {} if enc.byte_level else dict(enc.encoder.byte_ids or {})


def chunk_code(t: ChunkTrace, enc: Encoding) -> str:
    """The lines that introduce a traced chunk: its text, its UTF-8 bytes in hex and the form
    the model sees (``render.trace.chunk_form``).

    >>> from bbpe_core import get_encoding, trace
    >>> print(chunk_code(trace(get_encoding("gpt2"), " hi")[0], get_encoding("gpt2")))
    text ' hi'
    UTF-8 20 68 69
    Ġ form 'Ġhi'
    """
    form = chunk_form(t, None if enc.byte_level else enc.vocab.pieces)
    return f"text {t.chunk.text!r}\nUTF-8 {t.chunk.text.encode().hex(' ')}\n{form}"


def trace_ids(traces: list[ChunkTrace]) -> list[int]:
    """The ids of all traced chunks in order: ``enc.encode``'s ids for the same text."""
    return [i for t in traces for i in t.ids]


def start_sentence(enc: Encoding) -> str:
    """What the parts are before the first merge: bytes, or characters with ``▁``."""
    return ("Start: one part per byte." if enc.byte_level else
            "Start: one part per character (▁ is a space).")


def end_sentence(t: ChunkTrace) -> str:
    """Why the trace of chunk ``t`` stops, and its ids; says so when the whole chunk was
    looked up as one token before merging (tiktoken's whole-chunk lookup)."""
    how = ("The whole chunk is itself a token: this encoding looks it up directly "
           "before merging. " if t.looked_up else "")
    return f"{how}No adjacent pair forms a token any more. Final ids: `{t.ids}`."
