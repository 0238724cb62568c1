"""Playground: paste text and see its tokens; chat, decode and compare modes; your tokenizers."""

import streamlit as st

from playground.ui import chat_mode, compare_mode, decode_mode, text_mode
from playground.ui.share_link import MODES, apply_link
from playground.ui.widgets import encoding_selector, kept

apply_link()
st.title("Tokenizer playground")
st.caption("Byte-level BPE, SentencePiece BPE, Unigram and WordPiece, token for token as each "
           "model's own tokenizer. The page follows your typing. Hover a token to light up "
           "every place the same token occurs; click or tap it for its id, display string "
           "(Ġ string, or piece: ▁hello, <0xE4>, ##ing) and bytes.")
name = encoding_selector()
st.page_link("views/upload.py", icon="📥",
             label="Bring your own tokenizer (tokenizer.json, vocab.json + merges.txt, .tiktoken, "
                   ".model)")
mode = st.radio("Mode", MODES, horizontal=True, **kept("pg_mode", "Text"))

if mode == "Text":
    text_mode.render(name)
elif mode == "Chat":
    chat_mode.render(name, show_ws=st.toggle("Show whitespace (· → ↵ CR)", **kept("pg_ws", True)))
elif mode == "Decode":
    decode_mode.render(name)
else:
    compare_mode.render(name)
