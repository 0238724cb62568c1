"""Algorithms: byte-level BPE, SentencePiece BPE, WordPiece and Unigram side by side."""

import streamlit as st

from playground.algorithms.training import CORPUS_CHARS, HELD_OUT_CHARS
from playground.ui.algorithms_view import side_by_side, survey_table, training_contrast
from playground.ui.page_link import apply_page_link, page_share_button
from playground.ui.widgets import encoding_selector

apply_page_link("Algorithms")  # before any widget: a shared link's view
st.title("Algorithms")
name = encoding_selector()  # on every page; this page shows one model of each kind
st.caption(
    "Byte-level BPE (GPT-2: Radford et al. 2019, openai/gpt-2 encoder.py) merges bytes, so "
    "every text has tokens. SentencePiece BPE (Llama 2, Gemma: Kudo & Richardson 2018, after "
    "Sennrich et al. 2016) merges characters, writes spaces as ▁ and spells a character it "
    "lacks with <0xNN> byte pieces (byte fallback). WordPiece (BERT: Schuster & Nakajima "
    "2012, Devlin et al. 2019) takes the longest vocabulary piece from the start of each "
    "word, ## for a piece that continues one, and [UNK] for a word it cannot cover. Unigram "
    "(Kudo 2018) keeps the pieces of a probabilistic model and picks the likeliest cut.")
st.subheader("One text, each kind")
side_by_side()
page_share_button("Algorithms", name)
st.subheader("The systems each algorithm runs in")
st.caption("The survey's table, with the encoding that reproduces each system here; a system "
           "we do not ship can still be opened from its own files.")
survey_table()
st.subheader("Train each kind on the same corpus")
st.caption(
    f"The first {CORPUS_CHARS['English']:,} characters of the CPython docs and "
    f"{CORPUS_CHARS['Chinese']:,} of the Tang poems; compression is measured on the next "
    f"{HELD_OUT_CHARS['English']:,} and {HELD_OUT_CHARS['Chinese']:,}. All four trainers are "
    "this project's; the WordPiece one follows HF tokenizers' WordPieceTrainer (BPE over "
    "characters, ## before a piece that continues a word), the Unigram one sentencepiece's.")
# trained when opened (a click reruns the page): training four tokenizers held the page's
# first visit back by seconds
with st.expander("Train the four kinds and compare them", key="al_training",
                 on_change="rerun") as training:
    if training.open:
        training_contrast()
