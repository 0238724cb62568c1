"""Byte map: GPT-2's bytes_to_unicode table, text <-> UTF-8 bytes <-> Ġ string, and the
bytes behind the selected encoding's tokens (Ġ strings, ▁ pieces, <0xNN> byte fallback)."""

import streamlit as st

from bbpe_core.pre_tokenizers.byte_level import from_gpt2_str, to_gpt2_str
from playground.byte_map import byte_grid_html, token_byte_rows
from playground.model_kind import model_kind
from playground.ui.session import resolve
from playground.ui.widgets import encoding_selector, kept

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

st.subheader("Text → the selected encoding's tokens → bytes")
enc, _ = resolve(name)
kind = model_kind(enc)
st.caption({
    "byte-level BPE": "Byte-level BPE: every token is bytes, written with the table above.",
    "SentencePiece BPE with byte fallback":
        "SentencePiece BPE: tokens are pieces of characters with ▁ for a space; a character "
        "no piece covers is spelled by the <0xNN> pieces of its UTF-8 bytes (byte fallback, "
        "Kudo & Richardson 2018), one token per byte.",
    "WordPiece":
        "WordPiece: tokens are pieces of the normalized (lowercased, accents stripped) text, "
        "## for a piece that continues a word; a word no pieces cover is [UNK], which has "
        "no bytes of the text.",
}.get(kind, f"This encoding is {kind}."))
st.dataframe(token_byte_rows(enc, text), hide_index=True, width="stretch")
