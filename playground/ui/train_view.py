"""The Train page's sections: the corpus, the options, training with a progress bar, and the
trained tokenizer's curves, tables and actions (Streamlit glue over ``playground.training.bpe``)."""

from __future__ import annotations

import time
import warnings

import streamlit as st

from bbpe_core import PatternTimeoutError, TrainingStopped, count_chunks, train_from_counts
from bbpe_core.training import deadline, train_char_level

from ..caps import MAX_TRAIN_BYTES, MEMORY_PER_TRAINED_ID, TRAIN_SECONDS, check
from ..export import vocabulary_files
from ..render.charts import count_bar, lines, merges_figure
from ..training.bpe import (
    PATTERNS,
    SAMPLES,
    compression_rows,
    contrast_rows,
    merge_rows,
    new_token_lengths,
)
from ..upload.files import PATTERN_TIMEOUT, fingerprint
from .common import problem, said, trained_run
from .keys import TRAIN_FLASH, TRAIN_RESULT
from .session import add_user_encoding
from .unigram_view import stopped
from .widgets import kept

__all__ = ["MIN_VOCAB", "corpus", "options", "show_result", "train"]

MIN_VOCAB = 256 + 64
"""The vocabulary size slider's minimum: the 256 bytes and one slider step (64) for merges
and special tokens, so the default special token still leaves merges to learn."""


def corpus() -> str:
    """The training text the user chose: a shipped sample, pasted text or an upload
    (``caps.MAX_TRAIN_BYTES`` at most, UTF-8); stops the page with a message otherwise."""
    source = st.radio("Corpus", [*SAMPLES, "paste", "upload"], horizontal=True,
                      **kept("tr_source", next(iter(SAMPLES))))
    if source == "paste":
        text = st.text_area(f"Text (at most {MAX_TRAIN_BYTES // 2**20} MB of UTF-8)", height=150,
                            max_chars=MAX_TRAIN_BYTES, **kept("tr_paste", ""))
        _check_size(len(text.encode("utf-8", "surrogatepass")))
    elif source == "upload":
        up = st.file_uploader(f"A UTF-8 text file (at most {MAX_TRAIN_BYTES // 2**20} MB)",
                              key="tr_upload")
        _check_size(up.size if up else 0)  # before the file's bytes are read
        data = up.getvalue() if up else b""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            st.error(f"The file is not UTF-8 text (byte {e.start}).")
            st.stop()
    else:
        text = SAMPLES[source].read_text(encoding="utf-8")
    return text


def _check_size(n_bytes: int) -> None:
    """Stop the page with a message if the corpus is over ``caps.MAX_TRAIN_BYTES``."""
    try:
        check("The corpus", n_bytes, MAX_TRAIN_BYTES, "bytes")
    except ValueError as e:  # our sentence: numbers only
        st.error(str(e))
        st.stop()


def options() -> tuple[int, str, str | None, list[str]]:
    """The vocabulary size, the pattern's name and text (None for no pre-tokenizer) and the
    special tokens, as the user set them."""
    c1, c2 = st.columns(2)
    vocab_size = c1.slider("Vocabulary size", MIN_VOCAB, 8192, **kept("tr_vocab", 2048), step=64,
                           help="n_vocab: the 256 single bytes, the merges learned and the "
                           "special tokens.")
    pattern_name = c2.selectbox("Pre-tokenizer pattern", [*PATTERNS, "custom"],
                                **kept("tr_pattern", "gpt2"))
    pattern = PATTERNS.get(pattern_name)
    if pattern_name == "custom":
        pattern = st.text_input(f"Pattern (runs with a {PATTERN_TIMEOUT:g} s timeout)",
                                **kept("tr_custom", r"\w+|\s+|[^\w\s]+"))
    specials_text = st.text_input("Special tokens (comma-separated)",
                                  **kept("tr_specials", "<|endoftext|>"))
    specials = [s.strip() for s in specials_text.split(",") if s.strip()]
    return vocab_size, pattern_name, pattern, specials


