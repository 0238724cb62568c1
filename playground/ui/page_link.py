"""Share links on the pages beyond the Playground (``playground.share.pages``): apply one from
the URL before the page's widgets are drawn, and make one on request."""

from __future__ import annotations

import json

import streamlit as st

from ..share.links import decode_state
from ..share.pages import PAGE_FIELDS, page_fields
from .common import problem
from .keys import ENCODING, LINK_APPLIED
from .session import all_encoding_names
from .share_link import share_button
from .widgets import set_kept

__all__ = ["apply_page_link", "page_share_button"]

_OWN_STATE = frozenset({"lab_tab"})
"""Widget keys whose widget keeps its own value (the Compare lab's ``st.tabs``): a link sets
them directly, every other key through ``widgets.set_kept``."""


def apply_page_link(page: str) -> None:
    """Before any widget is drawn: if the URL carries a view of ``page`` (a key of
    ``share.pages.PAGE_FIELDS``), restore its encoding and fields, once per link; a link that
    does not check out is a warning naming why, and nothing of it is set."""
    value = st.query_params.get("s")
    if not value or st.session_state.get(LINK_APPLIED) == value:
        return
    st.session_state[LINK_APPLIED] = value
    names = set(all_encoding_names())
    try:
        state = decode_state(value, names, {page})
        fields = page_fields(page, state["text"], names)
    except ValueError as e:
        problem("This link could not be opened.", str(e), level="warning")
        return
    set_kept(ENCODING, state["encoding"])
    for field, value in fields.items():
        key = PAGE_FIELDS[page][field][1]
        if key in _OWN_STATE:
            st.session_state[key] = value
        else:
            set_kept(key, value)


def page_share_button(page: str, encoding: str) -> None:
    """The "Share link" button of ``page``: its fields as they are now, and the sidebar's
    encoding, put into the URL (``share_link.share_button``)."""
    fields = {}
    for field, (_, key, _) in PAGE_FIELDS[page].items():
        value = st.session_state.get(key if key in _OWN_STATE else f"kept__{key}")
        if value is not None:
            fields[field] = value
    share_button(encoding, page, json.dumps(fields, ensure_ascii=False))
