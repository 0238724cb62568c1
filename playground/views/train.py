"""Train your own tokenizer (byte-level BPE, SentencePiece BPE or Unigram) and watch it
learn; then use it on every page."""

import streamlit as st

from playground.training.unigram import ALGORITHMS
from playground.ui import extend_view, spbpe_view, train_view, unigram_view
from playground.ui.widgets import encoding_selector, kept

st.title("Train your own tokenizer")
encoding_selector()  # the sidebar's control, on every page
algorithm = st.radio("Algorithm", list(ALGORITHMS), horizontal=True,
                     **kept("tr_algo", next(iter(ALGORITHMS))))
st.caption(ALGORITHMS[algorithm] + ". WordPiece is trained on the Algorithms page (this "
           "project's trainer, after HF tokenizers' WordPieceTrainer).")
text = train_view.corpus()
st.caption(f"{len(text):,} characters, {len(text.encode()):,} UTF-8 bytes.")
if algorithm == "Unigram (SentencePiece)":
    vocab_size = unigram_view.options()
    options = unigram_view.sentencepiece_options("uni", text, vocab_size - 3)
    if st.button("Train", type="primary"):
        unigram_view.train(text, vocab_size, options)
    unigram_view.show_result()
elif algorithm == "BPE (SentencePiece)":
    vocab_size = spbpe_view.options()
    options = unigram_view.sentencepiece_options("spbpe", text, vocab_size - 259)
    if st.button("Train", type="primary"):
        spbpe_view.train(text, vocab_size, options)
    spbpe_view.show_result()
else:
    st.caption("Count every adjacent pair, merge the most frequent, repeat (Sennrich et al. 2016; "
               "Karpathy's \"Let's build the GPT Tokenizer\"): "
               "computed incrementally, with exactly the textbook's result.")
    vocab_size, pattern_name, pattern, specials = train_view.options()
    if st.button("Train", type="primary"):
        unigram_view.forget()
        train_view.train(text, vocab_size, pattern_name, pattern, specials)
    train_view.show_result()
st.divider()
extend_view.section()
