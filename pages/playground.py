"""Playground: paste text and see its tokens; chat, decode and compare modes; your tokenizers."""

import streamlit as st

from playground.ui import chat_mode, compare_mode, decode_mode, text_mode, upload
from playground.ui.share_link import MODES, apply_link
from playground.widgets import encoding_selector, kept

apply_link()
st.title("Tokenizer playground")
st.caption("Byte-level BPE, SentencePiece BPE and WordPiece, token for token as each model's own "
           "tokenizer. Hover a token: its id, Ġ string (or piece: ▁hello, <0xE4>, ##ing) and "
           "bytes, and every other place the same token occurs, light up.")
name = encoding_selector()
mode = st.radio("Mode", MODES, horizontal=True, **kept("pg_mode", "Text"))

if mode == "Text":
    text_mode.render(name)
elif mode == "Chat":
    chat_mode.render(show_ws=st.toggle("Show whitespace (· → ↵ ␍)", **kept("pg_ws", True)))
elif mode == "Decode":
    decode_mode.render(name)
else:
    compare_mode.render()

with st.expander("Bring your own tokenizer"):
    upload.render()
