"""Decode mode: ids -> text and bytes, every bad item named, invalid UTF-8 shown in hex."""

from __future__ import annotations

import streamlit as st

from ..caps import MAX_DECODE_CHARS, MAX_DECODE_IDS, MAX_DRAWN_CHARS, MAX_SHOWN_HEX_BYTES
from ..decode import decode_ids
from ..render.base import esc, label_of, page_css, show_text
from .common import counted_with, metric_row, problem
from .live_text import live_text_area
from .session import resolve
from .share_link import share_button

SHOWN_PROBLEMS = 100
"""Bad items named on the page (the count covers them all)."""


def render(name: str) -> None:
    """Draw decode mode for the encoding ``name``."""
    typed = live_text_area(f"Token ids (separated by spaces or commas, or a JSON list; at most "
                           f"{MAX_DECODE_IDS:,})", "decode_ids", "[31373, 995, 220, 19526]",
                           height=100, max_chars=MAX_DECODE_CHARS)
    enc, _ = resolve(name)
    try:
        report = decode_ids(enc, typed)
    except ValueError as e:
        st.error(str(e))
        return
    if report.problems:
        n = len(report.problems)
        problem(f"{n} item{'s are' if n > 1 else ' is'} not a token of this encoding and "
                f"{'are' if n > 1 else 'is'} left out; the other ids are decoded below.",
                "\n".join(report.problems[:SHOWN_PROBLEMS])
                + (f"\n… and {n - SHOWN_PROBLEMS:,} more" if n > SHOWN_PROBLEMS else ""))
    counted_with(name)
    metric_row([("Ids", f"{len(report.ids):,}"), ("Bytes", f"{len(report.data):,}"),
                ("Characters recovered", f"{report.recovered_chars:,}"),
                ("Invalid UTF-8 bytes", f"{report.invalid_bytes:,}")])
    st.caption("Decoded text (plain, to copy: the button at its top right copies it)")
    st.code(report.text, language=None, wrap_lines=True)
    if not report.valid_utf8:
        st.warning("These bytes are not valid UTF-8 on their own (a character is cut at the "
                   "start or end): above, each is the replacement character �; below, the bytes "
                   "that do not decode are shown in hex.")
    if not report.valid_utf8 or any(label_of(ch) for ch in report.text):
        st.caption("As drawn: invisible characters as labels, invalid bytes in hex")
        pieces = report.drawn(MAX_DRAWN_CHARS)
        if len(pieces) < len(report.pieces) or pieces[-1] != report.pieces[-1]:
            st.caption(f"Drawn below: the first {MAX_DRAWN_CHARS:,} characters.")
        parts = [show_text(t, False) if ok else f'<span class="badbytes">{esc(t)}</span>'
                 for t, ok in pieces]
        st.html(f'<style>{page_css()}</style><div class="bbpe-view decoded">{"".join(parts)}</div>')
    shown = report.data[:MAX_SHOWN_HEX_BYTES]
    st.caption("Bytes (hex)" + (f": the first {len(shown):,} of {len(report.data):,}"
                                if len(shown) < len(report.data) else ""))
    st.code(shown.hex(" ") or "(none)", language=None)
    share_button(name, "Decode", typed)
