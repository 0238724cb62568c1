"""The Train page's Unigram run: its options, training with the rounds drawn live, and the
result's tables and actions (Streamlit glue over ``playground.unigram_training``)."""

from __future__ import annotations

import time

import streamlit as st

from bbpe_core import Encoding, train_unigram

from ..caps import MEMORY_PER_TRAINED_ID
from ..charts import rounds_figure
from ..unigram_training import model_files, pruned_rows, round_fraction, round_rows
from ..uploads import fingerprint
from .common import problem, said, trained_run
from .keys import TRAIN_RESULT, TRAIN_SPBPE_RESULT, TRAIN_UNIGRAM_RESULT
from .session import add_user_encoding
from .widgets import kept

__all__ = ["actions", "forget", "options", "show_result", "train"]


def forget() -> None:
    """Drop the last Unigram and SentencePiece BPE runs (before another training, so a
    session holds one)."""
    st.session_state.pop(TRAIN_UNIGRAM_RESULT, None)
    st.session_state.pop(TRAIN_SPBPE_RESULT, None)


def options() -> int:
    """The vocabulary size the user set (pieces, meta pieces included)."""
    return st.slider("Vocabulary size (at least the corpus' characters: about 5,100 for the "
                     "Tang poems)", 300, 8192, **kept("tr_uni_vocab", 4096), step=1)


def train(text: str, vocab_size: int) -> None:
    """Train a Unigram model on ``text`` (the caller checked ``caps.MAX_TRAIN_BYTES``),
    drawing each round as it ends, and keep the result in the session; a failure is a
    message. Earlier results (Unigram and BPE) are dropped first."""
    forget()
    st.session_state.pop(TRAIN_RESULT, None)
    bar = st.progress(0.0, "Seeding the vocabulary and running EM…")
    chart, rounds, started = st.empty(), [], time.perf_counter()

    def progress(r):
        rounds.append(r)
        bar.progress(round_fraction(rounds[0], r, vocab_size),
                     f"round {r.round}: {r.pieces:,} pieces, {len(r.pruned):,} pruned, "
                     f"{time.perf_counter() - started:.1f} s")
        chart.plotly_chart(rounds_figure(round_rows(rounds)), width="stretch")

    try:
        enc = train_unigram(text, vocab_size, name=f"unigram-{vocab_size}", progress=progress)
    except ValueError as e:
        problem("Training stopped.", str(e))
        st.stop()
    chart.empty()  # the result's chart replaces the live one
    st.session_state[TRAIN_UNIGRAM_RESULT] = {
        "enc": enc, "rounds": rounds, "seconds": time.perf_counter() - started,
        "fp": fingerprint("train-unigram", [text.encode()], str(vocab_size))}


def show_result() -> None:
    """The last Unigram run: rounds chart, the pruned pieces, "Use this tokenizer" and the
    downloads (``.model`` and tokenizer.json)."""
    result = trained_run(
        TRAIN_UNIGRAM_RESULT, "rounds", "rounds",
        lambda run: rounds_figure(round_rows(run["rounds"])),
        "BPE grows its vocabulary from the 256 bytes, one merge at a time; Unigram starts from "
        "many candidate pieces and prunes, each round, those whose loss (how much the corpus' "
        "likelihood drops without them) is smallest.")
    if result is None:
        return
    enc, rounds = result["enc"], result["rounds"]
    left, right = st.columns(2)
    left.metric("Unigram: first round → last", f"{rounds[0].pieces:,} → {enc.n_vocab:,} pieces")
    right.metric("BPE to the same size: grows", f"256 → {enc.n_vocab:,} tokens")
    rows = round_rows(rounds)
    st.dataframe(rows, hide_index=True)
    pruned = pruned_rows(rounds)
    if pruned:
        pick = st.selectbox("Pieces pruned in round", [r["round"] for r in rows if r["pruned"]],
                            key="tr_uni_round")
        st.dataframe([p for p in pruned if p["round"] == pick], hide_index=True)
    actions(enc, result["fp"], "uni")


def actions(enc: Encoding, fp: str, algorithm: str) -> None:
    """A trained SentencePiece encoding's buttons: "Use this tokenizer" (adds it to the
    session's selectors; a refusal is a message) and "Prepare downloads" (``.model`` and
    tokenizer.json, ``model_files``).

    Args:
        enc: the trained encoding (BPE or Unigram, the sentencepiece flavour).
        fp: its fingerprint (corpus and options), so the same run is added once.
        algorithm: the algorithm's short name in the widgets' keys (``tr_<algorithm>_...``,
            the Train page's prefix).
    """
    if st.button("Use this tokenizer", key=f"tr_{algorithm}_use"):
        try:
            name = add_user_encoding(enc, fp, MEMORY_PER_TRAINED_ID * enc.n_vocab)
        except ValueError as e:
            problem("Not added.", str(e))
        else:
            said("Now in the encoding selector of every page (this session only):", name)
    if st.button("Prepare downloads", key=f"tr_{algorithm}_files"):
        for fname, data in model_files(enc).items():
            st.download_button(fname, data, fname, key=f"tr_{algorithm}_dl_{fname}")
