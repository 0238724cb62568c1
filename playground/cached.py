"""Streamlit caches around the engine: one load per process, bounded per-text results.

The shipped encodings are shared by every session (``st.cache_resource``, treat as
immutable). Analyses are cached by (encoding name, text, mode) with a bound, so a
rerun that changes neither text nor encoding does not encode again.
"""

from __future__ import annotations

import streamlit as st

from bbpe_core import Encoding, get_encoding, list_encoding_names

from .analysis import Analysis, analyse

__all__ = ["load_encoding", "cached_analysis", "encoding_names"]


@st.cache_resource(show_spinner="Loading the encoding…")
def load_encoding(name: str) -> Encoding:
    """The shipped encoding ``name``, loaded once per process."""
    return get_encoding(name)


def encoding_names() -> list[str]:
    """Names the selectors offer: the shipped encodings."""
    return list_encoding_names()


@st.cache_data(max_entries=16, show_spinner=False)
def cached_analysis(name: str, text: str, mode: str) -> Analysis:
    """``analysis.analyse`` of a shipped encoding, cached (16 entries at most)."""
    return analyse(load_encoding(name), text, mode)
