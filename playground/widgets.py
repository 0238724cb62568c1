"""Widgets every page shares: the encoding selector, and values kept across pages.

Streamlit forgets a widget's value when a page without it runs; ``kept`` stores
it under a second key and puts it back, so switching pages or modes never loses
the user's text or choice (Streamlit docs, "Widget behavior": preserve state with
a callback that copies to a non-widget key).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from .session import all_encoding_names

__all__ = ["kept", "set_kept", "encoding_selector"]


def kept(key: str, default: Any) -> dict[str, Any]:
    """Keyword arguments that make a widget keep its value across pages and reruns.

    Args:
        key: the widget's key.
        default: its value the first time.

    Returns:
        ``{"key": key, "on_change": <saver>}`` to pass to the widget (no ``value=``).
    """
    store = f"kept__{key}"
    st.session_state.setdefault(store, default)
    st.session_state[key] = st.session_state[store]

    def save() -> None:
        st.session_state[store] = st.session_state[key]

    return {"key": key, "on_change": save}


def set_kept(key: str, value: Any) -> None:
    """Set a kept widget's value before the widget is drawn (e.g. from a shared link)."""
    st.session_state[f"kept__{key}"] = value


def encoding_selector() -> str:
    """The sidebar's encoding selector (shared by all pages): shipped and this session's.

    Returns:
        The chosen encoding's name.
    """
    names = all_encoding_names()
    if st.session_state.get("kept__encoding") not in names:
        set_kept("encoding", "gpt2")
    return st.sidebar.selectbox(
        "Encoding",
        names,
        help="gpt2 = r50k_base (GPT-2, GPT-3); cl100k_base (GPT-3.5, GPT-4); "
        "o200k_base (GPT-4o, o1, o3); then tokenizers you uploaded in this session.",
        **kept("encoding", "gpt2"),
    )
