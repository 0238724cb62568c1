"""The Algorithms page's Streamlit glue: the side-by-side view and the training contrast
(logic in ``playground.algorithms.side_by_side`` and ``playground.algorithms.training``)."""

from __future__ import annotations

import streamlit as st

from bbpe_core import list_encoding_names

from ..algorithms.side_by_side import (
    DEFAULT_TEXT,
    MAX_ALGORITHM_ENCODINGS,
    MAX_TOKENS,
    available,
    differences,
    run_all,
)
from ..algorithms.survey import survey_rows
from ..algorithms.training import (
    VOCAB_SIZES,
    compression_rows,
    corpus_parts,
    segmentation_rows,
    train_all,
)
from ..caps import MAX_ALGORITHM_CHARS, MAX_SAMPLE_CHARS, check
from ..render.base import esc, page_css
from ..render.charts import grouped_bar
from ..render.tokens import layers_html, token_view_html
from ..selector.labels import label
from ..share.links import encode_state
from .common import problem
from .live_text import live_text_area
from .widgets import kept

__all__ = ["side_by_side", "survey_table", "training_contrast"]


def side_by_side() -> None:
    """One text through each kind, drawn in columns, with what differs listed under it."""
    text = live_text_area("Text", "al_text", DEFAULT_TEXT, height=90,
                          max_chars=MAX_ALGORITHM_CHARS)
    try:  # the widget's max_chars binds the browser only
        check("The text", len(text), MAX_ALGORITHM_CHARS, "characters")
    except ValueError as e:  # our sentence: numbers only
        st.error(str(e))
        return
    names = st.multiselect(
        "Encodings side by side", list_encoding_names(), format_func=label,
        max_selections=MAX_ALGORITHM_ENCODINGS, filter_mode="contains",
        help="One of each kind to start with; add others (Gemma 3, GPT-4o, Qwen 3...) to see "
        "the same kind with another vocabulary.", **kept("al_names", available()))
    if not names:
        st.info("Choose at least one encoding to draw.")
        return
    results = run_all(text, names)
    for column, r in zip(st.columns(len(results)), results):
        with column:
            # the count first, under a one-line label, so the numbers line up across the
            # columns; the kind's name wraps to one or two lines under it
            st.metric(f"{r.name} tokens", f"{len(r.ids):,}")
            st.caption(r.kind)
            st.html(token_view_html(text, r.spans, show_whitespace=True))
            st.html(layers_html(text, r.spans, {"gs"}))
    if any(len(r.ids) > MAX_TOKENS for r in results):
        st.caption(f"Each column draws its first {MAX_TOKENS} tokens; the counts cover the "
                   "whole text.")
    st.subheader("What differs, on this text")
    items = "".join(
        f"<li><b>{esc(topic)}</b><ul>{''.join(f'<li>{esc(s)}</li>' for s in sentences)}</ul></li>"
        for topic, sentences in differences(text, results))
    st.html(f'<style>{page_css()}</style><ul class="bbpe-differences">{items}</ul>')


@st.cache_resource(max_entries=3, show_spinner="Training four tokenizers…")
def _trained(vocab_size: int):
    corpus, held_out = corpus_parts()
    return train_all(corpus, vocab_size), held_out


def training_contrast() -> None:
    """Train the four kinds on one corpus at one vocabulary size; compare compression on
    held-out text and the segmentation of a sample."""
    vocab_size = st.select_slider("Vocabulary size (tokens)", VOCAB_SIZES,
                                  **kept("al_vocab", VOCAB_SIZES[0]))
    try:
        models, held_out = _trained(vocab_size)
    except ValueError as e:
        problem("A trainer refused this corpus or size.", str(e))
        return
    rows = compression_rows(models, held_out)
    st.plotly_chart(grouped_bar(rows, x="held-out text", y="characters per token",
                                color="algorithm", title="Compression on held-out text",
                                x_title="held-out text", y_title="characters per token"),
                    width="stretch")
    st.dataframe(rows, hide_index=True, width="stretch")
    st.caption("More characters per token is better compression, unless the tokens are "
               "unknown: an unknown token stands for text the tokenizer lost. The "
               "WordPiece trainer adds a ## copy of every character, so its vocabulary can "
               "exceed the size asked for; a small corpus can run out of pairs before a BPE "
               "vocabulary is full.")
    sample = live_text_area("Sample to segment", "al_sample",
                            "Tokenizers split text: 春眠不覺曉 unseen 麵",
                            max_chars=MAX_SAMPLE_CHARS, one_line=True)
    try:
        check("The sample", len(sample), MAX_SAMPLE_CHARS, "characters")
    except ValueError as e:  # our sentence: numbers only
        st.error(str(e))
        return
    st.dataframe(segmentation_rows(models, sample), hide_index=True, width="stretch")
    st.caption("Tokens separated by |; ␣ is a space kept inside a token.")


def survey_table() -> None:
    """The survey's systems by algorithm, each linked to the playground with its encoding
    where this build ships one, else why not and how to bring its file."""
    rows = [{"algorithm": r.algorithm, "system": r.system, "tokenizer files": r.model,
             "open": f"/?s={encode_state(r.encoding, 'Text', DEFAULT_TEXT)}" if r.encoding
             else "", "encoding": r.encoding or "not shipped", "note": r.note}
            for r in survey_rows()]
    st.dataframe(rows, hide_index=True, width="stretch", column_config={
        "open": st.column_config.LinkColumn("open", display_text="open in the playground")})
