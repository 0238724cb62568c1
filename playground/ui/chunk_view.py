"""Text mode's chunk view: the text cut into chunks of at most N tokens
(``bbpe_core.chunk_text``), each boundary drawn over the text with the chunk's count."""

from __future__ import annotations

import streamlit as st

from bbpe_core import Encoding
from bbpe_core.chunking import chunk_bounds

from ..caps import MAX_CHUNK_BYTES, check, chunk_budget, utf8_size
from ..render.chunks import chunks_html
from .common import problem
from .widgets import kept

__all__ = ["render"]

MAX_CHUNK_TOKENS = 1_000_000
"""The largest chunk size the field accepts."""


@st.cache_data(max_entries=8, show_spinner="Cutting into chunks…")
def _cached_chunks(key: str, text: str, max_tokens: int, overlap: int,
                   _enc: Encoding) -> tuple[list[tuple[int, int]], list[int]]:
    """``chunk_bounds`` and each chunk's count, cached by (key, text, sizes), 8 at most."""
    bounds = chunk_bounds(text, _enc, max_tokens, overlap)
    return bounds, [len(_enc.encode_ordinary(text[a:b])) for a, b in bounds]


def render(text: str, enc: Encoding, key: str, show_ws: bool) -> None:
    """Draw the chunk switch and, when it is on, the chunk view of ``text``."""
    if not st.toggle("Cut into chunks of at most N tokens (for retrieval and embeddings)",
                     help="Cuts prefer paragraph, line, sentence and word boundaries, in that "
                     "order; each chunk's count is the chunk encoded alone. Python: "
                     "bbpe_core.chunk_text(text, encoding, max_tokens, overlap).",
                     **kept("pg_chunk", False)):
        return
    left, right = st.columns(2)
    max_tokens = left.number_input("Tokens per chunk, at most", 1, MAX_CHUNK_TOKENS,
                                   **kept("pg_chunk_max", 128))
    overlap = right.number_input("Overlap: tokens of a chunk's end repeated", 0,
                                 MAX_CHUNK_TOKENS - 1, **kept("pg_chunk_overlap", 0))
    try:
        check("The text", utf8_size(text), MAX_CHUNK_BYTES, "UTF-8 bytes")
    except ValueError as e:  # our sentence: numbers only
        st.error(f"{e} The chunk view cuts shorter texts.")
        return
    if overlap >= max_tokens:
        st.error("The overlap must be less than the tokens per chunk.")
        return
    try:
        chunk_budget(len(enc.encode_ordinary(text)), int(max_tokens), int(overlap))
    except ValueError as e:  # our sentence: numbers only
        st.error(str(e))
        return
    try:
        bounds, counts = _cached_chunks(key, text, int(max_tokens), int(overlap), enc)
    except ValueError as e:  # a character alone over max_tokens; PatternTimeoutError
        problem("This text cannot be cut into chunks of this size.", str(e))
        return
    st.caption(f"{len(bounds):,} chunks of at most {int(max_tokens):,} tokens; ↺ marks a chunk "
               "that starts with the end of the one before. Hover a chunk for its range.")
    st.html(chunks_html(text, bounds, counts, show_whitespace=show_ws))
