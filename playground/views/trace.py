"""Merge trace: every BPE step of a word, with ranks, runner-ups, a step slider and trees."""

import streamlit as st

from bbpe_core import trace
from playground.caps import MAX_TRACE_CHARS, check
from playground.inside.lattice import lattice_rows
from playground.inside.merges import (
    byte_fallback_ids,
    chunk_code,
    end_sentence,
    part_ids,
    start_sentence,
    trace_ids,
)
from playground.model_kind import model_kind
from playground.render.trace import parts_html, runner_up_rows, step_sentence, trees_html
from playground.ui.common import problem
from playground.ui.live_text import live_text_area
from playground.ui.page_link import apply_page_link, page_share_button
from playground.ui.session import resolve
from playground.ui.widgets import encoding_selector

apply_page_link("Merge trace")  # before any widget: a shared link's view
st.title("Merge trace")
st.caption("BPE starts from single bytes and repeatedly merges the adjacent pair with the lowest "
           "rank (leftmost on a tie) until no adjacent pair forms a token (transformers' "
           "GPT2Tokenizer.bpe, tiktoken's _educational.py). SentencePiece BPE (Llama 2, Mistral "
           "7B) starts from characters, ▁ for spaces, and merges the pair whose piece has the "
           "highest score; a character left over becomes <0xNN> byte pieces (byte fallback; "
           "Kudo & Richardson 2018).")
st.caption("Rank, everywhere on this page, is a merge's priority: lower merges first. In "
           "tiktoken's encodings it is the merged token's id; in encodings with a merge list "
           "(GPT-2 files, HF tokenizer.json) it is the merge's place in that list, and the id is "
           "another number: the trees show both.")
name = encoding_selector()
text = live_text_area("Word or short text", "tr_text", "朋友 lower", max_chars=MAX_TRACE_CHARS,
                      one_line=True)
try:  # the field's max_chars binds the browser only
    check("The text", len(text), MAX_TRACE_CHARS, "characters")
except ValueError as e:  # our sentence: numbers only
    st.error(str(e))
    st.stop()
page_share_button("Merge trace", name)
enc, _ = resolve(name)
if model_kind(enc) == "Unigram":
    st.write("A Unigram model (Kudo 2018) has no merges: every piece that matches part of the "
             "normalized text is an edge of a lattice, scored by its log-probability, and the "
             "tokens are the path of highest total score (Viterbi; sentencepiece's "
             "unigram_model.cc). Offsets count characters of the normalized text (▁ is a space).")
    try:
        rows = lattice_rows(enc, text)
    except ValueError as e:
        problem("This text cannot be drawn as a lattice.", str(e))
        st.stop()
    st.write(f"{len(rows)} lattice edge(s); the best path is ticked (adjacent unknown "
             "characters then become one unknown token).")
    st.dataframe(rows, hide_index=True, width="content")
    st.stop()
try:
    traces = trace(enc, text, allowed_special="all")
except ValueError as e:
    problem("This text or encoding cannot be traced.", str(e))
    st.stop()
st.write(f"{len(traces)} chunk(s) after pre-tokenization; ids: `{trace_ids(traces)}`")
ranks = part_ids(enc)
fallback = byte_fallback_ids(enc)
for k, t in enumerate(traces):
    with st.container(border=True):
        st.markdown(f"**Chunk {k + 1}**")
        st.code(chunk_code(t, enc), language=None)
        if t.chunk.special:
            st.write(f"A special token: never merged, id {t.ids[0]}.")
            continue
        n = len(t.steps)
        step = st.slider("Step", 0, n, n, key=f"tr_step_{k}_{t.chunk.text}") if n else 0
        if step == 0:
            st.write(start_sentence(enc))
            st.html(parts_html(t.initial, ranks, fallback=fallback))
        else:
            s = t.steps[step - 1]
            st.write(step_sentence(s, step))
            st.html(parts_html(s.parts, ranks, highlight=s.position, fallback=fallback))
            if s.runner_up:
                st.dataframe(runner_up_rows(s), hide_index=True, width="content")
        if step == n:
            st.write(end_sentence(t))
            st.html(trees_html(t, ranks, fallback))
