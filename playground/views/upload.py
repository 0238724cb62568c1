"""Bring your own tokenizer: upload a tokenizer's files and use it on every page (this session)."""

import streamlit as st

from playground.ui import hub_view, model_file, upload
from playground.ui.widgets import encoding_selector

st.title("Bring your own tokenizer")
st.caption("A .tiktoken file, GPT-2's vocab.json + merges.txt, an HF tokenizer.json or a "
           "SentencePiece .model: once "
           "added, it is in the sidebar's encoding selector on every page, the playground's "
           "modes, the labs, the lessons and the merge trace.")
encoding_selector()
upload.render()
model_file.render()
hub_view.render()
