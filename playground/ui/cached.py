"""Streamlit caches around the engine: one load per process, bounded per-text results.

The shipped encodings are shared by every session (``st.cache_resource``, treat as
immutable). Per-text results are cached by (cache key, text, mode) with a bound,
so a rerun that changes neither text nor encoding does not encode again; the
encoding itself is passed as ``_enc`` (not hashed), its key names it.
"""

from __future__ import annotations

import streamlit as st

from bbpe_core import Encoding, get_encoding

from ..analysis import MAX_RENDER_TOKENS, Analysis, analyse
from ..compare import Comparison, compare

__all__ = ["load_encoding", "cached_analysis", "cached_comparison"]


@st.cache_resource(show_spinner="Loading the encoding…")
def load_encoding(name: str) -> Encoding:
    """The shipped encoding ``name``, loaded once per process."""
    return get_encoding(name)


@st.cache_data(max_entries=16, show_spinner=False)
def cached_analysis(key: str, text: str, mode: str, _enc: Encoding,
                    max_tokens: int = MAX_RENDER_TOKENS) -> Analysis:
    """``analysis.analyse``, cached by (key, text, mode, max_tokens), 16 entries at most."""
    return analyse(_enc, text, mode, max_tokens)


@st.cache_data(max_entries=8, show_spinner=False)
def cached_comparison(keys: tuple[str, ...], text: str, mode: str,
                      _encodings: dict[str, Encoding], max_tokens: int) -> list[Comparison]:
    """``compare.compare``, cached by (keys, text, mode, max_tokens), 8 entries at most."""
    return compare(_encodings, text, mode, max_tokens)
