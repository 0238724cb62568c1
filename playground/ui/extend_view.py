"""The Train page's "Extend a vocabulary" section: a base, a corpus and a number of new
pieces; training and extending with a progress bar, results cached for the session
(Streamlit glue over ``playground.training.extension``)."""

from __future__ import annotations

import streamlit as st

from bbpe_core import TrainingStopped

from ..caps import MAX_EXTEND_CHARS, MAX_EXTEND_PIECES, MAX_TRAIN_BYTES, check
from ..lab.languages import load_udhr
from ..render.charts import grouped_bar
from ..render.tokens import token_view_html
from ..training.bpe import SAMPLES
from ..training.extension import (
    BASES,
    cost_rows,
    extend,
    first_sentence,
)
from ..training.unigram import model_files
from ..upload.files import fingerprint
from .common import problem
from .keys import EXTEND_RESULTS
from .widgets import kept

__all__ = ["section"]

KEPT_RESULTS = 2
"""Extensions a session keeps (each holds a whole extended vocabulary); the oldest goes."""
_TANG = "Chinese (Tang poems, 1 MB)"


def _corpus() -> tuple[str, str, str]:
    """``(label, text, sentence to draw)`` of the corpus the user chose; stops the page
    with a message for a bad upload."""
    samples = {s.language: s for s in load_udhr()}
    source = st.radio("Corpus", ["UDHR", _TANG, "upload"], horizontal=True,
                      **kept("tr_ext_source", _TANG))
    if source == "UDHR":
        lang = st.selectbox("Language", list(samples), **kept("tr_ext_lang", "Japanese"))
        return lang, samples[lang].text, first_sentence(samples[lang].text.split("\n", 2)[-1])
    if source == _TANG:
        text = SAMPLES[_TANG].read_text(encoding="utf-8")
        traditional = samples["Chinese (traditional)"].text
        return source, text, first_sentence(traditional.split("\n", 2)[-1])
    up = st.file_uploader(f"A UTF-8 text file (at most {MAX_TRAIN_BYTES // 2**20} MB)",
                          key="tr_ext_upload")
    try:
        check("The corpus", up.size if up else 0, MAX_TRAIN_BYTES, "bytes")  # before reading it
        text = up.getvalue().decode("utf-8") if up else ""
    except ValueError as e:  # our sentence, or the decoder's position: no user text
        st.error(str(e) if not isinstance(e, UnicodeDecodeError)
                 else f"The file is not UTF-8 text (byte {e.start}).")
        st.stop()
    return "your file", text, first_sentence(text)


def section() -> None:
    """Draw the section: options, the Extend button, and the cached result."""
    st.header("Extend a vocabulary")
    st.caption("Chinese-LLaMA's recipe (Cui et al. 2023): train a Unigram model on the new "
               "language, append the pieces the base lacks (score 0, ids after the base's). "
               "For a SentencePiece base, the characters of the new pieces it lacks are "
               "added first, as a trained model has them (without them HF tokenizers never "
               "makes those pieces, and the downloaded tokenizer.json would differ). "
               "For gpt2, the same pieces become new merges after its ranks (each piece's "
               "joins, so it may add more tokens than pieces).")
    label, text, sentence = _corpus()
    c1, c2 = st.columns(2)
    base_name = c1.selectbox("Base", BASES, **kept("tr_ext_base", "llama2"))
    n = c2.slider("New pieces", 50, MAX_EXTEND_PIECES, **kept("tr_ext_pieces", 500), step=50)
    if len(text) > MAX_EXTEND_CHARS:
        st.caption(f"Trained on the first {MAX_EXTEND_CHARS:,} of its {len(text):,} characters.")
        text = text[:MAX_EXTEND_CHARS]
    key = fingerprint("extend", [text.encode()], f"{base_name}|{n}")
    results = st.session_state.setdefault(EXTEND_RESULTS, {})
    if st.button("Train and extend", key="tr_ext_go") and key not in results:
        bar = st.progress(0.0, "Training the new pieces…")

        def progress(r):
            bar.progress(min(0.95, r.round / 8), f"round {r.round}: {r.kept:,} pieces")

        try:
            ext = extend(base_name, text, n, progress)
        except (ValueError, TrainingStopped) as e:
            bar.empty()
            problem("Not extended.", str(e))
            st.stop()
        bar.progress(1.0, "Counting the UDHR languages' tokens…")
        while len(results) >= KEPT_RESULTS:
            results.pop(next(iter(results)))
        results[key] = {"ext": ext, "rows": cost_rows(ext, load_udhr()), "label": label}
        bar.empty()
    if key in results:
        _show(results[key], sentence)


def _show(result: dict, sentence: str) -> None:
    """An extension's cost chart, new pieces, one sentence drawn with both, downloads."""
    ext, rows = result["ext"], result["rows"]
    chars = f" after {ext.characters:,} characters they hold" if ext.characters else ""
    st.success(f"{ext.base.name}: {ext.base.n_vocab:,} → {ext.extended.n_vocab:,} tokens "
               f"({len(ext.added) - ext.characters:,} new pieces{chars}, trained on "
               f"{result['label']}).")
    st.plotly_chart(grouped_bar(rows, x="language", y="tokens", color="encoding",
                                title=f"UDHR token cost, {ext.base.name} before and after",
                                x_title="language", y_title="tokens (count)"),
                    width="stretch", key="tr_ext_chart")
    st.caption("The same declaration in each language: fewer tokens is cheaper. The corpus "
               "language gains; the others keep (nearly) their cost.")
    shown = ext.added[:500]
    if ext.base.byte_level:  # ids: each piece's joins, in order (see the caption above)
        st.dataframe([{"new piece": p} for p in shown], hide_index=True)
    else:  # appended in order after the base's ids
        st.dataframe([{"id": ext.base.n_vocab + k, "new piece": p,
                       "kind": "character" if k < ext.characters else "trained piece"}
                      for k, p in enumerate(shown)], hide_index=True)
    for name, enc in (("before", ext.base), ("after", ext.extended)):
        spans = enc.encode_detailed(sentence, allowed_special=set())
        st.markdown(f"**{name}: {len(spans):,} tokens**")
        st.html(token_view_html(sentence, spans, show_whitespace=True))
    if not ext.base.byte_level:
        st.caption("sentencepiece gives these ids on the .model. HF tokenizers gives them on "
                   "the tokenizer.json too, except where two new pieces (all of score 0) "
                   "compete for a character: sentencepiece merges the leftmost pair, HF the "
                   "pair of lower merge rank (same text, about as many tokens).")
    if st.button("Prepare downloads", key="tr_ext_files"):
        for fname, data in model_files(ext.extended).items():
            st.download_button(fname, data, fname, key=f"tr_ext_dl_{fname}")
