"""The Train page's Unigram run: its options, training with the rounds drawn live, and the
result's tables and actions (Streamlit glue over ``playground.training.unigram``)."""

from __future__ import annotations

import time
from dataclasses import replace

import streamlit as st

from bbpe_core import Encoding, TrainingStopped, train_unigram
from bbpe_core.training import deadline

from ..caps import MAX_SHOWN_PRUNED, MEMORY_PER_TRAINED_ID, TRAIN_SECONDS
from ..render.charts import rounds_figure
from ..training.unigram import (
    COVERAGES,
    FITS,
    NORMALIZATIONS,
    fitting_coverage,
    model_files,
    pruned_rows,
    round_fraction,
    round_rows,
    sentences,
)
from ..upload.files import fingerprint
from .common import problem, said, trained_run
from .keys import TRAIN_RESULT, TRAIN_SPBPE_RESULT, TRAIN_UNIGRAM_RESULT
from .session import add_user_encoding
from .widgets import kept

__all__ = ["actions", "forget", "options", "sentencepiece_options", "show_result", "stopped",
           "train"]


def forget() -> None:
    """Drop the last Unigram and SentencePiece BPE runs (before another training, so a
    session holds one)."""
    st.session_state.pop(TRAIN_UNIGRAM_RESULT, None)
    st.session_state.pop(TRAIN_SPBPE_RESULT, None)


def options() -> int:
    """The vocabulary size the user set (pieces, meta pieces included)."""
    return st.slider("Vocabulary size (pieces, the 3 meta pieces included)", 300, 8192,
                     **kept("tr_uni_vocab", 4096), step=1)


def sentencepiece_options(algorithm: str, text: str, room: int) -> dict:
    """The SentencePiece trainers' options on the page: normalization ("as sentencepiece"
    or "lossless") and character coverage ("fits the vocabulary" by default), as keyword
    arguments for ``train_unigram`` / ``train_sentencepiece_bpe``.

    Args:
        algorithm: the short name in the widgets' keys (``uni`` or ``spbpe``).
        text: the corpus (for the coverage that fits).
        room: the pieces left after the meta and byte pieces.
    """
    c1, c2 = st.columns(2)
    how = c1.radio("Normalization", list(NORMALIZATIONS), horizontal=True,
                   **kept(f"tr_{algorithm}_norm", next(iter(NORMALIZATIONS))),
                   help="As sentencepiece: NFKC (nmt_nfkc) and extra spaces removed, its "
                   "defaults. Lossless: every character and space kept.")
    coverage = c2.selectbox("Character coverage", COVERAGES, **kept(f"tr_{algorithm}_cov", FITS),
                            format_func=lambda c: c if isinstance(c, str) else f"{c:g}",
                            help="The share of the corpus' characters the vocabulary spells; "
                            "rarer ones become <unk> (or bytes). sentencepiece's default is "
                            "0.9995; a CJK corpus needs a lower one for a small vocabulary.")
    if coverage == FITS:
        coverage = fitting_coverage(text, room)
        c2.caption(f"{coverage:.4%} of the characters for this corpus")
    return {**NORMALIZATIONS[how], "character_coverage": coverage}


def stopped(bar, error: Exception) -> None:
    """Clear the progress line and say why training stopped (its deadline, or the engine's
    sentence for a refused corpus or option), then stop the page."""
    bar.empty()
    if isinstance(error, TrainingStopped):
        st.error(f"Training stopped: it ran past {TRAIN_SECONDS} s, this page's budget for one "
                 "run. Try a smaller corpus or vocabulary.")
    else:
        problem("Training stopped.", str(error))
    st.stop()


def train(text: str, vocab_size: int, options: dict) -> None:
    """Train a Unigram model on ``text`` (the caller checked ``caps.MAX_TRAIN_BYTES``) with
    ``options`` (``sentencepiece_options``) and at most ``caps.TRAIN_SECONDS``, drawing each
    round as it ends, and keep the result in the session; a failure is a message and clears
    the progress line. Earlier results (Unigram and BPE) are dropped first."""
    forget()
    st.session_state.pop(TRAIN_RESULT, None)
    bar = st.progress(0.0, "Seeding the vocabulary and running EM…")
    chart, rounds, started = st.empty(), [], time.perf_counter()

    def progress(r):
        rounds.append(replace(r, pruned=r.pruned[:MAX_SHOWN_PRUNED]))  # the session keeps these
        bar.progress(round_fraction(rounds[0], r, vocab_size),
                     f"round {r.round}: {r.pieces:,} pieces, {len(r.pruned):,} pruned, "
                     f"{time.perf_counter() - started:.1f} s")
        chart.plotly_chart(rounds_figure(round_rows(rounds)), width="stretch")

    try:
        enc = train_unigram(sentences(text), vocab_size, name=f"unigram-{vocab_size}",
                            progress=progress,
                            stop=deadline(TRAIN_SECONDS), **options)
    except (ValueError, TrainingStopped) as e:
        chart.empty()
        stopped(bar, e)
    bar.empty()
    chart.empty()  # the result's chart replaces the live one
    st.session_state[TRAIN_UNIGRAM_RESULT] = {
        "enc": enc, "rounds": rounds, "seconds": time.perf_counter() - started,
        "final": enc.n_vocab - 3 - (256 if enc.encoder.byte_fallback else 0),
        "fp": fingerprint("train-unigram", [text.encode()], f"{vocab_size}|{options}")}


def show_result() -> None:
    """The last Unigram run: rounds chart, the pruned pieces, "Use this tokenizer" and the
    downloads (``.model`` and tokenizer.json)."""
    result = trained_run(
        TRAIN_UNIGRAM_RESULT, "rounds", "rounds",
        lambda run: rounds_figure(round_rows(run["rounds"], run.get("final"))),
        "BPE grows its vocabulary from the 256 bytes, one merge at a time; Unigram starts from "
        "many candidate pieces and prunes, each round, those whose loss (how much the corpus' "
        "likelihood drops without them) is smallest.")
    if result is None:
        return
    enc, rounds = result["enc"], result["rounds"]
    left, right = st.columns(2)
    left.metric("Unigram: first round → last", f"{rounds[0].pieces:,} → {enc.n_vocab:,} pieces")
    right.metric("BPE to the same size: grows", f"256 → {enc.n_vocab:,} tokens")
    rows = round_rows(rounds, result.get("final"))
    st.dataframe(rows, hide_index=True)
    st.caption("The rounds stop once the vocabulary is within 1.1 × the size asked for; the "
               "final cut keeps the best-scored pieces up to it (the meta and byte pieces "
               "make up the rest of n_vocab).")
    pruned = pruned_rows(rounds)
    if pruned:
        pick = st.selectbox("Pieces pruned in round", [r["round"] for r in rows
                                                       if r["pruned"] and r["step"] != "final cut"],
                            key="tr_uni_round")
        st.dataframe([p for p in pruned if p["round"] == pick], hide_index=True)
        if any(r.kept < r.pieces - MAX_SHOWN_PRUNED for r in rounds):
            st.caption(f"A round's first {MAX_SHOWN_PRUNED:,} pruned pieces are kept and shown "
                       "(the counts above cover them all).")
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
        files = model_files(enc)
        for fname, data in files.items():
            st.download_button(fname, data, fname, key=f"tr_{algorithm}_dl_{fname}")
        if "tokenizer.json" not in files:
            st.caption("No tokenizer.json for a run normalized as sentencepiece: HF's stages "
                       "strip other whitespace than sentencepiece removes. Train lossless for "
                       "one.")
