"""Byte map: GPT-2's bytes_to_unicode table, text <-> UTF-8 bytes <-> Ġ string, and the
bytes behind the selected encoding's tokens (Ġ strings, ▁ pieces, <0xNN> byte fallback)."""

import streamlit as st

from playground.inside.byte_map import (
    byte_grid_html,
    gpt2_to_text,
    kind_caption,
    text_to_gpt2,
    token_byte_rows,
)
from playground.ui.common import lost_sentence, problem
from playground.ui.page_link import apply_page_link, page_share_button
from playground.ui.session import resolve
from playground.ui.widgets import encoding_selector, kept

apply_page_link("Byte map")  # before any widget: a shared link's view
st.title("Byte map")
name = encoding_selector()
st.caption("Byte-level BPE works on UTF-8 bytes, but vocab.json stores tokens as text. GPT-2 "
           "gives each byte a printable character: 188 printable Latin-1 bytes (green) keep "
           "their own; the 68 others (control bytes, space, DEL, C1 controls, no-break space, "
           "soft hyphen; orange) move to 256 + n in byte order, so space 0x20 becomes Ġ and "
           "newline 0x0A becomes Ċ. Hover a cell for the reason.")
st.html(byte_grid_html())

st.subheader("Text → bytes → Ġ string")
text = st.text_input("Text", **kept("bm_text", "你好 ma\n"))
st.code(text_to_gpt2(text), language=None)

st.subheader("Ġ string → bytes → text")
g = st.text_input("Ġ string (characters of the table above)", **kept("bm_g", "ä½łå¥½Ġma"))
try:
    st.code(gpt2_to_text(g), language=None)
except ValueError as e:  # the message quotes the typed string: shown as code
    problem("A character is not in GPT-2's byte alphabet.", str(e))

st.subheader("Text → the selected encoding's tokens → bytes")
enc, _ = resolve(name)
st.caption(kind_caption(enc))
rows = token_byte_rows(enc, text)
if lost := sum(len(r["text"]) for r in rows if r["lost"]):
    st.warning(lost_sentence(lost))
st.dataframe(rows, hide_index=True, width="stretch")
page_share_button("Byte map", name)
