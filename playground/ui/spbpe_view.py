"""The Train page's SentencePiece BPE run: its option, training with a progress bar, and the
result's merges chart and actions (Streamlit glue over ``bbpe_core.train_sentencepiece_bpe``;
the actions are the Unigram run's, ``unigram_view.actions``)."""

from __future__ import annotations

import time

import streamlit as st

from bbpe_core import TrainingStopped, train_sentencepiece_bpe
from bbpe_core.training import deadline

from ..caps import TRAIN_SECONDS
from ..render.charts import merges_figure
from ..training.unigram import sentences
from ..upload.files import fingerprint
from . import unigram_view
from .common import trained_run
from .keys import TRAIN_RESULT, TRAIN_SPBPE_RESULT
from .widgets import kept

__all__ = ["options", "show_result", "train"]


def options() -> int:
    """The vocabulary size the user set (pieces: the 3 meta pieces, the 256 byte pieces, the
    corpus' characters and the merges)."""
    return st.slider("Vocabulary size (pieces: the 3 meta and 256 byte pieces included)", 300,
                     8192, **kept("tr_spbpe_vocab", 4096), step=1)


def train(text: str, vocab_size: int, options: dict) -> None:
    """Train SentencePiece BPE on ``text`` (the caller checked ``caps.MAX_TRAIN_BYTES``)
    with ``options`` (``unigram_view.sentencepiece_options``), a progress bar and at most
    ``caps.TRAIN_SECONDS``, and keep the result in the session; a failure is a message and
    clears the progress line. Earlier results (all algorithms) are dropped first."""
    unigram_view.forget()
    st.session_state.pop(TRAIN_RESULT, None)
    bar, started, steps = st.progress(0.0, "Counting words…"), time.perf_counter(), []

    def progress(step):
        steps.append(step)
        if step.merges_done % 100 == 0 or step.merges_done == step.merges_wanted:
            bar.progress(step.merges_done / step.merges_wanted,
                         f"{step.merges_done:,} / {step.merges_wanted:,} merges")

    try:
        enc = train_sentencepiece_bpe(sentences(text), vocab_size, name=f"sp-bpe-{vocab_size}",
                                      progress=progress, stop=deadline(TRAIN_SECONDS), **options)
    except (ValueError, TrainingStopped) as e:
        unigram_view.stopped(bar, e)
    bar.progress(1.0, f"Done: {len(steps):,} merges learned.")
    st.session_state[TRAIN_SPBPE_RESULT] = {
        "enc": enc, "steps": steps, "vocab_size": vocab_size,
        "seconds": time.perf_counter() - started,
        "fp": fingerprint("train-spbpe", [text.encode()], f"{vocab_size}|{options}")}


def show_result() -> None:
    """The last SentencePiece BPE run: the merges chart, "Use this tokenizer" and the
    downloads (``.model`` and tokenizer.json)."""
    result = trained_run(
        TRAIN_SPBPE_RESULT, "steps", "merges",
        lambda run: merges_figure(run["steps"],  # from the meta, byte and character pieces
                                  run["vocab_size"] - run["steps"][0].merges_wanted),
        "SentencePiece BPE starts from the meta pieces, the 256 byte pieces and the corpus' "
        "characters, and merges characters; a piece never crosses a space (▁ only begins "
        "one), and its score is minus its merge order.")
    if result is not None:
        unigram_view.actions(result["enc"], result["fp"], "spbpe")
