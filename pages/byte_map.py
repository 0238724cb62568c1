"""Byte map: GPT-2's bytes_to_unicode table, and text <-> UTF-8 bytes <-> Ġ string."""

import streamlit as st

from bbpe_core.byte_level import from_gpt2_str, to_gpt2_str
from playground.byte_map import byte_grid_html
from playground.ui.widgets import encoding_selector, kept

st.title("Byte map")
encoding_selector()  # the sidebar's control, on every page
st.caption("Byte-level BPE works on UTF-8 bytes, but vocab.json stores tokens as text. GPT-2 "
           "gives each byte a printable character: 188 printable Latin-1 bytes (green) keep "
           "their own; the 68 others (control bytes, space, DEL, C1 controls, no-break space, "
           "soft hyphen; orange) move to 256 + n in byte order, so space 0x20 becomes Ġ and "
           "newline 0x0A becomes Ċ. Hover a cell for the reason.")
st.html(byte_grid_html())

st.subheader("Text → bytes → Ġ string")
text = st.text_input("Text", **kept("bm_text", "你好 ma\n"))
data = text.encode("utf-8")
st.code(f"UTF-8 ({len(data)} bytes): {data.hex(' ')}\nĠ string: {to_gpt2_str(data)}",
        language=None)

st.subheader("Ġ string → bytes → text")
g = st.text_input("Ġ string (characters of the table above)", **kept("bm_g", "ä½łå¥½Ġma"))
try:
    back = from_gpt2_str(g)
except ValueError as e:
    st.error(str(e))
else:
    decoded = back.decode("utf-8", errors="replace")
    note = "" if back.decode("utf-8", errors="ignore") == decoded else " (not valid UTF-8: � marks bytes that do not decode)"
    st.code(f"bytes: {back.hex(' ')}\ntext: {decoded!r}{note}", language=None)
