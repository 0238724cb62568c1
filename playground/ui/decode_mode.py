"""Decode mode: ids -> text and bytes, invalid UTF-8 shown in hex."""

from __future__ import annotations

import streamlit as st

from ..decode import decode_ids
from ..html_base import esc, page_css, show_text
from ..session import resolve
from ..widgets import kept
from .common import metric_row
from .share_link import share_button


def render(name: str) -> None:
    """Draw decode mode for the encoding ``name``."""
    typed = st.text_area("Token ids (separated by spaces or commas, or a JSON list)",
                         height=100, **kept("decode_ids", "[31373, 995, 220, 19526]"))
    enc, _ = resolve(name)
    try:
        report = decode_ids(enc, typed)
    except ValueError as e:
        st.error(str(e))
        return
    metric_row([("Ids", f"{len(report.ids):,}"), ("Bytes", f"{len(report.data):,}"),
                ("Characters recovered", f"{report.recovered_chars:,}"),
                ("Invalid UTF-8 bytes", f"{report.invalid_bytes:,}")])
    if not report.valid_utf8:
        st.warning("These bytes are not valid UTF-8 on their own (a character is cut at the "
                   "start or end): the bytes that do not decode are shown in hex.")
    parts = [show_text(t, True) if ok else f'<span class="badbytes">{esc(t)}</span>'
             for t, ok in report.pieces]
    st.html(f'<style>{page_css()}</style><div class="bbpe-view decoded">{"".join(parts)}</div>')
    st.caption("Bytes (hex)")
    st.code(report.data.hex(" ") or "(none)", language=None)
    share_button(name, "Decode", typed)
