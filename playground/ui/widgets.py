"""Widgets every page shares: the encoding selector, and values kept across pages.

Streamlit forgets a widget's value when a page without it runs; ``kept`` stores
it under a second key and puts it back, so switching pages or modes never loses
the user's text or choice (Streamlit docs, "Widget behavior": preserve state with
a callback that copies to a non-widget key).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ..render.base import esc, page_css
from ..selector.labels import describe, label, source_line
from ..selector.n_vocab import stored_n_vocab
from ..selector.search import find_encodings, not_shipped
from .kept_session import keeper
from .keys import ENCODING, FIND_MODEL
from .session import all_encoding_names, resolve

_ASSETS = Path(__file__).resolve().parents[1] / "assets"
_PAGE_SCRIPTS = "\n".join((_ASSETS / f).read_text(encoding="utf-8")
                          for f in ("token_view.js", "phone_sidebar.js"))

__all__ = ["kept", "kept_value", "set_kept", "encoding_selector", "page_assets"]


def kept(key: str, default: Any) -> dict[str, Any]:
    """Keyword arguments that make a widget keep its value across pages and reruns.

    Args:
        key: the widget's key.
        default: its value the first time.

    Returns:
        ``{"key": key, "on_change": <saver>}`` to pass to the widget (no ``value=``).
    """
    store = f"kept__{key}"
    st.session_state[key] = kept_value(key, default)

    def save() -> None:
        st.session_state[store] = st.session_state[key]

    return {"key": key, "on_change": save}


def kept_value(key: str, default: Any) -> Any:
    """The value kept for ``key`` (``default`` the first time), for widgets that keep their
    value themselves (``ui.live_text``)."""
    return st.session_state.setdefault(f"kept__{key}", default)


def set_kept(key: str, value: Any) -> None:
    """Set a kept widget's value before the widget is drawn (e.g. from a shared link)."""
    st.session_state[f"kept__{key}"] = value


def _choose_best_match() -> None:
    """Choose the best match of the sidebar's search (the text just entered), if any."""
    found = find_encodings(st.session_state[FIND_MODEL], all_encoding_names())
    if st.session_state[FIND_MODEL].strip() and found:
        set_kept(ENCODING, found[0])


def encoding_selector() -> str:
    """The sidebar's encoding selector (shared by all pages): shipped encodings listed by
    the models that use them, then this session's; a line under it says what the chosen
    one is (size, source, licence). A shipped encoding's size is the stored n_vocab
    (``selector.n_vocab``): choosing it loads nothing; a session's tokenizer is asked.

    Returns:
        The chosen encoding's name.
    """
    sidebar = st.sidebar.container(key="sidebar_selector")
    page_assets(sidebar)  # first: the browser fetches st.html's renderer before any widget's
    keeper(sidebar)  # this tab's kept tokenizers, before the list of names is read
    names = all_encoding_names()
    if st.session_state.get(f"kept__{ENCODING}") not in names:
        set_kept(ENCODING, "gpt2")
    query = sidebar.text_input(
        "Find a model, vendor or encoding", key=FIND_MODEL, placeholder="e.g. o3, Llama, Qwen",
        on_change=_choose_best_match,
        help="Matched by word against model names, vendors and encodings, best match first; "
        "the best match is chosen.")
    if query.strip():
        found = find_encodings(query, names)
        if say := not_shipped(query):
            sidebar.text(f"Not shipped: {say}.")
        elif not found:
            sidebar.text("No shipped model, vendor or encoding has these words.")
        current = st.session_state[f"kept__{ENCODING}"]
        names = found + ([] if current in found else [current])
    name = sidebar.selectbox(
        "Model / encoding",
        names,
        format_func=label,
        filter_mode="contains",
        help="Type part of a model or vendor name (gpt-4o, llama, qwen, deepseek, mistral, "
        "claude) to find its encoding; tokenizers you uploaded or trained in this session "
        "come last.",
        **kept(ENCODING, "gpt2"),
    )
    # the box cuts a long label: the whole label under it (escaped: a user's name is text)
    sidebar.html(f'<p class="bbpe-chosen">{esc(label(name))}</p>')
    n_vocab = stored_n_vocab(name)  # a shipped encoding's: no need to load it
    sidebar.text(describe(name, resolve(name)[0].n_vocab if n_vocab is None else n_vocab))
    if source := source_line(name):  # a long file path: folded, not filling the sidebar
        with sidebar.expander("Vocabulary source"):
            st.text(source)
    return name


def page_assets(sidebar: DeltaGenerator) -> None:
    """Put the style sheet (``assets/style.css``, for fragments built with
    ``standalone=False``) on the page, and the page's scripts first in ``sidebar``:
    ``assets/token_view.js`` (linked hover, popovers, copying ids) and
    ``assets/phone_sidebar.js`` (on a phone the sidebar closes after a choice). Each script
    installs itself once per browser page. The browser draws the sidebar first, so the
    scripts' element makes it fetch the renderer of ``st.html`` (every chart and token view)
    before any widget's; the style sheet hides its place (``.st-key-sidebar_selector``).

    Args:
        sidebar: the sidebar's container of the encoding selector (``encoding_selector``).
    """
    st.html(f"<style>{page_css()}</style>")  # style only: Streamlit gives it no space
    sidebar.html(f"<script>{_PAGE_SCRIPTS}</script>", unsafe_allow_javascript=True)
