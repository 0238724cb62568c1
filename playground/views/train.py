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
# the two SentencePiece trainers: their view, their options' key prefix, and the pieces that
# are not learned (<unk>, <s>, </s>; and BPE's 256 byte-fallback pieces)
SENTENCEPIECE = {"Unigram (SentencePiece)": (unigram_view, "uni", 3),
                 "BPE (SentencePiece)": (spbpe_view, "spbpe", 259)}
if algorithm in SENTENCEPIECE:
    view, prefix, fixed = SENTENCEPIECE[algorithm]
    vocab_size = view.options()
    options = unigram_view.sentencepiece_options(prefix, text, vocab_size - fixed)
    if st.button("Train", type="primary"):
        view.train(text, vocab_size, options)
    view.show_result()
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
