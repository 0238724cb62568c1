"""Share links on the page: apply one from the URL once, and make one on request."""

from __future__ import annotations

import streamlit as st

from ..share.links import decode_state, encode_state
from .common import problem
from .keys import ENCODING, LINK_APPLIED
from .session import all_encoding_names
from .widgets import set_kept

MODES = ("Text", "Chat", "Decode", "Compare")


def apply_link() -> None:
    """Before any widget is drawn: if the URL carries a view, restore it (once per session)."""
    value = st.query_params.get("s")
    if not value or st.session_state.get(LINK_APPLIED) == value:
        return
    st.session_state[LINK_APPLIED] = value
    try:
        state = decode_state(value, set(all_encoding_names()), set(MODES))
    except ValueError as e:
        problem("This link could not be opened.", str(e), level="warning")
        return
    set_kept(ENCODING, state["encoding"])
    set_kept("pg_mode", state["mode"])
    if state["mode"] != "Chat":
        set_kept("decode_ids" if state["mode"] == "Decode" else "pg_text", state["text"])
    options = state["options"]
    for option, key in (("special", "pg_special"), ("compare", "cmp_names"),
                        ("chat_model", "chat_model"), ("view", "pg_view")):
        if option in options:
            set_kept(key, options[option])
    if "messages" in options:
        st.session_state[LINKED_MESSAGES] = options["messages"]


LINKED_MESSAGES = "chat_linked_messages"
"""Session key of a shared link's chat messages, until chat mode takes them."""


def share_button(encoding: str, mode: str, text: str, options: dict | None = None) -> None:
    """A button that puts the current view into the URL and shows the link.

    Args:
        encoding: the sidebar's encoding.
        mode: one of ``MODES``.
        text: the mode's text ("" in chat mode).
        options: the mode's choices, as ``share.encode_state`` takes them.
    """
    if st.button("Share link", key=f"share_{mode}"):
        try:
            value = encode_state(encoding, mode, text, options)
        except ValueError as e:
            st.warning(str(e))
            return
        st.query_params["s"] = value
        st.session_state[LINK_APPLIED] = value
        st.caption("The address bar now holds this view; copy it:")
        st.code(f"{st.context.url.split('?')[0]}?s={value}", language=None)