def train(text: str, vocab_size: int, pattern_name: str, pattern: str | None,
          specials: list[str]) -> None:
    """Train on ``text`` with a progress bar and at most ``caps.TRAIN_SECONDS`` (the
    character-level contrast, for a shipped pattern, included), and keep the result in the
    session; a failure is a message and clears the progress line. The previous result is
    dropped first, so a session never holds two trainings' memory."""
    st.session_state.pop(TRAIN_RESULT, None)
    bar, started, steps = st.progress(0.0, "Counting chunks…"), time.perf_counter(), []

    def progress(step):
        steps.append(step)
        if step.merges_done % 100 == 0 or step.merges_done == step.merges_wanted:
            rate = step.merges_done / max(time.perf_counter() - started, 1e-9)
            bar.progress(step.merges_done / step.merges_wanted,
                         f"{step.merges_done:,} / {step.merges_wanted:,} merges · "
                         f"{rate:,.0f} merges/s")

    stop = deadline(TRAIN_SECONDS)
    try:
        timeout = None if pattern_name != "custom" else PATTERN_TIMEOUT
        counts = count_chunks([text], pattern, timeout=timeout)
        bar.progress(0.0, f"{len(counts):,} distinct chunks counted; merging…")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            enc = train_from_counts(counts, vocab_size, pat_str=pattern, special_tokens=specials,
                                    progress=progress, name=f"trained-{vocab_size}",
                                    pattern_timeout=timeout, stop=stop)
        chars = (train_char_level([text], vocab_size, pat_str=pattern, stop=stop)
                 if pattern_name != "custom" else None)
    except (ValueError, PatternTimeoutError, TrainingStopped) as e:
        stopped(bar, e)
    bar.progress(1.0, f"Done: {len(enc.merges):,} merges learned.")
    for w in caught:
        st.warning(str(w.message))
    st.session_state[TRAIN_RESULT] = {"enc": enc, "steps": steps, "bytes": len(text.encode()),
                                     "chars": chars, "seconds": time.perf_counter() - started,
                                     "fp": fingerprint("train", [text.encode()],
                                                       f"{vocab_size}|{pattern}|{specials}")}


def show_result() -> None:
    """The last trained tokenizer: compression curve, first and last merges, new tokens by
    length, the character-level contrast, "Use this tokenizer" and downloads."""
    result = trained_run(
        TRAIN_RESULT, "steps", "merges",
        lambda run: merges_figure(run["steps"], run["enc"].n_vocab - len(run["steps"])
                                  - len(run["enc"].special_tokens)),
        "BPE grows its vocabulary by one token per merge, from the 256 bytes; a Unigram run "
        "(choose Unigram above) starts large and shrinks. Each merge's pair is no more "
        "frequent than the last one's.")
    if result is None:
        return
    enc, steps = result["enc"], result["steps"]
    if steps:
        rows = compression_rows(steps, result["bytes"], every=max(1, len(steps) // 200))
        st.plotly_chart(lines([r | {"corpus": "training corpus"} for r in rows], x="merges",
                              y="bytes per token", color="corpus",
                              title="Compression while training",
                              x_title="merges learned (count)", y_title="UTF-8 bytes per token"),
                        width="stretch")
        st.caption("Each merge makes the corpus shorter in tokens; the curve flattens as merges "
                   "get rarer.")
        table = merge_rows(steps)
        left, right = st.columns(2)
        left.markdown("**First merges**")
        left.dataframe(table[:15], hide_index=True)
        right.markdown("**Last merges**")
        right.dataframe(table[-15:], hide_index=True)
        lengths = new_token_lengths(enc)
        st.plotly_chart(count_bar(sorted(lengths), [lengths[k] for k in sorted(lengths)],
                                  title="New tokens by length", x_title="token length (bytes)",
                                  y_title="tokens (count)"), width="stretch")
    if result["chars"] is not None:
        st.markdown("**Byte-level vs character-level BPE, same corpus and vocabulary size**")
        st.dataframe(contrast_rows(enc, result["chars"]), hide_index=True)
        st.caption("Unseen text: the Universal Declaration of Human Rights in English, Chinese, "
                   "Russian, Arabic and Hindi. A character-level vocabulary spends its ids on "
                   "characters and cannot encode one it never saw; byte-level BPE encodes any "
                   "text, since every character is made of bytes.")
    if st.button("Use this tokenizer"):
        try:
            name = add_user_encoding(enc, result["fp"], MEMORY_PER_TRAINED_ID * enc.n_vocab)
        except ValueError as e:
            problem("Not added.", str(e))
        else:
            st.session_state[TRAIN_FLASH] = name
            st.rerun()  # so the sidebar's selector, drawn earlier in this run, lists it
    if name := st.session_state.pop(TRAIN_FLASH, None):
        said("Now in the encoding selector of every page (this session only):", name)
    if st.button("Prepare downloads"):
        for fname, data in vocabulary_files(enc).items():
            st.download_button(fname, data, fname, key=f"tr_dl_{fname}")
