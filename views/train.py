"""Train your own byte-level BPE and watch it learn; then use it on every page."""

import streamlit as st

from playground.ui import train_view
from playground.ui.widgets import encoding_selector

st.title("Train your own BBPE")
encoding_selector()  # the sidebar's control, on every page
st.caption("Count every adjacent pair, merge the most frequent, repeat (Sennrich et al. 2016; "
           "Karpathy's \"Let's build the GPT Tokenizer\"): "
           "computed incrementally, with exactly the textbook's result.")
text = train_view.corpus()
vocab_size, pattern_name, pattern, specials = train_view.options()
st.caption(f"{len(text):,} characters, {len(text.encode()):,} UTF-8 bytes.")
if st.button("Train", type="primary"):
    train_view.train(text, vocab_size, pattern_name, pattern, specials)
train_view.show_result()
